//! The ring of twelve positions: sets of positions, and stepping and measuring around the ring.

use std::fmt;

use serde::{Deserialize, Serialize};

/// Positions on the ring.
pub const RING: u8 = 12;

/// A set of ring positions (bit `p` for position `p`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Positions(pub u16);

impl Positions {
    /// Every position.
    pub const ALL: Positions = Positions(0b1_1111_1111_1110);

    /// True when `pos` is in the set.
    pub fn contains(self, pos: u8) -> bool {
        (1..=RING).contains(&pos) && self.0 & (1 << pos) != 0
    }
    /// The set with `pos` added (a number outside 1..=12 leaves it unchanged).
    pub fn with(self, pos: u8) -> Positions {
        if (1..=RING).contains(&pos) {
            Positions(self.0 | 1 << pos)
        } else {
            self
        }
    }
    /// Number of positions.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// True when empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The positions in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0 & Positions::ALL.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let p = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                p
            })
        })
    }
}

impl fmt::Display for Positions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v: Vec<String> = self.iter().map(|p| p.to_string()).collect();
        match v.len() {
            0 => write!(f, "nowhere"),
            1 => write!(f, "{}", v[0]),
            _ => write!(f, "{} or {}", v[..v.len() - 1].join(", "), v[v.len() - 1]),
        }
    }
}

/// Position `pos` moved `delta` steps clockwise around the ring.
#[inline]
pub fn around(pos: u8, delta: i32) -> u8 {
    ((pos as i32 - 1 + delta).rem_euclid(RING as i32) + 1) as u8
}

/// The shorter way round between two positions.
pub fn distance(a: u8, b: u8) -> u8 {
    let d = (a as i32 - b as i32).unsigned_abs() as u8 % RING;
    d.min(RING - d)
}

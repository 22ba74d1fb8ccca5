//! The stones: six kinds, two of each per side, and which side is Black.

use serde::{Deserialize, Serialize};

use crate::game::Player;

/// Black: the first-named side, which moves first.
pub(super) const BLACK: Player = Player::P1;

/// The six kinds of stone; each player has two of each.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    /// The unmarked Old Stone (`o`).
    Old,
    /// The 1-stone.
    One,
    /// The 2-stone.
    Two,
    /// The 3-stone.
    Three,
    /// The 4-stone.
    Four,
    /// The 5-stone.
    Five,
}

impl Kind {
    /// Every kind, Old Stone first.
    pub const ALL: [Kind; 6] = [Kind::Old, Kind::One, Kind::Two, Kind::Three, Kind::Four, Kind::Five];

    /// 0 for the Old Stone, n for the n-stone.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The distance an n-stone sets for the next move; `None` for the Old Stone.
    pub fn distance(self) -> Option<u8> {
        (self != Kind::Old).then_some(self as u8)
    }

    /// The notation letter: `o` or `1`..`5`.
    pub fn symbol(self) -> char {
        match self {
            Kind::Old => 'o',
            k => (b'0' + k as u8) as char,
        }
    }

    /// The name players see: "Old Stone", "1-stone"…
    pub fn name(self) -> String {
        match self {
            Kind::Old => "Old Stone".to_string(),
            k => format!("{}-stone", k as u8),
        }
    }
}

/// A stone on the ring.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stone {
    /// Whose stone.
    pub owner: Player,
    /// Its kind.
    pub kind: Kind,
}

impl Stone {
    /// 1..=12 (0 is an empty cell): the 4-bit cell code of the position code.
    #[inline]
    pub(super) fn code(self) -> u64 {
        1 + self.owner.index() as u64 * 6 + self.kind.index() as u64
    }
}

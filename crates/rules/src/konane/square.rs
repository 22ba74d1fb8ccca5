//! Squares, the four jump directions and which colour a square starts with.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::Player;

/// Black: the second-named side, which moves first.
pub(super) const BLACK: Player = Player::P2;
/// White: the first-named side.
pub(super) const WHITE: Player = Player::P1;

/// A square: `file` 0 = `a`, `rank` 0 = `1`; `a1` is bottom-left.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    /// Column, 0-based from the left.
    pub file: u8,
    /// Row, 0-based from the bottom.
    pub rank: u8,
}

impl Square {
    /// The square at `file`, `rank` (0-based).
    pub const fn new(file: u8, rank: u8) -> Self {
        Square { file, rank }
    }

    /// The colour of the stone that starts here: Black where `file + rank` is odd.
    pub fn start_colour(self) -> Player {
        if (self.file as u16 + self.rank as u16) % 2 == 1 {
            BLACK
        } else {
            WHITE
        }
    }

    /// The square `k` steps in `dir`, if it is on a `width × height` board.
    pub fn step(self, dir: Dir, k: i32, width: u8, height: u8) -> Option<Square> {
        let (df, dr) = dir.offset();
        let f = self.file as i32 + df * k;
        let r = self.rank as i32 + dr * k;
        ((0..width as i32).contains(&f) && (0..height as i32).contains(&r)).then(|| Square::new(f as u8, r as u8))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Squares of malformed moves can be off any board; they still print, as `?`.
        match self.file {
            0..26 => write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1),
            _ => write!(f, "?{}", self.rank as u32 + 1),
        }
    }
}

/// A jump direction (orthogonal only).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    /// Towards higher ranks.
    North,
    /// Towards higher files.
    East,
    /// Towards lower ranks.
    South,
    /// Towards lower files.
    West,
}

impl Dir {
    /// All four directions.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// (file, rank) change of one square.
    pub fn offset(self) -> (i32, i32) {
        match self {
            Dir::North => (0, 1),
            Dir::East => (1, 0),
            Dir::South => (0, -1),
            Dir::West => (-1, 0),
        }
    }

    /// Bit-index change of one square for a layout of `stride` bits per rank.
    #[inline]
    pub(super) fn delta(self, stride: i32) -> i32 {
        // An indexed table rather than a `match`, which compiles to a jump on the direction
        // (a random one in playouts, so a poorly predicted branch).
        [stride, 1, -stride, -1][self as usize]
    }
}

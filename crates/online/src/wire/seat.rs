//! Seats, named by turn order (`first`, `second`) whatever the game calls its sides.

use serde::{Deserialize, Serialize};

/// A seat at an online game, named by turn order.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Seat {
    /// The side that moves first from the start position.
    #[default]
    First,
    /// The other side.
    Second,
}

impl Seat {
    /// Both seats, `First` first.
    pub const BOTH: [Seat; 2] = [Seat::First, Seat::Second];

    /// 0 for `First`, 1 for `Second`.
    pub fn index(self) -> usize {
        self as usize
    }

    /// The other seat.
    pub fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }

    /// `first` or `second`.
    pub fn word(self) -> &'static str {
        match self {
            Seat::First => "first",
            Seat::Second => "second",
        }
    }

    /// Reads `first` or `second`.
    pub fn parse(text: &str) -> Option<Seat> {
        Seat::BOTH.into_iter().find(|s| s.word() == text)
    }
}

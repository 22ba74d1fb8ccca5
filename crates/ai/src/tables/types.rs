//! What a build reports: its errors, the position it found wrong, and its counts.

use thiserror::Error;

use super::value::Value;

/// Why a build failed.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BuildError {
    /// The board is too large for a table (board 3).
    #[error("board 3 has 45 points for its soldiers, too many for a table; boards 1, 2, 4 and Monk and Water have 25")]
    TooLarge,
    /// The table cannot grow to the soldiers asked for (its layers are not the start of theirs).
    #[error(
        "the table cannot be extended to that many soldiers (the counts of a capture by intervention go two at a time)"
    )]
    NotExtensible,
    /// A move led to a position the table has no place for (a bug).
    #[error("a move led to a position outside the table")]
    Missing,
    /// A result longer than a byte holds.
    #[error("a result is longer than {0} plies, more than the table can hold")]
    TooLong(u32),
    /// The check against the successors failed (a bug).
    #[error("the table disagrees with the rules: {0}")]
    Inconsistent(Mismatch),
    /// Stopped through its [`crate::StopFlag`] before the end; nothing was written.
    #[error("the build was cancelled before it finished, and nothing was written")]
    Cancelled,
    /// Built, but the file could not be written (the sentence says why).
    #[error("{0}")]
    Write(String),
}

/// A position whose stored value is not what its successors make it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mismatch {
    /// The position's picture.
    pub position: String,
    /// The side to move.
    pub side: String,
    /// What the table holds.
    pub stored: Value,
    /// What the successors give.
    pub expected: Value,
}

impl std::fmt::Display for Mismatch {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "with the {} to move it holds {:?} where the moves give {:?}\n{}",
            self.side, self.stored, self.expected, self.position
        )
    }
}

/// How many positions of each kind a table holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Stats {
    /// Positions won by the side to move.
    pub wins: u64,
    /// Positions lost by the side to move.
    pub losses: u64,
    /// Drawn positions.
    pub draws: u64,
    /// Finished positions.
    pub over: u64,
    /// The longest win or loss, in plies.
    pub longest: u32,
}

impl Stats {
    pub(crate) fn count(&mut self, v: u8) {
        match Value::from_byte(v) {
            Value::Win(p) => {
                self.wins += 1;
                self.longest = self.longest.max(p);
            }
            Value::Loss(p) => {
                self.losses += 1;
                self.longest = self.longest.max(p);
            }
            Value::Draw => self.draws += 1,
            Value::Over => self.over += 1,
        }
    }
}

//! A table entry: one byte per position, from the side to move's point of view.
//!
//! `0` is a draw (neither side can force a win), `255` a finished position (the rules ended the
//! game there: shut in, or the side to move pinned), and any other byte `v` a result in exactly
//! `v − 1` plies with perfect play (the winner the quickest, the loser the slowest): odd plies are
//! a win for the side to move, even plies a loss (the last move is always the winner's).

/// A draw.
pub const DRAW: u8 = 0;
/// A finished position.
pub const OVER: u8 = 255;
/// The longest result a byte holds, in plies.
pub const MAX_PLIES: u32 = 253;

/// A position's value from the side to move's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Value {
    /// The side to move wins in this many plies.
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
    /// Neither side can force a win.
    Draw,
    /// The game is over in this position.
    Over,
}

impl Value {
    /// The value of a byte.
    pub fn from_byte(v: u8) -> Value {
        match v {
            DRAW => Value::Draw,
            OVER => Value::Over,
            v if (v - 1) % 2 == 1 => Value::Win(u32::from(v) - 1),
            v => Value::Loss(u32::from(v) - 1),
        }
    }

    /// The byte of a win or loss in `plies` (odd: a win), or `None` beyond [`MAX_PLIES`].
    pub fn byte_of(plies: u32) -> Option<u8> {
        (plies <= MAX_PLIES).then(|| plies as u8 + 1)
    }

    /// This value one ply earlier, for the side that moved into it: a loss of the side to move
    /// is the mover's win, one ply longer, and the other way round.
    pub fn for_mover(self) -> Value {
        match self {
            Value::Win(p) => Value::Loss(p + 1),
            Value::Loss(p) => Value::Win(p + 1),
            v => v,
        }
    }

    /// Which of two results the side to move prefers: a win (the quicker), then a draw, then a
    /// loss (the slower).
    pub fn better(self, other: Value) -> bool {
        let rank = |v: Value| match v {
            Value::Win(p) => 2_000 - p as i64,
            Value::Draw | Value::Over => 0,
            Value::Loss(p) => -2_000 + p as i64,
        };
        rank(self) > rank(other)
    }
}

//! How a game ends: the end reasons in the page's order, the outcome, and the no-capture limit.

use serde::{Deserialize, Serialize};

use crate::game::Player;

/// Moves without a capture (by both sides together) after which the game is drawn.
pub const NO_CAPTURE_LIMIT: u16 = 200;

/// Why a game ended: the rule page's end reasons, in the order they are checked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// The general was captured by custodian capture.
    Captured,
    /// The hunter is in the refuge and every exit holds a soldier.
    ShutIn,
    /// The soldiers are down to the hunter's threshold.
    Threshold,
    /// The hunter won through the apex (apex rule, or Monk and Water's cloister rule).
    Apex,
    /// The side to move has no legal move, and loses.
    Pinned,
    /// The same position occurred for the third time (a draw).
    Repetition,
    /// 200 moves in a row without a capture (a draw).
    NoCapture,
}

impl EndReason {
    /// The rule page's end word (`captured`, `shut-in`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Captured => "captured",
            EndReason::ShutIn => "shut-in",
            EndReason::Threshold => "threshold",
            EndReason::Apex => "apex",
            EndReason::Pinned => "pinned",
            EndReason::Repetition => "repetition",
            EndReason::NoCapture => "no-capture",
        }
    }
}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Player>,
    /// Why it ended.
    pub reason: EndReason,
}

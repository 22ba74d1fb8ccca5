//! What a move is, each player's last move (which limits the next), and the staged record.

use serde::{Deserialize, Serialize};

use super::constraint::Constraint;
use super::stones::Kind;
use crate::game::Player;

/// A Qyshinsu move. Positions are the page's numbers, 1..=12 clockwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum QyshinsuMove {
    /// Add a stone of `kind` from hand at the empty position `pos` (`4@2`, `o@7`).
    Add {
        /// The kind added.
        kind: Kind,
        /// Where, 1..=12.
        pos: u8,
    },
    /// Take the mover's own stone at `pos` back into hand (`x@9`).
    Remove {
        /// Where, 1..=12.
        pos: u8,
    },
}

impl QyshinsuMove {
    /// The position acted on.
    pub fn pos(&self) -> u8 {
        match *self {
            QyshinsuMove::Add { pos, .. } | QyshinsuMove::Remove { pos } => pos,
        }
    }
}

/// Add or remove, in a [`LastMove`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// A stone was added.
    Add,
    /// A stone was removed.
    Remove,
}

/// What a player last did: it sets the opponent's next move (and Precept 3 for its own).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LastMove {
    /// Added or removed.
    pub action: Action,
    /// The stone's kind.
    pub kind: Kind,
    /// Where, 1..=12.
    pub pos: u8,
}

impl LastMove {
    /// 1..=144 (0 is "no move yet"): the 8-bit code inside the position code.
    #[inline]
    pub(super) fn code(self) -> u64 {
        1 + (self.action == Action::Remove) as u64 * 72 + self.kind.index() as u64 * 12 + (self.pos as u64 - 1)
    }
}

/// One stage of what a move did, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QyshinsuStep {
    /// `player` added a stone of `kind` at `pos` from its hand.
    Added {
        /// Who.
        player: Player,
        /// The kind.
        kind: Kind,
        /// Where.
        pos: u8,
    },
    /// `player` took its stone of `kind` at `pos` back into hand.
    Removed {
        /// Who.
        player: Player,
        /// The kind.
        kind: Kind,
        /// Where.
        pos: u8,
    },
    /// The rule that now limits `player`, the side to move next.
    Limits {
        /// The side to move next.
        player: Player,
        /// Where it may act and why.
        constraint: Constraint,
    },
}

//! What limits the side to move: the rule that applies ([`Constraint`]) and the positions where
//! it allows adds and removals.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::ring::Positions;
use super::stones::Kind;

/// Where the side to move may act, and which rule says so (for highlighting and the HUD).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Constraint {
    /// Black's first move: add any stone anywhere.
    Open,
    /// The opponent's last move involved an n-stone at `from`: act at `from ± n`. An empty
    /// target allows an add, a target holding your stone its removal, the opponent's nothing.
    Distance {
        /// The n-stone.
        kind: Kind,
        /// Where it was added or removed.
        from: u8,
        /// The two positions `from ± n`, whatever stands there.
        positions: Positions,
    },
    /// The opponent added an Old Stone at `from`: add at the nearest empty position(s).
    OldStoneAdd {
        /// Where the Old Stone was added.
        from: u8,
        /// The nearest empty positions (none when the ring is full).
        positions: Positions,
    },
    /// The opponent removed an Old Stone from `from`: remove your own stone nearest to it.
    OldStoneRemove {
        /// Where the Old Stone was removed.
        from: u8,
        /// Your stones nearest to `from` (none when you have no stone on the ring).
        positions: Positions,
    },
}

impl Constraint {
    /// The positions this rule points at (every position for [`Constraint::Open`]).
    pub fn positions(&self) -> Positions {
        match *self {
            Constraint::Open => Positions::ALL,
            Constraint::Distance { positions, .. }
            | Constraint::OldStoneAdd { positions, .. }
            | Constraint::OldStoneRemove { positions, .. } => positions,
        }
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Constraint::Open => write!(f, "add any stone at any position"),
            Constraint::Distance { kind, from, positions } => {
                write!(f, "add or remove at {positions} ({} at {from})", kind.name())
            }
            Constraint::OldStoneAdd { from, positions } => {
                write!(
                    f,
                    "add at {positions}, the empty position nearest the Old Stone added at {from}"
                )
            }
            Constraint::OldStoneRemove { from, positions } => {
                write!(
                    f,
                    "remove your stone at {positions}, nearest the Old Stone removed from {from}"
                )
            }
        }
    }
}

/// The constraint on the side to move and the positions where it allows adds and removals,
/// computed once per move so `status`, `legal_moves` and `is_legal` only read them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Limit {
    pub(super) constraint: Constraint,
    pub(super) adds: Positions,
    pub(super) removes: Positions,
}

//! The staged record of a move, for the client to animate.

use serde::{Deserialize, Serialize};

use super::board::Point;
use crate::game::Player;

/// Which kind of piece moved.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Piece {
    /// The General (the Monk).
    Hunter,
    /// A soldier (Water).
    Soldier,
}

/// One stage of what a move did, in the rules' order, for the client to animate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Step {
    /// A piece moved one step along an edge.
    Move {
        /// Which piece.
        piece: Piece,
        /// Where it came from.
        from: Point,
        /// Where it went.
        to: Point,
    },
    /// One hop of the hunter's jump chain; the jumped soldier leaves the board at once.
    Jump {
        /// Where the hop started.
        from: Point,
        /// The soldier captured.
        over: Point,
        /// Where the hunter landed.
        to: Point,
    },
    /// The soldiers captured by intervention when the hunter arrived on `at`: every flanking
    /// pair on every line at once, to be removed together.
    Intervention {
        /// Where the hunter arrived.
        at: Point,
        /// Every soldier captured by this move.
        captured: Vec<Point>,
    },
    /// The hunter reached an apex point with the apex rule in force (he now wins by ending a
    /// later move outside the privy).
    ApexReached {
        /// The apex point.
        at: Point,
    },
    /// The general was captured between the soldier that just moved and another soldier.
    Custodian {
        /// The general's point.
        general: Point,
        /// The two flanking soldiers.
        flankers: [Point; 2],
    },
    /// The game ended.
    End {
        /// The winner; `None` for a draw.
        winner: Option<Player>,
        /// The rule page's end word.
        reason: &'static str,
    },
}

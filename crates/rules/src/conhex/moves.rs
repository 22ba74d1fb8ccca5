//! What a ConHex move is, and the staged record of what it did.

use serde::{Deserialize, Serialize};

use crate::game::Player;

/// A ConHex move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ConHexMove {
    /// Put a peg of the side to move in this hole (index into [`Board::holes`](crate::conhex::Board::holes)).
    Peg(u8),
    /// The pie rule: Red's answer to Blue's first peg instead of placing one.
    Swap,
}

/// One stage of what a move did, in the rules' order, for the client to animate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConHexStep {
    /// A peg went into a hole.
    Peg {
        /// The hole.
        hole: u8,
        /// Its colour.
        side: Player,
    },
    /// A cell became its owner's, for good (one step per cell, ascending, after the peg).
    Claim {
        /// The cell.
        cell: u8,
        /// Its new owner (always the mover).
        owner: Player,
    },
    /// The players exchanged colours; no peg moved and Red is to move again.
    Swap,
    /// The game is won: `chain` is a shortest chain of the winner's cells, in order from
    /// their first side (`N` for Blue, `W` for Red) to their second.
    Win {
        /// The winning colour.
        winner: Player,
        /// The cells to highlight.
        chain: Vec<u8>,
    },
}

//! What a Kōnane move is, the staged record of what it did, and the phase that says which moves
//! are possible.

use serde::{Deserialize, Serialize};

use super::square::{Dir, Square};
use crate::game::Player;

/// A Kōnane move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KonaneMove {
    /// An opening removal of the mover's own stone (`xe4`).
    Remove(Square),
    /// A jump chain: the stone on `from` makes `hops` jumps in `dir` (`c3-c5-c7` is 2 hops north).
    Jump {
        /// Where the jumping stone starts.
        from: Square,
        /// The one direction of the whole chain.
        dir: Dir,
        /// Number of jumps, at least 1.
        hops: u8,
    },
}

impl KonaneMove {
    /// Every square the moving stone stands on, start first (a removal: just its square).
    /// Squares may be off the board for a move that is not legal on any board.
    pub fn path(&self) -> Vec<Square> {
        match *self {
            KonaneMove::Remove(sq) => vec![sq],
            KonaneMove::Jump { from, dir, hops } => {
                let (df, dr) = dir.offset();
                (0..=hops as i32)
                    .map(|k| {
                        Square::new(
                            (from.file as i32 + 2 * k * df) as u8,
                            (from.rank as i32 + 2 * k * dr) as u8,
                        )
                    })
                    .collect()
            }
        }
    }

    /// Where the stone ends (a removal: the emptied square).
    pub fn landing(&self) -> Square {
        match *self {
            KonaneMove::Remove(sq) => sq,
            KonaneMove::Jump { from, dir, hops } => {
                let (df, dr) = dir.offset();
                let k = 2 * hops as i32;
                Square::new((from.file as i32 + k * df) as u8, (from.rank as i32 + k * dr) as u8)
            }
        }
    }
}

/// One stage of what a move did, in order, for the client to animate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KonaneStep {
    /// An opening removal: `player` lifts its own stone off `square`.
    Removed {
        /// Whose stone.
        player: Player,
        /// Where it stood.
        square: Square,
    },
    /// One hop of a jump chain: `player`'s stone moves from `from` over `over` to `to`.
    Hop {
        /// Whose stone jumps.
        player: Player,
        /// Where this hop starts.
        from: Square,
        /// The enemy stone jumped (captured by the [`KonaneStep::Captured`] that follows).
        over: Square,
        /// Where this hop lands.
        to: Square,
    },
    /// The stone just jumped leaves the board.
    Captured {
        /// The captured stone's owner.
        player: Player,
        /// Where it stood.
        square: Square,
    },
}

/// The stage of the game, from the ply count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Ply 0: Black removes a stone from a corner or the centre.
    BlackRemoval,
    /// Ply 1: White removes a stone next to the hole.
    WhiteRemoval,
    /// Every later ply: jumps.
    Jumping,
}

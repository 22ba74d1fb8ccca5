//! What a game needs for puzzles: how its wins are proven and the themes a player would name.

use crate::Knowledge;
use crate::solve::Solvable;

/// A game puzzles are made for: what the AI knows of it, how its wins are proven and the
/// themes a player would name.
pub trait PuzzleGame: Knowledge + Solvable {
    /// True when the exact solver proves positions of this board outright (Kōnane up to 6×6).
    fn solver_proves(&self) -> bool {
        false
    }

    /// The themes of a solution: `line` played from `start` (the solver's moves at even
    /// indices), with each move's recorded steps.
    fn themes(start: &Self, line: &[Self::Move], steps: &[Vec<Self::Step>]) -> Vec<&'static str>;
}

//! What the solver answers and how it is configured: a proven result, a perfect move, one
//! call's solution and the budget.

use parlour_rules::Player;

use super::table;

/// The default transposition-table budget: 64 MiB.
pub const DEFAULT_TT_BYTES: usize = 64 << 20;

/// A proven result from the side to move's point of view.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The side to move can force a win.
    Win,
    /// Whatever the side to move does, the opponent can force a win.
    Loss,
    /// The position is drawn (only reported for a game already drawn).
    Draw,
}

/// A proven result and its length.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Proven {
    /// The result for the side to move.
    pub outcome: Outcome,
    /// Plies to the end with perfect play, the winner minimising and the loser maximising
    /// (0 for a finished game or a draw) when `exact`; otherwise an upper bound: the longest
    /// line the loser can force against the winning strategy the proof found.
    pub plies: u32,
    /// True when `plies` is exact.
    pub exact: bool,
}

/// What [`Solver::perfect`] found.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Perfect<M> {
    /// True when the side to move can force a win.
    pub win: bool,
    /// The exact length with perfect play when `exact`, otherwise an upper bound.
    pub plies: u32,
    /// True when `plies` is exact and `mv` keeps it.
    pub exact: bool,
    /// With `exact`, a move that keeps the length (the quickest win, or a loss that holds out
    /// longest); otherwise a winning move (or, lost, the first legal move).
    pub mv: M,
}

/// What one [`Solver::solve`] found.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The result, or `None` when the budget ran out first (or the game can draw and is not
    /// over).
    pub proven: Option<Proven>,
    /// The winner, when proven won.
    pub winner: Option<Player>,
    /// Every winning move of the side to move in canonical notation, byte-sorted (empty unless
    /// the side to move wins).
    pub winning_moves: Vec<String>,
    /// Positions visited.
    pub nodes: u64,
    /// Wall time.
    pub elapsed_ms: u64,
    /// Wall time until the result was proven (before the pass that measures its exact length).
    pub proof_ms: Option<u64>,
    /// Bytes allocated for the table.
    pub tt_bytes: usize,
    /// Table entries in use at the end.
    pub tt_used: usize,
}

impl Solution {
    /// Bytes of the table in use at the end.
    pub fn tt_used_bytes(&self) -> usize {
        self.tt_used * table::SLOT_BYTES
    }
}

/// Budget and memory of a solver.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct SolveConfig {
    /// Transposition-table memory in bytes.
    pub tt_bytes: usize,
    /// Wall-time budget per [`Solver::solve`] call.
    pub millis: Option<u64>,
    /// Node budget per [`Solver::solve`] call.
    pub max_nodes: Option<u64>,
}

impl Default for SolveConfig {
    fn default() -> Self {
        SolveConfig {
            tt_bytes: DEFAULT_TT_BYTES,
            millis: None,
            max_nodes: None,
        }
    }
}

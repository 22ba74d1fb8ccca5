//! What a search returns: the move, its value and how it was found. A leaf: the searches
//! ([`crate::search()`], alpha-beta, MCTS, plain UCT) all build one.

use serde::{Deserialize, Serialize};

/// What a search found.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchResult<M> {
    /// The move to play; `None` only when the side to move has no legal move (game over).
    pub best: Option<M>,
    /// Expected score of the side to move after `best`: 1 win, 0.5 even/draw, 0 loss.
    pub value: f32,
    /// True when `value` is proven (a solved win, loss or draw), not an estimate.
    pub proven: bool,
    /// Playouts (tree searches) or nodes (alpha-beta) done.
    pub iterations: u64,
    /// Alpha-beta: the deepest fully searched depth. Tree searches: the deepest tree path.
    pub depth: u32,
    /// The expected line, starting with `best` (may be just `best`).
    pub pv: Vec<M>,
    /// Wall-clock time used.
    pub elapsed_ms: u64,
    /// Alpha-beta, when `proven` and won or lost: the plies to the end of the game along the
    /// best line (the winner hurrying, the loser holding out).
    pub end_in: Option<u32>,
    /// Where the exact solver proved a win: every winning move (`best` among them); empty
    /// otherwise.
    #[serde(default = "Vec::new")]
    pub winning: Vec<M>,
    /// Where the exact solver played: true when its budget ran out before the perfect move was
    /// settled in full — the exact length not measured, the longest defences not all compared
    /// by their winning replies, or (when asked for) not every winning move proven. The move is
    /// still a proven win or loss; only the choice among equals may not be the best.
    #[serde(default)]
    pub cut_short: bool,
}

impl<M> SearchResult<M> {
    /// A result that plays `best` without searching (game over, or one legal move).
    pub(crate) fn immediate(best: Option<M>) -> Self
    where
        M: Copy,
    {
        SearchResult {
            best,
            value: 0.5,
            proven: false,
            iterations: 0,
            depth: 0,
            pv: best.into_iter().collect(),
            elapsed_ms: 0,
            end_in: None,
            winning: Vec::new(),
            cut_short: false,
        }
    }
}

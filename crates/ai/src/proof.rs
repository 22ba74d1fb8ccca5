//! Proofs of a position's result with the alpha-beta search: whether the side to move, or its
//! opponent, can force a win, and within how many plies. Used for the Sixteen Soldiers boards
//! whose start is decided (the new-game dialog's notice, the hint) and by `measure prove`.
//!
//! A proof is sound: alpha-beta's won values come only from finished positions along lines where
//! the losing side's every reply was searched, and a repeated position counts as a draw (which
//! only makes a win harder to prove).

use parlour_rules::Player;

use crate::config::SearchConfig;
use crate::knowledge::Knowledge;
use crate::level::Level;
use crate::search::Searcher;
use crate::stop::StopFlag;

/// A proven result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Proof {
    /// The side that can force a win.
    pub winner: Player,
    /// The win comes within this many plies (both sides' moves) from the position.
    pub plies: u32,
}

impl Proof {
    /// How many of the winner's own moves the win takes at most, from a position with `to_move`
    /// to move.
    pub fn winner_moves(&self, to_move: Player) -> u32 {
        if self.winner == to_move {
            self.plies.div_ceil(2)
        } else {
            self.plies / 2
        }
    }
}

/// What a proof attempt found: the proof, if any, and how deep and how long it searched.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ProofSearch {
    /// The proven result, or `None` when none was found within the budget.
    pub proof: Option<Proof>,
    /// The deepest fully searched depth in plies.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
    /// Wall-clock time used.
    pub elapsed_ms: u64,
}

/// Searches `state` with alpha-beta for at most `ms` milliseconds and `max_depth` plies, and
/// says whether a side can force a win. `None` for a finished game.
pub fn prove<G: Knowledge>(state: &G, ms: u64, max_depth: u32) -> Option<ProofSearch> {
    if state.status().is_over() {
        return None;
    }
    let (budget, depth) = (format!("ms={ms}"), format!("depth={}", max_depth.clamp(1, 96)));
    let words = ["algo=ab", budget.as_str(), depth.as_str()];
    let cfg = SearchConfig::parse(state, &words, Level::Master).ok()?;
    let r = Searcher::new(cfg).search(state, &StopFlag::new())?;
    let me = state.side_to_move();
    let proof = r.proven.then_some(()).and_then(|()| {
        let winner = if r.value > 0.75 {
            me
        } else if r.value < 0.25 {
            me.other()
        } else {
            return None;
        };
        Some(Proof {
            winner,
            plies: r.end_in?,
        })
    });
    Some(ProofSearch {
        proof,
        depth: r.depth,
        nodes: r.iterations,
        elapsed_ms: r.elapsed_ms,
    })
}

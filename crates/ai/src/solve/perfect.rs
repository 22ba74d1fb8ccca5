//! Perfect play from a position the solver can prove: the move the Master plays on a solved
//! board. From a won position a winning move, the one that ends the game soonest when the
//! budget lets the solver measure the lengths; from a lost one the move that makes the
//! opponent's win longest and, among those, leaves the opponent the fewest winning replies (the
//! hardest to find). The win or loss is proven first; lengths are measured with what is left.

use parlour_rules::Status;
use web_time::Instant;

use super::{Solvable, Solver};
use crate::result::SearchResult;

/// What is known of one root move: the plies from the root to the end with perfect play after
/// it (exact, or the solver's bound) and the opponent's winning replies.
#[derive(Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
struct Length {
    plies: u32,
    replies: std::cmp::Reverse<usize>,
}

/// Proves `state` with `solver` (`millis` and `max_nodes` are the whole call's budget, shared
/// out between the proof and the lengths) and returns the perfect move as a search result —
/// proven, valued 1 (won) or 0 (lost), `end_in` the plies to the end when measured — or `None`
/// when the position is not proven within the budget (or the game is over).
pub fn perfect_move<G: Solvable>(
    state: &G,
    solver: &mut Solver<G>,
    millis: Option<u64>,
    max_nodes: Option<u64>,
) -> Option<SearchResult<G::Move>> {
    let start = Instant::now();
    let mut nodes = 0u64;
    // What is left of the budget for the next call, or `None` when it is spent.
    let next_budget = |nodes: u64, solver: &mut Solver<G>| {
        let ms = millis.map(|ms| ms.saturating_sub(start.elapsed().as_millis() as u64));
        let n = max_nodes.map(|n| n.saturating_sub(nodes));
        if ms == Some(0) || n == Some(0) {
            return false;
        }
        solver.set_budget(ms, n);
        true
    };
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    // The proof: which moves leave the opponent lost.
    let mut children = Vec::with_capacity(moves.len());
    for &mv in &moves {
        if !next_budget(nodes, solver) {
            return None;
        }
        let mut child = state.clone();
        child.apply(mv);
        let opponent_wins = if child.status().is_over() {
            matches!(child.status(), Status::Win { winner, .. } if winner == child.side_to_move())
        } else {
            let p = solver.prove(&child);
            nodes += solver.nodes();
            p?
        };
        children.push((mv, child, opponent_wins));
    }
    let win = children.iter().any(|c| !c.2);
    let candidates: Vec<_> = children.into_iter().filter(|c| !win || !c.2).collect();
    // The lengths, while the budget lasts: shortest win, longest and hardest loss.
    let mut best: Option<(Length, G::Move)> = None;
    for (mv, child, _) in &candidates {
        if !next_budget(nodes, solver) {
            break;
        }
        let s = solver.solve(child);
        nodes += s.nodes;
        let Some(p) = s.proven else { break };
        let length = Length {
            plies: p.plies + 1,
            replies: std::cmp::Reverse(s.winning_moves.len()),
        };
        let better = best
            .as_ref()
            .is_none_or(|(b, _)| if win { length.plies < b.plies } else { length > *b });
        if better {
            best = Some((length, *mv));
        }
    }
    let (mv, plies) = match best {
        Some((length, mv)) => (mv, Some(length.plies)),
        None => (candidates.first()?.0, None),
    };
    Some(SearchResult {
        best: Some(mv),
        value: if win { 1.0 } else { 0.0 },
        proven: true,
        iterations: nodes,
        depth: plies.unwrap_or(0),
        pv: vec![mv],
        elapsed_ms: start.elapsed().as_millis() as u64,
        end_in: plies,
        winning: if win {
            candidates.iter().map(|c| c.0).collect()
        } else {
            Vec::new()
        },
    })
}

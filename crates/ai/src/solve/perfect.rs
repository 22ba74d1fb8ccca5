//! Perfect play from a position the solver can prove: the move the Master plays on a solved
//! board. From a won position a winning move, the one that ends the game soonest when the
//! budget lets the solver measure the lengths; from a lost one the move that makes the
//! opponent's win longest and, among those, leaves the opponent the fewest winning replies (the
//! hardest to find). The win or loss is proven first; lengths are measured with what is left.

use parlour_rules::Status;
use web_time::Instant;

use super::{Outcome, Solvable, Solver};
use crate::result::SearchResult;

/// Proves `state` with `solver` (`millis` and `max_nodes` are the whole call's budget) and
/// returns the perfect move as a search result — proven, valued 1 (won) or 0 (lost), `end_in`
/// the plies to the end when measured — or `None` when the position is not proven within the
/// budget (or the game is over).
///
/// One solve of the position proves every move and measures the position's exact length `p`;
/// then a winning move is perfect when the opponent is lost within `p - 1` plies after it, and a
/// losing move when the opponent cannot win within `p - 2` (so its length is the longest,
/// `p - 1`). Those questions are answered mostly from the table the solve filled. Among
/// losing moves of the longest length, the one that leaves the opponent the fewest winning
/// replies. When the budget runs out before a length is known, the first winning (or first)
/// move is played, still with its proven result.
pub fn perfect_move<G: Solvable>(
    state: &G,
    solver: &mut Solver<G>,
    millis: Option<u64>,
    max_nodes: Option<u64>,
) -> Option<SearchResult<G::Move>> {
    let start = Instant::now();
    let mut nodes = 0u64;
    // What is left of the budget for the next call, or `false` when it is spent.
    let next_budget = |nodes: u64, solver: &mut Solver<G>| {
        let ms = millis.map(|ms| ms.saturating_sub(start.elapsed().as_millis() as u64));
        let n = max_nodes.map(|n| n.saturating_sub(nodes));
        if ms == Some(0) || n == Some(0) {
            return false;
        }
        solver.set_budget(ms, n);
        true
    };
    if state.status().is_over() || !next_budget(nodes, solver) {
        return None;
    }
    let root = solver.solve(state);
    nodes += root.nodes;
    let proven = root.proven?;
    let win = proven.outcome == Outcome::Win;
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let winning: Vec<G::Move> = moves
        .iter()
        .copied()
        .filter(|m| root.winning_moves.contains(&state.format_move(m)))
        .collect();
    let candidates = if win { winning.clone() } else { moves };
    let child_of = |mv: G::Move| child_of_child(state, mv);
    let mut chosen: Option<(G::Move, u32)> = None;
    if proven.exact {
        let p = proven.plies;
        // The moves that keep the exact length: after a winning move the opponent is lost
        // within p - 1; after a losing one, the opponent cannot win within p - 2.
        let mut longest: Vec<(G::Move, G)> = Vec::new();
        for &mv in &candidates {
            if !next_budget(nodes, solver) {
                break;
            }
            let child = child_of(mv);
            let keeps = if win {
                solver.forced(&child, false, p - 1) == Some(true)
            } else {
                p < 2 || solver.forced(&child, true, p - 2) == Some(false)
            };
            nodes += solver.nodes();
            if keeps {
                if win {
                    chosen = Some((mv, p));
                    break;
                }
                longest.push((mv, child));
            }
        }
        // The hardest of the longest losses: the fewest winning replies (each reply proven on
        // its own; a count that reaches the best so far stops early).
        if !win && !longest.is_empty() {
            let mut hardest: Option<(usize, G::Move)> = None;
            'moves: for (mv, child) in &longest {
                let mut replies = Vec::new();
                child.legal_moves(&mut replies);
                let mut count = 0;
                for reply in replies {
                    if hardest.is_some_and(|(n, _)| count >= n) {
                        continue 'moves;
                    }
                    if !next_budget(nodes, solver) {
                        break 'moves;
                    }
                    let after = child_of_child(child, reply);
                    let lost = if after.status().is_over() {
                        !matches!(after.status(), Status::Win { winner, .. } if winner == after.side_to_move())
                    } else {
                        let p = solver.prove(&after);
                        nodes += solver.nodes();
                        match p {
                            Some(w) => !w,
                            None => break 'moves,
                        }
                    };
                    count += usize::from(lost);
                }
                if hardest.is_none_or(|(n, _)| count < n) {
                    hardest = Some((count, *mv));
                }
            }
            let mv = hardest.map_or(longest[0].0, |h| h.1);
            chosen = Some((mv, p));
        }
    }
    let (mv, plies) = match chosen {
        Some((mv, p)) => (mv, Some(p)),
        None => (*candidates.first()?, None),
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
        winning,
    })
}

/// `state` after `mv`.
fn child_of_child<G: Solvable>(state: &G, mv: G::Move) -> G {
    let mut child = state.clone();
    child.apply(mv);
    child
}

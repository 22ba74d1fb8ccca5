//! Perfect play from a position the solver can prove: the move the Master plays on a solved
//! board. From a won position a winning move, the one that ends the game soonest when the
//! budget lets the solver measure the lengths; from a lost one the move that makes the
//! opponent's win longest and, among those, leaves the opponent the fewest winning replies (the
//! hardest to find). The win or loss is proven first; lengths are measured with what is left.

use parlour_rules::Status;
use web_time::Instant;

use super::{Solvable, Solver};
use crate::result::SearchResult;

/// Proves `state` with `solver` (`millis` and `max_nodes` are the whole call's budget) and
/// returns the perfect move as a search result — proven, valued 1 (won) or 0 (lost), `end_in`
/// the plies to the end when measured, `winning` the winning moves in legal order (with
/// `every_winning`; otherwise only the move played), `cut_short` when the budget ran out
/// before the length, the comparison or the list was complete — or `None` when the position is
/// not proven within the budget (or the game is over).
///
/// [`Solver::perfect`] proves the position (one winning move is enough), measures its exact
/// length `p` and picks a move that keeps it: the quickest win, or a loss that holds out
/// longest. That move is played whatever the rest of the budget allows. With what is left, a
/// lost position's longest moves are compared by how many of the opponent's replies win (a
/// losing move is longest when the opponent cannot win within `p - 2` after it) and the
/// hardest is played; and, with `every_winning`, a won position's other moves are proven, so
/// that the hint can show every winning move (those proven before the budget ran out). A move
/// of the Master's does not ask for them: they would only lengthen its wait.
pub fn perfect_move<G: Solvable>(
    state: &G,
    solver: &mut Solver<G>,
    millis: Option<u64>,
    max_nodes: Option<u64>,
    every_winning: bool,
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
    let root = solver.perfect(state);
    nodes += solver.nodes();
    let root = root?;
    let (win, p) = (root.win, root.plies);
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut chosen = root.mv;
    // Whether the budget ran out before the move was settled in full.
    let mut cut_short = !root.exact;
    if root.exact && !win && p >= 2 {
        let (hardest, complete) = hardest_longest(state, solver, &moves, p, &mut nodes, &next_budget);
        cut_short |= !complete;
        if let Some(hardest) = hardest {
            chosen = hardest;
        }
    }
    // Every winning move, as far as the budget goes: the chosen one and each other move whose
    // child is proven lost.
    let mut winning = Vec::new();
    if win && !every_winning {
        winning.push(chosen);
    } else if win {
        let (all, complete, used) = winning_moves(
            state,
            &moves,
            chosen,
            solver,
            |_| None,
            |used, solver| next_budget(nodes + used, solver),
        );
        winning = all;
        nodes += used;
        cut_short |= !complete;
    }
    let plies = root.exact.then_some(p);
    Some(SearchResult {
        best: Some(chosen),
        value: if win { 1.0 } else { 0.0 },
        proven: true,
        iterations: nodes,
        depth: plies.unwrap_or(0),
        pv: vec![chosen],
        elapsed_ms: start.elapsed().as_millis() as u64,
        end_in: plies,
        winning,
        cut_short,
    })
}

/// Every winning move of a won position, in legal order: `chosen` (known to win), and each
/// other of `moves` after which the opponent is lost — by `known` (the side to move's result
/// where something other than a search knows it, such as a shipped table), by the end of the
/// game, or else proven by `solver` while `next_budget` (given the nodes used so far) allows.
/// Returns the list, whether every move was settled (`false`: the budget ran out first) and the
/// nodes used.
pub(crate) fn winning_moves<G: Solvable>(
    state: &G,
    moves: &[G::Move],
    chosen: G::Move,
    solver: &mut Solver<G>,
    known: impl Fn(&G) -> Option<bool>,
    next_budget: impl Fn(u64, &mut Solver<G>) -> bool,
) -> (Vec<G::Move>, bool, u64) {
    let (mut open, mut used) = (true, 0);
    let me = state.side_to_move();
    let winning = moves
        .iter()
        .copied()
        .filter(|&mv| {
            if mv == chosen {
                return true;
            }
            let child = child_of_child(state, mv);
            if let Status::Win { winner, .. } = child.status() {
                return winner == me;
            }
            if let Some(opponent_wins) = known(&child) {
                return !opponent_wins;
            }
            open = open && next_budget(used, solver);
            if !open {
                return false;
            }
            let opponent_wins = solver.prove(&child);
            used += solver.nodes();
            open = opponent_wins.is_some();
            opponent_wins == Some(false)
        })
        .collect();
    (winning, open, used)
}

/// Among the moves of a lost position of exact length `p` that hold out longest (the opponent
/// cannot win within `p - 2` after them), the one that leaves the opponent the fewest winning
/// replies (each reply proven on its own; a count that reaches the best so far stops early).
/// `None` when the budget runs out before any longest move is confirmed; with the budget cut
/// short, the hardest of those compared. The flag says whether every move was weighed in full
/// (`false`: the budget ran out first).
fn hardest_longest<G: Solvable>(
    state: &G,
    solver: &mut Solver<G>,
    moves: &[G::Move],
    p: u32,
    nodes: &mut u64,
    next_budget: &impl Fn(u64, &mut Solver<G>) -> bool,
) -> (Option<G::Move>, bool) {
    let mut longest: Vec<(G::Move, G)> = Vec::new();
    let mut complete = true;
    for &mv in moves {
        if !next_budget(*nodes, solver) {
            complete = false;
            break;
        }
        let child = child_of_child(state, mv);
        let forced = solver.forced(&child, true, p - 2);
        *nodes += solver.nodes();
        complete &= forced.is_some();
        if forced == Some(false) {
            longest.push((mv, child));
        }
    }
    let mut hardest: Option<(usize, G::Move)> = None;
    'moves: for (mv, child) in &longest {
        let mut replies = Vec::new();
        child.legal_moves(&mut replies);
        let mut count = 0;
        for reply in replies {
            if hardest.is_some_and(|(n, _)| count >= n) {
                continue 'moves;
            }
            if !next_budget(*nodes, solver) {
                complete = false;
                break 'moves;
            }
            let after = child_of_child(child, reply);
            let lost = if after.status().is_over() {
                !matches!(after.status(), Status::Win { winner, .. } if winner == after.side_to_move())
            } else {
                let p = solver.prove(&after);
                *nodes += solver.nodes();
                match p {
                    Some(w) => !w,
                    None => {
                        complete = false;
                        break 'moves;
                    }
                }
            };
            count += usize::from(lost);
        }
        if hardest.is_none_or(|(n, _)| count < n) {
            hardest = Some((count, *mv));
        }
    }
    (hardest.map(|h| h.1).or(longest.first().map(|l| l.0)), complete)
}

/// `state` after `mv`.
fn child_of_child<G: Solvable>(state: &G, mv: G::Move) -> G {
    let mut child = state.clone();
    child.apply(mv);
    child
}

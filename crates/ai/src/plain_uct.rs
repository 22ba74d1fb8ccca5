//! The project's plain UCT baseline, kept deliberately free of enhancements so that the
//! measurements in `MEASUREMENTS.md` have a fixed yardstick: UCB1 selection with constant `C`,
//! one new node per iteration (untried moves in random order), uniform random playouts to the
//! end of the game, and the most visited move at the root. Like every search here it reasons
//! about seats ([`Knowledge::seat_of`]), so it knows what a swap means, and nothing else. It uses the same kind of arena as
//! the enhanced search, so comparisons at equal time are about the algorithm, not the plumbing.

use parlour_rules::Player;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::knowledge::{Knowledge, seat_score, seat_to_move};
use crate::limits::Limits;
use crate::result::SearchResult;

struct Node<M> {
    mv: Option<M>,
    first_child: u32,
    n_children: u32,
    /// How many children have been tried (the untried ones follow, already shuffled).
    tried: u32,
    visits: u32,
    /// Sum of rewards in `[0, 1]` for the player who moved into this node.
    wins: f32,
    mover: Player,
    expanded: bool,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: Player) -> Self {
        Node {
            mv,
            first_child: 0,
            n_children: 0,
            tried: 0,
            visits: 0,
            wins: 0.0,
            mover,
            expanded: false,
        }
    }
}

/// Adds the children of `nodes[idx]` (position `s`), in a random order.
fn expand<G: Knowledge>(
    nodes: &mut Vec<Node<G::Move>>,
    idx: usize,
    s: &G,
    buf: &mut Vec<G::Move>,
    rng: &mut ChaCha8Rng,
) {
    s.legal_moves(buf);
    for i in (1..buf.len()).rev() {
        let j = rng.random_range(0..=i);
        buf.swap(i, j);
    }
    let first = nodes.len() as u32;
    let mover = seat_to_move(s);
    nodes.extend(buf.iter().map(|&mv| Node::new(Some(mv), mover)));
    let n = &mut nodes[idx];
    n.first_child = first;
    n.n_children = buf.len() as u32;
    n.expanded = true;
}

/// The child of a fully tried node with the highest upper confidence bound.
fn select<M>(nodes: &[Node<M>], idx: usize, exploration: f32) -> usize {
    let n = &nodes[idx];
    let ln_n = (n.visits as f32).ln();
    let mut best = n.first_child as usize;
    let mut best_score = f32::NEG_INFINITY;
    let first = n.first_child as usize;
    for (c, ch) in nodes.iter().enumerate().skip(first).take(n.n_children as usize) {
        let v = ch.visits as f32;
        let score = ch.wins / v + exploration * (ln_n / v).sqrt();
        if score > best_score {
            best_score = score;
            best = c;
        }
    }
    best
}

/// One plain UCT search of `state`.
pub(crate) fn search<G: Knowledge>(
    state: &G,
    exploration: f32,
    limits: &Limits<'_>,
    rng: &mut ChaCha8Rng,
) -> SearchResult<G::Move> {
    let mut nodes: Vec<Node<G::Move>> = vec![Node::new(None, seat_to_move(state).other())];
    let mut path: Vec<usize> = Vec::new();
    let mut buf: Vec<G::Move> = Vec::new();
    let mut iterations = 0u64;
    let mut max_depth = 0;
    while iterations == 0 || !limits.exhausted(iterations) {
        iterations += 1;
        let mut s = state.clone();
        path.clear();
        path.push(0);
        let mut idx = 0;
        // Selection: descend while the node is fully tried.
        loop {
            if s.status().is_over() {
                break;
            }
            if !nodes[idx].expanded {
                expand(&mut nodes, idx, &s, &mut buf, rng);
            }
            let n = &nodes[idx];
            if n.n_children == 0 {
                break;
            }
            let child = if n.tried < n.n_children {
                // Expansion: the next untried move, then a playout from it.
                let c = (n.first_child + n.tried) as usize;
                nodes[idx].tried += 1;
                if let Some(mv) = nodes[c].mv {
                    s.apply(mv);
                }
                path.push(c);
                break;
            } else {
                select(&nodes, idx, exploration)
            };
            if let Some(mv) = nodes[child].mv {
                s.apply(mv);
            }
            path.push(child);
            idx = child;
        }
        max_depth = max_depth.max(path.len() as u32 - 1);
        // Playout: uniform random moves to the end.
        let (status, _) = parlour_rules::random_playout(&mut s, rng, &mut buf, 20_000);
        let reward_p1 = seat_score(&s, status, Player::P1).unwrap_or(0.5);
        for &i in &path {
            let n = &mut nodes[i];
            n.visits += 1;
            n.wins += if n.mover == Player::P1 {
                reward_p1
            } else {
                1.0 - reward_p1
            };
        }
    }
    let root = &nodes[0];
    let mut best = root.first_child as usize;
    for c in root.first_child as usize..(root.first_child + root.n_children) as usize {
        if nodes[c].visits > nodes[best].visits {
            best = c;
        }
    }
    let b = &nodes[best];
    SearchResult {
        best: b.mv,
        value: if b.visits == 0 { 0.5 } else { b.wins / b.visits as f32 },
        proven: false,
        iterations,
        depth: max_depth,
        pv: b.mv.into_iter().collect(),
        elapsed_ms: 0,
        end_in: None,
        winning: Vec::new(),
        cut_short: false,
    }
}

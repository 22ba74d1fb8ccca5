//! Enhanced Monte-Carlo tree search: UCT over a node arena (children contiguous, indices not
//! pointers, nothing allocated per iteration beyond tree growth) with MCTS-Solver, tree reuse,
//! informed and MAST playouts, RAVE, progressive bias and evaluation cut-offs, each switched by
//! [`MctsParams`].
//!
//! Rewards are in `[0, 1]`; a node's `score` sums the rewards of the player who moved into it,
//! so a parent picks among children by their own statistics whatever the turn order (a side may
//! move twice in a row).

use std::sync::atomic::{AtomicBool, Ordering};

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::config::MctsParams;
use crate::knowledge::{Knowledge, mix64, seat_score, seat_to_move};
use crate::limits::Limits;
use crate::result::SearchResult;

mod backup;
mod choose;
mod node;
mod playout;
mod reuse;

#[cfg(test)]
mod tests;

use self::node::{Node, Proof, for_player};

/// An MCTS player: the tree and the scratch buffers, kept between calls for tree reuse.
pub(crate) struct Mcts<G: Knowledge> {
    nodes: Vec<Node<G::Move>>,
    root_state: Option<G>,
    path: Vec<u32>,
    moves: Vec<G::Move>,
    /// Moves of the current simulation as (player index, key), for MAST and RAVE.
    sim: Vec<(u8, u32)>,
    /// MAST: (reward sum, count) per player and move key.
    mast: Vec<(f32, f32)>,
    /// RAVE: epoch stamp per player and move key ("played later in this simulation").
    seen: Vec<u32>,
    epoch: u32,
    max_depth: u32,
    /// What a draw is worth to P1 in this search (`0.5` without contempt).
    draw_p1: f32,
}

impl<G: Knowledge> Mcts<G> {
    pub(crate) fn new() -> Self {
        Mcts {
            nodes: Vec::new(),
            root_state: None,
            path: Vec::new(),
            moves: Vec::new(),
            sim: Vec::new(),
            mast: Vec::new(),
            seen: Vec::new(),
            epoch: 0,
            max_depth: 0,
            draw_p1: 0.5,
        }
    }

    pub(crate) fn search(
        &mut self,
        state: &G,
        p: &MctsParams,
        limits: &Limits<'_>,
        rng: &mut ChaCha8Rng,
    ) -> SearchResult<G::Move> {
        let iterations = self.grow(state, p, limits, rng, &AtomicBool::new(false));
        self.result(p, rng, iterations)
    }

    /// Root parallelism: `trees[0]` searches on this thread with `rng`, every other tree on a
    /// thread of its own with a generator seeded from `seed` and its index, all until `limits`
    /// end them (an iteration budget is shared out between them, and each tree does its whole
    /// share) or, with a time budget, one proves the root. The move is then chosen from the root
    /// statistics of all trees added together, as one tree's would be (so `temperature` and
    /// `avoid_repeat` work as with one thread); each tree keeps only its own statistics for the
    /// next move. With an iteration budget the result depends
    /// only on the inputs.
    pub(crate) fn search_parallel(
        trees: &mut [Mcts<G>],
        state: &G,
        p: &MctsParams,
        limits: &Limits<'_>,
        rng: &mut ChaCha8Rng,
        seed: u64,
    ) -> SearchResult<G::Move> {
        let parts = trees.len() as u64;
        let done = AtomicBool::new(false);
        let Some((main, helpers)) = trees.split_first_mut() else {
            return SearchResult::immediate(None);
        };
        let iterations = std::thread::scope(|s| {
            let done = &done;
            let running: Vec<_> = helpers
                .iter_mut()
                .enumerate()
                .map(|(i, tree)| {
                    let share = limits.share(parts, i as u64 + 1);
                    s.spawn(move || {
                        let mut rng = ChaCha8Rng::seed_from_u64(mix64(seed, i as u64 + 1));
                        tree.grow(state, p, &share, &mut rng, done)
                    })
                })
                .collect();
            let mut total = main.grow(state, p, &limits.share(parts, 0), rng, done);
            for r in running {
                total += r.join().expect("a search thread panicked");
            }
            total
        });
        // Add the helpers' root statistics to the main tree's for the choice, then take them out
        // again: the main tree's own statistics must stay consistent for its reuse next move.
        let kept: Vec<(u32, f32, Proof)> = main.nodes[0]
            .children()
            .map(|c| (main.nodes[c].visits, main.nodes[c].score, main.nodes[c].proof))
            .collect();
        for tree in helpers.iter() {
            main.max_depth = main.max_depth.max(tree.max_depth);
            for h in tree.nodes[0].children() {
                let theirs = &tree.nodes[h];
                let Some(c) = main.nodes[0].children().find(|&c| main.nodes[c].mv == theirs.mv) else {
                    continue;
                };
                let mine = &mut main.nodes[c];
                mine.visits = mine.visits.saturating_add(theirs.visits);
                mine.score += theirs.score;
                if mine.proof == Proof::Unknown {
                    mine.proof = theirs.proof;
                }
            }
        }
        let result = main.result(p, rng, iterations);
        for (c, (visits, score, proof)) in main.nodes[0].children().zip(kept) {
            let node = &mut main.nodes[c];
            (node.visits, node.score, node.proof) = (visits, score, proof);
        }
        result
    }

    /// Sets the tree up for `state` (reusing what it can) and searches until `limits` end it,
    /// the root is proven, or `done` is set (by another tree that proved the root, which then
    /// sets it; heeded only without an iteration budget). Returns the iterations done.
    fn grow(&mut self, state: &G, p: &MctsParams, limits: &Limits<'_>, rng: &mut ChaCha8Rng, done: &AtomicBool) -> u64 {
        let track = p.mast_epsilon < 1.0 || p.rave > 0.0;
        if track {
            let size = 2 * G::MOVE_KEYS;
            if p.reuse_tree && self.mast.len() == size {
                // Old statistics still help but should yield to the new position's.
                for e in &mut self.mast {
                    e.0 *= 0.5;
                    e.1 *= 0.5;
                }
            } else {
                self.mast.clear();
                self.mast.resize(size, (0.0, 0.0));
            }
            if self.seen.len() != size {
                self.seen.clear();
                self.seen.resize(size, 0);
                self.epoch = 0;
            }
        }
        if !(p.reuse_tree && self.reroot(state)) {
            self.nodes.clear();
            self.nodes.push(Node::new(None, seat_to_move(state).other(), 0.5, 0));
        }
        // The root is where the game stands now, and the game goes on from it: it may have been
        // marked as a repetition (a draw to step into) when it was a leaf of the old tree, and
        // such a leaf was never expanded. Left marked, it would never get children and the
        // search would have no move of its own to give.
        self.nodes[0].repeat = false;
        self.root_state = Some(state.clone());
        self.max_depth = 0;
        self.draw_p1 = for_player(seat_to_move(state), 0.5 - p.contempt);
        let mut iterations = 0u64;
        // At least one iteration, so that even an immediate "move now" has a move to give, and
        // even when another tree has already proven the root (its statistics are added to this
        // root's children, which it must have). With an iteration budget each tree does its whole
        // share whatever the others found, so the result does not depend on their timing.
        let heed_others = !limits.counts_iterations();
        while (iterations == 0 || !(limits.exhausted(iterations) || heed_others && done.load(Ordering::Relaxed)))
            && self.nodes[0].proof == Proof::Unknown
        {
            self.iterate(state, p, rng, track);
            iterations += 1;
        }
        if self.nodes[0].proof != Proof::Unknown {
            done.store(true, Ordering::Relaxed);
        }
        iterations
    }

    fn iterate(&mut self, root: &G, p: &MctsParams, rng: &mut ChaCha8Rng, track: bool) {
        let mut state = root.clone();
        self.path.clear();
        self.path.push(0);
        self.sim.clear();
        let mut idx = 0usize;
        let reward_p1 = loop {
            let node = &self.nodes[idx];
            if node.proof == Proof::Draw || node.repeat {
                break self.draw_p1;
            }
            if node.proof != Proof::Unknown {
                break for_player(node.mover, node.proof.reward());
            }
            if !node.expanded {
                let room = (self.nodes.len() as u64) < u64::from(p.max_nodes);
                // The root always gets its children (a full tree included): its move is the answer.
                if idx != 0 && (node.visits < p.expand_after.max(1) || !room) {
                    break self.playout(&mut state, p, rng, track);
                }
                self.expand(idx, &state, p, rng);
                if self.nodes[idx].n_children == 0 {
                    // An ongoing position without moves: the rules should have ended it.
                    break 0.5;
                }
            }
            let child = self.select(idx, p);
            let node = &self.nodes[child];
            let (mv, mover, key, fresh) = (node.mv, node.mover, node.key, node.visits == 0);
            if let Some(mv) = mv {
                state.apply(mv);
            }
            if track {
                self.sim.push((mover as u8, key));
            }
            self.path.push(child as u32);
            idx = child;
            if fresh
                && self.nodes[child].proof == Proof::Unknown
                && let Some(score) = seat_score(&state, state.status(), mover)
            {
                self.nodes[child].proof = Proof::from_score(score);
            }
            if fresh && p.repeat_draw && self.nodes[child].proof == Proof::Unknown && state.repeats() {
                self.nodes[child].repeat = true;
                break self.draw_p1;
            }
        };
        self.max_depth = self.max_depth.max(self.path.len() as u32 - 1);
        self.backpropagate(reward_p1, p, track);
    }
    fn select(&self, idx: usize, p: &MctsParams) -> usize {
        let node = &self.nodes[idx];
        let ln_n = (node.visits.max(1) as f32).ln();
        let mut best = node.first_child as usize;
        let mut best_score = f32::NEG_INFINITY;
        for c in node.children() {
            let ch = &self.nodes[c];
            if p.solver {
                match ch.proof {
                    Proof::Win => return c,
                    Proof::Loss => {
                        // Only chosen when every child is lost (then the node is proven anyway).
                        if best_score == f32::NEG_INFINITY {
                            best = c;
                            best_score = -1e30;
                        }
                        continue;
                    }
                    _ => {}
                }
            }
            let score = if ch.visits == 0 {
                // Unvisited: RAVE's estimate when there is one (β = 1), else the first-play
                // urgency; explored as if visited once.
                let q = if p.rave > 0.0 && ch.amaf_visits > 0 {
                    ch.amaf_score / ch.amaf_visits as f32
                } else {
                    p.first_play_urgency
                };
                q + p.exploration * ln_n.sqrt() + p.progressive_bias * ch.prior
            } else {
                let n = ch.visits as f32;
                let mut q = ch.score / n;
                if p.rave > 0.0 && ch.amaf_visits > 0 {
                    let beta = (p.rave / (3.0 * n + p.rave)).sqrt();
                    q = (1.0 - beta) * q + beta * (ch.amaf_score / ch.amaf_visits as f32);
                }
                q + p.exploration * (ln_n / n).sqrt() + p.progressive_bias * ch.prior / (n + 1.0)
            };
            if score > best_score {
                best_score = score;
                best = c;
            }
        }
        best
    }
}

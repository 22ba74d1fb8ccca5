//! Growing the tree and playing on from its edge: expansion (priors, proofs at the root) and
//! playouts (random, informed or MAST).

use parlour_rules::Player;
use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::config::MctsParams;
use crate::knowledge::{Knowledge, seat_score, seat_to_move};

use super::Mcts;
use super::node::{Node, Proof, for_player};

/// Playouts longer than this are scored as draws (a guard against games that never end).
const MAX_PLAYOUT_PLIES: u32 = 20_000;

impl<G: Knowledge> Mcts<G> {
    pub(super) fn expand(&mut self, idx: usize, state: &G, p: &MctsParams, rng: &mut ChaCha8Rng) {
        let mut moves = std::mem::take(&mut self.moves);
        state.legal_moves(&mut moves);
        // Shuffle so that ties between equal children are broken at random (reproducibly).
        for i in (1..moves.len()).rev() {
            let j = rng.random_range(0..=i);
            moves.swap(i, j);
        }
        let to_move = seat_to_move(state);
        let first = self.nodes.len() as u32;
        let keys = p.mast_epsilon < 1.0 || p.rave > 0.0;
        for &mv in &moves {
            let key = if keys { state.move_key(&mv) as u32 } else { 0 };
            let mut proof = Proof::Unknown;
            let prior = if p.progressive_bias <= 0.0 {
                0.5
            } else if p.bias_from_eval && G::HAS_EVALUATION {
                let mut next = state.clone();
                next.apply(mv);
                match seat_score(&next, next.status(), to_move) {
                    Some(score) => {
                        proof = Proof::from_score(score);
                        score
                    }
                    None => {
                        let e = next.evaluate().clamp(-1.0, 1.0);
                        let e = if seat_to_move(&next) == to_move { e } else { -e };
                        0.5 + 0.5 * e
                    }
                }
            } else {
                state.move_prior(&mv)
            };
            if idx == 0 && proof == Proof::Unknown {
                // At the root, look at every move's outcome once: a win in one is never missed
                // however small the budget (the weakest level included).
                let mut next = state.clone();
                next.apply(mv);
                if let Some(score) = seat_score(&next, next.status(), to_move) {
                    proof = Proof::from_score(score);
                }
            }
            let mut child = Node::new(Some(mv), to_move, prior, key);
            child.proof = proof;
            self.nodes.push(child);
        }
        let node = &mut self.nodes[idx];
        node.first_child = first;
        node.n_children = moves.len() as u32;
        node.expanded = true;
        node.to_move = to_move;
        self.moves = moves;
    }
    pub(super) fn playout(&mut self, state: &mut G, p: &MctsParams, rng: &mut ChaCha8Rng, track: bool) -> f32 {
        let mast = p.mast_epsilon < 1.0;
        let mut plies = 0;
        loop {
            let status = state.status();
            if let Some(r) = seat_score(state, status, Player::P1) {
                return if matches!(status, parlour_rules::Status::Draw { .. }) {
                    self.draw_p1
                } else {
                    r
                };
            }
            let to_move = seat_to_move(state);
            if G::HAS_EVALUATION && p.playout_cutoff > 0 && plies >= p.playout_cutoff {
                let e = state.evaluate().clamp(-1.0, 1.0);
                return for_player(to_move, 0.5 + 0.5 * e);
            }
            if plies >= MAX_PLAYOUT_PLIES {
                return 0.5;
            }
            let mv = if mast && rng.random::<f32>() >= p.mast_epsilon {
                self.mast_move(state, to_move, rng)
            } else if p.informed_playouts {
                state.playout_move(rng, &mut self.moves)
            } else {
                state.random_move(rng, &mut self.moves)
            };
            let Some(mv) = mv else { return 0.5 };
            if track {
                self.sim.push((to_move as u8, state.move_key(&mv) as u32));
            }
            state.apply(mv);
            plies += 1;
        }
    }

    /// The legal move with the best MAST average for `to_move` (unseen moves count as 0.5
    /// with weight 1, so they are tried), ties broken at random.
    fn mast_move(&mut self, state: &G, to_move: Player, rng: &mut ChaCha8Rng) -> Option<G::Move> {
        state.legal_moves(&mut self.moves);
        let base = to_move.index() * G::MOVE_KEYS;
        let mut best = None;
        let mut best_value = f32::NEG_INFINITY;
        let mut ties = 0u32;
        for &mv in &self.moves {
            let (sum, count) = self.mast[base + state.move_key(&mv)];
            let v = (sum + 0.5) / (count + 1.0);
            if v > best_value {
                best_value = v;
                best = Some(mv);
                ties = 1;
            } else if v == best_value {
                ties += 1;
                if rng.random_range(0..ties) == 0 {
                    best = Some(mv);
                }
            }
        }
        best
    }
}

//! Choosing the move from the root's statistics: the most searched (proofs first), sampled
//! with a temperature, or stepping out of a repetition.

use rand::Rng;
use rand_chacha::ChaCha8Rng;

use crate::config::MctsParams;
use crate::knowledge::Knowledge;
use crate::result::SearchResult;

use super::Mcts;
use super::node::Proof;

impl<G: Knowledge> Mcts<G> {
    pub(super) fn result(&self, p: &MctsParams, rng: &mut ChaCha8Rng, iterations: u64) -> SearchResult<G::Move> {
        let root = &self.nodes[0];
        let children = root.children();
        let rank = |c: usize| {
            let ch = &self.nodes[c];
            // Proven wins first, proven losses last, otherwise the most visited (then best mean).
            let class = match ch.proof {
                Proof::Win => 2,
                Proof::Loss => 0,
                _ => 1,
            };
            (class, ch.visits, ch.mean())
        };
        if children.is_empty() {
            // A root without children (a position the rules left without moves): no move, rather
            // than a node that is not a child.
            return SearchResult {
                iterations,
                ..SearchResult::immediate(None)
            };
        }
        let mut best = children.start;
        for c in children.clone() {
            if rank(c) > rank(best) {
                best = c;
            }
        }
        if p.temperature > 0.0 && self.nodes[best].proof != Proof::Win {
            best = self.sample(best, p.temperature, rng);
        } else if p.avoid_repeat > 0.0 && self.nodes[best].proof == Proof::Unknown {
            best = self.step_out_of_repetition(best, p.avoid_repeat);
        }
        let ch = &self.nodes[best];
        let proven = self.nodes[best].proof != Proof::Unknown;
        let value = if proven { ch.proof.reward() } else { ch.mean() };
        let mut pv: Vec<G::Move> = ch.mv.into_iter().collect();
        let mut at = best;
        while self.nodes[at].expanded && self.nodes[at].n_children > 0 && pv.len() < 32 {
            let next = self.nodes[at]
                .children()
                .max_by_key(|&c| (self.nodes[c].visits, self.nodes[c].proof == Proof::Win))
                .unwrap_or(at);
            if self.nodes[next].visits == 0 {
                break;
            }
            pv.extend(self.nodes[next].mv);
            at = next;
        }
        SearchResult {
            best: ch.mv,
            value,
            proven,
            iterations,
            depth: self.max_depth,
            pv,
            elapsed_ms: 0,
            end_in: None,
            winning: Vec::new(),
            cut_short: false,
        }
    }

    /// `best` if it does not head into a repetition ([`heads_into_repetition`]); otherwise the
    /// best root child that does not, if it is within `margin` of `best`'s value, not proven
    /// lost and searched at least a tenth as often ([`MctsParams::avoid_repeat`]).
    pub(super) fn step_out_of_repetition(&self, best: usize, margin: f32) -> usize {
        let Some(root) = &self.root_state else { return best };
        let mut replies = Vec::new();
        let mut heads_in = |c: usize| {
            self.nodes[c]
                .mv
                .is_some_and(|mv| heads_into_repetition(root, mv, &mut replies))
        };
        if !heads_in(best) {
            return best;
        }
        let top = &self.nodes[best];
        let floor = top.mean() - margin;
        let mut choice = best;
        let mut choice_visits = 0;
        for c in self.nodes[0].children() {
            let ch = &self.nodes[c];
            if c == best || ch.proof == Proof::Loss || ch.visits * 10 < top.visits || ch.mean() < floor {
                continue;
            }
            if ch.visits > choice_visits && !heads_in(c) {
                choice = c;
                choice_visits = ch.visits;
            }
        }
        choice
    }

    /// Samples a root child with probability ∝ visits^(1/t) among children with at least a
    /// quarter of the best child's visits and not proven lost (the weak levels' variety).
    fn sample(&self, best: usize, t: f32, rng: &mut ChaCha8Rng) -> usize {
        let top = self.nodes[best].visits as f32;
        let weight = |c: usize| {
            let ch = &self.nodes[c];
            if ch.proof == Proof::Loss || (ch.visits as f32) < 0.25 * top || ch.visits == 0 {
                0.0
            } else {
                (ch.visits as f32 / top).powf(1.0 / t)
            }
        };
        let total: f32 = self.nodes[0].children().map(weight).sum();
        if total <= 0.0 {
            return best;
        }
        let mut x = rng.random::<f32>() * total;
        for c in self.nodes[0].children() {
            x -= weight(c);
            if x < 0.0 && weight(c) > 0.0 {
                return c;
            }
        }
        best
    }
}

/// True when `mv` in `state` brings back a position the game has seen, or lets the opponent end
/// the game in a draw with their reply (in the games with a repetition rule, the third
/// occurrence; `replies` is scratch space).
pub(super) fn heads_into_repetition<G: Knowledge>(state: &G, mv: G::Move, replies: &mut Vec<G::Move>) -> bool {
    let mut next = state.clone();
    next.apply(mv);
    if next.repeats() {
        return true;
    }
    if next.status().is_over() {
        return false;
    }
    next.legal_moves(replies);
    replies.iter().any(|&r| {
        let mut after = next.clone();
        after.apply(r);
        matches!(after.status(), parlour_rules::Status::Draw { .. })
    })
}

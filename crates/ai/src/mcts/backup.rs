//! Backpropagation: visits and scores along the path, the MAST and RAVE statistics, and the
//! MCTS-Solver's proofs.

use crate::config::MctsParams;
use crate::knowledge::Knowledge;

use super::Mcts;
use super::node::{Proof, for_player};

impl<G: Knowledge> Mcts<G> {
    pub(super) fn backpropagate(&mut self, reward_p1: f32, p: &MctsParams, track: bool) {
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits += 1;
            node.score += for_player(node.mover, reward_p1);
        }
        if track {
            if p.mast_epsilon < 1.0 {
                for &(player, key) in &self.sim {
                    let e = &mut self.mast[player as usize * G::MOVE_KEYS + key as usize];
                    e.0 += if player == 0 { reward_p1 } else { 1.0 - reward_p1 };
                    e.1 += 1.0;
                }
            }
            if p.rave > 0.0 {
                self.update_amaf(reward_p1);
            }
        }
        if p.solver {
            for d in (0..self.path.len() - 1).rev() {
                let child = self.path[d + 1] as usize;
                if self.nodes[child].proof == Proof::Unknown || !self.try_prove(self.path[d] as usize) {
                    break;
                }
            }
        }
    }

    /// All-moves-as-first: every child of a node on the path whose move its mover played later
    /// in the simulation gets the simulation's result.
    fn update_amaf(&mut self, reward_p1: f32) {
        self.epoch = self.epoch.wrapping_add(1);
        if self.epoch == 0 {
            self.seen.fill(0);
            self.epoch = 1;
        }
        let tree_moves = self.path.len() - 1;
        for &(player, key) in &self.sim[tree_moves..] {
            self.seen[player as usize * G::MOVE_KEYS + key as usize] = self.epoch;
        }
        for d in (0..tree_moves).rev() {
            let (player, key) = self.sim[d];
            self.seen[player as usize * G::MOVE_KEYS + key as usize] = self.epoch;
            let node = &self.nodes[self.path[d] as usize];
            let base = node.to_move.index() * G::MOVE_KEYS;
            let reward = for_player(node.to_move, reward_p1);
            for c in node.children() {
                let key = self.nodes[c].key as usize;
                if self.seen[base + key] == self.epoch {
                    let ch = &mut self.nodes[c];
                    ch.amaf_visits += 1;
                    ch.amaf_score += reward;
                }
            }
        }
    }

    /// Proves `idx` from its children if possible; true when it is proven.
    fn try_prove(&mut self, idx: usize) -> bool {
        let node = &self.nodes[idx];
        if node.proof != Proof::Unknown {
            return true;
        }
        let mut all = true;
        let mut best = Proof::Unknown;
        for c in node.children() {
            match self.nodes[c].proof {
                Proof::Unknown => all = false,
                Proof::Win => {
                    best = Proof::Win;
                    all = true;
                    break;
                }
                p => best = best.max(p),
            }
        }
        if !all || best == Proof::Unknown {
            return false;
        }
        let node = &mut self.nodes[idx];
        node.proof = if node.mover == node.to_move { best } else { best.flip() };
        true
    }
}

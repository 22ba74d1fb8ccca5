//! Tree reuse: finding the new position in the old tree and keeping only its subtree.

use crate::knowledge::Knowledge;

use super::Mcts;
use super::node::Node;

impl<G: Knowledge> Mcts<G> {
    /// Moves the root to the node for `state` if it is in the tree within two plies of the old
    /// root (our move, then the opponent's; or our two moves when we moved twice).
    pub(super) fn reroot(&mut self, state: &G) -> bool {
        let Some(old) = &self.root_state else { return false };
        if self.nodes.is_empty() {
            return false;
        }
        let same = |a: &G| a.hash_key() == state.hash_key() && a.ply() == state.ply();
        if same(old) {
            return true;
        }
        let depth = state.ply().wrapping_sub(old.ply());
        if !(1..=2).contains(&depth) || !self.nodes[0].expanded {
            return false;
        }
        // Our own move was the most visited child, so look there first; give up after a few
        // thousand trial moves rather than spend the time budget on finding the old tree.
        let mut order: Vec<usize> = self.nodes[0].children().collect();
        order.sort_by_key(|&c| std::cmp::Reverse(self.nodes[c].visits));
        let mut tries = 0;
        let mut found = None;
        'outer: for c in order {
            let Some(mv) = self.nodes[c].mv else { continue };
            let mut s1 = old.clone();
            s1.apply(mv);
            tries += 1;
            if depth == 1 {
                if same(&s1) {
                    found = Some(c);
                    break;
                }
                continue;
            }
            if !self.nodes[c].expanded {
                continue;
            }
            for g in self.nodes[c].children() {
                let Some(gmv) = self.nodes[g].mv else { continue };
                let mut s2 = s1.clone();
                s2.apply(gmv);
                tries += 1;
                if same(&s2) {
                    found = Some(g);
                    break 'outer;
                }
            }
            if tries > 4096 {
                break;
            }
        }
        let Some(new_root) = found else { return false };
        self.compact(new_root);
        true
    }

    /// Keeps only the subtree under `root`, renumbered breadth-first (children stay contiguous).
    fn compact(&mut self, root: usize) {
        let mut kept: Vec<Node<G::Move>> = Vec::with_capacity(self.nodes[root].visits as usize * 2);
        let mut origin: Vec<u32> = Vec::with_capacity(kept.capacity());
        kept.push(self.nodes[root].clone());
        origin.push(root as u32);
        let mut i = 0;
        while i < kept.len() {
            let old = &self.nodes[origin[i] as usize];
            if old.expanded {
                let first = kept.len() as u32;
                for c in old.children() {
                    kept.push(self.nodes[c].clone());
                    origin.push(c as u32);
                }
                kept[i].first_child = first;
            }
            i += 1;
        }
        self.nodes = kept;
    }
}

//! Whether a colour joins its sides: the shortest winning chain, the cells joined to the first
//! side (from nothing, or grown after a claim on the hot path).

use super::board::{CELLS, TABLES};
use super::state::{ConHex, goal_sides};
use crate::game::Player;

impl ConHex {
    /// A shortest chain of `colour`'s cells joining its sides, if there is one.
    pub(super) fn chain(&self, colour: Player) -> Option<Vec<u8>> {
        let t = &*TABLES;
        let own = self.cells[colour.index()];
        let (a, b) = goal_sides(colour);
        let (a, b) = (t.side_cells[a as usize] & own, t.side_cells[b as usize] & own);
        let mut parent = [u8::MAX; CELLS];
        let mut queue = [0u8; CELLS];
        let (mut head, mut tail) = (0, 0);
        let mut seen = a;
        let mut m = a;
        while m != 0 {
            queue[tail] = m.trailing_zeros() as u8;
            tail += 1;
            m &= m - 1;
        }
        while head < tail {
            let k = queue[head];
            head += 1;
            if b & (1 << k) != 0 {
                let mut chain = vec![k];
                let mut at = k;
                while parent[at as usize] != u8::MAX {
                    at = parent[at as usize];
                    chain.push(at);
                }
                chain.reverse();
                return Some(chain);
            }
            let mut next = t.nbrs[k as usize] & own & !seen;
            seen |= next;
            while next != 0 {
                let n = next.trailing_zeros() as usize;
                next &= next - 1;
                parent[n] = k;
                queue[tail] = n as u8;
                tail += 1;
            }
        }
        None
    }

    /// `colour`'s cells joined to its first side, flooded from nothing.
    pub(super) fn reach_from_scratch(&self, colour: Player) -> u64 {
        let t = &*TABLES;
        let own = self.cells[colour.index()];
        let mut reach = t.side_cells[goal_sides(colour).0 as usize] & own;
        let mut frontier = reach;
        while frontier != 0 {
            let mut grow = 0;
            while frontier != 0 {
                grow |= t.nbrs[frontier.trailing_zeros() as usize];
                frontier &= frontier - 1;
            }
            frontier = grow & own & !reach;
            reach |= frontier;
        }
        reach
    }

    /// True when `colour`'s cells join its two sides (a full flood; the hot path keeps
    /// `reach` instead).
    pub(super) fn connected(&self, colour: Player) -> bool {
        self.reach_from_scratch(colour) & TABLES.side_cells[goal_sides(colour).1 as usize] != 0
    }

    /// Grows `colour`'s `reach` after it claimed `new` cells; true when it now touches the
    /// second side, i.e. `colour` has just won.
    #[inline]
    pub(super) fn extend_reach(&mut self, colour: Player, new: u64) -> bool {
        let t = &*TABLES;
        let c = colour.index();
        let (a, b) = goal_sides(colour);
        let own = self.cells[c];
        let mut reach = self.reach[c];
        // New cells on the first side or next to the reached region join it; the flood
        // below picks up whatever they connect, other new cells included.
        let mut seeds = new & t.side_cells[a as usize];
        let mut rest = new & !seeds;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if t.nbrs[k] & reach != 0 {
                seeds |= 1 << k;
            }
        }
        if seeds == 0 {
            return false;
        }
        reach |= seeds;
        let mut frontier = seeds;
        loop {
            let mut grow = 0;
            while frontier != 0 {
                grow |= t.nbrs[frontier.trailing_zeros() as usize];
                frontier &= frontier - 1;
            }
            frontier = grow & own & !reach;
            if frontier == 0 {
                break;
            }
            reach |= frontier;
        }
        self.reach[c] = reach;
        reach & t.side_cells[b as usize] != 0
    }
}

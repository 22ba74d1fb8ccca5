//! Move generation: steps, jump chains, compulsory capture, and a uniform random move that
//! avoids building move lists.
//!
//! Everything works on bitmasks: the soldiers are one `u64`, and the board tables give each
//! point's neighbours, flanking pairs and jumps.

use rand::Rng;

use super::board::{Board, CaptureKind, MAX_HOPS, MAX_SHIFTS, Point, bits};
use super::moves::Move;
use super::state::Soldiers;
use crate::game::Player;

/// The `k`-th lowest set bit of `m` (`k < m.count_ones()`).
#[inline]
pub(super) fn kth_bit(mut m: u64, k: u32) -> Point {
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros() as Point
}

impl Soldiers {
    /// Empty points: neither a soldier nor the hunter.
    #[inline]
    pub(super) fn empty(&self, b: &Board) -> u64 {
        b.all & !self.soldiers & !(1u64 << self.hunter)
    }

    /// True when the hunter has a jump from where he stands.
    #[inline]
    pub(super) fn any_jump(&self, b: &Board) -> bool {
        self.rules.capture == CaptureKind::Jump
            && b.jump_over[self.hunter as usize] & self.soldiers != 0
            && b.jumps_from(self.hunter)
                .iter()
                .any(|&(o, l)| self.soldiers >> o & 1 == 1 && self.soldiers >> l & 1 == 0)
    }

    /// True when the side to move has a legal move.
    pub(super) fn has_move(&self, b: &Board) -> bool {
        match self.side {
            Player::P1 => b.adj[self.hunter as usize] & !self.soldiers != 0 || self.any_jump(b),
            Player::P2 => {
                let (s, t) = (self.soldiers, b.main & self.empty(b));
                b.shifts()
                    .iter()
                    .any(|&(d, m)| ((s & m) << d) & t != 0 || ((t & m) << d) & s != 0)
            }
        }
    }

    /// Clears `out` and fills it with every legal move.
    pub(super) fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let b = self.board();
        match self.side {
            Player::P1 => {
                if self.any_jump(b) {
                    let mut path = [0 as Point; MAX_HOPS];
                    self.chains(b, self.hunter, self.soldiers, &mut path, 0, out);
                    if self.rules.compulsory {
                        return;
                    }
                }
                let h = self.hunter;
                for to in bits(b.adj[h as usize] & !self.soldiers) {
                    out.push(Move::step(h, to));
                }
            }
            Player::P2 => {
                let targets = b.main & self.empty(b);
                for s in bits(self.soldiers) {
                    for to in bits(b.adj[s as usize] & targets) {
                        out.push(Move::step(s, to));
                    }
                }
            }
        }
    }

    /// Jump chains from `cur` after `depth` hops, with `soldiers` left: with compulsory capture
    /// only chains that cannot go on; otherwise every chain (of one hop without multi-jump).
    /// A jumped soldier is gone at once, and the hunter's start point counts as empty.
    pub(super) fn chains(
        &self,
        b: &Board,
        cur: Point,
        soldiers: u64,
        path: &mut [Point; MAX_HOPS],
        depth: usize,
        out: &mut Vec<Move>,
    ) {
        let mut extended = false;
        if (depth == 0 || self.rules.chain) && depth < MAX_HOPS {
            for &(over, land) in b.jumps_from(cur) {
                if soldiers >> over & 1 == 1 && soldiers >> land & 1 == 0 {
                    extended = true;
                    path[depth] = land;
                    self.chains(b, land, soldiers & !(1u64 << over), path, depth + 1, out);
                }
            }
            // Keep slots past the current depth zero, so moves compare exactly.
            path[depth] = 0;
        }
        if depth > 0 && (!extended || !self.rules.compulsory) {
            out.push(Move::from_buffer(self.hunter, depth, *path));
        }
    }

    /// A uniformly random legal move. The soldiers' moves and the hunter's steps are counted
    /// with popcounts and the k-th one taken directly; only positions where the hunter can jump
    /// build the move list.
    pub(super) fn random_legal<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<Move>) -> Option<Move> {
        if self.outcome.is_some() {
            return None;
        }
        let b = self.board();
        match self.side {
            Player::P1 => {
                if self.any_jump(b) {
                    self.generate(buf);
                    return (!buf.is_empty()).then(|| buf[rng.random_range(0..buf.len())]);
                }
                let targets = b.adj[self.hunter as usize] & !self.soldiers;
                let n = targets.count_ones();
                (n > 0).then(|| Move::step(self.hunter, kth_bit(targets, rng.random_range(0..n))))
            }
            Player::P2 => {
                // Each soldier's move is an edge {p, p + d} of one shift group with a soldier on
                // one end and an empty point on the other: count them a group and a direction
                // at a time, then take the k-th.
                let (s, t) = (self.soldiers, b.main & self.empty(b));
                let group = |i: usize| {
                    let (d, m) = b.shifts()[i / 2];
                    // Even: destinations reached going up (+d); odd: soldiers that can go down.
                    if i.is_multiple_of(2) {
                        ((s & m) << d) & t
                    } else {
                        ((t & m) << d) & s
                    }
                };
                let mut counts = [0u8; 2 * MAX_SHIFTS];
                let mut total = 0u32;
                for (i, c) in counts.iter_mut().enumerate().take(2 * b.shifts().len()) {
                    *c = group(i).count_ones() as u8;
                    total += *c as u32;
                }
                if total == 0 {
                    return None;
                }
                let mut k = rng.random_range(0..total);
                for (i, &c) in counts.iter().enumerate() {
                    let c = c as u32;
                    if k < c {
                        let (d, q) = (b.shifts()[i / 2].0 as Point, kth_bit(group(i), k));
                        return Some(if i.is_multiple_of(2) {
                            Move::step(q - d, q)
                        } else {
                            Move::step(q, q - d)
                        });
                    }
                    k -= c;
                }
                None
            }
        }
    }
}

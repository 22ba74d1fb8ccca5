//! Playing a move: the board, the hash and the ply, with each stage reported for the staged
//! record.

use super::moves::{KonaneMove, KonaneStep};
use super::planes::{Board, with_planes};
use super::state::Konane;
use super::zobrist::{ZOBRIST, ZOBRIST_WHITE_TO_MOVE};
use crate::game::Game;

impl Konane {
    /// Plays `mv`, reporting each stage to `record` (a no-op closure on the fast path).
    #[inline(always)]
    pub(super) fn apply_with(&mut self, mv: KonaneMove, mut record: impl FnMut(KonaneStep)) {
        let geo = self.geo();
        let me = self.side_to_move();
        let mut hash = self.hash ^ ZOBRIST_WHITE_TO_MOVE;
        match mv {
            KonaneMove::Remove(sq) => {
                let bit = geo.bit(sq);
                with_planes!(&mut self.board, p => p.toggle(me, bit));
                hash ^= ZOBRIST[me.index()][bit as usize];
                record(KonaneStep::Removed { player: me, square: sq });
            }
            KonaneMove::Jump { from, dir, hops } => {
                let d = dir.delta(geo.s as i32);
                let start = geo.bit(from) as i32;
                with_planes!(&mut self.board, p => {
                    for k in 0..hops as i32 {
                        let at = (start + 2 * k * d) as u32;
                        let over = (start + (2 * k + 1) * d) as u32;
                        let to = (start + (2 * k + 2) * d) as u32;
                        p.toggle(me.other(), over);
                        hash ^= ZOBRIST[me.other().index()][over as usize];
                        record(KonaneStep::Hop {
                            player: me,
                            from: geo.square(at),
                            over: geo.square(over),
                            to: geo.square(to),
                        });
                        record(KonaneStep::Captured { player: me.other(), square: geo.square(over) });
                    }
                    let end = (start + 2 * hops as i32 * d) as u32;
                    p.toggle(me, start as u32);
                    p.toggle(me, end);
                    hash ^= ZOBRIST[me.index()][start as usize] ^ ZOBRIST[me.index()][end as usize];
                });
            }
        }
        self.hash = hash;
        self.ply += 1;
    }
}

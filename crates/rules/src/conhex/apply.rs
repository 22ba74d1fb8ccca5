//! Putting a peg in a hole and claiming the cells it earns.

use super::board::TABLES;
use super::state::ConHex;
use super::zobrist::{CELL_KEYS, PEG_KEYS};
use crate::game::Player;

impl ConHex {
    /// Puts `colour`'s peg in `hole` and claims what it earns; returns the cells claimed.
    /// Does not look for a win (the full-board test resolves whole boards with it).
    ///
    /// Branch-free over the hole's three (padded) cells: random playouts make every branch
    /// here unpredictable, and mispredictions were most of the cost.
    #[inline]
    pub(super) fn place(&mut self, colour: Player, hole: usize) -> u64 {
        let t = &*TABLES;
        let c = colour.index();
        let own = self.pegs[c] | 1 << hole;
        self.pegs[c] = own;
        let mut zobrist = self.zobrist ^ PEG_KEYS[c][hole];
        let open = !(self.cells[0] | self.cells[1]);
        let mut claimed = 0u64;
        for s in &t.slots[hole] {
            // at least 2 of the cell's holes: y != 0; at least 3: z != 0
            let x = own & s.holes;
            let y = x & x.wrapping_sub(1);
            let z = y & y.wrapping_sub(1);
            let hit = u64::from((z | (y & s.need2)) != 0).wrapping_neg() & s.bit & open;
            claimed |= hit;
            zobrist ^= CELL_KEYS[c][s.cell] & u64::from(hit != 0).wrapping_neg();
        }
        self.zobrist = zobrist;
        self.cells[c] |= claimed;
        claimed
    }
}

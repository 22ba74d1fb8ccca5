//! Zobrist keys for pegs, cells, the side to move and the open swap, and the key of a whole
//! position.

use super::board::{CELLS, HOLES};
use super::state::ConHex;

/// SplitMix64, run at compile time for the Zobrist keys.
const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist_keys<const N: usize>(salt: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix(
            salt.wrapping_mul(0x1_0000_0001)
                .wrapping_add((i as u64).wrapping_mul(0x632B_E59B_D9B4_E019)),
        );
        i += 1;
    }
    out
}

pub(super) const PEG_KEYS: [[u64; HOLES]; 2] = [zobrist_keys(1), zobrist_keys(2)];
pub(super) const CELL_KEYS: [[u64; CELLS]; 2] = [zobrist_keys(3), zobrist_keys(4)];
pub(super) const KEY_RED_TO_MOVE: u64 = splitmix(0x00C0_4EE5);
pub(super) const KEY_SWAP_OPEN: u64 = splitmix(0x53A9);

impl ConHex {
    /// The pegs-and-cells Zobrist key computed from nothing (the state keeps it up to date).
    pub(super) fn zobrist_from_scratch(&self) -> u64 {
        let mut key = 0;
        for c in 0..2 {
            for (h, k) in PEG_KEYS[c].iter().enumerate() {
                if self.pegs[c] & (1 << h) != 0 {
                    key ^= k;
                }
            }
            for (cell, k) in CELL_KEYS[c].iter().enumerate() {
                if self.cells[c] & (1 << cell) != 0 {
                    key ^= k;
                }
            }
        }
        key
    }
}

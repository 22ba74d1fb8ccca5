//! Zobrist hashing: keys built at compile time, and the hash of a whole position.

use super::bits;
use super::board::CELLS;
use super::state::{HAND_SIZE, Kansho};
use crate::game::Player;

/// Zobrist keys, generated at compile time from a fixed-seed splitmix64.
pub(super) struct Zobrist {
    pub(super) cell: [[u64; CELLS]; 2],
    pub(super) hand: [[u64; HAND_SIZE as usize + 1]; 2],
    pub(super) side: u64,
}

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build_zobrist() -> Zobrist {
    let mut z = Zobrist {
        cell: [[0; CELLS]; 2],
        hand: [[0; HAND_SIZE as usize + 1]; 2],
        side: 0,
    };
    let mut state = 0x4B41_4E53_484F_u64; // "KANSHO"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            let (s, v) = splitmix(state);
            state = s;
            z.cell[c][i] = v;
            i += 1;
        }
        let mut h = 0;
        while h <= HAND_SIZE as usize {
            let (s, v) = splitmix(state);
            state = s;
            z.hand[c][h] = v;
            h += 1;
        }
        c += 1;
    }
    z.side = splitmix(state).1;
    z
}

pub(super) static ZOBRIST: Zobrist = build_zobrist();

impl Kansho {
    /// The Zobrist key computed from scratch (the incremental one must always equal it).
    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in 0..2 {
            for i in bits::iter(self.markers[c]) {
                h ^= ZOBRIST.cell[c][i];
            }
            h ^= ZOBRIST.hand[c][self.hand[c] as usize];
        }
        if self.to_move == Player::P2 {
            h ^= ZOBRIST.side;
        }
        h
    }
}

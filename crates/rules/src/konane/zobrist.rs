//! Zobrist hashing: fixed keys by colour and bit, and the hash of a whole position.

use super::planes::{Board, Planes, with_planes};
use super::square::WHITE;
use super::state::Konane;
use crate::game::{Game, Player};

/// SplitMix64, usable in constants: the Zobrist keys are fixed across builds.
const fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Bits in the widest layout (18 ranks of 19 bits fit in 384).
const ZOBRIST_BITS: usize = 384;

/// Zobrist keys by colour and bit index.
pub(super) static ZOBRIST: [[u64; ZOBRIST_BITS]; 2] = {
    let mut t = [[0; ZOBRIST_BITS]; 2];
    let mut i = 0;
    while i < 2 * ZOBRIST_BITS {
        t[i / ZOBRIST_BITS][i % ZOBRIST_BITS] = splitmix(0x4B6F_6E61_6E65_0000 + i as u64);
        i += 1;
    }
    t
};

/// Mixed in while White is to move.
pub(super) const ZOBRIST_WHITE_TO_MOVE: u64 = splitmix(0x4B6F_6E61_6E65_FFFF);

impl Konane {
    pub(super) fn compute_hash(&self) -> u64 {
        let mut h = if self.side_to_move() == WHITE {
            ZOBRIST_WHITE_TO_MOVE
        } else {
            0
        };
        with_planes!(&self.board, p => {
            for player in Player::BOTH {
                for bit in Planes::bits_of(p.stones[player.index()]) {
                    h ^= ZOBRIST[player.index()][bit as usize];
                }
            }
        });
        h
    }
}

impl Konane {
    /// The stones of each side as the packed bitboards of boards whose padded layout fits
    /// 128 bits (index by [`Player::index`]; bit `rank * (width + 1) + file`), or `None` on
    /// larger boards. For exact solvers that verify transposition-table hits.
    pub fn packed_stones(&self) -> Option<[u128; 2]> {
        match &self.board {
            Board::Small(p) => Some(p.stones),
            Board::Large(_) => None,
        }
    }
}

//! Kōnane (rule page `shared/rules/konane.md`): the W×H chequerboard of stones, the two opening
//! removals, orthogonal jump chains that may stop after any hop, loss on having no move, the
//! page's notation (`xe4`, `c3-c5-c7`) and the staged record of removals, hops and captures.
//!
//! Boards are bitboards with one padding file per rank (`stride = W + 1`), so a jump off the
//! right edge lands on a padding bit that is never a stone or an empty square, and a jump off the
//! left edge lands on the previous rank's padding bit. Jump generation is then a handful of shifts
//! per direction: with `M = enemy << d & empty`, the landing squares after one hop are
//! `own << 2d & M`, after two hops `(that) << 2d & M`, and so on — squares vacated by the chain lie
//! behind it and never matter. Counting moves is a bit count per landing set, so a uniform random
//! move needs no move list. Boards whose padded layout fits 128 bits (8×8 and up to 10×10) use a
//! native `u128`; larger ones a six-word set (see `bits.rs`). The random jump of playouts packs
//! boards of at most 64 squares (8×8, 6×6) into one `u64` per side first (see `jumps.rs`).

mod apply;
mod bits;
mod game_impl;
mod jumps;
mod moves;
mod notation;
mod options;
mod planes;
mod rules;
mod square;
mod state;
#[cfg(test)]
mod tests;
mod zobrist;

pub use moves::{KonaneMove, KonaneStep, Phase};
pub use options::{KonaneOptions, MAX_SIDE, MIN_SIDE};
pub use square::{Dir, Square};
pub use state::{Konane, SetupError};

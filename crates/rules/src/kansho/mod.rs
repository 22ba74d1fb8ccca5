//! Kansho (rules: `shared/rules/kansho.md`): the game state, its staged turn resolution
//! (place → discard surrounded areas → solo waves → next turn), legality, notation and the
//! [`Game`](crate::game::Game) implementation. The board geometry ([`Board`], [`Cell`]) lives in
//! `board.rs` and `cell.rs`, the result table ([`result_name`], [`Victory`]) in `result.rs` and
//! `result_table.rs`; the position is `state.rs`, the stages `stages.rs`.
//!
//! Each resolution stage is a public method so the client can run the stages as ordered systems
//! and animate each one; [`Game::apply`](crate::game::Game::apply) runs the same methods without
//! recording.

mod bits;
mod board;
mod cell;
mod game_impl;
mod legality;
mod moves;
mod notation;
mod options;
mod result;
mod result_table;
mod setup;
mod stages;
mod state;
#[cfg(test)]
mod tests;
mod zobrist;

pub use board::{BOARD, Bits, Board, CELLS, HOLE, NEIGHBOUR_SLOTS, RADIUS, hex_distance, is_hole, layout};
pub use cell::Cell;
pub use moves::{KanshoMove, KanshoStep};
pub use options::KanshoOptions;
pub use result::{Victory, classify, result_display, result_name};
pub use state::{HAND_SIZE, Kansho, PositionError};

//! The Sixteen Soldiers family (`shared/rules/sixteen-soldiers.md`): one hunter — the General,
//! or the Monk — against many soldiers (Water), on five boards read from the rule book's data.
//!
//! [`board`] owns the data and the tables derived from it, [`moves`] the move type and notation.
//! The options and the rules in force are `options.rs` and `rule_set.rs`; the position is
//! `state.rs` (with its repetition `history.rs` and `zobrist.rs` keys); move generation is
//! `movegen.rs`, the stages of a move (step, jump hops, intervention, custodian capture)
//! `apply.rs`, the end checks in the page's order `judge.rs`, and the staged record and the
//! outcome `steps.rs` and `outcome.rs`; the [`Game`](crate::game::Game) implementation is
//! `game_impl.rs`.
//!
//! The position is two numbers — the hunter's point and a bitmask of soldiers — plus the side
//! to move and the apex flag, so every board (at most 49 points) fits one `u64`.

mod apply;
pub mod board;
mod game_impl;
mod history;
mod judge;
mod legality;
mod movegen;
pub mod moves;
mod options;
mod outcome;
mod picture;
mod rule_set;
mod state;
mod steps;
mod zobrist;

#[cfg(test)]
mod tests;

pub use board::{ApexKind, Board, CaptureKind, MAX_HOPS, Point, Variant};
pub use moves::Move;
pub use options::{RuleSet, SWITCHES, SoldiersOptions};
pub use outcome::{EndReason, NO_CAPTURE_LIMIT, Outcome};
pub use rule_set::Rules;
pub use state::{SetupError, Soldiers};
pub use steps::{Piece, Step};

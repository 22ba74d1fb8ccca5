//! Exact tables of the small Sixteen Soldiers boards (boards 1, 2 and 4 and Monk and Water, any
//! rule set), solved by retrograde analysis: every position a board and rule set allow (up to a
//! number of soldiers), its result with perfect play and its distance in plies.
//!
//! * `index.rs` numbers the positions: layers of one soldier count and apex flag, the soldiers
//!   ranked as a subset of the 25 points they may stand on, the hunter among the free points,
//!   the side to move.
//! * `build.rs` solves the layers from the fewest soldiers up, each by distance, with the
//!   rules' move generator forward and plain steps taken back (`unmove.rs`).
//! * `verify.rs` checks every position against its successors; `file.rs` writes and reads a
//!   table with a header naming the game, board, rules and sizes and a checksum.
//! * `make.rs` builds a table into its folder (cancellable, with progress), the one path of the
//!   engine's `tables build` and the client's Settings; `store.rs` finds and shares tables.
//!
//! **What a value means.** A table's value is the position's value as the first position after
//! a capture (or the start): `moves without capture` at 0 and nothing to repeat. The house rules'
//! draws only ever turn wins into draws, so a drawn value is exact from any game. A win or loss
//! in `p` plies is exact where the no-capture count plus `p` is at most the limit (200): the
//! winner's quickest line ends within `p` plies whatever happens, so the limit cannot bite, and
//! no position repeats on it. [`Table::probe`] answers only there; beyond it the count could
//! bite and it answers nothing. (The longest result of each table is in its header: where it
//! is under 200, every position reached right after a capture is answered.)

mod build;
mod choose;
mod file;
mod index;
pub mod known;
pub mod make;
mod sample;
pub mod store;
mod table;
mod types;
mod unmove;
mod value;
mod verify;

#[cfg(test)]
mod choose_tests;
#[cfg(test)]
mod make_tests;
#[cfg(test)]
mod tests;

pub use choose::Choice;
pub use file::{TableError, file_name, rules_text};
pub use index::{Layer, Layout, Pos};
pub use sample::{Sampled, compare_with_prover};
pub use table::Table;
pub use types::{BuildError, Mismatch, Stats};
pub use value::Value;

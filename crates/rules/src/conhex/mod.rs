//! ConHex (Michail Antonow): pegs in holes claim the cells around them; Blue joins top and
//! bottom, Red left and right. `board` owns the geometry; the position is `state.rs`, placing a
//! peg `apply.rs`, finding a connection `connection.rs`, and the notation `notation.rs`. Rules:
//! `shared/rules/conhex.md`.
//!
//! **Sides are colours.** [`Player::P1`](crate::game::Player::P1) is Blue (connects `N`–`S`,
//! moves first) and [`Player::P2`](crate::game::Player::P2) is Red (`W`–`E`). `side_to_move`,
//! `status` and every `Step` speak in colours, as the engine protocol does. The swap (pie rule) leaves the board alone and keeps Red to
//! move; what it changes is which *seat* (person) plays which colour, which only the client
//! cares about: see [`ConHex::swapped`] and [`ConHex::seat_colour`]. Seats are also named with
//! `Player`: seat `P1` is the person who placed the first peg.
//!
//! Representation: one `u128` of holes per colour and one `u64` of owned cells per colour;
//! a peg tests only the (at most three) unowned cells its hole counts for, branch-free, and a
//! win is found by growing, per colour, the set of its cells joined to its first side (a
//! bitset flood from the newly claimed cells only) until it touches the second side.

mod apply;
mod board;
mod connection;
mod game_impl;
mod moves;
mod notation;
mod options;
mod picture;
mod select;
mod state;
#[cfg(test)]
mod tests;
mod zobrist;

pub use board::{Board, CELLS, Cell, CellKind, HOLES, Hole, Side, board};
pub use moves::{ConHexMove, ConHexStep};
pub use options::ConHexOptions;
pub use state::{ConHex, goal_sides};

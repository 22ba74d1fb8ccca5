//! Qyshinsu (rule page `shared/rules/qyshinsu.md`; "Qushinsu" in the seed): the ring of twelve
//! positions, each side's two stones of six kinds, adds and removals limited by the opponent's
//! last move (n-stone distance, Old Stone add, Old Stone remove), Precepts 1–3, loss on having no
//! move, the house-rule draw on the third occurrence of a position, the notation (`o@7`, `4@2`,
//! `x@9`) and the staged record.
//!
//! **Repetition history.** Nothing in Qyshinsu is irreversible (removed stones go back to hand),
//! so a position can recur after any number of moves and the full history is kept. A position is
//! the ring (12 cells × 4 bits), each player's last move (8 bits each) and the side to move; the
//! hands follow from the ring. The first two fill exactly 64 bits, and the side to move is the
//! parity of the history index, so the history stores *exact* position codes: no hash collision
//! can ever fake a repetition. The first [`INLINE_HISTORY`] codes live inline (clone is a memcpy,
//! the hot path never allocates in a typical game); longer games spill into a `Vec`.

mod apply;
mod constraint;
mod game_impl;
mod history;
mod legality;
mod movegen;
mod moves;
mod notation;
mod options;
mod ring;
mod state;
mod stones;

#[cfg(test)]
mod tests;

pub use constraint::Constraint;
pub use history::INLINE_HISTORY;
pub use moves::{Action, LastMove, QyshinsuMove, QyshinsuStep};
pub use options::{ALIASES, QyshinsuOptions};
pub use ring::{Positions, RING, around, distance};
pub use state::Qyshinsu;
pub use stones::{Kind, Stone};

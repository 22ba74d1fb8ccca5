//! Puzzles: positions from real play where the side to move has exactly one winning move,
//! proven, with the line that follows it (issue 77; docs/puzzles.md).
//!
//! * [`oracle`] — which moves win: the exact solver where it proves the whole game, an exact
//!   search bounded in depth elsewhere.
//! * [`find`] — whether a position is a puzzle, its solution line, rating and themes.
//! * [`generate`] — self-play between the levels, every position reached offered to [`find`].
//! * [`check`] — re-verifying a puzzle, and whether a player's answer counts.
//! * [`attempt`] — a player's attempt at one puzzle (answers, replies, hints, the result);
//!   [`refute`] — the opponent's winning reply to a wrong move; [`choose`] — the next puzzle
//!   near a rating, in a streak, and the daily puzzle; [`own`] — puzzles from the player's
//!   own reviewed games.
//!
//! A puzzle file has one puzzle a line, nine `|`-separated columns: the seven of the export
//! (`<id>|<game>|<options or ->|<moves before>|<solution line>|<rating>|<themes>`), then how
//! the wins are proven (`solver` or `h=N`, the bounded search's horizon) and the game it came
//! from. Blank lines and lines starting with `#` are skipped.

pub mod attempt;
pub mod calibrate;
pub mod check;
pub mod choose;
pub mod find;
mod game;
pub mod generate;
pub mod oracle;
pub mod own;
mod puzzle;
pub mod refute;
mod shipped;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_own;
#[cfg(test)]
mod tests_play;
mod themes;

pub use attempt::{Answered, Attempt};
pub use check::{answer_is_correct, check_file, verify};
pub use game::PuzzleGame;
pub use oracle::{Method, Oracle};
pub use puzzle::{Puzzle, PuzzleError, PuzzleFileError, options_text, parse_file};
pub use shipped::shipped;

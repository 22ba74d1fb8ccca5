//! parlour-rating: Glicko-2 with lichess's semantics, for the server's ratings and the client's
//! puzzle rating ([`rate_puzzle`]).
//!
//! The server keeps one rating per player and game-and-variant: a [`PlayerRating`], which is the
//! [`Glicko`] triple (rating, deviation, volatility) as it stood right after the player's last
//! rated game, the number of rated games, and that game's time. [`update`] rates one finished
//! game; [`PlayerRating::live`] is the rating to show or pair on at any moment.
//!
//! The semantics are lichess's, not the textbook's rating periods (Glickman, "Example of the
//! Glicko-2 system"):
//!
//! * every game is rated the moment it ends, as a rating period of its own in which the
//!   deviation does not grow (Glickman's step 6 with zero periods, lichess's
//!   `skipDeviationIncrease = true`); both players are updated at once, each against the other's
//!   rating from before the game;
//! * time away grows the deviation instead, by a fractional number of rating periods
//!   ([`RATING_PERIODS_PER_DAY`], chosen by lichess so that a deviation of 60 reaches 110 after a
//!   year away), between [`MIN_DEVIATION`] and [`MAX_DEVIATION`];
//! * a new player starts at 1500 / 500 / 0.09 with τ = 0.75; a game moves a rating by at most
//!   [`MAX_RATING_DELTA`]; ratings are kept at or above [`MIN_RATING`] and volatility at or below
//!   [`MAX_VOLATILITY`]; a result outside lichess's sanity bounds resets the rating to the default;
//! * a rating is provisional while its deviation is at least [`PROVISIONAL_DEVIATION`] (110).
//!
//! The textbook rating period over many games is there too ([`rate_period`]), with τ and the
//! number of elapsed periods as arguments: it is what Glickman's worked example checks.
//!
//! Where the code came from: scalachess's `rating/src/main/scala/glicko/` (`GlickoCalculator`,
//! `impl/RatingCalculator.scala`, `impl/results.scala`, `model.scala`; lichess moved its Glicko-2
//! there from lila's `modules/rating/src/main/glicko2/`), and lila's
//! `modules/rating/src/main/Glicko.scala` (the constants), `Perf.scala` (the live deviation, the
//! ±700 limit and the sanity reset) and `modules/round/src/main/PerfsUpdater.scala` (how one game
//! is rated). The commits are named in `src/tests/lichess.rs`.
//!
//! Left out, on purpose:
//!
//! * lichess's colour advantage (`ColorAdvantage`: about 11.8 points for White in standard chess,
//!   20.3 in crazyhouse, half of it added to one side's rating and taken from the other's in the
//!   expected score): Parlour's games have no such advantage to correct for, so the expected score
//!   is Glickman's plain one;
//! * lichess's `RatingRegulator` (a per-chess-variant factor of 1.005 to 1.02 on rating gains) and
//!   the halving of a human's change against a bot, which answer problems of lichess's own pools;
//! * the chess-only aggregate "standard" rating and the leaderboard thresholds.
//!
//! No I/O, no randomness, no dependencies. Times are Unix seconds (`i64`, the server's clock)
//! where lichess counts milliseconds: the difference is under a second's worth of a rating period.

mod constants;
mod glicko;
mod glicko2;
mod outcome;
mod player;
mod puzzle;

pub use constants::{
    CONVERGENCE_TOLERANCE, DEFAULT_RATING, DEFAULT_VOLATILITY, MAX_DEVIATION, MAX_ITERATIONS, MAX_RATING,
    MAX_RATING_DELTA, MAX_VOLATILITY, MIN_DEVIATION, MIN_RATING, PROVISIONAL_DEVIATION, RATING_PERIODS_PER_DAY, SCALE,
    TAU,
};
pub use glicko::{Glicko, rating_periods};
pub use glicko2::{NoConvergence, rate_game, rate_period};
pub use outcome::Outcome;
pub use player::{PlayerRating, update};
pub use puzzle::{PUZZLE_DEVIATION, rate_puzzle};

#[cfg(test)]
mod tests;

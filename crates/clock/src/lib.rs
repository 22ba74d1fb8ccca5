//! parlour-clock: the clocks of online games, decided by the server alone.
//!
//! * [`TimeControl`]: a live game's base time and increment (`5+3`: five minutes, three seconds a
//!   move), its speed, the time allowed for the first move and the grace before an absent player's
//!   game can be claimed; the presets each game offers ([`presets`]).
//! * [`Clock`]: both sides' time, charged by the server's own clock less a lag compensation
//!   bounded by a quota ([`LagTracker`]), as lichess's scalachess does: the client reports its
//!   thinking time, the server measures the whole turn, the difference is lag, and lag is given
//!   back only up to the quota, so a client that lies about its time gains at most the quota. The
//!   clock starts with the first side's first move (that move itself is not charged, but must
//!   come within [`TimeControl::first_move_ms`] or the game is aborted).
//! * [`DaysPerMove`]: correspondence games, one deadline a move; [`Pace`]: which of the three a
//!   game is played at (untimed, live, correspondence), as seeks and games carry it.
//!
//! Nothing here reads a clock: every operation takes the time (`now`, Unix milliseconds) as an
//! argument, so the server's clock, a test's simulated days and a stored game all drive it alike,
//! and a [`Clock`] serialises to be kept with its game in the database.
//!
//! Where the code came from: scalachess's `core/src/main/scala/{Clock,LagTracker,
//! DecayingStats,MoveMetrics}.scala` (lichess's clock; its `ClockLagCompTest` vectors are this
//! crate's tests, in milliseconds where scalachess counts hundredths), and lila's
//! `RoundGame.scala` / `RoundAsyncActor.scala` for the first-move and absence times.

mod clock;
mod config;
mod correspondence;
mod lag;
mod pace;
#[cfg(test)]
mod tests;

pub use clock::{Clock, ClockView, MAX_REPORTED_MS, MoveMetrics, SideClock, Step, Timing};
pub use config::{ClockError, Speed, TimeControl, presets};
pub use correspondence::{DaysPerMove, Turn, time_left_text};
pub use lag::{DecayingStats, LagTracker};
pub use pace::Pace;

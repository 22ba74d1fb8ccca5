//! The clock measurement's checks against the reference (issue 75, item 5): a game's stored
//! moves (the server's time each was stored at and the thinking time reported) stepped through
//! `parlour-clock`'s own [`Clock`] give, for every move, the time it should have been charged and
//! the compensation it should have been given; those are compared with what the players read
//! from the server's clock views, and with the true thinking time each player knows.

use parlour_clock::{Clock, MoveMetrics, Pace};
use parlour_rules::Player;
use parlour_rules::dynamic::GameSetup;

use super::clock_game::GameRecord;
use crate::store::StoredGame;

/// One charged move, as observed and as the reference has it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MoveCheck {
    /// The move's number.
    pub ply: u32,
    /// Whether the client reported its true thinking time.
    pub honest: bool,
    /// The true thinking time.
    pub true_ms: i64,
    /// What the server charged, read from its clock views.
    pub charged_ms: i64,
    /// What the reference charges for the same stored inputs.
    pub ref_charged_ms: i64,
    /// The compensation the server gave: the turn it measured less what it charged.
    pub comp_ms: i64,
    /// The reference's compensation.
    pub ref_comp_ms: i64,
    /// The mover's lag quota before the move (the most it could be given back).
    pub quota_ms: i64,
}

impl MoveCheck {
    /// Charged less true thinking time.
    pub fn error_ms(&self) -> i64 {
        self.charged_ms - self.true_ms
    }

    /// What the mover gained: true thinking time not charged.
    pub fn gain_ms(&self) -> i64 {
        self.true_ms - self.charged_ms
    }

    /// Whether the server's charge and compensation are the reference's.
    pub fn equal_to_reference(&self) -> bool {
        self.charged_ms == self.ref_charged_ms && self.comp_ms == self.ref_comp_ms
    }
}

/// The reference clock of a stored game before each stored move, and after the last.
fn reference(stored: &StoredGame) -> Result<(Vec<Clock>, Clock), String> {
    let Pace::Live(control) = stored.pace else {
        return Err(format!("game {} is not on a live clock", stored.code));
    };
    let setup = GameSetup::parse(&stored.game, &stored.options).map_err(|e| e.to_string())?;
    let mut rules = setup.start();
    let first = Player::BOTH[rules.turn().unwrap_or(0).min(1)];
    let mut clock = Clock::new(control, first, stored.started_ms);
    let mut before = Vec::new();
    for (mv, times) in stored.moves.iter().zip(&stored.times) {
        rules.play(mv).map_err(|e| format!("{}: {mv}: {e}", stored.code))?;
        let next = rules.turn().map_or(clock.turn.other(), |t| Player::BOTH[t.min(1)]);
        let at = times
            .at_ms
            .ok_or_else(|| format!("{}: a move without its time", stored.code))?;
        before.push(clock);
        clock = clock
            .step(at, MoveMetrics::thinking(times.think_ms.unwrap_or(0)), next)
            .clock;
    }
    Ok((before, clock))
}

/// Every charged move of `record` checked against `stored`; `Err` when the stored game is not the
/// one the players played (other moves, other reported times).
pub fn check_game(stored: &StoredGame, record: &GameRecord) -> Result<Vec<MoveCheck>, String> {
    let (before, _) = reference(stored)?;
    if before.len() != record.moves.len() {
        return Err(format!(
            "{}: {} moves stored, {} acknowledged",
            stored.code,
            before.len(),
            record.moves.len()
        ));
    }
    let mut checks = Vec::new();
    for (i, (seen, clock)) in record.moves.iter().zip(&before).enumerate() {
        let times = stored.times[i];
        if seen.ply as usize != i || times.think_ms != Some(seen.reported_ms) {
            return Err(format!("{}: move {i} is not stored as reported", stored.code));
        }
        let Some(began) = clock.timer else {
            continue; // the first move: not charged, it starts the clock
        };
        let at = times.at_ms.unwrap_or(began);
        let me = clock.turn.index();
        let step = clock.step(at, MoveMetrics::thinking(seen.reported_ms), clock.turn.other());
        let increment = if step.in_time() {
            clock.control.increment_ms()
        } else {
            0
        };
        checks.push(MoveCheck {
            ply: seen.ply,
            honest: !seen.lie,
            true_ms: seen.true_ms,
            charged_ms: seen.charged_ms,
            ref_charged_ms: step.clock.sides[me].elapsed_ms - clock.sides[me].elapsed_ms + increment,
            comp_ms: (at - began) - seen.charged_ms,
            ref_comp_ms: step.compensated_ms.unwrap_or(0),
            quota_ms: clock.sides[me].lag.quota_ms,
        });
    }
    Ok(checks)
}

/// When the reference says the game's running side falls, its grace included: the deadline by
/// which a server must store the fall without a move.
pub fn fall_deadline(stored: &StoredGame) -> Result<Option<i64>, String> {
    Ok(reference(stored)?.1.falls_at())
}

/// The `q` quantile of `v` (sorted in place).
pub fn quantile(v: &mut [i64], q: f64) -> i64 {
    v.sort_unstable();
    v.get(((v.len() as f64 * q) as usize).min(v.len().saturating_sub(1)))
        .copied()
        .unwrap_or(0)
}

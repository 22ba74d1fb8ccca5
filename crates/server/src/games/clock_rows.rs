//! A live clock rebuilt from a game's stored rows, and the moments a server must look at it
//! (issue 75): the pure part of [`super::timing`], which every other part of the registry reads.

use parlour_clock::{Clock, MoveMetrics, Pace, Turn};
use parlour_online::wire::Seat;
use parlour_rules::Player;
use parlour_rules::dynamic::GameSetup;

use super::refusal::PlayRefusal;
use crate::store::{StoreError, StoredGame, TimeOut};

/// When a new game on `pace` must be looked at without a move: its first move's deadline (by
/// correspondence, the first turn's).
pub fn first_check_at(pace: &Pace, started_ms: i64) -> Option<i64> {
    match pace {
        Pace::Live(control) => Some(started_ms + control.first_move_ms()),
        Pace::Correspondence(days) => Some(started_ms + days.ms()),
        Pace::Untimed => None,
    }
}

/// By correspondence: the turn of the side to move, which began with the last move stored (or
/// with the game), or with a takeback accepted after it (the side to move then has the whole
/// time again).
pub(super) fn turn_of(stored: &StoredGame) -> Option<Turn> {
    let Pace::Correspondence(days) = stored.pace else {
        return None;
    };
    let moved = stored.times.last().and_then(|t| t.at_ms).unwrap_or(stored.started_ms);
    let began_at = stored.taken_back_ms.map_or(moved, |t| t.max(moved));
    Some(Turn { began_at, days })
}

/// The clock of a game on a live clock, rebuilt from its rows (`None` for any other pace).
pub(super) fn clock_of(stored: &StoredGame, setup: &GameSetup) -> Result<Option<Clock>, StoreError> {
    let Pace::Live(control) = stored.pace else {
        return Ok(None);
    };
    let mut rules = setup.start();
    let mut clock = Clock::new(control, player(rules.turn().unwrap_or(0)), stored.started_ms);
    for (mv, times) in stored.moves.iter().zip(&stored.times) {
        rules
            .play(mv)
            .map_err(|e| StoreError::Damaged(format!("stored move {mv}: {e}")))?;
        let next = rules.turn().map_or(clock.turn.other(), player);
        let at = times.at_ms.unwrap_or(clock.turn_began);
        clock = clock.step(at, metrics(times.think_ms), next).clock;
    }
    Ok(Some(clock))
}

pub(super) fn player(index: usize) -> Player {
    Player::BOTH[index.min(1)]
}

pub(super) fn metrics(think_ms: Option<i64>) -> MoveMetrics {
    MoveMetrics {
        client_move_ms: think_ms,
        client_lag_ms: None,
    }
}

/// The seat of a player (seats and sides share their order).
pub(super) fn seat(p: Player) -> Seat {
    Seat::BOTH[p.index()]
}

/// When a server must look at the game without a move: the first moves' deadline, or the
/// running side's fall with its grace; `None` once over or untimed.
pub(super) fn check_at(clock: Option<&Clock>, over: bool) -> Option<i64> {
    let c = clock.filter(|_| !over)?;
    c.abort_at().or_else(|| c.falls_at())
}

/// The refusal a move gets when the clock ended the game instead.
pub(super) fn refusal(code: &str, out: TimeOut) -> PlayRefusal {
    match out {
        TimeOut::Fell(_) => PlayRefusal::TimeRanOut(code.to_string()),
        TimeOut::Aborted(_) => PlayRefusal::TooLateToStart(code.to_string()),
    }
}

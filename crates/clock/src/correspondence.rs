//! Correspondence games: days a move, each move giving the other side the full time again.

use serde::{Deserialize, Serialize};

use crate::config::ClockError;

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

/// The days each move may take: 1, 2, 3, 5, 7 or 14.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8", into = "u8")]
pub struct DaysPerMove(u8);

impl DaysPerMove {
    /// The choices offered.
    pub const ALLOWED: [u8; 6] = [1, 2, 3, 5, 7, 14];

    /// A checked number of days.
    pub fn new(days: u8) -> Result<DaysPerMove, ClockError> {
        if Self::ALLOWED.contains(&days) {
            Ok(DaysPerMove(days))
        } else {
            Err(ClockError(format!(
                "a correspondence game allows 1, 2, 3, 5, 7 or 14 days a move, not {days}"
            )))
        }
    }

    /// The number of days.
    pub fn days(self) -> u8 {
        self.0
    }

    /// The time a move may take, in milliseconds.
    pub fn ms(self) -> i64 {
        i64::from(self.0) * DAY_MS
    }
}

impl TryFrom<u8> for DaysPerMove {
    type Error = ClockError;

    fn try_from(days: u8) -> Result<DaysPerMove, ClockError> {
        DaysPerMove::new(days)
    }
}

impl From<DaysPerMove> for u8 {
    fn from(days: DaysPerMove) -> u8 {
        days.0
    }
}

/// One correspondence turn: when it began and how long it may last.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Turn {
    /// When the side to move was given the move (Unix milliseconds).
    pub began_at: i64,
    /// The time control.
    pub days: DaysPerMove,
}

impl Turn {
    /// The moment the side to move loses on time without a move.
    pub fn deadline(&self) -> i64 {
        self.began_at + self.days.ms()
    }

    /// The moment a reminder is due: when 80 % of the turn's time has gone.
    pub fn reminder_at(&self) -> i64 {
        self.began_at + self.days.ms() / 5 * 4
    }

    /// The time left at `now` (never below zero).
    pub fn left_ms(&self, now: i64) -> i64 {
        (self.deadline() - now).max(0)
    }

    /// Whether the turn's time has run out at `now`.
    pub fn is_over(&self, now: i64) -> bool {
        now >= self.deadline()
    }
}

/// Time left on a turn as a person says it: "2 days 4 h", "5 h", "under an hour" (the "your
/// move" lists and the notices).
pub fn time_left_text(ms: i64) -> String {
    let hours = ms.max(0) / 3_600_000;
    match (hours / 24, hours % 24) {
        (0, 0) => "under an hour".to_string(),
        (0, h) => format!("{h} h"),
        (1, 0) => "1 day".to_string(),
        (d, 0) => format!("{d} days"),
        (1, h) => format!("1 day {h} h"),
        (d, h) => format!("{d} days {h} h"),
    }
}

#[cfg(test)]
mod time_left_tests {
    use super::time_left_text;

    #[test]
    fn time_left_reads_as_a_person_says_it() {
        let h = 3_600_000;
        assert_eq!(time_left_text(30 * 60_000), "under an hour");
        assert_eq!(time_left_text(5 * h), "5 h");
        assert_eq!(time_left_text(24 * h), "1 day");
        assert_eq!(time_left_text(52 * h), "2 days 4 h");
        assert_eq!(time_left_text(-5), "under an hour");
    }
}

//! A live game's time control and what follows from it.

use std::fmt;
use std::str::FromStr;

use parlour_rules::GameId;
use serde::{Deserialize, Serialize};

/// Why a time control, a number of days or a reported time was refused: one sentence for a
/// player.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClockError(pub String);

impl fmt::Display for ClockError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for ClockError {}

/// The longest base time: three hours.
pub const MAX_LIMIT_S: u32 = 180 * 60;
/// The largest increment: three minutes a move.
pub const MAX_INCREMENT_S: u32 = 180;

/// A live game's time control: each side starts with `limit_s` seconds and gains `increment_s`
/// after each of its moves made in time. Read from the wire or a store, it is checked as
/// [`TimeControl::new`] checks it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "Unchecked")]
pub struct TimeControl {
    /// The base time in seconds (0 allowed when there is an increment).
    pub limit_s: u32,
    /// Seconds added after each move.
    pub increment_s: u32,
}

/// A time control as read, before it is checked.
#[derive(Deserialize)]
struct Unchecked {
    limit_s: u32,
    increment_s: u32,
}

impl TryFrom<Unchecked> for TimeControl {
    type Error = ClockError;

    fn try_from(raw: Unchecked) -> Result<TimeControl, ClockError> {
        TimeControl::new(raw.limit_s, raw.increment_s)
    }
}

/// How fast a time control is, by its estimated length (lichess's bounds on `limit + 40 × inc`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash, Serialize, Deserialize)]
pub enum Speed {
    /// Under 3 minutes (estimated).
    Bullet,
    /// Under 8 minutes.
    Blitz,
    /// Under 25 minutes.
    Rapid,
    /// 25 minutes and more.
    Classical,
}

impl TimeControl {
    /// A checked time control: the base at most three hours, the increment at most three minutes,
    /// not both zero.
    pub fn new(limit_s: u32, increment_s: u32) -> Result<TimeControl, ClockError> {
        if limit_s > MAX_LIMIT_S {
            return Err(ClockError(format!(
                "a clock's base time is at most {} minutes, not {}",
                MAX_LIMIT_S / 60,
                minutes_text(limit_s)
            )));
        }
        if increment_s > MAX_INCREMENT_S {
            return Err(ClockError(format!(
                "a clock's increment is at most {MAX_INCREMENT_S} seconds a move, not {increment_s}"
            )));
        }
        if limit_s == 0 && increment_s == 0 {
            return Err(ClockError("a clock of 0+0 leaves no time to move".into()));
        }
        Ok(TimeControl { limit_s, increment_s })
    }

    /// lichess's estimate of a game's length in seconds: the base and forty increments.
    pub fn estimate_total_s(self) -> u32 {
        self.limit_s + 40 * self.increment_s
    }

    /// How fast this control is.
    pub fn speed(self) -> Speed {
        match self.estimate_total_s() {
            t if t < 180 => Speed::Bullet,
            t if t < 480 => Speed::Blitz,
            t if t < 1500 => Speed::Rapid,
            _ => Speed::Classical,
        }
    }

    /// The time each side starts with, in milliseconds (a base of 0 starts with the increment, at
    /// least three seconds, as lichess does).
    pub fn initial_ms(self) -> i64 {
        if self.limit_s == 0 {
            i64::from(self.increment_s.max(3)) * 1000
        } else {
            i64::from(self.limit_s) * 1000
        }
    }

    /// The increment in milliseconds.
    pub fn increment_ms(self) -> i64 {
        i64::from(self.increment_s) * 1000
    }

    /// How long each of the first two moves may take before the game is aborted, unrated
    /// (lichess's 20–35 s by speed; the first move is counted from the game's start, the second
    /// from the first).
    pub fn first_move_ms(self) -> i64 {
        match self.speed() {
            Speed::Bullet => 20_000,
            Speed::Blitz => 25_000,
            Speed::Rapid => 30_000,
            Speed::Classical => 35_000,
        }
    }

    /// How long a player's connection may stay quiet before the other may claim the game
    /// (lichess's 40 s, twice for rapid, three times for classical); a closed tab counts after
    /// [`TimeControl::CLOSED_TAB_MS`].
    pub fn gone_after_ms(self) -> i64 {
        40_000
            * match self.speed() {
                Speed::Bullet | Speed::Blitz => 1,
                Speed::Rapid => 2,
                Speed::Classical => 3,
            }
    }

    /// A closed tab (a connection that said goodbye) counts as gone after this long.
    pub const CLOSED_TAB_MS: i64 = 10_000;
}

/// `5+3`: minutes (whole, or ¼ ½ ¾ 1.5 written `0.25`, `0.5`, `0.75`, `1.5`) and seconds.
impl fmt::Display for TimeControl {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", minutes_text(self.limit_s), self.increment_s)
    }
}

fn minutes_text(limit_s: u32) -> String {
    if limit_s.is_multiple_of(60) {
        (limit_s / 60).to_string()
    } else {
        let s = format!("{:.2}", f64::from(limit_s) / 60.0);
        s.trim_end_matches('0').trim_end_matches('.').to_string()
    }
}

impl FromStr for TimeControl {
    type Err = ClockError;

    fn from_str(text: &str) -> Result<TimeControl, ClockError> {
        let bad = || ClockError(format!("“{text}” is not a clock: write minutes+seconds, e.g. 5+3"));
        let (minutes, seconds) = text.trim().split_once('+').ok_or_else(bad)?;
        let limit_s = match minutes {
            "0.25" | "¼" => 15,
            "0.5" | "½" => 30,
            "0.75" | "¾" => 45,
            "1.5" => 90,
            m if !m.is_empty() && m.len() <= 4 && m.bytes().all(|b| b.is_ascii_digit()) => {
                m.parse::<u32>().map_err(|_| bad())? * 60
            }
            _ => return Err(bad()),
        };
        if seconds.is_empty() || seconds.len() > 4 || !seconds.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        TimeControl::new(limit_s, seconds.parse().map_err(|_| bad())?)
    }
}

/// The time controls offered for a game, shortest first. A game of many short moves (Kōnane,
/// Qyshinsu, the Sixteen Soldiers) gets the faster ones; Kansho and ConHex, whose moves take
/// thought, the slower.
pub fn presets(game: GameId) -> &'static [TimeControl] {
    const fn tc(limit_min: u32, increment_s: u32) -> TimeControl {
        TimeControl {
            limit_s: limit_min * 60,
            increment_s,
        }
    }
    const QUICK: &[TimeControl] = &[tc(3, 2), tc(5, 3), tc(10, 5), tc(15, 10)];
    const SLOW: &[TimeControl] = &[tc(5, 3), tc(10, 5), tc(15, 10), tc(30, 20)];
    match game {
        GameId::Kansho | GameId::ConHex => SLOW,
        GameId::Konane | GameId::Qyshinsu | GameId::Soldiers => QUICK,
    }
}

//! How fast a game is played: untimed, on a live clock, or by correspondence.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::config::{ClockError, TimeControl};
use crate::correspondence::DaysPerMove;

/// A game's pace, as a seek asks for it and a game keeps it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum Pace {
    /// No clock (games by invite code, and seeks that ask for none).
    #[default]
    Untimed,
    /// A live clock.
    Live(TimeControl),
    /// Days a move.
    Correspondence(DaysPerMove),
}

impl Pace {
    /// Whether no clock is kept (for `skip_serializing_if`).
    pub fn is_untimed(&self) -> bool {
        *self == Pace::Untimed
    }

    /// The engine protocol's word for a pace: `clock=5+3`, `days=3`, or none.
    pub fn from_engine_words(clock: Option<&str>, days: Option<&str>) -> Result<Pace, ClockError> {
        match (clock, days) {
            (None, None) => Ok(Pace::Untimed),
            (Some(c), None) => Ok(Pace::Live(c.parse()?)),
            (None, Some(d)) => {
                let n: u8 = d
                    .parse()
                    .map_err(|_| ClockError(format!("“{d}” is not a number of days")))?;
                Ok(Pace::Correspondence(DaysPerMove::new(n)?))
            }
            (Some(_), Some(_)) => Err(ClockError("a game has a clock or days a move, not both".into())),
        }
    }
}

/// `-` untimed, `5+3` a live clock, `days=3` correspondence (the engine protocol's column).
impl fmt::Display for Pace {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Pace::Untimed => f.write_str("-"),
            Pace::Live(tc) => write!(f, "{tc}"),
            Pace::Correspondence(d) => write!(f, "days={}", d.days()),
        }
    }
}

impl FromStr for Pace {
    type Err = ClockError;

    fn from_str(text: &str) -> Result<Pace, ClockError> {
        match text {
            "-" => Ok(Pace::Untimed),
            t => match t.strip_prefix("days=") {
                Some(d) => Pace::from_engine_words(None, Some(d)),
                None => Ok(Pace::Live(t.parse()?)),
            },
        }
    }
}

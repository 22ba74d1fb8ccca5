//! Both sides' time in a live game: charged by the server's clock, less the lag it gives back.

use parlour_rules::Player;
use serde::{Deserialize, Serialize};

use crate::config::{ClockError, TimeControl};
use crate::lag::LagTracker;

/// The longest thinking time a client may report for one move (a day): anything above is refused
/// as nonsense rather than clamped.
pub const MAX_REPORTED_MS: i64 = 24 * 60 * 60 * 1000;

/// What a client says about a move's time, in milliseconds: its own thinking time (the time from
/// seeing the position to sending the move), or, failing that, its measured network lag.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct MoveMetrics {
    /// The round trip the client measured, if it reports lag directly.
    pub client_lag_ms: Option<i64>,
    /// The thinking time the client measured for this move.
    pub client_move_ms: Option<i64>,
}

impl MoveMetrics {
    /// A client's thinking time.
    pub fn thinking(ms: i64) -> MoveMetrics {
        MoveMetrics {
            client_move_ms: Some(ms),
            client_lag_ms: None,
        }
    }

    /// Refuses a negative time or one over a day: nonsense, not lag.
    pub fn checked(self) -> Result<MoveMetrics, ClockError> {
        for (what, value) in [("thinking time", self.client_move_ms), ("lag", self.client_lag_ms)] {
            match value {
                Some(ms) if ms < 0 => return Err(ClockError(format!("a move's {what} cannot be negative ({ms} ms)"))),
                Some(ms) if ms > MAX_REPORTED_MS => {
                    return Err(ClockError(format!("a move's {what} of {ms} ms is more than a day")));
                }
                _ => {}
            }
        }
        Ok(self)
    }

    /// The lag these metrics imply for a turn the server measured as `elapsed`: the part of the
    /// turn the client did not spend thinking (scalachess's `reportedLag`).
    pub fn reported_lag(self, elapsed_ms: i64) -> Option<i64> {
        self.client_move_ms.map(|mt| elapsed_ms - mt).or(self.client_lag_ms)
    }
}

/// One side's account: the time it has used (less its increments) and its lag compensation.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct SideClock {
    /// Time charged so far, increments subtracted; may pass the initial time only at a fall.
    pub elapsed_ms: i64,
    /// The side's lag compensation.
    pub lag: LagTracker,
}

/// A live game's clock, as the server keeps it with the game. Times are Unix milliseconds handed
/// in by the caller.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Clock {
    /// The time control.
    pub control: TimeControl,
    /// The side whose turn it is (whose clock runs, once it runs).
    pub turn: Player,
    /// Each side's account, indexed by [`Player::index`].
    pub sides: [SideClock; 2],
    /// When the running side's turn began; `None` before the first move and once stopped.
    pub timer: Option<i64>,
    /// When the side to move's turn began, running or not (the first moves' deadline counts from it).
    pub turn_began: i64,
    /// Moves played on this clock.
    pub moves: u32,
}

/// What one move did to the clock.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Step {
    /// The clock after the move.
    pub clock: Clock,
    /// The lag given back (`None` for a move before the clock ran).
    pub compensated_ms: Option<i64>,
    /// Whether the move came in time; a move that did not is not played.
    pub timing: Timing,
}

/// Whether a move came in time, and if not, what follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Timing {
    /// In time: the move is played and the other side's clock runs.
    InTime,
    /// After the mover's time ran out: the clock is stopped with the time charged; the mover has
    /// lost on time.
    Fell,
    /// One of the first two moves, after its deadline: the game is aborted, unrated.
    TooLateToStart,
    /// The clock was already stopped: the game is over.
    Stopped,
}

impl Step {
    /// Whether the move came in time (and is to be played).
    pub fn in_time(&self) -> bool {
        self.timing == Timing::InTime
    }
}

/// The clock as a client shows it: each side's time left at the moment the server looked, and
/// whose clock runs from then.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct ClockView {
    /// Milliseconds left, first-named side (`P1`) first.
    pub remaining_ms: [i64; 2],
    /// The side whose clock runs, if one does.
    pub running: Option<Player>,
    /// Before the clock runs: milliseconds left for the side to move to make its first move.
    pub first_move_ms: Option<i64>,
}

impl Clock {
    /// A new game's clock at `now`, with `first` to move; it starts with that side's first move.
    pub fn new(control: TimeControl, first: Player, now: i64) -> Clock {
        let side = SideClock {
            elapsed_ms: 0,
            lag: LagTracker::new(control),
        };
        Clock {
            control,
            turn: first,
            sides: [side; 2],
            timer: None,
            turn_began: now,
            moves: 0,
        }
    }

    /// Whether a side's time is running.
    pub fn is_running(&self) -> bool {
        self.timer.is_some()
    }

    /// What `side` had left when its turn began (or now, when it is not its turn).
    fn stored_remaining(&self, side: Player) -> i64 {
        self.control.initial_ms() - self.sides[side.index()].elapsed_ms
    }

    /// How long the running side has been thinking.
    fn pending(&self, side: Player, now: i64) -> i64 {
        match self.timer {
            Some(t) if side == self.turn => (now - t).max(0),
            _ => 0,
        }
    }

    /// The time `side` has left at `now` (never below zero).
    pub fn remaining_ms(&self, side: Player, now: i64) -> i64 {
        (self.stored_remaining(side) - self.pending(side, now)).max(0)
    }

    /// The grace a fall gets before the server counts it without a move: the side's lag quota, at
    /// most two seconds (a move in flight when the time ran out is still charged fairly).
    fn grace(&self, side: Player) -> i64 {
        self.sides[side.index()].lag.quota_ms.min(2000)
    }

    /// Whether `side` has run out of time at `now`, with or without the grace.
    pub fn out_of_time(&self, side: Player, now: i64, with_grace: bool) -> bool {
        let waited = match self.timer {
            Some(t) if side == self.turn => {
                let waited = now - t;
                if with_grace {
                    (waited - self.grace(side)).max(0)
                } else {
                    waited
                }
            }
            _ => 0,
        };
        self.stored_remaining(side) <= waited
    }

    /// When the running side falls, grace included: the moment a server may end the game on time
    /// without waiting for a move. `None` while no clock runs.
    pub fn falls_at(&self) -> Option<i64> {
        self.timer
            .map(|t| t + self.stored_remaining(self.turn).max(0) + self.grace(self.turn))
    }

    /// Until the clock runs (the first two moves), the moment the side to move must have moved by,
    /// or the game is aborted.
    pub fn abort_at(&self) -> Option<i64> {
        (self.moves < 2).then(|| self.turn_began + self.control.first_move_ms())
    }

    /// Charges a move by the side to move, made at `now` with the client's `metrics`, after which
    /// `next` is to move (the rules say who). The first move is not charged and starts the clock.
    pub fn step(&self, now: i64, metrics: MoveMetrics, next: Player) -> Step {
        let mut clock = *self;
        let me = self.turn.index();
        if self.abort_at().is_some_and(|deadline| now > deadline) {
            return Step {
                clock,
                compensated_ms: None,
                timing: Timing::TooLateToStart,
            };
        }
        let Some(began) = self.timer else {
            if self.moves > 0 {
                // Stopped: the game is over.
                return Step {
                    clock,
                    compensated_ms: None,
                    timing: Timing::Stopped,
                };
            }
            if let Some(lag) = metrics.client_lag_ms {
                clock.sides[me].lag = clock.sides[me].lag.record_lag(lag);
            }
            clock.turn = next;
            clock.turn_began = now;
            clock.moves = 1;
            clock.timer = Some(now);
            return Step {
                clock,
                compensated_ms: None,
                timing: Timing::InTime,
            };
        };
        let elapsed = (now - began).max(0);
        let lag = metrics.reported_lag(elapsed).unwrap_or(0).max(0);
        let (comp, tracker) = self.sides[me].lag.on_move(lag);
        let move_ms = (elapsed - comp).max(0);
        let in_time = move_ms < self.stored_remaining(self.turn);
        let increment = if in_time { self.control.increment_ms() } else { 0 };
        clock.sides[me] = SideClock {
            elapsed_ms: self.sides[me].elapsed_ms + move_ms - increment,
            lag: tracker,
        };
        clock.moves += 1;
        if in_time {
            clock.turn = next;
            clock.turn_began = now;
            clock.timer = Some(now);
        } else {
            clock.timer = None;
        }
        let timing = if in_time { Timing::InTime } else { Timing::Fell };
        Step {
            clock,
            compensated_ms: Some(comp),
            timing,
        }
    }

    /// Stops the clock at `now` (a game ended by a resignation, an agreement, a fall found by the
    /// server), charging the running side its pending time.
    pub fn stop(&mut self, now: i64) {
        if let Some(t) = self.timer.take() {
            self.sides[self.turn.index()].elapsed_ms += (now - t).max(0);
        }
    }

    /// After a takeback `next` is to move and its turn begins at `now`; as in lichess, the time the
    /// side to move had spent on the withdrawn turn is not charged and nothing is given back.
    pub fn takeback(&mut self, next: Player, now: i64) {
        self.turn = next;
        self.turn_began = now;
        if self.timer.is_some() {
            self.timer = Some(now);
        }
    }

    /// Gives `side` more time (the opponent's "more time" button, or an operator's amends).
    pub fn give_time(&mut self, side: Player, ms: i64) {
        self.sides[side.index()].elapsed_ms -= ms.max(0);
    }

    /// The clock as the server sees it at `now`, for the clients.
    pub fn view(&self, now: i64) -> ClockView {
        ClockView {
            remaining_ms: Player::BOTH.map(|p| self.remaining_ms(p, now)),
            running: self.timer.map(|_| self.turn),
            first_move_ms: match (self.timer, self.abort_at()) {
                (None, Some(deadline)) if self.moves == 0 => Some((deadline - now).max(0)),
                _ => None,
            },
        }
    }
}

//! Lag compensation: how much of a turn's time the server gives back as the network's, bounded
//! by a quota that grows a little each move (scalachess's `LagTracker`).

use serde::{Deserialize, Serialize};

use crate::config::TimeControl;

/// What lichess reckons a client's own CPU adds to its lag (140 ms), on top of a reported frame lag.
const ESTIMATED_CPU_LAG_MS: i64 = 140;

/// A running mean and mean deviation that forget the past geometrically (scalachess's
/// `DecayingStats`: decay 0.85, a first deviation of 40 ms).
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct DecayingStats {
    /// The mean, in milliseconds.
    pub mean: f32,
    /// The mean absolute deviation, in milliseconds.
    pub deviation: f32,
}

impl DecayingStats {
    const DECAY: f32 = 0.85;

    /// The statistics of one value.
    pub fn first(value: f32) -> DecayingStats {
        DecayingStats {
            mean: value,
            deviation: 40.0,
        }
    }

    /// These statistics with one more value.
    pub fn record(self, value: f32) -> DecayingStats {
        let delta = self.mean - value;
        DecayingStats {
            mean: value + Self::DECAY * delta,
            deviation: Self::DECAY * self.deviation + (1.0 - Self::DECAY) * delta.abs(),
        }
    }
}

/// One side's lag compensation: the quota it may still be given back, how fast the quota grows
/// and its ceiling, and what it has been given so far.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct LagTracker {
    /// Added to the quota after every move (less what that move was given).
    pub quota_gain_ms: i64,
    /// What the next move may be given back at most.
    pub quota_ms: i64,
    /// The quota's ceiling.
    pub quota_max_ms: i64,
    /// The lag seen so far, for an estimate of the next move's compensation (the client's display).
    pub estimator: Option<DecayingStats>,
    /// Moves charged with a measured lag.
    pub moves: u32,
    /// The lag those moves reported, in total (each counted up to 20 s).
    pub total_lag_ms: i64,
    /// What they were given back, in total.
    pub total_comp_ms: i64,
}

impl LagTracker {
    /// A fresh tracker for a time control: the quota grows by `min(1 s, (0.4 × estimate + 15 cs))` a
    /// move, starts at three moves' growth and is capped at seven.
    pub fn new(control: TimeControl) -> LagTracker {
        let gain = Self::max_gain_ms(control);
        LagTracker {
            quota_gain_ms: gain,
            quota_ms: 3 * gain,
            quota_max_ms: 7 * gain,
            estimator: None,
            moves: 0,
            total_lag_ms: 0,
            total_comp_ms: 0,
        }
    }

    /// lichess's ceiling on a move's quota growth (lila issue 12097), computed in hundredths as
    /// scalachess does so that the two agree to the millisecond.
    fn max_gain_ms(control: TimeControl) -> i64 {
        i64::from((control.estimate_total_s() * 2 / 5 + 15).min(100)) * 10
    }

    /// Narrows the quota's growth to a client's reported frame lag plus what its CPU adds
    /// (scalachess's `withFrameLag`): a client that says it renders fast is given back less.
    pub fn with_frame_lag(self, frame_lag_ms: i64, control: TimeControl) -> LagTracker {
        LagTracker {
            quota_gain_ms: Self::max_gain_ms(control).min(frame_lag_ms.max(0) + ESTIMATED_CPU_LAG_MS),
            ..self
        }
    }

    /// Charges one move's measured `lag` (never negative): returns what is given back (the lag, up
    /// to the quota) and the tracker after it.
    pub fn on_move(self, lag_ms: i64) -> (i64, LagTracker) {
        let lag_ms = lag_ms.max(0);
        let comp = lag_ms.min(self.quota_ms);
        let after = LagTracker {
            quota_ms: (self.quota_ms + self.quota_gain_ms - comp).min(self.quota_max_ms),
            moves: self.moves + 1,
            total_lag_ms: self.total_lag_ms + lag_ms.min(20_000),
            total_comp_ms: self.total_comp_ms + comp,
            ..self
        }
        .record_lag(lag_ms);
        (comp, after)
    }

    /// Notes a lag without charging a move (the first move, before the clock runs).
    pub fn record_lag(self, lag_ms: i64) -> LagTracker {
        let value = lag_ms.clamp(0, self.quota_max_ms) as f32;
        LagTracker {
            estimator: Some(self.estimator.map_or(DecayingStats::first(value), |e| e.record(value))),
            ..self
        }
    }

    /// A low estimate of the next move's compensation (the mean less 0.8 deviations, within the
    /// quota), for a client's display: its clock can run that much slower without ever showing
    /// more time than the server will.
    pub fn comp_estimate_ms(&self) -> i64 {
        self.estimator.map_or(0, |e| {
            ((e.mean - 0.8 * e.deviation).round() as i64).clamp(0, self.quota_ms)
        })
    }
}

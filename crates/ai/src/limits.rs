//! When a running search must stop: the stop flag, the deadline and the iteration budget,
//! checked together in one cheap call.

use std::time::Duration;

use web_time::Instant;

use crate::config::Budget;
use crate::stop::StopFlag;

/// The limits of one search call.
#[derive(Copy, Clone)]
pub(crate) struct Limits<'a> {
    stop: &'a StopFlag,
    start: Instant,
    deadline: Option<Instant>,
    max_iterations: u64,
}

impl<'a> Limits<'a> {
    /// Limits starting now.
    pub(crate) fn new(budget: &Budget, stop: &'a StopFlag) -> Self {
        let start = Instant::now();
        Limits {
            stop,
            start,
            deadline: budget.millis.map(|ms| start + Duration::from_millis(ms)),
            max_iterations: budget.iterations.unwrap_or(u64::MAX),
        }
    }

    /// True when the search must stop after `iterations` iterations (or nodes).
    #[inline]
    pub(crate) fn exhausted(&self, iterations: u64) -> bool {
        iterations >= self.max_iterations || self.stop.is_set() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    /// Like [`Limits::exhausted`] but reads the clock only every 64 calls' worth of `iterations`,
    /// for searches whose iterations are very cheap (alpha-beta nodes).
    #[inline]
    pub(crate) fn exhausted_cheap(&self, iterations: u64) -> bool {
        iterations >= self.max_iterations
            || self.stop.is_set()
            || (iterations & 63 == 0 && self.deadline.is_some_and(|d| Instant::now() >= d))
    }

    /// The same limits for one of `parts` searches running side by side: the same stop flag and
    /// deadline, and the iteration budget shared out (part `index` gets its share, the first
    /// parts one more when it does not divide evenly).
    pub(crate) fn share(&self, parts: u64, index: u64) -> Limits<'a> {
        let max_iterations = if self.max_iterations == u64::MAX {
            u64::MAX
        } else {
            let parts = parts.max(1);
            self.max_iterations / parts + u64::from(index < self.max_iterations % parts)
        };
        Limits {
            max_iterations,
            ..*self
        }
    }

    /// True when an iteration budget is set (the search is then reproducible, unless a deadline
    /// ends it first).
    pub(crate) fn counts_iterations(&self) -> bool {
        self.max_iterations != u64::MAX
    }

    /// True when the search was cancelled (no result wanted).
    pub(crate) fn cancelled(&self) -> bool {
        self.stop.is_cancelled()
    }

    /// Milliseconds since the search started.
    pub(crate) fn elapsed_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

//! The server's clock: the system's, or — for tests of what takes days, such as games by
//! correspondence — a simulated one that moves only when the test moves it. Every part of the
//! server that decides by the time (clocks, deadlines, presence, notices, ratings' time away)
//! reads [`now_ms`], so a test that calls [`simulate`] runs the real code in simulated time.

use std::sync::atomic::{AtomicI64, Ordering};

/// `i64::MIN`: the system's clock.
static SIMULATED: AtomicI64 = AtomicI64::new(i64::MIN);

/// Milliseconds since 1970: the system's time, or the simulated one once [`simulate`] was called.
pub fn now_ms() -> i64 {
    match SIMULATED.load(Ordering::SeqCst) {
        i64::MIN => std::time::SystemTime::now()
            .duration_since(std::time::UNIX_EPOCH)
            .map_or(0, |d| d.as_millis() as i64),
        simulated => simulated,
    }
}

/// Seconds since 1970 (the `created` columns).
pub fn now_secs() -> i64 {
    now_ms().div_euclid(1000)
}

/// A simulated clock, for this whole process from now on: it reads `start_ms` until moved.
pub fn simulate(start_ms: i64) -> SimulatedClock {
    SIMULATED.store(start_ms.max(0), Ordering::SeqCst);
    SimulatedClock
}

/// The handle that moves the simulated time.
#[derive(Clone, Copy, Debug)]
pub struct SimulatedClock;

impl SimulatedClock {
    /// Moves the time forward by `ms` (never back).
    pub fn advance(self, ms: i64) -> i64 {
        SIMULATED.fetch_add(ms.max(0), Ordering::SeqCst) + ms.max(0)
    }

    /// The simulated time.
    pub fn now(self) -> i64 {
        now_ms()
    }
}

//! The token bucket every rate limit here is made of.

use tokio::time::Instant;

/// A token bucket: `rate` a second, `depth` deep, full at first.
#[derive(Debug)]
pub struct Bucket {
    pub(crate) tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket `depth` deep.
    pub fn full(depth: f64) -> Self {
        Bucket {
            tokens: depth,
            at: Instant::now(),
        }
    }

    /// Takes one token if there is one, refilling at `rate` a second up to `depth`.
    pub fn take(&mut self, rate: f64, depth: f64) -> bool {
        self.refill(rate, depth);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    pub(crate) fn refill(&mut self, rate: f64, depth: f64) {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * rate).min(depth);
        self.at = now;
    }

    pub(crate) fn is_full(&mut self, rate: f64, depth: f64) -> bool {
        self.refill(rate, depth);
        self.tokens >= depth
    }
}

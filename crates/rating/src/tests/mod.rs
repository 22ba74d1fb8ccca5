//! The crate's tests: Glickman's worked example, lichess's own vectors, an oracle against the
//! `skillratings` crate, and properties over random ratings. This file holds what they share.

mod glickman;
mod lichess;
mod oracle;
mod properties;

use crate::{Glicko, Outcome};

/// Asserts `actual` is within `tolerance` of `expected` (lichess's `assertCloseTo`).
#[track_caller]
pub(super) fn assert_close(actual: f64, expected: f64, tolerance: f64, what: &str) {
    assert!(
        (actual - expected).abs() <= tolerance,
        "{what}: {actual} is not within {tolerance} of {expected} (off by {})",
        (actual - expected).abs()
    );
}

/// SplitMix64 (Steele, Lea and Flood): a small deterministic generator, so every run of the
/// random tests sees the same inputs and a failure names a reproducible case.
pub(super) struct SplitMix(u64);

impl SplitMix {
    pub(super) fn new(seed: u64) -> SplitMix {
        SplitMix(seed)
    }

    pub(super) fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }

    /// Uniform in [low, high).
    pub(super) fn uniform(&mut self, low: f64, high: f64) -> f64 {
        let unit = (self.next_u64() >> 11) as f64 / (1u64 << 53) as f64;
        low + (high - low) * unit
    }

    /// Uniform in 0..n.
    pub(super) fn below(&mut self, n: u64) -> u64 {
        self.next_u64() % n
    }

    /// A rating inside lichess's bounds (what a stored, capped rating can be).
    pub(super) fn glicko(&mut self) -> Glicko {
        Glicko {
            rating: self.uniform(400.0, 3000.0),
            deviation: self.uniform(45.0, 500.0),
            volatility: self.uniform(0.02, 0.1),
        }
    }

    pub(super) fn outcome(&mut self) -> Outcome {
        [Outcome::Win, Outcome::Draw, Outcome::Loss][self.below(3) as usize]
    }
}

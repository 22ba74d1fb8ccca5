//! The rating triple and lichess's bounds on it: the defaults, the caps, the sanity check, the
//! provisional threshold, and how the deviation grows with time away (lila's `Glicko.scala` and
//! `Glicko.liveDeviation`, scalachess's `model.scala`).

use crate::constants::{
    DEFAULT_RATING, DEFAULT_VOLATILITY, MAX_DEVIATION, MAX_RATING, MAX_VOLATILITY, MIN_DEVIATION, MIN_RATING,
    PROVISIONAL_DEVIATION, RATING_PERIODS_PER_DAY, SCALE,
};

const SECONDS_PER_DAY: f64 = 86_400.0;

/// A rating, its deviation and its volatility, on Glicko's original scale (1500 for a new player).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Glicko {
    /// The rating (μ on the Glicko-2 scale, shown as Glicko-1's r).
    pub rating: f64,
    /// The rating deviation (RD): how uncertain the rating is.
    pub deviation: f64,
    /// The volatility (σ): how erratic the player's results have been.
    pub volatility: f64,
}

impl Glicko {
    /// A new player's rating: 1500, deviation 500, volatility 0.09 (lila's `Glicko.default`).
    pub const DEFAULT: Glicko = Glicko {
        rating: DEFAULT_RATING,
        deviation: MAX_DEVIATION,
        volatility: DEFAULT_VOLATILITY,
    };

    /// Whether the rating is still provisional: deviation at least [`PROVISIONAL_DEVIATION`].
    pub fn provisional(&self) -> bool {
        self.deviation >= PROVISIONAL_DEVIATION
    }

    /// The rating kept within lichess's bounds (lila's `cap`): rating at least [`MIN_RATING`],
    /// deviation between [`MIN_DEVIATION`] and [`MAX_DEVIATION`], volatility at most
    /// [`MAX_VOLATILITY`]. A NaN stays NaN, as in lichess, for [`Glicko::sane`] to catch.
    pub fn cap(&self) -> Glicko {
        Glicko {
            rating: at_least(self.rating, MIN_RATING),
            deviation: at_most(at_least(self.deviation, MIN_DEVIATION), MAX_DEVIATION),
            volatility: at_most(self.volatility, MAX_VOLATILITY),
        }
    }

    /// Whether a computed rating is believable (lila's `sanityCheck`): rating in (0, 4000),
    /// deviation in (0, 1000), volatility in (0, 0.2). [`crate::update`] resets one that is not.
    pub fn sane(&self) -> bool {
        self.rating > 0.0
            && self.rating < MAX_RATING
            && self.deviation > 0.0
            && self.deviation < 1000.0
            && self.volatility > 0.0
            && self.volatility < MAX_VOLATILITY * 2.0
    }

    /// The deviation after `elapsed` seconds without a rated game (lila's `liveDeviation`): the
    /// capped rating's deviation grown by Glickman's step 6 over [`rating_periods`]`(elapsed)`
    /// periods, √(φ² + t·σ²), then kept between [`MIN_DEVIATION`] and [`MAX_DEVIATION`].
    /// A negative `elapsed` (a clock that went back) counts as none.
    pub fn deviation_after(&self, elapsed: i64) -> f64 {
        let capped = self.cap();
        let grown = grown_deviation(capped.deviation, capped.volatility, rating_periods(elapsed));
        at_most(at_least(grown, MIN_DEVIATION), MAX_DEVIATION)
    }
}

impl Default for Glicko {
    fn default() -> Self {
        Glicko::DEFAULT
    }
}

/// How many rating periods `elapsed` seconds are: [`RATING_PERIODS_PER_DAY`] a day, fractions
/// included (lichess counts milliseconds). None for a negative `elapsed`; lichess would shrink the
/// deviation by as much, which only its own "reverse" bookkeeping asks for.
pub fn rating_periods(elapsed: i64) -> f64 {
    if elapsed <= 0 {
        0.0
    } else {
        elapsed as f64 * (RATING_PERIODS_PER_DAY / SECONDS_PER_DAY)
    }
}

/// `x` raised to `low`, a NaN left as it is (Java's `Math.max`, which lichess's `atLeast` is;
/// Rust's `f64::max` would turn a NaN into the bound and hide it from the sanity check).
pub(crate) fn at_least(x: f64, low: f64) -> f64 {
    if x < low { low } else { x }
}

/// `x` lowered to `high`, a NaN left as it is (lichess's `atMost`).
pub(crate) fn at_most(x: f64, high: f64) -> f64 {
    if x > high { high } else { x }
}

/// Step 6 on Glicko's scale: a deviation grown over `periods` rating periods at `volatility`.
pub(crate) fn grown_deviation(deviation: f64, volatility: f64, periods: f64) -> f64 {
    grown(deviation / SCALE, volatility, periods) * SCALE
}

/// Step 6 on the Glicko-2 scale: √(φ² + t·σ²).
pub(crate) fn grown(phi: f64, sigma: f64, periods: f64) -> f64 {
    (phi * phi + periods * (sigma * sigma)).sqrt()
}

//! The numbers the ratings are kept within and computed with: lichess's defaults, caps, sanity
//! bound and provisional threshold (lila's `Glicko.scala`), the time-away rate, and Glicko-2's
//! system constant, scale and iteration limits (scalachess's `impl/RatingCalculator.scala`).

/// A new player's rating.
pub const DEFAULT_RATING: f64 = 1500.0;

/// The lowest rating kept (lila's `Glicko.minRating`): a result below it is raised to it.
pub const MIN_RATING: f64 = 400.0;

/// The sanity bound on ratings (lila's `sanityCheck`, `rating < 4000`): a game whose result
/// reaches it resets the rating to the default rather than keeping it.
pub const MAX_RATING: f64 = 4000.0;

/// The lowest deviation kept (lila's `Glicko.minDeviation`).
pub const MIN_DEVIATION: f64 = 45.0;

/// The highest deviation, and a new player's (lila's `Glicko.maxDeviation`): time away never
/// grows a deviation past it.
pub const MAX_DEVIATION: f64 = 500.0;

/// From this deviation up a rating is provisional (scalachess's `provisionalDeviation`, tested
/// with `>=`; lichess shows such a rating with a "?").
pub const PROVISIONAL_DEVIATION: f64 = 110.0;

/// A new player's volatility (lila's `Glicko.defaultVolatility`).
pub const DEFAULT_VOLATILITY: f64 = 0.09;

/// The highest volatility kept (lila's `Glicko.maxVolatility`: "past this, it might not
/// stabilize ever again"); the sanity check refuses twice this.
pub const MAX_VOLATILITY: f64 = 0.1;

/// The most one game can move a rating (lila's `Glicko.maxRatingDelta`).
pub const MAX_RATING_DELTA: f64 = 700.0;

/// Rating periods per day of time away (lila's `Glicko.calculator`: "chosen so a typical player's
/// RD goes from 60 -> 110 in 1 year", at volatility 0.06).
pub const RATING_PERIODS_PER_DAY: f64 = 0.21436;

/// The system constant τ, which limits how fast volatility changes (lila's `Tau.default`; Glickman
/// suggests 0.3 to 1.2, and uses 0.5 in his example).
pub const TAU: f64 = 0.75;

/// The Glicko-2 scale factor, 400 / ln 10: μ = (r − 1500) / 173.7178, φ = RD / 173.7178.
pub const SCALE: f64 = 173.7178;

/// When the Illinois iteration stops: the bracket on ln σ′² narrower than this (Glickman's ε,
/// lichess's `CONVERGENCE_TOLERANCE`).
pub const CONVERGENCE_TOLERANCE: f64 = 0.000_001;

/// How many Illinois iterations lichess allows before it gives up on a game (`ITERATION_MAX`).
pub const MAX_ITERATIONS: u32 = 1000;

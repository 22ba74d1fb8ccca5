//! Glickman's worked example ("Example of the Glicko-2 system", glicko.net/glicko/glicko2.pdf):
//! a 1500 / 200 / 0.06 player with τ = 0.5 plays 1400 / 30, 1550 / 100 and 1700 / 300 in one
//! rating period and wins, loses, loses.

use super::assert_close;
use crate::{Glicko, Outcome, SCALE, rate_period};

/// The example's period, its deviation grown by `elapsed` rating periods first (1 in the paper).
fn example(elapsed: f64) -> Glicko {
    let player = Glicko {
        rating: 1500.0,
        deviation: 200.0,
        volatility: 0.06,
    };
    // The opponents' volatilities play no part in the player's update.
    let opponent = |rating, deviation| Glicko {
        rating,
        deviation,
        volatility: 0.06,
    };
    let games = [
        (opponent(1400.0, 30.0), Outcome::Win),
        (opponent(1550.0, 100.0), Outcome::Loss),
        (opponent(1700.0, 300.0), Outcome::Loss),
    ];
    rate_period(&player, &games, 0.5, elapsed).expect("the example converges")
}

/// The paper prints μ′ = −0.2069 and φ′ = 0.8722 (checked to half a unit of the last digit), and
/// σ′ = 0.05999 and from μ′ and φ′ r′ = 1464.06, RD′ = 151.52. Two of these only hold to a whole
/// unit of the last digit, which is the tolerance used for them: σ′ is 0.0599960, which the
/// paper cut rather than rounded; r′ is 1464.051 from the unrounded μ′, and the paper's 1464.06
/// is its rounded μ′ converted (173.7178 × −0.2069 + 1500 = 1464.057).
#[test]
fn glickman_example() {
    let after = example(1.0);
    assert_close(after.volatility, 0.05999, 0.000_01, "σ′");
    assert_close((after.rating - 1500.0) / SCALE, -0.2069, 0.000_05, "μ′");
    assert_close(after.deviation / SCALE, 0.8722, 0.000_05, "φ′");
    assert_close(after.rating, 1464.06, 0.01, "r′");
    assert_close(after.deviation, 151.52, 0.005, "RD′");
}

/// The same period with lichess's "no growth in the period" (zero elapsed periods): the
/// volatility is the same (step 5 does not look at time), the deviation smaller, and the rating
/// moves less far because the smaller deviation weighs the results less.
#[test]
fn glickman_example_without_deviation_growth() {
    let textbook = example(1.0);
    let instant = example(0.0);
    assert_eq!(instant.volatility, textbook.volatility);
    assert!(instant.deviation < textbook.deviation);
    assert!(instant.rating < 1500.0 && instant.rating > textbook.rating);
}

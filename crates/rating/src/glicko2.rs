//! Glickman's Glicko-2 steps as lichess runs them (scalachess's `impl/RatingCalculator.scala`,
//! itself ported from goochjs/glicko2): the scale conversion, g and E, the estimated variance v,
//! the improvement Δ, the new volatility by the Illinois algorithm, and steps 6–8. The same
//! arithmetic in the same order, so results match lichess's to the last bits that matter.
//!
//! lichess's colour advantage is left out (see the crate's documentation): the expected score is
//! Glickman's E(μ, μⱼ, φⱼ) = 1 / (1 + exp(−g(φⱼ)(μ − μⱼ))).

use std::f64::consts::PI;
use std::fmt;

use crate::constants::{CONVERGENCE_TOLERANCE, DEFAULT_RATING, MAX_ITERATIONS, SCALE, TAU};
use crate::glicko::{Glicko, grown};
use crate::outcome::Outcome;

/// The volatility iteration did not converge within [`MAX_ITERATIONS`]. lichess then leaves both
/// players' ratings as they were and logs the game; the server can do the same.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoConvergence;

impl fmt::Display for NoConvergence {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "the Glicko-2 volatility did not converge in {MAX_ITERATIONS} iterations"
        )
    }
}

impl std::error::Error for NoConvergence {}

/// One game rated for both players at once, each against the other's rating from before it,
/// with τ = [`TAU`] and no deviation growth (lichess's `computeGame(…, skipDeviationIncrease =
/// true)`). No caps, limits or time away: [`crate::update`] adds those.
pub fn rate_game(first: &Glicko, second: &Glicko, outcome: Outcome) -> Result<(Glicko, Glicko), NoConvergence> {
    let first_after = rate_period(first, &[(*second, outcome)], TAU, 0.0)?;
    let second_after = rate_period(second, &[(*first, outcome.reversed())], TAU, 0.0)?;
    Ok((first_after, second_after))
}

/// One player's rating period (Glickman's steps 2–8; lichess's `calculateNewRating`): `games` are
/// the opponents' ratings at the period's start and the outcomes from the player's view, `tau` the
/// system constant, and `elapsed_periods` how many periods the deviation grows by in step 6
/// (1 for the textbook, 0 for lichess's games). With no games only step 6 applies.
pub fn rate_period(
    player: &Glicko,
    games: &[(Glicko, Outcome)],
    tau: f64,
    elapsed_periods: f64,
) -> Result<Glicko, NoConvergence> {
    let mu = to_glicko2_rating(player.rating);
    let phi = player.deviation / SCALE;
    let sigma = player.volatility;
    if games.is_empty() {
        return Ok(Glicko {
            rating: from_glicko2_rating(mu),
            deviation: grown(phi, sigma, elapsed_periods) * SCALE,
            volatility: sigma,
        });
    }
    let opponents = games.iter().map(|(opponent, outcome)| {
        (
            to_glicko2_rating(opponent.rating),
            opponent.deviation / SCALE,
            outcome.score(),
        )
    });

    // Step 3: the estimated variance of the rating from the game outcomes alone.
    let v = 1.0
        / opponents.clone().fold(0.0, |sum, (mu_j, phi_j, _)| {
            let expected = expected_score(mu, mu_j, phi_j);
            sum + g(phi_j) * g(phi_j) * expected * (1.0 - expected)
        });
    // Step 4: the outcomes against the expectations; Δ is the estimated improvement.
    let outcome_based = opponents.fold(0.0, |sum, (mu_j, phi_j, score)| {
        sum + g(phi_j) * (score - expected_score(mu, mu_j, phi_j))
    });
    let delta = v * outcome_based;

    // Step 5.
    let sigma_new = volatility(phi, sigma, v, delta, tau)?;
    // Step 6: the pre-period deviation, grown over the elapsed periods.
    let phi_star = grown(phi, sigma_new, elapsed_periods);
    // Step 7.
    let phi_new = 1.0 / (1.0 / (phi_star * phi_star) + 1.0 / v).sqrt();
    let mu_new = mu + phi_new * phi_new * outcome_based;
    // Step 8.
    Ok(Glicko {
        rating: from_glicko2_rating(mu_new),
        deviation: phi_new * SCALE,
        volatility: sigma_new,
    })
}

/// Step 5: the new volatility σ′, the root of f by the Illinois algorithm (regula falsi with the
/// stale end's value halved), exactly as lichess bounds and iterates it.
fn volatility(phi: f64, sigma: f64, v: f64, delta: f64, tau: f64) -> Result<f64, NoConvergence> {
    let a = (sigma * sigma).ln();
    let f = |x: f64| {
        let ex = x.exp();
        ex * (delta * delta - phi * phi - v - ex) / (2.0 * (phi * phi + v + ex) * (phi * phi + v + ex))
            - (x - a) / (tau * tau)
    };

    // Step 5.2: the initial bracket [A, B].
    let mut big_a = a;
    let mut big_b = if delta * delta > phi * phi + v {
        (delta * delta - phi * phi - v).ln()
    } else {
        // lichess puts no bound on this search, and needs none: as x falls, f's first term
        // vanishes with eˣ while its second, k/|τ|, grows. The bound is a guard that answers
        // like lichess's other one if some input ever defeats that.
        let mut k = 1.0;
        while f(a - k * tau.abs()) < 0.0 {
            k += 1.0;
            if k > f64::from(MAX_ITERATIONS) {
                return Err(NoConvergence);
            }
        }
        a - k * tau.abs()
    };

    // Steps 5.3 and 5.4.
    let mut f_a = f(big_a);
    let mut f_b = f(big_b);
    let mut iterations = 0;
    while (big_b - big_a).abs() > CONVERGENCE_TOLERANCE && iterations < MAX_ITERATIONS {
        iterations += 1;
        let big_c = big_a + (big_a - big_b) * f_a / (f_b - f_a);
        let f_c = f(big_c);
        if f_c * f_b <= 0.0 {
            big_a = big_b;
            f_a = f_b;
        } else {
            f_a /= 2.0;
        }
        big_b = big_c;
        f_b = f_c;
    }
    if iterations == MAX_ITERATIONS {
        return Err(NoConvergence);
    }
    // Step 5.5.
    Ok((big_a / 2.0).exp())
}

/// Glickman's g(φ), which discounts a game against an uncertain opponent.
fn g(phi: f64) -> f64 {
    1.0 / (1.0 + 3.0 * phi * phi / (PI * PI)).sqrt()
}

/// Glickman's E(μ, μⱼ, φⱼ): the expected score against that opponent.
fn expected_score(mu: f64, mu_j: f64, phi_j: f64) -> f64 {
    1.0 / (1.0 + (-g(phi_j) * (mu - mu_j)).exp())
}

fn to_glicko2_rating(rating: f64) -> f64 {
    (rating - DEFAULT_RATING) / SCALE
}

fn from_glicko2_rating(mu: f64) -> f64 {
    mu * SCALE + DEFAULT_RATING
}

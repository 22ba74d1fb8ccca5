//! An oracle: the `skillratings` crate's Glicko-2 (0.29.2, `skillratings::glicko2`), written
//! independently of lichess, over thousands of random inputs.
//!
//! Where the semantics coincide — one textbook rating period (step 6 grows the deviation by one
//! period), the same τ, Glickman's tolerance 1e-6 — the two must agree. The arithmetic differs
//! in rounding only (skillratings uses `mul_add` and `hypot`, and its own order of operations in
//! f, so the Illinois iteration stops a rounding away from lichess's): over these inputs the
//! largest differences seen were 1.3e-11 of a rating point, 1.0e-11 of deviation and 2.6e-12 of
//! volatility. The tolerances below, 1e-9 points and 1e-10 of volatility, keep a hundredfold
//! margin over that and are still far tighter than Glickman's 1e-6 on ln σ′², so any difference
//! of substance (a step, a constant, a sign) fails them.
//!
//! Where lichess's semantics differ, tested separately below:
//!
//! * a game is rated with no deviation growth (zero periods in step 6), where skillratings'
//!   `glicko2` grows it by one period as in the textbook: [`one_game_differs_by_step_6_alone`];
//! * time away grows the deviation by fractional periods up to 500, where skillratings'
//!   `decay_deviation` grows it by one whole period up to 350 (its default new-player deviation):
//!   [`deviation_growth_agrees_below_skillratings_cap`];
//! * lichess's defaults (1500 / 500 / 0.09, τ 0.75 against 1500 / 350 / 0.06, τ 0.5), its caps,
//!   the ±700 limit, the sanity reset and the provisional flag have no counterpart there; the
//!   properties and lichess's vectors cover them.

use skillratings::Outcomes;
use skillratings::glicko2::{Glicko2Config, Glicko2Rating, decay_deviation, glicko2, glicko2_rating_period};

use super::{SplitMix, assert_close};
use crate::glicko::grown_deviation;
use crate::{Glicko, Outcome, rate_game, rate_period};

const CASES: usize = 5000;
const RATING_TOLERANCE: f64 = 1e-9;
const VOLATILITY_TOLERANCE: f64 = 1e-10;

fn theirs(glicko: &Glicko) -> Glicko2Rating {
    Glicko2Rating {
        rating: glicko.rating,
        deviation: glicko.deviation,
        volatility: glicko.volatility,
    }
}

fn ours(rating: &Glicko2Rating) -> Glicko {
    Glicko {
        rating: rating.rating,
        deviation: rating.deviation,
        volatility: rating.volatility,
    }
}

fn outcome(outcome: Outcome) -> Outcomes {
    match outcome {
        Outcome::Win => Outcomes::WIN,
        Outcome::Draw => Outcomes::DRAW,
        Outcome::Loss => Outcomes::LOSS,
    }
}

fn config(tau: f64) -> Glicko2Config {
    Glicko2Config {
        tau,
        convergence_tolerance: 0.000_001,
    }
}

#[track_caller]
fn assert_agree(ours: Glicko, theirs: Glicko, case: &str) {
    assert_close(ours.rating, theirs.rating, RATING_TOLERANCE, &format!("{case}: rating"));
    assert_close(
        ours.deviation,
        theirs.deviation,
        RATING_TOLERANCE,
        &format!("{case}: deviation"),
    );
    assert_close(
        ours.volatility,
        theirs.volatility,
        VOLATILITY_TOLERANCE,
        &format!("{case}: volatility"),
    );
}

/// A textbook rating period of 1 to 10 games, τ anywhere in Glickman's 0.3 to 1.2.
#[test]
fn rating_period_agrees_with_skillratings() {
    let mut rng = SplitMix::new(0x5EED_0001);
    for case in 0..CASES {
        let player = rng.glicko();
        let tau = rng.uniform(0.3, 1.2);
        let games: Vec<(Glicko, Outcome)> = (0..=rng.below(10)).map(|_| (rng.glicko(), rng.outcome())).collect();
        let results: Vec<_> = games
            .iter()
            .map(|(opponent, o)| (theirs(opponent), outcome(*o)))
            .collect();
        let expected = ours(&glicko2_rating_period(&theirs(&player), &results, &config(tau)));
        let actual = rate_period(&player, &games, tau, 1.0).expect("converges");
        assert_agree(actual, expected, &format!("case {case}: {player:?} τ {tau} {games:?}"));
    }
}

/// One game for both players, each a textbook period against the other's pre-game rating.
#[test]
fn one_game_over_one_period_agrees_with_skillratings() {
    let mut rng = SplitMix::new(0x5EED_0002);
    for case in 0..CASES {
        let (a, b, o) = (rng.glicko(), rng.glicko(), rng.outcome());
        let tau = rng.uniform(0.3, 1.2);
        let (ea, eb) = glicko2(&theirs(&a), &theirs(&b), &outcome(o), &config(tau));
        let first = rate_period(&a, &[(b, o)], tau, 1.0).expect("converges");
        let second = rate_period(&b, &[(a, o.reversed())], tau, 1.0).expect("converges");
        let name = format!("case {case}: {a:?} {b:?} {o:?} τ {tau}");
        assert_agree(first, ours(&ea), &format!("{name}, first"));
        assert_agree(second, ours(&eb), &format!("{name}, second"));
    }
}

/// lichess's game update against skillratings' `glicko2` at lichess's τ: the volatility is the
/// same (step 5 does not look at time); the deviation is smaller by exactly step 6's growth,
/// 1/φ′² − 1/φ′ₛ² = 1/φ² − 1/(φ² + σ′²); and each rating moves in proportion to φ′², so the
/// two changes stand in the ratio of the squared deviations.
#[test]
fn one_game_differs_by_step_6_alone() {
    let mut rng = SplitMix::new(0x5EED_0003);
    for case in 0..CASES {
        let (a, b, o) = (rng.glicko(), rng.glicko(), rng.outcome());
        let (la, lb) = rate_game(&a, &b, o).expect("converges");
        let (sa, sb) = glicko2(&theirs(&a), &theirs(&b), &outcome(o), &config(crate::TAU));
        for (before, lichess, textbook) in [(a, la, ours(&sa)), (b, lb, ours(&sb))] {
            let name = format!("case {case}: {a:?} {b:?} {o:?}");
            assert_close(lichess.volatility, textbook.volatility, VOLATILITY_TOLERANCE, &name);
            assert!(lichess.deviation < textbook.deviation, "{name}");
            let inverse_square = |deviation: f64| (crate::SCALE / deviation).powi(2);
            let phi = before.deviation / crate::SCALE;
            let growth = 1.0 / (phi * phi) - 1.0 / (phi * phi + lichess.volatility * lichess.volatility);
            let difference = inverse_square(lichess.deviation) - inverse_square(textbook.deviation);
            assert_close(difference, growth, 1e-9 * growth.max(1.0), &format!("{name}: step 6"));
            let ratio = (lichess.deviation / textbook.deviation).powi(2);
            let (moved, textbook_moved) = (lichess.rating - before.rating, textbook.rating - before.rating);
            assert_close(
                moved,
                textbook_moved * ratio,
                RATING_TOLERANCE,
                &format!("{name}: rating change"),
            );
        }
    }
}

/// Growth over one whole period agrees with skillratings' `decay_deviation` wherever that stays
/// under its cap of 350; above it skillratings stops at 350 and lichess goes on to 500.
#[test]
fn deviation_growth_agrees_below_skillratings_cap() {
    let mut rng = SplitMix::new(0x5EED_0004);
    for case in 0..CASES {
        let player = rng.glicko();
        let expected = decay_deviation(&theirs(&player)).deviation;
        let grown = grown_deviation(player.deviation, player.volatility, 1.0);
        if grown < 350.0 {
            assert_close(grown, expected, RATING_TOLERANCE, &format!("case {case}: {player:?}"));
        } else {
            assert_eq!(expected, 350.0, "case {case}: {player:?}");
        }
    }
    // A long absence: skillratings' repeated decay stops at 350, lichess's growth at 500.
    let away = Glicko {
        rating: 1500.0,
        deviation: 300.0,
        volatility: 0.09,
    };
    let decayed = (0..10_000).fold(theirs(&away), |rating, _| decay_deviation(&rating));
    assert_eq!(decayed.deviation, 350.0);
    assert_eq!(away.deviation_after(100 * 365 * 86_400), crate::MAX_DEVIATION);
}

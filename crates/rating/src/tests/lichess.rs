//! lichess's own test vectors, with lichess's tolerances.
//!
//! From github.com/lichess-org/scalachess at commit cbffc9d7e2c6f8ba33381c5403e1b4f992199626:
//!
//! * `test-kit/src/test/scala/rating/glicko/GlickoCalculatorTest.scala` (last changed in
//!   42a01010de3e258aabdddc5188f9284f1025af73): [`glicko_calculator_test`];
//! * `test-kit/src/test/scala/rating/glicko/impl/RatingCalculatorTest.scala` (last changed in
//!   b5d3e8b12a7e673baaaef2cce0b9ac311768a58d; the same vectors as lila's
//!   `modules/rating/src/test/RatingCalculatorTest.scala` at 07ef4ee7f580cf859e55ffacf3c4c3b6890dd882):
//!   [`rating_calculator_test`].
//!
//! Both rate one game with τ = 0.75 and `skipDeviationIncrease = true`, which is [`rate_game`];
//! every vector is also run through [`update`], whose caps, limits and live deviation change
//! nothing for these in-bounds ratings played with no time away.
//!
//! The implementation ported: scalachess's `rating/src/main/scala/glicko/impl/RatingCalculator.scala`
//! (f7ce13e5), `impl/results.scala` (24f0881c), `GlickoCalculator.scala` (db50c893) and
//! `model.scala` (54fe9252) at the same commit; lila's `modules/rating/src/main/Glicko.scala`
//! (39329bfd71e8d38e37fa8b87cd6c8f5773144935), `modules/rating/src/main/Perf.scala`
//! (d99cb8dbe029922d13c0a243b4320e0c5b917744), `modules/round/src/main/PerfsUpdater.scala`
//! (b81e1d632ce75bb873ba25cdf9e42b9f6ed9b363) and `modules/rating/src/main/RatingRegulator.scala`
//! (b97af467fd56949ef1374128e9fb001f5bb4812b, left out).
//!
//! lila's `modules/rating/src/test/GlickoTest.scala` (45224dde62a0c9cc619885634015f4c784d40c04,
//! "provisional in 1 year": from the minimum deviation to at least 110 in 365 days) belongs to
//! constants lichess no longer has (minimum 50, 0.24210 periods a day) and is gone from lila;
//! with today's (minimum 45, 0.21436) it would fail, 45 growing to 102.6. What stands in its
//! place is the comment on today's constant, "a typical player's RD goes from 60 -> 110 in 1
//! year": [`sixty_to_one_hundred_and_ten_in_a_year`].

use super::assert_close;
use crate::{Glicko, Outcome, PlayerRating, rate_game, update};

/// An expected value and lichess's tolerance for it.
type Close = (f64, f64);

/// Expected rating, deviation and volatility of one side.
type Expected = [Close; 3];

fn glicko(rating: f64, deviation: f64, volatility: f64) -> Glicko {
    Glicko {
        rating,
        deviation,
        volatility,
    }
}

#[track_caller]
fn check(name: &str, white: Glicko, black: Glicko, outcome: Outcome, expected: [Expected; 2]) {
    let (w, b) = rate_game(&white, &black, outcome).expect("converges");
    let now = 1_700_000_000;
    let stored = |glicko| PlayerRating {
        glicko,
        games: 10,
        last_game: Some(now),
    };
    let (uw, ub) = update(&stored(white), &stored(black), outcome, now).expect("converges");
    assert_eq!((uw.glicko, ub.glicko), (w, b), "{name}: update differs from rate_game");
    for (side, after, [rating, deviation, volatility]) in [("white", w, expected[0]), ("black", b, expected[1])] {
        assert_close(after.rating, rating.0, rating.1, &format!("{name}: {side} rating"));
        assert_close(
            after.deviation,
            deviation.0,
            deviation.1,
            &format!("{name}: {side} deviation"),
        );
        assert_close(
            after.volatility,
            volatility.0,
            volatility.1,
            &format!("{name}: {side} volatility"),
        );
    }
}

/// `GlickoCalculatorTest.scala`: the three pairs, each won by White, won by Black, and drawn.
#[test]
fn glicko_calculator_test() {
    use Outcome::{Draw, Loss, Win};
    let (r, d) = (0.005, 0.000_05);

    let even = glicko(1500.0, 350.0, 0.06);
    let v = 0.000_000_1;
    let winner = [(1662.21, r), (290.2305, d), (0.059_999_3, v)];
    let loser = [(1337.79, r), (290.2305, d), (0.059_999_3, v)];
    check("default deviation: white wins", even, even, Win, [winner, loser]);
    check("default deviation: black wins", even, even, Loss, [loser, winner]);
    let drawn = [(1500.0, r), (290.2305, d), (0.059_997_7, v)];
    check("default deviation: draw", even, even, Draw, [drawn, drawn]);
    // "outcome was equally probable for both players": exactly equal, not just close.
    for outcome in [Win, Loss, Draw] {
        let (w, b) = rate_game(&even, &even, outcome).expect("converges");
        assert_eq!((w.deviation, w.volatility), (b.deviation, b.volatility));
    }

    let (white, black) = (glicko(1400.0, 79.0, 0.06), glicko(1550.0, 110.0, 0.065));
    let v = 0.000_01;
    let mixed = |w_rating, b_rating| {
        [
            [(w_rating, r), (77.4956, d), (0.06, v)],
            [(b_rating, r), (105.8706, d), (0.065, v)],
        ]
    };
    check(
        "mixed ratings and deviations: white wins",
        white,
        black,
        Win,
        mixed(1422.63, 1506.32),
    );
    check(
        "mixed ratings and deviations: black wins",
        white,
        black,
        Loss,
        mixed(1389.99, 1568.90),
    );
    check(
        "mixed ratings and deviations: draw",
        white,
        black,
        Draw,
        mixed(1406.31, 1537.61),
    );

    let (white, black) = (glicko(1200.0, 60.0, 0.053), glicko(1850.0, 200.0, 0.062));
    let v = 0.000_001;
    let more_mixed = |w_rating, w_volatility, b_rating, b_volatility| {
        [
            [(w_rating, r), (59.9006, d), (w_volatility, v)],
            [(b_rating, r), (196.9873, d), (b_volatility, v)],
        ]
    };
    let name = "more mixed ratings and deviations";
    check(
        &format!("{name}: white wins"),
        white,
        black,
        Win,
        more_mixed(1216.73, 0.053013, 1635.99, 0.062028),
    );
    check(
        &format!("{name}: black wins"),
        white,
        black,
        Loss,
        more_mixed(1199.29, 0.052999, 1855.42, 0.061999),
    );
    check(
        &format!("{name}: draw"),
        white,
        black,
        Draw,
        more_mixed(1208.01, 0.053002, 1745.71, 0.062006),
    );
}

/// `RatingCalculatorTest.scala`: lichess's default rating, a low deviation, and the two mixed
/// pairs, with that file's coarser tolerances (and its one finer volatility, 1e-8 for White).
#[test]
fn rating_calculator_test() {
    use Outcome::{Draw, Loss, Win};

    let new = Glicko::DEFAULT;
    let (v_white, v_black) = (0.000_000_01, 0.000_000_1);
    let side = |rating, volatility: Close| [(rating, 1.0), (396.0, 1.0), volatility];
    let (winner, loser) = (
        side(1741.0, (0.089_998_3, v_white)),
        side(1258.0, (0.089_998_3, v_black)),
    );
    check("default deviation: white wins", new, new, Win, [winner, loser]);
    let (winner, loser) = (
        side(1741.0, (0.089_998_3, v_black)),
        side(1258.0, (0.089_998_3, v_white)),
    );
    check("default deviation: black wins", new, new, Loss, [loser, winner]);
    let drawn = side(1500.0, (0.089_995_4, v_black));
    check("default deviation: draw", new, new, Draw, [drawn, drawn]);

    let low = glicko(1500.0, 80.0, 0.06);
    let side = |rating| [(rating, 1.0), (78.0, 1.0), (0.06, 0.000_01)];
    check("low deviation: white wins", low, low, Win, [side(1517.0), side(1482.0)]);
    check(
        "low deviation: black wins",
        low,
        low,
        Loss,
        [side(1482.0), side(1517.0)],
    );
    check("low deviation: draw", low, low, Draw, [side(1500.0), side(1500.0)]);

    let (white, black) = (glicko(1400.0, 79.0, 0.06), glicko(1550.0, 110.0, 0.065));
    let w = |rating, deviation| [(rating, 1.0), (deviation, 1.0), (0.06, 0.000_01)];
    let b = |rating, deviation: Close| [(rating, 1.0), deviation, (0.065, 0.000_01)];
    let name = "mixed ratings and deviations";
    check(
        &format!("{name}: white wins"),
        white,
        black,
        Win,
        [w(1422.0, 77.0), b(1506.0, (105.0, 1.0))],
    );
    check(
        &format!("{name}: black wins"),
        white,
        black,
        Loss,
        [w(1389.0, 78.0), b(1568.0, (105.0, 1.0))],
    );
    check(
        &format!("{name}: draw"),
        white,
        black,
        Draw,
        [w(1406.0, 78.0), b(1537.0, (105.87, 0.01))],
    );

    let (white, black) = (glicko(1200.0, 60.0, 0.053), glicko(1850.0, 200.0, 0.062));
    let side = |rating, deviation, volatility| [(rating, 0.1), (deviation, 0.1), (volatility, 0.000_001)];
    let name = "more mixed ratings and deviations";
    let (w, b) = (side(1216.7, 59.9, 0.053013), side(1636.0, 196.9, 0.062028));
    check(&format!("{name}: white wins"), white, black, Win, [w, b]);
    let (w, b) = (side(1199.3, 59.9, 0.052999), side(1855.4, 196.9, 0.061999));
    check(&format!("{name}: black wins"), white, black, Loss, [w, b]);
    let (w, b) = (side(1208.0, 59.90056, 0.053002), side(1745.7, 196.98729, 0.062006));
    check(&format!("{name}: draw"), white, black, Draw, [w, b]);
}

/// lila's comment on [`crate::RATING_PERIODS_PER_DAY`]: "Chosen so a typical player's RD goes from
/// 60 -> 110 in 1 year" (at volatility 0.06, lichess's old default). The comment gives whole
/// numbers, so: within half a point, and provisional again.
#[test]
fn sixty_to_one_hundred_and_ten_in_a_year() {
    let year = 365 * 86_400;
    let typical = glicko(1500.0, 60.0, 0.06);
    let after = typical.deviation_after(year);
    assert_close(after, 110.0, 0.5, "deviation after a year away");
    let stored = PlayerRating {
        glicko: typical,
        games: 100,
        last_game: Some(0),
    };
    assert!(!stored.provisional(0));
    assert_eq!(stored.live(year).deviation, after);
    assert!(stored.provisional(year + 86_400));
}

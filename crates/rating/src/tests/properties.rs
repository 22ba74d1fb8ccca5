//! Properties over random ratings inside lichess's bounds, for the bare game update
//! ([`rate_game`]) and for the stored-rating pipeline ([`update`], with random times away).

use super::{SplitMix, assert_close};
use crate::{
    Glicko, MAX_DEVIATION, MAX_RATING_DELTA, MIN_DEVIATION, Outcome, PROVISIONAL_DEVIATION, PlayerRating, rate_game,
    update,
};

const CASES: usize = 5000;
const YEAR: i64 = 365 * 86_400;

/// A stored rating last played some time in the past two years (or never), and a "now".
fn stored(rng: &mut SplitMix, now: i64) -> PlayerRating {
    let games = rng.below(500) as u32;
    let last_game = (games > 0).then(|| now - rng.below(2 * YEAR as u64) as i64);
    PlayerRating {
        glicko: rng.glicko(),
        games,
        last_game,
    }
}

#[test]
fn a_win_never_lowers_a_rating_and_a_loss_never_raises_it() {
    let mut rng = SplitMix::new(0xA11CE);
    let now = 1_800_000_000;
    for case in 0..CASES {
        let (a, b) = (rng.glicko(), rng.glicko());
        let (wa, lb) = rate_game(&a, &b, Outcome::Win).expect("converges");
        let (la, wb) = rate_game(&a, &b, Outcome::Loss).expect("converges");
        assert!(
            wa.rating >= a.rating && lb.rating <= b.rating,
            "case {case}: {a:?} beats {b:?}"
        );
        assert!(
            la.rating <= a.rating && wb.rating >= b.rating,
            "case {case}: {b:?} beats {a:?}"
        );

        let (sa, sb) = (stored(&mut rng, now), stored(&mut rng, now));
        let (wa, lb) = update(&sa, &sb, Outcome::Win, now).expect("converges");
        assert!(wa.glicko.rating >= sa.glicko.rating, "case {case}: {sa:?} beats {sb:?}");
        assert!(lb.glicko.rating <= sb.glicko.rating, "case {case}: {sa:?} beats {sb:?}");
    }
}

/// Equal ratings make the expected score ½ whatever the deviations, so a draw moves neither
/// (to the rounding of the scale's round trip).
#[test]
fn a_draw_between_equal_ratings_changes_neither() {
    let mut rng = SplitMix::new(0xD2A3);
    let now = 1_800_000_000;
    for case in 0..CASES {
        let (mut a, b) = (rng.glicko(), rng.glicko());
        a.rating = b.rating;
        let (da, db) = rate_game(&a, &b, Outcome::Draw).expect("converges");
        assert_close(da.rating, a.rating, 1e-9, &format!("case {case}: {a:?} draws {b:?}"));
        assert_close(db.rating, b.rating, 1e-9, &format!("case {case}: {a:?} draws {b:?}"));

        let (sa, mut sb) = (stored(&mut rng, now), stored(&mut rng, now));
        sb.glicko.rating = sa.glicko.rating;
        let (da, db) = update(&sa, &sb, Outcome::Draw, now).expect("converges");
        assert_close(
            da.glicko.rating,
            sa.glicko.rating,
            1e-9,
            &format!("case {case}: {sa:?} draws {sb:?}"),
        );
        assert_close(
            db.glicko.rating,
            sb.glicko.rating,
            1e-9,
            &format!("case {case}: {sa:?} draws {sb:?}"),
        );
    }
}

/// A game always teaches something: 1/φ′² = 1/φ² + 1/v. Stored, the deviation never goes below
/// the minimum, and is never above what time away had made it.
#[test]
fn the_deviation_shrinks_after_a_game() {
    let mut rng = SplitMix::new(0x5A1);
    let now = 1_800_000_000;
    for case in 0..CASES {
        let (a, b, o) = (rng.glicko(), rng.glicko(), rng.outcome());
        let (na, nb) = rate_game(&a, &b, o).expect("converges");
        assert!(
            na.deviation < a.deviation && nb.deviation < b.deviation,
            "case {case}: {a:?} {b:?} {o:?}"
        );

        let (sa, sb) = (stored(&mut rng, now), stored(&mut rng, now));
        let (na, nb) = update(&sa, &sb, o, now).expect("converges");
        for (before, after) in [(sa, na), (sb, nb)] {
            assert!(
                after.glicko.deviation <= before.live(now).deviation,
                "case {case}: {before:?} {after:?}"
            );
            assert!(after.glicko.deviation >= MIN_DEVIATION, "case {case}: {after:?}");
        }
    }
}

/// Time away only ever grows the deviation, never past the maximum, which a long enough
/// absence reaches; no time away (or a clock gone back) leaves it as it was.
#[test]
fn the_deviation_grows_with_time_away_up_to_the_maximum() {
    let mut rng = SplitMix::new(0x6A0);
    for case in 0..CASES / 10 {
        let glicko = rng.glicko();
        // lichess converts to the Glicko-2 scale and back even for no time: a rounding's change.
        assert_close(
            glicko.deviation_after(0),
            glicko.deviation,
            1e-9,
            &format!("case {case}"),
        );
        assert_eq!(glicko.deviation_after(-YEAR), glicko.deviation_after(0), "case {case}");
        let mut previous = glicko.deviation;
        for days in (1..=100 * 365).step_by(7) {
            let now = glicko.deviation_after(days * 86_400);
            assert!(
                now >= previous && now <= MAX_DEVIATION,
                "case {case}: {glicko:?} after {days} days"
            );
            previous = now;
        }
        assert_eq!(
            glicko.deviation_after(1_000 * YEAR),
            MAX_DEVIATION,
            "case {case}: {glicko:?}"
        );
    }
    // No rated game yet: no time away to count, whatever `now` is.
    assert_eq!(PlayerRating::NEW.live(i64::MAX), Glicko::DEFAULT);
}

/// Swapping the players and the outcome swaps the results, bit for bit.
#[test]
fn updates_are_symmetric() {
    let mut rng = SplitMix::new(0x5311);
    let now = 1_800_000_000;
    for case in 0..CASES {
        let (a, b, o) = (rng.glicko(), rng.glicko(), rng.outcome());
        let (na, nb) = rate_game(&a, &b, o).expect("converges");
        let (mb, ma) = rate_game(&b, &a, o.reversed()).expect("converges");
        assert_eq!((na, nb), (ma, mb), "case {case}: {a:?} {b:?} {o:?}");

        let (sa, sb) = (stored(&mut rng, now), stored(&mut rng, now));
        let (na, nb) = update(&sa, &sb, o, now).expect("converges");
        let (mb, ma) = update(&sb, &sa, o.reversed(), now).expect("converges");
        assert_eq!((na, nb), (ma, mb), "case {case}: {sa:?} {sb:?} {o:?}");
    }
}

/// What `update` stores: one game more, played now, capped, and at most 700 points from before.
#[test]
fn update_counts_the_game_and_keeps_the_bounds() {
    let mut rng = SplitMix::new(0xB0);
    let now = 1_800_000_000;
    for case in 0..CASES {
        let (sa, sb, o) = (stored(&mut rng, now), stored(&mut rng, now), rng.outcome());
        let (na, nb) = update(&sa, &sb, o, now).expect("converges");
        for (before, after) in [(sa, na), (sb, nb)] {
            assert_eq!(
                (after.games, after.last_game),
                (before.games + 1, Some(now)),
                "case {case}"
            );
            assert_eq!(after.glicko, after.glicko.cap(), "case {case}: {after:?}");
            let (rating, limit) = (after.glicko.rating, before.glicko.rating);
            assert!(rating <= limit + MAX_RATING_DELTA, "case {case}: {before:?} {after:?}");
            assert!(rating >= limit - MAX_RATING_DELTA, "case {case}: {before:?} {after:?}");
        }
    }
}

/// A newcomer who beats a settled 3000: Glicko-2 alone would give about +1400; lichess keeps 700.
#[test]
fn one_game_moves_a_rating_at_most_700_points() {
    let settled = PlayerRating {
        glicko: Glicko {
            rating: 3000.0,
            deviation: 45.0,
            volatility: 0.06,
        },
        games: 900,
        last_game: Some(0),
    };
    let (raw, _) = rate_game(&Glicko::DEFAULT, &settled.glicko, Outcome::Win).expect("converges");
    assert!(raw.rating - 1500.0 > 1000.0, "{raw:?}");
    let (newcomer, _) = update(&PlayerRating::NEW, &settled, Outcome::Win, 0).expect("converges");
    assert_eq!(newcomer.glicko.rating, 1500.0 + MAX_RATING_DELTA);
    assert_eq!(newcomer.glicko.deviation, raw.deviation);
}

/// lichess resets a result past its sanity bounds (here a rating over 4000) to the default
/// rating rather than keep it; a stored rating that is not a number is reset the same way.
#[test]
fn an_insane_result_resets_to_the_default() {
    let top = PlayerRating {
        glicko: Glicko {
            rating: 3990.0,
            deviation: 500.0,
            volatility: 0.09,
        },
        games: 1,
        last_game: Some(0),
    };
    let (winner, loser) = update(&top, &top, Outcome::Win, 0).expect("converges");
    assert_eq!(winner.glicko, Glicko::DEFAULT);
    assert_eq!(winner.games, 2);
    assert!(loser.glicko.sane() && loser.glicko.rating < 3990.0);

    let broken = PlayerRating {
        glicko: Glicko {
            rating: f64::NAN,
            ..Glicko::DEFAULT
        },
        ..PlayerRating::NEW
    };
    let (reset, _) = update(&broken, &PlayerRating::NEW, Outcome::Draw, 0).expect("NaN ends the iteration");
    assert_eq!(reset.glicko, Glicko::DEFAULT);
}

#[test]
fn provisional_from_110_up() {
    let at = |deviation| Glicko {
        deviation,
        ..Glicko::DEFAULT
    };
    assert!(at(PROVISIONAL_DEVIATION).provisional());
    assert!(!at(109.999).provisional());
    assert!(Glicko::DEFAULT.provisional() && PlayerRating::default().provisional(0));
    assert_eq!(
        Glicko::default(),
        Glicko {
            rating: 1500.0,
            deviation: 500.0,
            volatility: 0.09
        }
    );
}

#[test]
fn outcomes_from_either_side() {
    for (outcome, score) in [(Outcome::Win, 1.0), (Outcome::Draw, 0.5), (Outcome::Loss, 0.0)] {
        assert_eq!(outcome.score(), score);
        assert_eq!(outcome.reversed().score(), 1.0 - score);
        assert_eq!(outcome.reversed().reversed(), outcome);
    }
}

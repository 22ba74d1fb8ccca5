//! Properties over thousands of random games on the clock: honest players under modest lag are
//! charged exactly their thinking time; a liar gains at most the quota; a fall and a move are
//! never both taken; a clock survives being stored.

use parlour_rules::Player::{self, P1, P2};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::clock::{Clock, MoveMetrics, Timing};
use crate::config::TimeControl;
use crate::lag::LagTracker;

const CONTROLS: [(u32, u32); 6] = [(60, 0), (180, 2), (300, 3), (600, 5), (900, 10), (0, 5)];

fn control(rng: &mut ChaCha8Rng) -> TimeControl {
    let (l, i) = CONTROLS[rng.random_range(0..CONTROLS.len())];
    TimeControl::new(l, i).unwrap()
}

/// A clock after `P1`'s first move at time 0: `P2`'s time runs.
fn after_first_move(tc: TimeControl) -> Clock {
    Clock::new(tc, P1, 0).step(0, MoveMetrics::thinking(0), P2).clock
}

#[test]
fn honest_players_under_lag_within_the_quota_are_charged_their_thinking_time() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    for _ in 0..2000 {
        let tc = control(&mut rng);
        let gain = LagTracker::new(tc).quota_gain_ms;
        let mut clock = after_first_move(tc);
        let mut now = 0;
        for _ in 0..rng.random_range(1..60) {
            let side = clock.turn;
            let think = rng.random_range(0..3000);
            let lag = rng.random_range(0..=gain); // both ways together, never above the quota's growth
            now += think + lag;
            let before = clock.remaining_ms(side, clock.timer.unwrap());
            let step = clock.step(now, MoveMetrics::thinking(think), side.other());
            if !step.in_time() {
                assert!(think >= before, "fell with {before} ms left after thinking {think}");
                break;
            }
            assert_eq!(step.compensated_ms, Some(lag));
            let after = step.clock.remaining_ms(side, now);
            assert_eq!(
                after,
                before - think + tc.increment_ms(),
                "charged exactly the thinking time"
            );
            clock = step.clock;
        }
    }
}

#[test]
fn a_client_that_lies_about_its_time_gains_at_most_the_quota() {
    let mut rng = ChaCha8Rng::seed_from_u64(2);
    for _ in 0..2000 {
        let tc = control(&mut rng);
        let tracker = LagTracker::new(tc);
        let (mut honest, mut liar) = (after_first_move(tc), after_first_move(tc));
        let (mut now, mut moves, mut gained) = (0i64, 0i64, 0i64);
        for _ in 0..rng.random_range(1..40) {
            let think = rng.random_range(0..5000);
            let lag = rng.random_range(0..200);
            now += think + lag;
            // The liar says it thought for no time at all: every millisecond is "lag".
            let (h, l) = (
                honest.step(now, MoveMetrics::thinking(think), P1),
                liar.step(now, MoveMetrics::thinking(0), P1),
            );
            if !h.in_time() || !l.in_time() {
                break;
            }
            let comp = l.compensated_ms.unwrap();
            assert!(
                comp <= tracker.quota_max_ms,
                "one move given back {comp} ms, over the ceiling"
            );
            gained += h.clock.sides[1].elapsed_ms - l.clock.sides[1].elapsed_ms - gained;
            moves += 1;
            assert!(
                gained <= tracker.quota_ms + moves * tracker.quota_gain_ms,
                "the liar gained {gained} ms in {moves} moves; the quota allows {}",
                tracker.quota_ms + moves * tracker.quota_gain_ms
            );
            // The other side replies at once, on both boards alike.
            (honest, liar) = (
                h.clock.step(now, MoveMetrics::thinking(0), P2).clock,
                l.clock.step(now, MoveMetrics::thinking(0), P2).clock,
            );
        }
    }
}

#[test]
fn a_fall_and_a_move_are_never_both_taken() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut falls = 0;
    for _ in 0..3000 {
        let tc = control(&mut rng);
        // Both sides' first moves made at once; past them, only a fall stops a move.
        let mut clock = after_first_move(tc).step(0, MoveMetrics::thinking(0), P1).clock;
        let mut now = 0;
        for _ in 0..200 {
            let side: Player = clock.turn;
            now += rng.random_range(0..(tc.initial_ms() / 4).max(1));
            let out = clock.out_of_time(side, now, true);
            let step = clock.step(now, MoveMetrics::thinking(rng.random_range(0..1000)), side.other());
            if out {
                assert!(!step.in_time(), "a move was taken after the fall with grace");
            }
            if step.timing == Timing::TooLateToStart {
                assert!(clock.moves < 2 && now > clock.abort_at().unwrap());
                break;
            }
            if !step.in_time() {
                assert_eq!(step.timing, Timing::Fell);
                falls += 1;
                assert!(!step.clock.is_running());
                assert_eq!(step.clock.remaining_ms(side, now), 0, "the fallen side shows no time");
                // Nothing after a fall is played, however late or early it claims to be.
                let again = step.clock.step(now + 1, MoveMetrics::thinking(0), side);
                assert!(!again.in_time());
                break;
            }
            assert!(step.clock.remaining_ms(side, now) > 0);
            clock = step.clock;
        }
    }
    assert!(
        falls > 1000,
        "the random games fell only {falls} times: the test checks little"
    );
}

#[test]
fn the_first_moves_have_a_deadline_and_are_not_charged() {
    let tc: TimeControl = "5+3".parse().unwrap();
    let clock = Clock::new(tc, P1, 1_000);
    let deadline = clock.abort_at().unwrap();
    assert_eq!(deadline, 1_000 + tc.first_move_ms());
    assert!(clock.view(1_000).first_move_ms.is_some() && clock.view(1_000).running.is_none());
    assert!(
        !clock.step(deadline + 1, MoveMetrics::default(), P2).in_time(),
        "too late: aborted"
    );
    let first = clock.step(deadline, MoveMetrics::default(), P2);
    assert!(first.in_time() && first.clock.is_running());
    assert_eq!(
        first.clock.remaining_ms(P1, deadline),
        tc.initial_ms(),
        "the first move is free"
    );
    // The reply is charged, and must also come before its own deadline.
    let reply_deadline = first.clock.abort_at().unwrap();
    assert_eq!(reply_deadline, deadline + tc.first_move_ms());
    assert!(
        !first
            .clock
            .step(reply_deadline + 1, MoveMetrics::default(), P1)
            .in_time()
    );
    let reply = first.clock.step(deadline + 10_000, MoveMetrics::thinking(10_000), P1);
    assert!(reply.in_time());
    assert_eq!(
        reply.clock.remaining_ms(P2, deadline + 10_000),
        tc.initial_ms() - 10_000 + tc.increment_ms()
    );
    assert_eq!(reply.clock.abort_at(), None, "both have moved: no more aborting");
}

#[test]
fn refused_metrics_and_a_stored_clock() {
    assert!(MoveMetrics::thinking(-1).checked().is_err());
    assert!(MoveMetrics::thinking(25 * 3_600_000).checked().is_err());
    assert!(
        MoveMetrics {
            client_lag_ms: Some(-5),
            client_move_ms: None
        }
        .checked()
        .is_err()
    );
    assert!(MoveMetrics::thinking(1234).checked().is_ok());
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut clock = after_first_move("3+2".parse().unwrap());
    let mut now = 0;
    for _ in 0..30 {
        now += rng.random_range(0..3000);
        clock = clock
            .step(
                now,
                MoveMetrics::thinking(rng.random_range(0..2500)),
                clock.turn.other(),
            )
            .clock;
    }
    let text = serde_json::to_string(&clock).unwrap();
    let back: Clock = serde_json::from_str(&text).unwrap();
    assert_eq!(back.view(now + 777), clock.view(now + 777));
    assert_eq!(back.falls_at(), clock.falls_at());
}

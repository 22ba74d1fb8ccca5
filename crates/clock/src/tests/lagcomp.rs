//! scalachess's `ClockLagCompTest` (test-kit/src/test/scala/ClockTest.scala), every case, in
//! milliseconds: scalachess counts hundredths, so each time and each expected value is ×10.

use parlour_rules::Player::{P1, P2};

use crate::clock::{Clock, MoveMetrics};
use crate::config::TimeControl;

/// A clock whose timer runs for `P1` from time 0, as scalachess's `Clock(limit, 0).start` with
/// White to move (in Parlour the clock starts with a first move: `P2`'s, here, at time 0).
fn started(limit_s: u32) -> Clock {
    let clock = Clock::new(TimeControl::new(limit_s, 0).unwrap(), P2, 0);
    let step = clock.step(0, MoveMetrics::default(), P1);
    assert!(step.in_time() && step.clock.is_running());
    step.clock
}

fn lag(cs: i64) -> MoveMetrics {
    MoveMetrics {
        client_lag_ms: Some(cs * 10),
        client_move_ms: None,
    }
}

/// scalachess's `clockStep`: for each lag, the first side moves at once, then after `wait + lag`
/// the second moves reporting `lag`; the second side's time left, in hundredths.
fn clock_step(limit_s: u32, wait_cs: i64, lags_cs: &[i64]) -> i64 {
    let mut clock = started(limit_s);
    let mut now = 0;
    for &l in lags_cs {
        clock = clock.step(now, MoveMetrics::default(), P2).clock;
        now += (wait_cs + l) * 10;
        let step = clock.step(now, lag(l), P1);
        assert!(step.in_time());
        clock = step.clock;
    }
    let left = clock.remaining_ms(P2, now);
    assert_eq!(left % 10, 0, "whole hundredths");
    left / 10
}

fn clock_start(lag_cs: i64) -> i64 {
    let clock = started(60).step(0, MoveMetrics::default(), P2).clock;
    clock.step(0, lag(lag_cs), P1).clock.remaining_ms(P1, 0) / 10
}

#[test]
fn start() {
    assert_eq!(clock_start(0), 60 * 100);
    assert_eq!(clock_start(20), 60 * 100);
    assert_eq!(clock_start(500), 60 * 100);
}

#[test]
fn one_move() {
    assert_eq!(clock_step(600, 0, &[0]), 600 * 100);
    assert_eq!(clock_step(600, 0, &[20]), 600 * 100);
    assert_eq!(clock_step(600, 0, &[400]), 599 * 100);
    assert_eq!(clock_step(600, 100, &[0]), 599 * 100);
    assert_eq!(clock_step(600, 100, &[20]), 599 * 100);
    assert_eq!(clock_step(600, 100, &[400]), 598 * 100);
}

#[test]
fn multiple_premoves() {
    assert_eq!(clock_step(600, 0, &[0, 0]), 600 * 100);
    assert_eq!(clock_step(600, 0, &[300, 300]), 598 * 100);
    assert_eq!(clock_step(600, 0, &[0, 300]), 600 * 100);
    assert_eq!(clock_step(600, 0, &[0, 0, 0, 0, 0, 0, 0, 0, 800]), 599 * 100);
    assert_eq!(clock_step(600, 0, &[0, 0, 0, 0, 0, 500, 600]), 597 * 100);
    assert_eq!(clock_step(600, 0, &[0, 0, 0, 0, 0, 500, 500, 500]), 594 * 100);
}

#[test]
fn multiple_premoves_with_a_fast_clock() {
    assert_eq!(clock_step(60, 0, &[0, 0]), 60 * 100);
    assert_eq!(clock_step(60, 0, &[0, 300]), 5856);
    assert_eq!(clock_step(60, 0, &[0, 0, 0, 0, 700]), 5573);
}

#[test]
fn live_time_checks() {
    let clock60 = started(60);
    assert_eq!(clock60.remaining_ms(P1, 60_000), 0);
    assert!(!clock60.out_of_time(P2, 60_000, true));
    assert!(!clock60.out_of_time(P1, 60_000, true));
    assert!(clock60.out_of_time(P1, 60_000, false));
    assert_eq!(clock60.remaining_ms(P1, 61_000), 0);
    assert!(!clock60.out_of_time(P1, 61_000, true));
    assert!(clock60.out_of_time(P1, 61_900, true), "over the quota");
    let clock600 = started(600);
    assert!(!clock600.out_of_time(P1, 601_900, true), "a stall within the quota");
    assert!(
        clock600.out_of_time(P1, 602_000, true),
        "the largest grace, two seconds"
    );
    // The moment a server may end the game without a move agrees with `out_of_time`.
    for clock in [clock60, clock600] {
        let at = clock.falls_at().unwrap();
        assert!(clock.out_of_time(P1, at, true) && !clock.out_of_time(P1, at - 1, true));
    }
}

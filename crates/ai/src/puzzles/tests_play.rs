//! Playing the shipped puzzles: choosing one near a rating, a streak, the daily puzzle, an
//! attempt's answers, and the refutation of a wrong move.

use parlour_rules::konane::Konane;
use parlour_rules::{Game, GameId};

use super::choose::{NEAR_POOL, daily, near, rising, themes};
use super::oracle::{Method, Oracle};
use super::puzzle::replay;
use super::refute::{Refutation, refutation};
use super::*;

fn konane() -> Vec<Puzzle> {
    parse_file(shipped(GameId::Konane)).unwrap()
}

/// A legal move at `ply` of the solution that is not a right answer there.
fn wrong_move(p: &Puzzle, ply: usize) -> Option<String> {
    let mut moves = p.before.clone();
    moves.extend_from_slice(&p.line[..ply]);
    let state: Konane = replay(&p.options, &moves).unwrap();
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    legal
        .iter()
        .map(|m| state.format_move(m))
        .find(|t| !answer_is_correct(p, ply, t))
}

#[test]
fn a_rated_choice_is_among_the_nearest_not_yet_played() {
    let set = konane();
    for rating in [700.0, 1200.0, 1500.0, 2100.0] {
        let mut distances: Vec<f64> = set.iter().map(|p| (f64::from(p.rating) - rating).abs()).collect();
        distances.sort_by(f64::total_cmp);
        let mut seen = Vec::new();
        for pick in 0..NEAR_POOL as u64 {
            let i = near(&set, rating, None, &[], pick).unwrap();
            assert!((f64::from(set[i].rating) - rating).abs() <= distances[NEAR_POOL - 1]);
            seen.push(set[i].id.clone());
        }
        seen.sort();
        seen.dedup();
        assert_eq!(seen.len(), NEAR_POOL, "each pick a different puzzle near {rating}");
        // Those played are passed over.
        let i = near(&set, rating, None, &seen, 0).unwrap();
        assert!(!seen.contains(&set[i].id));
    }
}

#[test]
fn a_theme_filter_gives_only_puzzles_of_the_theme() {
    let set = konane();
    let all = themes(&set);
    assert!(all.len() >= 2, "{all:?}");
    for t in &all {
        let i = near(&set, 1500.0, Some(t), &[], 3).unwrap();
        assert!(set[i].themes.contains(t));
    }
    assert_eq!(near(&set, 1500.0, Some("no such theme"), &[], 0), None);
}

#[test]
fn a_streak_rises_and_never_repeats() {
    let set = konane();
    let mut played = Vec::new();
    let mut last = None;
    for _ in 0..12 {
        let i = rising(&set, None, last, &played).unwrap();
        if let Some(r) = last {
            assert!(set[i].rating > r, "{} after {r}", set[i].rating);
        } else {
            assert_eq!(set[i].rating, set.iter().map(|p| p.rating).min().unwrap());
        }
        assert!(!played.contains(&set[i].id));
        played.push(set[i].id.clone());
        last = Some(set[i].rating);
    }
}

#[test]
fn the_daily_puzzle_is_fixed_by_the_date_and_changes_with_it() {
    let day = 20_429;
    assert_eq!(daily(day), daily(day));
    let days: Vec<(GameId, Puzzle)> = (day..day + 60).map(|d| daily(d).unwrap()).collect();
    let mut ids: Vec<&str> = days.iter().map(|(_, p)| p.id.as_str()).collect();
    ids.sort();
    ids.dedup();
    assert!(ids.len() >= 40, "only {} different puzzles in 60 days", ids.len());
    for g in GameId::ALL {
        assert!(days.iter().any(|(x, _)| *x == g), "{g:?} never daily");
    }
    for (g, p) in &days {
        assert_eq!(p.game, g.id());
    }
}

#[test]
fn an_attempt_plays_the_line_to_solved() {
    let set = konane();
    let p = set.iter().find(|p| p.line.len() >= 3).unwrap();
    let mut a = Attempt::default();
    for k in (0..p.line.len()).step_by(2) {
        assert_eq!(a.result(), None);
        let got = a.answer(p, &p.line[k]);
        if k + 1 < p.line.len() {
            assert_eq!(got, Answered::Reply(p.line[k + 1].clone()));
            a.replied();
        } else {
            assert_eq!(got, Answered::Solved);
        }
    }
    assert!(a.solved);
    assert_eq!(a.result(), Some(true));
}

#[test]
fn a_wrong_try_or_a_hint_fails_the_attempt_even_when_solved_after() {
    let set = konane();
    let p = set.iter().find(|p| wrong_move(p, 0).is_some()).unwrap();
    let wrong = wrong_move(p, 0).unwrap();
    let mut a = Attempt::default();
    assert_eq!(a.answer(p, &wrong), Answered::Wrong);
    assert_eq!((a.ply, a.wrong), (0, 1));
    assert_eq!(a.result(), Some(false));
    // The right move after it still plays on, and still counts as failed.
    assert_ne!(a.answer(p, &p.line[0]), Answered::Wrong);
    assert_eq!(a.result(), Some(false));

    let mut b = Attempt::default();
    assert_eq!(b.hint(p), Some(p.line[0].as_str()));
    assert_eq!(b.result(), Some(false));
    let mut c = Attempt::default();
    assert_eq!(c.show(p), p.line);
    assert_eq!(c.result(), Some(false));
    assert_eq!(c.answer(p, &p.line[0]), Answered::Wrong, "nothing is judged once shown");
}

#[test]
fn a_wrong_move_is_refuted_by_a_reply_that_wins() {
    let set = konane();
    let mut refuted = 0;
    for p in set.iter().filter(|p| p.method == Method::Solver).take(20) {
        let Some(wrong) = wrong_move(p, 0) else { continue };
        let Some(r) = refutation(p, 0, &wrong, 2_000_000) else {
            continue;
        };
        refuted += 1;
        if let Refutation::Reply(reply) = r {
            let mut moves = p.before.clone();
            moves.push(wrong.clone());
            let mut state: Konane = replay(&p.options, &moves).unwrap();
            let mv = state.parse_move(&reply).unwrap();
            assert!(state.is_legal(&mv));
            state.apply(mv);
            let mut oracle = Oracle::<Konane>::new(1 << 20, 20_000_000);
            assert_eq!(
                oracle.wins(&state, Method::Solver),
                Ok(false),
                "{} after {wrong} {reply}",
                p.id
            );
        }
    }
    assert!(refuted >= 10, "only {refuted} of 20 wrong moves refuted");
    assert_eq!(refutation(&set[0], 0, "zz9-zz7", 1000), None);
}

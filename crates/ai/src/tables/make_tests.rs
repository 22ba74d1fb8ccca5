//! Building into a folder as the client's Settings and the engine do: cancelled with nothing
//! left behind, progress that only grows and ends complete, the store finding the new table at
//! once, and the review judging by it. Small configurations (the general wins at one soldier
//! left, at most three soldiers), built in a second.

use std::path::PathBuf;

use parlour_rules::soldiers::{Soldiers, SoldiersOptions};
use parlour_rules::{Game, Player};

use super::make::{build_file, cost, fraction};
use super::store::{self, Presence};
use super::{BuildError, Value, file_name};
use crate::StopFlag;

fn options(text: &str) -> SoldiersOptions {
    let pairs: Vec<(&str, &str)> = text.split_whitespace().filter_map(|w| w.split_once('=')).collect();
    Soldiers::parse_options(&pairs).expect("options")
}

/// A fresh folder of this test's own.
fn folder(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("parlour-make-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    dir
}

#[test]
fn a_cancelled_build_stops_and_leaves_no_file() {
    let o = options("variant=board1 rules=fair threshold=1");
    let dir = folder("cancel");
    let stop = StopFlag::new();
    let mut heard = 0;
    let r = build_file(&o, Some(3), 0, &dir, &stop, &mut |_, done, _| {
        heard += 1;
        if done > 0 {
            stop.cancel();
        }
    });
    assert!(matches!(r, Err(BuildError::Cancelled)), "{:?}", r.err());
    // Stopped at the first report after the cancel, not at the end.
    assert!(heard <= 2, "{heard} reports after the cancel");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .map(|d| d.filter_map(Result::ok).map(|e| e.file_name()).collect())
        .unwrap_or_default();
    assert!(left.is_empty(), "left behind: {left:?}");
    assert_eq!(store::presence(&o, &dir), Presence::Missing);
    assert_eq!(
        BuildError::Cancelled.to_string(),
        "the build was cancelled before it finished, and nothing was written"
    );
}

#[test]
fn progress_only_grows_and_ends_complete() {
    let o = options("variant=board4 threshold=1");
    let dir = folder("progress");
    let mut seen: Vec<(String, f64)> = Vec::new();
    let (table, path) = build_file(&o, Some(3), 0, &dir, &StopFlag::new(), &mut |phase, done, total| {
        assert!(done <= total, "{phase} {done}/{total}");
        seen.push((phase.to_string(), fraction(phase, done, total)));
    })
    .expect("build");
    assert!(path.exists() && table.bytes() > 0);
    assert!(seen.len() > 4, "{} reports", seen.len());
    for w in seen.windows(2) {
        assert!(w[1].1 >= w[0].1, "{:?} then {:?}", w[0], w[1]);
    }
    assert_eq!(seen.first().map(|s| s.0.as_str()), Some("solve"));
    assert_eq!(seen.last(), Some(&("check".to_string(), 1.0)));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn after_a_build_the_store_finds_the_table_and_a_damaged_one_is_named() {
    let o = options("variant=board2 rules=fair threshold=1");
    let dir = folder("store");
    // Looked for before it exists: not remembered as missing.
    assert_eq!(store::presence(&o, &dir), Presence::Missing);
    assert!(store::table_in(&o, &dir).is_none());
    let (_, path) = build_file(&o, Some(3), 0, &dir, &StopFlag::new(), &mut |_, _, _| {}).expect("build");
    let bytes = std::fs::metadata(&path).expect("file").len();
    assert_eq!(store::presence(&o, &dir), Presence::OnDisk(bytes));
    assert!(store::table_in(&o, &dir).is_some());
    assert_eq!(store::presence(&o, &dir), Presence::Loaded(bytes));

    // The same file damaged (one value changed): found wanting, named in a sentence.
    let mut data = std::fs::read(&path).expect("read");
    let last = data.len() - 1;
    data[last] ^= 1;
    std::fs::write(&path, &data).expect("write");
    assert!(store::table_in(&o, &dir).is_none());
    match store::presence(&o, &dir) {
        Presence::Bad(why) => assert!(why.starts_with("The table ") && why.contains("checksum"), "{why}"),
        p => panic!("{p:?}"),
    }
    // Other rules under this one's name are caught by the header alone.
    std::fs::write(dir.join(file_name(&options("variant=board1 threshold=1"))), &data).expect("copy");
    assert!(matches!(
        store::presence(&options("variant=board1 threshold=1"), &dir),
        Presence::Bad(why) if why.contains("other rules")
    ));
    // Built again: found again.
    build_file(&o, Some(3), 0, &dir, &StopFlag::new(), &mut |_, _, _| {}).expect("rebuild");
    assert!(store::table_in(&o, &dir).is_some());
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_build_costs_what_its_size_says() {
    let board1 = cost(&options("variant=board1 rules=fair")).expect("board 1");
    assert_eq!(board1.positions, 671_260_060);
    // Between 20 and 60 minutes, under 1 GB (docs/soldiers-fair-rules.md).
    assert!((20.0..60.0).contains(&board1.minutes), "{board1:?}");
    assert!(
        board1.memory > board1.positions && board1.memory < 1_000_000_000,
        "{board1:?}"
    );
    assert_eq!(cost(&options("variant=board3")), None);
}

/// The review's judge answers from a table where one is present: an exact draw at 50, a win
/// at 100 and proven (the store's folder is this test's for its duration; no other test's
/// rule set has a table in it).
#[test]
fn the_review_judges_by_a_table_present() {
    use crate::Knowledge;
    let o = options("variant=board1 rules=fair threshold=1");
    let dir = folder("review");
    let (table, _) = build_file(&o, Some(3), 0, &dir, &StopFlag::new(), &mut |_, _, _| {}).expect("build");
    let was = store::dir();
    store::set_dir(Some(dir.clone()));
    // The general between a1 and a3 takes both by stepping onto a2: a win in one.
    let won = Soldiers::from_position(&o, "b2", &["a1", "a3", "e5"], Player::P1).expect("setup");
    assert_eq!(won.known_score(), Some(1.0));
    assert_eq!(won.known_result(), Some(true));
    // A drawn position of the table, if it holds one, judged an exact draw.
    let layout = table.layout();
    let drawn = (0..layout.layers.len())
        .flat_map(|l| (0..layout.layers[l].size).map(move |i| (l, i)))
        .filter_map(|(l, i)| layout.decode(l, i).state(&o))
        .find(|s| table.probe(s) == Some(Value::Draw));
    let d = drawn.expect("a drawn position");
    assert_eq!(d.known_score(), Some(0.5));
    assert_eq!(d.known_result(), None);
    let mut moves = Vec::new();
    won.legal_moves(&mut moves);
    let budget = crate::Budget::iterations(200);
    let a = crate::analysis::analyse(&won, &moves[..1], budget, 1, &StopFlag::new(), |_| {}).expect("analysis");
    assert_eq!(a.plies[0].before, 100.0);
    // A move that throws a won position away into a draw: 100 to 50, a blunder.
    let thrown = (0..layout.layers.len())
        .flat_map(|l| (0..layout.layers[l].size).step_by(5).map(move |i| (l, i)))
        .filter_map(|(l, i)| layout.decode(l, i).state(&o))
        .filter(|s| matches!(table.probe(s), Some(Value::Win(_))))
        .find_map(|s| {
            let mut moves = Vec::new();
            s.legal_moves(&mut moves);
            let mv = moves.into_iter().find(|&mv| {
                let mut next = s.clone();
                next.apply(mv);
                !next.status().is_over() && table.probe(&next) == Some(Value::Draw)
            })?;
            Some((s, mv))
        });
    let (state, mv) = thrown.expect("a won position with a drawing move");
    let a = crate::analysis::analyse(&state, &[mv], budget, 1, &StopFlag::new(), |_| {}).expect("analysis");
    let p = &a.plies[0];
    assert_eq!((p.before, p.after), (100.0, 50.0), "{p:?}");
    assert_eq!(p.mark, crate::analysis::Mark::Blunder);
    store::set_dir(was);
    let _ = std::fs::remove_dir_all(&dir);
}

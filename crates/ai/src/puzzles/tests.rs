//! The puzzle finder, file format and checks on small Kōnane boards.

use parlour_rules::konane::{Konane, KonaneOptions};
use parlour_rules::{Game, GameId};

use super::generate::{GenConfig, generate};
use super::puzzle::replay;
use super::*;

fn small_set() -> Vec<Puzzle> {
    let options = KonaneOptions::new(4, 6).unwrap();
    let cfg = GenConfig {
        count: 4,
        seed: 3,
        tt_bytes: 4 << 20,
        ..GenConfig::default()
    };
    let mut out = Vec::new();
    generate::<Konane>(&options, &cfg, &mut |p, _| out.push(p.clone()), &mut |_| {});
    out
}

#[test]
fn found_puzzles_verify_and_round_trip() {
    let set = small_set();
    assert_eq!(set.len(), 4);
    for p in &set {
        assert_eq!(Puzzle::parse(&p.file_line()).as_ref(), Ok(p));
        verify(p).unwrap();
        assert!(answer_is_correct(p, 0, &p.line[0]));
    }
}

#[test]
fn a_legal_move_that_does_not_win_never_counts() {
    for p in small_set() {
        let state: Konane = replay(&p.options, &p.before).unwrap();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for m in moves {
            let text = state.format_move(&m);
            assert_eq!(answer_is_correct(&p, 0, &text), text == p.line[0], "{text} in {}", p.id);
        }
        assert!(!answer_is_correct(&p, 0, "zz9-zz7"));
    }
}

#[test]
fn a_corrupt_file_is_refused_with_its_line_named() {
    let set = small_set();
    let mut text = String::from("# puzzles\n");
    for p in &set {
        text.push_str(&p.file_line());
        text.push('\n');
    }
    assert_eq!(check_file(&text), Ok(set.len()));
    // A solution whose first move is replaced by another legal one.
    let mut bad = set[1].clone();
    let state: Konane = replay(&bad.options, &bad.before).unwrap();
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let other = moves
        .iter()
        .map(|m| state.format_move(m))
        .find(|t| *t != bad.line[0])
        .unwrap();
    bad.line[0] = other;
    let lines: Vec<String> = text.lines().map(str::to_string).collect();
    let mut broken = lines.clone();
    broken[2] = bad.file_line();
    let err = check_file(&broken.join("\n")).unwrap_err();
    assert_eq!(err.line, 3);
    assert!(
        err.to_string().starts_with("line 3 of the puzzle file is refused"),
        "{err}"
    );
    // A line cut short.
    let mut cut = lines.clone();
    cut[4] = cut[4].rsplit_once('|').unwrap().0.to_string();
    let err = check_file(&cut.join("\n")).unwrap_err();
    assert_eq!((err.line, err.error.clone()), (5, PuzzleError::Columns(8)), "{err}");
    // An illegal move.
    let mut illegal = lines;
    let mut p = set[0].clone();
    p.line[0] = "a1-a9".into();
    illegal[1] = p.file_line();
    let err = check_file(&illegal.join("\n")).unwrap_err();
    assert_eq!(err.line, 2, "{err}");
}

/// Every shipped puzzle of `game` re-verifies, ids are unique, and at the first move of each
/// the solution counts while a legal move that is not it does not.
fn shipped_set_holds(game: GameId) -> usize {
    let text = shipped(game);
    let n = check_file(text).unwrap_or_else(|e| panic!("{}: {e}", game.id()));
    let puzzles = parse_file(text).unwrap();
    let mut ids = std::collections::HashSet::new();
    for p in &puzzles {
        assert!(ids.insert(p.id.clone()), "{} twice", p.id);
        assert_eq!(p.game, game.id());
        assert!(answer_is_correct(p, 0, &p.line[0]), "{}", p.id);
        assert!(
            answer_is_correct(p, p.line.len() - 1, &p.line[p.line.len() - 1]),
            "{}",
            p.id
        );
    }
    n
}

#[test]
fn shipped_konane_puzzles_verify() {
    assert!(shipped_set_holds(GameId::Konane) >= 150);
}

#[test]
fn shipped_soldiers_puzzles_verify() {
    assert!(shipped_set_holds(GameId::Soldiers) >= 150);
}

#[test]
fn shipped_conhex_puzzles_verify() {
    assert!(shipped_set_holds(GameId::ConHex) >= 150);
}

#[test]
fn shipped_kansho_puzzles_verify() {
    shipped_set_holds(GameId::Kansho);
}

#[test]
fn shipped_qyshinsu_puzzles_verify() {
    assert!(shipped_set_holds(GameId::Qyshinsu) >= 150);
}

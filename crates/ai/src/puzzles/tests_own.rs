//! Puzzles from the player's own games, on Kōnane 4×6 where the solver proves every position:
//! a thrown-away win becomes one puzzle whose answer is the winning move; a game without errors,
//! or an error where two moves won, gives none; the store refuses corrupt lines and duplicates.

use parlour_rules::konane::{Konane, KonaneOptions};
use parlour_rules::{Game, GameId, Player};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::oracle::{Method, Oracle};
use super::own::{candidates, from_game, merge, read_own};
use crate::analysis::{PlyAnalysis, analyse};
use crate::{Budget, StopFlag};

const NODES: Budget = Budget {
    millis: None,
    iterations: Some(200_000),
    depth: None,
};

fn start() -> Konane {
    Konane::new(&KonaneOptions::parse_size("4x6").expect("a size"))
}

/// The review's analysis of `record` (notation) on 4×6.
fn reviewed(record: &[String]) -> Vec<PlyAnalysis> {
    let s = start();
    let mut at = s.clone();
    let moves: Vec<_> = record
        .iter()
        .map(|t| parlour_rules::play_text(&mut at, t).expect("legal"))
        .collect();
    analyse(&s, &moves, NODES, 1, &StopFlag::new(), |_| {})
        .expect("not cancelled")
        .plies
}

fn own(record: &[String], plies: &[PlyAnalysis], sides: &[Player]) -> Vec<super::Puzzle> {
    let source = |ply: u32| format!("From your game of 8 Dec 2026 against the Casual, move {ply}");
    from_game(
        GameId::Konane,
        "size=4x6",
        record,
        plies,
        sides,
        &source,
        &StopFlag::new(),
    )
    .expect("the record replays")
}

fn words(moves: &[&str]) -> Vec<String> {
    moves.iter().map(|m| m.to_string()).collect()
}

/// 4×6 after xb3 xa3 Black wins only by d3-b3 (docs/solved.md); Black playing another move
/// throws the win away, and the position becomes one puzzle whose answer is d3-b3.
/// xb3 xa3 and a move of Black's other than d3-b3.
fn thrown_record() -> Vec<String> {
    let s = start();
    let mut at = s.clone();
    for t in ["xb3", "xa3"] {
        parlour_rules::play_text(&mut at, t).unwrap();
    }
    let mut legal = Vec::new();
    at.legal_moves(&mut legal);
    let other = legal
        .iter()
        .map(|m| at.format_move(m))
        .find(|t| t != "d3-b3")
        .expect("another move");
    words(&["xb3", "xa3", &other])
}

#[test]
fn a_thrown_away_win_becomes_one_puzzle_whose_answer_is_the_winning_move() {
    let record = thrown_record();
    let plies = reviewed(&record);
    assert_eq!(candidates(&plies, &[Player::P2]), vec![3]);
    let found = own(&record, &plies, &[Player::P2]);
    assert_eq!(found.len(), 1, "{found:?}");
    let p = &found[0];
    assert_eq!(p.line[0], "d3-b3");
    assert_eq!(p.before, words(&["xb3", "xa3"]));
    assert_eq!(p.method, Method::Solver);
    assert!(p.source.ends_with("move 3"), "{}", p.source);
    super::verify(p).unwrap();
    // White's moves are not the player's here: nothing is looked for on them.
    assert!(own(&record, &plies, &[Player::P1]).is_empty());
}

#[test]
fn a_game_without_errors_gives_no_puzzle() {
    let record = words(&["xb3", "xa3", "d3-b3"]);
    let plies = reviewed(&record);
    assert!(candidates(&plies, &[Player::P2]).is_empty());
    assert!(own(&record, &plies, &[Player::P1, Player::P2]).is_empty());
}

/// A random 4×6 game's first position where the side to move has at least two winning moves
/// and a losing one: the record up to it and the losing move.
fn two_wins_thrown_away() -> Vec<String> {
    let mut rng = ChaCha8Rng::seed_from_u64(77);
    let mut oracle = Oracle::<Konane>::new(4 << 20, 2_000_000);
    for _ in 0..200 {
        let s = start();
        let mut at = s.clone();
        let mut moves = Vec::new();
        let mut legal = Vec::new();
        while !at.status().is_over() {
            at.legal_moves(&mut legal);
            if moves.len() >= 2 && legal.len() > 2 {
                let wins = oracle.winning_moves(&at, Method::Solver).unwrap();
                if let (2.., Some(lose)) = (wins.len(), legal.iter().find(|m| !wins.contains(m))) {
                    moves.push(*lose);
                    return texts(&s, &moves);
                }
            }
            let mv = legal[rng.random_range(0..legal.len())];
            at.apply(mv);
            moves.push(mv);
        }
    }
    panic!("no position with two winning moves in 200 games");
}

#[test]
fn an_error_where_two_moves_won_gives_no_puzzle() {
    let record = two_wins_thrown_away();
    let plies = reviewed(&record);
    let last = plies.last().unwrap();
    assert_eq!(last.proven, Some((true, false)), "the win was thrown away");
    let side = last.mover;
    assert!(candidates(&plies, &[side]).contains(&last.ply));
    let found = own(&record, &plies, &[side]);
    assert!(found.iter().all(|p| p.before.len() + 1 != record.len()), "{found:?}");
}

#[test]
fn the_store_refuses_a_corrupt_line_and_keeps_no_duplicates() {
    let record = thrown_record();
    let plies = reviewed(&record);
    let found = own(&record, &plies, &[Player::P2]);
    assert_eq!(found.len(), 1);
    let line = found[0].file_line();
    let mut illegal = found[0].clone();
    illegal.line[0] = "a1-a9".into();
    let text = format!("{line}\nnot a puzzle at all\n{}\n{line}\n", illegal.file_line());
    let (kept, refused) = read_own(&text);
    assert_eq!(kept, found);
    assert_eq!(refused.len(), 2);
    assert_eq!(refused[0].line, 2);
    assert_eq!(refused[1].line, 3);
    assert!(
        refused[0]
            .to_string()
            .starts_with("line 2 of the puzzle file is refused: it has 1 columns"),
        "{}",
        refused[0]
    );
    let mut store = kept.clone();
    assert_eq!(merge(&mut store, &found), 0);
    assert_eq!(store.len(), 1);
}

/// The moves' notation, played from `start`.
fn texts(start: &Konane, moves: &[<Konane as Game>::Move]) -> Vec<String> {
    let mut s = start.clone();
    moves
        .iter()
        .map(|m| {
            let t = s.format_move(m);
            s.apply(*m);
            t
        })
        .collect()
}

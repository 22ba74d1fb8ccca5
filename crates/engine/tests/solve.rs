//! The `solve` command: exact results on small Kōnane boards, the reply format of
//! `shared/engine-protocol.md`, bad input, other games, and the command-line `solve`.

mod common;

use std::process::Command;

use common::{err, ok};
use parlour_engine::protocol::Engine;

#[test]
fn solve_is_listed() {
    let mut e = Engine::new();
    assert!(ok(&mut e, "list_commands").lines().any(|l| l == "solve"));
}

#[test]
fn konane_4x6_is_a_second_player_win() {
    let mut e = Engine::new();
    ok(&mut e, "game konane size=4x6");
    let reply = ok(&mut e, "solve ms=60000");
    let words: Vec<&str> = reply.split(' ').collect();
    // Black moves first and loses: no winning moves are listed.
    assert_eq!(&words[..2], ["win", "white"], "{reply}");
    assert_eq!(words.len(), 3, "{reply}");
    assert!(words[2].parse::<u32>().unwrap() > 0);
    // Never changes the game.
    assert_eq!(ok(&mut e, "history"), "");
    assert_eq!(ok(&mut e, "status"), "ongoing black");
}

#[test]
fn a_won_position_lists_its_winning_moves_and_the_lost_one_none() {
    let mut e = Engine::new();
    ok(&mut e, "game konane size=4x6");
    ok(&mut e, "setmoves xb3 xa3");
    let reply = ok(&mut e, "solve");
    let words: Vec<&str> = reply.split(' ').collect();
    assert_eq!(&words[..2], ["win", "black"], "{reply}");
    let plies: u32 = words[2].parse().unwrap();
    let moves = &words[3..];
    assert!(!moves.is_empty(), "{reply}");
    let mut sorted = moves.to_vec();
    sorted.sort_unstable();
    assert_eq!(sorted, moves, "byte-sorted");
    assert_eq!(ok(&mut e, "history"), "xb3 xa3");
    // Every winning move leaves White lost; the other moves do not.
    let legal = ok(&mut e, "legal");
    let mut longest_after_win = None;
    for mv in legal.split(' ') {
        ok(&mut e, &format!("play {mv}"));
        let after = ok(&mut e, "solve");
        if moves.contains(&mv) {
            let w: Vec<&str> = after.split(' ').collect();
            assert_eq!(&w[..2], ["win", "black"], "{mv}: {after}");
            assert_eq!(w.len(), 3, "the loser has no winning move: {after}");
            let p: u32 = w[2].parse().unwrap();
            longest_after_win = Some(longest_after_win.map_or(p, |b: u32| b.min(p)));
        } else {
            assert!(after.starts_with("win white "), "{mv}: {after}");
        }
        ok(&mut e, "undo");
    }
    assert_eq!(longest_after_win.map(|p| p + 1), Some(plies));
}

#[test]
fn a_finished_game_answers_the_winner_with_no_moves() {
    let mut e = Engine::new();
    ok(&mut e, "game konane size=4x6");
    // Play the solver's own line to the end: each side plays its first listed winning move,
    // the loser its first legal move.
    for _ in 0..40 {
        if ok(&mut e, "status").starts_with("win") {
            break;
        }
        let reply = ok(&mut e, "solve");
        let mv = match reply.split(' ').nth(3) {
            Some(m) => m.to_string(),
            None => ok(&mut e, "legal").split(' ').next().unwrap().to_string(),
        };
        ok(&mut e, &format!("play {mv}"));
    }
    let status = ok(&mut e, "status");
    let winner = status.split(' ').nth(1).unwrap().to_string();
    assert_eq!(winner, "white", "the second player wins 4x6");
    assert_eq!(ok(&mut e, "solve"), format!("win {winner} 0"));
}

#[test]
fn games_that_can_draw_answer_unknown_and_others_search() {
    let mut e = Engine::new();
    ok(&mut e, "game kansho");
    assert_eq!(ok(&mut e, "solve ms=100"), "unknown");
    ok(&mut e, "game soldiers");
    assert_eq!(ok(&mut e, "solve ms=100"), "unknown");
    ok(&mut e, "game konane size=18x18");
    assert_eq!(ok(&mut e, "solve ms=50"), "unknown");
    ok(&mut e, "game conhex");
    let reply = ok(&mut e, "solve ms=50");
    assert!(reply == "unknown" || reply.starts_with("win "), "{reply}");
}

#[test]
fn bad_solve_input_gets_a_sentence() {
    let mut e = Engine::new();
    ok(&mut e, "game konane size=4x6");
    for line in [
        "solve ms=abc",
        "solve ms=0",
        "solve depth=3",
        "solve ms=5 ms=6",
        "solve ms=99999999999",
    ] {
        let text = err(&mut e, line);
        assert!(text.len() > 10 && text.contains(' '), "{line}: {text}");
    }
    assert_eq!(ok(&mut e, "history"), "");
}

#[test]
fn the_command_line_prints_the_same_text() {
    let bin = env!("CARGO_BIN_EXE_parlour-engine");
    let out = Command::new(bin)
        .args([
            "solve",
            "--game",
            "konane",
            "--options",
            "size=4x6",
            "--moves",
            "xb3 xa3",
            "--ms",
            "60000",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let mut e = Engine::new();
    ok(&mut e, "game konane size=4x6");
    ok(&mut e, "setmoves xb3 xa3");
    assert_eq!(
        String::from_utf8(out.stdout).unwrap(),
        format!("{}\n", ok(&mut e, "solve"))
    );
    let bad = Command::new(bin)
        .args(["solve", "--game", "konane", "--moves", "xz9"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
    assert!(!bad.stderr.is_empty());
}

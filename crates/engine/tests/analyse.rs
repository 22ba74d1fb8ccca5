//! The `analyse` command: one line per ply in the format of `shared/engine-protocol.md`
//! ("Analysis"), proven results on a solved board, every game and variant, bad input, and the
//! command-line `analyse`.

mod common;

use std::collections::HashMap;
use std::process::Command;

use common::{err, ok};
use parlour_engine::protocol::Engine;

/// One `analyse` line's fields: ply, side, move, then the `key=value` pairs.
fn fields(line: &str) -> (u32, String, String, HashMap<String, String>) {
    let mut words = line.split(' ');
    let ply = words.next().and_then(|w| w.parse().ok()).expect("a ply number");
    let side = words.next().expect("a side").to_string();
    let mv = words.next().expect("a move").to_string();
    let pairs: HashMap<String, String> = words
        .map(|w| {
            let (k, v) = w.split_once('=').expect("key=value");
            (k.to_string(), v.to_string())
        })
        .collect();
    let keys: Vec<&str> = ["before", "after", "best", "loss", "mark", "proven"].to_vec();
    assert_eq!(pairs.len(), keys.len(), "{line}");
    for k in keys {
        assert!(pairs.contains_key(k), "{k} in {line}");
    }
    (ply, side, mv, pairs)
}

fn chance(pairs: &HashMap<String, String>, key: &str) -> f32 {
    let v: f32 = pairs[key].parse().expect("a number");
    assert!((0.0..=100.0).contains(&v), "{key}={v}");
    v
}

#[test]
fn analyse_is_listed_and_an_empty_game_has_no_lines() {
    let mut e = Engine::new();
    assert!(ok(&mut e, "list_commands").lines().any(|l| l == "analyse"));
    ok(&mut e, "game konane size=6x6");
    assert_eq!(ok(&mut e, "analyse ms=50"), "");
}

/// 4×6 after xb3 xa3 Black wins only by d3-b3: any other move throws the win away.
#[test]
fn a_thrown_away_win_is_a_proven_blunder_and_the_winning_move_best() {
    let mut e = Engine::new();
    ok(&mut e, "game konane size=4x6");
    ok(&mut e, "setmoves xb3 xa3 b1-b3");
    let reply = ok(&mut e, "analyse ms=1500");
    let lines: Vec<&str> = reply.lines().collect();
    assert_eq!(lines.len(), 3, "{reply}");
    let (ply, side, mv, f) = fields(lines[2]);
    assert_eq!((ply, side.as_str(), mv.as_str()), (3, "black", "b1-b3"));
    assert_eq!(f["mark"], "blunder", "{reply}");
    assert_eq!(f["proven"], "win-loss", "{reply}");
    assert_eq!(f["best"], "d3-b3", "{reply}");
    assert_eq!(chance(&f, "before"), 100.0);
    assert_eq!(chance(&f, "after"), 0.0);
    assert_eq!(f["loss"], "100.0");
    // Never changes the game.
    assert_eq!(ok(&mut e, "history"), "xb3 xa3 b1-b3");
    ok(&mut e, "setmoves xb3 xa3 d3-b3");
    let reply = ok(&mut e, "analyse ms=1500");
    let (_, _, _, f) = fields(reply.lines().nth(2).expect("three lines"));
    assert_eq!(
        (f["mark"].as_str(), f["proven"].as_str()),
        ("best", "win-win"),
        "{reply}"
    );
}

/// Every game and variant of the catalogue: a few random moves, a line per ply, numbers in
/// range, the sides in turn and the loss what before and after say.
#[test]
fn every_game_and_variant_is_analysed() {
    let mut e = Engine::new();
    for entry in ok(&mut e, "games").lines() {
        let mut words = entry.split_whitespace();
        let id = words.next().expect("an id");
        // The variant, where there is one; every other option at its default.
        let variant = words.find(|w| w.starts_with("variant=")).unwrap_or("");
        ok(&mut e, &format!("game {id} {variant}"));
        for seed in 1..=3 {
            if ok(&mut e, "status").starts_with("ongoing") {
                ok(&mut e, &format!("genmove level=novice seed={seed}"));
            }
        }
        let reply = ok(&mut e, "analyse ms=60");
        let history = ok(&mut e, "history");
        let played: Vec<&str> = history.split(' ').filter(|w| !w.is_empty()).collect();
        let lines: Vec<&str> = reply.lines().collect();
        assert_eq!(lines.len(), played.len(), "{entry}: {reply}");
        for (i, line) in lines.iter().enumerate() {
            let (ply, _, mv, f) = fields(line);
            assert_eq!(ply as usize, i + 1, "{entry}: {line}");
            assert_eq!(mv, played[i], "{entry}: {line}");
            let loss = (chance(&f, "before") - chance(&f, "after")).max(0.0);
            let said: f32 = f["loss"].parse().unwrap();
            assert!((said - loss).abs() <= 0.11, "{entry}: {line}");
            assert!(
                ["best", "good", "inaccuracy", "mistake", "blunder"].contains(&f["mark"].as_str()),
                "{line}"
            );
        }
    }
}

#[test]
fn bad_analyse_input_gets_a_sentence() {
    let mut e = Engine::new();
    ok(&mut e, "game konane size=6x6");
    assert!(err(&mut e, "analyse ms=0").contains("from 1 to"));
    assert!(err(&mut e, "analyse depth=3").contains("only ms=N"));
    assert!(err(&mut e, "analyse ms=5 ms=6").contains("usage: analyse"));
}

#[test]
fn the_command_line_prints_the_same_lines() {
    let bin = env!("CARGO_BIN_EXE_parlour-engine");
    let out = Command::new(bin)
        .args([
            "analyse",
            "--game",
            "konane",
            "--options",
            "size=4x6",
            "--moves",
            "xb3 xa3 b1-b3",
            "--ms",
            "1500",
        ])
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let text = String::from_utf8(out.stdout).unwrap();
    assert_eq!(text.lines().count(), 3, "{text}");
    assert!(
        text.lines().nth(2).unwrap().contains("mark=blunder proven=win-loss"),
        "{text}"
    );
    let bad = Command::new(bin)
        .args(["analyse", "--game", "konane", "--moves", "xz9"])
        .output()
        .unwrap();
    assert_eq!(bad.status.code(), Some(2));
}

/// Kansho's notation often starts with a minus sign; `analyse` and `solve` take such a list as
/// the moves, not as an option (clap would otherwise refuse `-2,6` as an unknown flag).
#[test]
fn a_move_list_that_starts_with_a_minus_sign_is_read_as_moves() {
    let bin = env!("CARGO_BIN_EXE_parlour-engine");
    for command in ["analyse", "solve"] {
        let out = Command::new(bin)
            .args([command, "--game", "kansho", "--moves", "-2,6 3,-1", "--ms", "20"])
            .output()
            .unwrap();
        assert!(
            out.status.success(),
            "{command}: {}",
            String::from_utf8_lossy(&out.stderr)
        );
        let text = String::from_utf8(out.stdout).unwrap();
        if command == "analyse" {
            let lines: Vec<&str> = text.lines().collect();
            assert_eq!(lines.len(), 2, "{text}");
            assert!(lines[0].starts_with("1 white -2,6 "), "{text}");
            assert!(lines[1].starts_with("2 black 3,-1 "), "{text}");
        } else {
            assert!(!text.trim().is_empty(), "{text}");
        }
    }
}

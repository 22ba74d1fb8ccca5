//! The `parlour-engine` binary as a process: end of input ends it with status 0, and the
//! subcommands answer `--help` and refuse bad arguments with status 2.

use std::io::Write;
use std::process::{Command, Stdio};

const BIN: &str = env!("CARGO_BIN_EXE_parlour-engine");

/// Runs the binary with `args`, checks it succeeded, and returns what it printed.
fn run_ok(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    String::from_utf8(out.stdout).unwrap()
}

/// Sends `script` to the protocol on standard input, checks the engine then exited cleanly, and
/// returns the replies.
fn talk(script: &str) -> String {
    let mut child = Command::new(BIN)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    child.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    let out = child.wait_with_output().unwrap();
    assert!(out.status.success(), "{script}");
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn end_of_input_exits_cleanly() {
    let text = talk("name\nplay nonsense\n");
    assert!(text.starts_with("= parlour-engine\n\n? "), "{text}");
}

#[test]
fn subcommands_help_and_refuse_bad_arguments() {
    for args in [&["--help"][..], &["bench", "--help"], &["match", "--help"]] {
        assert!(run_ok(args).to_lowercase().contains("usage:"), "{args:?}");
    }
    for args in [
        &["frobnicate"][..],
        &["bench", "--seconds", "x"],
        &["match", "--game", "chess"],
        &["match"],
    ] {
        let out = Command::new(BIN).args(args).output().unwrap();
        assert_eq!(out.status.code(), Some(2), "{args:?}");
        assert!(!out.stderr.is_empty(), "{args:?}");
    }
}

#[test]
fn bench_prints_a_row_per_game() {
    let text = run_ok(&[
        "bench",
        "--game",
        "konane",
        "size=6x6",
        "--seconds",
        "0.2",
        "--warmup",
        "0",
    ]);
    let row = text
        .lines()
        .find(|l| l.starts_with("konane size=6x6"))
        .expect("a konane row");
    let playouts: f64 = row.split_whitespace().nth(2).unwrap().parse().unwrap();
    assert!(playouts > 0.0, "{row}");
}

#[test]
fn a_short_match_prints_the_table() {
    let text = run_ok(&[
        "match",
        "--game",
        "konane",
        "size=6x6",
        "--a",
        "playouts=30",
        "--b",
        "algo=uct playouts=30",
        "--games",
        "2",
    ]);
    assert_eq!(
        text.lines().filter(|l| l.trim_start().starts_with("game ")).count(),
        2,
        "{text}"
    );
    assert!(text.contains("score of A"), "{text}");
    assert!(text.contains("95 % CI"), "{text}");
}

#[test]
fn match_moves_replay_to_the_reported_result() {
    let text = run_ok(&[
        "match",
        "--game",
        "soldiers",
        "variant=board1",
        "--a",
        "level=novice",
        "--b",
        "algo=random",
        "--games",
        "2",
        "--seed",
        "3",
        "--moves",
    ]);
    let lines: Vec<&str> = text.lines().collect();
    let mut games = 0;
    for (i, line) in lines.iter().enumerate() {
        if !line.starts_with("game ") {
            continue;
        }
        games += 1;
        // The next line holds the moves; played through the protocol they must all be legal
        // and end the game with the result the line reports.
        let moves = lines[i + 1].trim();
        let reply = talk(&format!(
            "game soldiers variant=board1\nsetmoves {moves}\nstatus\nquit\n"
        ));
        assert!(!reply.contains("? "), "{moves}\n{reply}");
        let status = reply
            .lines()
            .find(|l| l.starts_with("= win") || l.starts_with("= draw"))
            .unwrap_or_else(|| panic!("the game did not end: {reply}"));
        let winner = if line.contains("general wins") {
            "= win general"
        } else if line.contains("soldiers wins") {
            "= win soldiers"
        } else {
            "= draw"
        };
        assert!(status.starts_with(winner), "{line}\n{status}");
    }
    assert_eq!(games, 2, "{text}");
}

#[test]
fn a_reader_that_goes_away_ends_a_match_quietly() {
    // `parlour-engine match … | head -1`: once the reader has closed the pipe, the next line
    // cannot be written; the match must end with status 0, not a panic.
    use std::io::{BufRead, BufReader};
    let mut child = Command::new(BIN)
        .args([
            "match",
            "--game",
            "konane",
            "size=6x6",
            "--a",
            "playouts=20",
            "--b",
            "algo=random",
            "--games",
            "400",
        ])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    let mut first = String::new();
    BufReader::new(child.stdout.take().unwrap())
        .read_line(&mut first)
        .unwrap();
    assert!(first.contains("A:"), "{first}");
    let out = child.wait_with_output().unwrap();
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "{:?} {stderr}", out.status);
    assert!(!stderr.contains("panicked"), "{stderr}");
}

#[test]
fn depth_on_a_tree_search_is_refused_and_every_genmove_is_bounded() {
    // ConHex and Qyshinsu search by tree: depth= is refused with what to use instead (it used
    // to be taken as no budget at all, and the engine never answered).
    for game in ["conhex", "qyshinsu"] {
        let out = talk(&format!(
            "game {game}\ngenmove depth=1\ngenmove playouts=200 seed=1\nquit\n"
        ));
        assert!(
            out.contains("? depth= limits alpha-beta searches only"),
            "{game}: {out}"
        );
        assert_eq!(
            out.matches("\n= ").count() + usize::from(out.starts_with("= ")),
            3,
            "{game}: {out}"
        );
    }
    // Too deep for alpha-beta is refused; a deep search that cannot finish stops at the
    // ceiling with a move (a small depth keeps this test quick).
    let out = talk("game kansho\ngenmove depth=99\ngenmove depth=2\nquit\n");
    assert!(out.contains("? depth 99 is out of range"), "{out}");
}

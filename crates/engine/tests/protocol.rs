//! The engine protocol end to end: framing, every command, and bad input that must change
//! nothing and never panic.

mod common;

use common::{err, ok};
use parlour_engine::protocol::{Engine, Reply, run};

#[test]
fn framing_matches_the_protocol() {
    let input = "name\n\n# a comment\nversion\nbogus\nquit\nname\n";
    let mut out = Vec::new();
    run(input.as_bytes(), &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    let version = env!("CARGO_PKG_VERSION");
    assert_eq!(
        out,
        format!("= parlour-engine\n\n= {version}\n\n? unknown command 'bogus'; try list_commands\n\n= \n\n")
    );
}

#[test]
fn invalid_utf8_is_refused_not_fatal() {
    let mut input = b"name\n".to_vec();
    input.extend_from_slice(&[0xff, 0xfe, b'\n']);
    input.extend_from_slice(b"name\n");
    let mut out = Vec::new();
    run(&input[..], &mut out).unwrap();
    let out = String::from_utf8(out).unwrap();
    assert_eq!(out.matches("= parlour-engine").count(), 2);
    assert!(out.contains("? input is not valid UTF-8"));
}

#[test]
fn list_commands_and_games() {
    let mut e = Engine::new();
    let cmds = ok(&mut e, "list_commands");
    for c in ["name", "games", "setmoves", "perft", "genmove", "quit"] {
        assert!(cmds.lines().any(|l| l == c), "{c} missing");
    }
    let games = ok(&mut e, "games");
    let lines: Vec<&str> = games.lines().collect();
    // Kansho, Kōnane, ConHex, Qyshinsu and five Sixteen Soldiers variants.
    assert_eq!(lines.len(), 9, "{games}");
    assert!(lines[0].starts_with("kansho first=white|black  Kansho"), "{}", lines[0]);
    assert!(games.contains("conhex swap=on|off  ConHex"));
    assert!(games.contains("soldiers variant=board3"));
    assert!(games.contains("Monk and Water"));
    for line in lines {
        assert!(line.contains("  "), "a display name follows two spaces: {line}");
    }
    // Sixteen Soldiers: each board lists the rule switches it takes, with its values.
    assert!(
        games.contains(
            "soldiers variant=board1 rules=seed|fair apex=on|off custodian=on|off capture=intervention|jump \
             first=general|soldiers threshold=0..15  Shap Luk Kon Tseung Kwan (Board 1)"
        ),
        "{games}"
    );
    assert!(
        games.contains("chain=on|off compulsory=on|off first=general|soldiers threshold=0..25  Yeung"),
        "{games}"
    );
    assert!(games.contains("soldiers variant=monk  Monk and Water"), "{games}");
}

#[test]
fn soldiers_rule_switches_through_the_protocol() {
    let mut e = Engine::new();
    ok(&mut e, "game soldiers variant=board1 custodian=off first=soldiers");
    assert_eq!(ok(&mut e, "status"), "ongoing soldiers");
    ok(&mut e, "game soldiers variant=board4 rules=fair");
    // A refused combination is a sentence and leaves the last game in place.
    let msg = err(&mut e, "game soldiers variant=monk custodian=off");
    assert!(
        msg.contains("Monk and Water") && msg.contains("no rule switches"),
        "{msg}"
    );
    let msg = err(
        &mut e,
        "game soldiers variant=board3 first=general capture=intervention",
    );
    assert!(msg.contains("no move at all"), "{msg}");
    let msg = err(&mut e, "game soldiers variant=board2 threshold=40");
    assert!(msg.contains("threshold"), "{msg}");
    assert_eq!(ok(&mut e, "status"), "ongoing general");
}

#[test]
fn game_command_accepts_every_listed_game_and_rejects_others() {
    let mut e = Engine::new();
    for g in [
        "game kansho",
        "game kansho first=black",
        "game konane size=8x8",
        "game konane size=6x10",
        "game conhex swap=off",
        "game qyshinsu",
        "game qushinsu",
        "game soldiers variant=board3",
        "game soldiers variant=monk apex=off",
    ] {
        ok(&mut e, g);
        assert!(ok(&mut e, "status").starts_with("ongoing "), "{g}");
        assert!(!ok(&mut e, "legal").is_empty(), "{g} has legal moves");
    }
    let msg = err(&mut e, "game chess");
    assert!(msg.contains("kansho") && msg.contains("soldiers"), "{msg}");
    let msg = err(&mut e, "game conhex swap=maybe");
    assert!(msg.contains("on") && msg.contains("off"), "{msg}");
    let msg = err(&mut e, "game konane colour=red");
    assert!(msg.contains("size"), "{msg}");
    // The failed commands left the last good game in place.
    assert!(ok(&mut e, "status").starts_with("ongoing water") || ok(&mut e, "status").starts_with("ongoing monk"));
}

#[test]
fn legal_is_sorted_and_play_undo_history_work() {
    let mut e = Engine::new();
    ok(&mut e, "game kansho");
    let legal = ok(&mut e, "legal");
    let moves: Vec<&str> = legal.split(' ').collect();
    assert_eq!(moves.len(), 252, "every cell is open at the start");
    let mut sorted = moves.clone();
    sorted.sort_unstable();
    assert_eq!(moves, sorted, "plain byte order");
    assert_eq!(ok(&mut e, "status"), "ongoing white");
    assert_eq!(ok(&mut e, "play 3,-2"), "3,-2");
    assert_eq!(ok(&mut e, "status"), "ongoing black");
    assert_eq!(ok(&mut e, "history"), "3,-2");
    let shown = ok(&mut e, "show");
    assert!(shown.contains("hand"), "{shown}");
    ok(&mut e, "undo");
    assert_eq!(ok(&mut e, "history"), "");
    assert_eq!(ok(&mut e, "status"), "ongoing white");
    assert!(err(&mut e, "undo").contains("no move"));
}

#[test]
fn illegal_and_malformed_moves_change_nothing() {
    let mut e = Engine::new();
    ok(&mut e, "game kansho");
    ok(&mut e, "play 3,-2");
    let before = ok(&mut e, "show");
    for bad in [
        "play 3,-2",
        "play 0,0",
        "play 40,40",
        "play banana",
        "play",
        "play 1,2 3,4",
        "play 3,-2+3,-1",
    ] {
        let msg = err(&mut e, bad);
        assert!(!msg.is_empty(), "{bad}");
        assert_eq!(ok(&mut e, "show"), before, "{bad} changed the position");
    }
    assert_eq!(ok(&mut e, "history"), "3,-2");
}

#[test]
fn setmoves_is_all_or_nothing() {
    let mut e = Engine::new();
    ok(&mut e, "game konane size=8x8");
    ok(&mut e, "setmoves xe4 xe5");
    assert_eq!(ok(&mut e, "history"), "xe4 xe5");
    let msg = err(&mut e, "setmoves xd5 xa1");
    assert!(msg.contains("move 2"), "{msg}");
    assert_eq!(
        ok(&mut e, "history"),
        "xe4 xe5",
        "a failed setmoves leaves the game as it was"
    );
    ok(&mut e, "setmoves");
    assert_eq!(ok(&mut e, "history"), "");
}

#[test]
fn perft_counts_and_limits() {
    let mut e = Engine::new();
    ok(&mut e, "game konane size=8x8");
    assert_eq!(ok(&mut e, "perft 0"), "1");
    assert_eq!(ok(&mut e, "perft 1"), "4");
    assert!(err(&mut e, "perft x").contains("not a number"));
    assert!(err(&mut e, "perft 99").contains("limited"));
    ok(&mut e, "game kansho");
    assert_eq!(ok(&mut e, "perft 1"), "252");
    // Kansho perft 6 would take hours: it is refused after a bounded amount of work.
    let msg = err(&mut e, "perft 6");
    assert!(msg.contains("smaller depth"), "{msg}");
    assert_eq!(ok(&mut e, "history"), "");
}

#[test]
fn play_and_genmove_fail_once_the_game_is_over() {
    let mut e = Engine::new();
    ok(&mut e, "game conhex swap=off");
    let mut n = 0;
    while ok(&mut e, "status").starts_with("ongoing") {
        ok(&mut e, &format!("genmove playouts=50 seed={n}"));
        n += 1;
        assert!(n < 80, "ConHex ends before the holes run out");
    }
    assert!(ok(&mut e, "status").ends_with(" connection"));
    assert_eq!(ok(&mut e, "legal"), "");
    assert!(err(&mut e, "genmove").contains("over"));
    let any = ok(&mut e, "history").split(' ').next().unwrap().to_string();
    assert!(err(&mut e, &format!("play {any}")).contains("over"));
}

#[test]
fn genmove_is_reproducible_with_seed_and_budget() {
    let mut a = Engine::new();
    let mut b = Engine::new();
    for e in [&mut a, &mut b] {
        ok(e, "game qyshinsu");
    }
    for i in 0..6 {
        let line = format!("genmove playouts=200 seed={i}");
        assert_eq!(ok(&mut a, &line), ok(&mut b, &line));
    }
    assert!(err(&mut a, "genmove playouts=lots").contains("playouts"));
    assert!(err(&mut a, "genmove level=godlike").contains("level"));
}

#[test]
fn no_line_makes_it_panic() {
    // Words from the protocol mixed at random: every reply is framed and the engine lives on.
    let words = [
        "game",
        "kansho",
        "konane",
        "conhex",
        "qyshinsu",
        "soldiers",
        "variant=board4",
        "size=6x6",
        "play",
        "legal",
        "undo",
        "status",
        "show",
        "history",
        "setmoves",
        "perft",
        "1",
        "2",
        "-1",
        "99999999999999999999",
        "=",
        "x",
        "xe4",
        "c3-c5",
        "F6",
        "swap",
        "o@7",
        "x@9",
        "3,-2",
        "3,-2+3,-1",
        "ms=1",
        "depth=1",
        "level=",
        "seed=1",
        "name",
        "version",
        "games",
        "\u{1F600}",
        "a=b=c",
        "play=",
        "\t",
    ];
    let mut e = Engine::new();
    let mut x: u64 = 0x9e37_79b9_7f4a_7c15;
    for _ in 0..3000 {
        let mut line = String::new();
        let n = 1 + (x % 4) as usize;
        for _ in 0..n {
            x ^= x << 13;
            x ^= x >> 7;
            x ^= x << 17;
            line.push_str(words[(x % words.len() as u64) as usize]);
            line.push(' ');
        }
        if line.starts_with("quit") {
            continue;
        }
        let reply = e.handle(&line);
        assert!(reply != Reply::Quit, "{line}");
        if let Some(framed) = reply.framed() {
            assert!(framed.starts_with("= ") || framed.starts_with("? "), "{line}: {framed}");
            assert!(framed.ends_with("\n\n"));
        }
    }
}

#[test]
fn random_games_through_the_protocol_replay_from_their_history() {
    let games = [
        "game kansho",
        "game konane size=6x6",
        "game konane size=4x8",
        "game conhex",
        "game qyshinsu",
        "game soldiers variant=board1",
        "game soldiers variant=board2",
        "game soldiers variant=board3",
        "game soldiers variant=board4 apex=off",
        "game soldiers variant=monk",
    ];
    let mut x: u64 = 12345;
    for game in games {
        for _ in 0..8 {
            let mut e = Engine::new();
            ok(&mut e, game);
            let mut plies = 0;
            while ok(&mut e, "status").starts_with("ongoing") {
                let legal = ok(&mut e, "legal");
                let moves: Vec<&str> = legal.split(' ').collect();
                x = x.wrapping_mul(6364136223846793005).wrapping_add(1442695040888963407);
                let mv = moves[(x >> 33) as usize % moves.len()].to_string();
                assert_eq!(
                    ok(&mut e, &format!("play {mv}")),
                    mv,
                    "{game}: canonical text plays as itself"
                );
                plies += 1;
                assert!(plies < 2000, "{game} never ended");
            }
            assert_eq!(ok(&mut e, "legal"), "", "{game}: no moves once over");
            let status = ok(&mut e, "status");
            assert!(status.starts_with("win ") || status.starts_with("draw "), "{status}");
            let (history, shown) = (ok(&mut e, "history"), ok(&mut e, "show"));
            ok(&mut e, &format!("setmoves {history}"));
            assert_eq!(
                ok(&mut e, "show"),
                shown,
                "{game}: replaying the history gives the same position"
            );
            assert_eq!(ok(&mut e, "status"), status);
            ok(&mut e, "undo");
            assert!(
                ok(&mut e, "status").starts_with("ongoing"),
                "{game}: undo reopens the game"
            );
        }
    }
}

#[test]
fn genmove_random_is_a_seeded_uniform_player() {
    // The same seed gives the same move; over many seeds every opening removal of Kōnane 8×8
    // comes up, so the choice is not stuck on one move.
    let mut seen = std::collections::BTreeSet::new();
    for seed in 0..200 {
        let mut a = Engine::new();
        let mut b = Engine::new();
        ok(&mut a, "game konane size=8x8");
        ok(&mut b, "game konane size=8x8");
        let line = format!("genmove algo=random seed={seed}");
        let mv = ok(&mut a, &line);
        assert_eq!(ok(&mut b, &line), mv);
        seen.insert(mv);
    }
    assert_eq!(seen.into_iter().collect::<Vec<_>>(), ["xa8", "xd5", "xe4", "xh1"]);
}

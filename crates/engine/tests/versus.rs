//! `parlour-engine versus` and `ladder` as a player of them runs them: real engine processes
//! talking the protocol, a referee that checks every answer, and ratings from a round robin.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_parlour-engine");

fn run(args: &[&str]) -> String {
    let out = Command::new(BIN).args(args).output().unwrap();
    assert!(
        out.status.success(),
        "{args:?}: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_versus_series_pairs_its_openings_and_at_equal_playouts_repeats_exactly() {
    let args = [
        "versus",
        "--game",
        "konane",
        "size=6x6",
        "--a",
        "level=casual",
        "--b",
        "level=novice",
        "--games",
        "4",
        "--playouts",
        "300",
        "--seed",
        "5",
    ];
    let text = run(&args);
    let games: Vec<&str> = text.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 4, "{text}");
    // A pair's two games start from one opening, A once in each seat.
    let opening = |l: &str| l.split("[opening ").nth(1).map(str::to_string);
    assert_eq!(opening(games[0]), opening(games[1]), "{text}");
    assert!(
        games[0].contains("A as white") && games[1].contains("A as black"),
        "{text}"
    );
    assert!(text.contains("games 4: A won"), "{text}");
    assert!(text.contains("score of A:") && text.contains("2 pairs"), "{text}");
    // Every move searched to a fixed budget from a fixed seed: the same series again.
    let again = run(&args);
    let results = |t: &str| {
        t.lines()
            .filter(|l| !l.contains("ms a move"))
            .map(str::to_string)
            .collect::<Vec<_>>()
    };
    assert_eq!(results(&text), results(&again));
}

#[test]
fn an_engine_that_answers_an_illegal_move_loses_the_game_and_the_table_says_so() {
    let dir = std::env::temp_dir().join(format!("parlour-versus-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad-engine");
    std::fs::write(
        &bad,
        "#!/bin/sh\nwhile read -r line; do\n  case \"$line\" in\n    genmove*) printf '= zz9\\n\\n' ;;\n    quit) printf '= \\n\\n'; exit 0 ;;\n    *) printf '= \\n\\n' ;;\n  esac\ndone\n",
    )
    .unwrap();
    #[cfg(unix)]
    {
        use std::os::unix::fs::PermissionsExt;
        std::fs::set_permissions(&bad, std::fs::Permissions::from_mode(0o755)).unwrap();
    }
    let text = run(&[
        "versus",
        "--game",
        "konane",
        "size=6x6",
        "--b-engine",
        bad.to_str().unwrap(),
        "--a",
        "level=novice",
        "--b",
        "level=novice",
        "--games",
        "4",
        "--opening",
        "0",
    ]);
    let _ = std::fs::remove_dir_all(&dir);
    assert!(text.contains("B forfeits at ply"), "{text}");
    assert!(text.contains("'zz9'"), "the reason names the move: {text}");
    assert!(text.contains("games 4: A won 4, B won 0"), "{text}");
    assert!(text.contains("lost by a bad answer: A 0, B 4"), "{text}");
}

#[test]
fn a_ladder_rates_its_first_player_1000_and_a_random_mover_below_the_novice() {
    let text = run(&[
        "ladder",
        "--game",
        "konane",
        "size=6x6",
        "--players",
        "level=novice",
        "algo=random",
        "--games",
        "12",
    ]);
    let line = text
        .lines()
        .find(|l| l.starts_with("ratings konane size=6x6:"))
        .unwrap_or_else(|| panic!("{text}"));
    assert!(line.contains(" level=novice=1000["), "{line}");
    let random: f64 = line
        .split(" algo=random=")
        .nth(1)
        .and_then(|r| r.split('[').next())
        .and_then(|r| r.parse().ok())
        .unwrap_or_else(|| panic!("{line}"));
    assert!(random < 900.0, "{text}");
}

#[test]
fn a_chain_ladder_plays_only_neighbours_and_its_log_rates_the_same_again() {
    let args = [
        "ladder",
        "--game",
        "konane",
        "size=6x6",
        "--players",
        "algo=random",
        "level=novice",
        "level=casual",
        "--games",
        "4",
        "--neighbours",
        "1",
    ];
    let text = run(&args);
    let pairings: Vec<&str> = text.lines().filter(|l| l.contains(" against ")).collect();
    assert_eq!(pairings.len(), 2, "{text}");
    assert!(
        pairings[0].starts_with("  algo=random against level=novice: "),
        "{text}"
    );
    assert!(
        pairings[1].starts_with("  level=novice against level=casual: "),
        "{text}"
    );
    let ratings = |t: &str| {
        t.lines()
            .find(|l| l.starts_with("ratings konane size=6x6:"))
            .unwrap_or_else(|| panic!("{t}"))
            .to_string()
    };
    let log = std::env::temp_dir().join(format!("parlour-ladder-{}.log", std::process::id()));
    std::fs::write(&log, &text).unwrap();
    let again = run(&[
        "ladder",
        "--game",
        "konane",
        "size=6x6",
        "--from",
        log.to_str().unwrap(),
    ]);
    assert_eq!(ratings(&again), ratings(&text));
    assert!(!again.contains(" against "), "a fit from logs plays nothing: {again}");
    // A log that is no ladder's, or one with a player against itself, is refused with a
    // sentence, not fitted.
    for bad in [
        "no pairings here\n",
        "  level=novice against level=novice: 1/2 (0 and 0 ms a move)\n",
    ] {
        std::fs::write(&log, bad).unwrap();
        let out = Command::new(BIN)
            .args(["ladder", "--game", "konane", "--from", log.to_str().unwrap()])
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(
            !out.status.success() && err.starts_with("parlour-engine ladder: "),
            "{err}"
        );
        assert!(
            err.contains("no pairing lines") || err.contains("against itself"),
            "{err}"
        );
    }
    std::fs::remove_file(&log).ok();
}

/// The ratings the new-game dialog shows (`parlour_ai::ratings`) are the fit of the ladder
/// logs kept in docs/ladder: refitting each board's log gives every level's number again.
#[test]
fn the_shipped_ratings_are_the_fit_of_the_kept_ladder_logs() {
    use parlour_ai::Level;
    use parlour_rules::{GameId, with_game};
    let logs = concat!(env!("CARGO_MANIFEST_DIR"), "/../../docs/ladder/2026-12-06");
    // Each board: its log, its options, and the shipped Casual and Strong as the log names them
    // (the fixed budgets they are set to).
    let boards: [(&str, GameId, &[&str], &str, &str); 9] = [
        (
            "kansho",
            GameId::Kansho,
            &[],
            "level=casual noise=0.05",
            "level=strong nodes=30000",
        ),
        (
            "konane",
            GameId::Konane,
            &["size=8x8"],
            "level=casual",
            "level=strong nodes=3000",
        ),
        (
            "conhex",
            GameId::ConHex,
            &[],
            "level=casual",
            "level=strong playouts=4000",
        ),
        (
            "qyshinsu",
            GameId::Qyshinsu,
            &[],
            "level=casual playouts=600",
            "level=strong playouts=1500",
        ),
        (
            "board1",
            GameId::Soldiers,
            &["variant=board1", "rules=fair"],
            "level=casual",
            "level=strong nodes=30000",
        ),
        (
            "board2",
            GameId::Soldiers,
            &["variant=board2", "rules=fair"],
            "level=casual",
            "level=strong nodes=30000",
        ),
        (
            "board3",
            GameId::Soldiers,
            &["variant=board3", "rules=fair"],
            "level=casual",
            "level=strong nodes=30000",
        ),
        (
            "board4",
            GameId::Soldiers,
            &["variant=board4", "rules=fair"],
            "level=casual",
            "level=strong nodes=30000",
        ),
        (
            "monk",
            GameId::Soldiers,
            &["variant=monk"],
            "level=casual",
            "level=strong nodes=30000",
        ),
    ];
    for (name, game, options, casual, strong) in boards {
        // The players the log names are the levels as shipped: a change to a level's budget
        // without a new measurement fails here.
        for (player, level) in [(casual, Level::Casual), (strong, Level::Strong)] {
            assert!(
                with_game!(game, G => names_the_shipped_level::<G>(options, player, level)),
                "{name}: '{player}' is no longer the {level} as shipped"
            );
        }
        let log = format!("{logs}/{name}.log");
        let mut args = vec!["ladder", "--game", game.id()];
        args.extend(options);
        args.extend([
            "--players",
            "level=novice",
            casual,
            strong,
            "level=master",
            "--from",
            &log,
        ]);
        let text = run(&args);
        let pairs: Vec<(String, String)> = options
            .iter()
            .map(|o| o.split_once('=').unwrap())
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .collect();
        for (player, level) in
            [casual, strong, "level=master"]
                .into_iter()
                .zip([Level::Casual, Level::Strong, Level::Master])
        {
            let shipped = parlour_ai::ratings::rating(game, &pairs, level).unwrap_or_else(|| panic!("{name} {level}"));
            let line = text
                .lines()
                .find(|l| l.get(2..30).map(str::trim) == Some(player))
                .unwrap_or_else(|| panic!("{name}: no {player} in\n{text}"));
            let expected = format!("{:>6}   95 % {:>5}–{:<5}", shipped.elo, shipped.low, shipped.high);
            assert!(
                line.contains(expected.trim_end()),
                "{name} {level}: shipped {shipped:?}, fitted\n{line}"
            );
        }
    }
}

/// Whether the genmove words `player` give exactly the configuration the client plays `level`
/// with on the board `options` pick out (both bounded by the ten-second ceiling).
fn names_the_shipped_level<G: parlour_ai::Knowledge>(options: &[&str], player: &str, level: parlour_ai::Level) -> bool {
    let pairs = parlour_rules::split_pairs(options).unwrap();
    let start = G::new(&G::parse_options(&pairs).unwrap());
    let words: Vec<&str> = player.split_whitespace().collect();
    parlour_ai::SearchConfig::parse(&start, &words, level).unwrap() == start.level_config(level).bounded()
}

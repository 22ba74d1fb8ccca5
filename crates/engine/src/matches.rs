//! `parlour-engine match`: an AI-versus-AI series between two configurations on one game,
//! seats alternating, with a line per game and a final table.

use std::process::ExitCode;

use parlour_ai::{Knowledge, Level, MatchOptions, SearchConfig, play_match};
use parlour_rules::{Game, GameId, split_pairs, with_game};

const USAGE: &str = "\
usage: parlour-engine match --game ID [key=value…] [--a SETTINGS] [--b SETTINGS]
                            [--games N] [--opening N] [--seed N] [--max-plies N] [--quiet] [--moves]
Plays N games (default 10) between configuration A and configuration B, alternating seats.
SETTINGS is one quoted argument of genmove's words, e.g. --a \"level=master\"
--b \"algo=uct ms=2400\" (default A: level=strong, B: level=novice). --opening N plays N random
moves at the start of each pair of games so deterministic players do not repeat one game.
Prints one line per game, then wins by seat, draws, average time per move and A's score with
a 95 % confidence interval. --moves also prints each game's moves; --quiet prints only the table.";

struct MatchArgs {
    game: String,
    options: Vec<String>,
    a: String,
    b: String,
    opts: MatchOptions,
    quiet: bool,
    moves: bool,
}

fn parse(args: &[&str]) -> Result<Option<MatchArgs>, String> {
    let mut m = MatchArgs {
        game: String::new(),
        options: Vec::new(),
        a: "level=strong".into(),
        b: "level=novice".into(),
        opts: MatchOptions::games(10),
        quiet: false,
        moves: false,
    };
    let mut i = 0;
    let value = |i: usize| {
        args.get(i + 1)
            .copied()
            .ok_or_else(|| format!("{} needs a value", args[i]))
    };
    let number = |i: usize| -> Result<u64, String> {
        let v = value(i)?;
        v.parse()
            .map_err(|_| format!("{}: '{v}' is not a whole number", args[i]))
    };
    while i < args.len() {
        match args[i] {
            "--help" | "-h" => return Ok(None),
            "--game" => {
                m.game = value(i)?.to_string();
                while let Some(opt) = args.get(i + 2).filter(|a| a.contains('=') && !a.starts_with("--")) {
                    m.options.push(opt.to_string());
                    i += 1;
                }
            }
            "--a" => m.a = value(i)?.to_string(),
            "--b" => m.b = value(i)?.to_string(),
            "--games" => m.opts.games = u32::try_from(number(i)?).map_err(|_| "--games is too large")?,
            "--opening" => m.opts.opening_plies = u32::try_from(number(i)?).map_err(|_| "--opening is too large")?,
            "--max-plies" => m.opts.max_plies = u32::try_from(number(i)?).map_err(|_| "--max-plies is too large")?,
            "--seed" => m.opts.seed = number(i)?,
            "--quiet" => {
                m.quiet = true;
                i += 1;
                continue;
            }
            "--moves" => {
                m.moves = true;
                i += 1;
                continue;
            }
            other => return Err(format!("unknown argument '{other}'")),
        }
        i += 2;
    }
    if m.game.is_empty() {
        return Err("--game is required".into());
    }
    Ok(Some(m))
}

fn series<G: Game + Knowledge>(m: &MatchArgs) -> Result<(), String> {
    let words: Vec<&str> = m.options.iter().map(String::as_str).collect();
    let pairs = split_pairs(&words).map_err(|e| e.to_string())?;
    let options = G::parse_options(&pairs).map_err(|e| e.to_string())?;
    let start = G::new(&options);
    let cfg = |text: &str| -> Result<SearchConfig, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        SearchConfig::parse(&start, &words, Level::Strong).map_err(|e| e.to_string())
    };
    let (a, b) = (cfg(&m.a)?, cfg(&m.b)?);
    crate::say!("{} — A: {a}  B: {b}", G::display_name(&options));
    let (quiet, moves) = (m.quiet, m.moves);
    let report = play_match(
        |_| start.clone(),
        &a,
        &b,
        &m.opts,
        |record| {
            if !quiet {
                crate::say!("{record}");
                if moves {
                    crate::say!("           {}", record.moves.join(" "));
                }
            }
        },
    );
    crate::say!("{report}");
    Ok(())
}

/// Runs the subcommand with the arguments after `match`.
pub fn run(args: &[&str]) -> ExitCode {
    let m = match parse(args) {
        Ok(Some(m)) => m,
        Ok(None) => {
            crate::say!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Err(e) => {
            eprintln!("parlour-engine match: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
    };
    let result = match m.game.parse::<GameId>() {
        Ok(game) => with_game!(game, G => series::<G>(&m)),
        Err(e) => Err(e.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parlour-engine match: {e}");
            ExitCode::from(2)
        }
    }
}

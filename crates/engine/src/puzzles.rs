//! `parlour-engine puzzles`: `generate` (self-play, proven puzzles, a progress bar on standard
//! error), `export` (the shipped set in the seven columns) and `check` (re-verifies a
//! puzzle file, naming the first refused line). The puzzles themselves are
//! `parlour_ai::puzzles`'; docs/puzzles.md says how they are proven.

use std::io::Write as _;
use std::process::ExitCode;

use parlour_ai::Level;
use parlour_ai::puzzles::calibrate::level_solves;
use parlour_ai::puzzles::find::{FindConfig, Reject};
use parlour_ai::puzzles::generate::{GenConfig, GenStats, generate};
use parlour_ai::puzzles::{PuzzleGame, check_file, parse_file, shipped};
use parlour_rules::{GameId, split_pairs, with_game};
use web_time::Instant;

/// The `puzzles` subcommands.
#[derive(clap::Subcommand, Debug)]
pub enum PuzzlesCommand {
    /// Plays seeded self-play games between the levels and keeps the positions where the side
    /// to move has exactly one winning move, proven; writes them one a line.
    Generate(GenerateArgs),
    /// Prints the shipped puzzles one a line: id|game|options|moves before|solution|rating|themes.
    Export {
        /// Only this game's.
        #[arg(long, value_name = "ID")]
        game: Option<String>,
    },
    /// Re-verifies a puzzle file: every move legal, exactly one winning move at each of the
    /// solver's turns, the last move winning. The first refused line is named.
    Check {
        /// The file.
        file: std::path::PathBuf,
    },
    /// Levels as solvers: the share of a file's puzzles each level solves (every one of its
    /// moves a correct answer), by starting rating.
    Calibrate {
        /// The file.
        file: std::path::PathBuf,
        /// The levels, comma-separated.
        #[arg(long, value_name = "L,…", default_value = "novice,casual,strong")]
        levels: String,
    },
}

/// What `puzzles generate` makes.
#[derive(clap::Args, Debug)]
pub struct GenerateArgs {
    /// The game id, e.g. konane.
    #[arg(long, value_name = "ID")]
    game: String,
    /// The game's options, space-separated, e.g. "size=6x6".
    #[arg(long, value_name = "K=V …", default_value = "")]
    options: String,
    /// Puzzles wanted.
    #[arg(long, value_name = "N", default_value_t = 10)]
    count: usize,
    /// The run's seed.
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    /// The file to write (default: standard output).
    #[arg(long, value_name = "FILE")]
    out: Option<std::path::PathBuf>,
    /// Where the solver does not prove the game: the longest win looked for, in plies.
    #[arg(long, value_name = "N", default_value_t = 5)]
    win_plies: u32,
    /// Plies added to the win's length for the horizon within which no other move may win.
    #[arg(long, value_name = "N", default_value_t = 2)]
    slack: u32,
    /// The most moves of the solver in a solution.
    #[arg(long, value_name = "N", default_value_t = 6)]
    max_moves: usize,
    /// Positions before this ply are not offered.
    #[arg(long, value_name = "N", default_value_t = 2)]
    min_ply: u32,
    /// At most this many puzzles from one game.
    #[arg(long, value_name = "N", default_value_t = 3)]
    per_game: usize,
    /// The solver's node budget per question.
    #[arg(long, value_name = "N", default_value_t = 2_000_000)]
    solver_nodes: u64,
    /// A puzzle whose re-verification visits more nodes than this is dropped (the shipped set
    /// is re-verified by the test command, which must stay quick).
    #[arg(long, value_name = "N", default_value_t = 100_000)]
    verify_nodes: u64,
    /// Only positions this many plies or fewer from each self-play game's end are offered.
    #[arg(long, value_name = "N")]
    last: Option<u32>,
    /// Stops after this many minutes with what has been found.
    #[arg(long, value_name = "M")]
    minutes: Option<u64>,
    /// At each position offered, also offer this many positions after another, random move.
    #[arg(long, value_name = "N", default_value_t = 0)]
    branch: usize,
}

/// Runs a `puzzles` subcommand.
pub fn run(cmd: &PuzzlesCommand) -> ExitCode {
    match cmd {
        PuzzlesCommand::Generate(g) => quiet("puzzles generate", run_generate(g)),
        PuzzlesCommand::Export { game } => quiet("puzzles export", export(game.as_deref())),
        PuzzlesCommand::Check { file } => match std::fs::read_to_string(file) {
            Ok(text) => match check_file(&text) {
                Ok(n) => crate::finish("puzzles check", Ok(format!("{n} puzzles verified"))),
                Err(e) => {
                    eprintln!("parlour-engine puzzles check: {}: {e}", file.display());
                    ExitCode::from(1)
                }
            },
            Err(e) => crate::finish("puzzles check", Err(format!("cannot read {}: {e}", file.display()))),
        },
        PuzzlesCommand::Calibrate { file, levels } => crate::finish("puzzles calibrate", calibrate(file, levels)),
    }
}

/// The rating bands of the calibration table.
const BANDS: [(u32, u32); 5] = [(0, 1000), (1000, 1200), (1200, 1400), (1400, 1600), (1600, u32::MAX)];

fn calibrate(file: &std::path::Path, levels: &str) -> Result<String, String> {
    let text = std::fs::read_to_string(file).map_err(|e| format!("cannot read {}: {e}", file.display()))?;
    let puzzles = parse_file(&text).map_err(|e| e.to_string())?;
    let levels: Vec<Level> = levels
        .split(',')
        .map(|l| l.trim().parse::<Level>().map_err(|e| e.to_string()))
        .collect::<Result<_, _>>()?;
    let mut out = format!("{:<12} {:>8}", "rating", "puzzles");
    for l in &levels {
        out.push_str(&format!(" {:>8}", l.name()));
    }
    for (lo, hi) in BANDS {
        let band: Vec<_> = puzzles.iter().filter(|p| p.rating >= lo && p.rating < hi).collect();
        let label = if hi == u32::MAX {
            format!("{lo}+")
        } else {
            format!("{lo}–{}", hi - 1)
        };
        out.push_str(&format!("\n{label:<12} {:>8}", band.len()));
        for &l in &levels {
            let solved = band.iter().filter(|p| level_solves(p, l, 7)).count();
            let share = 100.0 * solved as f64 / band.len().max(1) as f64;
            out.push_str(&format!(" {share:>7.0}%"));
        }
    }
    Ok(out)
}

fn export(game: Option<&str>) -> Result<(), String> {
    let games: Vec<GameId> = match game {
        Some(g) => vec![g.parse().map_err(|_| format!("'{g}' is not one of Parlour's games"))?],
        None => GameId::ALL.to_vec(),
    };
    for g in games {
        let puzzles = parse_file(shipped(g)).map_err(|e| e.to_string())?;
        for p in puzzles {
            crate::say!("{}", p.export_line());
        }
    }
    Ok(())
}

/// Status 0, or the error on standard error with status 2 (the output is the puzzles alone).
fn quiet(command: &str, result: Result<(), String>) -> ExitCode {
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parlour-engine {command}: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_generate(args: &GenerateArgs) -> Result<(), String> {
    let game: GameId = args.game.to_ascii_lowercase().parse().map_err(|e| format!("{e}"))?;
    with_game!(game, G => generate_game::<G>(args))
}

/// The progress bar: puzzles found of those wanted, games played, the rate.
fn bar(stats: &GenStats, want: usize, started: Instant) {
    let width = 30;
    let done = (stats.found as usize * width / want.max(1)).min(width);
    let minutes = started.elapsed().as_secs_f64() / 60.0;
    let rate = if minutes > 0.0 {
        stats.found as f64 / minutes
    } else {
        0.0
    };
    eprint!(
        "\r[{}{}] {}/{} puzzles · {} games · {} positions · {:.1} a minute ",
        "#".repeat(done),
        ".".repeat(width - done),
        stats.found,
        want,
        stats.games,
        stats.positions,
        rate
    );
    let _ = std::io::stderr().flush();
}

fn generate_game<G: PuzzleGame>(args: &GenerateArgs) -> Result<(), String> {
    let words: Vec<&str> = args.options.split_whitespace().collect();
    let pairs = split_pairs(&words).map_err(|e| e.to_string())?;
    let options = G::parse_options(&pairs).map_err(|e| e.to_string())?;
    let cfg = GenConfig {
        count: args.count,
        seed: args.seed,
        find: FindConfig {
            max_solver_moves: args.max_moves,
            max_win_plies: args.win_plies,
            slack: args.slack,
        },
        solver_nodes: args.solver_nodes,
        verify_nodes: args.verify_nodes,
        last_plies: args.last,
        max_seconds: args.minutes.map(|m| m * 60),
        branch: args.branch,
        min_ply: args.min_ply,
        per_game: args.per_game,
        ..GenConfig::default()
    };
    let mut out: Box<dyn std::io::Write> = match &args.out {
        Some(path) => {
            Box::new(std::fs::File::create(path).map_err(|e| format!("cannot write {}: {e}", path.display()))?)
        }
        None => Box::new(std::io::stdout()),
    };
    let started = Instant::now();
    let mut failed = None;
    let mut last_bar = Instant::now();
    let stats = generate::<G>(
        &options,
        &cfg,
        &mut |p, stats| {
            if let Err(e) = writeln!(out, "{}", p.file_line()).and_then(|()| out.flush()) {
                failed.get_or_insert(e.to_string());
            }
            bar(stats, args.count, started);
        },
        &mut |stats| {
            if last_bar.elapsed().as_millis() >= 250 {
                last_bar = Instant::now();
                bar(stats, args.count, started);
            }
        },
    );
    eprintln!();
    if let Some(e) = failed {
        return Err(format!("cannot write the puzzles: {e}"));
    }
    let secs = started.elapsed().as_secs_f64();
    let mut report = format!(
        "{} {}: {} puzzles from {} games, {} positions offered, {:.0} s ({:.2} a minute)",
        G::ID,
        args.options,
        stats.found,
        stats.games,
        stats.positions,
        secs,
        stats.found as f64 * 60.0 / secs.max(0.001)
    );
    for r in Reject::ALL {
        let n = stats.rejected.get(&r).copied().unwrap_or(0);
        report.push_str(&format!(
            "\n  rejected, {}: {} ({:.1} %)",
            r.text(),
            n,
            100.0 * n as f64 / stats.positions.max(1) as f64
        ));
    }
    eprintln!("{report}");
    Ok(())
}

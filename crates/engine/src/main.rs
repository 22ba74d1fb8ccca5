//! `parlour-engine`: with no arguments, speaks the line protocol on stdin/stdout
//! (`shared/engine-protocol.md`); `bench`, `match`, `connect`, `solve` and `analyse` are subcommands for people and
//! scripts.

use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use parlour_engine::{bench, ladder, matches, protocol, versus};

/// Parlour's rules and AI as a text engine.
///
/// Without a subcommand it speaks the line protocol on stdin/stdout (docs/engine.md). genmove
/// [level=NAME] [ms=N] [playouts=N] [depth=N] [seed=N]: without ms= every search stops within
/// 10 s; depth= (1–96) is for alpha-beta games, tree-search games take playouts=.
#[derive(Parser, Debug)]
#[command(name = "parlour-engine", version, max_term_width = 100)]
struct Cli {
    #[command(subcommand)]
    command: Option<Command>,
}

#[derive(Subcommand, Debug)]
enum Command {
    /// Random playouts per second per game, one thread, fixed seed.
    Bench(BenchArgs),
    /// An AI-versus-AI series between two configurations.
    Match(matches::MatchArgs),
    /// Two engine programs (e.g. builds of two revisions) play a series through the protocol:
    /// paired openings, seats swapped, the score with its 95 % interval.
    Versus(versus::VersusArgs),
    /// A round robin of configurations (by default the four levels) turned into Elo ratings.
    Ladder(ladder::LadderArgs),
    /// The protocol against a Parlour server's game: online new|join|watch|resume|token|account, wait,
    /// play and genmove through the server.
    Connect(ConnectArgs),
    /// Solves one position exactly and prints the protocol's `solve` reply text: `win <side>
    /// <plies> <moves…>`, `draw` or `unknown`.
    Solve(SolveArgs),
    /// The exact tables of the small Sixteen Soldiers boards: `tables build --game soldiers
    /// --options "…" --dir DIR` solves every position and writes the table.
    #[command(subcommand)]
    Tables(parlour_engine::tables::TablesCommand),
    /// Puzzles: generate proven ones from self-play, export the shipped set, check a file
    /// (docs/puzzles.md).
    #[command(subcommand)]
    Puzzles(parlour_engine::puzzles::PuzzlesCommand),
    /// Analyses a whole game and prints the protocol's `analyse` lines, one per ply: the
    /// mover's win chance before and after, the best move, the loss, the mark and what is proven.
    Analyse(AnalyseArgs),
}

/// A game to analyse: its id, options and moves.
#[derive(Args, Debug)]
struct AnalyseArgs {
    /// The game id, e.g. konane.
    #[arg(long, value_name = "ID")]
    game: String,
    /// The game's options, space-separated, e.g. "size=6x6".
    #[arg(long, value_name = "K=V …", default_value = "")]
    options: String,
    /// The moves played from the start, space-separated (the list may start with a minus sign,
    /// as Kansho's often does: `--moves "-2,6 3,1"`).
    #[arg(long, value_name = "M1 M2 …", allow_hyphen_values = true)]
    moves: String,
    /// The time budget per position in milliseconds.
    #[arg(long, value_name = "N", default_value_t = parlour_engine::session::ANALYSE_DEFAULT_MS,
          value_parser = clap::value_parser!(u64).range(1..=protocol::MAX_ANALYSE_MS))]
    ms: u64,
}

/// One position to solve: a game, its options and the moves played from the start.
#[derive(Args, Debug)]
struct SolveArgs {
    /// The game id, e.g. konane.
    #[arg(long, value_name = "ID")]
    game: String,
    /// The game's options, space-separated, e.g. "size=6x6".
    #[arg(long, value_name = "K=V …", default_value = "")]
    options: String,
    /// The moves played from the start, space-separated (the list may start with a minus sign).
    #[arg(long, value_name = "M1 M2 …", default_value = "", allow_hyphen_values = true)]
    moves: String,
    /// The time budget in milliseconds.
    #[arg(long, value_name = "N", default_value_t = parlour_engine::session::SOLVE_DEFAULT_MS,
          value_parser = clap::value_parser!(u64).range(1..=protocol::MAX_SOLVE_MS))]
    ms: u64,
}

/// Plays uniformly random games from a fixed seed on one thread: a warm-up, then the measured
/// seconds, per game and variant. Prints playouts/s and moves/s.
#[derive(Args, Debug)]
struct BenchArgs {
    /// One game and its options (default: every game and variant of the benchmark set).
    #[arg(long, num_args = 1.., value_names = ["ID", "KEY=VALUE"])]
    game: Option<Vec<String>>,
    /// Seconds measured per game.
    #[arg(long, value_name = "S", default_value = "3", value_parser = seconds)]
    seconds: Duration,
    /// Seconds played before measuring.
    #[arg(long, value_name = "S", default_value = "1", value_parser = seconds)]
    warmup: Duration,
}

#[derive(Args, Debug)]
struct ConnectArgs {
    /// The server, e.g. http://127.0.0.1:7878.
    #[arg(long, value_name = "URL")]
    server: String,
    /// Each command waits for the server at most this many seconds.
    #[arg(long, value_name = "S", default_value = "60", value_parser = seconds)]
    timeout: Duration,
}

fn seconds(text: &str) -> Result<Duration, String> {
    match text.parse::<f64>() {
        Ok(s) if (0.0..=3600.0).contains(&s) => Ok(Duration::from_secs_f64(s)),
        Ok(s) => Err(format!("{s} seconds is out of range (0 to 3600)")),
        Err(_) => Err("give a number of seconds".into()),
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    parlour_ai::tables::store::set_dir(Some(parlour_engine::tables::tables_dir()));
    let engine = match cli.command {
        None => protocol::Engine::new(),
        Some(Command::Bench(b)) => return run_bench(&b),
        Some(Command::Match(m)) => return matches::run(&m),
        Some(Command::Versus(v)) => return versus::run(&v),
        Some(Command::Ladder(l)) => return ladder::run(&l),
        Some(Command::Connect(c)) => protocol::Engine::connected(&c.server, c.timeout),
        Some(Command::Solve(s)) => return run_solve(&s),
        Some(Command::Analyse(a)) => return run_analyse(&a),
        Some(Command::Tables(t)) => return parlour_engine::tables::run(&t),
        Some(Command::Puzzles(p)) => return parlour_engine::puzzles::run(&p),
    };
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    match protocol::run_engine(engine, stdin.lock(), stdout.lock()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parlour-engine: {e}");
            ExitCode::FAILURE
        }
    }
}

/// A game by id and space-separated options, with space-separated moves played.
fn session_at(
    game: &str,
    options: &str,
    moves: &str,
) -> Result<Box<dyn parlour_engine::session::Session>, parlour_engine::session::SessionError> {
    let options: Vec<&str> = options.split_whitespace().collect();
    let moves: Vec<&str> = moves.split_whitespace().collect();
    let mut s = parlour_engine::session::new_session(game, &options)?;
    s.setmoves(&moves)
        .map_err(parlour_engine::session::SessionError::Moves)?;
    Ok(s)
}

fn run_solve(args: &SolveArgs) -> ExitCode {
    let session = session_at(&args.game, &args.options, &args.moves);
    match session {
        Ok(session) => {
            parlour_engine::say!("{}", session.solve(args.ms));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("parlour-engine solve: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_analyse(args: &AnalyseArgs) -> ExitCode {
    let session = session_at(&args.game, &args.options, &args.moves);
    match session {
        Ok(session) => {
            session.analyse(args.ms, &mut |line| parlour_engine::say!("{line}"));
            ExitCode::SUCCESS
        }
        Err(e) => {
            eprintln!("parlour-engine analyse: {e}");
            ExitCode::from(2)
        }
    }
}

fn run_bench(args: &BenchArgs) -> ExitCode {
    let entries: Vec<(String, Vec<String>)> = match &args.game {
        Some(game) => vec![(game[0].clone(), game[1..].to_vec())],
        None => bench::BENCH_SET
            .iter()
            .map(|(id, o)| (id.to_string(), o.iter().map(|s| s.to_string()).collect()))
            .collect(),
    };
    parlour_engine::say!(
        "{:<28} {:>14} {:>16} {:>9}",
        "game",
        "playouts/s",
        "moves/s",
        "playouts"
    );
    for (id, opts) in entries {
        let opts: Vec<&str> = opts.iter().map(String::as_str).collect();
        match bench::bench_entry(&id, &opts, args.warmup, args.seconds) {
            Ok(row) => parlour_engine::say!(
                "{:<28} {:>14.0} {:>16.0} {:>9}",
                row.label,
                row.playouts_per_sec(),
                row.moves_per_sec(),
                row.playouts
            ),
            Err(e) => {
                eprintln!("parlour-engine bench: {e}");
                return ExitCode::from(2);
            }
        }
    }
    ExitCode::SUCCESS
}

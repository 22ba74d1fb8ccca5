//! The exact tables (`parlour_ai::tables`) on the command line: `tables build`, which solves a
//! board and rule set with a progress bar on standard error and writes the file, and the lookup
//! that lets `solve` answer from a table where one is present.
//!
//! Tables are looked for where `PARLOUR_TABLES` points, else in the data directory's `tables/`
//! folder (`PARLOUR_DATA_DIR`, else the platform's). A table that is missing is simply not used;
//! one that is truncated, for other rules or corrupt is reported once on standard error in a
//! sentence, and `solve` falls back to its search.

use std::any::Any;
use std::io::Write as _;
use std::path::{Path, PathBuf};

use clap::{Args, Subcommand};
use parlour_ai::tables::{Table, compare_with_prover, make};
use parlour_rules::soldiers::{Soldiers, SoldiersOptions};
use parlour_rules::{Game, split_pairs};
use web_time::Instant;

/// `tables …`: what to do with the exact tables.
#[derive(Subcommand, Debug)]
pub enum TablesCommand {
    /// Solves every position of a board and rule set and writes the table to a folder.
    Build(BuildArgs),
    /// Compares a table with the alpha-beta prover on random positions.
    Check(CheckArgs),
    /// Prints the exact value of the start, of every one-ply and two-ply opening and the
    /// longest result.
    Openings(Which),
    /// Plays a level against random moves in each seat and judges the games by the table: the
    /// share won, drawn by repetition, and every table-won position won within its distance.
    Play(PlayArgs),
}

/// Which table: the game, its options and the folder.
#[derive(Args, Debug)]
pub struct Which {
    /// The game id (only `soldiers` has tables).
    #[arg(long, value_name = "ID")]
    pub game: String,
    /// The game's options, space-separated, e.g. "variant=board1 rules=fair".
    #[arg(long, value_name = "K=V …", default_value = "")]
    pub options: String,
    /// The table's folder (default: where tables are looked for).
    #[arg(long, value_name = "DIR")]
    pub dir: Option<PathBuf>,
}

/// A table to compare with the prover.
#[derive(Args, Debug)]
pub struct CheckArgs {
    /// The table.
    #[command(flatten)]
    pub which: Which,
    /// Random positions the table answers, each proven by alpha-beta.
    #[arg(long, value_name = "N", default_value_t = 1000)]
    pub positions: u32,
    /// Milliseconds per position.
    #[arg(long, value_name = "MS", default_value_t = 100)]
    pub ms: u64,
    /// The prover's depth in plies.
    #[arg(long, value_name = "PLIES", default_value_t = 12)]
    pub depth: u32,
    /// The seed of the positions.
    #[arg(long, value_name = "N", default_value_t = 76)]
    pub seed: u64,
}

/// A level against random moves, judged by the table.
#[derive(Args, Debug)]
pub struct PlayArgs {
    /// The table (the level plays from it where it is the Master).
    #[command(flatten)]
    pub which: Which,
    /// The level.
    #[arg(long, value_name = "LEVEL", default_value = "master")]
    pub level: String,
    /// Games in each seat.
    #[arg(long, value_name = "N", default_value_t = 100)]
    pub games: u32,
    /// The level's milliseconds a move where it searches (default: the level's own).
    #[arg(long, value_name = "MS")]
    pub ms: Option<u64>,
    /// The seed of the random moves and the level's choices.
    #[arg(long, value_name = "N", default_value_t = 76)]
    pub seed: u64,
}

/// A table to build.
#[derive(Args, Debug)]
pub struct BuildArgs {
    /// The table.
    #[command(flatten)]
    pub which: Which,
    /// Build only the positions with at most this many soldiers (a smaller table, for a
    /// measurement; default: the board's start).
    #[arg(long, value_name = "N")]
    pub top: Option<u32>,
    /// Build only the positions with at least this many soldiers: a partial table, where a
    /// capture below it is unknown (its wins and losses are proven, its draws mean nothing).
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub bottom: u32,
    /// Keep the table already in the folder and add the layers above it up to `--top` (a whole
    /// board built a few layers at a time).
    #[arg(long)]
    pub extend: bool,
}

/// Runs `tables …`.
pub fn run(command: &TablesCommand) -> std::process::ExitCode {
    match command {
        TablesCommand::Build(b) => crate::finish("tables build", build(b)),
        TablesCommand::Check(c) => crate::finish("tables check", check(c)),
        TablesCommand::Openings(w) => crate::finish("tables openings", openings(w)),
        TablesCommand::Play(p) => crate::finish("tables play", play(p)),
    }
}

/// The folder tables are looked for in: `PARLOUR_TABLES`, else the data directory's `tables/`.
pub fn tables_dir() -> PathBuf {
    match std::env::var_os("PARLOUR_TABLES").filter(|d| !d.is_empty()) {
        Some(d) => PathBuf::from(d),
        None => parlour_saves::data_dir().join("tables"),
    }
}

fn soldiers_options(game: &str, options: &str) -> Result<SoldiersOptions, String> {
    if game != Soldiers::ID {
        return Err(format!("only soldiers has tables, not '{game}'"));
    }
    let words: Vec<&str> = options.split_whitespace().collect();
    let pairs = split_pairs(&words).map_err(|e| e.to_string())?;
    Soldiers::parse_options(&pairs).map_err(|e| e.to_string())
}

fn build(args: &BuildArgs) -> Result<String, String> {
    let options = soldiers_options(&args.which.game, &args.which.options)?;
    let board = options.variant.board();
    let top = args.top.unwrap_or(board.soldier_starts().len() as u32);
    let dir = args.which.dir.clone().unwrap_or_else(tables_dir);
    let started = Instant::now();
    let mut bar = Bar::new(started);
    let mut show = |phase: &str, done, total| bar.show(phase, done, total);
    // The same path as the client's Settings: cancellable, written under a temporary name.
    let stop = parlour_ai::StopFlag::new();
    let (table, path) = if args.extend {
        let old = Table::load(&options, &dir).map_err(|e| e.to_string())?;
        old.extend(top, &stop, &mut show)
            .and_then(|t| make::save(t, &dir, &stop))
    } else {
        make::build_file(&options, Some(top), args.bottom, &dir, &stop, &mut show)
    }
    .map_err(|e| e.to_string())?;
    eprintln!();
    let built = started.elapsed().as_secs_f64();
    let s = table.stats();
    Ok(format!(
        "{}: {} positions ({} layers, {} to {} soldiers{}), {} bytes, built, checked and written in {built:.1} s\n\
         wins {} losses {} draws {} finished {}; longest result {} plies\nwritten to {}",
        board.name(),
        table.bytes(),
        table.layout().layers.len(),
        table.layout().layers.first().map_or(0, |l| l.soldiers),
        table.top(),
        if table.layout().complete() {
            ""
        } else {
            ", partial: captures below are unknown"
        },
        table.bytes(),
        s.wins,
        s.losses,
        s.draws,
        s.over,
        s.longest,
        path.display()
    ))
}

fn openings(which: &Which) -> Result<String, String> {
    let options = soldiers_options(&which.game, &which.options)?;
    let dir = which.dir.clone().unwrap_or_else(tables_dir);
    let started = Instant::now();
    let table = Table::load(&options, &dir).map_err(|e| e.to_string())?;
    let loaded = started.elapsed().as_secs_f64();
    let report = crate::truth::openings(&table, &options);
    Ok(format!(
        "{report}(read in {loaded:.1} s, answered in {:.1} s)",
        started.elapsed().as_secs_f64() - loaded
    ))
}

fn play(args: &PlayArgs) -> Result<String, String> {
    let options = soldiers_options(&args.which.game, &args.which.options)?;
    let level: parlour_ai::Level = args.level.parse().map_err(|e: parlour_ai::UnknownLevel| e.0)?;
    let dir = args.which.dir.clone().unwrap_or_else(tables_dir);
    // Through the store, so that the level's own lookup shares this one copy.
    parlour_ai::tables::store::set_dir(Some(dir.clone()));
    let Some(table) = parlour_ai::tables::store::table_in(&options, &dir) else {
        return Err(Table::load(&options, &dir)
            .err()
            .map_or("the table could not be read".into(), |e| e.to_string()));
    };
    Ok(crate::convert::report(
        &options, &table, level, args.ms, args.games, args.seed,
    ))
}

fn check(args: &CheckArgs) -> Result<String, String> {
    let options = soldiers_options(&args.which.game, &args.which.options)?;
    let dir = args.which.dir.clone().unwrap_or_else(tables_dir);
    let table = Table::load(&options, &dir).map_err(|e| e.to_string())?;
    let started = Instant::now();
    let s = compare_with_prover(&table, args.positions, args.ms, args.depth, args.seed);
    let mut report = format!(
        "{} positions compared with the prover ({} ms, {} plies each), {} proven by it, {} disagreements, {:.1} s",
        s.positions,
        args.ms,
        args.depth,
        s.proven,
        s.disagreements.len(),
        started.elapsed().as_secs_f64()
    );
    for d in s.disagreements.iter().take(5) {
        report.push('\n');
        report.push_str(d);
    }
    if s.disagreements.is_empty() {
        Ok(report)
    } else {
        Err(report)
    }
}

/// A one-line progress bar on standard error, redrawn at most a few times a second.
struct Bar {
    started: Instant,
    last: Option<Instant>,
}

impl Bar {
    fn new(started: Instant) -> Bar {
        Bar { started, last: None }
    }

    fn show(&mut self, phase: &str, done: u64, total: u64) {
        let now = Instant::now();
        if self.last.is_some_and(|t| (now - t).as_millis() < 250) && done < total {
            return;
        }
        self.last = Some(now);
        let frac = done as f64 / total.max(1) as f64;
        let filled = (frac * 30.0) as usize;
        let secs = (now - self.started).as_secs();
        let mut err = std::io::stderr().lock();
        let _ = write!(
            err,
            "\r{phase:>5} [{:<30}] {:5.1} %  {done}/{total} positions  {}:{:02}",
            "#".repeat(filled.min(30)),
            frac * 100.0,
            secs / 60,
            secs % 60
        );
        let _ = err.flush();
    }
}

/// The `solve` reply from a table, when `state` is a Sixteen Soldiers position a table present
/// answers.
pub fn solve_reply(state: &dyn Any) -> Option<String> {
    solve_reply_in(state, &tables_dir())
}

/// [`solve_reply`] with the tables of `dir`.
pub fn solve_reply_in(state: &dyn Any, dir: &Path) -> Option<String> {
    let s = state.downcast_ref::<Soldiers>()?;
    if s.status().is_over() {
        return None;
    }
    parlour_ai::tables::store::table_in(s.options(), dir)?.reply(s)
}

#[cfg(test)]
mod tests {
    use parlour_ai::tables::file_name;
    use parlour_rules::Player;

    use super::*;

    #[test]
    fn solve_answers_from_a_table_and_falls_back_from_a_bad_one() {
        let options = soldiers_options("soldiers", "variant=board1 rules=fair threshold=1").expect("options");
        let table = Table::build(&options, 3, 0, &mut |_, _, _| {}).expect("build");
        let dir = std::env::temp_dir().join(format!("parlour-engine-tables-{}", std::process::id()));
        let path = table.save(&dir).expect("save");
        // The general between a1 and a3 takes both by stepping onto a2: one soldier left.
        let state = Soldiers::from_position(&options, "b2", &["a1", "a3", "e5"], Player::P1).expect("setup");
        let reply = solve_reply_in(&state, &dir).expect("answered");
        assert!(
            reply.starts_with("win general 1 ") && reply.contains("b2-a2"),
            "{reply}"
        );
        assert_eq!(Some(reply), table.reply(&state));
        // Other games and positions beyond the table are left to the search.
        let more = Soldiers::from_position(&options, "c3", &["a1", "e1", "a5", "e5", "b1"], Player::P1).expect("setup");
        assert_eq!(solve_reply_in(&more, &dir), None);
        assert_eq!(solve_reply_in(&0u8, &dir), None);
        // A damaged table is never used (the cache is per file, so damage a fresh folder's).
        let bad = dir.join("bad");
        std::fs::create_dir_all(&bad).expect("dir");
        let mut bytes = std::fs::read(&path).expect("read");
        bytes.truncate(bytes.len() - 1);
        std::fs::write(bad.join(file_name(&options)), &bytes).expect("write");
        assert_eq!(solve_reply_in(&state, &bad), None);
        let _ = std::fs::remove_dir_all(&dir);
    }

    /// The dialog's shipped results against the tables, wherever a table is present (a
    /// developer's `PARLOUR_TABLES` or data folder; CI has none and says so).
    #[test]
    fn the_shipped_results_are_the_tables() {
        use parlour_ai::tables::Value;
        use parlour_ai::tables::known::{KNOWN, Solved};
        let dir = tables_dir();
        for &(text, shipped) in KNOWN {
            let options = soldiers_options("soldiers", text).expect("options");
            let table = match Table::load(&options, &dir) {
                Ok(t) => t,
                Err(e) => {
                    println!("not compared with a table: {e}");
                    continue;
                }
            };
            let start = Soldiers::new(&options);
            let me = start.side_to_move();
            let from_table = match table.probe(&start) {
                Some(Value::Draw) => Solved::Draw,
                Some(Value::Win(p)) if me == Player::P2 => Solved::SoldiersWin(p),
                Some(Value::Loss(p)) if me == Player::P1 => Solved::SoldiersWin(p),
                Some(Value::Win(p) | Value::Loss(p)) => Solved::GeneralWins(p),
                v => panic!("{text}: the table gives {v:?}"),
            };
            assert_eq!(from_table, shipped, "{text}");
        }
    }
}

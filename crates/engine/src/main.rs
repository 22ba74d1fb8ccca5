//! `parlour-engine`: with no arguments, speaks the line protocol on stdin/stdout
//! (`shared/engine-protocol.md`); `bench` and `match` are subcommands for people and scripts.

use std::process::ExitCode;
use std::time::Duration;

use parlour_engine::{bench, matches, protocol};

const USAGE: &str = "\
parlour-engine — Parlour's rules and AI as a text engine

usage:
  parlour-engine                 speak the line protocol on stdin/stdout (docs/engine.md);
                                 genmove [level=NAME] [ms=N] [playouts=N] [depth=N] [seed=N]:
                                 without ms= every search stops within 10 s; depth= (1–96)
                                 is for alpha-beta games, tree-search games take playouts=
  parlour-engine bench [--game ID [OPTIONS…]] [--seconds S]
                                 random playouts per second per game, one thread, fixed seed
  parlour-engine match --help    an AI-versus-AI series between two configurations
  parlour-engine connect --server URL [--timeout S]
                                 the protocol against a Parlour server's game: online
                                 new|join|watch|resume|token, wait, play and genmove through
                                 the server (each waits for it at most S s, default 60)
  parlour-engine --help          this text";

const BENCH_USAGE: &str = "\
usage: parlour-engine bench [--game ID [key=value…]] [--seconds S] [--warmup S]
Plays uniformly random games from a fixed seed on one thread: a warm-up (default 1 s),
then S seconds measured (default 3) per game and variant. Prints playouts/s and moves/s.";

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let args: Vec<&str> = args.iter().map(String::as_str).collect();
    match args.split_first() {
        None => {
            let stdin = std::io::stdin();
            let stdout = std::io::stdout();
            match protocol::run(stdin.lock(), stdout.lock()) {
                Ok(()) => ExitCode::SUCCESS,
                Err(e) => {
                    eprintln!("parlour-engine: {e}");
                    ExitCode::FAILURE
                }
            }
        }
        Some((&"bench", rest)) => run_bench(rest),
        Some((&"match", rest)) => matches::run(rest),
        Some((&"connect", rest)) => run_connect(rest),
        Some((&("--help" | "-h" | "help"), _)) => {
            parlour_engine::say!("{USAGE}");
            ExitCode::SUCCESS
        }
        Some((other, _)) => {
            eprintln!("parlour-engine: unknown subcommand '{other}'\n\n{USAGE}");
            ExitCode::from(2)
        }
    }
}

fn run_connect(args: &[&str]) -> ExitCode {
    let mut server = None;
    let mut timeout = parlour_engine::online::DEFAULT_TIMEOUT;
    let mut i = 0;
    while i < args.len() {
        let parsed = match (args[i], args.get(i + 1)) {
            ("--server", Some(url)) => {
                server = Some(url.to_string());
                Ok(())
            }
            ("--timeout", t) => seconds(t).map(|d| timeout = d),
            (other, _) => Err(format!("unknown or incomplete argument '{other}'")),
        };
        if let Err(e) = parsed {
            eprintln!("parlour-engine connect: {e}\n\n{USAGE}");
            return ExitCode::from(2);
        }
        i += 2;
    }
    let Some(server) = server else {
        eprintln!("parlour-engine connect: --server URL is needed (e.g. http://127.0.0.1:7878)");
        return ExitCode::from(2);
    };
    let engine = protocol::Engine::connected(&server, timeout);
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

fn seconds(text: Option<&&str>) -> Result<Duration, String> {
    let text = text.ok_or("a number of seconds is missing")?;
    let s: f64 = text
        .parse()
        .map_err(|_| format!("'{text}' is not a number of seconds"))?;
    if !(0.0..=3600.0).contains(&s) {
        return Err(format!("{s} seconds is out of range"));
    }
    Ok(Duration::from_secs_f64(s))
}

fn run_bench(args: &[&str]) -> ExitCode {
    let mut measure = Duration::from_secs(3);
    let mut warmup = Duration::from_secs(1);
    let mut only: Option<(String, Vec<String>)> = None;
    let mut i = 0;
    while i < args.len() {
        let parsed = match args[i] {
            "--help" | "-h" => {
                parlour_engine::say!("{BENCH_USAGE}");
                return ExitCode::SUCCESS;
            }
            "--seconds" => seconds(args.get(i + 1)).map(|d| measure = d),
            "--warmup" => seconds(args.get(i + 1)).map(|d| warmup = d),
            "--game" => match args.get(i + 1) {
                Some(id) => {
                    let opts: Vec<String> = args[i + 2..]
                        .iter()
                        .take_while(|a| a.contains('='))
                        .map(|s| s.to_string())
                        .collect();
                    i += opts.len();
                    only = Some((id.to_string(), opts));
                    Ok(())
                }
                None => Err("--game needs a game id".to_string()),
            },
            other => Err(format!("unknown argument '{other}'")),
        };
        if let Err(e) = parsed {
            eprintln!("parlour-engine bench: {e}\n\n{BENCH_USAGE}");
            return ExitCode::from(2);
        }
        i += 2;
    }
    let entries: Vec<(String, Vec<String>)> = match only {
        Some(entry) => vec![entry],
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
        match bench::bench_entry(&id, &opts, warmup, measure) {
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

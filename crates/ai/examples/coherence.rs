//! Measures whether the analysis is coherent (issue 73), every game and variant: games of the
//! Casual level against itself from two seeded random plies, each analysed as the review does,
//! and per game the mean of `after − before` over the unproven plies where the move played was
//! the analysis's best (a best move cannot gain: it should be 0), its 95 % interval, the mean over
//! every unproven move, and the share of plies where the first side's chance turns against the
//! ply before (a saw). Prints a Markdown table (`parlour_ai::analysis::coherence`).
//!
//! `cargo run --release -p parlour-ai --example coherence -- [--games N] [--ms N | --nodes N
//! --playouts N] [--threads N] ["game k=v …" …]`
//!
//! Defaults: 20 games a game, 800 ms a position (the review's budget; `--nodes` and `--playouts`
//! instead give the alpha-beta games and the MCTS games a fixed budget, the same on a busy
//! machine), one thread (each analysis
//! searches on one thread; `--threads 2` analyses two games at once), and every game and variant:
//! Kansho, Kōnane 8×8, ConHex, Qyshinsu, the Sixteen Soldiers' boards 1–4 under the fair rules
//! and Monk and Water.

use std::sync::Mutex;
use std::time::Instant;

use parlour_ai::analysis::analyse;
use parlour_ai::analysis::coherence::{Coherence, EVERY_VARIANT, casual_game, read_spec};
use parlour_ai::{Algorithm, Budget, Knowledge, Level, StopFlag};
use parlour_rules::{Game, with_game};

/// Games that run longer than this are cut (the Sixteen Soldiers' can run to hundreds of plies).
const MAX_PLIES: u32 = 120;

/// The analysis's budget: time, or nodes for alpha-beta and playouts for MCTS.
#[derive(Copy, Clone)]
enum PerPosition {
    Millis(u64),
    Fixed { nodes: u64, playouts: u64 },
}

fn measure(spec: &str, games: u64, per: PerPosition, threads: usize) -> Coherence {
    let (id, pairs) = read_spec(spec).expect("a game and its options");
    with_game!(id, G => {
        let start = G::new(&G::parse_options(&pairs).expect("valid options"));
        let budget = match per {
            PerPosition::Millis(ms) => Budget::millis(ms),
            PerPosition::Fixed { nodes, playouts } => match start.level_config(Level::Master).algorithm {
                Algorithm::Mcts(_) => Budget::iterations(playouts),
                _ => Budget::iterations(nodes),
            },
        };
        let next = Mutex::new(0u64);
        let done = Mutex::new(Vec::new());
        std::thread::scope(|s| {
            for _ in 0..threads {
                s.spawn(|| loop {
                    let i = {
                        let mut n = next.lock().unwrap();
                        if *n >= games {
                            break;
                        }
                        *n += 1;
                        *n - 1
                    };
                    let moves = casual_game(&start, 2, MAX_PLIES, 7000 + i);
                    let a = analyse(&start, &moves, budget, i, &StopFlag::new(), |_| {}).expect("not cancelled");
                    let mut d = done.lock().unwrap();
                    d.push((i, a));
                    eprint!("\r{spec}: {} of {games} games", d.len());
                });
            }
        });
        eprintln!();
        let mut done = done.into_inner().unwrap();
        done.sort_by_key(|(i, _)| *i);
        let analyses: Vec<_> = done.into_iter().map(|(_, a)| a).collect();
        Coherence::of(&analyses)
    })
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| v.parse::<u64>().expect("a whole number"))
    };
    let games = flag("--games").unwrap_or(20);
    let threads = flag("--threads").unwrap_or(1).max(1) as usize;
    let per = match (flag("--nodes"), flag("--playouts")) {
        (None, None) => PerPosition::Millis(flag("--ms").unwrap_or(800)),
        (nodes, playouts) => PerPosition::Fixed {
            nodes: nodes.unwrap_or(100_000),
            playouts: playouts.unwrap_or(10_000),
        },
    };
    let named: Vec<&str> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !args[i - 1].starts_with("--")))
        .map(|(_, a)| a.as_str())
        .collect();
    let specs = if named.is_empty() {
        EVERY_VARIANT.to_vec()
    } else {
        named
    };
    println!("{}", Coherence::HEADER);
    for spec in specs {
        let t = Instant::now();
        let c = measure(spec, games, per, threads);
        println!("{}", c.row(spec));
        eprintln!("{spec}: {:.0} s", t.elapsed().as_secs_f64());
    }
}

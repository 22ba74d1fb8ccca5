//! Measures whether the analysis is coherent (issue 73), every game and variant: games of the
//! Casual level against itself from two seeded random plies, each analysed as the review does,
//! and per game the mean of `after − before` over the unproven plies where the move played was
//! the analysis's best (a best move cannot gain: it should be 0), its 95 % interval, the mean over
//! every unproven move, and the share of plies where the first side's chance turns against the
//! ply before (a saw). Prints a Markdown table (`parlour_ai::analysis::coherence`).
//!
//! `cargo run --release -p parlour-ai --example coherence -- [--games N] [--ms N | --nodes N
//! --playouts N] [--threads N] [--curves a:b,a:b…] ["game k=v …" …]`
//!
//! `--curves` reads the same analyses again under other win-chance curves `σ(a · logit(v) + b)`
//! (the chances turned back into the search's values through the shipped curve): one more row a
//! curve, for choosing one without searching again. Games without a shipped curve are skipped.
//!
//! Defaults: 20 games a game, 800 ms a position (the review's budget; `--nodes` and `--playouts`
//! instead give the alpha-beta games and the MCTS games a fixed budget, the same on a busy
//! machine), one thread (each analysis
//! searches on one thread; `--threads 2` analyses two games at once), and every game and variant:
//! Kansho, Kōnane 8×8, ConHex, Qyshinsu, the Sixteen Soldiers' boards 1–4 under the fair rules
//! and Monk and Water.

use std::sync::Mutex;
use std::time::Instant;

use parlour_ai::analysis::coherence::{Coherence, EVERY_VARIANT, casual_game, read_spec};
use parlour_ai::analysis::{Analysis, CALIBRATION, analyse, logistic};
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

/// The chance `c` (0–100) mapped by the curve `from` turned back into the search's log-odds and
/// mapped again by `to`; the ends (proofs, finished games) stay as they are.
fn remap_chance(c: f32, from: (f64, f64), to: (f64, f64)) -> f32 {
    if c <= 0.0 || c >= 100.0 {
        return c;
    }
    let p = f64::from(c) / 100.0;
    let raw = ((p / (1.0 - p)).ln() - from.1) / from.0;
    (100.0 * logistic(to.0 * raw + to.1)) as f32
}

/// The analysis as it would read under the curve `to` instead of `from` (the unproven plies'
/// chances re-mapped; marks are not re-judged, the coherence does not read them).
fn remapped(a: &Analysis, from: (f64, f64), to: (f64, f64)) -> Analysis {
    let mut plies = a.plies.clone();
    let last = plies.len().saturating_sub(1);
    for i in 0..plies.len() {
        let mine = plies.get(i + 1).is_some_and(|n| n.mover == plies[i].mover);
        let p = &mut plies[i];
        p.before = remap_chance(p.before, from, to);
        // A game's last ply may end it: its score (a draw's 50 too) is no search's value.
        let ended = i == last && [0.0, 50.0, 100.0].contains(&p.after);
        p.after = if ended {
            p.after
        } else if mine {
            remap_chance(p.after, from, to)
        } else {
            100.0 - remap_chance(100.0 - p.after, from, to)
        };
    }
    Analysis { plies }
}

fn measure(spec: &str, games: u64, per: PerPosition, threads: usize) -> Vec<Analysis> {
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
        done.into_iter().map(|(_, a)| a).collect()
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
    // `--curves a:b,a:b…`: the same analyses read again under other curves, for choosing one.
    let curves: Vec<(f64, f64)> = args
        .iter()
        .position(|a| a == "--curves")
        .and_then(|i| args.get(i + 1))
        .map(|v| {
            v.split(',')
                .map(|c| {
                    let (a, b) = c.split_once(':').expect("a curve as slope:intercept");
                    (a.parse().expect("a slope"), b.parse().expect("an intercept"))
                })
                .collect()
        })
        .unwrap_or_default();
    println!("{}", Coherence::HEADER);
    for spec in specs {
        let t = Instant::now();
        let analyses = measure(spec, games, per, threads);
        println!("{}", Coherence::of(&analyses).row(spec));
        let id = read_spec(spec).expect("a game").0.id();
        let shipped = CALIBRATION.iter().find(|c| c.0 == id).map(|c| (c.1, c.2));
        for &to in &curves {
            let Some(from) = shipped else { break };
            let again: Vec<Analysis> = analyses.iter().map(|a| remapped(a, from, to)).collect();
            println!(
                "{}",
                Coherence::of(&again).row(&format!("{spec} (a = {}, b = {})", to.0, to.1))
            );
        }
        eprintln!("{spec}: {:.0} s", t.elapsed().as_secs_f64());
    }
}

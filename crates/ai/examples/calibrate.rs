//! Fits the analysis's win-chance mapping per game on the project's own self-play (issue 47):
//! games of the Master's configuration against itself, every position valued and its move
//! chosen exactly as the analysis values it ([`position_value`], a fresh search at the budget
//! given), each game opened with a few seeded random moves so that no two games are alike;
//! every position whose value is not a proof gives a pair (the value for the side to move, that
//! side's final score: 1, ½ or 0). The mapping is a logistic curve on the value's log-odds,
//! `p = σ(a · logit(v))`, fitted by Newton's method on the log-loss (`a = 1` is the raw value);
//! no intercept, so that the chance cannot depend on whose turn it is (issue 73; the fit with a
//! free intercept `b` is printed beside it, as the check that none is needed). Prints per game the fit, the Brier score of the raw value and of the fit, and the
//! calibration by tenths of the predicted chance (predicted against observed), in Markdown.
//!
//! `cargo run --release -p parlour-ai --example calibrate -- [--games N] [--ms N | --nodes N]
//! [--holdout N] [--threads N] [--play-nodes N --review-ms M [--sample K]] [game …]` (`--threads N`: games played N at a time;
//! `--play-nodes N --review-ms M`: the moves chosen at N nodes or playouts, and K positions a game
//! (default 4) valued at the work M milliseconds take on this machine, measured first, or
//! `--review-nodes W` as an idle machine measured it (`--games 0` prints the probe alone); `--holdout N`: N more games, not fitted on, whose Brier scores are printed raw,
//! under this run's fit and under the shipped mapping — the out-of-sample check)
//! (games: kansho, konane, conhex, qyshinsu, soldiers — its games go round the four boards and
//! Monk and Water, since the analysis knows the game, not the variant).

use std::sync::Mutex;

use parlour_ai::analysis::{logistic, position_value};
use parlour_ai::{Budget, Knowledge, StopFlag};
use parlour_rules::{Game, GameId, Player, with_game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games end by then or count as drawn.
const MAX_PLIES: u32 = 400;

/// One game's positions: (value for the side to move, that side).
type Record = Vec<(f32, Player)>;

/// How the games are played and which positions are valued: every move chosen by the analysis's
/// search at `play`; with `value = Some((budget, k))`, `k` positions of each game (drawn by the
/// seed among those whose search at `play` proved nothing) valued again at `budget` — the review's
/// budget for the pairs, a cheaper one for the moves — else every unproven position at `play`.
#[derive(Clone, Copy)]
struct Plan {
    play: Budget,
    value: Option<(Budget, usize)>,
}

fn self_play<G: Knowledge>(start: &G, plan: Plan, seed: u64) -> Vec<(f32, f32)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = start.clone();
    let mut buf = Vec::new();
    for _ in 0..rng.random_range(2..=6) {
        match g.random_move(&mut rng, &mut buf) {
            Some(mv) => g.apply(mv),
            None => break,
        }
    }
    // Each position valued, and its move chosen, exactly as the analysis values it.
    let mut seen: Vec<(f32, G)> = Vec::new();
    while !g.status().is_over() && g.ply() < MAX_PLIES {
        let v = position_value(&g, plan.play, seed ^ u64::from(g.ply()), &StopFlag::new()).expect("not cancelled");
        let Some(mv) = v.result.best else { break };
        if v.proven.is_none() && v.result.iterations > 0 {
            seen.push((v.value, g.clone()));
        }
        g.apply(mv);
    }
    let mut record: Record = Vec::new();
    match plan.value {
        None => record.extend(seen.iter().map(|(v, pos)| (*v, pos.side_to_move()))),
        Some((budget, k)) => {
            // A partial Fisher–Yates shuffle: the first `k` are a uniform sample.
            for i in 0..k.min(seen.len()) {
                let j = rng.random_range(i..seen.len());
                seen.swap(i, j);
                let pos = &seen[i].1;
                let v = position_value(pos, budget, seed ^ u64::from(pos.ply()) ^ 0x5eed, &StopFlag::new())
                    .expect("not cancelled");
                if v.proven.is_none() && v.result.iterations > 0 {
                    record.push((v.value, pos.side_to_move()));
                }
            }
        }
    }
    let status = g.status();
    record
        .into_iter()
        .map(|(v, side)| (v, status.score_for(side).unwrap_or(0.5) as f32))
        .collect()
}

/// The iterations (nodes or playouts) a search of `ms` milliseconds makes on this machine, the
/// median over the start and a few positions a few random plies in: the review's time budget as
/// a budget of work, so that a run is the same on a busy machine.
fn iterations_in<G: Knowledge>(start: &G, ms: u64) -> u64 {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut buf = Vec::new();
    let mut counts = Vec::new();
    for probe in 0..5u64 {
        let mut g = start.clone();
        for _ in 0..probe * 2 {
            if let Some(mv) = g.random_move(&mut rng, &mut buf) {
                g.apply(mv);
            }
        }
        let v = position_value(&g, Budget::millis(ms), probe, &StopFlag::new()).expect("not cancelled");
        counts.push(v.result.iterations);
    }
    counts.sort_unstable();
    counts[counts.len() / 2].max(1)
}

/// Fits `a`, `b` of `σ(a · logit(v) + b)` to the pairs by Newton's method on the log-loss.
fn fit(pairs: &[(f32, f32)]) -> (f64, f64) {
    let (mut a, mut b) = (1.0f64, 0.0f64);
    for _ in 0..100 {
        let (mut ga, mut gb, mut haa, mut hab, mut hbb) = (0.0, 0.0, 0.0, 0.0, 0.0);
        for &(v, y) in pairs {
            let x = logit(v);
            let p = logistic(a * x + b);
            let w = (p * (1.0 - p)).max(1e-9);
            ga += (p - f64::from(y)) * x;
            gb += p - f64::from(y);
            haa += w * x * x;
            hab += w * x;
            hbb += w;
        }
        let det = haa * hbb - hab * hab;
        if det.abs() < 1e-12 {
            break;
        }
        let (da, db) = ((hbb * ga - hab * gb) / det, (haa * gb - hab * ga) / det);
        a -= da.clamp(-1.0, 1.0);
        b -= db.clamp(-1.0, 1.0);
        if da.abs() + db.abs() < 1e-9 {
            break;
        }
    }
    (a, b)
}

/// Fits `a` of `σ(a · logit(v))` (no intercept: a curve that cannot depend on whose turn it is,
/// see docs/analysis.md, "Coherence") by Newton's method on the log-loss.
fn fit_slope(pairs: &[(f32, f32)]) -> f64 {
    let mut a = 1.0f64;
    for _ in 0..100 {
        let (mut g, mut h) = (0.0, 0.0);
        for &(v, y) in pairs {
            let x = logit(v);
            let p = logistic(a * x);
            g += (p - f64::from(y)) * x;
            h += (p * (1.0 - p)).max(1e-9) * x * x;
        }
        if h < 1e-12 {
            break;
        }
        let d = (g / h).clamp(-1.0, 1.0);
        a -= d;
        if d.abs() < 1e-9 {
            break;
        }
    }
    a
}

fn logit(v: f32) -> f64 {
    let v = f64::from(v).clamp(1e-3, 1.0 - 1e-3);
    (v / (1.0 - v)).ln()
}

fn brier(pairs: &[(f32, f32)], map: impl Fn(f32) -> f64) -> f64 {
    pairs.iter().map(|&(v, y)| (map(v) - f64::from(y)).powi(2)).sum::<f64>() / pairs.len().max(1) as f64
}

fn report(name: &str, games: usize, pairs: &[(f32, f32)], held_out: &[(f32, f32)]) {
    let (a_free, b_free) = fit(pairs);
    let free = |v: f32| logistic(a_free * logit(v) + b_free);
    let a = fit_slope(pairs);
    let mapped = |v: f32| logistic(a * logit(v));
    println!(
        "\n{name}: {} positions from {games} games; fit a = {a:.3} (no intercept); Brier raw {:.4}, fitted {:.4}; \
         with a free intercept a = {a_free:.3}, b = {b_free:.3}, Brier {:.4}",
        pairs.len(),
        brier(pairs, f64::from),
        brier(pairs, mapped),
        brier(pairs, free)
    );
    if !held_out.is_empty() {
        // The mapping the program ships (`CALIBRATION`), judged on the same held-out games.
        let shipped = |v: f32| f64::from(parlour_ai::analysis::win_chance(name, v)) / 100.0;
        println!(
            "{name} held out: {} positions from other games; Brier raw {:.4}, this fit {:.4} (with the free \
             intercept {:.4}), shipped {:.4}",
            held_out.len(),
            brier(held_out, f64::from),
            brier(held_out, mapped),
            brier(held_out, free),
            brier(held_out, shipped)
        );
    }
    println!("| predicted | positions | mean predicted | observed |\n|---|---|---|---|");
    for tenth in 0..10 {
        let lo = f64::from(tenth) / 10.0;
        let inside: Vec<(f64, f64)> = pairs
            .iter()
            .map(|&(v, y)| (mapped(v), f64::from(y)))
            .filter(|&(p, _)| p >= lo && (p < lo + 0.1 || tenth == 9))
            .collect();
        if inside.is_empty() {
            continue;
        }
        let n = inside.len() as f64;
        println!(
            "| {:.0}–{:.0} % | {} | {:.1} % | {:.1} % |",
            lo * 100.0,
            lo * 100.0 + 10.0,
            inside.len(),
            100.0 * inside.iter().map(|x| x.0).sum::<f64>() / n,
            100.0 * inside.iter().map(|x| x.1).sum::<f64>() / n
        );
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| v.parse::<u64>().expect("a whole number"))
    };
    let games = flag("--games").unwrap_or(16) as usize;
    // `--nodes N`: a budget of nodes (alpha-beta) or playouts (MCTS) instead of time, so that a
    // run is the same on a busy machine.
    let budget = match flag("--nodes") {
        Some(n) => Budget::iterations(n),
        None => Budget::millis(flag("--ms").unwrap_or(200)),
    };
    // `--play-nodes N --review-ms M --sample K`: moves at N nodes (playouts), K positions a game
    // valued at the work M milliseconds take here (measured first, per game).
    let play_nodes = flag("--play-nodes");
    let review_ms = flag("--review-ms");
    // `--review-nodes W`: the review's work given (as `--review-ms` measured it on an idle
    // machine), so that a busy machine's probe does not halve it.
    let review_nodes = flag("--review-nodes");
    let sample = flag("--sample").unwrap_or(4) as usize;
    let holdout = flag("--holdout").unwrap_or(0) as usize;
    let threads = flag("--threads").unwrap_or(1).max(1) as usize;
    let named: Vec<&str> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !args[i - 1].starts_with("--")))
        .map(|(_, a)| a.as_str())
        .collect();
    let all = ["kansho", "konane", "conhex", "qyshinsu", "soldiers"];
    const SOLDIERS: [&str; 5] = ["board1", "board2", "board3", "board4", "monk"];
    for name in if named.is_empty() { all.to_vec() } else { named } {
        let id: GameId = name.parse().expect("a game id");
        let plan = with_game!(id, G => {
            let start = G::new(&G::parse_options(&[]).expect("default options"));
            match (play_nodes, review_ms.or(review_nodes.map(|_| 800))) {
                (Some(n), Some(ms)) => {
                    let work = review_nodes.unwrap_or_else(|| iterations_in(&start, ms));
                    eprintln!("{name}: {ms} ms here is {work} iterations; moves at {n}, {sample} positions a game valued");
                    Plan { play: Budget::iterations(n), value: Some((Budget::iterations(work), sample)) }
                }
                _ => Plan { play: budget, value: None },
            }
        });
        let play = |range: std::ops::Range<usize>| -> Vec<(f32, f32)> {
            with_game!(id, G => {
                // Games shared out over `threads` threads; the pairs kept in game order.
                let next = Mutex::new(range.start);
                let done = Mutex::new(Vec::new());
                std::thread::scope(|s| {
                    for _ in 0..threads {
                        s.spawn(|| loop {
                            let i = {
                                let mut n = next.lock().unwrap();
                                if *n >= range.end {
                                    break;
                                }
                                *n += 1;
                                *n - 1
                            };
                            let opts: Vec<(&str, &str)> = match id {
                                GameId::Soldiers => vec![("variant", SOLDIERS[i % SOLDIERS.len()])],
                                _ => vec![],
                            };
                            let start = G::new(&G::parse_options(&opts).expect("valid options"));
                            let pairs = self_play(&start, plan, 1000 + i as u64);
                            let mut d = done.lock().unwrap();
                            d.push((i, pairs));
                            eprint!("\r{name}: {} of {} games", d.len(), range.len());
                        });
                    }
                });
                eprintln!();
                let mut done = done.into_inner().unwrap();
                done.sort_by_key(|(i, _)| *i);
                done.into_iter().flat_map(|(_, p)| p).collect()
            })
        };
        if games == 0 {
            // `--games 0`: the probe alone.
            continue;
        }
        // Held-out games follow the fitted ones (other seeds, the same rotation of boards).
        let pairs = play(0..games);
        let held_out = play(games..games + holdout);
        report(name, games, &pairs, &held_out);
    }
}

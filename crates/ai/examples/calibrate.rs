//! Fits the analysis's win-chance mapping per game on the project's own self-play (issue 47):
//! games of the Master's configuration against itself at the analysis's budget, each opened
//! with a few seeded random moves so that no two games are alike; every searched position
//! whose value is not a proof gives a pair (the search's value for the side to move, that
//! side's final score: 1, ½ or 0). The mapping is a logistic curve on the value's log-odds,
//! `p = σ(a · logit(v) + b)`, fitted by Newton's method on the log-loss (`a = 1, b = 0` is the
//! raw value). Prints per game the fit, the Brier score of the raw value and of the fit, and the
//! calibration by tenths of the predicted chance (predicted against observed), in Markdown.
//!
//! `cargo run --release -p parlour-ai --example calibrate -- [--games N] [--ms N] [--holdout N]
//! [game …]` (`--holdout N`: N more games, not fitted on, whose Brier scores are printed raw,
//! under this run's fit and under the shipped mapping — the out-of-sample check)
//! (games: kansho, konane, conhex, qyshinsu, soldiers — its games go round the four boards and
//! Monk and Water, since the analysis knows the game, not the variant).

use parlour_ai::analysis::logistic;
use parlour_ai::{Budget, Knowledge, Level, Searcher, StopFlag};
use parlour_rules::{Game, GameId, Player, with_game};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Games end by then or count as drawn.
const MAX_PLIES: u32 = 400;

/// One game's positions: (value for the side to move, that side).
type Record = Vec<(f32, Player)>;

fn self_play<G: Knowledge>(start: &G, ms: u64, seed: u64) -> Vec<(f32, f32)> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = start.clone();
    let mut buf = Vec::new();
    for _ in 0..rng.random_range(2..=6) {
        match g.random_move(&mut rng, &mut buf) {
            Some(mv) => g.apply(mv),
            None => break,
        }
    }
    let cfg = g
        .level_config(Level::Master)
        .with_budget(Budget::millis(ms))
        .with_seed(seed);
    let mut searcher = Searcher::new(cfg);
    let mut seen: Record = Vec::new();
    while !g.status().is_over() && g.ply() < MAX_PLIES {
        let r = searcher.search(&g, &StopFlag::new()).expect("not cancelled");
        let Some(mv) = r.best else { break };
        if !r.proven && r.iterations > 0 {
            seen.push((r.value, g.side_to_move()));
        }
        g.apply(mv);
    }
    let status = g.status();
    seen.into_iter()
        .map(|(v, side)| (v, status.score_for(side).unwrap_or(0.5) as f32))
        .collect()
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

fn logit(v: f32) -> f64 {
    let v = f64::from(v).clamp(1e-3, 1.0 - 1e-3);
    (v / (1.0 - v)).ln()
}

fn brier(pairs: &[(f32, f32)], map: impl Fn(f32) -> f64) -> f64 {
    pairs.iter().map(|&(v, y)| (map(v) - f64::from(y)).powi(2)).sum::<f64>() / pairs.len().max(1) as f64
}

fn report(name: &str, games: usize, pairs: &[(f32, f32)], held_out: &[(f32, f32)]) {
    let (a, b) = fit(pairs);
    let mapped = |v: f32| logistic(a * logit(v) + b);
    println!(
        "\n{name}: {} positions from {games} games; fit a = {a:.3}, b = {b:.3}; Brier raw {:.4}, fitted {:.4}",
        pairs.len(),
        brier(pairs, f64::from),
        brier(pairs, mapped)
    );
    if !held_out.is_empty() {
        // The mapping the program ships (`CALIBRATION`), judged on the same held-out games.
        let shipped = |v: f32| f64::from(parlour_ai::analysis::win_chance(name, v)) / 100.0;
        println!(
            "{name} held out: {} positions from other games; Brier raw {:.4}, this fit {:.4}, shipped {:.4}",
            held_out.len(),
            brier(held_out, f64::from),
            brier(held_out, mapped),
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
    let ms = flag("--ms").unwrap_or(200);
    let holdout = flag("--holdout").unwrap_or(0) as usize;
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
        let play = |range: std::ops::Range<usize>| -> Vec<(f32, f32)> {
            with_game!(id, G => {
                range
                    .flat_map(|i| {
                        let opts: Vec<(&str, &str)> = match id {
                            GameId::Soldiers => vec![("variant", SOLDIERS[i % SOLDIERS.len()])],
                            _ => vec![],
                        };
                        let start = G::new(&G::parse_options(&opts).expect("valid options"));
                        self_play(&start, ms, 1000 + i as u64)
                    })
                    .collect()
            })
        };
        // Held-out games follow the fitted ones (other seeds, the same rotation of boards).
        let pairs = play(0..games);
        let held_out = play(games..games + holdout);
        report(name, games, &pairs, &held_out);
    }
}

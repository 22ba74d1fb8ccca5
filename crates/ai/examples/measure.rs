//! Measurements behind `MEASUREMENTS.md`: search speed per game and AI-versus-AI series.
//!
//! ```text
//! cargo run -p parlour-ai --example measure -- speed [GAME] [ms]
//! cargo run -p parlour-ai --example measure -- match GAME[:opt=v,...] GAMES "A words" "B words" [opening]
//! cargo run -p parlour-ai --example measure -- solve GAME[:opt=v,...] MS PLIES ["MOVES…" played first]
//! cargo run -p parlour-ai --example measure -- prove GAME[:opt=v,...] MS [MAX_DEPTH]
//! cargo run -p parlour-ai --example measure -- agree GAME[:opt=v,...] MS DEEP_MS POSITIONS [SEED]
//! cargo run -p parlour-ai --example measure -- trace GAME[:opt=v,...] "search words" "moves…"
//! ```
//! where the words are those of `SearchConfig::parse`, e.g. "algo=mcts ms=200 rave=300".

use std::time::Instant;

use parlour_ai::Knowledge;
use parlour_ai::{Level, MatchOptions, SearchConfig, Searcher, StopFlag, play_match};
use parlour_rules::{Game, GameId, konane::Konane, soldiers::Soldiers, with_game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn options<G: Game>(spec: &str) -> G::Options {
    let pairs: Vec<(&str, &str)> = spec
        .split(',')
        .filter(|s| !s.is_empty())
        .filter_map(|s| s.split_once('='))
        .collect();
    G::parse_options(&pairs).unwrap_or_else(|e| panic!("{e}"))
}

fn speed<G: Knowledge>(opts: &str, ms: u64) {
    let o = options::<G>(opts);
    let start = G::new(&o);
    // A middle-game position too: 20 random plies in.
    let mut mid = start.clone();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut buf = Vec::new();
    for _ in 0..20 {
        if mid.status().is_over() {
            break;
        }
        if let Some(m) = mid.random_move(&mut rng, &mut buf) {
            mid.apply(m);
        }
    }
    // Raw playouts.
    let t = Instant::now();
    let mut n = 0u64;
    let mut plies = 0u64;
    while t.elapsed().as_millis() < ms as u128 {
        let mut s = start.clone();
        plies += u64::from(parlour_rules::random_playout(&mut s, &mut rng, &mut buf, 100_000).1);
        n += 1;
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "{:<28} random playouts/s {:>9.0}  plies/playout {:>6.1}",
        G::display_name(&o),
        n as f64 / secs,
        plies as f64 / n as f64
    );
    for words in ["algo=uct", "algo=mcts", "algo=mcts rave=300 mast=0.3", "algo=ab"] {
        for (name, pos) in [("start", &start), ("mid", &mid)] {
            let w: Vec<String> = format!("{words} ms={ms}")
                .split_whitespace()
                .map(String::from)
                .collect();
            let w: Vec<&str> = w.iter().map(String::as_str).collect();
            let cfg = SearchConfig::parse(pos, &w, Level::Master).unwrap();
            let r = Searcher::new(cfg).search(pos, &StopFlag::new()).unwrap();
            println!(
                "   {name:<5} {:<40} {:>9.0} it/s  depth {:>3}  value {:.2}",
                cfg.algorithm.to_string(),
                r.iterations as f64 * 1000.0 / r.elapsed_ms.max(1) as f64,
                r.depth,
                r.value
            );
        }
    }
}

fn run_match<G: Knowledge>(opts: &str, games: u32, a: &str, b: &str, opening: u32) {
    let o = options::<G>(opts);
    let s = G::new(&o);
    let wa: Vec<&str> = a.split_whitespace().collect();
    let wb: Vec<&str> = b.split_whitespace().collect();
    let ca = SearchConfig::parse(&s, &wa, Level::Master).unwrap_or_else(|e| panic!("{e}"));
    let cb = SearchConfig::parse(&s, &wb, Level::Master).unwrap_or_else(|e| panic!("{e}"));
    let mut mo = MatchOptions::games(games);
    mo.opening_plies = opening;
    mo.seed = 12345;
    let report = play_match(|_| G::new(&o), &ca, &cb, &mo, |g| println!("{g}"));
    println!("{report}");
}

/// Solves every position `plies` plies into the game (all legal lines) with the MCTS-Solver
/// given `ms` per position, and counts how many are proven wins or losses for the side to move.
/// Tells whether a game's openings are already decided (then no AI can outscore a baseline that
/// finds the win from either seat).
fn solve<G: Knowledge>(opts: &str, ms: u64, plies: u32, prefix: &str) {
    let o = options::<G>(opts);
    let mut start = G::new(&o);
    for text in prefix.split_whitespace() {
        parlour_rules::play_text(&mut start, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    let mut frontier = vec![(start, prefix.to_string())];
    let mut buf = Vec::new();
    for _ in 0..plies {
        let mut next = Vec::new();
        for (s, line) in &frontier {
            if s.status().is_over() {
                continue;
            }
            s.legal_moves(&mut buf);
            for &m in &buf {
                let mut t = s.clone();
                let text = t.format_move(&m);
                t.apply(m);
                next.push((t, format!("{line} {text}")));
            }
        }
        frontier = next;
    }
    let budget = format!("ms={ms}");
    let cfg =
        SearchConfig::parse(&frontier[0].0, &["algo=mcts", &budget], Level::Master).unwrap_or_else(|e| panic!("{e}"));
    let (mut won, mut lost, mut open) = (0, 0, 0);
    for (s, line) in &frontier {
        if s.status().is_over() {
            continue;
        }
        let r = Searcher::new(cfg).search(s, &StopFlag::new()).expect("not cancelled");
        let verdict = match (r.proven, r.value) {
            (true, v) if v > 0.75 => {
                won += 1;
                "won"
            }
            (true, v) if v < 0.25 => {
                lost += 1;
                "lost"
            }
            _ => {
                open += 1;
                "open"
            }
        };
        println!(
            "{:<24} side to move {:?}: {verdict} (value {:.2}, {} iterations)",
            line.trim(),
            s.side_to_move(),
            r.value,
            r.iterations
        );
    }
    println!(
        "{} positions after {plies} plies: {won} won and {lost} lost for the side to move, {open} not proven in {ms} ms",
        won + lost + open
    );
}

/// Tries to prove the start position's result with alpha-beta in `ms` (at most `max_depth`
/// plies) and prints what it found, how deep and how long it searched.
fn prove_start<G: Knowledge>(opts: &str, ms: u64, max_depth: u32) {
    let o = options::<G>(opts);
    let start = G::new(&o);
    let t = Instant::now();
    let Some(r) = parlour_ai::proof::prove(&start, ms, max_depth) else {
        println!("{opts}: the start is already over");
        return;
    };
    let verdict = match r.proof {
        Some(p) => format!(
            "{} can force a win within {} plies ({} of their moves)",
            start.side_name(p.winner),
            p.plies,
            p.winner_moves(start.side_to_move())
        ),
        None => "no result proven".to_string(),
    };
    println!(
        "{opts:<48} {verdict:<44} depth {:>2}  {:>11} nodes  {:>6.1} s",
        r.depth,
        r.nodes,
        t.elapsed().as_secs_f64()
    );
}

/// How often the Master's choice at `ms` agrees with its own search given `deep_ms`, over the
/// positions of self-play games at `ms` (after two random plies, so the games differ), and what
/// the disagreements cost by the deep search's judgement (value of its best move minus the value
/// of the chosen move, on the 0–1 result scale). A consistency check, not a strength test: it
/// says how much of the Master's play would change with far more thinking.
fn agree<G: Knowledge>(opts: &str, ms: u64, deep_ms: u64, positions: u32, seed: u64) {
    let o = options::<G>(opts);
    let start = G::new(&o);
    let words = |t: u64| format!("level=master ms={t} seed={seed}");
    let cfg = |t: u64| {
        let w = words(t);
        let w: Vec<&str> = w.split_whitespace().collect();
        SearchConfig::parse(&start, &w, Level::Master).unwrap_or_else(|e| panic!("{e}"))
    };
    let (fast, deep) = (cfg(ms), cfg(deep_ms));
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut buf = Vec::new();
    let (mut seen, mut agreed, mut cost, mut worst) = (0u32, 0u32, 0f64, 0f64);
    let mut costly = 0u32;
    let stop = StopFlag::new();
    // The deep search's value of `state` for the seat `mover`.
    let value_for = |state: &G, mover: parlour_rules::Player| -> f64 {
        if let Some(score) = match state.status() {
            parlour_rules::Status::Ongoing => None,
            parlour_rules::Status::Draw { .. } => Some(0.5),
            parlour_rules::Status::Win { winner, .. } => Some(if state.seat_of(winner) == mover { 1.0 } else { 0.0 }),
        } {
            return score;
        }
        let r = Searcher::new(deep).search(state, &stop).expect("not cancelled");
        let v = f64::from(r.value);
        if state.seat_of(state.side_to_move()) == mover {
            v
        } else {
            1.0 - v
        }
    };
    while seen < positions {
        let mut s = start.clone();
        for _ in 0..2 {
            if let Some(m) = s.random_move(&mut rng, &mut buf) {
                s.apply(m);
            }
        }
        let mut player = Searcher::new(fast);
        while !s.status().is_over() && seen < positions {
            let chosen = player.search(&s, &stop).and_then(|r| r.best).expect("a move");
            let best = Searcher::new(deep)
                .search(&s, &stop)
                .and_then(|r| r.best)
                .expect("a move");
            seen += 1;
            if chosen == best {
                agreed += 1;
            } else {
                let mover = s.seat_of(s.side_to_move());
                let after = |m| {
                    let mut t = s.clone();
                    t.apply(m);
                    value_for(&t, mover)
                };
                let loss = (after(best) - after(chosen)).max(0.0);
                cost += loss;
                worst = worst.max(loss);
                if loss > 0.05 {
                    costly += 1;
                }
                println!(
                    "ply {:>3}: chose {:<14} deep search prefers {:<14} cost {loss:.3}",
                    s.ply(),
                    s.format_move(&chosen),
                    s.format_move(&best)
                );
            }
            s.apply(chosen);
        }
    }
    println!(
        "{}: {seen} positions, {ms} ms against {deep_ms} ms: same move in {agreed} ({:.0} %); \
         mean cost per position {:.4}, worst {worst:.3}, {costly} moves costing more than 0.05",
        G::display_name(&o),
        100.0 * f64::from(agreed) / f64::from(seen.max(1)),
        cost / f64::from(seen.max(1))
    );
}

/// `line` played from `state`, in notation (each move written in the position it is played in).
fn line_text<G: Knowledge>(state: &G, line: &[G::Move]) -> String {
    let mut s = state.clone();
    let mut out = Vec::with_capacity(line.len());
    for &m in line {
        out.push(s.format_move(&m));
        s.apply(m);
    }
    out.join(" ")
}

/// Replays a game (e.g. from `parlour-engine match --moves`) and searches every position of it
/// with `words`: what the search would play, and how it values the position for the side to move.
fn trace<G: Knowledge>(opts: &str, words: &str, moves: &str) {
    let o = options::<G>(opts);
    let mut s = G::new(&o);
    let words: Vec<&str> = words.split_whitespace().collect();
    let config = SearchConfig::parse(&s, &words, Level::Master).unwrap_or_else(|e| panic!("{e}"));
    let stop = StopFlag::new();
    // One searcher per seat, kept between moves as a game's players keep theirs.
    let mut searchers = [Searcher::new(config), Searcher::new(config)];
    for text in moves.split_whitespace() {
        if s.status().is_over() {
            break;
        }
        let seat = usize::from(s.side_to_move() != parlour_rules::Player::P1);
        let r = searchers[seat].search(&s, &stop).expect("not cancelled");
        let best = r.best.map(|m| s.format_move(&m)).unwrap_or_default();
        println!(
            "ply {:>3} {:<6} played {:<6} search {:<6} value {:.3}{} pv {}",
            s.ply(),
            format!("{:?}", s.side_to_move()),
            text,
            best,
            r.value,
            if r.proven { " proven" } else { "" },
            line_text(&s, &r.pv)
        );
        parlour_rules::play_text(&mut s, text).unwrap_or_else(|e| panic!("{text}: {e}"));
    }
    println!("{:?}", s.status());
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let arg = |i: usize| args.get(i).map(String::as_str).unwrap_or("");
    match arg(0) {
        "speed" => {
            let ms = arg(2).parse().unwrap_or(1000);
            let (game, opts) = arg(1).split_once(':').unwrap_or((arg(1), ""));
            for g in [
                GameId::Konane,
                GameId::ConHex,
                GameId::Kansho,
                GameId::Qyshinsu,
                GameId::Soldiers,
            ] {
                if !game.is_empty() && GameId::parse(game) != Some(g) {
                    continue;
                }
                with_game!(g, G => speed::<G>(opts, ms))
            }
        }
        "match" => {
            let (game, opts) = arg(1).split_once(':').unwrap_or((arg(1), ""));
            let games = arg(2).parse().unwrap_or(10);
            let opening = arg(5).parse().unwrap_or(2);
            match game.parse::<GameId>() {
                Ok(g) => with_game!(g, G => run_match::<G>(opts, games, arg(3), arg(4), opening)),
                Err(e) => eprintln!("{e}"),
            }
        }
        "solve" => {
            let (game, opts) = arg(1).split_once(':').unwrap_or((arg(1), ""));
            let ms = arg(2).parse().unwrap_or(1000);
            let plies = arg(3).parse().unwrap_or(0);
            match game.parse::<GameId>() {
                Ok(g) => with_game!(g, G => solve::<G>(opts, ms, plies, arg(4))),
                Err(e) => eprintln!("{e}"),
            }
        }
        "prove" => {
            let (game, opts) = arg(1).split_once(':').unwrap_or((arg(1), ""));
            let ms = arg(2).parse().unwrap_or(10_000);
            let depth = arg(3).parse().unwrap_or(96);
            match game {
                "soldiers" => prove_start::<Soldiers>(opts, ms, depth),
                "konane" => prove_start::<Konane>(opts, ms, depth),
                _ => eprintln!("prove: soldiers or konane"),
            }
        }
        "agree" => {
            let (game, opts) = arg(1).split_once(':').unwrap_or((arg(1), ""));
            let ms = arg(2).parse().unwrap_or(300);
            let deep = arg(3).parse().unwrap_or(2400);
            let n = arg(4).parse().unwrap_or(40);
            let seed = arg(5).parse().unwrap_or(1);
            match game.parse::<GameId>() {
                Ok(g) => with_game!(g, G => agree::<G>(opts, ms, deep, n, seed)),
                Err(e) => eprintln!("{e}"),
            }
        }
        "trace" => {
            let (game, opts) = arg(1).split_once(':').unwrap_or((arg(1), ""));
            match game.parse::<GameId>() {
                Ok(g) => with_game!(g, G => trace::<G>(opts, arg(2), arg(3))),
                Err(e) => eprintln!("{e}"),
            }
        }
        _ => {
            eprintln!("usage: measure speed [GAME[:opts]] [ms] | measure match GAME[:opts] GAMES \"A\" \"B\" [opening]")
        }
    }
}

//! The Master against itself on a solved Kōnane board (issue 46: "the side that should win
//! always does"): from each opening pair of removals, both sides play the Master's own level
//! configuration (2.4 s a move, the solver asked first and given up to 6 s on a solved board),
//! and each game's winner is compared with the solver's verdict for the opening (from the start
//! table in `parlour_ai::solved`).
//!
//! `cargo run --release -p parlour-ai --example master_konane -- 6x6 [--openings N] [--ms N]
//! [--against-random N]`
//!
//! `--against-random N` instead plays N games on each side from the start against an opponent
//! that plays uniformly random legal moves (seeded: the same games each run), where the Master
//! meets positions its own games never reach: it prints, per side, how many it won (as White
//! every game: White wins the board), its slowest move and how many of its proven moves were
//! cut short, with the ply of each.
//!
//! Prints a line per game: the opening, the winner expected and the winner, the plies and the
//! length with perfect play (the winner quickest, the loser longest), the slowest move and how
//! many took longer than the Master's 2.4 s (and a tenth for the move's own work), and how
//! many of each side's moves were played from a proven result (the table's, the solver's or
//! alpha-beta's), and how many proven moves the solver played with its budget cut short (the
//! exact length, or the comparison of a lost position's longest defences by their winning
//! replies, not finished in time: `SearchResult::cut_short`).

use parlour_ai::{Budget, Knowledge, Level, Searcher, StopFlag};
use parlour_rules::{Game, Player, Status};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let size = args.first().cloned().unwrap_or_else(|| "6x6".to_string());
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| v.parse::<u64>().expect("a whole number"))
    };
    let openings = flag("--openings").unwrap_or(u64::MAX) as usize;
    let ms = flag("--ms").unwrap_or(parlour_ai::MASTER_MS);
    if let Some(n) = flag("--against-random") {
        against_random(&size, n, ms);
        return;
    }
    let pairs = parlour_ai::solved::konane_opening_positions(&size);
    assert!(!pairs.is_empty(), "{size}: not a Kōnane size");
    let (mut agreed, mut games, mut perfect_length) = (0, 0, 0);
    let (mut all_cut, mut all_proven) = (0, 0);
    for (name, pos) in pairs.into_iter().take(openings) {
        let row = parlour_ai::solved::konane_opening(&size, &name);
        let expected = row.map(|e| e.winner);
        let cfg = pos.level_config(Level::Master).with_budget(Budget::millis(ms));
        let mut sides = [Searcher::new(cfg), Searcher::new(cfg)];
        let mut proved = [0u32; 2];
        let mut searched = [0u32; 2];
        let mut cut = 0u32;
        let mut g = pos.clone();
        let mut played: Vec<String> = Vec::new();
        let (mut slowest, mut over) = (0, 0);
        while !g.status().is_over() {
            let seat = g.side_to_move().index();
            let clock = std::time::Instant::now();
            let r = sides[seat].search(&g, &StopFlag::new()).expect("not cancelled");
            let took = clock.elapsed().as_millis();
            slowest = slowest.max(took);
            over += u32::from(took > u128::from(parlour_ai::MASTER_MS) + 100);
            searched[seat] += 1;
            proved[seat] += u32::from(r.proven);
            cut += u32::from(r.cut_short);
            if r.cut_short {
                println!(
                    "  cut short at ply {} ({}, {} ms, length {}): {}",
                    g.ply(),
                    if r.value > 0.5 { "won" } else { "lost" },
                    took,
                    r.end_in.map_or("not measured".to_string(), |p| p.to_string()),
                    played.join(" ")
                );
            }
            let mv = r.best.expect("a move");
            played.push(g.format_move(&mv));
            g.apply(mv);
        }
        let Status::Win { winner, .. } = g.status() else {
            unreachable!("Kōnane has no draws")
        };
        games += 1;
        agreed += usize::from(expected == Some(winner));
        // The game's length with perfect play: the two removals and the row's plies.
        let perfect = row.map(|r| r.plies + 2);
        perfect_length += usize::from(perfect == Some(g.ply()));
        all_cut += cut;
        all_proven += proved[0] + proved[1];
        let side = |p: Player| g.side_name(p);
        println!(
            "{size} {name}: expected {} won {}  plies {} (perfect {})  slowest move {slowest} ms ({over} over 2.5 s)  proven moves: black {}/{} white {}/{} ({cut} cut short)",
            expected.map_or("?".to_string(), |p| side(p).to_string()),
            side(winner),
            g.ply(),
            perfect.map_or("?".to_string(), |p| p.to_string()),
            proved[0],
            searched[0],
            proved[1],
            searched[1]
        );
    }
    println!("{size}: the expected side won {agreed} of {games} games, {perfect_length} of them at the perfect length");
    println!("{size}: {all_cut} of {all_proven} proven moves were played with the solver's budget cut short");
}

/// The Master (both its removals and every move its own) against uniformly random legal moves,
/// `n` games on each side from the start position of `size`.
fn against_random(size: &str, n: u64, ms: u64) {
    use rand::{Rng, SeedableRng};
    let options = parlour_rules::konane::KonaneOptions::parse_size(size).expect("a Kōnane size");
    let start = parlour_rules::konane::Konane::new(&options);
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(46);
    for master in [Player::P1, Player::P2] {
        let (mut won, mut proven, mut moves, mut cut, mut slowest) = (0, 0, 0, 0, 0);
        let mut cut_plies = Vec::new();
        for _ in 0..n {
            let cfg = start.level_config(Level::Master).with_budget(Budget::millis(ms));
            let mut searcher = Searcher::new(cfg);
            let mut g = start.clone();
            let mut legal = Vec::new();
            while !g.status().is_over() {
                if g.side_to_move() == master {
                    let clock = std::time::Instant::now();
                    let r = searcher.search(&g, &StopFlag::new()).expect("not cancelled");
                    slowest = slowest.max(clock.elapsed().as_millis());
                    moves += 1;
                    proven += u32::from(r.proven);
                    if r.cut_short {
                        cut += 1;
                        cut_plies.push(g.ply());
                    }
                    g.apply(r.best.expect("a move"));
                } else {
                    g.legal_moves(&mut legal);
                    let mv = legal[rng.random_range(0..legal.len())];
                    g.apply(mv);
                }
            }
            let Status::Win { winner, .. } = g.status() else {
                unreachable!("Kōnane has no draws")
            };
            won += u32::from(winner == master);
        }
        println!(
            "{size} the Master as {} against random moves: won {won} of {n}  slowest move {slowest} ms  proven moves {proven}/{moves} ({cut} cut short{})",
            start.side_name(master),
            if cut_plies.is_empty() {
                String::new()
            } else {
                format!(", at plies {cut_plies:?}")
            }
        );
    }
}

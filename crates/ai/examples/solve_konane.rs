//! Solves Kōnane boards from every opening pair of removals (Black's, then White's legal reply).
//!
//! `cargo run --release -p parlour-ai --example solve_konane -- 4x6,6x4,6x6 --ms 60000 [--tt-mib 64]
//! [--only "xa6 xa5"] [--perfect]`
//!
//! Prints one line per opening: result (the winner and the plies with perfect play), the winning
//! moves of the side to move after the two removals (Black), nodes, milliseconds and table use.
//! `--ms` is the budget per opening; an opening that runs out prints `unknown`. `--only` solves
//! just the openings given (comma-separated); the verdict from the start then covers only them.
//! `--perfect` also prints, per opening, Black's perfect first jump (the fastest win, or the
//! longest and hardest loss: [`perfect_move`] without a budget) and then White's perfect reply
//! to it, each with the time it took from a fresh table (what the Master's move would need).

use parlour_ai::solve::perfect::perfect_move;
use parlour_ai::solve::{SolveConfig, Solver, reply_text};
use parlour_rules::Game;
use parlour_rules::konane::{Konane, KonaneOptions};

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let mut sizes = "4x6,6x4".to_string();
    let mut ms: u64 = 60_000;
    let mut tt_mib: usize = 64;
    let mut only: Vec<String> = Vec::new();
    let mut perfect = false;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--ms" => {
                ms = args[i + 1].parse().expect("--ms N");
                i += 1;
            }
            "--perfect" => perfect = true,
            "--only" => {
                only = args[i + 1].split(',').map(|o| o.trim().to_string()).collect();
                i += 1;
            }
            "--tt-mib" => {
                tt_mib = args[i + 1].parse().expect("--tt-mib N");
                i += 1;
            }
            other => sizes = other.to_string(),
        }
        i += 1;
    }
    for size in sizes.split(',') {
        let options = match KonaneOptions::parse_size(size) {
            Ok(o) => o,
            Err(e) => {
                println!("{size}: skipped ({e})");
                continue;
            }
        };
        let cfg = SolveConfig {
            tt_bytes: tt_mib << 20,
            millis: Some(ms),
            max_nodes: None,
        };
        let start = Konane::new(&options);
        // Black's first removals that win against every reply.
        let mut black_wins_by = Vec::new();
        let mut unknown = false;
        let mut firsts = Vec::new();
        start.legal_moves(&mut firsts);
        let mut firsts: Vec<String> = firsts.iter().map(|m| start.format_move(m)).collect();
        firsts.sort_unstable();
        for first in firsts {
            let mut after = start.clone();
            parlour_rules::play_text(&mut after, &first).unwrap();
            let mut replies = Vec::new();
            after.legal_moves(&mut replies);
            let mut replies: Vec<String> = replies.iter().map(|m| after.format_move(m)).collect();
            replies.sort_unstable();
            let mut all_black = true;
            for reply in replies {
                if !only.is_empty() && !only.contains(&format!("{first} {reply}")) {
                    continue;
                }
                let mut pos = after.clone();
                parlour_rules::play_text(&mut pos, &reply).unwrap();
                // A fresh table per opening, so that each line's numbers stand alone.
                let sol = Solver::new(cfg).solve(&pos);
                unknown |= sol.proven.is_none();
                all_black &= sol.winner == Some(parlour_rules::Player::P2);
                let bound = match sol.proven {
                    Some(p) if !p.exact => " (plies: upper bound)",
                    _ => "",
                };
                println!(
                    "{size} {first} {reply}: {}{bound}  nodes={} proof_ms={} ms={} tt={}/{} MiB",
                    reply_text(&pos, &sol),
                    sol.nodes,
                    sol.proof_ms.map_or("-".to_string(), |m| m.to_string()),
                    sol.elapsed_ms,
                    sol.tt_used_bytes() >> 20,
                    sol.tt_bytes >> 20
                );
                if perfect {
                    let cfg = SolveConfig { millis: None, ..cfg };
                    let mut line = pos.clone();
                    for side in ["black", "white"] {
                        let r = perfect_move(&line, &mut Solver::new(cfg), None, None).expect("proven");
                        let mv = r.best.expect("a move");
                        println!(
                            "{size} {first} {reply}: {side} perfect {} (ends in {} plies, {} winning) in {} ms",
                            line.format_move(&mv),
                            r.end_in.map_or("?".to_string(), |p| p.to_string()),
                            r.winning.len(),
                            r.elapsed_ms
                        );
                        line.apply(mv);
                    }
                }
            }
            if all_black {
                black_wins_by.push(first);
            }
        }
        let verdict = match (black_wins_by.is_empty(), unknown) {
            (false, _) => format!("Black (first player) wins by {}", black_wins_by.join(" ")),
            (true, false) => "White (second player) wins".to_string(),
            (true, true) => "unknown (some openings ran out of budget)".to_string(),
        };
        println!("{size} from the start: {verdict}");
    }
}

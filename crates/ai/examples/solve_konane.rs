//! Solves Kōnane boards from every opening pair of removals (Black's, then White's legal reply).
//!
//! `cargo run --release -p parlour-ai --example solve_konane -- 4x6,6x4,6x6 --ms 60000 [--tt-mib 64]
//! [--only "xa6 xa5"] [--perfect] [--rows N] [--tree N [--from N]]`
//!
//! Prints one line per opening: result (the winner and the plies with perfect play), the winning
//! moves of the side to move after the two removals (Black), nodes, milliseconds and table use.
//! `--ms` is the budget per opening; an opening that runs out prints `unknown`. `--only` solves
//! just the openings given (comma-separated); the verdict from the start then covers only them.
//! `--perfect` also prints, per opening, Black's perfect first jump (the fastest win, or the
//! longest and hardest loss: [`perfect_move`] without a budget) and then White's perfect reply
//! to it, each with the time it took from a fresh table (what the Master's move would need).
//! `--rows N` prints the shipped lines below each opening (every position up to N plies after
//! it, with its winner, exact length and perfect move: `crates/ai/data/konane-6x6-lines.txt`).
//! `--tree N` walks every position up to N plies after each opening (from the `--from`th) and
//! says whether the Master's solver budget finds its perfect move from a fresh table, and how
//! long the move takes where it does not.

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
    let mut tree: u32 = 0;
    let mut from: u32 = 1;
    let mut rows: u32 = 0;
    let mut i = 0;
    while i < args.len() {
        match args[i].as_str() {
            "--ms" => {
                ms = args[i + 1].parse().expect("--ms N");
                i += 1;
            }
            "--perfect" => perfect = true,
            "--rows" => {
                rows = args[i + 1].parse().expect("--rows N");
                i += 1;
            }
            "--from" => {
                from = args[i + 1].parse().expect("--from N");
                i += 1;
            }
            "--tree" => {
                tree = args[i + 1].parse().expect("--tree N");
                i += 1;
            }
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
                if rows > 0 {
                    let cfg = SolveConfig { millis: None, ..cfg };
                    shipped_rows(&format!("{first} {reply}"), size, &pos, rows, cfg);
                }
                if tree > 0 {
                    walk(&format!("{size} {first} {reply}"), &pos, 1, tree, from, cfg);
                }
                if perfect {
                    let cfg = SolveConfig { millis: None, ..cfg };
                    let mut line = pos.clone();
                    for side in ["black", "white"] {
                        let r = perfect_move(&line, &mut Solver::new(cfg), None, None, true).expect("proven");
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

/// Every position up to `depth` plies after `pos` (each move of either side): whether the
/// solver budget the Master has off the solved boards (three quarters of its 2.4 s) finds the
/// perfect move with its exact length from a fresh table, and, where it does not, how long [`Solver::perfect`] takes there
/// without a budget — the positions a shipped table must cover.
fn walk(name: &str, pos: &Konane, depth: u32, last: u32, from: u32, cfg: SolveConfig) {
    for (line, child) in children(name, pos) {
        if depth < from {
            walk(&line, &child, depth + 1, last, from, cfg);
            continue;
        }
        let budget = parlour_ai::MASTER_MS * 3 / 4;
        let fast = perfect_move(&child, &mut Solver::new(cfg), Some(budget), None, false);
        match fast.as_ref().and_then(|r| r.end_in.map(|p| (r, p))) {
            Some((r, p)) => println!(
                "{line}: in budget {} (ends in {p}) in {} ms",
                child.format_move(&r.best.expect("a move")),
                r.elapsed_ms
            ),
            None => {
                let cfg = SolveConfig { millis: None, ..cfg };
                let clock = std::time::Instant::now();
                let quick = Solver::new(cfg).perfect(&child).expect("proven");
                println!(
                    "{line}: over budget: a perfect move {} (ends in {}) in {} ms",
                    child.format_move(&quick.mv),
                    quick.plies,
                    clock.elapsed().as_millis()
                );
            }
        }
        if depth < last {
            walk(&line, &child, depth + 1, last, from, cfg);
        }
    }
}

/// The shipped table's rows below an opening (`docs/solved.md`, `parlour_ai::solved`): for every
/// position up to `depth` plies after the opening's position (every move of either side), its
/// winner, exact length and perfect move (without a budget, from a fresh table), as the lines
/// of `crates/ai/data/konane-6x6-lines.txt` (`board | moves | winner plies move`), each with
/// the time it took after a `#`.
fn shipped_rows(name: &str, size: &str, pos: &Konane, depth: u32, cfg: SolveConfig) {
    for (line, child) in children(name, pos) {
        let r = perfect_move(&child, &mut Solver::new(cfg), None, None, true).expect("proven");
        let me = child.side_to_move();
        println!(
            "{size} | {line} | {} {} {} # {} ms",
            child.side_name(if r.value > 0.5 { me } else { me.other() }),
            r.end_in.expect("exact"),
            child.format_move(&r.best.expect("a move")),
            r.elapsed_ms
        );
        if depth > 1 {
            shipped_rows(&line, size, &child, depth - 1, cfg);
        }
    }
}

/// The positions one move after `pos` that are still being played, each named by the moves
/// that reach it (`name` and the move).
fn children(name: &str, pos: &Konane) -> Vec<(String, Konane)> {
    let mut moves = Vec::new();
    pos.legal_moves(&mut moves);
    moves
        .into_iter()
        .filter_map(|mv| {
            let mut child = pos.clone();
            child.apply(mv);
            (!child.status().is_over()).then(|| (format!("{name} {}", pos.format_move(&mv)), child))
        })
        .collect()
}

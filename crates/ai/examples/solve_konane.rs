//! Solves Kōnane boards from every opening pair of removals (Black's, then White's legal reply).
//!
//! `cargo run --release -p parlour-ai --example solve_konane -- 4x6,6x4,6x6 --ms 60000 [--tt-mib 64]
//! [--only "xa6 xa5"] [--perfect] [--rows N] [--tree N [--from N]]`, or
//! `… -- 6x6 --master-rows K/N` (the shipped lines of the fifth and sixth plies, the Kth of N
//! processes: `master_rows`)
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
    let mut master: Option<(usize, usize)> = None;
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
            "--master-rows" => {
                let (k, n) = args[i + 1].split_once('/').expect("--master-rows K/N");
                master = Some((k.parse().expect("K"), n.parse().expect("N")));
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
    if let Some((part, parts)) = master {
        let options = KonaneOptions::parse_size(&sizes).expect("one board size");
        let cfg = SolveConfig {
            tt_bytes: tt_mib << 20,
            millis: None,
            max_nodes: None,
        };
        master_rows(&sizes, &Konane::new(&options), part, parts, cfg);
        return;
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
        shipped_row(size, &line, &child, true, cfg);
        if depth > 1 {
            shipped_rows(&line, size, &child, depth - 1, cfg);
        }
    }
}

/// The shipped table's rows for the fifth and sixth plies (`crates/ai/data/konane-6x6-lines.txt`,
/// after the `--rows 2` ones): every position there that the Master meets with its turn to
/// move when it plays its own perfect moves from the start (the table's, then the solver's)
/// against any moves of the other side, as Black or as White, and the positions of the Master's
/// games against itself from each opening pair of removals (`--example master_konane`). Each
/// is solved without a budget from a fresh table (`parts` processes share the list: this one
/// solves the `part`th of every `parts`, counting from 0), in the rows' format.
fn master_rows(size: &str, start: &Konane, part: usize, parts: usize, cfg: SolveConfig) {
    use parlour_rules::Player;
    let mut found: Vec<(String, Konane)> = Vec::new();
    let mut seen = std::collections::HashSet::new();
    let mut keep = |line: &str, pos: &Konane, found: &mut Vec<(String, Konane)>| {
        if parlour_ai::solved::konane_line(pos).is_none() && seen.insert(pos.hash_key()) {
            found.push((line.trim().to_string(), pos.clone()));
        }
    };
    // The perfect move: the shipped table's, or the solver's.
    let perfect = |pos: &Konane| {
        parlour_ai::solved::konane_opening_move(pos)
            .map(|t| t.mv)
            .unwrap_or_else(|| {
                perfect_move(pos, &mut Solver::new(cfg), None, None, false)
                    .and_then(|r| r.best)
                    .expect("proven")
            })
    };
    fn walk_master(
        line: &str,
        pos: &Konane,
        master: Player,
        keep: &mut dyn FnMut(&str, &Konane),
        perfect: &dyn Fn(&Konane) -> parlour_rules::konane::KonaneMove,
    ) {
        if pos.status().is_over() || pos.ply() > 6 {
            return;
        }
        if pos.side_to_move() == master {
            if pos.ply() >= 5 {
                keep(line, pos);
                return;
            }
            let mv = perfect(pos);
            let mut child = pos.clone();
            child.apply(mv);
            walk_master(
                &format!("{line} {}", pos.format_move(&mv)),
                &child,
                master,
                keep,
                perfect,
            );
        } else {
            for (l, child) in children(line, pos) {
                walk_master(&l, &child, master, keep, perfect);
            }
        }
    }
    for master in [Player::P1, Player::P2] {
        walk_master("", start, master, &mut |l, p| keep(l, p, &mut found), &perfect);
    }
    for (name, pos) in parlour_ai::solved::konane_opening_positions(size) {
        let (mut line, mut pos) = (name, pos);
        while pos.ply() <= 6 && !pos.status().is_over() {
            if pos.ply() >= 5 {
                keep(&line, &pos, &mut found);
            }
            let mv = perfect(&pos);
            line = format!("{line} {}", pos.format_move(&mv));
            pos.apply(mv);
        }
    }
    eprintln!(
        "{} positions, this part solves every {parts}th from {part}",
        found.len()
    );
    for (i, (line, pos)) in found.iter().enumerate() {
        if i % parts != part {
            continue;
        }
        shipped_row(size, line, pos, false, cfg);
    }
}

/// One shipped line: `pos` (reached by `line`) solved without a budget from a fresh table, its
/// winner, exact length and perfect move (`every_winning` as `perfect_move`'s: the move is the
/// same either way), and the time it took after a `#`.
fn shipped_row(size: &str, line: &str, pos: &Konane, every_winning: bool, cfg: SolveConfig) {
    let r = perfect_move(pos, &mut Solver::new(cfg), None, None, every_winning).expect("proven");
    let me = pos.side_to_move();
    println!(
        "{size} | {line} | {} {} {} # {} ms",
        pos.side_name(if r.value > 0.5 { me } else { me.other() }),
        r.end_in.expect("exact"),
        pos.format_move(&r.best.expect("a move")),
        r.elapsed_ms
    );
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

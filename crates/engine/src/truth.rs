//! `tables openings`: the truth a table holds about a board's start, published — the exact
//! value of the start, of every one-ply and two-ply opening, and the longest result.

use std::fmt::Write as _;

use parlour_ai::tables::{Table, Value, rules_text};
use parlour_rules::soldiers::Soldiers;
use parlour_rules::{Game, Status};

/// A position's exact result as a sentence's words: `win <side> <plies>`, `draw`, or what
/// the rules say of a finished game (`unknown` where the table does not answer).
pub fn result_text(table: &Table, state: &Soldiers) -> String {
    let me = state.side_to_move();
    match state.status() {
        Status::Win { winner, reason } => return format!("over: {} won ({reason})", state.side_name(winner)),
        Status::Draw { reason } => return format!("over: drawn ({reason})"),
        Status::Ongoing => {}
    }
    match table.probe(state) {
        Some(Value::Draw) => "draw".into(),
        Some(Value::Win(p)) => format!("win {} {p}", state.side_name(me)),
        Some(Value::Loss(p)) => format!("win {} {p}", state.side_name(me.other())),
        Some(Value::Over) | None => "unknown".into(),
    }
}

/// The report: the start, each first move, each first move and reply (with a tally of the
/// two-ply results), and the longest result with its position.
pub fn openings(table: &Table, options: &parlour_rules::soldiers::SoldiersOptions) -> String {
    let start = Soldiers::new(options);
    let mut out = String::new();
    let s = table.stats();
    let _ = writeln!(
        out,
        "{} ({}): {} positions, longest result {} plies\nstart, the {} to move: {}",
        options.variant.board().name(),
        rules_text(options),
        table.bytes(),
        s.longest,
        start.side_name(start.side_to_move()),
        result_text(table, &start)
    );
    let mut firsts = Vec::new();
    start.legal_moves(&mut firsts);
    let mut tally: Vec<(String, u32)> = Vec::new();
    let mut lines = String::new();
    let _ = writeln!(out, "one ply ({} moves):", firsts.len());
    for &m in &firsts {
        let mut one = start.clone();
        one.apply(m);
        let first = start.format_move(&m);
        let _ = writeln!(out, "  {first}: {}", result_text(table, &one));
        let mut replies = Vec::new();
        if !one.status().is_over() {
            one.legal_moves(&mut replies);
        }
        for &r in &replies {
            let mut two = one.clone();
            two.apply(r);
            let text = result_text(table, &two);
            let _ = writeln!(lines, "  {first} {}: {text}", one.format_move(&r));
            match tally.iter_mut().find(|(k, _)| *k == text) {
                Some((_, n)) => *n += 1,
                None => tally.push((text, 1)),
            }
        }
    }
    tally.sort();
    let total: u32 = tally.iter().map(|(_, n)| n).sum();
    let counts: Vec<String> = tally.iter().map(|(k, n)| format!("{k} {n}")).collect();
    let _ = writeln!(out, "two plies ({total} openings: {}):\n{lines}", counts.join(", "));
    match table.longest() {
        Some((state, _)) => {
            let _ = writeln!(
                out,
                "longest: {}, the {} to move, e.g.\n{}",
                result_text(table, &state),
                state.side_name(state.side_to_move()),
                state.render()
            );
        }
        None => out.push_str("longest: no win or loss in the table\n"),
    }
    out
}

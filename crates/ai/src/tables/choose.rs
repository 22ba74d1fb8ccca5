//! Playing from a table: the Master's move where its table answers the position.
//!
//! * Won: a move to the quickest win (any of them, chosen by the seed).
//! * Lost: a losing move that does not lose at once, the one the game's evaluation likes best
//!   for the mover, then the longest defence, then the one that leaves the opponent the largest
//!   share of replies that do not keep his win (a move that draws at once by the house rules
//!   beats every loss). Against perfect play every losing move loses; against random soldiers on
//!   board 1's lost seed start the general won 88 % of 200 games with the longest defence first,
//!   82 % with the share first, 92 % with the evaluation first (docs/soldiers-fair-rules.md).
//! * Drawn: a drawing move; among them first one that repeats no position where one exists
//!   (a third occurrence would end the game), then the one that leaves the opponent the most
//!   losing replies, then any, by the seed.
//!
//! Every value used is one [`Table::probe`] answers, so a move is only ever chosen from values
//! the no-capture count cannot change; where the position or a move's result is not answered
//! the choice is left to the search.

use parlour_rules::soldiers::{Move, Soldiers};
use parlour_rules::{Game, Status};

use super::table::Table;
use super::value::Value;

/// A move chosen from a table, with the position's value for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Choice {
    /// The move.
    pub mv: Move,
    /// The position's value in this game for the side to move: the table's, or a draw the
    /// house rules give at once where the table's is a loss.
    pub value: Value,
}

/// `mv`'s result for the side that plays it, where the rules or the table know it.
fn after(table: &Table, state: &Soldiers, mv: Move) -> (Soldiers, Option<Value>) {
    let me = state.side_to_move();
    let mut next = state.clone();
    next.apply(mv);
    let v = match next.status() {
        Status::Win { winner, .. } if winner == me => Some(Value::Win(1)),
        Status::Win { .. } => Some(Value::Loss(1)),
        Status::Draw { .. } => Some(Value::Draw),
        Status::Ongoing if next.side_to_move() == me => table.probe(&next),
        Status::Ongoing => table.probe(&next).map(Value::for_mover),
    };
    (next, v)
}

/// How many of the opponent's replies in `next` lose for him, as the table knows them.
fn losing_replies(table: &Table, next: &Soldiers) -> usize {
    let mut replies = Vec::new();
    next.legal_moves(&mut replies);
    replies
        .iter()
        .filter(|&&r| matches!(after(table, next, r).1, Some(Value::Loss(_))))
        .count()
}

/// In a lost position, how many of the opponent's replies in `next` fail to keep his win (in
/// thousandths of them all, so a move with fewer replies is not favoured for that alone), and
/// the plies of the loss `v`: a fallible opponent goes wrong the likelier, the fewer of his
/// moves keep the win.
fn spared_replies(table: &Table, next: &Soldiers, v: Option<Value>) -> (usize, u32) {
    let plies = match v {
        Some(Value::Loss(p)) => p,
        _ => 0,
    };
    let mut replies = Vec::new();
    next.legal_moves(&mut replies);
    let spared = replies
        .iter()
        .filter(|&&r| !matches!(after(table, next, r).1, Some(Value::Win(_))))
        .count();
    (spared * 1000 / replies.len().max(1), plies)
}

/// A small mix of the seed and a move, to vary the choice among equals.
fn shuffle(seed: u64, i: usize) -> u64 {
    let mut x = seed ^ (i as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    x ^= x >> 31;
    x = x.wrapping_mul(0xbf58_476d_1ce4_e5b9);
    x ^ (x >> 29)
}

impl Table {
    /// The move to play in `state` from the table (see the module's notes), or `None` where the
    /// table does not answer the position or a move it needs.
    pub fn choose(&self, state: &Soldiers, seed: u64) -> Option<Choice> {
        let value = self.probe(state)?;
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut results = Vec::with_capacity(moves.len());
        for &mv in &moves {
            let (next, v) = after(self, state, mv);
            results.push((mv, next, v));
        }
        // Every move must be known to pick the best; the best must keep the value.
        let best = results.iter().map(|r| r.2).try_fold(None::<Value>, |acc, v| {
            let v = v?;
            Some(Some(match acc {
                Some(a) if !v.better(a) => a,
                _ => v,
            }))
        })??;
        // A draw at once by the house rules may beat a table's loss; nothing may fall short.
        if value.better(best) {
            return None;
        }
        let mut pick: Option<((bool, usize, u64), Move)> = None;
        for (i, (mv, next, v)) in results.iter().enumerate() {
            let lost = matches!(best, Value::Loss(_)) && matches!(v, Some(Value::Loss(_)));
            if *v != Some(best) && !lost {
                continue;
            }
            let key = match best {
                Value::Draw if next.status().is_over() => (false, 0, shuffle(seed, i)),
                Value::Draw => (next.occurrences() < 2, losing_replies(self, next), shuffle(seed, i)),
                Value::Loss(_) if next.status().is_over() => (false, 0, shuffle(seed, i)),
                Value::Loss(_) => {
                    let (spared, plies) = spared_replies(self, next, *v);
                    let eval = -crate::Knowledge::evaluate(next);
                    let eval = ((eval.clamp(-1.0, 1.0) + 1.0) * 10_000.0) as usize;
                    (
                        true,
                        eval,
                        (u64::from(plies) << 32) | (spared as u64) << 16 | shuffle(seed, i) >> 48,
                    )
                }
                _ => (true, 0, shuffle(seed, i)),
            };
            if pick.is_none_or(|(k, _)| key > k) {
                pick = Some((key, *mv));
            }
        }
        pick.map(|(_, mv)| Choice { mv, value: best })
    }
}

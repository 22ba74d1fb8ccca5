//! One analysis of a played game, for every game (issue 47): each position of the record is
//! searched once with the strongest level under a budget, and every ply gets the mover's win
//! chance before and after the move, the best move and its line, the loss in win chance, a mark
//! and the proven results where the search (or the game's solver) proved them. The engine's
//! `analyse`, its tests and the review build on this one result, so its graph, marks and summary
//! cannot disagree.
//!
//! **Win chance** is the search's value for the side to move (its expected score, 0–1) mapped
//! per game by a logistic curve fitted on the project's self-play ([`win_chance`],
//! [`CALIBRATION`]).
//!
//! **Marks** are thresholds on the loss in win chance, the same for every game ([`MARKS`]):
//! lichess's (5, 10 and 15 points on the 0–100 scale, its 0.1 / 0.2 / 0.3 on −1…1). The move the
//! search itself chose is `best`. Proofs overrule the estimate: a move from a proven win into a
//! proven loss is a `blunder`; a move that keeps a proven win, or any move in a position already
//! proven lost, is never worse than `good`.
//!
//! **Accuracy** per side is lichess's: each move scores `103.1668 · e^(−0.04354 · loss) − 3.1669`
//! (clamped to 0–100), and the side's accuracy is the mean over its moves.
//!
//! Deterministic for a budget without a clock (playouts, nodes or depth) and a seed: each
//! position is searched by a fresh searcher on one thread.

pub mod coherence;
#[cfg(test)]
mod tests;

/// The record's types are plain data, in `parlour-rules` (the save format names them).
pub use parlour_rules::record::{Analysis, MARKS, Mark, PlyAnalysis, SideSummary, mark_for_loss, move_accuracy};
use parlour_rules::{Player, Status};

use crate::config::{Algorithm, Budget};
use crate::knowledge::Knowledge;
use crate::level::Level;
use crate::result::SearchResult;
use crate::search::Searcher;
use crate::stop::StopFlag;

/// The logistic function, `1 / (1 + e^−x)`.
pub fn logistic(x: f64) -> f64 {
    1.0 / (1.0 + (-x).exp())
}

/// Per game, `(id, a, b)` of the win-chance mapping `σ(a · logit(v) + b)`. Kansho, Kōnane and
/// Qyshinsu: the slope alone, refitted at the review's budget on 100 self-play games a game and
/// checked on 100 more (`examples/calibrate.rs --games 100 --holdout 100 --play-nodes 30000
/// --review-nodes W --sample 4`, 2026-12-06/07); ConHex: that refit's slope with a free
/// intercept (`a = 2.599`, the fit's `b = −0.070`) and the intercept that makes its best moves
/// neither gain nor lose at the review's budget, `b = −0.10` (`examples/coherence.rs --games 20
/// --playouts 141947 --curves …`, 2026-12-08: −0.20 points, 95 % −0.58 … +0.17). The fits,
/// Brier scores and calibration tables: `docs/analysis.md`. The Sixteen Soldiers keep the raw
/// value: their few unproven positions fitted no better.
///
/// `b` acts on the side to move, so it moves every position's chance towards the side not to
/// move and a move gains twice it; it belongs only where it cancels the search's own lean
/// towards the side to move, as measured by `examples/coherence.rs` (issue 73). Kansho's was
/// `−0.402`, fitted for an evaluation since changed, and its best moves gained 18 points a move;
/// it is 0.
pub const CALIBRATION: &[(&str, f64, f64)] = &[
    ("kansho", 1.611, 0.0),
    ("konane", 1.610, 0.0),
    ("conhex", 2.599, -0.10),
    ("qyshinsu", 10.913, 0.0),
];

/// The mover's win chance in per cent from a search value `value` (the expected score of the
/// side to move, 0–1) in the game `game` (its engine id), through [`CALIBRATION`].
pub fn win_chance(game: &str, value: f32) -> f32 {
    let Some(&(_, a, b)) = CALIBRATION.iter().find(|c| c.0 == game) else {
        return (value * 100.0).clamp(0.0, 100.0);
    };
    let v = f64::from(value).clamp(1e-3, 1.0 - 1e-3);
    (100.0 * logistic(a * (v / (1.0 - v)).ln() + b)) as f32
}

/// What the search found in one position, from the side to move's point of view.
struct Judged {
    /// Win chance, 0–100.
    chance: f32,
    /// The side to move's proven result (true: a forced win).
    proven: Option<bool>,
    /// The best line in notation.
    line: Vec<String>,
}

/// A finished game's score for a side as a proven result: a win, a loss, or (a draw) none.
fn proven_score(score: f32) -> Option<bool> {
    (score > 0.75).then_some(true).or((score < 0.25).then_some(false))
}

/// Judges one position: searched (see [`searched`]), and where a table knows its result
/// (Kōnane's solved openings shipped with the program, the Sixteen Soldiers' exact tables where
/// built), that result over the search's: a win 100, a loss 0, an exact draw 50 and nothing
/// proven.
fn judge<G: Knowledge>(state: &G, budget: Budget, seed: u64, stop: &StopFlag) -> Option<Judged> {
    let mut judged = searched(state, budget, seed, stop)?;
    if let Some(score) = state.known_score() {
        judged.proven = proven_score(score);
        judged.chance = score * 100.0;
    }
    Some(judged)
}

/// Searches one position with the Master's configuration under `budget` (one thread).
fn searched<G: Knowledge>(state: &G, budget: Budget, seed: u64, stop: &StopFlag) -> Option<Judged> {
    // A forced move is not searched (the search answers at once): judge the position after it.
    let mut legal = Vec::new();
    state.legal_moves(&mut legal);
    if let [only] = legal[..] {
        let mut next = state.clone();
        next.apply(only);
        let mine = next.side_to_move() == state.side_to_move();
        let (chance, proven, rest) = match next.status() {
            Status::Ongoing => {
                let j = judge(&next, budget, seed, stop)?;
                let chance = if mine { j.chance } else { 100.0 - j.chance };
                (chance, j.proven.map(|w| w == mine), j.line)
            }
            status => {
                let score = status.score_for(state.side_to_move()).unwrap_or(0.5) as f32;
                (score * 100.0, proven_score(score), Vec::new())
            }
        };
        let mut line = vec![state.format_move(&only)];
        line.extend(rest.into_iter().take(7));
        return Some(Judged { chance, proven, line });
    }
    let Valued {
        value,
        proven,
        result: r,
    } = position_value(state, budget, seed, stop)?;
    let chance = match proven {
        Some(true) => 100.0,
        Some(false) => 0.0,
        None => win_chance(G::ID, value),
    };
    // The line as far as it stays legal, at most 8 plies.
    let mut line = Vec::new();
    let mut at = state.clone();
    for mv in r.pv.iter().take(8) {
        at.legal_moves(&mut legal);
        if !legal.contains(mv) {
            break;
        }
        line.push(at.format_move(mv));
        at.apply(*mv);
    }
    Some(Judged { chance, proven, line })
}

/// One position as the analysis values it, before the win-chance mapping.
pub struct Valued<M> {
    /// The side to move's expected score, 0–1.
    pub value: f32,
    /// The side to move's proven result (true: a forced win), where the search proved it.
    pub proven: Option<bool>,
    /// The search's own result (its best move and line).
    pub result: SearchResult<M>,
}

/// Searches `state` as the analysis does — the Master's configuration under `budget`, one
/// thread, a fresh searcher, and draws worth a draw to either side — and values it. The
/// calibration (`examples/calibrate.rs`) takes its values from here, so the curve is fitted on
/// exactly what the analysis maps.
///
/// The Master plays some boards with a reluctance to repeat (the Sixteen Soldiers' boards 2
/// and 4) or a contempt for draws: a draw is then worth less to whichever side is searching.
/// That is a way of playing, not a property of the position: judged by it, a drawn position was
/// worth 30 % to the side to move and so 70 % to the other, and every move from it gained about
/// 23 points (issue 73, docs/analysis.md, "Coherence"). The analysis judges draws as draws.
pub fn position_value<G: Knowledge>(state: &G, budget: Budget, seed: u64, stop: &StopFlag) -> Option<Valued<G::Move>> {
    let mut cfg = state.level_config(Level::Master).with_budget(budget).with_seed(seed);
    match &mut cfg.algorithm {
        Algorithm::Mcts(p) => {
            p.threads = 1;
            p.contempt = 0.0;
            p.avoid_repeat = 0.0;
        }
        Algorithm::AlphaBeta(p) => {
            p.contempt = 0.0;
            p.avoid_repeat = 0.0;
            p.second_avoid_repeat = None;
            p.view_as = Some(Player::P1);
        }
        _ => {}
    }
    let r = Searcher::new(cfg).search(state, stop)?;
    let proven = (r.proven && (r.value > 0.75 || r.value < 0.25)).then_some(r.value > 0.5);
    Some(Valued {
        value: r.value,
        proven,
        result: r,
    })
}

/// Analyses the game from `start` through `moves` (all legal), searching each position with
/// `budget` and `seed`; `on_ply` hears each ply as soon as it is done (in order). `None` when
/// cancelled through `stop`.
pub fn analyse<G: Knowledge>(
    start: &G,
    moves: &[G::Move],
    budget: Budget,
    seed: u64,
    stop: &StopFlag,
    mut on_ply: impl FnMut(&PlyAnalysis),
) -> Option<Analysis> {
    let mut plies = Vec::with_capacity(moves.len());
    let mut state = start.clone();
    let mut here = judge(&state, budget, seed, stop)?;
    for (i, mv) in moves.iter().enumerate() {
        let mover = state.side_to_move();
        let played = state.format_move(mv);
        let mut next = state.clone();
        next.apply(*mv);
        let (after, proven_after, there) = match next.status() {
            Status::Ongoing => {
                let mut there = judge(&next, budget, seed, stop)?;
                // The opponent's view, turned round (a side may move twice in a row in some
                // games: then it is the mover's own).
                let mine = next.side_to_move() == mover;
                // From a proven loss every move leads to a loss: the proof carries on.
                if here.proven == Some(false) && there.proven.is_none() {
                    there.proven = Some(!mine);
                    there.chance = if mine { 0.0 } else { 100.0 };
                }
                let chance = if mine { there.chance } else { 100.0 - there.chance };
                let proven = there.proven.map(|w| w == mine);
                (chance, proven, Some(there))
            }
            status => {
                let score = status.score_for(mover).unwrap_or(0.5) as f32;
                (score * 100.0, proven_score(score), None)
            }
        };
        let before = here.chance;
        let loss = (before - after).max(0.0);
        let is_best = here.line.first() == Some(&played);
        let mut mark = mark_for_loss(loss, is_best);
        let proven = match (here.proven, proven_after) {
            (Some(false), _) => Some((false, false)),
            (Some(true), Some(a)) => Some((true, a)),
            _ => None,
        };
        match proven {
            Some((true, false)) => mark = Mark::Blunder,
            Some((true, true)) | Some((false, _)) => mark = mark.min(Mark::Good),
            None => {}
        }
        let ply = PlyAnalysis {
            ply: i as u32 + 1,
            mover,
            played,
            before,
            after,
            best_line: std::mem::take(&mut here.line),
            loss,
            mark,
            proven,
        };
        on_ply(&ply);
        plies.push(ply);
        state = next;
        match there {
            Some(t) => here = t,
            None => break,
        }
    }
    Some(Analysis { plies })
}

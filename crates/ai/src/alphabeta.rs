//! Iterative-deepening alpha-beta (negamax form) over any game with an evaluation: a
//! transposition table keyed by `Game::hash_key`, the previous iteration's best move first, then
//! killer moves, the history heuristic and the game's move priors.
//!
//! Values are from the side to move's view. A side may move twice in a row (Kansho's repeat
//! turns, ConHex's swap), so a child's value is negated only when the side to move changes.

use parlour_rules::{Player, Status};

use crate::config::{AlphaBetaParams, Budget};
use crate::knowledge::{Knowledge, mix64, seat_to_move};
use crate::limits::Limits;
use crate::result::SearchResult;
use crate::tt::{Bound, Entry, Tt};

/// A won position's value (minus the plies to get there, so shorter wins score higher).
const WIN: i32 = 1_000_000;
/// Values beyond this are proven wins or losses.
const MATE_ZONE: i32 = WIN - 10_000;
/// The evaluation's `[-1, 1]` maps to `[-SCALE, SCALE]`.
const SCALE: f32 = 10_000.0;
const INF: i32 = WIN + 1;
/// Iterative deepening never goes beyond this depth.
const MAX_DEPTH: u32 = crate::config::MAX_SEARCH_DEPTH;

const _: () = assert!(MAX_DEPTH < 256, "depths are stored in a byte");

/// True when `mv` draws at once: it ends the game in a draw, or brings back a position the
/// game has seen.
fn draws_at_once<G: Knowledge>(state: &G, mv: G::Move) -> bool {
    let mut child = state.clone();
    child.apply(mv);
    match child.status() {
        Status::Draw { .. } => true,
        status => !status.is_over() && child.repeats(),
    }
}

/// A finished position's value for `me`; `draw` is what a draw is worth to `me`.
fn terminal_value<G: Knowledge>(state: &G, status: Status, me: Player, ply: usize, draw: i32) -> i32 {
    match status {
        Status::Win { winner, .. } if state.seat_of(winner) == me => WIN - ply as i32,
        Status::Win { .. } => -(WIN - ply as i32),
        _ => draw,
    }
}

/// Mate values are stored relative to the node, not the root.
fn to_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_ZONE {
        v + ply as i32
    } else if v <= -MATE_ZONE {
        v - ply as i32
    } else {
        v
    }
}

fn from_tt(v: i32, ply: usize) -> i32 {
    if v >= MATE_ZONE {
        v - ply as i32
    } else if v <= -MATE_ZONE {
        v + ply as i32
    } else {
        v
    }
}

/// An alpha-beta player: its table and ordering statistics, kept between moves.
pub(crate) struct AlphaBeta<G: Knowledge> {
    tt: Tt,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<u32>,
    /// Per ply: (ordering score, index in `legal_moves` order, move).
    ordered: Vec<Vec<(i32, u16, G::Move)>>,
    scratch: Vec<G::Move>,
    nodes: u64,
    aborted: bool,
    noise_seed: u64,
    params: AlphaBetaParams,
    /// What a draw (or a repeated position) is worth to each seat: `-contempt` to the seat
    /// searching, `+contempt` to its opponent, on the evaluation's scale.
    draw_for: [i32; 2],
    /// The seat searching (its evaluation, see [`Knowledge::evaluate_as`]), from the last search.
    me: Option<Player>,
}

/// The value a search reports: `best`'s, or with `two_depths` the mean of the last two completed
/// depths' values (`values`, one a depth), an odd and an even horizon, where none is proven.
fn reported_value(best: i32, values: &[i32], two_depths: bool) -> i32 {
    match values {
        [.., a, b] if two_depths && [*a, *b, best].iter().all(|v| v.abs() < MATE_ZONE) => (a + b) / 2,
        _ => best,
    }
}

impl<G: Knowledge> AlphaBeta<G> {
    /// A player whose table fits `budget`: a node budget needs no more slots than nodes, and
    /// a smaller table is quicker to set up (one-off searches create a fresh one).
    pub(crate) fn new(p: &AlphaBetaParams, budget: &Budget) -> Self {
        let bits = match budget.iterations {
            Some(n) => p.tt_bits.min((64 - n.leading_zeros()) as u8 + 1),
            None => p.tt_bits,
        };
        AlphaBeta {
            tt: Tt::new(bits),
            killers: Vec::new(),
            history: vec![0; 2 * G::MOVE_KEYS],
            ordered: Vec::new(),
            scratch: Vec::new(),
            nodes: 0,
            aborted: false,
            noise_seed: 0,
            params: *p,
            draw_for: [0; 2],
            me: None,
        }
    }

    pub(crate) fn search(
        &mut self,
        state: &G,
        p: &AlphaBetaParams,
        max_depth: Option<u32>,
        seed: u64,
        limits: &Limits<'_>,
    ) -> SearchResult<G::Move> {
        self.params = *p;
        self.noise_seed = mix64(seed, 0x00ab_cdef);
        self.nodes = 0;
        self.aborted = false;
        self.tt.new_search();
        for h in &mut self.history {
            *h /= 8;
        }
        let me = seat_to_move(state);
        if self.me.is_some_and(|m| m != me) {
            // The other seat's values were judged with its evaluation and its contempt.
            self.tt.clear();
        }
        self.me = Some(me);
        let contempt = (p.contempt * SCALE) as i32;
        self.draw_for[me.index()] = -contempt;
        self.draw_for[me.other().index()] = contempt;
        state.legal_moves(&mut self.scratch);
        let mut root: Vec<(i32, u16, G::Move)> = self
            .scratch
            .iter()
            .enumerate()
            .map(|(i, &mv)| ((state.move_prior(&mv) * 1000.0) as i32, i as u16, mv))
            .collect();
        if let Some(i) = self.tt.probe(state.hash_key()).and_then(|e| e.best)
            && let Some(r) = root.get_mut(usize::from(i))
        {
            r.0 = i32::MAX;
        }
        // With repeated positions scored as draws: the root moves that draw at once, by ending
        // the game in a draw or bringing back a position the game has seen (by legal-move
        // index). Among moves of equal value these are searched, and chosen, last: a move that
        // keeps the game going wins the tie, since the opponent must still find the draw.
        let drawn_now: Vec<bool> = if p.repeat_draw {
            self.scratch.iter().map(|&mv| draws_at_once(state, mv)).collect()
        } else {
            vec![false; self.scratch.len()]
        };
        // What a move that draws at once is worth here: a draw, less `avoid_repeat`.
        let drawn_value = self.draw_for[me.index()] - (p.avoid_repeat_for(me) * 2.0 * SCALE) as i32;
        let order = |r: &(i32, u16, G::Move)| (std::cmp::Reverse(r.0), drawn_now[usize::from(r.1)]);
        root.sort_by_key(order);
        let drawn_move = root
            .iter()
            .find(|r| drawn_now[usize::from(r.1)])
            .map(|r| (r.2, r.1, drawn_value));
        let mut best = (root[0].2, root[0].1, 0);
        let mut completed = 0;
        let mut values: Vec<i32> = Vec::new();
        let limit = max_depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        for depth in 1..=limit {
            // A move that draws at once is worth the same at every depth, so each iteration
            // starts from it: another move is chosen only when searched to be at least as good
            // (the tie-break above), and a search cut short never returns a move it has just
            // found worse than the draw.
            let mut alpha = drawn_move.map_or(-INF, |d| d.2 - 1);
            let mut iteration_best: Option<(G::Move, u16, i32)> = drawn_move;
            for entry in root.iter_mut() {
                let (mv, index) = (entry.2, entry.1);
                let mut child = state.clone();
                child.apply(mv);
                let status = child.status();
                let v = if drawn_now[usize::from(index)] {
                    drawn_value
                } else if status.is_over() {
                    terminal_value(&child, status, me, 1, self.draw_for[me.index()])
                } else if seat_to_move(&child) == me {
                    self.negamax(&child, depth as i32 - 1, alpha, INF, 1, limits)
                } else {
                    -self.negamax(&child, depth as i32 - 1, -INF, -alpha, 1, limits)
                };
                if self.aborted {
                    break;
                }
                entry.0 = v;
                if v > alpha {
                    alpha = v;
                    iteration_best = Some((mv, index, v));
                }
            }
            if self.aborted {
                // The previous best was searched first, so a partial iteration's best is at
                // least as well informed as the last complete one.
                if let Some(b) = iteration_best {
                    best = b;
                }
                break;
            }
            let Some(b) = iteration_best else { break };
            best = b;
            completed = depth;
            values.push(b.2);
            let entry = Entry {
                best: Some(b.1),
                value: b.2,
                depth: depth as u8,
                bound: Bound::Exact,
            };
            self.tt.store(state.hash_key(), entry);
            // Best first for the next iteration (among equal values the moves that draw at once
            // last); a stable sort keeps earlier order among equals.
            root.sort_by_key(order);
            if b.2.abs() >= MATE_ZONE {
                break;
            }
        }
        let value = reported_value(best.2, &values, self.params.two_depths);
        self.result(state, best.0, value, completed)
    }

    /// The search's answer: `mv`, worth `v` (a score, or a win or loss in so many plies), found
    /// at `depth`.
    fn result(&self, state: &G, mv: G::Move, v: i32, depth: u32) -> SearchResult<G::Move> {
        let proven = v.abs() >= MATE_ZONE;
        let value = if proven {
            if v > 0 { 1.0 } else { 0.0 }
        } else {
            (0.5 + 0.5 * v as f32 / SCALE).clamp(0.0, 1.0)
        };
        SearchResult {
            best: Some(mv),
            value,
            proven,
            iterations: self.nodes,
            depth,
            pv: self.principal_variation(state, mv, depth.max(1)),
            elapsed_ms: 0,
            end_in: proven.then(|| (WIN - v.abs()).max(1) as u32),
            winning: Vec::new(),
            cut_short: false,
        }
    }

    fn principal_variation(&self, state: &G, first: G::Move, len: u32) -> Vec<G::Move> {
        let mut pv = vec![first];
        let mut s = state.clone();
        s.apply(first);
        let mut moves = Vec::new();
        while pv.len() < len as usize && !s.status().is_over() {
            let Some(i) = self.tt.probe(s.hash_key()).and_then(|e| e.best) else {
                break;
            };
            s.legal_moves(&mut moves);
            let Some(&mv) = moves.get(usize::from(i)) else { break };
            pv.push(mv);
            s.apply(mv);
        }
        pv
    }

    fn eval(&self, s: &G) -> i32 {
        let v = if self.params.plain_view {
            s.evaluate()
        } else {
            s.evaluate_as(self.params.view_as.or(self.me).unwrap_or_else(|| seat_to_move(s)))
        };
        let mut v = v.clamp(-1.0, 1.0) * SCALE;
        if self.params.noise > 0.0 {
            let r = mix64(self.noise_seed, s.hash_key());
            let u = (r >> 40) as f32 / (1u64 << 24) as f32;
            v += (2.0 * u - 1.0) * self.params.noise * SCALE;
        }
        v as i32
    }

    fn negamax(&mut self, s: &G, depth: i32, mut alpha: i32, beta: i32, ply: usize, limits: &Limits<'_>) -> i32 {
        self.nodes += 1;
        if limits.exhausted_cheap(self.nodes) {
            self.aborted = true;
            return 0;
        }
        if depth <= 0 {
            return self.eval(s);
        }
        let key = s.hash_key();
        let mut tt_move: Option<u16> = None;
        if let Some(e) = self.tt.probe(key) {
            tt_move = e.best;
            if i32::from(e.depth) >= depth {
                let v = from_tt(e.value, ply);
                match e.bound {
                    Bound::Exact => return v,
                    Bound::Lower if v >= beta => return v,
                    Bound::Upper if v <= alpha => return v,
                    _ => {}
                }
            }
        }
        while self.ordered.len() <= ply {
            self.ordered.push(Vec::new());
            self.killers.push([None; 2]);
        }
        s.legal_moves(&mut self.scratch);
        if self.scratch.is_empty() {
            return self.eval(s);
        }
        let me = seat_to_move(s);
        let mut list = std::mem::take(&mut self.ordered[ply]);
        list.clear();
        let killers = self.killers[ply];
        let hbase = me.index() * G::MOVE_KEYS;
        for (i, &mv) in self.scratch.iter().enumerate() {
            let score = if Some(i as u16) == tt_move {
                i32::MAX
            } else if self.params.killers && Some(mv) == killers[0] {
                i32::MAX - 1
            } else if self.params.killers && Some(mv) == killers[1] {
                i32::MAX - 2
            } else {
                let h = if self.params.history {
                    self.history[hbase + s.move_key(&mv)].min(1_000_000) as i32
                } else {
                    0
                };
                (s.move_prior(&mv).clamp(0.0, 1.0) * 1_000_000.0) as i32 + h
            };
            list.push((score, i as u16, mv));
        }
        list.sort_unstable_by_key(|l| std::cmp::Reverse(l.0));
        let alpha0 = alpha;
        let mut best = -INF;
        let mut best_move: Option<u16> = None;
        for &(_, index, mv) in &list {
            let mut child = s.clone();
            child.apply(mv);
            let status = child.status();
            let v = if status.is_over() {
                terminal_value(&child, status, me, ply + 1, self.draw_for[me.index()])
            } else if self.params.repeat_draw && child.repeats() {
                self.draw_for[me.index()]
            } else if seat_to_move(&child) == me {
                self.negamax(&child, depth - 1, alpha, beta, ply + 1, limits)
            } else {
                -self.negamax(&child, depth - 1, -beta, -alpha, ply + 1, limits)
            };
            if self.aborted {
                self.ordered[ply] = list;
                return 0;
            }
            if v > best {
                best = v;
                best_move = Some(index);
                if v > alpha {
                    alpha = v;
                    if alpha >= beta {
                        if self.params.killers && killers[0] != Some(mv) {
                            self.killers[ply] = [Some(mv), killers[0]];
                        }
                        if self.params.history {
                            let h = &mut self.history[hbase + s.move_key(&mv)];
                            *h = h.saturating_add((depth * depth) as u32);
                        }
                        break;
                    }
                }
            }
        }
        self.ordered[ply] = list;
        let bound = if best <= alpha0 {
            Bound::Upper
        } else if best >= beta {
            Bound::Lower
        } else {
            Bound::Exact
        };
        let entry = Entry {
            best: best_move,
            value: to_tt(best, ply),
            depth: depth.clamp(0, 255) as u8,
            bound,
        };
        self.tt.store(key, entry);
        best
    }
}

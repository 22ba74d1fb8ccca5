//! An exact solver for two-player games without draws (Kōnane's small boards above all):
//! depth-first negamax over win/loss — "is there a move after which the opponent loses" — with
//! a transposition table sized from a memory budget, move ordering by fewest opponent replies,
//! a node counter and a time/node budget (the answer is unknown when it runs out).
//!
//! The table is keyed by the game's 64-bit Zobrist key ([`Game::hash_key`]) and every hit is
//! verified with a second, independent 64-bit key ([`Solvable::check_key`]; for Kōnane a hash
//! of the packed bitboards), so a false hit needs both keys to collide.
//!
//! **Plies.** For a proven position, `plies` is normally exact: the length of the game under
//! perfect play where the winner minimises and the loser maximises the number of plies to the
//! end (a side that has no move has lost: 0 plies). It is measured after the win/loss proof by
//! depth-bounded proofs — "can the winner force the end within d plies?" — asked for `d` just
//! under the shortest line found so far, starting from the game's own bound
//! ([`Solvable::plies_bound`]; Kōnane: the stones left, as every move takes one): each yes
//! brings a shorter line, and the first no proves the line before it the shortest. No position
//! needs its own result proven first (a move that loses simply fails the question), and the
//! table keeps every answer as a bound on the position's length. When the budget runs out
//! first, the shortest line found so far is reported and [`Proven::exact`] is false.
//!
//! **Symmetry and memory.** Kōnane's keys are the same for a position and its half-turn, so
//! either one's result serves both; each table entry records how many nodes its result cost,
//! and a full bucket keeps the dearest result.
//!
//! Games that can draw (Kansho, Qyshinsu, Sixteen Soldiers) are not searched: a drawn
//! position is reported as a draw, a finished one as won, anything else as unknown.

pub mod perfect;
mod solvable;
mod table;
#[cfg(test)]
mod tests;
mod types;

use parlour_rules::{Game, Player, Status};
use web_time::Instant;

pub use solvable::Solvable;
use table::{Fact, Table};
pub use types::{DEFAULT_TT_BYTES, Outcome, Perfect, Proven, Solution, SolveConfig};

use crate::stop::StopFlag;

/// The budget ran out.
struct OutOfBudget;

type Step<T> = Result<T, OutOfBudget>;

/// An exact solver; the table is kept between [`Solver::solve`] calls on the same game and board
/// (positions of different boards can share keys).
pub struct Solver<G: Solvable> {
    cfg: SolveConfig,
    tt: Table,
    nodes: u64,
    start: Instant,
    /// When the current `solve` call began (`start` moves for the fallback pass).
    began: Instant,
    /// Milliseconds into the current call when the result was proven.
    proved_at: Option<u64>,
    bufs: Vec<Vec<G::Move>>,
    /// A flag that ends the current call as if the budget had run out.
    stop: Option<StopFlag>,
}

/// Solves one position with a fresh solver.
pub fn solve<G: Solvable>(state: &G, cfg: &SolveConfig) -> Solution {
    Solver::new(*cfg).solve(state)
}

impl<G: Solvable> Solver<G> {
    /// A solver with its table allocated.
    pub fn new(cfg: SolveConfig) -> Self {
        Solver {
            cfg,
            tt: Table::new(cfg.tt_bytes),
            nodes: 0,
            start: Instant::now(),
            began: Instant::now(),
            proved_at: None,
            bufs: Vec::new(),
            stop: None,
        }
    }

    /// The same solver, also stopped (as by its budget) when `stop` is set.
    pub fn with_stop(mut self, stop: StopFlag) -> Self {
        self.stop = Some(stop);
        self
    }

    /// Changes the budget of the calls to come; the table is kept.
    pub fn set_budget(&mut self, millis: Option<u64>, max_nodes: Option<u64>) {
        self.cfg.millis = millis;
        self.cfg.max_nodes = max_nodes;
    }

    /// Solves `state` within the configured budget.
    pub fn solve(&mut self, state: &G) -> Solution {
        self.begin();
        self.proved_at = None;
        let cfg = self.cfg;
        let mut winning_moves = Vec::new();
        let proven = match state.status() {
            Status::Win { winner, .. } => Some((
                Proven {
                    outcome: if winner == state.side_to_move() {
                        Outcome::Win
                    } else {
                        Outcome::Loss
                    },
                    plies: 0,
                    exact: true,
                },
                Some(winner),
            )),
            Status::Draw { .. } => Some((
                Proven {
                    outcome: Outcome::Draw,
                    plies: 0,
                    exact: true,
                },
                None,
            )),
            Status::Ongoing if G::CAN_DRAW => None,
            Status::Ongoing => self.solve_root(state, &mut winning_moves).ok(),
        };
        if proven.is_none() {
            winning_moves.clear();
        }
        self.cfg = cfg;
        Solution {
            proven: proven.map(|p| p.0),
            winner: proven.and_then(|p| p.1),
            winning_moves,
            nodes: self.nodes,
            elapsed_ms: self.began.elapsed().as_millis() as u64,
            proof_ms: proven.map(|_| self.proved_at.unwrap_or(0)),
            tt_bytes: self.tt.bytes(),
            tt_used: self.tt.used(),
        }
    }

    /// Whether the side to move can force a win, without the passes that measure lengths;
    /// `None` when the budget runs out first or the game is over (or can draw).
    pub fn prove(&mut self, state: &G) -> Option<bool> {
        self.begin();
        if G::CAN_DRAW || state.status().is_over() {
            return None;
        }
        self.wins(state).ok()
    }

    /// Whether the result for the side to move — a win with `win`, a loss without — is forced
    /// within `d` plies (the winner playing for the quickest end, the loser for the longest);
    /// `None` when the budget runs out first.
    pub fn forced(&mut self, state: &G, win: bool, d: u32) -> Option<bool> {
        self.begin();
        self.forced_within(state, win, d).ok().map(|f| f.is_some())
    }

    /// The perfect move of `state` without listing every winning move: the result is proven
    /// (one winning move suffices), its exact length measured, and a move that keeps that length
    /// picked from the last length question (the quickest win, or a loss that holds out
    /// longest). When the budget runs out after the proof, the result is still reported, with
    /// its length an upper bound and a winning (or any) move. `None` when the budget runs out
    /// before the proof, or the game is over (or can draw).
    pub fn perfect(&mut self, state: &G) -> Option<Perfect<G::Move>> {
        self.begin();
        if G::CAN_DRAW || state.status().is_over() {
            return None;
        }
        let win = self.wins(state).ok()?;
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        // A winning move the proof found (its child is in the table as lost).
        let fallback = if win {
            moves.iter().copied().find(|&mv| {
                let mut child = state.clone();
                child.apply(mv);
                let (k, c) = Self::keys(&child);
                self.tt.probe(k, c).is_some_and(|f| f.win == Some(false))
            })
        } else {
            moves.first().copied()
        };
        let (plies, exact) = self.plies(state, win, state.plies_bound().unwrap_or(table::NO_BOUND - 1));
        let step = if G::LAST_MOVER_WINS { 2 } else { 1 };
        let picked = match (exact, win) {
            (true, true) => self.forced_pick(state, true, plies, true).ok().and_then(|r| r.1),
            (true, false) if plies > step => self
                .forced_pick(state, false, plies - step, true)
                .ok()
                .and_then(|r| r.1),
            _ => None,
        };
        // (A loss within one round: every move holds out as long as any.)
        let exact = exact && (picked.is_some() || (!win && plies <= step));
        let mv = picked.or(fallback);
        // A win whose proving move fell out of the table: prove the moves one by one.
        let mv = match mv {
            Some(mv) => mv,
            None => *moves.iter().find(|&&mv| {
                let mut child = state.clone();
                child.apply(mv);
                matches!(self.wins(&child), Ok(false))
            })?,
        };
        Some(Perfect { win, plies, exact, mv })
    }

    /// Starts a call's node count and clock.
    fn begin(&mut self) {
        self.nodes = 0;
        self.start = Instant::now();
        self.began = self.start;
    }

    /// Positions visited by the last call.
    pub fn nodes(&self) -> u64 {
        self.nodes
    }

    fn solve_root(&mut self, state: &G, winning: &mut Vec<String>) -> Step<(Proven, Option<Player>)> {
        let me = state.side_to_move();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for &mv in &moves {
            let mut child = state.clone();
            child.apply(mv);
            if !self.wins(&child)? {
                winning.push(state.format_move(&mv));
            }
        }
        winning.sort_unstable();
        let win = !winning.is_empty();
        self.proved_at = Some(self.began.elapsed().as_millis() as u64);
        // The length with what is left of the budget: each shorter line found narrows it from
        // the game's own bound, and a proof is reported even when no budget is left to measure
        // it (with the shortest line found so far).
        let ceiling = state.plies_bound();
        let (plies, exact) = self.plies(state, win, ceiling.unwrap_or(table::NO_BOUND - 1));
        if !exact && plies == table::NO_BOUND - 1 && ceiling.is_none() {
            return Err(OutOfBudget);
        }
        let outcome = if win { Outcome::Win } else { Outcome::Loss };
        let winner = if win { me } else { me.other() };
        Ok((Proven { outcome, plies, exact }, Some(winner)))
    }

    fn tick(&mut self) -> Step<()> {
        self.nodes += 1;
        if self.cfg.max_nodes.is_some_and(|n| self.nodes > n) {
            return Err(OutOfBudget);
        }
        if self.nodes.is_multiple_of(1024)
            && (self
                .cfg
                .millis
                .is_some_and(|ms| self.start.elapsed().as_millis() as u64 >= ms)
                || self.stop.as_ref().is_some_and(StopFlag::is_set))
        {
            return Err(OutOfBudget);
        }
        Ok(())
    }

    fn keys(state: &G) -> (u64, u64) {
        state.solver_keys()
    }

    /// True when the side to move can force a win.
    fn wins(&mut self, state: &G) -> Step<bool> {
        self.tick()?;
        let before = self.nodes;
        let (key, check) = Self::keys(state);
        if let Some(win) = self.tt.probe(key, check).and_then(|e| e.win) {
            return Ok(win);
        }
        let me = state.side_to_move();
        let mut moves = self.bufs.pop().unwrap_or_default();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            self.bufs.push(moves);
            // No move: the status says who won (a loss under Kōnane's rule).
            let win = matches!(state.status(), Status::Win { winner, .. } if winner == me);
            if state.status() == Status::Ongoing || matches!(state.status(), Status::Draw { .. }) {
                return Err(OutOfBudget);
            }
            self.tt.store(key, check, Fact::exact(win, 0), 1);
            return Ok(win);
        }
        // Children, ordered by the opponent's number of replies; a child already known lost
        // (or with no reply) wins at once.
        let mut children: Vec<(usize, G)> = Vec::with_capacity(moves.len());
        let mut scratch = self.bufs.pop().unwrap_or_default();
        let mut found = false;
        for &mv in &moves {
            let mut child = state.clone();
            child.apply(mv);
            let (ck, cc) = Self::keys(&child);
            if self.tt.probe(ck, cc).is_some_and(|e| e.win == Some(false)) {
                found = true;
                break;
            }
            child.legal_moves(&mut scratch);
            if scratch.is_empty()
                && child.status() != Status::Ongoing
                && !matches!(child.status(), Status::Win { winner, .. } if winner == child.side_to_move())
            {
                found = true;
                break;
            }
            children.push((scratch.len(), child));
        }
        self.bufs.push(scratch);
        self.bufs.push(moves);
        if !found {
            children.sort_by_key(|c| c.0);
            for (_, child) in &children {
                if !self.wins(child)? {
                    found = true;
                    break;
                }
            }
        }
        self.tt.store(key, check, Fact::result(found), self.nodes - before);
        Ok(found)
    }

    /// Exact plies to the end under perfect play (winner shortest, loser longest) of a proven
    /// position whose length is at most `bound`. Depth-bounded proofs ([`Solver::forced_within`])
    /// ask "is the result forced within `d` plies?" for `d` just under the shortest line found so
    /// far; every yes comes with a line's length, which becomes the next `d`'s ceiling, so the
    /// questions step down until the first no, and the line before it is the length. The yeses
    /// are cheap (one line suffices); the one no is the real work. The answers are kept in the
    /// table as bounds on each position's length, so later questions (and positions) reuse them.
    fn plies(&mut self, state: &G, win: bool, bound: u32) -> (u32, bool) {
        let (key, check) = Self::keys(state);
        let known = self.tt.probe(key, check).unwrap_or(Fact::result(win));
        if let Some(p) = known.plies() {
            return (p, true);
        }
        let step = if G::LAST_MOVER_WINS { 2 } else { 1 };
        let lo = known.lo();
        let mut hi = Self::with_parity(win, known.hi.min(bound));
        while hi >= lo + step {
            match self.forced_within(state, win, hi - step) {
                Ok(Some(shorter)) => hi = shorter,
                Ok(None) => break,
                Err(OutOfBudget) => return (hi, false),
            }
        }
        self.tt.store(key, check, Fact::exact(win, hi), 0);
        (hi, true)
    }

    /// The largest length at most `d` that a result can have: a won position's length is odd
    /// and a lost one's even when the last mover always wins.
    fn with_parity(win: bool, d: u32) -> u32 {
        if G::LAST_MOVER_WINS && (d % 2 == 1) != win {
            d.saturating_sub(1)
        } else {
            d
        }
    }

    /// With `win`: can the side to move force a win within `d` plies? Without: can the
    /// opponent force the side to move's loss within `d` plies, whatever it does? The length of
    /// the line found (at most `d`) when it can. A bounded proof that need not know any
    /// position's result beforehand (a child the opponent wins simply fails the question); its
    /// answers are stored as bounds.
    fn forced_within(&mut self, state: &G, win: bool, d: u32) -> Step<Option<u32>> {
        self.forced_pick(state, win, d, false).map(|(l, _)| l)
    }

    /// [`Solver::forced_within`], and with `pick` the move that decides the answer: with `win`
    /// the winning move of the line found; without, when the loss is not forced within `d`, the
    /// move after which the opponent cannot win within `d - 1` (so, at `d` just under the exact
    /// length, a move that holds out longest). With `pick` the position's own table entry is
    /// not taken as the answer, so that its moves are looked at (their entries mostly are).
    fn forced_pick(&mut self, state: &G, win: bool, d: u32, pick: bool) -> Step<(Option<u32>, Option<G::Move>)> {
        self.tick()?;
        let before = self.nodes;
        let (key, check) = Self::keys(state);
        let known = self.tt.probe(key, check).unwrap_or(Fact::NOTHING);
        match known.win {
            Some(w) if w != win => return Ok((None, None)),
            Some(_) if known.hi <= d && !pick => return Ok((Some(known.hi), None)),
            _ => {}
        }
        let lo = if win { known.win_lo } else { known.loss_lo };
        let d = Self::with_parity(win, d);
        if lo > d && !pick {
            return Ok((None, None));
        }
        let me = state.side_to_move();
        let mut moves = self.bufs.pop().unwrap_or_default();
        state.legal_moves(&mut moves);
        if moves.is_empty() {
            self.bufs.push(moves);
            let winner = match state.status() {
                Status::Win { winner, .. } => winner,
                _ => return Err(OutOfBudget),
            };
            self.tt.store(key, check, Fact::exact(winner == me, 0), 1);
            return Ok((((winner == me) == win).then_some(0), None));
        }
        if d == 0 {
            self.bufs.push(moves);
            self.tt.store(key, check, Fact::not_within(win, 0), 1);
            return Ok((None, None));
        }
        // The winner tries first the moves known to win, then those that leave the fewest
        // replies (the quickest ends); the loser, the moves that leave the most.
        let mut children: Vec<(usize, G::Move, G)> = Vec::with_capacity(moves.len());
        let mut scratch = self.bufs.pop().unwrap_or_default();
        for &mv in &moves {
            let mut child = state.clone();
            child.apply(mv);
            let (ck, cc) = Self::keys(&child);
            let child_known = self.tt.probe(ck, cc).and_then(|e| e.win);
            if win && child_known == Some(true) {
                continue;
            }
            child.legal_moves(&mut scratch);
            let order = if win {
                scratch.len() + usize::from(child_known.is_none()) * 1000
            } else {
                scratch.len()
            };
            children.push((order, mv, child));
        }
        self.bufs.push(scratch);
        self.bufs.push(moves);
        children.sort_by_key(|c| c.0);
        let mut found: Option<u32> = if win { None } else { Some(0) };
        let mut deciding = None;
        for (_, mv, child) in &children {
            // After the winner's move the opponent must be lost within d - 1; after the
            // loser's, the opponent must win within d - 1.
            match (self.forced_within(child, !win, d - 1)?, win) {
                (Some(l), true) => {
                    found = Some(l + 1);
                    deciding = Some(*mv);
                    break;
                }
                (Some(l), false) => found = found.map(|f| f.max(l + 1)),
                (None, true) => {}
                (None, false) => {
                    found = None;
                    deciding = Some(*mv);
                    break;
                }
            }
        }
        let fact = match found {
            Some(l) => Fact::within(win, l),
            None => Fact::not_within(win, d),
        };
        self.tt.store(key, check, fact, self.nodes - before);
        Ok((found, deciding))
    }
}

/// The protocol's reply text for a solution, without the leading `= `: `win <side> <plies>
/// <moves…>`, `draw` or `unknown`.
pub fn reply_text<G: Game>(state: &G, solution: &Solution) -> String {
    match (solution.proven, solution.winner) {
        (Some(p), Some(winner)) if p.outcome != Outcome::Draw => {
            let mut out = format!("win {} {}", state.side_name(winner), p.plies);
            for m in &solution.winning_moves {
                out.push(' ');
                out.push_str(m);
            }
            out
        }
        (Some(_), _) => "draw".to_string(),
        (None, _) => "unknown".to_string(),
    }
}

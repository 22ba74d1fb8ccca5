//! Which moves win: the exact solver where it proves the whole game (Kōnane up to 6×6), and
//! otherwise an exact search bounded in depth ("does this move force a win within `h` plies?"),
//! which is a proof of the win it finds but says nothing of wins longer than its horizon.

use std::collections::HashMap;

use parlour_rules::{Player, Status};

use super::game::PuzzleGame;
use crate::solve::{SolveConfig, Solver};

/// How a puzzle's wins are proven.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum Method {
    /// The exact solver: a winning move wins however long the game lasts, and a move that does
    /// not win loses against perfect play.
    Solver,
    /// An exact search bounded at `h` plies from the puzzle's start: the solution forces a win
    /// within its length, and no other move forces one within the horizon (`h` less the plies
    /// already played at each later turn).
    Horizon(u32),
}

impl Method {
    /// The proof column's text: `solver` or `h=N`.
    pub fn text(self) -> String {
        match self {
            Method::Solver => "solver".into(),
            Method::Horizon(h) => format!("h={h}"),
        }
    }

    /// Reads [`Method::text`].
    pub fn parse(text: &str) -> Option<Method> {
        match text {
            "solver" => Some(Method::Solver),
            _ => text
                .strip_prefix("h=")?
                .parse()
                .ok()
                .filter(|h| (1..=40).contains(h))
                .map(Method::Horizon),
        }
    }
}

/// The budget ran out before the answer was known.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub struct Unknown;

/// The nodes a bounded search may visit per question before it gives up.
pub const HORIZON_NODES: u64 = 4_000_000;

/// Answers "which moves win here" for one game: a solver with its table (kept between
/// positions of the same board) and the bounded search's own table.
pub struct Oracle<G: PuzzleGame> {
    solver: Solver<G>,
    /// Bounded results: (key, winner seat) → (shortest horizon known to win, longest known not to).
    bounded: HashMap<(u64, usize), (u8, u8)>,
    nodes: u64,
    max_nodes: u64,
    /// Nodes visited by every question so far (the solver's and the bounded search's).
    spent: u64,
    bufs: Vec<Vec<G::Move>>,
}

impl<G: PuzzleGame> Oracle<G> {
    /// An oracle whose solver has `tt_bytes` of table and `solver_nodes` a question.
    pub fn new(tt_bytes: usize, solver_nodes: u64) -> Self {
        let cfg = SolveConfig {
            tt_bytes,
            millis: None,
            max_nodes: Some(solver_nodes),
        };
        Oracle {
            solver: Solver::new(cfg),
            bounded: HashMap::new(),
            nodes: 0,
            max_nodes: HORIZON_NODES,
            spent: 0,
            bufs: Vec::new(),
        }
    }

    /// The same oracle with the bounded search stopping after `nodes` nodes a question (a
    /// player waiting for a sentence gets one quickly, or none).
    pub fn with_horizon_nodes(mut self, nodes: u64) -> Self {
        self.max_nodes = nodes;
        self
    }

    /// Forgets the bounded search's table (it grows with every position asked about).
    pub fn clear_bounded(&mut self) {
        if self.bounded.len() > 4_000_000 {
            self.bounded.clear();
        }
    }

    /// Nodes visited by every question so far.
    pub fn spent(&self) -> u64 {
        self.spent
    }

    /// Whether the side to move in `state` can force a win; with a horizon, within `h` plies.
    pub fn wins(&mut self, state: &G, method: Method) -> Result<bool, Unknown> {
        let r = self.wins_uncounted(state, method);
        self.count(method);
        r
    }

    /// Adds the last question's nodes to [`Oracle::spent`].
    fn count(&mut self, method: Method) {
        self.spent += match method {
            Method::Solver => self.solver.nodes(),
            Method::Horizon(_) => self.nodes,
        };
    }

    fn wins_uncounted(&mut self, state: &G, method: Method) -> Result<bool, Unknown> {
        match method {
            Method::Solver => match state.status() {
                Status::Win { winner, .. } => Ok(winner == state.side_to_move()),
                Status::Draw { .. } => Ok(false),
                Status::Ongoing => self.solver.prove(state).ok_or(Unknown),
            },
            Method::Horizon(h) => {
                self.nodes = 0;
                self.within(state, state.side_to_move(), h)
            }
        }
    }

    /// Whether `me` wins after `mv` is played in `state` (with a horizon, within `h` plies of
    /// `state`).
    pub fn move_wins(&mut self, state: &G, mv: G::Move, method: Method) -> Result<bool, Unknown> {
        let r = self.move_wins_uncounted(state, mv, method);
        self.count(method);
        r
    }

    fn move_wins_uncounted(&mut self, state: &G, mv: G::Move, method: Method) -> Result<bool, Unknown> {
        let me = state.side_to_move();
        let mut child = state.clone();
        child.apply(mv);
        match method {
            Method::Solver => match child.status() {
                Status::Win { winner, .. } => Ok(winner == me),
                Status::Draw { .. } => Ok(false),
                Status::Ongoing if child.side_to_move() == me => self.solver.prove(&child).ok_or(Unknown),
                Status::Ongoing => self.solver.prove(&child).map(|w| !w).ok_or(Unknown),
            },
            Method::Horizon(h) => {
                self.nodes = 0;
                if h == 0 {
                    return Ok(false);
                }
                self.within(&child, me, h - 1)
            }
        }
    }

    /// Every winning move of the side to move.
    pub fn winning_moves(&mut self, state: &G, method: Method) -> Result<Vec<G::Move>, Unknown> {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        let mut out = Vec::new();
        for mv in moves {
            if self.move_wins(state, mv, method)? {
                out.push(mv);
            }
        }
        Ok(out)
    }

    /// The shortest win of the side to move within `max` plies, by deepening horizons.
    pub fn shortest_win(&mut self, state: &G, max: u32) -> Result<Option<u32>, Unknown> {
        for h in 1..=max {
            if self.wins(state, Method::Horizon(h))? {
                return Ok(Some(h));
            }
        }
        Ok(None)
    }

    /// The defender's reply in `state` (the side to move is losing) that holds out longest:
    /// by the solver's perfect play, or by the bounded search's shortest win after each reply
    /// (ties to the first in move order).
    pub fn longest_defence(&mut self, state: &G, method: Method) -> Result<G::Move, Unknown> {
        match method {
            Method::Solver => {
                let r = self.solver.perfect(state).map(|p| p.mv).ok_or(Unknown);
                self.count(method);
                r
            }
            Method::Horizon(h) => {
                let mut moves = Vec::new();
                state.legal_moves(&mut moves);
                let mut best: Option<(u32, G::Move)> = None;
                for mv in moves {
                    let mut child = state.clone();
                    child.apply(mv);
                    let len = match child.status() {
                        Status::Ongoing if child.side_to_move() != state.side_to_move() => {
                            self.shortest_win(&child, h.saturating_sub(1))?.unwrap_or(u32::MAX)
                        }
                        Status::Ongoing => u32::MAX,
                        Status::Win { winner, .. } if winner != state.side_to_move() => 0,
                        _ => u32::MAX,
                    };
                    if best.is_none_or(|(b, _)| len > b) {
                        best = Some((len, mv));
                    }
                }
                best.map(|b| b.1).ok_or(Unknown)
            }
        }
    }

    /// Whether `me` forces a win within `d` plies of `state`.
    fn within(&mut self, state: &G, me: Player, d: u32) -> Result<bool, Unknown> {
        match state.status() {
            Status::Win { winner, .. } => return Ok(winner == me),
            Status::Draw { .. } => return Ok(false),
            Status::Ongoing => {}
        }
        if d == 0 {
            return Ok(false);
        }
        self.nodes += 1;
        if self.nodes > self.max_nodes {
            return Err(Unknown);
        }
        let key = (state.hash_key(), me.index());
        let d8 = d.min(250) as u8;
        if let Some(&(win_at, fail_at)) = self.bounded.get(&key) {
            if d8 >= win_at {
                return Ok(true);
            }
            if d8 <= fail_at {
                return Ok(false);
            }
        }
        let mine = state.side_to_move() == me;
        let mut moves = self.bufs.pop().unwrap_or_default();
        state.legal_moves(&mut moves);
        let mut result = !mine;
        if moves.is_empty() {
            // A game with no move that is not over is not one the rules allow; nothing is proven.
            result = false;
        }
        let mut error = None;
        for &mv in &moves {
            let mut child = state.clone();
            child.apply(mv);
            match self.within(&child, me, d - 1) {
                Ok(w) if w == mine => {
                    result = mine;
                    break;
                }
                Ok(_) => {}
                Err(e) => {
                    error = Some(e);
                    break;
                }
            }
        }
        self.bufs.push(moves);
        if let Some(e) = error {
            return Err(e);
        }
        let entry = self.bounded.entry(key).or_insert((u8::MAX, 0));
        if result {
            entry.0 = entry.0.min(d8);
        } else {
            entry.1 = entry.1.max(d8);
        }
        Ok(result)
    }
}

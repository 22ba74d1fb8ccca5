//! Whether a position is a puzzle: the side to move has exactly one winning move (proven), the
//! line that follows it through the defender's longest replies while the winner's move stays
//! the only one, and the line's rating.

use parlour_rules::{Game, Status};

use super::game::PuzzleGame;
use super::oracle::{Method, Oracle, Unknown};
use crate::{Level, StopFlag};

/// Why a position was not made a puzzle (the generator counts them by reason).
#[derive(Copy, Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Reject {
    /// The game is over.
    Over,
    /// One legal move: nothing to find.
    OneMove,
    /// The side to move cannot force a win (proven, or none within the horizon).
    NoWin,
    /// More than one move wins.
    SeveralWins,
    /// The solver or the bounded search ran out of budget.
    Budget,
    /// The same position was already offered.
    Seen,
    /// Re-verifying it would cost more than the generator allows (the shipped set is checked
    /// by the test command).
    Costly,
}

impl Reject {
    /// Every reason, in the report's order.
    pub const ALL: [Reject; 7] = [
        Reject::Over,
        Reject::OneMove,
        Reject::NoWin,
        Reject::SeveralWins,
        Reject::Budget,
        Reject::Seen,
        Reject::Costly,
    ];

    /// The reason in words.
    pub fn text(self) -> &'static str {
        match self {
            Reject::Over => "game over",
            Reject::OneMove => "only one legal move",
            Reject::NoWin => "no win for the side to move",
            Reject::SeveralWins => "more than one winning move",
            Reject::Budget => "not proven within the budget",
            Reject::Seen => "position already offered",
            Reject::Costly => "too costly to re-verify",
        }
    }
}

impl From<Unknown> for Reject {
    fn from(_: Unknown) -> Reject {
        Reject::Budget
    }
}

/// How far the finder looks.
#[derive(Copy, Clone, Debug)]
pub struct FindConfig {
    /// The most moves of the solver in a solution.
    pub max_solver_moves: usize,
    /// Where the solver does not prove the game: the longest win looked for, in plies.
    pub max_win_plies: u32,
    /// Where the solver does not prove the game: plies added to the win's length for the
    /// horizon within which no other move may win.
    pub slack: u32,
}

impl Default for FindConfig {
    fn default() -> Self {
        FindConfig {
            max_solver_moves: 6,
            max_win_plies: 5,
            slack: 2,
        }
    }
}

/// A found puzzle before it is written down.
pub struct Found<G: Game> {
    /// The solution line.
    pub line: Vec<G::Move>,
    /// How its wins are proven.
    pub method: Method,
    /// The legal moves at the puzzle's position.
    pub choices: usize,
}

/// Whether `state` is a puzzle, and its line.
pub fn find<G: PuzzleGame>(state: &G, oracle: &mut Oracle<G>, cfg: &FindConfig) -> Result<Found<G>, Reject> {
    if state.status().is_over() {
        return Err(Reject::Over);
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if moves.len() < 2 {
        return Err(Reject::OneMove);
    }
    let method = if state.solver_proves() {
        if !oracle.wins(state, Method::Solver)? {
            return Err(Reject::NoWin);
        }
        Method::Solver
    } else {
        let Some(len) = oracle.shortest_win(state, cfg.max_win_plies)? else {
            return Err(Reject::NoWin);
        };
        Method::Horizon(len + cfg.slack)
    };
    let wins = oracle.winning_moves(state, method)?;
    if wins.len() != 1 {
        return Err(if wins.is_empty() {
            Reject::NoWin
        } else {
            Reject::SeveralWins
        });
    }
    let line = extend(state, wins[0], oracle, method, cfg)?;
    Ok(Found {
        line,
        method,
        choices: moves.len(),
    })
}

/// The horizon left after `played` plies of the line.
pub(crate) fn shrink(method: Method, played: usize) -> Method {
    match method {
        Method::Solver => Method::Solver,
        Method::Horizon(h) => Method::Horizon(h.saturating_sub(played as u32)),
    }
}

/// The line from the first winning move: the defender's longest reply, then the winner's
/// move while it is the only one; when several win and one of them ends the game, that one
/// closes the line (any finishing move counts), otherwise the line stops at the winner's last
/// forced move.
fn extend<G: PuzzleGame>(
    state: &G,
    first: G::Move,
    oracle: &mut Oracle<G>,
    method: Method,
    cfg: &FindConfig,
) -> Result<Vec<G::Move>, Reject> {
    let me = state.side_to_move();
    let mut line = vec![first];
    let mut pos = state.clone();
    pos.apply(first);
    while line.len().div_ceil(2) < cfg.max_solver_moves && !pos.status().is_over() {
        if pos.side_to_move() == me {
            break;
        }
        let reply = oracle.longest_defence(&pos, shrink(method, line.len()))?;
        let mut next = pos.clone();
        next.apply(reply);
        if next.status().is_over() || next.side_to_move() != me {
            break;
        }
        let m = shrink(method, line.len() + 1);
        let wins = oracle.winning_moves(&next, m)?;
        let chosen = match wins.len() {
            0 => return Err(Reject::Budget),
            1 => wins[0],
            _ => match wins.iter().find(|&&w| finishes(&next, w)) {
                Some(&w) => {
                    line.push(reply);
                    line.push(w);
                    break;
                }
                None => break,
            },
        };
        line.push(reply);
        line.push(chosen);
        pos = next;
        pos.apply(chosen);
    }
    Ok(line)
}

/// True when `mv` ends the game at once with its mover the winner.
pub fn finishes<G: Game>(state: &G, mv: G::Move) -> bool {
    let mut child = state.clone();
    child.apply(mv);
    matches!(child.status(), Status::Win { winner, .. } if winner == state.side_to_move())
}

/// Whether a level finds `answer` in `state` (one search, seeded).
pub fn level_finds<G: PuzzleGame>(state: &G, level: Level, answer: G::Move, seed: u64) -> bool {
    let cfg = state.level_config(level).with_seed(seed);
    crate::search(state, &cfg, &StopFlag::new()).and_then(|r| r.best) == Some(answer)
}

/// The starting rating: 1000, plus 150 for each of the solver's moves after the first, 15 for
/// each other legal move at the start (at most 20 counted), 200 when the Novice misses the
/// first move and 200 more when the Casual level misses it too; bounded to 600–2600.
pub fn rating(solver_moves: usize, choices: usize, novice_finds: bool, casual_finds: bool) -> u32 {
    let mut r = 1000 + 150 * (solver_moves.saturating_sub(1) as i64) + 15 * (choices.saturating_sub(1).min(20) as i64);
    if !novice_finds {
        r += 200;
    }
    if !casual_finds {
        r += 200;
    }
    if novice_finds && casual_finds {
        r -= 200;
    }
    r.clamp(600, 2600) as u32
}

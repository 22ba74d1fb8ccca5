//! Why a wrong move loses: the opponent's winning reply to it, when the puzzle's method finds
//! one within a budget of nodes (the client says it in a sentence, or only "That does not win").

use parlour_rules::{GameId, Status, with_game};

use super::find::shrink;
use super::game::PuzzleGame;
use super::oracle::{Method, Oracle};
use super::puzzle::{Puzzle, replay};

/// What follows a wrong move.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Refutation {
    /// The opponent wins by force starting with this reply (notation).
    Reply(String),
    /// The move loses at once (the game is over, the opponent the winner).
    LosesAtOnce,
}

/// The opponent's winning reply after the player tries `tried` (notation) at `ply` of the
/// puzzle's solution, found within `nodes` nodes of search; `None` when the move is not legal,
/// does not lose within what the puzzle's method can see, or the budget runs out.
pub fn refutation(puzzle: &Puzzle, ply: usize, tried: &str, nodes: u64) -> Option<Refutation> {
    let game: GameId = puzzle.game.parse().ok()?;
    with_game!(game, G => refute_in::<G>(puzzle, ply, tried, nodes))
}

fn refute_in<G: PuzzleGame>(puzzle: &Puzzle, ply: usize, tried: &str, nodes: u64) -> Option<Refutation> {
    let mut moves = puzzle.before.clone();
    moves.extend_from_slice(puzzle.line.get(..ply)?);
    let mut state: G = replay(&puzzle.options, &moves).ok()?;
    let mv = state.parse_move(tried).ok()?;
    if !state.is_legal(&mv) {
        return None;
    }
    let me = state.side_to_move();
    state.apply(mv);
    match state.status() {
        Status::Win { winner, .. } if winner != me => return Some(Refutation::LosesAtOnce),
        Status::Ongoing if state.side_to_move() != me => {}
        _ => return None,
    }
    let method = match shrink(puzzle.method, ply + 1) {
        Method::Horizon(0) => return None,
        m => m,
    };
    let mut oracle = Oracle::<G>::new(1 << 20, nodes).with_horizon_nodes(nodes);
    let wins = oracle.winning_moves(&state, method).ok()?;
    let reply = wins.first()?;
    Some(Refutation::Reply(state.format_move(reply)))
}

//! Re-verifying puzzles — every move legal, exactly one winning move at each of the solver's
//! turns, the last move winning — and whether a player's answer counts.

use parlour_rules::{Game, GameId, with_game};

use super::find::{finishes, shrink};
use super::game::PuzzleGame;
use super::oracle::Oracle;
use super::puzzle::{Puzzle, PuzzleError, PuzzleFileError, parse_file, replay};

/// The solver's table for a check (positions of one puzzle are small and near the end).
const CHECK_TT_BYTES: usize = 4 << 20;
/// The solver's node budget per question when checking.
const CHECK_SOLVER_NODES: u64 = 20_000_000;

/// Re-verifies one puzzle: the moves before it and every move of its solution are legal; at
/// each of the solver's turns exactly one move wins (by the puzzle's method) and it is the
/// solution's; the last move wins, or ends the game won.
pub fn verify(puzzle: &Puzzle) -> Result<(), PuzzleError> {
    verify_counted(puzzle).map(|_| ())
}

/// [`verify`], and the nodes its proofs visited (the generator keeps only puzzles cheap to
/// check).
pub fn verify_counted(puzzle: &Puzzle) -> Result<u64, PuzzleError> {
    let game: GameId = puzzle
        .game
        .parse()
        .map_err(|_| PuzzleError::Game(puzzle.game.clone()))?;
    with_game!(game, G => {
        let mut oracle = Oracle::<G>::new(CHECK_TT_BYTES, CHECK_SOLVER_NODES);
        verify_game::<G>(puzzle, &mut oracle).map(|()| oracle.spent())
    })
}

/// [`verify`] for one game, with a given oracle (kept across the puzzles of a file).
pub fn verify_game<G: PuzzleGame>(puzzle: &Puzzle, oracle: &mut Oracle<G>) -> Result<(), PuzzleError> {
    let mut state: G = replay(&puzzle.options, &puzzle.before)?;
    if puzzle.line.len().is_multiple_of(2) {
        return Err(PuzzleError::Shape);
    }
    let me = state.side_to_move();
    for (i, text) in puzzle.line.iter().enumerate() {
        let index = i + 1;
        let mv = state.parse_move(text).map_err(|e| PuzzleError::Illegal {
            index,
            text: text.clone(),
            reason: e.to_string(),
        })?;
        state.check(&mv).map_err(|e| PuzzleError::Illegal {
            index,
            text: text.clone(),
            reason: e.to_string(),
        })?;
        let solver_turn = i % 2 == 0;
        if solver_turn {
            if state.side_to_move() != me {
                return Err(PuzzleError::Shape);
            }
            let last = i + 1 == puzzle.line.len();
            let method = shrink(puzzle.method, i);
            if last && i > 0 && finishes(&state, mv) {
                // After the first, the last move may be any that finishes; this one does.
            } else {
                let wins = oracle
                    .winning_moves(&state, method)
                    .map_err(|_| PuzzleError::Budget(index))?;
                if !wins.contains(&mv) {
                    return Err(PuzzleError::NotWinning {
                        index,
                        text: text.clone(),
                    });
                }
                if wins.len() != 1 {
                    return Err(PuzzleError::NotUnique {
                        index,
                        wins: wins.len(),
                    });
                }
            }
        }
        state.apply(mv);
    }
    Ok(())
}

/// Re-verifies every puzzle of a file's text; the first refused line is named. Returns how many
/// were verified.
pub fn check_file(text: &str) -> Result<usize, PuzzleFileError> {
    let puzzles = parse_file(text)?;
    let lines: Vec<usize> = text
        .lines()
        .enumerate()
        .filter(|(_, l)| !l.trim().is_empty() && !l.trim().starts_with('#'))
        .map(|(i, _)| i + 1)
        .collect();
    for (p, &line) in puzzles.iter().zip(&lines) {
        verify(p).map_err(|error| PuzzleFileError { line, error })?;
    }
    Ok(puzzles.len())
}

/// Whether `mv` (in the game's notation) is a correct answer at `ply` of the puzzle's solution
/// (0 is the first move; the solver's turns are the even plies): the solution's own move, or at
/// the last ply any move that ends the game at once with the player the winner. A legal move
/// that does not win never counts; a reply's ply, an ill-formed move or a puzzle that does not
/// replay give `false`.
pub fn answer_is_correct(puzzle: &Puzzle, ply: usize, mv: &str) -> bool {
    let Ok(game) = puzzle.game.parse::<GameId>() else {
        return false;
    };
    with_game!(game, G => answer_in::<G>(puzzle, ply, mv))
}

fn answer_in<G: Game>(puzzle: &Puzzle, ply: usize, text: &str) -> bool {
    if ply % 2 == 1 || ply >= puzzle.line.len() {
        return false;
    }
    let mut moves = puzzle.before.clone();
    moves.extend_from_slice(&puzzle.line[..ply]);
    let Ok(state) = replay::<G>(&puzzle.options, &moves) else {
        return false;
    };
    let Ok(mv) = state.parse_move(text) else {
        return false;
    };
    if !state.is_legal(&mv) {
        return false;
    }
    let Ok(expected) = state.parse_move(&puzzle.line[ply]) else {
        return false;
    };
    mv == expected || (ply + 1 == puzzle.line.len() && finishes(&state, mv))
}

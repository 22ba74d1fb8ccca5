//! Levels as solvers: whether a level, searching each of the solver's turns once (seeded),
//! plays a correct answer at every one of them — the measure of how well the starting ratings
//! order the puzzles (docs/puzzles.md, "Ratings").

use parlour_rules::{GameId, with_game};

use super::check::answer_is_correct;
use super::game::PuzzleGame;
use super::puzzle::{Puzzle, replay};
use crate::{Level, StopFlag};

/// Whether `level` solves `puzzle`: at each of the solver's turns its move is a correct
/// answer ([`answer_is_correct`]); the replies are the puzzle's. `false` for a puzzle that does
/// not replay.
pub fn level_solves(puzzle: &Puzzle, level: Level, seed: u64) -> bool {
    let Ok(game) = puzzle.game.parse::<GameId>() else {
        return false;
    };
    with_game!(game, G => solves_in::<G>(puzzle, level, seed))
}

fn solves_in<G: PuzzleGame>(puzzle: &Puzzle, level: Level, seed: u64) -> bool {
    let Ok(mut state) = replay::<G>(&puzzle.options, &puzzle.before) else {
        return false;
    };
    for (ply, text) in puzzle.line.iter().enumerate() {
        if ply % 2 == 0 {
            let cfg = state.level_config(level).with_seed(seed ^ ply as u64);
            let Some(mv) = crate::search(&state, &cfg, &StopFlag::new()).and_then(|r| r.best) else {
                return false;
            };
            if !answer_is_correct(puzzle, ply, &state.format_move(&mv)) {
                return false;
            }
        }
        if parlour_rules::play_text(&mut state, text).is_err() {
            return false;
        }
    }
    true
}

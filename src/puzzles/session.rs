//! The puzzle on the table as plain state — what was asked, the attempt, where it stands — and
//! what the player may ask of it; the leaf the puzzle's systems (`flow`) and windows read.

use bevy::prelude::*;
use parlour_ai::puzzles::{Attempt, Puzzle};
use parlour_rules::{GameId, Player};

use crate::games::search::AiTask;

/// Which kind of puzzle.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Mode {
    /// Rated puzzles near the player's rating.
    Rated,
    /// Puzzles in rising rating until the first mistake.
    Streak,
    /// The day's puzzle, the same for everybody.
    Daily,
    /// The player's own puzzles of a game (from the reviewed games): practice, not rated.
    Own,
    /// The puzzles of the game just reviewed: practice, not rated.
    FromGame,
}

impl Mode {
    /// True for the player's own puzzles (never rated).
    pub fn own(self) -> bool {
        matches!(self, Mode::Own | Mode::FromGame)
    }
}

/// "Play the player's own puzzles": of the game just reviewed ([`Mode::FromGame`]) or of a game
/// ([`Mode::Own`]).
#[derive(Message, Clone, Debug, PartialEq)]
pub struct PlayOwn {
    /// Which.
    pub mode: Mode,
    /// The game (for [`Mode::Own`]).
    pub game: GameId,
}

/// What the player asked for: a kind of puzzle, of a game, of a theme.
#[derive(Clone, Debug, PartialEq)]
pub struct Ask {
    /// Which kind.
    pub mode: Mode,
    /// The game (the daily puzzle's own game for [`Mode::Daily`]).
    pub game: GameId,
    /// Only puzzles of this theme.
    pub theme: Option<String>,
}

/// The puzzles of this visit: those played (not offered again) and the streak going on.
#[derive(Resource, Default, Debug)]
pub struct PuzzleHistory {
    /// Ids of the puzzles played.
    pub played: Vec<String>,
    /// Puzzles solved in a row in the streak going on.
    pub streak: u32,
    /// The last streak puzzle's rating (the next is rated above it).
    pub streak_last: Option<u32>,
    /// True while the match last put on the table is a puzzle's (it is not the player's game:
    /// not autosaved).
    pub on_table: bool,
}

/// The player's requests from the puzzle's window.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum PuzzleAction {
    /// Ring the piece or point to move.
    Hint,
    /// Play the rest of the solution.
    Show,
}

/// Where the puzzle on the table stands.
#[derive(Debug, PartialEq)]
pub enum Stage {
    /// The player's move is awaited.
    Find,
    /// A right move: the reply (notation) is played once the pause is over.
    Reply { wait: f32, text: String },
    /// The reply is being played.
    Replying,
    /// A wrong move on the board: taken back once the pause is over (and the reason is known,
    /// or searched for long enough).
    Wrong { wait: f32, waited: f32 },
    /// The wrong move is being taken back.
    TakingBack,
    /// The solution being played out: the moves left, the pause before the next.
    Showing { moves: Vec<String>, wait: f32 },
    /// Solved, or the solution shown.
    Done,
}

/// The puzzle on the table.
#[derive(Resource)]
pub struct PuzzleSession {
    /// What was asked (for "Next puzzle").
    pub ask: Ask,
    /// The puzzle.
    pub puzzle: Puzzle,
    /// The player's attempt.
    pub attempt: Attempt,
    /// Where it stands.
    pub stage: Stage,
    /// Plies played before the puzzle's position.
    pub base: usize,
    /// The side the player plays (as the match names sides: `AnyMatch::to_move`).
    pub side: Player,
    /// The last wrong move tried (notation) and what is known of why it loses.
    pub wrong: Option<(String, Option<String>)>,
    /// The rating's change once the attempt counted (rated puzzles).
    pub change: Option<f64>,
    /// The searching for a wrong move's refutation.
    pub refuting: Option<AiTask>,
    /// Played before in this visit (the daily puzzle again): not rated again.
    pub repeat: bool,
}

impl PuzzleSession {
    pub(super) fn new(ask: Ask, puzzle: Puzzle) -> Self {
        PuzzleSession {
            base: puzzle.before.len(),
            // Read from the table at the player's first turn (`flow::watch`).
            side: Player::P1,
            ask,
            puzzle,
            attempt: Attempt::default(),
            stage: Stage::Find,
            wrong: None,
            change: None,
            refuting: None,
            repeat: false,
        }
    }

    /// True while the player may move.
    pub fn finding(&self) -> bool {
        self.stage == Stage::Find
    }
}

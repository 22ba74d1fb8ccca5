//! A player's attempt at one puzzle, as plain state the client steps through: each move tried
//! is judged ([`answer_is_correct`]), a right one brings the line's reply or the end, a wrong
//! one is taken back; a hint or the solution shown, like a wrong try, makes the attempt a
//! failure for the rating, whatever follows.

use super::check::answer_is_correct;
use super::puzzle::Puzzle;

/// What a move tried brings.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Answered {
    /// Right, and the puzzle goes on: the opponent's reply to play (notation).
    Reply(String),
    /// Right, and the last move: solved.
    Solved,
    /// Not the winning move (or not the player's turn): it is taken back.
    Wrong,
}

/// One attempt at a puzzle.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Attempt {
    /// The moves of the solution on the board (the player's at even counts).
    pub ply: usize,
    /// Wrong moves tried.
    pub wrong: u32,
    /// True once a hint was asked for.
    pub hinted: bool,
    /// True once the solution was shown.
    pub shown: bool,
    /// True once the last move was found.
    pub solved: bool,
}

impl Attempt {
    /// Judges `mv` (notation), tried at the attempt's ply, and moves on.
    pub fn answer(&mut self, puzzle: &Puzzle, mv: &str) -> Answered {
        if self.solved || self.shown || !answer_is_correct(puzzle, self.ply, mv) {
            self.wrong += u32::from(!self.solved && !self.shown);
            return Answered::Wrong;
        }
        self.ply += 1;
        match puzzle.line.get(self.ply) {
            Some(reply) => Answered::Reply(reply.clone()),
            None => {
                self.solved = true;
                Answered::Solved
            }
        }
    }

    /// The opponent's reply is on the board: the player's turn again.
    pub fn replied(&mut self) {
        self.ply += 1;
    }

    /// The solution's move at the player's turn (the piece or point a hint shows); the attempt
    /// no longer counts as solved.
    pub fn hint<'a>(&mut self, puzzle: &'a Puzzle) -> Option<&'a str> {
        let mv = puzzle.line.get(self.ply).filter(|_| !self.done())?;
        self.hinted = true;
        Some(mv)
    }

    /// The rest of the solution, to play out; the attempt is over and failed.
    pub fn show(&mut self, puzzle: &Puzzle) -> Vec<String> {
        if self.done() {
            return Vec::new();
        }
        self.shown = true;
        puzzle.line[self.ply.min(puzzle.line.len())..].to_vec()
    }

    /// True once solved or shown.
    pub fn done(&self) -> bool {
        self.solved || self.shown
    }

    /// What counts for the rating, once known: `Some(true)` solved with no hint and no wrong
    /// try, `Some(false)` from the first wrong try, hint or solution shown, `None` before.
    pub fn result(&self) -> Option<bool> {
        if self.wrong > 0 || self.hinted || self.shown {
            Some(false)
        } else if self.solved {
            Some(true)
        } else {
            None
        }
    }
}

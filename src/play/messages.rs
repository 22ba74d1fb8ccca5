//! The messages of a match: a click or a whole move, a player's request, a sound.

use bevy::prelude::*;

use crate::games::effects::Sfx;
use crate::games::parts::Token;

/// A click on a spot or a choice, or a whole move (from the AI, a test or the command line).
#[derive(Message, Clone, Debug, PartialEq)]
pub enum MoveInput {
    /// One click or button choice.
    Click(Token),
    /// A whole move.
    Whole(Vec<Token>),
    /// Put back the move being entered (a tap on the empty table).
    Cancel,
}

/// A player's request from the HUD or the keyboard.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub enum GameCommand {
    /// Take back (against the AI: to your previous move).
    Undo,
    /// Replay a move taken back.
    Redo,
    /// Ask for a hint.
    Hint,
    /// The side to move resigns.
    Resign,
    /// Tell the thinking AI to move now.
    MoveNow,
    /// Start or stop replaying (stepping through the moves).
    Review(bool),
    /// Replay: back to the start position.
    ReplayStart,
    /// Replay: one move back.
    ReplayBack,
    /// Replay: one move forward, animated.
    ReplayForward,
    /// Replay: to the last move.
    ReplayEnd,
    /// Replay: to the position after this many moves (a click in the move list).
    ReplayTo(usize),
}

/// A sound to play.
#[derive(Message, Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlaySfx(pub Sfx);

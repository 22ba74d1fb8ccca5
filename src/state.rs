//! The client's states and the flags beside them that many modules read: which screen is up,
//! where a match in play stands, and who plays from where. A leaf: it imports only Bevy.

use bevy::prelude::*;

/// The client's screens.
#[derive(States, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Screen {
    /// The title screen.
    #[default]
    Title,
    /// The new-game dialog.
    NewGame,
    /// A match in play.
    Playing,
    /// The result of the match, over the final position.
    Results,
}

/// Where a match in play stands.
#[derive(SubStates, Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
#[source(Screen = Screen::Playing)]
pub enum Phase {
    /// A human's turn: clicks are read.
    #[default]
    AwaitingInput,
    /// A move is being resolved and animated; input waits.
    Resolving,
    /// The AI searches on the task pool.
    AiThinking,
    /// The game is over (the last animations have played).
    GameOver,
    /// Stepping through the moves played (replay controls); no one moves.
    Reviewing,
    /// An online game: the other seat's move is awaited from the server.
    Remote,
}

/// The seats played from elsewhere (an online game): their moves come from the server.
#[derive(Resource, Default, Debug, Clone, Copy, PartialEq, Eq)]
pub struct Remote(pub [bool; 2]);

impl Remote {
    /// True in an online game.
    pub fn any(&self) -> bool {
        self.0.iter().any(|r| *r)
    }
}

/// True while a walkthrough plays the moves: clicks on the board wait.
#[derive(Resource, Default, Debug)]
pub struct Teaching(pub bool);

/// True while the player steps through the game with the replay controls.
#[derive(Resource, Default, Debug)]
pub struct Review(pub bool);

/// Set to start the next match with the `Match` already in place (a loaded save, a pasted
/// move list, a finished game to replay) instead of a new one from `Setup`.
#[derive(Resource, Default, Debug)]
pub struct KeepMatch(pub bool);

/// True while the pause menu is open.
#[derive(Resource, Default, Debug)]
pub struct Paused(pub bool);

/// True while the computer plays both sides for show (started from the title screen).
#[derive(Resource, Default)]
pub struct Demo(pub bool);

/// A sentence for the player about settings or saves, and whether it reports a problem.
#[derive(Resource, Default, Debug, Clone)]
pub struct Notice {
    /// The sentence (empty: nothing to say).
    pub text: String,
    /// True for a problem (shown in red).
    pub error: bool,
    /// Seconds it has been shown.
    pub age: f32,
}

impl Notice {
    /// Shows `text`.
    pub fn set(&mut self, text: impl Into<String>, error: bool) {
        self.text = text.into();
        self.error = error;
        self.age = 0.0;
    }
}

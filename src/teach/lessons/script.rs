//! What a walkthrough's script is made of: lessons of steps, each starting from the step
//! before, from real moves or from a set-up position.

use parlour_rules::GameId;

use crate::games::build::{Setup, setup_of};

/// Where a step starts when it does not go on from the step before.
#[derive(Clone, Copy, Debug)]
pub enum Start {
    /// Real moves from the start position, played at once (no animation): the move list
    /// shows how the position came about, and the game saves and loads as any other.
    Moves(&'static str),
    /// A position set up directly, in the game's position text (see
    /// [`crate::games::client::ClientGame::from_position_text`]).
    Position(&'static str),
}

/// One step: where it starts, the moves it plays (none for a step that only explains or only
/// sets up) and what to read.
pub struct Step {
    /// `None` to go on from the step before; otherwise the position the step starts from.
    pub start: Option<Start>,
    /// Moves in notation, separated by spaces, played with their animations.
    pub moves: &'static str,
    /// The explanation shown with the step.
    pub say: &'static str,
}

/// A game's walkthrough.
pub struct Lesson {
    /// The game.
    pub game: GameId,
    /// Options it is played with.
    pub options: &'static [(&'static str, &'static str)],
    /// The steps, in order.
    pub steps: &'static [Step],
}

impl Lesson {
    /// The game and options the walkthrough is played with, both seats people.
    pub fn setup(&self) -> Setup {
        setup_of(self.game, self.options, [None, None]).0
    }
}

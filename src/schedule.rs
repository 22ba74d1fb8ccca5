//! The order of the client's work each frame: the system sets, chained once here.

use bevy::prelude::*;

use crate::state::Screen;

/// The order of the client's work each frame, chained once here.
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum GameSet {
    /// Keyboard, pointer and AI results become messages.
    Input,
    /// The rules read the messages and resolve moves stage by stage.
    Rules,
    /// Pieces move.
    Animate,
    /// Highlights, labels, HUD state.
    Present,
}

/// The rule stages as system sets, chained inside [`GameSet::Rules`].
#[derive(SystemSet, Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// Read `MoveInput` and start a move.
    Accept,
    /// One set per rule stage.
    Stage(StageId),
    /// Decide what happens next.
    Advance,
}

/// A rule stage (`games::Stage`) usable as a set label.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StageId(pub u8);

/// Chains the sets: input, rules (their stages in order, while a match is played), animation,
/// presentation.
pub(crate) fn plugin(app: &mut App) {
    app.configure_sets(
        Update,
        (GameSet::Input, GameSet::Rules, GameSet::Animate, GameSet::Present).chain(),
    )
    .configure_sets(
        Update,
        (
            RuleSet::Accept,
            RuleSet::Stage(StageId(0)),
            RuleSet::Stage(StageId(1)),
            RuleSet::Stage(StageId(2)),
            RuleSet::Stage(StageId(3)),
            RuleSet::Advance,
        )
            .chain()
            .in_set(GameSet::Rules)
            .run_if(in_state(Screen::Playing)),
    );
}

//! The review in a room of its own (issues 47 and 72): the analysis of the match's record
//! running ([`task`], on a search thread or the browser's worker, over the record the game
//! makes ready, `games::analysis::AnalysisJob`) and what it found ([`analysis`]:
//! `ReviewAnalysis`, the review's budget), the ways off the record — the
//! computer's line played out, a branch "Play from here", a try ([`branch`]) — the lesson, a
//! player of exercises with the reviewed match as one source of them ([`lesson`]), and the
//! played and preferred moves drawn on the board ([`arrows`]). One plugin; it runs headless
//! (the arrows only where there is something to draw with). The review's window is
//! `hud::review`.
//!
//! The reviewed match kept aside while the table shows something else is
//! `play::board::OffRecord`: the rule systems read it too (nothing is undone under a line).

pub mod analysis;
pub mod arrows;
pub mod branch;
pub mod lesson;
pub mod task;

use bevy::prelude::*;

use crate::play::commands::handle_commands;
use crate::play::start::start_match;
use crate::schedule::{GameSet, RuleSet};
use crate::state::Screen;
use analysis::ReviewAnalysis;
use branch::ReviewAction;
use lesson::{Lesson, LessonAction};

pub(crate) fn plugin(app: &mut App) {
    app.add_message::<ReviewAction>()
        .add_message::<LessonAction>()
        .init_resource::<ReviewAnalysis>()
        .init_resource::<Lesson>()
        .add_systems(OnEnter(Screen::Playing), lesson::forget.before(start_match))
        .add_systems(
            Update,
            (lesson::lesson, branch::off_record)
                .chain()
                .in_set(RuleSet::Accept)
                .after(handle_commands),
        )
        .add_systems(
            Update,
            arrows::draw_shown_moves
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing))
                .run_if(resource_exists::<Assets<StandardMaterial>>),
        );
}

//! The match while it is played: the rule systems that resolve a move stage by stage, undo
//! and redo, and keeping the table's entities equal to the position. No rendering: a headless
//! test drives a game by writing messages and calling `app.update()`.
//!
//! The files: [`messages`] (`MoveInput`, `GameCommand`, `PlaySfx`) and [`board`] (`Match` and
//! the match's resources — the selection, the move resolving, the animation queue, the
//! reviewed match kept aside (`OffRecord`) — and the table's components) hold what other
//! modules read (leaves); [`start`] (a match built, kept or rebuilt, the table spawned, the
//! first phase decided), [`input`] (clicks and whole moves), [`resolve`] (a move stage by
//! stage), [`commands`] (undo, redo, replay, resign) and [`sync`] the systems; [`result`] the
//! result line. The review's ways off the record and its lesson are `review`'s.

pub mod board;
pub mod commands;
pub mod input;
pub mod messages;
pub mod resolve;
pub mod result;
pub mod start;
pub mod sync;

use bevy::prelude::*;

use crate::games::build::Setup;
use crate::games::effects::Stage;
use crate::schedule::{RuleSet, StageId};
use crate::state::{KeepMatch, Phase, Remote, Review, Screen, Teaching};
use board::{
    Caption, GameOverTimer, OffRecord, Resigned, Resolution, Selection, StartMoves, StartProblems, TableDirty,
};
use messages::{GameCommand, MoveInput, PlaySfx};

pub(crate) fn plugin(app: &mut App) {
    app.init_state::<Screen>()
        .add_sub_state::<Phase>()
        .add_message::<MoveInput>()
        .add_message::<GameCommand>()
        .add_message::<PlaySfx>()
        .init_resource::<OffRecord>()
        .init_resource::<Setup>()
        .init_resource::<Selection>()
        .init_resource::<Resolution>()
        .init_resource::<Resigned>()
        .init_resource::<StartMoves>()
        .init_resource::<StartProblems>()
        .init_resource::<TableDirty>()
        .init_resource::<board::ShownMoves>()
        .init_resource::<Caption>()
        .init_resource::<GameOverTimer>()
        .init_resource::<Review>()
        .init_resource::<Teaching>()
        .init_resource::<KeepMatch>()
        .init_resource::<Remote>()
        .add_systems(OnEnter(Screen::Playing), start::start_match)
        .add_systems(
            Update,
            start::repaint_on_palette_change.run_if(in_state(Screen::Playing)),
        )
        .add_systems(OnEnter(Screen::Title), start::clear_table)
        .add_systems(OnEnter(Screen::NewGame), start::clear_table)
        .add_systems(Update, input::accept_input.in_set(RuleSet::Accept))
        .add_systems(
            Update,
            commands::handle_commands
                .in_set(RuleSet::Accept)
                .after(input::accept_input),
        )
        .add_systems(
            Update,
            (resolve::advance, sync::sync_table, resolve::game_over_timer)
                .chain()
                .in_set(RuleSet::Advance),
        );
    for (i, stage) in Stage::ALL.into_iter().enumerate() {
        app.add_systems(
            Update,
            resolve::run_stage(stage).in_set(RuleSet::Stage(StageId(i as u8))),
        );
    }
}

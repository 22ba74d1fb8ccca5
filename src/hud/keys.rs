//! The keyboard shortcuts over the table (U, R, H, F1, F11 and Esc), and whether a dialog that
//! takes the keyboard is open.

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowMode};

use super::common::Dialogs;
use crate::net::lobby::OnlineDialog;
use crate::play::messages::GameCommand;
use crate::state::Teaching;
use crate::state::{Paused, Screen};
use crate::teach::rules_view::ShowRules;
use crate::theme::keyboard::DialogUp;

/// Whether a dialog that takes the keyboard is open over the table (see [`crate::theme::keyboard::DialogUp`]).
pub(super) fn note_dialogs(
    (paused, dialogs, rules): (Res<Paused>, Res<Dialogs>, Res<ShowRules>),
    online: Res<OnlineDialog>,
    teaching: Res<Teaching>,
    mut up: ResMut<DialogUp>,
) {
    let now = paused.0 || dialogs.load || dialogs.settings || dialogs.paste || rules.0 || online.open || teaching.0;
    if up.0 != now {
        up.0 = now;
    }
}

pub(super) fn keys(
    (up, keys): (Res<DialogUp>, Res<ButtonInput<KeyCode>>),
    screen: Res<State<Screen>>,
    wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut cmds: MessageWriter<GameCommand>,
    mut paused: ResMut<Paused>,
    mut rules: ResMut<ShowRules>,
    mut window: Option<Single<&mut Window, With<bevy::window::PrimaryWindow>>>,
    puzzle: Option<Res<crate::puzzles::PuzzleSession>>,
) {
    if wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::F1) {
        rules.0 = !rules.0;
    }
    if keys.just_pressed(KeyCode::F11)
        && let Some(w) = window.as_mut()
    {
        w.mode = match w.mode {
            WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            _ => WindowMode::Windowed,
        };
    }
    if *screen.get() != Screen::Playing {
        return;
    }
    // Escape closes the dialog on top (its own window hears it); with none open it opens or
    // closes the pause menu.
    if keys.just_pressed(KeyCode::Escape) && (paused.0 || !up.0) {
        paused.0 = !paused.0;
    }
    // A puzzle takes nothing back and gives no computer's hint: its window has its own.
    if paused.0 || puzzle.is_some() {
        return;
    }
    for (k, c) in [
        (KeyCode::KeyU, GameCommand::Undo),
        (KeyCode::KeyR, GameCommand::Redo),
        (KeyCode::KeyH, GameCommand::Hint),
    ] {
        if keys.just_pressed(k) {
            cmds.write(c);
        }
    }
}

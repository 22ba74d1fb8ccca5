//! The pause menu (Esc while playing): resume, save, load, settings, restart, new game, title.

use bevy::prelude::*;
use bevy_egui::egui;

use super::common::{Dialogs, big, big_button};
use crate::state::{Paused, Screen};
use crate::store::settings::DataDir;
use crate::store::{SaveList, StoreAction, refresh};

/// The "Paused" window; every choice but Resume's own also closes it.
pub(super) fn menu(
    ctx: &egui::Context,
    paused: &mut ResMut<Paused>,
    demo: bool,
    store: &mut MessageWriter<StoreAction>,
    dir: &DataDir,
    list: &mut ResMut<SaveList>,
    dialogs: &mut ResMut<Dialogs>,
    next: &mut ResMut<NextState<Screen>>,
) {
    egui::Window::new("Paused")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                let resume = big(ui, "Resume");
                crate::theme::keyboard::way_in(ui, &resume);
                if resume.clicked() {
                    paused.0 = false;
                }
                if !demo && big_button(ui, "Save this game") {
                    store.write(StoreAction::Save);
                    paused.0 = false;
                }
                if big_button(ui, "Load a saved game") {
                    refresh(dir, list);
                    dialogs.load = true;
                    paused.0 = false;
                }
                if big_button(ui, "Settings") {
                    dialogs.settings = true;
                    paused.0 = false;
                }
                if big_button(ui, "Restart this game") {
                    paused.0 = false;
                    next.set(Screen::Playing);
                }
                if big_button(ui, "New game") {
                    paused.0 = false;
                    next.set(Screen::NewGame);
                }
                if big_button(ui, "Title screen") {
                    paused.0 = false;
                    next.set(Screen::Title);
                }
            });
        });
}

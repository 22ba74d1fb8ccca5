//! The pause menu (Esc while playing): resume, save, load, settings, restart, new game, title.

use bevy::prelude::*;
use bevy_egui::egui;

use super::common::{Dialogs, big, big_button};
use crate::cli::Args;
use crate::state::Demo;
use crate::state::{Paused, Screen};
use crate::store::settings::DataDir;
use crate::store::{SaveList, StoreAction, refresh};
use crate::theme::keyboard::way_in;
use crate::theme::layout::mark_target;

/// The "Paused" window while playing (drawn after the side window); every choice but Resume's
/// own also closes it.
pub(super) fn menu(
    mut contexts: bevy_egui::EguiContexts,
    screen: Res<State<Screen>>,
    mut paused: ResMut<Paused>,
    demo: Res<Demo>,
    mut store: MessageWriter<StoreAction>,
    dir: Res<DataDir>,
    mut list: ResMut<SaveList>,
    mut dialogs: ResMut<Dialogs>,
    mut next: ResMut<NextState<Screen>>,
    args: Option<Res<Args>>,
) -> Result {
    if *screen.get() != Screen::Playing || !paused.0 || super::common::card_mode(args.as_deref()) {
        return Ok(());
    }
    let demo = demo.0;
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Paused")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                let resume = big(ui, "Resume");
                way_in(ui, &resume);
                if resume.clicked() {
                    paused.0 = false;
                }
                if !demo && big_button(ui, "Save this game") {
                    store.write(StoreAction::Save);
                    paused.0 = false;
                }
                if big_button(ui, "Load a saved game") {
                    refresh(&dir, &mut list);
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
                let title = big(ui, "Title screen");
                mark_target(ui.ctx(), "title-screen", title.rect);
                if title.clicked() {
                    paused.0 = false;
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}

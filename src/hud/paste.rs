//! The move-list box: set up a position from a list of moves in the engine's notation.

use bevy::prelude::*;
use bevy_egui::egui;

use super::common::Dialogs;
use crate::games::build::move_list;
use crate::play::board::Match;
use crate::store::{PasteError, StoreAction};

/// The "Set up from a move list" window; closing it clears `dialogs.paste` and the refusal.
pub(super) fn window(
    ctx: &egui::Context,
    dialogs: &mut ResMut<Dialogs>,
    paste: &mut ResMut<PasteError>,
    m: Option<&Match>,
    store: &mut MessageWriter<StoreAction>,
) {
    let mut open = true;
    let game = m.map(|m| m.0.title()).unwrap_or_default();
    egui::Window::new("Set up from a move list")
        .open(&mut open)
        .collapsible(false)
        .default_width(420.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.label(format!(
                "Paste {game} moves in the engine's notation, separated by spaces. They are played from the start position; move numbers are skipped."
            ));
            ui.add(
                egui::TextEdit::multiline(&mut dialogs.paste_text)
                    .desired_rows(5)
                    .desired_width(f32::INFINITY)
                    .font(egui::TextStyle::Monospace),
            );
            if let Some(e) = &paste.0 {
                ui.label(egui::RichText::new(e).color(egui::Color32::from_rgb(230, 110, 90)));
            }
            ui.horizontal(|ui| {
                if ui.button("Set up").clicked() {
                    store.write(StoreAction::SetUp(dialogs.paste_text.clone()));
                }
                if let Some(m) = m
                    && ui.button("Fill in the current moves").clicked()
                {
                    dialogs.paste_text = move_list(m.0.as_ref());
                }
            });
        });
    if !open {
        dialogs.paste = false;
        paste.0 = None;
    }
}

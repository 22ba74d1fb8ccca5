//! The offer of the player's own puzzles under the review (and on the result card): while the
//! reviewed game is searched, a line saying so; then "2 puzzles from this game" and the button
//! that plays them in the puzzle window.

use bevy_egui::egui;

use crate::puzzles::own::OwnPuzzles;
use crate::theme::palette::GOLD;

/// The offer for the game `record`; true when its button was clicked. Nothing is shown before
/// the game is searched or when it gave no puzzle and `quiet`.
pub fn offer(ui: &mut egui::Ui, own: &OwnPuzzles, record: &[String], quiet: bool) -> bool {
    if own.searching(record) {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(egui::RichText::new("Looking for puzzles in the wins you let go…").small());
        });
        return false;
    }
    let Some(found) = own.from_record(record) else {
        return false;
    };
    match found.len() {
        0 if quiet => false,
        0 => {
            ui.label(
                egui::RichText::new(
                    "No puzzle from this game: no win you let go has exactly one winning move the computer can prove.",
                )
                .small(),
            );
            false
        }
        n => {
            let s = if n == 1 { "" } else { "s" };
            ui.label(
                egui::RichText::new(format!("{n} puzzle{s} from this game"))
                    .size(17.0)
                    .color(GOLD),
            );
            ui.label(
                egui::RichText::new(
                    "Where you had one winning move and played another: find it now (practice, not rated).",
                )
                .small(),
            );
            ui.button(egui::RichText::new(format!("Solve {} ▶", if n == 1 { "it" } else { "them" })).size(16.0))
                .clicked()
        }
    }
}

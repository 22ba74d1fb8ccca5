//! What the HUD's windows share: which of the smaller dialogs are open, the title's and the
//! pause menu's big buttons, and whether the window shows the board alone.

use crate::cli::Args;
use bevy::prelude::*;
use bevy_egui::egui;

/// Which of the smaller windows are open.
#[derive(Resource, Default)]
pub struct Dialogs {
    /// The list of saves.
    pub load: bool,
    /// The settings.
    pub settings: bool,
    /// The settings' tables section opens unfolded (`--show tables`).
    pub tables: bool,
    /// The move-list box.
    pub paste: bool,
    /// The text in the move-list box.
    pub paste_text: String,
}

/// True when the window shows the board alone (`--show card`, the chooser's pictures).
pub fn card_mode(args: Option<&Args>) -> bool {
    args.is_some_and(|a| a.show.as_deref() == Some("card"))
}

/// A wide button with large text (the title's and the pause menu's).
pub fn big(ui: &mut egui::Ui, text: &str) -> egui::Response {
    let tall = ui.spacing().interact_size.y.max(36.0);
    ui.add_sized([260.0, tall], egui::Button::new(egui::RichText::new(text).size(18.0)))
}

/// [`big`], clicked.
pub fn big_button(ui: &mut egui::Ui, text: &str) -> bool {
    big(ui, text).clicked()
}

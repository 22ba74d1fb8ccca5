//! The notice: the last sentence about saves or settings, at the bottom left.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::state::Notice;

/// The last sentence about saves or settings, at the bottom left; a problem stays longer.
pub(super) fn notice(mut contexts: EguiContexts, notice: Res<Notice>) -> Result {
    let keep = if notice.error { 20.0 } else { 6.0 };
    if notice.text.is_empty() || notice.age > keep {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("notice")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
        .max_width(520.0)
        .show(ctx, |ui| {
            let colour = if notice.error {
                egui::Color32::from_rgb(240, 120, 100)
            } else {
                egui::Color32::from_rgb(150, 220, 150)
            };
            ui.label(egui::RichText::new(&notice.text).color(colour).size(15.0));
        });
    Ok(())
}

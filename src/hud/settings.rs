//! The settings window: sound, animations, camera, colours, text size and the guided start, and
//! below them the Sixteen Soldiers' exact tables (`tables`).

use std::path::Path;

use bevy::prelude::*;
use bevy_egui::egui;

use super::common::Dialogs;
use crate::games::build::Palette;
use crate::store::settings::{CameraMode, Settings, Speed, UI_SCALE};
use crate::store::tables::TableBuilds;
use crate::theme::keyboard::way_in;

/// The "Settings" window: edits a copy, stored back when it differs; closing it clears
/// `dialogs.settings`. `data` is the data folder, `now` the seconds since start (for the
/// tables' section).
pub(super) fn window(
    ctx: &egui::Context,
    dialogs: &mut ResMut<Dialogs>,
    settings: &mut ResMut<Settings>,
    builds: &mut TableBuilds,
    data: &Path,
    now: f64,
) {
    let mut open = true;
    let tables_open = dialogs.tables;
    let mut s = (**settings).clone();
    egui::Window::new("Settings")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .show(ctx, |ui| {
            egui::Grid::new("settings")
                .num_columns(2)
                .spacing([12.0, 8.0])
                .show(ui, |ui| rows(ui, &mut s));
            ui.label(
                egui::RichText::new("Colours apply to the next board. F11 toggles full screen.")
                    .small()
                    .italics(),
            );
            ui.separator();
            super::tables::section(ui, builds, data, now, tables_open);
        });
    if s != **settings {
        **settings = s;
    }
    if !open {
        dialogs.settings = false;
    }
}

/// The grid's rows, a label and its controls each.
fn rows(ui: &mut egui::Ui, s: &mut Settings) {
    ui.label("Sound");
    ui.horizontal(|ui| {
        let mute = ui.checkbox(&mut s.muted, "Mute");
        way_in(ui, &mute);
        ui.add(egui::Slider::new(&mut s.volume, 0.0..=1.0).text("volume"));
    });
    ui.end_row();
    ui.label("Animations");
    ui.horizontal(|ui| {
        for sp in Speed::ALL {
            ui.selectable_value(&mut s.speed, sp, sp.label());
        }
    });
    ui.end_row();
    ui.label("Camera");
    ui.horizontal(|ui| {
        ui.selectable_value(&mut s.camera, CameraMode::Perspective, "Three-quarter view");
        ui.selectable_value(&mut s.camera, CameraMode::TopDown, "Top-down");
    });
    ui.end_row();
    ui.label("Colours");
    ui.vertical(|ui| {
        ui.selectable_value(&mut s.palette, Palette::Classic, "Classic colours");
        ui.selectable_value(
            &mut s.palette,
            Palette::ColourSafe,
            "Colour-blind safe (Okabe–Ito), second side ringed",
        );
    });
    ui.end_row();
    ui.label("Text size");
    ui.add(egui::Slider::new(&mut s.ui_scale, UI_SCALE.0..=UI_SCALE.1).step_by(0.05));
    ui.end_row();
    ui.label("Guided start");
    if ui
        .add_enabled(!s.guided.is_empty(), egui::Button::new("Offer it again for every game"))
        .clicked()
    {
        s.guided.clear();
    }
    ui.end_row();
}

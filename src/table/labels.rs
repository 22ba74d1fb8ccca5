//! Words on and around the table: coordinate labels that follow their points on the board as
//! the camera moves, and the window's title.
//!
//! The labels are painted by egui, under all its windows, rather than by Bevy's UI: they are
//! the only text outside egui, and Bevy's UI and text (the shaper, the font loader, the
//! renderer, and a font file to fetch) were most of a megabyte of the browser's download.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use crate::play::board::{Match, Tabletop};
use crate::state::Screen;

/// A label that follows a point on the table: the point, and what it says.
#[derive(Component)]
pub struct WorldLabel(pub Vec3, pub String);

/// How tall a label's letters are, in logical pixels (whatever the player's interface scale).
const LABEL_SIZE: f32 = 18.0;

/// Puts up a label for each point and its text.
pub(super) fn spawn_labels(commands: &mut Commands, labels: Vec<(Vec3, String)>) {
    for (pos, text) in labels {
        commands.spawn((Tabletop, WorldLabel(pos, text)));
    }
}

/// Paints each label over its point as the camera sees it this frame, on egui's background
/// layer: every window covers the labels, and a click on a label still reaches the board.
pub(super) fn paint_labels(
    mut contexts: EguiContexts,
    labels: Query<&WorldLabel>,
    cams: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
) -> Result {
    if labels.is_empty() {
        return Ok(());
    }
    let Some((cam, gt)) = cams.iter().next() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    // egui's points are logical pixels divided by the interface scale.
    let zoom = ctx.zoom_factor();
    let painter = ctx.layer_painter(egui::LayerId::background());
    let font = egui::FontId::proportional(LABEL_SIZE / zoom);
    let shadow = egui::vec2(1.0, 1.0) / zoom;
    for WorldLabel(pos, text) in &labels {
        let Ok(v) = cam.world_to_viewport(gt, *pos) else {
            continue;
        };
        let at = egui::pos2(v.x / zoom, v.y / zoom);
        let centre = egui::Align2::CENTER_CENTER;
        painter.text(
            at + shadow,
            centre,
            text,
            font.clone(),
            egui::Color32::from_black_alpha(150),
        );
        painter.text(at, centre, text, font.clone(), egui::Color32::from_rgb(242, 235, 217));
    }
    Ok(())
}

/// The window's title names the game on the table ("Parlour — Kōnane"), or just "Parlour".
pub(super) fn window_title(
    m: Option<Res<Match>>,
    screen: Res<State<Screen>>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    let Ok(mut window) = windows.single_mut() else { return };
    let title = match (&m, screen.get()) {
        (Some(m), Screen::Playing | Screen::Results) => format!("Parlour — {}", m.0.title()),
        _ => "Parlour".to_string(),
    };
    if window.title != title {
        window.title = title;
    }
}

//! The client's own colours beside egui's theme.

use bevy_egui::egui;

/// The gold of the side to move and of headings.
pub const GOLD: egui::Color32 = egui::Color32::from_rgb(236, 196, 112);

//! Drawing the scoreboard: a card per side with its colour, who plays it, the pieces it holds
//! and has captured drawn as pieces, its other facts; the rule line; the "Details" fold. Used
//! by the playing HUD and the result card.

use bevy::prelude::*;
use bevy_egui::egui;
use parlour_ai::Level;
use parlour_rules::Player;

use super::scoreboard::{Scoreboard, scoreboard};
use crate::games::any_match::AnyMatch;
use crate::games::build::{Palette, PaletteColours};
use crate::games::words::cap;
use crate::theme::palette::GOLD;

/// An egui colour from a Bevy one.
pub fn egui_colour(c: Color) -> egui::Color32 {
    let c = c.to_srgba();
    egui::Color32::from_rgb((c.red * 255.0) as u8, (c.green * 255.0) as u8, (c.blue * 255.0) as u8)
}

/// The scoreboard of the match's position.
pub fn scoreboard_of(m: &dyn AnyMatch) -> Scoreboard {
    let names = Player::BOTH.map(|p| m.side_name(p));
    let hunter = m.game_id().hunter();
    scoreboard([&names[0], &names[1]], &m.counters(), hunter)
}

/// A piece drawn as a disc (with the colour-safe ring where the palette marks that side).
fn disc(ui: &mut egui::Ui, centre: egui::Pos2, r: f32, fill: egui::Color32, ring: bool) {
    let p = ui.painter();
    p.circle_filled(centre + egui::vec2(0.0, 1.2), r, egui::Color32::from_black_alpha(110));
    p.circle_filled(centre, r, fill);
    let edge = if fill.intensity() > 0.5 {
        egui::Color32::from_gray(70)
    } else {
        egui::Color32::from_gray(190)
    };
    p.circle_stroke(centre, r, egui::Stroke::new(1.0, edge));
    if ring {
        p.circle_stroke(centre, r * 0.55, egui::Stroke::new(1.3, edge));
    }
}

/// `n` pieces as a short row of overlapping discs and the number.
pub fn piece_row(ui: &mut egui::Ui, fill: egui::Color32, ring: bool, n: i64) {
    let shown = n.clamp(0, 10) as usize;
    let (r, step) = (6.0, 8.0);
    let width = if shown == 0 {
        0.0
    } else {
        2.0 * r + step * (shown - 1) as f32
    };
    let (rect, _) = ui.allocate_exact_size(egui::vec2(width, 2.0 * r + 2.0), egui::Sense::hover());
    for i in 0..shown {
        disc(
            ui,
            egui::pos2(rect.left() + r + step * i as f32, rect.center().y),
            r,
            fill,
            ring,
        );
    }
    let text = if n > shown as i64 {
        format!("×{n}")
    } else {
        n.to_string()
    };
    ui.label(egui::RichText::new(text).strong());
}

/// Both sides' cards, the side to move framed in gold (`to_move` is `None` once the game is
/// over), each naming who plays it.
pub fn side_cards(
    ui: &mut egui::Ui,
    m: &dyn AnyMatch,
    board: &Scoreboard,
    seats: [Option<Level>; 2],
    remote: [bool; 2],
    palette: Palette,
    to_move: Option<Player>,
) {
    let colours = palette.colours(m.game_id(), m.palette()).map(egui_colour);
    for p in Player::BOTH {
        let card = &board.sides[p.index()];
        let moving = to_move == Some(p);
        let seat = Player::BOTH
            .into_iter()
            .find(|s| m.colour_of_seat(*s) == p)
            .unwrap_or(p);
        let who = match seats[seat.index()] {
            Some(level) => format!("Computer · {}", level.name()),
            // Online: the seat played here, and the one played from elsewhere.
            None if remote.iter().any(|r| *r) => if remote[seat.index()] { "Online" } else { "You" }.to_string(),
            None => "Human".to_string(),
        };
        let frame = egui::Frame::group(ui.style())
            .fill(if moving {
                egui::Color32::from_rgba_unmultiplied(90, 70, 30, 90)
            } else {
                egui::Color32::TRANSPARENT
            })
            .stroke(if moving {
                egui::Stroke::new(1.6, GOLD)
            } else {
                egui::Stroke::new(1.0, egui::Color32::from_gray(70))
            })
            .inner_margin(egui::Margin::symmetric(8, 5));
        frame.show(ui, |ui| {
            ui.set_width(ui.available_width());
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(egui::vec2(18.0, 18.0), egui::Sense::hover());
                disc(
                    ui,
                    rect.center(),
                    8.0,
                    colours[p.index()],
                    palette.marks() && p == Player::P2,
                );
                ui.label(egui::RichText::new(cap(&m.side_name(p))).size(16.0).strong());
                ui.label(egui::RichText::new(who).weak());
                if moving {
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        ui.label(egui::RichText::new("to move").color(GOLD).strong());
                    });
                }
            });
            if let Some(n) = card.held {
                ui.horizontal(|ui| {
                    ui.label("Holds");
                    piece_row(ui, colours[p.index()], palette.marks() && p == Player::P2, n);
                });
            }
            if let Some(n) = card.captured {
                ui.horizontal(|ui| {
                    ui.label("Captured");
                    let other = p.other();
                    piece_row(ui, colours[other.index()], palette.marks() && other == Player::P2, n);
                });
            }
            for (k, v) in &card.lines {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(k).weak());
                    ui.label(egui::RichText::new(v).strong());
                });
            }
        });
        ui.add_space(3.0);
    }
}

/// The fold with the counters a player rarely needs (closed until opened).
pub fn details(ui: &mut egui::Ui, board: &Scoreboard, id: &str) {
    if board.details.is_empty() {
        return;
    }
    egui::CollapsingHeader::new("Details")
        .id_salt(id)
        .default_open(false)
        .show(ui, |ui| {
            egui::Grid::new((id, "grid")).num_columns(2).show(ui, |ui| {
                for (k, v) in &board.details {
                    ui.label(egui::RichText::new(k).weak());
                    ui.label(egui::RichText::new(v).strong());
                    ui.end_row();
                }
            });
        });
}

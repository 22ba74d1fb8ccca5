//! The rules window's diagrams: a board drawn with the egui painter from the real board (the
//! spots, lines and pieces the table itself is built from), with coordinates, rings on the
//! spots asked for, each spot naming itself under the pointer, and a legend of the sides.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::games::any_match::AnyMatch;
use crate::games::parts::OFF_BOARD;
use crate::games::parts::{PieceDef, Shape, SpotDef, Table};
use crate::games::words::cap;

fn egui_colour(c: Color) -> egui::Color32 {
    let c = c.to_srgba();
    egui::Color32::from_rgb((c.red * 255.0) as u8, (c.green * 255.0) as u8, (c.blue * 255.0) as u8)
}

/// Where the board goes in the picture: the board's extent fitted into `rect`, with room at
/// the edges (`margin`) for the coordinates.
struct Frame {
    rect: egui::Rect,
    centre: Vec2,
    scale: f32,
    margin: f32,
}

impl Frame {
    /// Fits `spots` into `rect`, a square `size` wide.
    fn fit(rect: egui::Rect, spots: &[SpotDef], size: f32) -> Self {
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for s in spots {
            let p = Vec2::new(s.pos.x, s.pos.z);
            lo = lo.min(p);
            hi = hi.max(p);
        }
        let span = (hi - lo).max_element().max(0.01);
        // Room at the edges for the coordinates.
        let margin = size * 0.08 + 16.0;
        let scale = (size - 2.0 * margin) / span;
        let centre = (lo + hi) / 2.0;
        Frame {
            rect,
            centre,
            scale,
            margin,
        }
    }

    /// Where a point of the board is drawn.
    fn to(&self, v: Vec3) -> egui::Pos2 {
        let q = (Vec2::new(v.x, v.z) - self.centre) * self.scale;
        self.rect.center() + egui::vec2(q.x, q.y)
    }
}

/// Draws a board from its spots, lines and pieces into a `size`-wide square, marking
/// `marks` (spot ids) with rings: the diagrams of the rules window. Grids and the ring carry
/// their coordinates; every spot names itself under the pointer; a legend names the sides.
pub fn diagram(ui: &mut egui::Ui, m: &dyn AnyMatch, palette: [Color; 2], marks: &[u16], size: f32) {
    let spots: Vec<SpotDef> = m.spots();
    let pieces: Vec<PieceDef> = m.pieces().into_iter().filter(|p| p.key < OFF_BOARD).collect();
    let (rect, response) = ui.allocate_exact_size(egui::vec2(size, size), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 6.0, egui::Color32::from_rgb(150, 104, 62));
    if spots.is_empty() {
        return;
    }
    let frame = Frame::fit(rect, &spots, size);
    let to = |v: Vec3| frame.to(v);
    let table = m.table();
    draw_lines(&painter, &table, &spots, &frame);
    // The spacing of the spots (from a sample: boards are regular enough), which sizes the
    // pieces and the pointer's reach.
    let nearest = spots
        .iter()
        .take(16)
        .flat_map(|a| {
            spots
                .iter()
                .filter(move |b| b.id != a.id)
                .map(move |b| (to(b.pos) - to(a.pos)).length())
        })
        .fold(f32::MAX, f32::min)
        .min(size / 4.0);
    let cells_small = matches!(table, Table::Hex { .. });
    if cells_small {
        draw_hex_cells(&painter, &spots, &frame, nearest);
    }
    let dot = (nearest * 0.18).clamp(2.0, 9.0);
    for s in &spots {
        let r = if cells_small { dot * 0.6 } else { dot * 0.7 };
        painter.circle_filled(to(s.pos), r, egui::Color32::from_rgb(95, 62, 36));
    }
    let piece_r = (nearest * 0.42).clamp(2.5, 16.0);
    draw_pieces(&painter, &pieces, palette, &frame, piece_r);
    for id in marks {
        if let Some(s) = spots.iter().find(|s| s.id == *id) {
            painter.circle_stroke(
                to(s.pos),
                piece_r + 3.0,
                egui::Stroke::new(3.0, egui::Color32::from_rgb(80, 220, 120)),
            );
        }
    }
    // The spot under the pointer names itself.
    if let Some(pointer) = response.hover_pos()
        && let Some(s) = spots
            .iter()
            .filter(|s| (to(s.pos) - pointer).length() < nearest.max(8.0) * 0.6)
            .min_by(|a, b| {
                (to(a.pos) - pointer)
                    .length()
                    .total_cmp(&(to(b.pos) - pointer).length())
            })
    {
        painter.circle_stroke(to(s.pos), piece_r + 2.0, egui::Stroke::new(1.5, egui::Color32::WHITE));
        response.on_hover_text(s.name.clone());
    }
    legend(ui, m, palette);
}

/// The board's lines (the hunt boards' edges, ConHex's cells, Qyshinsu's ring) and the
/// coordinates of the ring and the grid.
fn draw_lines(painter: &egui::Painter, table: &Table, spots: &[SpotDef], frame: &Frame) {
    let to = |v: Vec3| frame.to(v);
    let (rect, margin) = (frame.rect, frame.margin);
    let ink = egui::Stroke::new(1.5, egui::Color32::from_rgb(40, 28, 20));
    let label_colour = egui::Color32::from_rgb(250, 236, 200);
    let label_font = egui::FontId::proportional(13.0);
    match table {
        Table::Lines { edges, .. } => {
            for (a, b) in edges {
                painter.line_segment([to(*a), to(*b)], ink);
            }
        }
        Table::ConHex { cells, .. } => {
            for c in cells {
                let pts: Vec<egui::Pos2> = c.iter().map(|v| to(*v)).collect();
                painter.add(egui::Shape::closed_line(pts, ink));
            }
        }
        Table::Ring { .. } => {
            let r = spots
                .iter()
                .map(|s| (to(s.pos) - rect.center()).length())
                .fold(0.0, f32::max);
            painter.circle_stroke(rect.center(), r, ink);
            // Position numbers outside the ring.
            for s in spots {
                let out = (to(s.pos) - rect.center()).normalized();
                painter.text(
                    rect.center() + out * (r + margin * 0.75),
                    egui::Align2::CENTER_CENTER,
                    &s.name,
                    label_font.clone(),
                    label_colour,
                );
            }
        }
        Table::Grid { .. } => {
            // Files under the bottom row, ranks left of the left column (from the spots' names:
            // a letter then a number).
            let bottom = spots.iter().map(|s| to(s.pos).y).fold(f32::MIN, f32::max);
            let left = spots.iter().map(|s| to(s.pos).x).fold(f32::MAX, f32::min);
            for s in spots {
                let at = to(s.pos);
                let (file, rank) = s.name.split_at(s.name.chars().next().map_or(0, char::len_utf8));
                if (at.y - bottom).abs() < 1.0 {
                    painter.text(
                        egui::pos2(at.x, at.y + margin * 0.75),
                        egui::Align2::CENTER_CENTER,
                        file,
                        label_font.clone(),
                        label_colour,
                    );
                }
                if (at.x - left).abs() < 1.0 {
                    painter.text(
                        egui::pos2(at.x - margin * 0.75, at.y),
                        egui::Align2::CENTER_CENTER,
                        rank,
                        label_font.clone(),
                        label_colour,
                    );
                }
            }
        }
        Table::Hex { .. } => {}
    }
}

/// Hexagonal cells around the spots (Kansho), turned the way the neighbours lie, sized by the
/// spots' spacing `nearest`.
fn draw_hex_cells(painter: &egui::Painter, spots: &[SpotDef], frame: &Frame, nearest: f32) {
    let to = |v: Vec3| frame.to(v);
    let Some(first) = spots.first() else { return };
    let a = to(first.pos);
    let towards = spots
        .iter()
        .map(|t| to(t.pos) - a)
        .filter(|v| v.length() > 0.5)
        .min_by(|u, v| u.length().total_cmp(&v.length()))
        .unwrap_or(egui::vec2(1.0, 0.0));
    let turn = towards.y.atan2(towards.x) + std::f32::consts::FRAC_PI_6;
    let r = nearest / 3f32.sqrt() - 0.5;
    let face = egui::Color32::from_rgb(214, 170, 118);
    for s in spots {
        let c = to(s.pos);
        let corners: Vec<egui::Pos2> = (0..6)
            .map(|k| {
                let t = turn + k as f32 * std::f32::consts::FRAC_PI_3;
                c + egui::vec2(t.cos(), t.sin()) * r
            })
            .collect();
        painter.add(egui::Shape::convex_polygon(
            corners,
            face,
            egui::Stroke::new(1.0, egui::Color32::from_rgb(120, 84, 50)),
        ));
    }
}

/// The pieces on the board, `piece_r` in radius, in their sides' colours: the general a
/// triangle, the others discs, Qyshinsu's stones with their numbers ("O" the Old Stone).
fn draw_pieces(painter: &egui::Painter, pieces: &[PieceDef], palette: [Color; 2], frame: &Frame, piece_r: f32) {
    for p in pieces {
        let c = egui_colour(palette[usize::from(p.look.colour.min(1))]);
        let at = frame.to(p.pos);
        let rim = egui::Stroke::new(1.0, egui::Color32::from_gray(40));
        match p.look.shape {
            Shape::Hunter => {
                painter.add(egui::Shape::convex_polygon(
                    vec![
                        at + egui::vec2(0.0, -piece_r * 1.3),
                        at + egui::vec2(piece_r * 1.1, piece_r),
                        at + egui::vec2(-piece_r * 1.1, piece_r),
                    ],
                    c,
                    egui::Stroke::new(1.0, egui::Color32::BLACK),
                ));
            }
            _ => {
                painter.circle(at, piece_r, c, rim);
            }
        }
        if let Shape::Kind(n) = p.look.shape {
            painter.text(
                at,
                egui::Align2::CENTER_CENTER,
                if n == 0 { "O".to_string() } else { n.to_string() },
                egui::FontId::proportional(piece_r * 1.2),
                egui::Color32::from_rgb(240, 220, 140),
            );
        }
    }
}

/// The legend under the diagram: each side's colour and name.
fn legend(ui: &mut egui::Ui, m: &dyn AnyMatch, palette: [Color; 2]) {
    ui.horizontal(|ui| {
        for (i, player) in [parlour_rules::Player::P1, parlour_rules::Player::P2]
            .into_iter()
            .enumerate()
        {
            let (swatch, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
            ui.painter().circle(
                swatch.center(),
                6.0,
                egui_colour(palette[i]),
                egui::Stroke::new(1.0, egui::Color32::from_gray(40)),
            );
            ui.label(cap(&m.side_name(player)));
            ui.add_space(10.0);
        }
    });
}

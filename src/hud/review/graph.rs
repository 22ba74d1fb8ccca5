//! The review's win-chance graph: the first-named side's chance after every move, the marks
//! as dots in their colours, the position shown as a line; hover names a move, a click shows it.

use bevy_egui::egui;
use parlour_ai::analysis::PlyAnalysis;
use parlour_rules::Player;

use super::look::{mark_colour, side_title};
use crate::games::any_match::AnyMatch;
use crate::theme::layout::mark_target;

/// The first-named side's win chance after each ply (and before the first), 0–100.
fn curve(plies: &[PlyAnalysis]) -> Vec<f32> {
    let first = |p: &PlyAnalysis, chance: f32| if p.mover == Player::P1 { chance } else { 100.0 - chance };
    let mut points: Vec<f32> = plies.first().map(|p| first(p, p.before)).into_iter().collect();
    points.extend(plies.iter().map(|p| first(p, p.after)));
    points
}

/// The win-chance graph; returns the ply clicked.
pub(super) fn graph(
    ui: &mut egui::Ui,
    m: &dyn AnyMatch,
    plies: &[PlyAnalysis],
    total: usize,
    at: usize,
) -> Option<usize> {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(340.0, 80.0), egui::Sense::click());
    mark_target(ui.ctx(), "graph", rect);
    let painter = ui.painter_at(rect);
    painter.rect_filled(rect, 4.0, egui::Color32::from_gray(28));
    let x_of = |ply: usize| rect.left() + 6.0 + (rect.width() - 12.0) * ply as f32 / total.max(1) as f32;
    let y_of = |chance: f32| rect.bottom() - 6.0 - (rect.height() - 12.0) * chance / 100.0;
    let mid = egui::Stroke::new(1.0, egui::Color32::from_gray(70));
    painter.line_segment(
        [
            egui::pos2(rect.left(), y_of(50.0)),
            egui::pos2(rect.right(), y_of(50.0)),
        ],
        mid,
    );
    let now = egui::Stroke::new(1.0, egui::Color32::from_rgb(120, 160, 220));
    painter.line_segment(
        [egui::pos2(x_of(at), rect.top()), egui::pos2(x_of(at), rect.bottom())],
        now,
    );
    let points: Vec<egui::Pos2> = curve(plies)
        .iter()
        .enumerate()
        .map(|(i, c)| egui::pos2(x_of(i), y_of(*c)))
        .collect();
    painter.add(egui::Shape::line(
        points.clone(),
        egui::Stroke::new(2.0, egui::Color32::from_rgb(235, 225, 205)),
    ));
    for (p, point) in plies.iter().zip(points.iter().skip(1)) {
        if let Some(colour) = mark_colour(p.mark) {
            painter.circle_filled(*point, 4.0, colour);
        }
    }
    painter.text(
        rect.left_bottom() + egui::vec2(8.0, -4.0),
        egui::Align2::LEFT_BOTTOM,
        format!("{}'s chance (middle line: 50 %)", side_title(m, Player::P1)),
        egui::FontId::proportional(11.0),
        egui::Color32::from_gray(160),
    );
    let pointed = response.hover_pos().map(|pos| {
        let f = (pos.x - rect.left() - 6.0) / (rect.width() - 12.0).max(1.0);
        ((f * total as f32).round().max(1.0) as usize).min(total.max(1))
    });
    if let Some(ply) = pointed
        && let Some(p) = plies.get(ply - 1)
    {
        response.clone().on_hover_text(format!(
            "{}. {} {} — {} (best {})",
            p.ply,
            m.side_name(p.mover),
            p.played,
            p.mark.name(),
            p.best()
        ));
    }
    response.clicked().then_some(pointed).flatten()
}

//! A player's ratings over time as a picture, drawn with egui's painter (no plotting crate): a
//! line per rating key in its own colour, the ratings up the left, the dates along the bottom,
//! the rating and day of the point under the pointer or finger; as wide as the page, so it reads
//! at a phone's width.

use bevy_egui::egui;
use parlour_online::wire::HistoryPoint;

use super::words::{date, key_name};
use crate::theme::palette::GOLD;

/// The lines' colours, one per rating key in turn.
pub const COLOURS: [egui::Color32; 6] = [
    GOLD,
    egui::Color32::from_rgb(110, 170, 235),
    egui::Color32::from_rgb(120, 205, 125),
    egui::Color32::from_rgb(235, 125, 105),
    egui::Color32::from_rgb(195, 145, 225),
    egui::Color32::from_rgb(200, 200, 200),
];

/// One rating key's line: its points (Unix seconds, rating), oldest first.
#[derive(Clone, Debug, PartialEq)]
pub struct Line {
    /// The rating key.
    pub key: String,
    /// The points.
    pub points: Vec<(i64, u32)>,
}

/// The history as lines, one per key, in the order of `keys` (the page's ratings), then any key
/// only the history names.
pub fn lines(history: &[HistoryPoint], keys: &[String]) -> Vec<Line> {
    let mut order: Vec<String> = keys.to_vec();
    for p in history {
        if !order.contains(&p.key) {
            order.push(p.key.clone());
        }
    }
    order
        .into_iter()
        .filter_map(|key| {
            let mut points: Vec<(i64, u32)> = history
                .iter()
                .filter(|p| p.key == key)
                .map(|p| (p.at, p.rating))
                .collect();
            points.sort_by_key(|p| p.0);
            (!points.is_empty()).then_some(Line { key, points })
        })
        .collect()
}

/// What the picture spans: times (Unix seconds) and ratings, padded to round numbers.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Span {
    /// The first time and the last (a day apart at least).
    pub t: (i64, i64),
    /// The lowest rating and the highest (100 apart at least, on 50s).
    pub r: (f32, f32),
}

/// The span of `lines`, if they have any point.
pub fn span(lines: &[Line]) -> Option<Span> {
    let all = || lines.iter().flat_map(|l| l.points.iter());
    let (t0, t1) = (all().map(|p| p.0).min()?, all().map(|p| p.0).max()?);
    let (lo, hi) = (all().map(|p| p.1).min()? as f32, all().map(|p| p.1).max()? as f32);
    let (t0, t1) = if t1 - t0 < 86_400 {
        let mid = (t0 + t1) / 2;
        (mid - 43_200, mid + 43_200)
    } else {
        (t0, t1)
    };
    let mut r = (((lo - 25.0) / 50.0).floor() * 50.0, ((hi + 25.0) / 50.0).ceil() * 50.0);
    if r.1 - r.0 < 100.0 {
        r.1 = r.0 + 100.0;
    }
    Some(Span { t: (t0, t1), r })
}

/// The ratings marked up the side: a round step giving at most five marks.
pub fn ticks(r: (f32, f32)) -> Vec<f32> {
    let step = [50.0, 100.0, 200.0, 250.0, 500.0, 1000.0]
        .into_iter()
        .find(|s| (r.1 - r.0) / s <= 4.0)
        .unwrap_or(1000.0);
    let mut at = (r.0 / step).ceil() * step;
    let mut marks = Vec::new();
    while at <= r.1 {
        marks.push(at);
        at += step;
    }
    marks
}

/// Draws the lines `height` points tall across the width available, with a legend under it.
pub fn graph(ui: &mut egui::Ui, lines: &[Line], height: f32) {
    let Some(span) = span(lines) else { return };
    let (rect, response) = ui.allocate_exact_size(egui::vec2(ui.available_width(), height), egui::Sense::hover());
    let painter = ui.painter_at(rect);
    let font = egui::FontId::proportional(11.5);
    let weak = ui.visuals().weak_text_color();
    let plot = egui::Rect::from_min_max(
        egui::pos2(rect.left() + 40.0, rect.top() + 8.0),
        egui::pos2(rect.right() - 10.0, rect.bottom() - 20.0),
    );
    let at = |(t, r): (i64, u32)| {
        let x = (t - span.t.0) as f32 / (span.t.1 - span.t.0) as f32;
        let y = (r as f32 - span.r.0) / (span.r.1 - span.r.0);
        egui::pos2(plot.left() + x * plot.width(), plot.bottom() - y * plot.height())
    };
    let grid = egui::Stroke::new(1.0, egui::Color32::from_gray(70));
    for mark in ticks(span.r) {
        let y = at((span.t.0, mark as u32)).y;
        painter.hline(plot.x_range(), y, grid);
        painter.text(
            egui::pos2(plot.left() - 4.0, y),
            egui::Align2::RIGHT_CENTER,
            format!("{mark}"),
            font.clone(),
            weak,
        );
    }
    painter.vline(plot.left(), plot.y_range(), grid);
    let below = plot.bottom() + 3.0;
    painter.text(
        egui::pos2(plot.left(), below),
        egui::Align2::LEFT_TOP,
        date(span.t.0),
        font.clone(),
        weak,
    );
    painter.text(
        egui::pos2(plot.right(), below),
        egui::Align2::RIGHT_TOP,
        date(span.t.1),
        font.clone(),
        weak,
    );
    let mut nearest: Option<(f32, egui::Pos2, String)> = None;
    let pointer = response.hover_pos();
    for (i, line) in lines.iter().enumerate() {
        let colour = COLOURS[i % COLOURS.len()];
        let points: Vec<egui::Pos2> = line.points.iter().map(|p| at(*p)).collect();
        if points.len() > 1 {
            painter.add(egui::Shape::line(points.clone(), egui::Stroke::new(2.0, colour)));
        }
        for (p, (t, r)) in points.iter().zip(&line.points) {
            painter.circle_filled(*p, if points.len() == 1 { 4.0 } else { 2.5 }, colour);
            if let Some(d) = pointer.map(|q| q.distance(*p))
                && d < 24.0
                && nearest.as_ref().is_none_or(|n| d < n.0)
            {
                nearest = Some((d, *p, format!("{r} · {}", date(*t))));
            }
        }
    }
    if let Some((_, p, text)) = nearest {
        painter.circle_stroke(p, 5.0, egui::Stroke::new(1.5, ui.visuals().strong_text_color()));
        let align = if p.x > plot.center().x {
            egui::Align2::RIGHT_BOTTOM
        } else {
            egui::Align2::LEFT_BOTTOM
        };
        painter.text(
            p + egui::vec2(0.0, -7.0),
            align,
            text,
            font,
            ui.visuals().strong_text_color(),
        );
    }
    legend(ui, lines);
}

/// Each line's colour and rating key.
fn legend(ui: &mut egui::Ui, lines: &[Line]) {
    ui.horizontal_wrapped(|ui| {
        for (i, line) in lines.iter().enumerate() {
            let (swatch, _) = ui.allocate_exact_size(egui::vec2(14.0, 10.0), egui::Sense::hover());
            ui.painter().hline(
                swatch.x_range(),
                swatch.center().y,
                egui::Stroke::new(3.0, COLOURS[i % COLOURS.len()]),
            );
            ui.label(egui::RichText::new(key_name(&line.key)).small());
            ui.add_space(6.0);
        }
    });
}

#[cfg(test)]
mod tests {
    use super::*;

    fn point(key: &str, at: i64, rating: u32) -> HistoryPoint {
        HistoryPoint {
            key: key.into(),
            at,
            rating,
        }
    }

    #[test]
    fn a_line_per_key_in_time_order_and_a_span_of_round_numbers() {
        let history = vec![
            point("konane", 3 * 86_400, 1610),
            point("conhex", 2 * 86_400, 1450),
            point("konane", 86_400, 1580),
        ];
        let lines = lines(&history, &["konane".to_string()]);
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].key, "konane", "the page's order first");
        assert_eq!(lines[0].points, vec![(86_400, 1580), (3 * 86_400, 1610)]);
        let s = span(&lines).unwrap();
        assert_eq!(s.t, (86_400, 3 * 86_400));
        assert_eq!(s.r, (1400.0, 1650.0));
        assert_eq!(ticks(s.r), vec![1400.0, 1500.0, 1600.0]);
        // One game: a day wide, 100 tall, the point in the middle.
        let one = [Line {
            key: "kansho".into(),
            points: vec![(1_000_000, 1662)],
        }];
        let s = span(&one).unwrap();
        assert_eq!(s.t.1 - s.t.0, 86_400);
        assert!(s.r.0 < 1662.0 && s.r.1 > 1662.0 && s.r.1 - s.r.0 >= 100.0, "{s:?}");
        assert_eq!(span(&[]), None);
    }
}

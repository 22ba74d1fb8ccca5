//! The window of "Learn from your mistakes" (`review::lesson` plays it, with the reviewed
//! match's mistakes as its exercises): which mistake is tried, the question, the verdict on the
//! move tried, and the ways on.

use bevy::prelude::*;
use bevy_egui::egui;
use parlour_ai::analysis::{MARKS, Mark};
use parlour_rules::Player;

use super::look::{mark_colour, side_title};
use crate::games::any_match::AnyMatch;
use crate::play::board::OffRecord;
use crate::review::analysis::ReviewAnalysis;
use crate::review::lesson::{Exercise, Lesson, LessonAction};
use crate::theme::palette::BEST_RGB;
use crate::theme::palette::GOLD;

/// The row that starts a lesson: a button per side with mistakes to learn from.
pub(super) fn start_row(
    ui: &mut egui::Ui,
    m: &dyn AnyMatch,
    analysis: &ReviewAnalysis,
    asked: &mut MessageWriter<LessonAction>,
) {
    let sides = [Player::P1, Player::P2].map(|side| (side, analysis.exercises(side)));
    ui.horizontal_wrapped(|ui| {
        ui.label("Learn from the mistakes of");
        for (side, exercises) in sides {
            let n = exercises.len();
            let button = egui::Button::new(format!("{} ({n})", side_title(m, side)));
            if ui
                .add_enabled(n > 0, button)
                .on_hover_text("Each mistake's position again: find a better move")
                .clicked()
            {
                asked.write(LessonAction::Start(exercises));
            }
        }
    });
}

/// `--show lesson`: once the analysis is done, the lesson of the first side with mistakes.
pub(super) fn start_when_analysed(analysis: &mut ReviewAnalysis, asked: &mut MessageWriter<LessonAction>) {
    if !analysis.then_lesson || analysis.requested || analysis.task.is_some() || analysis.plies.is_empty() {
        return;
    }
    analysis.then_lesson = false;
    let first = [Player::P1, Player::P2]
        .map(|side| analysis.exercises(side))
        .into_iter()
        .find(|exercises| !exercises.is_empty());
    if let Some(exercises) = first {
        asked.write(LessonAction::Start(exercises));
    }
}

/// The lesson's window content.
pub(super) fn window(
    ui: &mut egui::Ui,
    m: &dyn AnyMatch,
    lesson: &Lesson,
    off: &OffRecord,
    analysis: &ReviewAnalysis,
    asked: &mut MessageWriter<LessonAction>,
) {
    let Some(&Exercise { ply, side, .. }) = lesson.current() else {
        return;
    };
    ui.label(
        egui::RichText::new(format!(
            "Mistake {} of {}: move {ply}",
            lesson.at + 1,
            lesson.exercises.len()
        ))
        .strong(),
    );
    if let Some(p) = analysis.plies.get(ply - 1) {
        ui.label(format!(
            "{} played {} here ({}: {:.0} % became {:.0} %).",
            side_title(m, side),
            p.played,
            p.mark.name(),
            p.before,
            p.after
        ));
    }
    if off.showing_line() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Playing the computer's line…");
        });
        return;
    }
    let inaccuracy = MARKS
        .iter()
        .find(|(_, k)| *k == Mark::Inaccuracy)
        .map_or(5.0, |(at, _)| *at);
    match (lesson.judging(), &lesson.verdict) {
        (true, _) => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("The computer looks at your move…");
            });
        }
        (false, None) if off.trying() => {
            ui.label(
                egui::RichText::new(format!("Find a better move for {}.", side_title(m, side)))
                    .size(17.0)
                    .color(GOLD),
            );
            ui.label(
                egui::RichText::new(format!(
                    "Any move within {inaccuracy:.0} points of the computer's best is accepted; where the \
                     position is proven, the proof decides."
                ))
                .small(),
            );
        }
        (false, Some(v)) => verdict(ui, v, lesson.accepted() == Some(true)),
        (false, None) => {}
    }
    ui.horizontal_wrapped(|ui| {
        let told = lesson.verdict.is_some();
        if ui
            .add_enabled(told, egui::Button::new("▶ The computer's line"))
            .clicked()
        {
            asked.write(LessonAction::ShowLine);
        }
        if ui
            .add_enabled(!lesson.judging(), egui::Button::new("Try again"))
            .clicked()
        {
            asked.write(LessonAction::Again);
        }
        let last = lesson.at + 1 >= lesson.exercises.len();
        let next = if last { "Finish" } else { "Next mistake ▶" };
        if ui.add_enabled(!lesson.judging(), egui::Button::new(next)).clicked() {
            asked.write(LessonAction::Next);
        }
        if ui.button("Back to the review").clicked() {
            asked.write(LessonAction::End);
        }
    });
}

/// The verdict on the move tried.
fn verdict(ui: &mut egui::Ui, v: &parlour_ai::analysis::PlyAnalysis, accepted: bool) {
    let (text, colour) = if accepted {
        let [r, g, b] = BEST_RGB;
        let how = if v.mark == Mark::Best {
            "the computer's own choice".to_string()
        } else {
            format!("only {:.0} points below the best", v.loss)
        };
        (
            format!("Well found: {} is {how}.", v.played),
            egui::Color32::from_rgb(r, g, b),
        )
    } else {
        let colour = mark_colour(v.mark).unwrap_or(egui::Color32::LIGHT_GRAY);
        (
            format!(
                "Not quite: {} is a {} ({:.0} % became {:.0} %). The computer plays {}.",
                v.played,
                v.mark.name(),
                v.before,
                v.after,
                v.best()
            ),
            colour,
        )
    };
    ui.label(egui::RichText::new(text).size(16.0).color(colour));
}

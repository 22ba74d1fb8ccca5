//! The review window, beside the replay (issue 47): the computer's analysis of the whole game —
//! a win-chance graph (click a point to show the position after that move), each side's marks
//! and accuracy, what the chosen move was and what the computer preferred, and a step to the
//! previous or next mistake. Offered once the game is over, or at any time in a game with no
//! computer and no online opponent; the analysis runs on a search thread and fills in as it
//! goes, and can be cancelled. The move list shows the marks (`?!`, `?`, `??`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use parlour_ai::analysis::{Mark, PlyAnalysis, SideSummary};
use parlour_rules::{Player, Status};

use crate::games::any_match::AnyMatch;
use crate::games::build::Setup;
use crate::games::review::{AVAILABLE, AnalysisTask, REVIEW_MS};
use crate::play::board::Match;
use crate::play::messages::GameCommand;
use crate::state::{Remote, Review, Screen};

/// The review's analysis: the plies done so far for the record it was asked about.
#[derive(Resource, Default)]
pub struct ReviewAnalysis {
    /// The record (every move's notation) the plies are about.
    record: Vec<String>,
    /// The plies analysed, in order.
    pub plies: Vec<PlyAnalysis>,
    task: Option<AnalysisTask>,
    /// Set by the result card's "Review": start as soon as the review opens.
    pub requested: bool,
}

impl ReviewAnalysis {
    /// True while asked for or running (a screenshot waits for it).
    pub fn busy(&self) -> bool {
        self.requested || self.task.is_some()
    }

    /// The mark of ply `ply` (from 1), once analysed.
    pub fn mark(&self, ply: usize) -> Option<Mark> {
        self.plies.get(ply.checked_sub(1)?).map(|p| p.mark)
    }
}

/// The colour a mark is shown in (none for best and good moves).
pub fn mark_colour(mark: Mark) -> Option<egui::Color32> {
    match mark {
        Mark::Best | Mark::Good => None,
        Mark::Inaccuracy => Some(egui::Color32::from_rgb(230, 200, 70)),
        Mark::Mistake => Some(egui::Color32::from_rgb(240, 140, 50)),
        Mark::Blunder => Some(egui::Color32::from_rgb(235, 70, 60)),
    }
}

/// Every move of the match's record in notation: those played, then those taken back.
fn record(m: &dyn AnyMatch) -> Vec<String> {
    m.history()
        .into_iter()
        .chain(m.future_history())
        .map(|(_, t)| t)
        .collect()
}

/// True when the review may analyse now: the game is over, or nobody in it is the computer or
/// a person online.
fn may_analyse(m: &dyn AnyMatch, setup: &Setup, remote: &Remote) -> bool {
    let over = m.status() != Status::Ongoing;
    let hot_seat = setup.seats.iter().all(Option::is_none) && !remote.0.iter().any(|r| *r);
    AVAILABLE && (over || hot_seat)
}

pub(super) fn review(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    m: Option<Res<Match>>,
    review: Res<Review>,
    setup: Res<Setup>,
    remote: Res<Remote>,
    mut analysis: ResMut<ReviewAnalysis>,
    mut cmds: MessageWriter<GameCommand>,
) -> Result {
    let Some(m) = m else { return Ok(()) };
    let changed = m.is_changed();
    let m = m.0.as_ref();
    // The record is read only when the match changes (a move, an undo, a step of the replay).
    if changed {
        let rec = record(m);
        if analysis.record != rec {
            // Another game, or moves since: what was analysed is about something else.
            analysis.task = None;
            analysis.plies.clear();
            analysis.record = rec;
        }
    }
    if let Some(task) = analysis.task.as_mut() {
        let mut fresh = Vec::new();
        let done = task.poll(&mut fresh);
        analysis.plies.extend(fresh);
        if done {
            analysis.task = None;
        }
    }
    if *screen.get() != Screen::Playing || !review.0 {
        return Ok(());
    }
    let allowed = may_analyse(m, &setup, &remote);
    if analysis.requested && allowed && analysis.plies.is_empty() && analysis.task.is_none() {
        analysis.task = Some(m.spawn_analysis());
    }
    analysis.requested = false;
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Review")
        .resizable(false)
        .collapsible(true)
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .default_width(340.0)
        .show(ctx, |ui| {
            let total = analysis.record.len();
            let done = analysis.plies.len();
            if done == 0 && analysis.task.is_none() {
                start_button(ui, m, allowed, total, &mut analysis);
                return;
            }
            if analysis.task.is_some() {
                ui.horizontal(|ui| {
                    ui.add(
                        egui::ProgressBar::new(done as f32 / total.max(1) as f32)
                            .desired_width(260.0)
                            .text(format!("Analysing: {done} of {total} moves")),
                    );
                    if ui.button("Cancel").clicked() {
                        analysis.task = None;
                    }
                });
            }
            let at = m.history().len();
            if let Some(ply) = graph(ui, m, &analysis.plies, total, at) {
                cmds.write(GameCommand::ReplayTo(ply));
            }
            chosen(ui, m, &analysis.plies, at);
            steps(ui, &analysis.plies, at, &mut cmds);
            summary(ui, m, &analysis.plies);
        });
    Ok(())
}

fn start_button(ui: &mut egui::Ui, m: &dyn AnyMatch, allowed: bool, total: usize, analysis: &mut ReviewAnalysis) {
    // (A record with moves taken back is analysed whole.)
    let why = if !AVAILABLE {
        "The review's analysis does not run in the browser yet."
    } else if !allowed {
        "Reviewed once the game is over (or at any time in a game between people at this computer)."
    } else {
        "The computer looks at every position of the game and marks the moves that lost ground."
    };
    let secs = (total as u64 + 1) * REVIEW_MS / 1000;
    let button = egui::Button::new(egui::RichText::new(format!("Analyse the game (about {secs} s)")).size(16.0));
    if ui
        .add_enabled(allowed && total > 0, button)
        .on_hover_text(why)
        .on_disabled_hover_text(why)
        .clicked()
    {
        analysis.task = Some(m.spawn_analysis());
    }
    ui.label(egui::RichText::new(why).small());
}

/// The first-named side's win chance after each ply (and before the first), 0–100.
fn curve(plies: &[PlyAnalysis]) -> Vec<f32> {
    let first = |p: &PlyAnalysis, chance: f32| if p.mover == Player::P1 { chance } else { 100.0 - chance };
    let mut points: Vec<f32> = plies.first().map(|p| first(p, p.before)).into_iter().collect();
    points.extend(plies.iter().map(|p| first(p, p.after)));
    points
}

/// The win-chance graph; returns the ply clicked.
fn graph(ui: &mut egui::Ui, m: &dyn AnyMatch, plies: &[PlyAnalysis], total: usize, at: usize) -> Option<usize> {
    let (rect, response) = ui.allocate_exact_size(egui::vec2(340.0, 80.0), egui::Sense::click());
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

fn side_title(m: &dyn AnyMatch, p: Player) -> String {
    crate::games::words::cap(&m.side_name(p))
}

/// What the chosen move (the one that led to the position shown) was, and what the computer
/// preferred.
fn chosen(ui: &mut egui::Ui, m: &dyn AnyMatch, plies: &[PlyAnalysis], at: usize) {
    let Some(p) = at.checked_sub(1).and_then(|i| plies.get(i)) else {
        ui.label(egui::RichText::new("Click the graph or a move to see what the computer thought of it.").small());
        return;
    };
    let mut text = egui::RichText::new(format!(
        "{}. {} {}: {}",
        p.ply,
        side_title(m, p.mover),
        p.played,
        p.mark.name()
    ));
    if let Some(colour) = mark_colour(p.mark) {
        text = text.color(colour);
    }
    ui.horizontal(|ui| {
        ui.label(text);
        ui.label(egui::RichText::new(format!("chance {:.0} % before, {:.0} % after", p.before, p.after)).small());
    });
    if p.mark != Mark::Best && !p.best_line.is_empty() {
        ui.label(format!(
            "The computer preferred {} (then {}).",
            p.best(),
            p.best_line[1..].join(" ")
        ));
    }
    if let Some((before, after)) = p.proven {
        let word = |w: bool| if w { "won" } else { "lost" };
        ui.label(
            egui::RichText::new(format!(
                "Proven: {} before the move, {} after it.",
                word(before),
                word(after)
            ))
            .small(),
        );
    }
}

/// The previous and next mistake (or blunder).
fn steps(ui: &mut egui::Ui, plies: &[PlyAnalysis], at: usize, cmds: &mut MessageWriter<GameCommand>) {
    let bad: Vec<usize> = plies
        .iter()
        .filter(|p| p.mark >= Mark::Mistake)
        .map(|p| p.ply as usize)
        .collect();
    ui.horizontal(|ui| {
        let before = bad.iter().rev().find(|&&p| p < at).copied();
        let after = bad.iter().find(|&&p| p > at).copied();
        if ui
            .add_enabled(before.is_some(), egui::Button::new("◀ Previous mistake"))
            .clicked()
        {
            cmds.write(GameCommand::ReplayTo(before.unwrap_or(at)));
        }
        if ui
            .add_enabled(after.is_some(), egui::Button::new("Next mistake ▶"))
            .clicked()
        {
            cmds.write(GameCommand::ReplayTo(after.unwrap_or(at)));
        }
        let n = bad.len();
        let words = if n == 1 {
            "mistake or blunder"
        } else {
            "mistakes and blunders"
        };
        ui.label(egui::RichText::new(format!("{n} {words}")).small());
    });
}

/// Each side's marks and accuracy.
fn summary(ui: &mut egui::Ui, m: &dyn AnyMatch, plies: &[PlyAnalysis]) {
    for side in [Player::P1, Player::P2] {
        let s = SideSummary::of(plies, side);
        let counts: Vec<String> = Mark::ALL
            .iter()
            .zip(s.marks)
            .filter(|(_, n)| *n > 0)
            .map(|(mark, n)| match mark.symbol() {
                "" => format!("{n} {}", mark.name()),
                symbol => format!("{n} {symbol}"),
            })
            .collect();
        ui.label(format!(
            "{} {:.0} % accurate: {}",
            side_title(m, side),
            s.accuracy,
            counts.join(", ")
        ));
    }
}

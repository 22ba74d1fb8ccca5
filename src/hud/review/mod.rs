//! The review window, beside the replay (issue 47): the computer's analysis of the whole game —
//! a win-chance graph (click a point to show the position after that move), each side's marks
//! and accuracy, what the chosen move was and what the computer preferred (both drawn on the
//! table, `review::arrows`), the computer's line played out on the board, a branch played from
//! the position shown, and a step to the previous or next mistake. Offered once the game is
//! over, or at any time in a game with no computer and no online opponent; the analysis runs on
//! a search thread and fills in as it goes, and can be cancelled. The move list shows the marks
//! (`?!`, `?`, `??`). With "no spoilers" the verdicts stay hidden until asked for, move by move.
//! `graph` draws the graph; `actions` holds the keys, the line and the branch; `own` the offer of
//! the puzzles the game gave (the wins the player let go, `puzzles::own`).

mod actions;
mod graph;
mod lesson;
mod look;
pub(super) mod own;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use parlour_ai::analysis::{Mark, PlyAnalysis, SideSummary};
use parlour_rules::{Player, Status};

use crate::games::any_match::AnyMatch;
use crate::games::build::Setup;
use crate::play::board::{Match, OffRecord, ShownMoves};
use crate::play::messages::GameCommand;
use crate::puzzles::own::OwnPuzzles;
use crate::puzzles::{Mode, PlayOwn};
use crate::review::analysis::{REVIEW_MS, ReviewAnalysis};
use crate::review::branch::ReviewAction;
use crate::review::lesson::{Lesson, LessonAction};
use crate::review::task;
use crate::state::{Remote, Review, Screen};
use crate::store::settings::Settings;

use crate::theme::palette::BEST_RGB;
pub(super) use actions::review_keys;
pub use look::mark_colour;
use look::side_title;

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
    over || hot_seat
}

/// The moves to draw on the table for the position shown: the one played, and the computer's
/// preferred one where it differs.
fn shown_moves(m: &dyn AnyMatch, analysis: &ReviewAnalysis) -> ShownMoves {
    let at = m.plies();
    let Some(p) = analysis.ply(at) else {
        return ShownMoves::default();
    };
    let best = if p.mark == Mark::Best {
        Vec::new()
    } else {
        m.tokens_before(at, p.best()).unwrap_or_default()
    };
    ShownMoves {
        played: m.last_tokens(),
        mark: Some(p.mark),
        best,
    }
}

pub(super) fn review(
    mut contexts: EguiContexts,
    (screen, review, setup, remote): (Res<State<Screen>>, Res<Review>, Res<Setup>, Res<Remote>),
    m: Option<Res<Match>>,
    mut analysis: ResMut<ReviewAnalysis>,
    (off, mut shown, mut settings): (Res<OffRecord>, ResMut<ShownMoves>, ResMut<Settings>),
    mut cmds: MessageWriter<GameCommand>,
    mut actions: MessageWriter<ReviewAction>,
    (learning, mut asked): (Res<Lesson>, MessageWriter<LessonAction>),
    mut inset: ResMut<crate::table::camera::ViewInset>,
    (own, mut play): (Res<OwnPuzzles>, MessageWriter<PlayOwn>),
) -> Result {
    let Some(m) = m else { return Ok(()) };
    let changed = m.is_changed();
    let m = m.0.as_ref();
    // While a line or a branch is on the table the reviewed game is kept aside, unchanged.
    if !off.active() {
        analysis.follow(|| record(m), changed);
    } else if cfg!(target_arch = "wasm32") && off.branching() && analysis.task.is_some() {
        // In the browser the analysis and the computer's searches share the one worker: a
        // branch against the computer would wait behind it. "Analyse the other N moves" goes
        // on from where it stopped once back in the review.
        analysis.task = None;
    }
    lesson::start_when_analysed(&mut analysis, &mut asked);
    if analysis.hide != settings.hide_verdicts {
        analysis.hide = settings.hide_verdicts;
    }
    let playing = *screen.get() == Screen::Playing;
    // Nothing is drawn over a line being played or a move being tried (no spoilers there).
    let want = if playing && review.0 && !off.showing_line() && !off.trying() {
        shown_moves(m, &analysis)
    } else {
        ShownMoves::default()
    };
    if *shown != want {
        *shown = want;
    }
    let ctx = contexts.ctx_mut()?.clone();
    let covered = if !playing {
        None
    } else if learning.active() {
        egui::Window::new("Learn from your mistakes")
            .resizable(false)
            .collapsible(false)
            .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
            .default_width(340.0)
            .show(&ctx, |ui| {
                lesson::window(ui, m, &learning, &off, &analysis, &mut asked);
            })
            .map(|r| r.response.rect.right())
    } else if off.branching() {
        actions::branch_window(&ctx, m, off.from, &mut actions)
    } else if review.0 {
        let allowed = may_analyse(m, &setup, &remote);
        if analysis.requested && allowed && analysis.plies.is_empty() && analysis.task.is_none() {
            analysis.task = Some(task::spawn(m.analysis_job(0, REVIEW_MS)));
        }
        analysis.requested = false;
        let mut out = Out {
            cmds: &mut cmds,
            actions: &mut actions,
            asked: &mut asked,
            online: remote.any(),
            own: &own,
            play: &mut play,
        };
        // The settings are written when they change: only on a click.
        let mut hide = settings.hide_verdicts;
        let right = review_window(&ctx, m, allowed, &mut analysis, &off, &mut hide, &mut out);
        if hide != settings.hide_verdicts {
            settings.hide_verdicts = hide;
        }
        right
    } else {
        None
    };
    // The camera keeps the board clear of the window (see `ViewInset`).
    let left = covered.map_or(0.0, |right| (right + 8.0) * ctx.pixels_per_point());
    if inset.left != left {
        inset.left = left;
    }
    Ok(())
}

/// Where the review window's requests go.
struct Out<'a, 'w1, 'w2, 'w3, 'w4> {
    cmds: &'a mut MessageWriter<'w1, GameCommand>,
    actions: &'a mut MessageWriter<'w2, ReviewAction>,
    asked: &'a mut MessageWriter<'w3, LessonAction>,
    /// An online game (no branch from it).
    online: bool,
    /// The player's own puzzles (the offer of this game's).
    own: &'a OwnPuzzles,
    /// "Solve them" of that offer.
    play: &'a mut MessageWriter<'w4, PlayOwn>,
}

/// The review window; returns its right edge.
fn review_window(
    ctx: &egui::Context,
    m: &dyn AnyMatch,
    allowed: bool,
    analysis: &mut ReviewAnalysis,
    off: &OffRecord,
    hide: &mut bool,
    out: &mut Out<'_, '_, '_, '_, '_>,
) -> Option<f32> {
    egui::Window::new("Review")
        .resizable(false)
        .collapsible(true)
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .default_width(340.0)
        .show(ctx, |ui| {
            let total = analysis.record.len();
            let done = analysis.plies.len();
            if let Some(why) = &analysis.failed
                && analysis.task.is_none()
            {
                ui.colored_label(
                    egui::Color32::from_rgb(230, 150, 90),
                    format!("The analysis stopped: {why}"),
                );
            }
            if done == 0 && analysis.task.is_none() {
                start_button(ui, m, allowed, total, analysis);
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
            } else if done < total
                && allowed
                && ui.button(format!("Analyse the other {} moves", total - done)).clicked()
            {
                // After a cancel: on from the first move not yet analysed.
                analysis.task = Some(task::spawn(m.analysis_job(done, REVIEW_MS)));
            }
            let at = m.plies();
            if off.showing_line() {
                actions::line_playing(ui, out.actions);
                return;
            }
            if analysis.hide {
                ui.label(egui::RichText::new("No spoilers: the graph, the marks and the accuracy are hidden.").small());
            } else if let Some(ply) = graph::graph(ui, m, &analysis.plies, total, at) {
                out.cmds.write(GameCommand::ReplayTo(ply));
            }
            chosen(ui, m, analysis, at, out.actions);
            steps(ui, analysis, at, out.cmds);
            if !analysis.hide {
                summary(ui, m, &analysis.plies);
                if analysis.task.is_none() {
                    lesson::start_row(ui, m, analysis, out.asked);
                }
            }
            if !analysis.hide && own::offer(ui, out.own, &analysis.record, false) {
                out.play.write(PlayOwn {
                    mode: Mode::FromGame,
                    game: m.game_id(),
                });
            }
            ui.separator();
            actions::branch_row(ui, m, out.online, out.actions);
            ui.horizontal(|ui| {
                ui.checkbox(hide, "No spoilers")
                    .on_hover_text("Hide the computer's verdicts until you ask for each move's");
                ui.label(
                    egui::RichText::new("Keys: Left/Right a move, Up/Down a mistake, Enter the best line").small(),
                );
            });
        })
        .map(|r| r.response.rect.right())
}

fn start_button(ui: &mut egui::Ui, m: &dyn AnyMatch, allowed: bool, total: usize, analysis: &mut ReviewAnalysis) {
    // (A record with moves taken back is analysed whole.)
    let why = if !allowed {
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
        analysis.task = Some(task::spawn(m.analysis_job(0, REVIEW_MS)));
    }
    ui.label(egui::RichText::new(why).small());
}

/// What the chosen move (the one that led to the position shown) was, and what the computer
/// preferred; with the verdicts hidden, a button that shows this move's.
fn chosen(
    ui: &mut egui::Ui,
    m: &dyn AnyMatch,
    analysis: &mut ReviewAnalysis,
    at: usize,
    actions: &mut MessageWriter<ReviewAction>,
) {
    if at > 0 && at <= analysis.plies.len() && !analysis.shown(at) {
        if ui.button("Show the computer's verdict on this move").clicked() {
            analysis.revealed.insert(at);
        }
        return;
    }
    let Some(p) = analysis.ply(at) else {
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
    if !p.best_line.is_empty() {
        let [r, g, b] = BEST_RGB;
        let then = p.best_line[1..].join(" ");
        let line = match (p.mark == Mark::Best, then.is_empty()) {
            (true, true) => "The computer agrees.".to_string(),
            (true, false) => format!("The computer agrees; it goes on {then}."),
            (false, true) => format!("The computer preferred {}.", p.best()),
            (false, false) => format!("The computer preferred {} (then {then}).", p.best()),
        };
        ui.label(egui::RichText::new(line).color(egui::Color32::from_rgb(r, g, b)));
        let button = ui
            .button("▶ Show the best line")
            .on_hover_text("Plays the computer's line on the board from before this move, then comes back (Enter)");
        if button.clicked() {
            actions.write(ReviewAction::ShowLine {
                ply: at,
                line: p.best_line.clone(),
            });
        }
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
fn steps(ui: &mut egui::Ui, analysis: &ReviewAnalysis, at: usize, cmds: &mut MessageWriter<GameCommand>) {
    if analysis.hide {
        return;
    }
    let bad = analysis.mistakes();
    ui.horizontal(|ui| {
        let (before, after) = actions::around(&bad, at);
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

//! The result card: who won and how, the sides' cards, and replay, rematch, new game or title.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::cards;
use crate::games::build::Setup;
use crate::games::effects::Sfx;
use crate::net::OnlineStatus;
use crate::net::clock::{ABORTED, Ending, LEFT_DRAW};
use crate::net::timing::player_of;
use crate::play::board::OffRecord;
use crate::play::board::{Match, Resigned};
use crate::play::messages::PlaySfx;
use crate::play::result::{left_line, result_line, time_line};
use crate::puzzles::own::OwnPuzzles;
use crate::puzzles::{Mode, PlayOwn};
use crate::review::analysis::ReviewAnalysis;
use crate::review::branch::ReviewAction;
use crate::state::Remote;
use crate::state::{KeepMatch, Review, Screen};
use crate::store::settings::Settings;
use crate::theme::keyboard::way_in;
use crate::theme::layout::mark_target;

pub(super) fn results(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    m: Option<Res<Match>>,
    resigned: Res<Resigned>,
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<PlaySfx>,
    mut keep: ResMut<KeepMatch>,
    mut review: ResMut<Review>,
    (setup, settings, remote, mut analysis): (Res<Setup>, Res<Settings>, Res<Remote>, ResMut<ReviewAnalysis>),
    (mut off, mut actions): (ResMut<OffRecord>, MessageWriter<ReviewAction>),
    online: Option<Res<OnlineStatus>>,
    (own, mut play): (Res<OwnPuzzles>, MessageWriter<PlayOwn>),
) -> Result {
    if *screen.get() != Screen::Results {
        return Ok(());
    }
    let Some(m) = m else { return Ok(()) };
    let m = m.0.as_ref();
    // An online game's fall or abort, which the rules know nothing of.
    let headline = match online.as_ref().and_then(|o| o.ending.zip(o.first)) {
        Some((Ending::Fell(seat), first)) => time_line(m, player_of(seat, first)),
        Some((Ending::Aborted, _)) => ABORTED.to_string(),
        Some((Ending::Agreed, _)) => "A draw (agreed)".to_string(),
        Some((Ending::Left(Some(winner)), first)) => left_line(m, player_of(winner.other(), first)),
        Some((Ending::Left(None), _)) => LEFT_DRAW.to_string(),
        None => result_line(m, resigned.0),
    };
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Result")
        .resizable(false)
        .collapsible(false)
        // Beside the board, so the final position (the chain, the pinned general) stays in view.
        .anchor(egui::Align2::RIGHT_CENTER, [-24.0, 0.0])
        .default_width(330.0)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(headline).size(24.0).strong());
                ui.label(format!("{} moves played", m.history().len()));
            });
            ui.separator();
            cards::side_cards(
                ui,
                m,
                &cards::scoreboard_of(m),
                setup.seats,
                remote.0,
                settings.palette,
                None,
            );
            ui.separator();
            if off.branching() {
                // A game played on from a reviewed position: back to the review it left.
                let back = ui.button(egui::RichText::new("◀ Back to the review").size(17.0));
                way_in(ui, &back);
                if back.clicked() {
                    sfx.write(PlaySfx(Sfx::Click));
                    keep.0 = true;
                    review.0 = true;
                    off.going_back = true;
                    actions.write(ReviewAction::Return);
                    next.set(Screen::Playing);
                }
            }
            // The puzzles the game gave, once reviewed (reviewing is what finds them: the
            // analysis takes about a minute of both cores, so it is never run unasked).
            let moves: Vec<String> = m.history().into_iter().map(|(_, t)| t).collect();
            if !off.branching() && super::review::own::offer(ui, &own, &moves, true) {
                play.write(PlayOwn {
                    mode: Mode::FromGame,
                    game: m.game_id(),
                });
            }
            ui.horizontal(|ui| {
                if !off.branching() {
                    replay_buttons(ui, &mut sfx, &mut keep, &mut review, &mut analysis, &mut next);
                }
                if ui.button(egui::RichText::new("Rematch").size(17.0)).clicked() {
                    sfx.write(PlaySfx(Sfx::Click));
                    next.set(Screen::Playing);
                }
                if ui.button(egui::RichText::new("New game").size(17.0)).clicked() {
                    sfx.write(PlaySfx(Sfx::Click));
                    next.set(Screen::NewGame);
                }
                if ui.button(egui::RichText::new("Title").size(17.0)).clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}

/// "Replay the game" and "Review" (the replay with the computer's analysis).
fn replay_buttons(
    ui: &mut egui::Ui,
    sfx: &mut MessageWriter<PlaySfx>,
    keep: &mut KeepMatch,
    review: &mut Review,
    analysis: &mut ReviewAnalysis,
    next: &mut NextState<Screen>,
) {
    let replay = ui.button(egui::RichText::new("Replay the game").size(17.0));
    way_in(ui, &replay);
    if replay.clicked() {
        sfx.write(PlaySfx(Sfx::Click));
        keep.0 = true;
        review.0 = true;
        next.set(Screen::Playing);
    }
    let button = ui.button(egui::RichText::new("Review").size(17.0)).on_hover_text(
        "The replay with the computer's analysis: its graph, each move's mark, and the wins you let go made puzzles",
    );
    mark_target(ui.ctx(), "review", button.rect);
    if button.clicked() {
        sfx.write(PlaySfx(Sfx::Click));
        keep.0 = true;
        review.0 = true;
        analysis.requested = true;
        next.set(Screen::Playing);
    }
}

//! What the review does beside showing: the keys (← → a move, ↑ ↓ a mistake, Enter the best
//! line), the line being played out, and "Play from here" with its way back.

use bevy::prelude::*;
use bevy_egui::egui;
use parlour_ai::Level;

use crate::games::any_match::AnyMatch;
use crate::play::board::Match;
use crate::play::board::OffRecord;
use crate::play::messages::GameCommand;
use crate::review::analysis::ReviewAnalysis;
use crate::review::branch::ReviewAction;
use crate::state::Review;
use crate::theme::keyboard::DialogUp;

/// The mistakes before and after ply `at`, nearest first.
pub(super) fn around(bad: &[usize], at: usize) -> (Option<usize>, Option<usize>) {
    (
        bad.iter().rev().find(|&&p| p < at).copied(),
        bad.iter().find(|&&p| p > at).copied(),
    )
}

/// The replay's keys: ← and → a move back or on, ↑ and ↓ the previous or next mistake, Enter
/// the computer's line from before the move shown (again: stop it).
pub(in crate::hud) fn review_keys(
    keys: Res<ButtonInput<KeyCode>>,
    (review, off, analysis): (Res<Review>, Res<OffRecord>, Res<ReviewAnalysis>),
    m: Option<Res<Match>>,
    up: Res<DialogUp>,
    wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut cmds: MessageWriter<GameCommand>,
    mut actions: MessageWriter<ReviewAction>,
) {
    let Some(m) = m else { return };
    if !review.0 || up.0 || wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::Enter) {
        if off.showing_line() {
            actions.write(ReviewAction::StopLine);
        } else if let Some(p) = analysis.ply(m.0.plies()) {
            actions.write(ReviewAction::ShowLine {
                ply: p.ply as usize,
                line: p.best_line.clone(),
            });
        }
    }
    if off.active() {
        return;
    }
    let at = m.0.plies();
    let (before, after) = around(&analysis.mistakes(), at);
    let step = [
        (KeyCode::ArrowLeft, Some(GameCommand::ReplayBack)),
        (KeyCode::ArrowRight, Some(GameCommand::ReplayForward)),
        (KeyCode::ArrowUp, before.map(GameCommand::ReplayTo)),
        (KeyCode::ArrowDown, after.map(GameCommand::ReplayTo)),
    ];
    for (key, cmd) in step {
        if keys.just_pressed(key)
            && let Some(cmd) = cmd
        {
            cmds.write(cmd);
        }
    }
}

/// While the computer's line plays on the board.
pub(super) fn line_playing(ui: &mut egui::Ui, actions: &mut MessageWriter<ReviewAction>) {
    ui.horizontal(|ui| {
        ui.spinner();
        ui.label("Playing the computer's line…");
        if ui.button("Stop").on_hover_text("Back to the game (Enter)").clicked() {
            actions.write(ReviewAction::StopLine);
        }
    });
}

/// The opponents a branch can be played against: another person here, or a level.
const AGAINST: [Option<Level>; 5] = [
    None,
    Some(Level::Novice),
    Some(Level::Casual),
    Some(Level::Strong),
    Some(Level::Master),
];

fn against_name(against: Option<Level>) -> String {
    against.map_or_else(|| "a person here".to_string(), |l| format!("the {}", l.name()))
}

/// "Play from here": the person to move against a level or another person, from the position
/// shown.
pub(super) fn branch_row(ui: &mut egui::Ui, m: &dyn AnyMatch, online: bool, actions: &mut MessageWriter<ReviewAction>) {
    let id = ui.id().with("branch-against");
    let mut against: Option<Level> = ui.data(|d| d.get_temp(id)).unwrap_or(Some(Level::Strong));
    let open = !m.status().is_over() && !online;
    let why = if online {
        "An online game is reviewed here, not played on."
    } else if m.status().is_over() {
        "The game is over in this position: choose an earlier move."
    } else {
        "Try another move from this position; the review waits, as it is, until you come back."
    };
    ui.horizontal(|ui| {
        let button = ui
            .add_enabled(open, egui::Button::new("Play from here"))
            .on_hover_text(why)
            .on_disabled_hover_text(why);
        ui.label("against");
        egui::ComboBox::from_id_salt("branch-against-box")
            .selected_text(against_name(against))
            .show_ui(ui, |ui| {
                for a in AGAINST {
                    ui.selectable_value(&mut against, a, against_name(a));
                }
            });
        if button.clicked() {
            actions.write(ReviewAction::Branch { against });
        }
    });
    ui.data_mut(|d| d.insert_temp(id, against));
}

/// The small window of a branch: where it left the game, and the way back.
/// Returns the window's right edge.
pub(super) fn branch_window(
    ctx: &egui::Context,
    m: &dyn AnyMatch,
    from: usize,
    actions: &mut MessageWriter<ReviewAction>,
) -> Option<f32> {
    egui::Window::new("Trying a line")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::LEFT_TOP, [8.0, 8.0])
        .show(ctx, |ui| {
            ui.label(format!(
                "Played on from move {from}; {} moves in this try.",
                m.plies().saturating_sub(from)
            ));
            if ui
                .button(egui::RichText::new("◀ Back to the review").size(16.0))
                .on_hover_text("The reviewed game as it was, at the move you left it")
                .clicked()
            {
                actions.write(ReviewAction::Return);
            }
        })
        .map(|r| r.response.rect.right())
}

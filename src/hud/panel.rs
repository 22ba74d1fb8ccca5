//! The playing screen's window at the top right ("hud"): the game and whose turn, the sides'
//! cards, the rule that limits the turn, the computer thinking with "move now", the hint, the
//! move list with the replay controls, undo, redo, hint and resign, the camera, rules and
//! menu, save, load and settings, and the sound. Its system also draws the caption, the
//! refusal and the choice buttons (`caption`) and the pause menu (`pause`).

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use parlour_ai::Level;

use super::caption;
use super::cards;
use super::common::{Dialogs, card_mode};
use super::scoreboard::Scoreboard;
use crate::ai::AiTurn;
use crate::cli::Args;
use crate::games::any_match::AnyMatch;
use crate::games::build::{Setup, move_list};
use crate::games::effects::Sfx;
use crate::games::soldiers_rules_line;
use crate::play::board::{Caption, Match, Selection};
use crate::play::messages::{GameCommand, MoveInput, PlaySfx};
use crate::play::result::result_line;
use crate::review::analysis::ReviewAnalysis;
use crate::state::{Demo, Paused, Phase, Remote, Review, Screen};
use crate::store::settings::{DataDir, Settings};
use crate::store::{SaveList, StoreAction, refresh};
use crate::table::camera::OrbitCam;
use crate::teach::rules_view::ShowRules;
use crate::theme::layout::Layout;
use crate::theme::layout::{InputSeen, with_key};
use crate::theme::palette::GOLD;

pub(super) fn playing(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    phase: Option<Res<State<Phase>>>,
    m: Option<Res<Match>>,
    setup: Res<Setup>,
    sel: Res<Selection>,
    ai: Res<AiTurn>,
    caption: Res<Caption>,
    mut paused: ResMut<Paused>,
    mut cam: ResMut<OrbitCam>,
    mut rules: ResMut<ShowRules>,
    mut cmds: MessageWriter<GameCommand>,
    mut input: MessageWriter<MoveInput>,
    mut sfx: MessageWriter<PlaySfx>,
    (
        mut settings,
        review,
        mut dialogs,
        mut store,
        dir,
        mut list,
        demo,
        mut rules_line,
        mut board,
        args,
        remote,
        analysis,
        (layout, mut sheet, seen, online),
    ): (
        ResMut<Settings>,
        Res<Review>,
        ResMut<Dialogs>,
        MessageWriter<StoreAction>,
        Res<DataDir>,
        ResMut<SaveList>,
        Res<Demo>,
        Local<Option<String>>,
        Local<Scoreboard>,
        Option<Res<Args>>,
        Res<Remote>,
        Res<ReviewAnalysis>,
        (
            Res<Layout>,
            ResMut<super::compact::Sheet>,
            Res<crate::theme::layout::InputSeen>,
            Res<crate::net::OnlineStatus>,
        ),
    ),
    puzzle: Option<Res<crate::puzzles::PuzzleSession>>,
) -> Result {
    if *screen.get() != Screen::Playing || card_mode(args.as_deref()) {
        return Ok(());
    }
    // The Sixteen Soldiers rules line over the move list, worked out when the match changes.
    if let Some(m) = m.as_ref().filter(|m| m.is_changed()) {
        *rules_line = soldiers_rules_line(&m.0.options());
        *board = cards::scoreboard_of(m.0.as_ref());
    }
    let Some(m) = m else { return Ok(()) };
    let m = m.0.as_ref();
    let phase = phase.map(|p| *p.get());
    let ctx = contexts.ctx_mut()?;
    let view = super::compact::BarView {
        m,
        board: &board,
        phase,
        seats: setup.seats,
        palette: settings.palette,
        thinking: ai.elapsed,
        online: online.active.then_some(&*online),
    };
    // A puzzle's own window (`puzzles`) stands in the side window's place.
    let (window, move_now) = if puzzle.is_some() {
        (None, false)
    } else {
        super::compact::side_window(ctx, &layout, &view, &mut sheet)
    };
    if move_now {
        cmds.write(GameCommand::MoveNow);
    }
    let body = |ui: &mut egui::Ui| {
        let over = phase == Some(Phase::GameOver);
        header(ui, m, over, review.0);
        cards::side_cards(
            ui,
            m,
            &board,
            setup.seats,
            remote.0,
            settings.palette,
            (!over).then(|| m.to_move()),
        );
        turn_notes(ui, m, &board, over);
        if phase == Some(Phase::AiThinking) {
            thinking(ui, m, setup.seats, &ai, &mut cmds);
        }
        hint(ui, &ai, &sel);
        cards::details(ui, &board, "hud-details");
        ui.separator();
        moves(ui, m, rules_line.as_deref(), review.0, phase, &analysis, &mut cmds);
        list_buttons(ui, m, review.0, &mut dialogs, &mut cmds, &mut sfx);
        if review.0 {
            replay_controls(ui, m, phase, &mut cmds);
        }
        ui.separator();
        game_buttons(ui, m, phase, &remote, &seen, &mut cmds);
        view_buttons(ui, &seen, &mut cam, &mut rules, &mut paused);
        store_buttons(ui, demo.0, &mut store, &dir, &mut list, &mut dialogs);
        sound(ui, &mut settings);
    };
    if let Some(window) = window {
        window.show(ctx, |ui| super::compact::side_scroll(ctx, &layout).show(ui, body));
    }

    caption::caption(ctx, m, phase, &sel, &caption, &layout);
    caption::refusal(ctx, phase, &sel);
    caption::choices(ctx, m, phase, &sel, paused.0, &mut sfx, &mut input, &layout);
    Ok(())
}

/// The game's title, then the result once it is over or where the replay stands.
fn header(ui: &mut egui::Ui, m: &dyn AnyMatch, over: bool, review: bool) {
    ui.label(egui::RichText::new(m.title()).size(20.0).strong());
    if over {
        ui.label(
            egui::RichText::new(result_line(m, None))
                .size(16.0)
                .strong()
                .color(GOLD),
        );
    } else if review {
        let at = m.history().len();
        ui.label(
            egui::RichText::new(format!("Looking back: after move {at} of {}", at + m.redo_len()))
                .italics()
                .color(GOLD),
        );
    }
}

/// The rule that limits the turn (none once the game is over), and the game's note.
fn turn_notes(ui: &mut egui::Ui, m: &dyn AnyMatch, board: &Scoreboard, over: bool) {
    if let Some(rule) = board.rule.as_ref().filter(|_| !over) {
        ui.label(
            egui::RichText::new(rule)
                .size(13.0)
                .color(egui::Color32::from_rgb(230, 170, 90)),
        );
    }
    if let Some(note) = m.note() {
        ui.label(egui::RichText::new(note).size(13.0).italics());
    }
}

/// The computer thinking: progress against the level's thinking time where it has one, and
/// "Move now".
fn thinking(
    ui: &mut egui::Ui,
    m: &dyn AnyMatch,
    seats: [Option<Level>; 2],
    ai: &AiTurn,
    cmds: &mut MessageWriter<GameCommand>,
) {
    // Progress against the level's thinking time where it has one (the Master's; the others
    // search a fixed amount).
    let budget = match seats[m.seat_to_move().index()] {
        Some(Level::Master) => Some(parlour_ai::MASTER_MS as f32 / 1000.0),
        _ => None,
    };
    ui.horizontal(|ui| {
        match budget {
            Some(b) => {
                ui.add(
                    egui::ProgressBar::new((ai.elapsed / b).min(1.0))
                        .desired_width(130.0)
                        .text(format!("Thinking {:.1} s", ai.elapsed)),
                );
            }
            None => {
                ui.spinner();
                ui.label(format!("Thinking… {:.1} s", ai.elapsed));
            }
        }
        if ui.button("Move now").clicked() {
            cmds.write(GameCommand::MoveNow);
        }
    });
}

/// A hint being looked for, or what the hint's proof search found.
fn hint(ui: &mut egui::Ui, ai: &AiTurn, sel: &Selection) {
    if ai.hinting() {
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label("Looking for a hint…");
        });
    } else if let Some(note) = &sel.hint_note {
        ui.colored_label(egui::Color32::from_rgb(230, 170, 60), note);
    }
}

/// The move list, with the Sixteen Soldiers rules line over it.
fn moves(
    ui: &mut egui::Ui,
    m: &dyn AnyMatch,
    rules_line: Option<&str>,
    review: bool,
    phase: Option<Phase>,
    analysis: &ReviewAnalysis,
    cmds: &mut MessageWriter<GameCommand>,
) {
    ui.label(egui::RichText::new("Moves").strong());
    if let Some(rules) = rules_line {
        ui.label(egui::RichText::new(rules).small().italics());
    }
    egui::ScrollArea::vertical()
        .max_height(170.0)
        .min_scrolled_height(150.0)
        .stick_to_bottom(true)
        .show(ui, |ui| {
            // Each move is a button: a click shows the position after it (the replay
            // controls take over; "Continue from here" or ⏭ come back).
            let hist = m.history();
            let ahead = if review { m.future_history() } else { Vec::new() };
            if hist.is_empty() && ahead.is_empty() {
                ui.label(egui::RichText::new("none yet").italics());
            }
            let at = hist.len();
            let busy = phase == Some(Phase::Resolving);
            for (i, (p, text)) in hist.iter().chain(ahead.iter()).enumerate() {
                // The review's mark, once the move is analysed (`?!`, `?`, `??` in colour).
                let mark = analysis.mark(i + 1);
                let symbol = mark.map_or("", |k| k.symbol());
                let line = format!("{:>3}. {:<8} {text}{symbol}", i + 1, m.side_name(*p));
                let mut label = egui::RichText::new(line).monospace();
                if let Some(colour) = mark.and_then(super::review::mark_colour) {
                    label = label.color(colour);
                } else if i >= at {
                    label = label.weak();
                }
                let clicked = ui
                    .add_enabled(!busy, egui::Button::selectable(i + 1 == at && review, label))
                    .on_hover_text("Show the position after this move")
                    .clicked();
                if clicked {
                    cmds.write(GameCommand::ReplayTo(i + 1));
                }
            }
        });
}

/// Under the move list: copy, paste, and Replay or "Continue from here".
fn list_buttons(
    ui: &mut egui::Ui,
    m: &dyn AnyMatch,
    review: bool,
    dialogs: &mut ResMut<Dialogs>,
    cmds: &mut MessageWriter<GameCommand>,
    sfx: &mut MessageWriter<PlaySfx>,
) {
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(!m.history().is_empty(), egui::Button::new("Copy moves"))
            .on_hover_text("Puts the moves on the clipboard in the engine's notation")
            .clicked()
        {
            ui.ctx().copy_text(move_list(m));
            sfx.write(PlaySfx(Sfx::Click));
        }
        if ui
            .button("Paste moves…")
            .on_hover_text("Set up a position from a list of moves")
            .clicked()
        {
            dialogs.paste = !dialogs.paste;
        }
        let total = m.history().len() + m.redo_len();
        if !review {
            if ui
                .add_enabled(total > 0, egui::Button::new("Replay"))
                .on_hover_text("Step through the moves played")
                .clicked()
            {
                cmds.write(GameCommand::Review(true));
            }
        } else if ui
            .button("Continue from here")
            .on_hover_text("Leave the replay and go on with this game from the position shown (the moves after it are dropped at the next move)")
            .clicked()
        {
            cmds.write(GameCommand::Review(false));
        }
    });
}

/// The replay's ⏮ ◀ ▶ ⏭ and where it stands.
fn replay_controls(ui: &mut egui::Ui, m: &dyn AnyMatch, phase: Option<Phase>, cmds: &mut MessageWriter<GameCommand>) {
    let busy = phase == Some(Phase::Resolving);
    ui.horizontal(|ui| {
        let at = m.history().len();
        let total = at + m.redo_len();
        for (label, tip, cmd, enabled) in [
            ("⏮", "To the start", GameCommand::ReplayStart, at > 0),
            ("◀", "One move back", GameCommand::ReplayBack, at > 0),
            ("▶", "One move forward", GameCommand::ReplayForward, at < total),
            ("⏭", "To the last move", GameCommand::ReplayEnd, at < total),
        ] {
            if ui
                .add_enabled(
                    enabled && !busy,
                    egui::Button::new(egui::RichText::new(label).size(18.0)),
                )
                .on_hover_text(tip)
                .clicked()
            {
                cmds.write(cmd);
            }
        }
        ui.label(format!("move {at} of {total}"));
    });
}

/// Undo, redo, hint and resign.
fn game_buttons(
    ui: &mut egui::Ui,
    m: &dyn AnyMatch,
    phase: Option<Phase>,
    remote: &Remote,
    seen: &InputSeen,
    cmds: &mut MessageWriter<GameCommand>,
) {
    let busy = phase == Some(Phase::Resolving);
    ui.horizontal_wrapped(|ui| {
        if ui
            .add_enabled(
                !busy && !remote.any() && !m.history().is_empty(),
                egui::Button::new(with_key(seen, "Undo", "U")),
            )
            .on_disabled_hover_text(
                "In an online game a move is taken back only by agreement: Ask to take back, above the table.",
            )
            .clicked()
        {
            cmds.write(GameCommand::Undo);
        }
        if ui
            .add_enabled(
                !busy && !remote.any() && m.redo_len() > 0,
                egui::Button::new(with_key(seen, "Redo", "R")),
            )
            .clicked()
        {
            cmds.write(GameCommand::Redo);
        }
        if ui
            .add_enabled(
                phase == Some(Phase::AwaitingInput),
                egui::Button::new(with_key(seen, "Hint", "H")),
            )
            .clicked()
        {
            cmds.write(GameCommand::Hint);
        }
        if ui
            .add_enabled(
                !busy && !remote.0.iter().all(|r| *r) && phase != Some(Phase::GameOver),
                egui::Button::new("Resign"),
            )
            .clicked()
        {
            cmds.write(GameCommand::Resign);
        }
    });
}

/// The camera's two views, the rules card and the pause menu.
fn view_buttons(
    ui: &mut egui::Ui,
    seen: &InputSeen,
    cam: &mut ResMut<OrbitCam>,
    rules: &mut ResMut<ShowRules>,
    paused: &mut ResMut<Paused>,
) {
    ui.horizontal_wrapped(|ui| {
        if ui.button(with_key(seen, "View", "C")).clicked() {
            cam.reset();
        }
        if ui.button(with_key(seen, "Top-down", "T")).clicked() {
            cam.toggle_top_down();
        }
        if ui.button(with_key(seen, "Rules", "F1")).clicked() {
            rules.0 = !rules.0;
        }
        if ui.button(with_key(seen, "Menu", "Esc")).clicked() {
            paused.0 = true;
        }
    });
}

/// Save (not in a demo), load and settings.
fn store_buttons(
    ui: &mut egui::Ui,
    demo: bool,
    store: &mut MessageWriter<StoreAction>,
    dir: &DataDir,
    list: &mut ResMut<SaveList>,
    dialogs: &mut ResMut<Dialogs>,
) {
    ui.horizontal_wrapped(|ui| {
        if ui.add_enabled(!demo, egui::Button::new("Save")).clicked() {
            store.write(StoreAction::Save);
        }
        if ui.button("Load…").clicked() {
            refresh(dir, list);
            dialogs.load = !dialogs.load;
        }
        if ui.button("Settings…").clicked() {
            dialogs.settings = !dialogs.settings;
        }
    });
}

/// Mute and the volume, stored only when they change.
fn sound(ui: &mut egui::Ui, settings: &mut ResMut<Settings>) {
    ui.horizontal(|ui| {
        let (mut muted, mut level) = (settings.muted, settings.volume);
        ui.checkbox(&mut muted, "Mute");
        ui.add(
            egui::Slider::new(&mut level, 0.0..=1.0)
                .show_value(false)
                .text("Volume"),
        );
        if (muted, level) != (settings.muted, settings.volume) {
            settings.muted = muted;
            settings.volume = level;
        }
    });
}

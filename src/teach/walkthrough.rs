//! "How to play", step by step on the real board: a game's walkthrough ([`super::lessons`])
//! plays its moves through the same rule stages and animations as a match, one step per Next,
//! with the step's explanation beside the board; Back takes the step's moves back at once.
//! Clicks on the board wait while it runs; Close leaves the position to play on from.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};

use super::lessons::{Lesson, lesson};
use crate::games::Setup;
use crate::play::{GameCommand, GameSet, Match, MoveInput, Phase, Resolution, Screen, StartMoves, Teaching};

/// The walkthrough in progress.
#[derive(Resource)]
pub struct Walkthrough {
    lesson: &'static Lesson,
    /// The step shown (its moves played or being played).
    step: usize,
    /// Moves of the step still to play.
    queue: VecDeque<&'static str>,
}

/// A walkthrough to begin when the board it needs is on the table.
#[derive(Resource, Default)]
pub struct WalkthroughRequest(Option<&'static Lesson>);

/// Asks for the walkthrough of `game` with `options`: the board is set up afresh for it.
pub fn request(
    game: &str,
    options: &[(String, String)],
    req: &mut WalkthroughRequest,
    setup: &mut Setup,
    start: &mut StartMoves,
    next: &mut NextState<Screen>,
) {
    let l = lesson(game, options);
    req.0 = Some(l);
    *setup = Setup {
        game: l.game.to_string(),
        options: l.options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect(),
        seats: [None, None],
    };
    start.0.clear();
    next.set(Screen::Playing);
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<WalkthroughRequest>()
        .add_systems(OnEnter(Screen::Playing), begin.after(crate::play::start_match))
        .add_systems(OnExit(Screen::Playing), end)
        .add_systems(
            Update,
            feed.in_set(GameSet::Input)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Walkthrough>)),
        )
        .add_systems(EguiPrimaryContextPass, panel.run_if(resource_exists::<Walkthrough>));
}

fn begin(mut commands: Commands, mut req: ResMut<WalkthroughRequest>, mut teaching: ResMut<Teaching>) {
    if let Some(lesson) = req.0.take() {
        let queue = lesson.steps[0].moves.split_whitespace().collect();
        commands.insert_resource(Walkthrough { lesson, step: 0, queue });
        teaching.0 = true;
    }
}

fn end(mut commands: Commands, mut teaching: ResMut<Teaching>) {
    commands.remove_resource::<Walkthrough>();
    teaching.0 = false;
}

/// Plays the step's next move once the board is at rest.
fn feed(
    mut w: ResMut<Walkthrough>,
    m: Res<Match>,
    phase: Res<State<Phase>>,
    res: Res<Resolution>,
    queue: Res<crate::anim::AnimQueue>,
    mut input: MessageWriter<MoveInput>,
) {
    if *phase.get() != Phase::AwaitingInput || res.active || !queue.idle() {
        return;
    }
    let Some(text) = w.queue.pop_front() else { return };
    match m.0.parse(text) {
        Ok(tokens) => {
            input.write(MoveInput::Whole(tokens));
        }
        Err(e) => {
            // A test plays every script; this only guards a script edited by hand.
            error!("walkthrough move {text}: {e}");
            w.queue.clear();
        }
    }
}

fn panel(
    mut contexts: EguiContexts,
    mut commands: Commands,
    w: Option<ResMut<Walkthrough>>,
    mut cmds: MessageWriter<GameCommand>,
    mut teaching: ResMut<Teaching>,
    res: Res<Resolution>,
    args: Option<Res<crate::cli::Args>>,
) -> Result {
    let Some(mut w) = w else { return Ok(()) };
    // `--show walk` (screenshots): the walkthrough's third step, its moves played.
    let scripted = args.is_some_and(|a| a.show.as_deref() == Some("walk"));
    if scripted && w.step < 2 && w.queue.is_empty() && !res.active {
        w.step += 1;
        let moves = w.lesson.steps[w.step].moves;
        w.queue.extend(moves.split_whitespace());
    }
    let ctx = contexts.ctx_mut()?;
    let total = w.lesson.steps.len();
    let name = crate::cli::game_name(w.lesson.game).unwrap_or("");
    let busy = !w.queue.is_empty() || res.active;
    let mut close = false;
    egui::Window::new("walkthrough")
        .title_bar(false)
        .resizable(false)
        // The left margin beside the board, clear of the caption under it.
        .anchor(egui::Align2::LEFT_TOP, [16.0, 16.0])
        .fixed_size([250.0, 0.0])
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(format!("How to play {name}"))
                    .size(18.0)
                    .strong()
                    .color(crate::hud::GOLD),
            );
            ui.label(egui::RichText::new(format!("Step {} of {total}", w.step + 1)).weak());
            ui.separator();
            ui.label(egui::RichText::new(w.lesson.steps[w.step].say).size(15.0));
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let back = ui.add_enabled(w.step > 0 && !busy, egui::Button::new("◀ Back"));
                if back.clicked() {
                    // The step's moves come off at once, last first.
                    for _ in w.lesson.steps[w.step].moves.split_whitespace() {
                        cmds.write(GameCommand::Undo);
                    }
                    w.step -= 1;
                }
                let last = w.step + 1 >= total;
                let next = ui.add_enabled(
                    !last && !busy,
                    egui::Button::new(egui::RichText::new("Next ▶").strong()),
                );
                if next.clicked() {
                    w.step += 1;
                    let moves = w.lesson.steps[w.step].moves;
                    w.queue.extend(moves.split_whitespace());
                }
                if ui
                    .button(if last { "Play on from here" } else { "Close" })
                    .on_hover_text("End the walkthrough; the position stays on the table to play on")
                    .clicked()
                {
                    close = true;
                }
            });
        });
    if close {
        commands.remove_resource::<Walkthrough>();
        teaching.0 = false;
    }
    Ok(())
}

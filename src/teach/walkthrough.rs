//! "How to play", step by step on the real board: a game's walkthrough ([`super::lessons`])
//! plays its moves through the same rule stages and animations as a match, one step per Next,
//! with the step's explanation beside the board. A step that starts from a set-up position (a
//! rule book's worked example) puts that position on the table first. Back puts the previous
//! step's position back at once, rebuilt exactly as Next left it. Clicks on the board wait
//! while it runs; Close leaves the position to play on from. A walkthrough that ends its game
//! holds the result card until it is closed.

use std::collections::VecDeque;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_rules::GameId;

use super::lessons::{Lesson, lesson, match_at};
use crate::cli::Args;
use crate::games::any_match::AnyMatch;
use crate::games::build::{Setup, setup_of};
use crate::games::effects::Sfx;
use crate::play::board::{Caption, GameOverTimer, Match, Resolution, Selection, StartMoves, TableDirty};
use crate::play::messages::{MoveInput, PlaySfx};
use crate::play::start::decide;
use crate::play::start::start_match;
use crate::schedule::GameSet;
use crate::state::{Phase, Remote, Review, Screen, Teaching};
use crate::theme::keyboard::Ask;
use crate::theme::keyboard::ask;
use crate::theme::keyboard::way_in;
use crate::theme::palette::GOLD;

/// The walkthrough in progress.
#[derive(Resource)]
pub struct Walkthrough {
    lesson: &'static Lesson,
    /// The step shown (its moves played or being played).
    step: usize,
    /// Moves of the step still to play.
    queue: VecDeque<&'static str>,
    /// A match to put on the table before the queue plays (a step's set-up position, or the
    /// position Back returns to).
    set_up: Option<Box<dyn AnyMatch>>,
}

impl Walkthrough {
    fn new(lesson: &'static Lesson) -> Self {
        let mut w = Walkthrough {
            lesson,
            step: 0,
            queue: VecDeque::new(),
            set_up: None,
        };
        // The table starts at the start position; a first step may set up another.
        if lesson.steps[0].start.is_some() {
            w.set_up = w.build(0, false);
        }
        w.queue.extend(lesson.steps[0].moves.split_whitespace());
        w
    }

    /// Goes to step `to`. One step on plays its moves with their animations, from its set-up
    /// position if it has one; any other step (Back) is put on the table at once, its moves
    /// played.
    fn go(&mut self, to: usize) {
        self.queue.clear();
        if to == self.step + 1 {
            if self.lesson.steps[to].start.is_some() {
                self.set_up = self.build(to, false);
            }
            self.queue.extend(self.lesson.steps[to].moves.split_whitespace());
        } else {
            self.set_up = self.build(to, true);
        }
        self.step = to;
    }

    fn build(&self, k: usize, played: bool) -> Option<Box<dyn AnyMatch>> {
        // A test builds every step of every script; this only guards a script edited by hand.
        match_at(self.lesson, k, played)
            .inspect_err(|e| error!("walkthrough step {}: {e}", k + 1))
            .ok()
    }

    /// True while a position or moves are still to come on the table.
    fn busy(&self) -> bool {
        !self.queue.is_empty() || self.set_up.is_some()
    }
}

/// A walkthrough to begin when the board it needs is on the table.
#[derive(Resource, Default)]
pub struct WalkthroughRequest(Option<&'static Lesson>);

/// Asks for the walkthrough of `game` with `options`: the board is set up afresh for it.
pub fn request(
    game: GameId,
    options: &[(String, String)],
    req: &mut WalkthroughRequest,
    setup: &mut Setup,
    start: &mut StartMoves,
    next: &mut NextState<Screen>,
) {
    let l = lesson(game, options);
    req.0 = Some(l);
    *setup = setup_of(l.game, l.options, [None, None]).0;
    start.0.clear();
    next.set(Screen::Playing);
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<WalkthroughRequest>()
        .add_systems(OnEnter(Screen::Playing), begin.after(start_match))
        .add_systems(OnExit(Screen::Playing), end)
        .add_systems(
            Update,
            (set_up, feed, hold_result)
                .chain()
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<Walkthrough>)),
        )
        .add_systems(EguiPrimaryContextPass, panel.run_if(resource_exists::<Walkthrough>));
}

fn begin(mut commands: Commands, mut req: ResMut<WalkthroughRequest>, mut teaching: ResMut<Teaching>) {
    if let Some(lesson) = req.0.take() {
        commands.insert_resource(Walkthrough::new(lesson));
        teaching.0 = true;
    }
}

/// Puts the walkthrough's set-up match on the table in place of the one there, as taking moves
/// back does: the pieces follow at the next sync of the table.
fn set_up(
    mut w: ResMut<Walkthrough>,
    mut m: ResMut<Match>,
    res: Res<Resolution>,
    (setup, remote, review): (Res<Setup>, Res<Remote>, Res<Review>),
    mut dirty: ResMut<TableDirty>,
    mut sel: ResMut<Selection>,
    mut caption: ResMut<Caption>,
    mut next_phase: ResMut<NextState<Phase>>,
    mut sfx: MessageWriter<PlaySfx>,
) {
    if res.active {
        return;
    }
    let Some(new) = w.set_up.take() else { return };
    next_phase.set(decide(new.as_ref(), &setup, &remote, review.0));
    m.0 = new;
    *sel = Selection::default();
    caption.0.clear();
    dirty.0 = true;
    sfx.write(PlaySfx(Sfx::Click));
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
    queue: Res<crate::play::board::AnimQueue>,
    dirty: Res<TableDirty>,
    mut input: MessageWriter<MoveInput>,
) {
    // A position just set up is on the table once its pieces have been synced.
    if *phase.get() != Phase::AwaitingInput || res.active || !queue.idle() || dirty.0 || w.set_up.is_some() {
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

/// A finished game stays on the table, with the walkthrough's last words, until the player
/// closes the walkthrough: only then does the result card's wait begin.
fn hold_result(mut timer: ResMut<GameOverTimer>) {
    timer.0 = 0.0;
}

fn panel(
    mut contexts: EguiContexts,
    mut commands: Commands,
    w: Option<ResMut<Walkthrough>>,
    m: Option<Res<Match>>,
    mut teaching: ResMut<Teaching>,
    res: Res<Resolution>,
    args: Option<Res<Args>>,
) -> Result {
    let Some(mut w) = w else { return Ok(()) };
    // `--show walk` (screenshots): the walkthrough at step `--step` (default 3), its moves
    // played.
    let scripted = args
        .as_ref()
        .filter(|a| a.show.as_deref() == Some("walk"))
        .map(|a| a.step.min(w.lesson.steps.len()) - 1);
    if let Some(target) = scripted
        && w.step < target
        && !w.busy()
        && !res.active
    {
        let to = w.step + 1;
        w.go(to);
    }
    let ctx = contexts.ctx_mut()?;
    let total = w.lesson.steps.len();
    let name = w.lesson.game.name();
    let busy = w.busy() || res.active;
    let over = m.is_some_and(|m| m.0.status().is_over());
    // Enter (nothing focused) takes the next step, or ends the walkthrough after the last;
    // Escape ends it.
    let asked = ask(ctx);
    let mut close = asked == Some(Ask::Close);
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
                    .color(GOLD),
            );
            ui.label(egui::RichText::new(format!("Step {} of {total}", w.step + 1)).weak());
            ui.separator();
            ui.label(egui::RichText::new(w.lesson.steps[w.step].say).size(15.0));
            ui.add_space(6.0);
            ui.horizontal(|ui| {
                let back = ui.add_enabled(w.step > 0 && !busy, egui::Button::new("◀ Back"));
                if back.clicked() {
                    // The previous step's position, rebuilt as Next left it, at once.
                    let to = w.step - 1;
                    w.go(to);
                }
                let last = w.step + 1 >= total;
                let next = ui
                    .add_enabled(
                        !last && !busy,
                        egui::Button::new(egui::RichText::new("Next ▶").strong()),
                    )
                    .on_hover_text("Enter");
                way_in(ui, &next);
                let enter = asked == Some(Ask::Default) && !busy;
                if next.clicked() || (enter && !last) {
                    let to = w.step + 1;
                    w.go(to);
                }
                let (label, hover) = match (last, over) {
                    (_, true) => (
                        "See the result",
                        "End the walkthrough; the result card opens for the finished game",
                    ),
                    (true, false) => (
                        "Play on from here",
                        "End the walkthrough; the position stays on the table to play on",
                    ),
                    (false, false) => (
                        "Close",
                        "End the walkthrough; the position stays on the table to play on",
                    ),
                };
                if ui.button(label).on_hover_text(hover).clicked() || (enter && last) {
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

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use bevy::state::app::StatesPlugin;
    use bevy::time::TimeUpdateStrategy;

    use super::*;
    use crate::play::board::AnimQueue;
    use crate::play::board::Piece;

    /// A headless app with the walkthrough of `game` begun.
    fn app(game: GameId) -> App {
        app_with(game, &[])
    }

    fn app_with(game: GameId, options: &[(String, String)]) -> App {
        let mut app = App::new();
        app.add_plugins((MinimalPlugins, StatesPlugin))
            .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)))
            .add_plugins((crate::logic_plugin, plugin));
        let l = lesson(game, options);
        app.world_mut().resource_mut::<WalkthroughRequest>().0 = Some(l);
        app.insert_resource(l.setup());
        app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Playing);
        app.update();
        app.update();
        assert!(app.world().contains_resource::<Walkthrough>());
        app
    }

    /// Steps until the walkthrough's position and moves are all on the table, at rest.
    fn settle(app: &mut App) {
        for _ in 0..4000 {
            app.update();
            let w = app.world();
            let at_rest = !w.resource::<Walkthrough>().busy()
                && !w.resource::<Resolution>().active
                && w.resource::<AnimQueue>().idle()
                && !w.resource::<TableDirty>().0
                && *w.resource::<State<Phase>>().get() != Phase::Resolving;
            if at_rest {
                return;
            }
        }
        panic!("the walkthrough never came to rest");
    }

    fn go(app: &mut App, to: usize) {
        app.world_mut().resource_mut::<Walkthrough>().go(to);
        settle(app);
    }

    /// The match and the pieces on the table are step `k`'s, exactly.
    fn shows(app: &mut App, k: usize) {
        let l = app.world().resource::<Walkthrough>().lesson;
        let want = match_at(l, k, true).expect("builds");
        let m = &app.world().resource::<Match>().0;
        let (a, b) = (m.to_save([None, None]), want.to_save([None, None]));
        assert_eq!((a.moves, a.state), (b.moves, b.state), "{} step {}", l.game, k + 1);
        let mut table: Vec<(u32, String)> = app
            .world_mut()
            .query::<&Piece>()
            .iter(app.world())
            .map(|p| (p.key, format!("{:?}", p.look)))
            .collect();
        let mut rules: Vec<(u32, String)> = want
            .pieces()
            .into_iter()
            .map(|p| (p.key, format!("{:?}", p.look)))
            .collect();
        table.sort();
        rules.sort();
        assert_eq!(table, rules, "{} step {}: the pieces on the table", l.game, k + 1);
    }

    /// Next through every step, with Back and Next again at each: the table shows each step's
    /// position, set-up positions included, and Back restores the previous one exactly.
    #[test]
    fn next_and_back_show_each_steps_position() {
        let variant = |v: &str| vec![("variant".to_string(), v.to_string())];
        let lessons = [
            (GameId::Kansho, vec![]),
            (GameId::Qyshinsu, vec![]),
            (GameId::Soldiers, variant("board1")),
            (GameId::Soldiers, variant("board2")),
            (GameId::Soldiers, variant("board3")),
            (GameId::Soldiers, variant("board4")),
            (GameId::Soldiers, variant("monk")),
        ];
        for (game, options) in lessons {
            let mut app = app_with(game, &options);
            settle(&mut app);
            shows(&mut app, 0);
            let n = app.world().resource::<Walkthrough>().lesson.steps.len();
            for k in 1..n {
                go(&mut app, k);
                shows(&mut app, k);
                go(&mut app, k - 1);
                shows(&mut app, k - 1);
                go(&mut app, k);
                shows(&mut app, k);
            }
        }
    }

    /// Kansho's walkthrough ends its game: the result card waits until the walkthrough is
    /// closed.
    #[test]
    fn a_finished_walkthrough_holds_the_result_until_closed() {
        let mut app = app(GameId::Kansho);
        let n = app.world().resource::<Walkthrough>().lesson.steps.len();
        for k in 1..n {
            go(&mut app, k);
        }
        assert!(app.world().resource::<Match>().0.status().is_over());
        for _ in 0..200 {
            app.update();
        }
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Playing);
        app.world_mut().remove_resource::<Walkthrough>();
        for _ in 0..200 {
            app.update();
        }
        assert_eq!(*app.world().resource::<State<Screen>>().get(), Screen::Results);
    }
}

//! The puzzles' two windows: the title's "Puzzles" card (a game, a theme, the player's rating
//! and best streak; rated puzzles, a streak, the daily puzzle) and, over a puzzle on the table,
//! the puzzle's own window in the side window's place (at the top on a small screen): what to
//! find and for whom, what became of the move tried, the hint, the solution, the next puzzle.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use parlour_ai::puzzles::{choose, parse_file, shipped};
use parlour_rules::GameId;

use super::common::big_button;
use crate::games::build::Setup;
use crate::games::effects::Sfx;
use crate::play::board::{Match, StartMoves};
use crate::play::messages::PlaySfx;
use crate::puzzles::flow::side_words;
use crate::puzzles::own::OwnPuzzles;
use crate::puzzles::record::PuzzleRecord;
use crate::puzzles::{
    Ask, Mode, NONE_LEFT_OWN, PuzzleAction, PuzzleHistory, PuzzleRequest, PuzzleSession, Stage, choose_puzzle, open,
    today,
};
use crate::state::{Notice, Screen};
use crate::theme::keyboard::{Ask as Key, ask};
use crate::theme::layout::Layout;
use crate::theme::palette::{BEST_RGB, GOLD};

/// The title's "Puzzles" card: open or not, and the game and theme chosen.
#[derive(Resource)]
pub struct PuzzleMenu {
    /// Shown.
    pub open: bool,
    /// The game.
    pub game: GameId,
    /// The theme (none: every theme).
    pub theme: Option<String>,
    /// "From your games" chosen instead of a theme: the player's own puzzles.
    pub own: bool,
}

impl Default for PuzzleMenu {
    fn default() -> Self {
        PuzzleMenu {
            open: false,
            game: GameId::Konane,
            theme: None,
            own: false,
        }
    }
}

/// What the puzzle windows change when they start a puzzle.
type Starting<'a> = (
    ResMut<'a, PuzzleRequest>,
    ResMut<'a, Setup>,
    ResMut<'a, StartMoves>,
    ResMut<'a, NextState<Screen>>,
);

/// What a puzzle is chosen from: the player's record, this visit's puzzles, their own.
type Known<'a> = (Res<'a, PuzzleRecord>, Res<'a, OwnPuzzles>);

/// Chooses and opens the puzzle `ask` gives, or says there is none.
fn start(ask: &Ask, known: &Known, history: &PuzzleHistory, to: &mut Starting, notice: &mut Notice) -> bool {
    match choose_puzzle(ask, &known.0, history, &known.1) {
        Some(chosen) => {
            open(chosen, &mut to.0, &mut to.1, &mut to.2, &mut to.3);
            true
        }
        None if ask.mode.own() => {
            notice.set(NONE_LEFT_OWN, false);
            false
        }
        None => {
            notice.set("No puzzle is left of that kind: choose another theme.", false);
            false
        }
    }
}

/// The title's card.
pub(super) fn menu(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut menu: ResMut<PuzzleMenu>,
    (known, mut history): (Known, ResMut<PuzzleHistory>),
    mut to: Starting,
    mut notice: ResMut<Notice>,
    layout: Res<Layout>,
    mut sfx: MessageWriter<PlaySfx>,
) -> Result {
    if *screen.get() != Screen::Title || !menu.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    if ask(ctx) == Some(Key::Close) {
        menu.open = false;
    }
    let themes = parse_file(shipped(menu.game))
        .map(|p| choose::themes(&p))
        .unwrap_or_default();
    let mut chosen = None;
    let mut shut = menu.open;
    egui::Window::new("Puzzles")
        .collapsible(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .max_width(layout.max_width(380.0, 8.0))
        .open(&mut shut)
        .show(ctx, |ui| {
            ui.label("Find the winning move: positions from real games, each proven.");
            ui.add_space(4.0);
            ui.horizontal_wrapped(|ui| {
                for g in GameId::ALL {
                    if ui.selectable_label(menu.game == g, g.name()).clicked() && menu.game != g {
                        menu.game = g;
                        menu.theme = None;
                    }
                }
            });
            let own = known.1.of_game(menu.game).len();
            theme_choice(ui, &mut menu, &themes, own, &layout);
            if menu.own {
                own_card(ui, menu.game, own, &mut chosen);
                return;
            }
            let record = &known.0;
            let rated = record.rated(menu.game);
            ui.label(format!(
                "Your {} puzzle rating: {} ({} solved of {})",
                menu.game.name(),
                rated.shown(),
                rated.solved,
                rated.tries
            ));
            ui.label(format!("Best streak: {}", record.best_streak));
            ui.add_space(6.0);
            ui.vertical_centered(|ui| {
                if big_button(ui, "Solve puzzles") {
                    chosen = Some(Mode::Rated);
                }
                if big_button(ui, "Streak") {
                    chosen = Some(Mode::Streak);
                }
                let day = choose::daily(today()).map(|(g, _)| g.name()).unwrap_or_default();
                if big_button(ui, &format!("Today's puzzle ({day})")) {
                    chosen = Some(Mode::Daily);
                }
            });
        });
    menu.open &= shut;
    if let Some(mode) = chosen {
        sfx.write(PlaySfx(Sfx::Click));
        if mode == Mode::Streak {
            history.streak = 0;
            history.streak_last = None;
        }
        let a = Ask {
            mode,
            game: menu.game,
            theme: menu.theme.clone(),
        };
        if start(&a, &known, &history, &mut to, &mut notice) {
            menu.open = false;
        }
    }
    Ok(())
}

/// The theme's list, with "From your games" (the player's own puzzles, `own` of them) first.
fn theme_choice(ui: &mut egui::Ui, menu: &mut PuzzleMenu, themes: &[String], own: usize, layout: &Layout) {
    let from_yours = format!("From your games ({own})");
    let shown = match (&menu.theme, menu.own) {
        (_, true) => from_yours.clone(),
        (Some(t), false) => t.clone(),
        (None, false) => "Every theme".into(),
    };
    egui::ComboBox::from_id_salt("puzzle-theme")
        .selected_text(shown)
        .width(layout.max_width(240.0, 60.0))
        .show_ui(ui, |ui| {
            if ui.selectable_label(menu.own, from_yours).clicked() {
                menu.own = true;
                menu.theme = None;
            }
            if ui
                .selectable_label(!menu.own && menu.theme.is_none(), "Every theme")
                .clicked()
            {
                menu.own = false;
                menu.theme = None;
            }
            for t in themes {
                if ui
                    .selectable_label(!menu.own && menu.theme.as_ref() == Some(t), t)
                    .clicked()
                {
                    menu.own = false;
                    menu.theme = Some(t.clone());
                }
            }
        });
}

/// The card with "From your games" chosen: how many, and the button that plays them.
fn own_card(ui: &mut egui::Ui, game: GameId, own: usize, chosen: &mut Option<Mode>) {
    if own == 0 {
        ui.label(format!(
            "No puzzles from your games of {} yet. Review a game you played: each win you let go \
             that the computer can prove becomes a puzzle here.",
            game.name()
        ));
        return;
    }
    ui.label("Positions from your own games where you had one winning move and played another. Practice: they are not rated.");
    ui.add_space(6.0);
    ui.vertical_centered(|ui| {
        let s = if own == 1 { "" } else { "s" };
        if big_button(ui, &format!("Solve your {own} puzzle{s}")) {
            *chosen = Some(Mode::Own);
        }
    });
}

/// The puzzle's window over the table.
pub(super) fn window(
    mut contexts: EguiContexts,
    session: Option<Res<PuzzleSession>>,
    m: Option<Res<Match>>,
    (known, history): (Known, Res<PuzzleHistory>),
    mut to: Starting,
    mut notice: ResMut<Notice>,
    layout: Res<Layout>,
    mut asked: MessageWriter<PuzzleAction>,
) -> Result {
    let (Some(s), Some(m)) = (session, m) else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let window = egui::Window::new("puzzle").title_bar(false).resizable(false);
    let window = if layout.compact() {
        window
            .anchor(egui::Align2::CENTER_TOP, [0.0, 6.0])
            .fixed_size([layout.width - 24.0, 0.0])
    } else {
        window
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
            .fixed_size([280.0, 0.0])
    };
    let mut next = false;
    let mut leave = false;
    window.show(ctx, |ui| {
        heading(ui, &s, &known.0, &history);
        task(ui, &s, &side_words(s.ask.game, &m.0.side_name(s.side)).0);
        ui.add_space(4.0);
        let finding = s.finding();
        ui.horizontal(|ui| {
            if ui
                .add_enabled(finding && !s.attempt.hinted, egui::Button::new("Hint"))
                .on_hover_text("Rings the piece or point to move (the puzzle then counts as not solved)")
                .clicked()
            {
                asked.write(PuzzleAction::Hint);
            }
            if ui
                .add_enabled(finding, egui::Button::new("Show the solution"))
                .clicked()
            {
                asked.write(PuzzleAction::Show);
            }
        });
        ui.horizontal(|ui| {
            let streak_over = s.ask.mode == Mode::Streak && s.attempt.result() == Some(false);
            let label = match s.ask.mode {
                Mode::Daily => "A rated puzzle ▶",
                Mode::Streak if streak_over => "New streak ▶",
                Mode::Own | Mode::FromGame => "Next of yours ▶",
                _ => "Next puzzle ▶",
            };
            next = ui.button(label).clicked();
            leave = ui.button("Back to the title").clicked();
        });
    });
    if next {
        let mode = if s.ask.mode == Mode::Daily {
            Mode::Rated
        } else {
            s.ask.mode
        };
        let ask = Ask { mode, ..s.ask.clone() };
        start(&ask, &known, &history, &mut to, &mut notice);
    }
    if leave {
        to.3.set(Screen::Title);
    }
    Ok(())
}

/// Which puzzle, and the player's rating or streak.
fn heading(ui: &mut egui::Ui, s: &PuzzleSession, record: &PuzzleRecord, history: &PuzzleHistory) {
    let game = s.ask.game.name();
    let title = match s.ask.mode {
        Mode::Rated => format!("{game} puzzle · rated {}", s.puzzle.rating),
        Mode::Streak => format!("{game} streak · rated {}", s.puzzle.rating),
        Mode::Daily => format!("Today's puzzle · {game} · rated {}", s.puzzle.rating),
        Mode::Own | Mode::FromGame => format!("Your own {game} puzzle"),
    };
    ui.label(egui::RichText::new(title).size(17.0).strong());
    let line = match s.ask.mode {
        Mode::Own | Mode::FromGame => format!("{}. Practice: not rated.", s.puzzle.source),
        Mode::Streak => format!("Streak: {} · best {}", history.streak, record.best_streak),
        _ => {
            let change = match s.change {
                Some(_) if s.repeat => " (played before: not rated again)".to_string(),
                Some(c) => format!(" ({}{c:.0})", if c >= 0.0 { "+" } else { "" }),
                None => String::new(),
            };
            format!("Your puzzle rating: {}{change}", record.rated(s.ask.game).shown())
        }
    };
    ui.label(egui::RichText::new(line).size(15.0));
    if let Some(t) = &s.ask.theme {
        ui.label(egui::RichText::new(format!("Theme: {t}")).small());
    }
    ui.separator();
}

/// What to do now, or what became of the move tried.
fn task(ui: &mut egui::Ui, s: &PuzzleSession, side: &str) {
    let green = {
        let [r, g, b] = BEST_RGB;
        egui::Color32::from_rgb(r, g, b)
    };
    let red = egui::Color32::from_rgb(235, 110, 90);
    let big = |ui: &mut egui::Ui, text: String, colour: egui::Color32| {
        ui.label(egui::RichText::new(text).size(18.0).color(colour));
    };
    if let Some((tried, why)) = &s.wrong
        && matches!(s.stage, Stage::Wrong { .. } | Stage::TakingBack | Stage::Find)
    {
        big(ui, format!("{tried} does not win."), red);
        match why {
            Some(why) => {
                ui.label(egui::RichText::new(why).size(15.0));
            }
            None => {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("Looking for the answer to it…");
                });
            }
        }
    }
    match &s.stage {
        Stage::Find => {
            let first = s.attempt.ply == 0;
            let text = if first && s.wrong.is_none() {
                format!("Find the winning move for {side}.")
            } else if first {
                format!("Try again: find the winning move for {side}.")
            } else {
                format!("Right. Find the next move for {side}.")
            };
            big(ui, text, GOLD);
            let left = s.puzzle.solver_moves();
            if left > 1 {
                ui.label(egui::RichText::new(format!("A win in {left} moves of yours.")).small());
            }
            if s.attempt.hinted {
                ui.label(egui::RichText::new("The ringed piece or point moves.").small());
            }
        }
        Stage::Reply { .. } | Stage::Replying => big(ui, "Right! The reply comes…".into(), green),
        Stage::Wrong { .. } | Stage::TakingBack => {}
        Stage::Showing { .. } => big(ui, "The solution…".into(), GOLD),
        Stage::Done => {
            let (text, colour) = match s.attempt.result() {
                Some(true) => ("Solved!".to_string(), green),
                _ if s.attempt.solved => ("Solved, with help: it counts as not solved.".to_string(), GOLD),
                _ => ("That was the solution.".to_string(), GOLD),
            };
            big(ui, text, colour);
            ui.label(egui::RichText::new(format!("The line: {}", s.puzzle.line.join(" "))).small());
            if !s.puzzle.themes.is_empty() {
                ui.label(egui::RichText::new(format!("Themes: {}", s.puzzle.themes.join(", "))).small());
            }
        }
    }
}

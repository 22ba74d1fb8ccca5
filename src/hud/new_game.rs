//! The new-game dialog: the game's card, its options (with, for Sixteen Soldiers, the rules in
//! force, whether a side can force a win and the fair rules), the players, and Start or Back.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use parlour_ai::Level;
use parlour_rules::{GameId, GameOptions};

use crate::games::build::{Setup, option_specs};
use crate::games::client::{about, first_mover, seat_names};
use crate::games::effects::Sfx;
use crate::games::konane_solved_line;
use crate::games::prove_soldiers_start;
use crate::games::words::cap;
use crate::games::{soldiers_rules, soldiers_solved_line};
use crate::play::board::StartMoves;
use crate::play::messages::PlaySfx;
use crate::screens::chooser::CardPictures;
use crate::screens::chooser::textures;
use crate::state::Screen;
use crate::store::settings::Settings;
use crate::teach::rules_text::variant_notes;
use crate::theme::keyboard::Ask;
use crate::theme::keyboard::DialogUp;
use crate::theme::keyboard::ask;
use crate::theme::layout::Layout;
use crate::theme::layout::mark_target;

pub(super) fn new_game(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut setup: ResMut<Setup>,
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<PlaySfx>,
    mut start: ResMut<StartMoves>,
    mut settings: ResMut<Settings>,
    mut proof: Local<StartProof>,
    (card_pictures, assets, up, layout): (Res<CardPictures>, Res<AssetServer>, Res<DialogUp>, Res<Layout>),
) -> Result {
    if *screen.get() != Screen::NewGame {
        return Ok(());
    }
    let game = setup.game;
    let pictures = textures(&mut contexts, &card_pictures, &assets);
    let ctx = contexts.ctx_mut()?;
    // Enter with nothing focused starts the game; Escape goes back to the title (unless a
    // window over the chooser, the rules, takes them).
    let asked = ask(ctx).filter(|_| !up.0);
    // On a small screen the dialog takes the screen's width and scrolls, and the cards scroll
    // sideways under a finger.
    let compact = layout.compact();
    let window = egui::Window::new("New game")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, if compact { 6.0 } else { 16.0 }]);
    let window = if compact {
        window.fixed_size([layout.width - 28.0, layout.height - 110.0])
    } else {
        window.default_width(830.0)
    };
    window.show(ctx, |ui| {
        let mut body = |ui: &mut egui::Ui| {
            let clicked = if compact {
                egui::ScrollArea::horizontal()
                    .show(ui, |ui| crate::screens::chooser::cards(ui, game, &pictures))
                    .inner
            } else {
                crate::screens::chooser::cards(ui, game, &pictures)
            };
            if let Some(id) = clicked
                && game != id
            {
                setup.game = id;
                setup.options = GameOptions::standard(id);
                sfx.write(PlaySfx(Sfx::Click));
            }
            ui.add_space(4.0);
            ui.add(egui::Label::new(egui::RichText::new(about(game).summary).small()).wrap());
            ui.separator();
            options(ui, game, &mut setup);
            if game == GameId::Soldiers {
                soldiers_notes(ui, &mut setup, &mut proof, &mut sfx);
            }
            if game == GameId::Konane
                && let Some(line) = konane_solved_line(setup.options.pairs())
            {
                ui.colored_label(egui::Color32::from_rgb(230, 170, 60), line);
            }
            ui.separator();
            players(ui, game, &mut setup);
            ui.separator();
            ui.horizontal(|ui| {
                let start_button = ui
                    .button(egui::RichText::new("Start").size(18.0))
                    .on_hover_text("Enter");
                mark_target(ui.ctx(), "start", start_button.rect);
                if start_button.clicked() || asked == Some(Ask::Default) {
                    sfx.write(PlaySfx(Sfx::Click));
                    start.0.clear();
                    if settings.last_setup != *setup {
                        settings.last_setup = setup.clone();
                    }
                    next.set(Screen::Playing);
                }
                if ui.button("Back").on_hover_text("Esc").clicked() || asked == Some(Ask::Close) {
                    next.set(Screen::Title);
                }
            });
        };
        if compact {
            egui::ScrollArea::vertical().auto_shrink([false, true]).show(ui, body);
        } else {
            body(ui);
        }
    });
    Ok(())
}

/// The game's options: only those that apply to the choices so far, each with its help.
fn options(ui: &mut egui::Ui, game: GameId, setup: &mut ResMut<Setup>) {
    let specs = option_specs(game);
    if !specs.is_empty() {
        ui.heading("Options");
    }
    for spec in specs {
        // Only the options that apply to the choices so far, with the value in force
        // (a rule switch's follows the board when not chosen).
        let Some(current) = setup.options.value(game, spec.key) else {
            continue;
        };
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(spec.key).strong());
            if spec.values.len() > 8 {
                number_slider(ui, game, setup, spec, &current);
            } else {
                for v in spec.values {
                    if ui.selectable_label(current == *v, *v).clicked() && current != *v {
                        setup.options = setup.options.with(game, spec.key, v);
                    }
                }
            }
        });
        ui.label(egui::RichText::new(spec.help).small().italics());
    }
}

/// A number with many values (the hunter's threshold): a slider over the values the choices
/// allow.
fn number_slider(
    ui: &mut egui::Ui,
    game: GameId,
    setup: &mut ResMut<Setup>,
    spec: &parlour_rules::OptionSpec,
    current: &str,
) {
    let allowed: Vec<&str> = spec
        .values
        .iter()
        .copied()
        .filter(|v| setup.options.allows(game, spec.key, v))
        .collect();
    let mut i = allowed.iter().position(|v| *v == current).unwrap_or(0);
    let last = allowed.len().saturating_sub(1);
    if ui.add(egui::Slider::new(&mut i, 0..=last).show_value(false)).changed()
        && let Some(v) = allowed.get(i)
    {
        setup.options = setup.options.with(game, spec.key, v);
    }
    ui.label(current);
}

/// Sixteen Soldiers: the reading of the rules on the chosen board, what changed from the seed,
/// whether a side can force a win, and the fair rules one click away.
fn soldiers_notes(
    ui: &mut egui::Ui,
    setup: &mut ResMut<Setup>,
    proof: &mut StartProof,
    sfx: &mut MessageWriter<PlaySfx>,
) {
    // The reading of the rules in force on the chosen board, as the rule page asks.
    let v = match setup.options.chosen("variant") {
        "" => "board1",
        v => v,
    };
    ui.add(egui::Label::new(egui::RichText::new(variant_notes(v)).small()).wrap());
    let Some(info) = soldiers_rules(setup.options.pairs()) else {
        return;
    };
    if !info.changed.is_empty() {
        ui.add(
            egui::Label::new(
                egui::RichText::new(format!(
                    "Changed from the seed: {}. In force: {}",
                    info.changed.join(", "),
                    info.sentences.join(" ")
                ))
                .small(),
            )
            .wrap(),
        );
    }
    if let Some(line) = soldiers_solved_line(setup.options.pairs()) {
        ui.label(egui::RichText::new(line).small());
    }
    match proof.check(setup.options.pairs()) {
        Proven::Pending => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(egui::RichText::new("Checking whether a side can force a win…").small());
            });
        }
        Proven::Won(text) => {
            ui.colored_label(egui::Color32::from_rgb(230, 170, 60), text);
        }
        Proven::Open => {}
    }
    if let Some((fair, reason)) = &info.fair {
        if ui
            .button(format!("Play the fair rules ({})", info.fair_switches))
            .on_hover_text(*reason)
            .clicked()
        {
            setup.options = fair.clone();
            sfx.write(PlaySfx(Sfx::Click));
        }
        ui.label(egui::RichText::new(format!("Why: {reason}.")).small().italics());
    }
}

/// Each side: a human or one of the computer's levels; then who moves first.
fn players(ui: &mut egui::Ui, game: GameId, setup: &mut ResMut<Setup>) {
    ui.heading("Players");
    let names = seat_names(game, setup.options.pairs());
    for (seat, name) in names.iter().enumerate() {
        ui.horizontal_wrapped(|ui| {
            ui.label(egui::RichText::new(*name).strong());
            let mut choice = setup.seats[seat];
            ui.selectable_value(&mut choice, None, "Human");
            for l in Level::ALL {
                ui.selectable_value(&mut choice, Some(l), cap(l.name()));
            }
            setup.seats[seat] = choice;
        });
        if let Some(l) = setup.seats[seat] {
            ui.label(egui::RichText::new(l.description()).small().italics());
            if let Some(text) = strength(game, setup.options.pairs(), l) {
                ui.label(egui::RichText::new(text).small());
            }
        }
    }
    ui.label(first_mover(game, setup.options.pairs()));
}

/// The level's measured rating on this board ("Casual — about 1450 in Kōnane"), where one was
/// measured (`parlour_ai::ratings`, docs/strength.md).
fn strength(id: GameId, options: &[(String, String)], level: Level) -> Option<String> {
    let r = parlour_ai::ratings::rating(id, options, level)?;
    let about = (f32::from(r.elo) / 50.0).round() as u32 * 50;
    Some(if level == Level::Novice {
        format!(
            "{} — rated 1000 in {}, the start of the scale",
            cap(level.name()),
            id.name()
        )
    } else {
        // On a board that is a draw between good players, say that this level is not
        // measurably stronger than the one below it.
        let level_with = match (
            parlour_ai::ratings::clearly_above_the_level_below(id, options, level),
            level.weaker(),
        ) {
            (Some(false), Some(below)) => {
                format!("; on this board not measurably stronger than the {}", cap(below.name()))
            }
            _ => String::new(),
        };
        format!(
            "{} — about {about} in {} (95 %: {}–{}; Novice = 1000{level_with})",
            cap(level.name()),
            id.name(),
            r.low,
            r.high
        )
    })
}

/// What the new-game dialog knows of the start's proven result under the options chosen.
enum Proven<'a> {
    /// The proof search is running.
    Pending,
    /// A side can force a win (the sentence says who and how fast).
    Won(&'a str),
    /// Nothing proven.
    Open,
}

/// The new-game dialog's proof search of a Sixteen Soldiers start: one search at a time on a
/// thread of its own, for the options last asked about, so the dialog never waits.
#[derive(Default)]
pub(super) struct StartProof {
    /// The options of the search running or last finished.
    asked: Vec<(String, String)>,
    running: Option<std::sync::Mutex<std::sync::mpsc::Receiver<Option<String>>>>,
    found: Option<String>,
}

impl StartProof {
    fn check(&mut self, options: &[(String, String)]) -> Proven<'_> {
        if let Some(rx) = &mut self.running {
            match rx.get_mut().map(|rx| rx.try_recv()) {
                Ok(Err(std::sync::mpsc::TryRecvError::Empty)) => {}
                Ok(Ok(found)) => {
                    self.running = None;
                    self.found = found;
                }
                _ => {
                    self.running = None;
                    self.found = None;
                }
            }
        }
        if self.running.is_none() && self.asked != options {
            let (tx, rx) = std::sync::mpsc::channel();
            let asked = options.to_vec();
            self.asked = asked.clone();
            self.found = None;
            let spawned = std::thread::Builder::new().name("parlour-proof".into()).spawn(move || {
                let _ = tx.send(prove_soldiers_start(&asked));
            });
            if spawned.is_ok() {
                self.running = Some(std::sync::Mutex::new(rx));
            }
        }
        match (&self.running, &self.found) {
            (Some(_), _) => Proven::Pending,
            (None, Some(text)) if self.asked == options => Proven::Won(text),
            _ => Proven::Open,
        }
    }
}

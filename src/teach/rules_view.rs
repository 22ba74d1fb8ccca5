//! Rules at hand: the F1 window with the current game's rules written for players, with
//! small diagrams drawn with the egui painter from the real board (the spots and pieces the
//! table itself is built from), and the guided start of a first game of each kind.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use parlour_rules::GameId;

use super::diagram::diagram;
use crate::cli::Args;
use crate::games::any_match::AnyMatch;
use crate::games::build::{PaletteColours, Setup, new_match, setup_of};
use crate::games::client::about;
use crate::games::parts::Token;
use crate::games::soldiers_rules;
use crate::games::soldiers_rules_line;
use crate::play::board::Match;
use crate::play::board::StartMoves;
use crate::play::start::start_match;
use crate::state::Demo;
use crate::state::{Phase, Screen};
use crate::teach::rules_text::variant_notes;
use crate::theme::keyboard::Ask;
use crate::theme::keyboard::ask;
use crate::theme::keyboard::way_in;
use crate::theme::layout::InputSeen;
use crate::theme::layout::Layout;
use crate::theme::layout::LayoutKind;
use crate::theme::layout::with_key;
use parlour_saves::settings::Settings;

/// Whether the rules window is open.
#[derive(Resource, Default)]
pub struct ShowRules(pub bool);

/// The F1 window.
pub fn rules_window(
    mut contexts: EguiContexts,
    mut rules: ResMut<ShowRules>,
    mut setup: ResMut<Setup>,
    m: Option<Res<Match>>,
    settings: Res<Settings>,
    (mut req, mut start_moves, mut next): (
        ResMut<super::walkthrough::WalkthroughRequest>,
        ResMut<StartMoves>,
        ResMut<NextState<crate::state::Screen>>,
    ),
) -> Result {
    if !rules.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let game = match m.as_ref().map(|m| m.0.game_id()) {
        Some(g) => g,
        None => setup.game,
    };
    let options = m
        .as_ref()
        .map(|m| m.0.options())
        .unwrap_or_else(|| setup.options.pairs().to_vec());
    let option = |key: &str| options.iter().find(|(k, _)| k == key).map(|(_, v)| v.clone());
    // Sixteen Soldiers: the board in play (the rules' default when none is chosen); the rules in
    // force come from the options below.
    let variant = option("variant").unwrap_or_else(|| "board1".to_string());
    let start = new_match(&setup_of(game, &options, [None, None]).0);
    // Escape closes the window (F1 opens and closes it too).
    let mut open = ask(ctx) != Some(Ask::Close);
    let mut walk = false;
    // Large enough to read beside the side panel: most of the screen's height, half its width.
    let screen = ctx.content_rect();
    let width = (screen.width() * 0.5).clamp(420.0, 820.0);
    let height = (screen.height() - 40.0).max(300.0);
    egui::Window::new(format!("How to play {}", game.name()))
        .open(&mut open)
        .default_width(width)
        .default_height(height)
        .max_height(height)
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .show(ctx, |ui| {
            let show_me = ui
                .button(egui::RichText::new("▶  Show me on the board, step by step").size(17.0))
                .on_hover_text("A walkthrough of real moves on the table, with Next and Back");
            way_in(ui, &show_me);
            if show_me.clicked() {
                super::walkthrough::request(game, &options, &mut req, &mut setup, &mut start_moves, &mut next);
                walk = true;
            }
            ui.add_space(4.0);
            egui::ScrollArea::vertical().auto_shrink([false, false]).show(ui, |ui| {
                ui.label(egui::RichText::new(about(game).summary).size(15.0));
                if let Ok(start) = &start {
                    start_board(ui, start.as_ref(), &settings);
                }
                if game == GameId::Soldiers {
                    soldiers_board(ui, &variant, &options);
                }
                rule_sections(ui, game);
            });
        });
    // The walkthrough needs the board: the rules window steps aside.
    if !open || walk {
        rules.0 = false;
    }
    Ok(())
}

/// The rules window's board at the start, with the spots where the first move may be made
/// ringed (or said in words, where nearly any spot will do).
fn start_board(ui: &mut egui::Ui, start: &dyn AnyMatch, settings: &Settings) {
    let palette = settings.palette.colours(start.game_id(), start.palette());
    ui.separator();
    ui.label(egui::RichText::new("The board at the start").strong());
    let firsts: Vec<u16> = start
        .candidates(&[])
        .next
        .iter()
        .filter_map(|t| if let Token::Spot(s) = t { Some(*s) } else { None })
        .collect();
    let size = ui.available_width().min(440.0);
    // Where nearly every spot will do, rings would only tangle: say it instead.
    let anywhere = firsts.len() * 2 > start.spots().len();
    diagram(ui, start, palette, if anywhere { &[] } else { &firsts }, size);
    ui.label(
        egui::RichText::new(if anywhere {
            "The first move may be made on any empty spot."
        } else {
            "Ringed in green: where the first move may be made."
        })
        .italics(),
    );
}

/// Sixteen Soldiers: the notes on the board in play, and the rules in force in this game.
fn soldiers_board(ui: &mut egui::Ui, variant: &str, options: &[(String, String)]) {
    ui.separator();
    ui.label(egui::RichText::new("This board").strong().size(15.0));
    ui.add(egui::Label::new(variant_notes(variant)).wrap());
    if let Some(info) = soldiers_rules(options)
        && variant != "monk"
    {
        ui.label(egui::RichText::new("The rules in this game").strong());
        if !info.changed.is_empty() {
            ui.label(egui::RichText::new(format!("Changed from the seed: {}.", info.changed.join(", "))).italics());
        }
        for line in &info.sentences {
            ui.add(egui::Label::new(format!("• {line}")).wrap());
        }
        if let Some(line) = soldiers_rules_line(options)
            && line.contains("fair")
        {
            let v = parlour_rules::soldiers::Variant::from_id(variant).unwrap_or_default();
            ui.label(
                egui::RichText::new(format!(
                    "These are the board's fair rules: {}",
                    parlour_rules::soldiers::Rules::fair_reason(v)
                ))
                .small()
                .italics(),
            );
        }
    }
}

/// The rules' sections in words, then the controls.
fn rule_sections(ui: &mut egui::Ui, game: GameId) {
    for section in crate::teach::rules_text::sections(game) {
        ui.separator();
        ui.label(egui::RichText::new(section.title).strong().size(15.0));
        for paragraph in section.paragraphs {
            ui.add(egui::Label::new(*paragraph).wrap());
        }
    }
    ui.separator();
    ui.label(egui::RichText::new("Controls").strong().size(15.0));
    ui.label("Click spots to move (or move a cursor with the arrow keys and press Enter); highlighted spots show what is legal. Right-drag orbits, the wheel zooms, C resets the view and T looks straight down. U undo, R redo, H hint, Esc menu, F11 full screen.");
}

/// The guided start: on the first game of a kind, a banner says what to do and every spot
/// where a move may start is ringed, for the first few moves.
#[derive(Resource, Default, Debug)]
pub struct Guide {
    /// The game being guided.
    pub game: Option<GameId>,
    /// Moves played when the guide began.
    pub from: usize,
    /// Moves the guide lasts (both sides).
    pub span: usize,
    /// Closed with "Got it".
    pub dismissed: bool,
    /// Moves played now (kept fresh).
    pub now: usize,
}

impl Guide {
    /// True while the banner and the rings show.
    pub fn active(&self) -> bool {
        self.game.is_some() && !self.dismissed && self.now < self.from + self.span
    }
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Guide>()
        // After the match is built (its commands applied), so a fresh game is the one guided.
        .add_systems(OnEnter(Screen::Playing), begin_guide.after(start_match))
        .add_systems(Update, track_guide)
        .add_systems(bevy_egui::EguiPrimaryContextPass, guide_banner);
}

fn begin_guide(
    mut guide: ResMut<Guide>,
    m: Option<Res<Match>>,
    setup: Res<Setup>,
    demo: Res<Demo>,
    mut settings: ResMut<Settings>,
    args: Option<Res<Args>>,
) {
    guide.game = None;
    let Some(m) = m else { return };
    let game = m.0.game_id();
    let humans = setup.seats.iter().filter(|s| s.is_none()).count();
    // Scripted runs (screenshots, measurements) leave the player's settings alone.
    if demo.0
        || humans == 0
        || settings.guided.contains(&game)
        || args.is_some_and(|a| a.screenshot.is_some() || a.measure.is_some())
    {
        return;
    }
    settings.guided.push(game);
    *guide = Guide {
        game: Some(game),
        from: m.0.history().len(),
        span: 3 * 2,
        dismissed: false,
        now: m.0.history().len(),
    };
}

fn track_guide(mut guide: ResMut<Guide>, m: Option<Res<Match>>) {
    if let Some(m) = m
        && guide.game.is_some()
    {
        let n = m.0.history().len();
        if guide.now != n {
            guide.now = n;
        }
    }
}

fn guide_banner(
    mut contexts: EguiContexts,
    mut guide: ResMut<Guide>,
    screen: Res<State<Screen>>,
    phase: Option<Res<State<Phase>>>,
    mut rules: ResMut<ShowRules>,
    layout: Res<Layout>,
    seen: Res<InputSeen>,
) -> Result {
    if !guide.active() || *screen.get() != Screen::Playing {
        return Ok(());
    }
    let Some(game) = guide.game else { return Ok(()) };
    let ctx = contexts.ctx_mut()?;
    let name = game.name();
    let your_turn = phase.is_some_and(|p| *p.get() == Phase::AwaitingInput);
    // Clear of the compact bar on a small screen: above the caption upright, at the right on
    // its side.
    let (anchor, at) = match layout.kind {
        LayoutKind::Desktop => (egui::Align2::LEFT_TOP, [12.0, 12.0]),
        // Down to the caption's top edge: the row of letters under the board stays in sight.
        LayoutKind::Portrait => (egui::Align2::CENTER_BOTTOM, [0.0, -42.0]),
        LayoutKind::Landscape => (egui::Align2::RIGHT_TOP, [-8.0, 8.0]),
    };
    egui::Window::new("guide")
        .title_bar(false)
        .resizable(false)
        .anchor(anchor, at)
        .max_width(layout.max_width(300.0, 8.0))
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(format!("Your first game of {name}"))
                    .strong()
                    .size(16.0),
            );
            let steps = about(game).first_steps;
            // A finger taps; a mouse clicks (a small screen is taken for a touch screen).
            ui.label(if seen.touch || layout.kind != LayoutKind::Desktop {
                steps.replace("Click", "Tap").replace("click", "tap")
            } else {
                steps.to_string()
            });
            ui.label(
                egui::RichText::new(if your_turn {
                    "Green: where you can start a move."
                } else {
                    "Watch the other side's move; your turn comes next."
                })
                .italics(),
            );
            ui.horizontal(|ui| {
                if ui.button("Got it").clicked() {
                    guide.dismissed = true;
                }
                if ui.button(with_key(&seen, "Full rules", "F1")).clicked() {
                    rules.0 = true;
                }
            });
        });
    Ok(())
}

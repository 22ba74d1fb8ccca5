//! Every screen's controls with bevy_egui: the title, the new-game dialog, the playing HUD
//! (whose turn, counters, move list, undo/redo, hint, AI thinking with "move now", resign,
//! camera and sound), choice buttons for multi-part moves, the pause menu, the rules card
//! and the result screen; and the keyboard shortcuts U, R, H, F1 and Esc.

mod cards;
pub mod scoreboard;

use bevy::prelude::*;
use bevy::window::{MonitorSelection, WindowMode};
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_ai::Level;
use parlour_rules::Player;

use crate::ai::AiTurn;
use crate::cli::GAMES;
use crate::games::build::{Palette, Setup, move_list, option_specs, option_value, with_option};
use crate::games::effects::Sfx;
use crate::games::parts::Token;
use crate::games::words::cap;
use crate::play::board::{Caption, Match, Resigned, Selection};
use crate::play::messages::{GameCommand, MoveInput, PlaySfx};
use crate::play::result::result_line;
use crate::schedule::GameSet;
use crate::state::Paused;
use crate::state::{Demo, KeepMatch, Notice, Phase, Review, Screen};
use crate::store::settings::{CameraMode, DataDir, Settings, Speed, UI_SCALE};
use crate::store::{PasteError, ResumeOffer, SaveList, StoreAction, refresh};
use crate::table::camera::OrbitCam;
use crate::teach::rules_view::ShowRules;
use scoreboard::Scoreboard;

/// Which of the smaller windows are open.
#[derive(Resource, Default)]
pub struct Dialogs {
    /// The list of saves.
    pub load: bool,
    /// The settings.
    pub settings: bool,
    /// The move-list box.
    pub paste: bool,
    /// The text in the move-list box.
    pub paste_text: String,
}

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShowRules>()
        .init_resource::<Demo>()
        .init_resource::<Dialogs>()
        .init_resource::<crate::theme::keyboard::DialogUp>()
        .add_systems(Update, (note_dialogs, keys).chain().in_set(GameSet::Input))
        .add_systems(Update, show_at_start.in_set(GameSet::Input))
        .add_systems(
            EguiPrimaryContextPass,
            (
                title,
                new_game,
                playing,
                results,
                crate::teach::rules_view::rules_window,
                dialogs,
                notice,
            )
                .chain(),
        );
}

/// True when the window shows the board alone (`--show card`, the chooser's pictures).
fn card_mode(args: Option<&crate::cli::Args>) -> bool {
    args.is_some_and(|a| a.show.as_deref() == Some("card"))
}

/// The variant chosen in the new-game dialog (Sixteen Soldiers), or "".
fn variant(options: &[(String, String)]) -> &str {
    options
        .iter()
        .find(|(k, _)| k == "variant")
        .map_or("", |(_, v)| v.as_str())
}

fn side_names(game: &str, options: &[(String, String)]) -> [&'static str; 2] {
    match (game, variant(options)) {
        ("conhex", _) => ["Blue", "Red"],
        ("qyshinsu", _) => ["Black", "Red"],
        ("soldiers", "monk") => ["Monk", "Water"],
        ("soldiers", _) => ["General (hunter)", "Soldiers"],
        _ => ["White", "Black"],
    }
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
struct StartProof {
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
                let _ = tx.send(crate::games::prove_soldiers_start(&asked));
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

fn first_mover(game: &str, options: &[(String, String)]) -> &'static str {
    let soldiers_first = option_value(game, options, "first").as_deref() == Some("soldiers");
    match (game, variant(options)) {
        ("konane", _) => "Black moves first (the rules fix it).",
        ("conhex", _) => "Blue places the first peg; with swap on, Red may take it over.",
        ("qyshinsu", _) => "Black moves first (the rules fix it).",
        ("soldiers", "monk") => "The water moves first (the rule book fixes it).",
        ("soldiers", _) if soldiers_first => "The soldiers move first (the option first above).",
        ("soldiers", _) => "The general moves first (the option first above).",
        _ => "Choose who places the first marker with the option above.",
    }
}

/// Whether a dialog that takes the keyboard is open over the table (see [`crate::theme::keyboard::DialogUp`]).
fn note_dialogs(
    (paused, dialogs, rules): (Res<Paused>, Res<Dialogs>, Res<ShowRules>),
    online: Res<crate::net::lobby::OnlineDialog>,
    teaching: Res<crate::state::Teaching>,
    mut up: ResMut<crate::theme::keyboard::DialogUp>,
) {
    let now = paused.0 || dialogs.load || dialogs.settings || dialogs.paste || rules.0 || online.open || teaching.0;
    if up.0 != now {
        up.0 = now;
    }
}

fn keys(
    (up, keys): (Res<crate::theme::keyboard::DialogUp>, Res<ButtonInput<KeyCode>>),
    screen: Res<State<Screen>>,
    wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut cmds: MessageWriter<GameCommand>,
    mut paused: ResMut<Paused>,
    mut rules: ResMut<ShowRules>,
    mut window: Option<Single<&mut Window, With<bevy::window::PrimaryWindow>>>,
) {
    if wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::F1) {
        rules.0 = !rules.0;
    }
    if keys.just_pressed(KeyCode::F11)
        && let Some(w) = window.as_mut()
    {
        w.mode = match w.mode {
            WindowMode::Windowed => WindowMode::BorderlessFullscreen(MonitorSelection::Current),
            _ => WindowMode::Windowed,
        };
    }
    if *screen.get() != Screen::Playing {
        return;
    }
    // Escape closes the dialog on top (its own window hears it); with none open it opens or
    // closes the pause menu.
    if keys.just_pressed(KeyCode::Escape) && (paused.0 || !up.0) {
        paused.0 = !paused.0;
    }
    if paused.0 {
        return;
    }
    for (k, c) in [
        (KeyCode::KeyU, GameCommand::Undo),
        (KeyCode::KeyR, GameCommand::Redo),
        (KeyCode::KeyH, GameCommand::Hint),
    ] {
        if keys.just_pressed(k) {
            cmds.write(c);
        }
    }
}

fn big(ui: &mut egui::Ui, text: &str) -> egui::Response {
    ui.add_sized([260.0, 36.0], egui::Button::new(egui::RichText::new(text).size(18.0)))
}

fn big_button(ui: &mut egui::Ui, text: &str) -> bool {
    big(ui, text).clicked()
}

#[allow(clippy::too_many_arguments)]
fn title(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut sfx: MessageWriter<PlaySfx>,
    offer: Res<ResumeOffer>,
    mut store: MessageWriter<StoreAction>,
    mut dialogs: ResMut<Dialogs>,
    mut setup: ResMut<Setup>,
    mut demo: ResMut<Demo>,
    mut demo_count: Local<usize>,
    settings: Res<Settings>,
    (dir, mut list, book, up): (
        Res<DataDir>,
        ResMut<SaveList>,
        Res<crate::net::Book>,
        Res<crate::theme::keyboard::DialogUp>,
    ),
    (mut online, mut net): (
        ResMut<crate::net::lobby::OnlineDialog>,
        MessageWriter<crate::net::NetCommand>,
    ),
) -> Result {
    if *screen.get() != Screen::Title {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Enter with no window over the title and nothing focused resumes the last game or opens
    // the new-game chooser (each window over it closes itself on Escape).
    let over = up.0;
    let default = crate::theme::keyboard::ask(ctx) == Some(crate::theme::keyboard::Ask::Default) && !over;
    // The card stands at the left; the table with its game in progress fills the rest.
    let card = egui::Frame::window(&ctx.global_style())
        .fill(egui::Color32::from_rgba_unmultiplied(22, 17, 14, 215))
        .stroke(egui::Stroke::new(1.0, egui::Color32::from_rgb(120, 92, 60)))
        .inner_margin(egui::Margin::symmetric(22, 14));
    egui::Window::new("title")
        .title_bar(false)
        .resizable(false)
        .frame(card)
        .anchor(egui::Align2::LEFT_CENTER, [56.0, 0.0])
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(12.0);
                ui.label(
                    egui::RichText::new("Parlour")
                        .size(52.0)
                        .strong()
                        .color(egui::Color32::from_rgb(240, 214, 160)),
                );
                ui.label(egui::RichText::new("Five traditional games on a 3D tabletop").size(16.0));
                ui.add_space(18.0);
                if let Some((path, what)) = &offer.0 {
                    ui.label(egui::RichText::new("Your last game was not finished:").italics());
                    let resume = big(ui, "Resume");
                    if !over {
                        crate::theme::keyboard::way_in(ui, &resume);
                    }
                    if resume.clicked() || default {
                        sfx.write(PlaySfx(Sfx::Click));
                        store.write(StoreAction::Load(path.clone()));
                    }
                    ui.label(egui::RichText::new(what).small());
                    ui.add_space(6.0);
                }
                let new = big(ui, "New game");
                if offer.0.is_none() && !over {
                    crate::theme::keyboard::way_in(ui, &new);
                }
                if new.clicked() || (default && offer.0.is_none()) {
                    sfx.write(PlaySfx(Sfx::Click));
                    demo.0 = false;
                    *setup = settings.last_setup.clone();
                    next.set(Screen::NewGame);
                }
                ui.add_space(6.0);
                let waiting = book.book.games.len();
                let label = match waiting {
                    0 => "Play online".to_string(),
                    1 => "Play online · 1 game to resume".to_string(),
                    n => format!("Play online · {n} games to resume"),
                };
                if big_button(ui, &label) {
                    sfx.write(PlaySfx(Sfx::Click));
                    online.open = !online.open;
                }
                // The most recent unfinished online game, one click away.
                if let Some(g) = book.book.games.iter().max_by_key(|g| g.touched) {
                    let name = parlour_saves::game_name(&g.game).unwrap_or("?");
                    if ui
                        .link(egui::RichText::new(format!("Resume {name} online ({})", g.code)).small())
                        .on_hover_text(format!("on {}, you play {}", g.server, g.seat))
                        .clicked()
                    {
                        sfx.write(PlaySfx(Sfx::Click));
                        net.write(crate::net::NetCommand::Resume {
                            server: g.server.clone(),
                            code: g.code.clone(),
                            token: g.token.clone(),
                        });
                    }
                }
                ui.add_space(6.0);
                if big_button(ui, "Load a saved game") {
                    sfx.write(PlaySfx(Sfx::Click));
                    refresh(&dir, &mut list);
                    dialogs.load = true;
                }
                ui.add_space(6.0);
                if big_button(ui, "Watch the computer play") {
                    sfx.write(PlaySfx(Sfx::Click));
                    // Each demo shows the next game of the five.
                    let (id, _) = GAMES[*demo_count % GAMES.len()];
                    *demo_count += 1;
                    demo.0 = true;
                    *setup = Setup {
                        game: id.to_string(),
                        options: Vec::new(),
                        seats: [Some(Level::Casual), Some(Level::Casual)],
                    };
                    next.set(Screen::Playing);
                }
                ui.add_space(6.0);
                if big_button(ui, "Settings") {
                    dialogs.settings = !dialogs.settings;
                }
                ui.add_space(6.0);
                if big_button(ui, "Quit") {
                    exit.write(AppExit::Success);
                }
                ui.add_space(12.0);
                ui.label("Kansho · Kōnane · ConHex · Qyshinsu");
                ui.label("Sixteen Soldiers, Monk and Water");
                ui.label(egui::RichText::new("F1 rules · F11 full screen · arrows and Enter choose").small());
                ui.add_space(8.0);
            });
        });
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn new_game(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut setup: ResMut<Setup>,
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<PlaySfx>,
    mut start: ResMut<crate::play::board::StartMoves>,
    mut settings: ResMut<Settings>,
    mut proof: Local<StartProof>,
    (card_pictures, assets, up): (
        Res<crate::screens::chooser::CardPictures>,
        Res<AssetServer>,
        Res<crate::theme::keyboard::DialogUp>,
    ),
) -> Result {
    if *screen.get() != Screen::NewGame {
        return Ok(());
    }
    let pictures = crate::screens::chooser::textures(&mut contexts, &card_pictures, &assets);
    let ctx = contexts.ctx_mut()?;
    // Enter with nothing focused starts the game; Escape goes back to the title (unless a
    // window over the chooser, the rules, takes them).
    let asked = crate::theme::keyboard::ask(ctx).filter(|_| !up.0);
    egui::Window::new("New game")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_TOP, [0.0, 16.0])
        .default_width(830.0)
        .show(ctx, |ui| {
            if let Some(id) = crate::screens::chooser::cards(ui, &setup.game, &pictures)
                && setup.game != id
            {
                setup.game = id.to_string();
                setup.options.clear();
                sfx.write(PlaySfx(Sfx::Click));
            }
            ui.add_space(4.0);
            ui.add(
                egui::Label::new(egui::RichText::new(crate::teach::rules_view::summary(&setup.game)).small()).wrap(),
            );
            ui.separator();
            let specs = option_specs(&setup.game);
            if !specs.is_empty() {
                ui.heading("Options");
            }
            for spec in specs {
                // Only the options that apply to the choices so far, with the value in force
                // (a rule switch's follows the board when not chosen).
                let Some(current) = option_value(&setup.game, &setup.options, spec.key) else {
                    continue;
                };
                ui.horizontal_wrapped(|ui| {
                    ui.label(egui::RichText::new(spec.key).strong());
                    if spec.values.len() > 8 {
                        // A number with many values (the hunter's threshold): a slider over
                        // the values the choices allow.
                        let allowed: Vec<&str> = spec
                            .values
                            .iter()
                            .copied()
                            .filter(|v| {
                                crate::games::build::canonical_options(
                                    &setup.game,
                                    &crate::games::build::set_option(&setup.options, spec.key, v),
                                )
                                .is_ok()
                            })
                            .collect();
                        let mut i = allowed.iter().position(|v| *v == current).unwrap_or(0);
                        let last = allowed.len().saturating_sub(1);
                        if ui.add(egui::Slider::new(&mut i, 0..=last).show_value(false)).changed()
                            && let Some(v) = allowed.get(i)
                        {
                            setup.options = with_option(&setup.game, &setup.options, spec.key, v);
                        }
                        ui.label(&current);
                    } else {
                        for v in spec.values {
                            if ui.selectable_label(current == *v, *v).clicked() && current != *v {
                                setup.options = with_option(&setup.game, &setup.options, spec.key, v);
                            }
                        }
                    }
                });
                ui.label(egui::RichText::new(spec.help).small().italics());
            }
            if setup.game == "soldiers" {
                // The reading of the rules in force on the chosen board, as the rule page asks.
                let v = match variant(&setup.options) {
                    "" => "board1",
                    v => v,
                };
                ui.add(
                    egui::Label::new(egui::RichText::new(crate::teach::rules_text::variant_notes(v)).small()).wrap(),
                );
                if let Some(info) = crate::games::soldiers_rules(&setup.options) {
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
                    match proof.check(&setup.options) {
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
            }
            ui.separator();
            ui.heading("Players");
            let names = side_names(&setup.game, &setup.options);
            for (seat, name) in names.iter().enumerate() {
                ui.horizontal(|ui| {
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
                }
            }
            ui.label(first_mover(&setup.game, &setup.options));
            ui.separator();
            ui.horizontal(|ui| {
                let start_button = ui
                    .button(egui::RichText::new("Start").size(18.0))
                    .on_hover_text("Enter");
                if start_button.clicked() || asked == Some(crate::theme::keyboard::Ask::Default) {
                    sfx.write(PlaySfx(Sfx::Click));
                    start.0.clear();
                    if settings.last_setup != *setup {
                        settings.last_setup = setup.clone();
                    }
                    next.set(Screen::Playing);
                }
                if ui.button("Back").on_hover_text("Esc").clicked() || asked == Some(crate::theme::keyboard::Ask::Close)
                {
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}

#[allow(clippy::too_many_arguments, clippy::type_complexity)]
fn playing(
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
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<PlaySfx>,
    (mut settings, review, mut dialogs, mut store, dir, mut list, demo, mut rules_line, mut board, args, remote): (
        ResMut<Settings>,
        Res<Review>,
        ResMut<Dialogs>,
        MessageWriter<StoreAction>,
        Res<DataDir>,
        ResMut<SaveList>,
        Res<Demo>,
        Local<Option<String>>,
        Local<Scoreboard>,
        Option<Res<crate::cli::Args>>,
        Res<crate::state::Remote>,
    ),
) -> Result {
    if *screen.get() != Screen::Playing || card_mode(args.as_deref()) {
        return Ok(());
    }
    // The Sixteen Soldiers rules line over the move list, worked out when the match changes.
    if let Some(m) = m.as_ref().filter(|m| m.is_changed()) {
        *rules_line = crate::games::soldiers_rules_line(&m.0.options());
        *board = cards::scoreboard_of(m.0.as_ref());
    }
    let Some(m) = m else { return Ok(()) };
    let m = m.0.as_ref();
    let phase = phase.map(|p| *p.get());
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("hud")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
        .fixed_size([250.0, 0.0])
        .show(ctx, |ui| {
            ui.label(egui::RichText::new(m.title()).size(20.0).strong());
            let over = phase == Some(Phase::GameOver);
            if over {
                ui.label(
                    egui::RichText::new(result_line(m, None))
                        .size(16.0)
                        .strong()
                        .color(crate::theme::palette::GOLD),
                );
            } else if review.0 {
                let at = m.history().len();
                ui.label(
                    egui::RichText::new(format!("Looking back: after move {at} of {}", at + m.redo_len()))
                        .italics()
                        .color(crate::theme::palette::GOLD),
                );
            }
            cards::side_cards(
                ui,
                m,
                &board,
                setup.seats,
                remote.0,
                settings.palette,
                (!over).then(|| m.to_move()),
            );
            // The rule that limits the turn; once the game is over nothing limits it.
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
            if phase == Some(Phase::AiThinking) {
                // Progress against the level's thinking time where it has one.
                let budget = match setup.seats[m.seat_to_move().index()] {
                    Some(Level::Strong) => Some(parlour_ai::STRONG_MS as f32 / 1000.0),
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
            if ai.hinting() {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label("Looking for a hint…");
                });
            } else if let Some(note) = &sel.hint_note {
                ui.colored_label(egui::Color32::from_rgb(230, 170, 60), note);
            }
            cards::details(ui, &board, "hud-details");
            ui.separator();
            ui.label(egui::RichText::new("Moves").strong());
            if let Some(rules) = rules_line.as_deref() {
                ui.label(egui::RichText::new(rules).small().italics());
            }
            egui::ScrollArea::vertical()
                .max_height(170.0)
                .min_scrolled_height(150.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    // Each move is a button: a click shows the position after it (the replay
                    // controls take over; "Play from here" or ⏭ come back).
                    let hist = m.history();
                    let ahead = if review.0 { m.future_history() } else { Vec::new() };
                    if hist.is_empty() && ahead.is_empty() {
                        ui.label(egui::RichText::new("none yet").italics());
                    }
                    let at = hist.len();
                    let busy = phase == Some(Phase::Resolving);
                    for (i, (p, text)) in hist.iter().chain(ahead.iter()).enumerate() {
                        let line = format!("{:>3}. {:<8} {}", i + 1, m.side_name(*p), text);
                        let mut label = egui::RichText::new(line).monospace();
                        if i >= at {
                            label = label.weak();
                        }
                        let clicked = ui
                            .add_enabled(!busy, egui::Button::selectable(i + 1 == at && review.0, label))
                            .on_hover_text("Show the position after this move")
                            .clicked();
                        if clicked {
                            cmds.write(GameCommand::ReplayTo(i + 1));
                        }
                    }
                });
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
                if !review.0 {
                    if ui
                        .add_enabled(total > 0, egui::Button::new("Replay"))
                        .on_hover_text("Step through the moves played")
                        .clicked()
                    {
                        cmds.write(GameCommand::Review(true));
                    }
                } else if ui.button("Play from here").clicked() {
                    cmds.write(GameCommand::Review(false));
                }
            });
            if review.0 {
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
            ui.separator();
            let busy = phase == Some(Phase::Resolving);
            ui.horizontal_wrapped(|ui| {
                if ui
                    .add_enabled(
                        !busy && !remote.any() && !m.history().is_empty(),
                        egui::Button::new("Undo (U)"),
                    )
                    .on_disabled_hover_text("Moves cannot be taken back in an online game.")
                    .clicked()
                {
                    cmds.write(GameCommand::Undo);
                }
                if ui
                    .add_enabled(
                        !busy && !remote.any() && m.redo_len() > 0,
                        egui::Button::new("Redo (R)"),
                    )
                    .clicked()
                {
                    cmds.write(GameCommand::Redo);
                }
                if ui
                    .add_enabled(phase == Some(Phase::AwaitingInput), egui::Button::new("Hint (H)"))
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
            ui.horizontal_wrapped(|ui| {
                if ui.button("View (C)").clicked() {
                    cam.reset();
                }
                if ui.button("Top-down (T)").clicked() {
                    cam.toggle_top_down();
                }
                if ui.button("Rules (F1)").clicked() {
                    rules.0 = !rules.0;
                }
                if ui.button("Menu (Esc)").clicked() {
                    paused.0 = true;
                }
            });
            ui.horizontal_wrapped(|ui| {
                if ui.add_enabled(!demo.0, egui::Button::new("Save")).clicked() {
                    store.write(StoreAction::Save);
                }
                if ui.button("Load…").clicked() {
                    refresh(&dir, &mut list);
                    dialogs.load = !dialogs.load;
                }
                if ui.button("Settings…").clicked() {
                    dialogs.settings = !dialogs.settings;
                }
            });
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
        });

    // The caption: what is happening, or what to do.
    let prompt = if phase == Some(Phase::AwaitingInput) {
        if sel.can_stop {
            "Click a highlighted spot to go on, or the piece again to stop here".to_string()
        } else if sel.prefix.is_empty() {
            format!("{}: your move", cap(&m.side_name(m.to_move())))
        } else if sel.next.iter().any(|t| matches!(t, Token::Choice(_))) {
            "Choose with the buttons just above".to_string()
        } else if let Some(p) = m.part_prompt(&sel.prefix) {
            p
        } else {
            "Choose one of the highlighted spots (click the piece again to put it back)".to_string()
        }
    } else {
        caption.0.clone()
    };
    let text = if phase == Some(Phase::AwaitingInput) && !caption.0.is_empty() && sel.prefix.is_empty() {
        // "Red: 4-stone rule: act at 8 or 12 · your move", not "… · Red: your move".
        let side = format!("{}: ", cap(&m.side_name(m.to_move())));
        match (caption.0.starts_with(&side), prompt.strip_prefix(&side)) {
            (true, Some(rest)) => format!("{}  ·  {rest}", caption.0),
            _ => format!("{}  ·  {prompt}", caption.0),
        }
    } else {
        prompt
    };
    // Nothing to say (e.g. between the last animation and the result screen): no empty box.
    if !text.is_empty() {
        egui::Window::new("caption")
            .title_bar(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_BOTTOM, [-130.0, -14.0])
            .show(ctx, |ui| {
                ui.label(egui::RichText::new(text).size(17.0));
            });
    }

    // Why the last click was refused, by the pointer, until the next click or the turn ends.
    if phase == Some(Phase::AwaitingInput)
        && let Some(why) = &sel.refusal
        && let Some(at) = ctx.pointer_latest_pos()
    {
        egui::Area::new(egui::Id::new("refusal"))
            .fixed_pos(at + egui::vec2(16.0, 18.0))
            .order(egui::Order::Tooltip)
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style())
                    .fill(egui::Color32::from_rgb(60, 24, 20))
                    .stroke(egui::Stroke::new(1.0, egui::Color32::from_rgb(220, 110, 80)))
                    .show(ui, |ui| {
                        ui.set_max_width(300.0);
                        ui.label(egui::RichText::new(why).color(egui::Color32::from_rgb(255, 220, 200)));
                    });
            });
    }

    // Choice buttons for the part of a move that is not a spot.
    let choices: Vec<u8> = sel
        .next
        .iter()
        .filter_map(|t| if let Token::Choice(c) = t { Some(*c) } else { None })
        .collect();
    if phase == Some(Phase::AwaitingInput) && !choices.is_empty() && !paused.0 {
        egui::Window::new("choose")
            .title_bar(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_BOTTOM, [-130.0, -64.0])
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.label(if sel.prefix.is_empty() { "Or:" } else { "Which stone?" });
                    for c in choices {
                        if ui.button(egui::RichText::new(m.choice_label(c)).size(16.0)).clicked() {
                            sfx.write(PlaySfx(Sfx::Click));
                            input.write(MoveInput::Click(Token::Choice(c)));
                        }
                    }
                });
            });
    }

    if paused.0 {
        egui::Window::new("Paused")
            .resizable(false)
            .collapsible(false)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.vertical_centered(|ui| {
                    let resume = big(ui, "Resume");
                    crate::theme::keyboard::way_in(ui, &resume);
                    if resume.clicked() {
                        paused.0 = false;
                    }
                    if !demo.0 && big_button(ui, "Save this game") {
                        store.write(StoreAction::Save);
                        paused.0 = false;
                    }
                    if big_button(ui, "Load a saved game") {
                        refresh(&dir, &mut list);
                        dialogs.load = true;
                        paused.0 = false;
                    }
                    if big_button(ui, "Settings") {
                        dialogs.settings = true;
                        paused.0 = false;
                    }
                    if big_button(ui, "Restart this game") {
                        paused.0 = false;
                        next.set(Screen::Playing);
                    }
                    if big_button(ui, "New game") {
                        paused.0 = false;
                        next.set(Screen::NewGame);
                    }
                    if big_button(ui, "Title screen") {
                        paused.0 = false;
                        next.set(Screen::Title);
                    }
                });
            });
    }
    Ok(())
}

#[allow(clippy::too_many_arguments)]
fn results(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    m: Option<Res<Match>>,
    resigned: Res<Resigned>,
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<PlaySfx>,
    mut keep: ResMut<KeepMatch>,
    mut review: ResMut<Review>,
    (setup, settings, remote): (Res<Setup>, Res<Settings>, Res<crate::state::Remote>),
) -> Result {
    if *screen.get() != Screen::Results {
        return Ok(());
    }
    let Some(m) = m else { return Ok(()) };
    let m = m.0.as_ref();
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("Result")
        .resizable(false)
        .collapsible(false)
        // Beside the board, so the final position (the chain, the pinned general) stays in view.
        .anchor(egui::Align2::RIGHT_CENTER, [-24.0, 0.0])
        .default_width(330.0)
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(result_line(m, resigned.0)).size(24.0).strong());
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
            ui.horizontal(|ui| {
                let replay = ui.button(egui::RichText::new("Replay the game").size(17.0));
                crate::theme::keyboard::way_in(ui, &replay);
                if replay.clicked() {
                    sfx.write(PlaySfx(Sfx::Click));
                    keep.0 = true;
                    review.0 = true;
                    next.set(Screen::Playing);
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
    let _ = Player::P1;
    Ok(())
}

/// The load list, the settings and the move-list box.
#[allow(clippy::too_many_arguments)]
fn dialogs(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut settings: ResMut<Settings>,
    list: Res<SaveList>,
    mut store: MessageWriter<StoreAction>,
    mut paste: ResMut<PasteError>,
    m: Option<Res<Match>>,
    screen: Res<State<Screen>>,
    dir: Res<DataDir>,
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if crate::theme::keyboard::ask(ctx) == Some(crate::theme::keyboard::Ask::Close) {
        dialogs.load = false;
        dialogs.settings = false;
        dialogs.paste = false;
    }
    if dialogs.load {
        let mut open = true;
        egui::Window::new("Load a saved game")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .default_width(460.0)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                // Where the saves are, and how to take one elsewhere: files on the desktop, the
                // page's storage (with Download and Upload) in the browser.
                if crate::platform::SAVES_IN_PAGE {
                    ui.label(
                        "Your saves are kept in this browser. Download one to keep it as a file or to play it \
                         in another browser; Upload adds a save file to this list.",
                    );
                    if ui.button("Upload a save file…").clicked() {
                        store.write(StoreAction::Upload);
                    }
                } else {
                    ui.label(
                        egui::RichText::new(format!(
                            "Saves are files in {}: copy one to keep it or to play it on another computer.",
                            parlour_saves::saves_dir(&dir.0).display()
                        ))
                        .small(),
                    );
                }
                ui.separator();
                if list.0.is_empty() {
                    ui.label("There are no saved games yet. Save one from the game's panel or the menu (Esc).");
                }
                egui::ScrollArea::vertical().max_height(360.0).show(ui, |ui| {
                    for (i, entry) in list.0.iter().enumerate() {
                        ui.horizontal(|ui| {
                            let auto = entry.name == parlour_saves::AUTOSAVE.trim_end_matches(".json");
                            let load = ui.button("Load");
                            if i == 0 {
                                crate::theme::keyboard::way_in(ui, &load);
                            }
                            if load.clicked() {
                                store.write(StoreAction::Load(entry.path.clone()));
                                dialogs.load = false;
                            }
                            if crate::platform::SAVES_IN_PAGE && ui.button("Download").clicked() {
                                store.write(StoreAction::Download(entry.path.clone()));
                            }
                            ui.vertical(|ui| {
                                match &entry.summary {
                                    Ok(what) => ui.label(egui::RichText::new(what).strong()),
                                    Err(why) => ui.label(
                                        egui::RichText::new(format!("Cannot be loaded. {why}"))
                                            .color(egui::Color32::from_rgb(230, 110, 90)),
                                    ),
                                };
                                ui.label(
                                    egui::RichText::new(format!(
                                        "{}{} · {}",
                                        if auto { "saved on exit · " } else { "" },
                                        parlour_saves::age_words(entry.age_secs),
                                        entry.name
                                    ))
                                    .small(),
                                );
                            });
                        });
                        ui.separator();
                    }
                });
            });
        if !open {
            dialogs.load = false;
        }
    }
    if dialogs.settings {
        let mut open = true;
        let mut s = settings.clone();
        egui::Window::new("Settings")
            .open(&mut open)
            .collapsible(false)
            .resizable(false)
            .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
            .show(ctx, |ui| {
                egui::Grid::new("settings")
                    .num_columns(2)
                    .spacing([12.0, 8.0])
                    .show(ui, |ui| {
                        ui.label("Sound");
                        ui.horizontal(|ui| {
                            let mute = ui.checkbox(&mut s.muted, "Mute");
                            crate::theme::keyboard::way_in(ui, &mute);
                            ui.add(egui::Slider::new(&mut s.volume, 0.0..=1.0).text("volume"));
                        });
                        ui.end_row();
                        ui.label("Animations");
                        ui.horizontal(|ui| {
                            for sp in Speed::ALL {
                                ui.selectable_value(&mut s.speed, sp, sp.label());
                            }
                        });
                        ui.end_row();
                        ui.label("Camera");
                        ui.horizontal(|ui| {
                            ui.selectable_value(&mut s.camera, CameraMode::Perspective, "Three-quarter view");
                            ui.selectable_value(&mut s.camera, CameraMode::TopDown, "Top-down");
                        });
                        ui.end_row();
                        ui.label("Colours");
                        ui.vertical(|ui| {
                            ui.selectable_value(&mut s.palette, Palette::Classic, "Classic colours");
                            ui.selectable_value(
                                &mut s.palette,
                                Palette::ColourSafe,
                                "Colour-blind safe (Okabe–Ito), second side ringed",
                            );
                        });
                        ui.end_row();
                        ui.label("Text size");
                        ui.add(egui::Slider::new(&mut s.ui_scale, UI_SCALE.0..=UI_SCALE.1).step_by(0.05));
                        ui.end_row();
                        ui.label("Guided start");
                        if ui
                            .add_enabled(!s.guided.is_empty(), egui::Button::new("Offer it again for every game"))
                            .clicked()
                        {
                            s.guided.clear();
                        }
                        ui.end_row();
                    });
                ui.label(
                    egui::RichText::new("Colours apply to the next board. F11 toggles full screen.")
                        .small()
                        .italics(),
                );
            });
        if s != *settings {
            *settings = s;
        }
        if !open {
            dialogs.settings = false;
        }
    }
    if dialogs.paste && *screen.get() == Screen::Playing {
        let mut open = true;
        let game = m.as_ref().map(|m| m.0.title()).unwrap_or_default();
        egui::Window::new("Set up from a move list")
            .open(&mut open)
            .collapsible(false)
            .default_width(420.0)
            .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
            .show(ctx, |ui| {
                ui.label(format!(
                    "Paste {game} moves in the engine's notation, separated by spaces. They are played from the start position; move numbers are skipped."
                ));
                ui.add(
                    egui::TextEdit::multiline(&mut dialogs.paste_text)
                        .desired_rows(5)
                        .desired_width(f32::INFINITY)
                        .font(egui::TextStyle::Monospace),
                );
                if let Some(e) = &paste.0 {
                    ui.label(egui::RichText::new(e).color(egui::Color32::from_rgb(230, 110, 90)));
                }
                ui.horizontal(|ui| {
                    if ui.button("Set up").clicked() {
                        store.write(StoreAction::SetUp(dialogs.paste_text.clone()));
                    }
                    if let Some(m) = &m
                        && ui.button("Fill in the current moves").clicked()
                    {
                        dialogs.paste_text = move_list(m.0.as_ref());
                    }
                });
            });
        if !open {
            dialogs.paste = false;
            paste.0 = None;
        }
    }
    // A successful set-up closes the box.
    if paste.is_changed() && paste.0.is_none() && !paste.is_added() {
        dialogs.paste = false;
    }
    Ok(())
}

/// The last sentence about saves or settings, at the bottom left; a problem stays longer.
fn notice(mut contexts: EguiContexts, notice: Res<Notice>) -> Result {
    let keep = if notice.error { 20.0 } else { 6.0 };
    if notice.text.is_empty() || notice.age > keep {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("notice")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::LEFT_BOTTOM, [12.0, -12.0])
        .max_width(520.0)
        .show(ctx, |ui| {
            let colour = if notice.error {
                egui::Color32::from_rgb(240, 120, 100)
            } else {
                egui::Color32::from_rgb(150, 220, 150)
            };
            ui.label(egui::RichText::new(&notice.text).color(colour).size(15.0));
        });
    Ok(())
}

/// `--show WHAT`: opens a window once the first screen is up (for screenshots).
#[allow(clippy::too_many_arguments)]
fn show_at_start(
    args: Option<Res<crate::cli::Args>>,
    mut done: Local<u32>,
    m: Option<Res<Match>>,
    mut rules: ResMut<ShowRules>,
    mut dialogs: ResMut<Dialogs>,
    mut cmds: MessageWriter<GameCommand>,
    mut store: MessageWriter<StoreAction>,
    (dir, mut list, mut next): (Res<DataDir>, ResMut<SaveList>, ResMut<NextState<Screen>>),
    (mut walk, mut setup, mut start): (
        ResMut<crate::teach::walkthrough::WalkthroughRequest>,
        ResMut<Setup>,
        ResMut<crate::play::board::StartMoves>,
    ),
) {
    let Some(what) = args.as_ref().and_then(|a| a.show.clone()) else {
        return;
    };
    // Wait a few frames so the match and its table exist.
    *done += 1;
    if *done != 5 {
        return;
    }
    match what.as_str() {
        "rules" => rules.0 = true,
        "settings" => dialogs.settings = true,
        "load" => {
            refresh(&dir, &mut list);
            dialogs.load = true;
        }
        "paste" => {
            dialogs.paste = true;
            // Show the refusal of a list with a bad move at its end.
            let moves = m.map(|m| move_list(m.0.as_ref())).unwrap_or_default();
            dialogs.paste_text = format!("{moves} zz99").trim().to_string();
            store.write(StoreAction::SetUp(dialogs.paste_text.clone()));
        }
        "replay" => {
            cmds.write(GameCommand::ReplayBack);
            cmds.write(GameCommand::ReplayBack);
        }
        // The new-game dialog on the game and options of the command line.
        "newgame" => next.set(Screen::NewGame),
        "walk" => {
            if let Some(m) = m {
                let (game, options) = (m.0.game_id(), m.0.options());
                crate::teach::walkthrough::request(game, &options, &mut walk, &mut setup, &mut start, &mut next);
            }
        }
        _ => {}
    }
}

//! Every screen's controls with bevy_egui: the title, the new-game dialog, the playing HUD
//! (whose turn, counters, move list, undo/redo, hint, AI thinking with "move now", resign,
//! camera and sound), choice buttons for multi-part moves, the pause menu, the rules card
//! and the result screen; and the keyboard shortcuts U, R, H, F1 and Esc.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_ai::Level;
use parlour_rules::Player;

use crate::Paused;
use crate::ai::AiTurn;
use crate::audio::Volume;
use crate::camera::OrbitCam;
use crate::cli::GAMES;
use crate::games::{Setup, Sfx, Token, option_specs};
use crate::play::{
    Caption, GameCommand, GameSet, Match, MoveInput, Phase, PlaySfx, Resigned, Screen, Selection, cap, result_line,
};

/// Whether the rules card is open.
#[derive(Resource, Default)]
pub struct ShowRules(pub bool);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShowRules>()
        .add_systems(Update, keys.in_set(GameSet::Input))
        .add_systems(EguiPrimaryContextPass, (title, new_game, playing, results, rules_card));
}

fn side_names(game: &str) -> [&'static str; 2] {
    match game {
        "conhex" => ["Blue", "Red"],
        "qyshinsu" => ["Black", "Red"],
        "soldiers" => ["General (hunter)", "Soldiers"],
        _ => ["White", "Black"],
    }
}

fn first_mover(game: &str) -> &'static str {
    match game {
        "konane" => "Black moves first (the rules fix it).",
        "conhex" => "Blue places the first peg; with swap on, Red may take it over.",
        "qyshinsu" => "Black moves first (the rules fix it).",
        "soldiers" => "Who moves first depends on the board chosen (the rule book fixes it).",
        _ => "Choose who places the first marker with the option above.",
    }
}

fn rules_text(game: &str) -> &'static str {
    match game {
        "kansho" => {
            "Place a marker on an empty cell; every empty neighbour is filled and every opponent neighbour replaced by yours, paid from your hand. Areas with no empty neighbour roll into the hole (opponent's first), then markers with at most one friend leave, wave after wave. When both hands are empty the side with more markers on the board wins."
        }
        "konane" => {
            "Black, then White, lift one stone to open the board. After that, jump an enemy stone orthogonally into an empty square; you may continue jumping in the same direction and stop at any landing. Whoever cannot move loses."
        }
        "conhex" => {
            "Put a peg in an empty hole. A cell becomes yours when you hold half of its holes (rounded up) first. Blue joins north and south, Red west and east, with a chain of owned cells. Red may swap after Blue's first peg."
        }
        "qyshinsu" => {
            "Add a stone from hand or take back one of yours, where the opponent's last stone allows: an n-stone sends you n positions either way; an Old Stone added makes you add next to it, removed makes you remove your nearest. Who cannot move loses."
        }
        _ => {
            "The hunter moves along the lines and captures soldiers (by intervention or jumping, depending on the board); soldiers move forward or sideways and try to trap him. The hunter wins when few enough soldiers are left; the soldiers win when he cannot move."
        }
    }
}

fn keys(
    keys: Res<ButtonInput<KeyCode>>,
    screen: Res<State<Screen>>,
    wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    mut cmds: MessageWriter<GameCommand>,
    mut paused: ResMut<Paused>,
    mut rules: ResMut<ShowRules>,
) {
    if wants.is_some_and(|w| w.wants_any_keyboard_input()) {
        return;
    }
    if keys.just_pressed(KeyCode::F1) {
        rules.0 = !rules.0;
    }
    if *screen.get() != Screen::Playing {
        return;
    }
    if keys.just_pressed(KeyCode::Escape) {
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

fn big_button(ui: &mut egui::Ui, text: &str) -> bool {
    ui.add_sized([260.0, 36.0], egui::Button::new(egui::RichText::new(text).size(18.0)))
        .clicked()
}

fn title(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    mut exit: MessageWriter<AppExit>,
    mut sfx: MessageWriter<PlaySfx>,
) -> Result {
    if *screen.get() != Screen::Title {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("title")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.add_space(12.0);
                ui.label(egui::RichText::new("Parlour").size(48.0).strong());
                ui.label(egui::RichText::new("Five traditional games on a 3D tabletop").size(16.0));
                ui.add_space(18.0);
                if big_button(ui, "New game") {
                    sfx.write(PlaySfx(Sfx::Click));
                    next.set(Screen::NewGame);
                }
                ui.add_space(6.0);
                if big_button(ui, "Quit") {
                    exit.write(AppExit::Success);
                }
                ui.add_space(12.0);
                ui.label("Kansho · Kōnane · ConHex · Qyshinsu · Sixteen Soldiers");
                ui.add_space(8.0);
            });
        });
    Ok(())
}

fn level_name(l: Option<Level>) -> String {
    l.map(|l| format!("Computer ({})", l.name()))
        .unwrap_or_else(|| "Human".to_string())
}

fn new_game(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut setup: ResMut<Setup>,
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<PlaySfx>,
    mut start: ResMut<crate::play::StartMoves>,
) -> Result {
    if *screen.get() != Screen::NewGame {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    egui::Window::new("New game")
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .default_width(560.0)
        .show(ctx, |ui| {
            ui.heading("Game");
            ui.horizontal_wrapped(|ui| {
                for (id, name) in GAMES {
                    if ui.selectable_label(setup.game == *id, *name).clicked() && setup.game != *id {
                        setup.game = id.to_string();
                        setup.options.clear();
                        sfx.write(PlaySfx(Sfx::Click));
                    }
                }
            });
            ui.label(egui::RichText::new(rules_text(&setup.game)).small());
            ui.separator();
            let specs = option_specs(&setup.game);
            if !specs.is_empty() {
                ui.heading("Options");
            }
            for spec in specs {
                let current = setup
                    .options
                    .iter()
                    .find(|(k, _)| k == spec.key)
                    .map(|(_, v)| v.clone())
                    .unwrap_or_else(|| spec.default.to_string());
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(spec.key).strong());
                    for v in spec.values {
                        if ui.selectable_label(current == *v, *v).clicked() {
                            setup.options.retain(|(k, _)| k != spec.key);
                            setup.options.push((spec.key.to_string(), v.to_string()));
                        }
                    }
                });
                ui.label(egui::RichText::new(spec.help).small().italics());
            }
            ui.separator();
            ui.heading("Players");
            let names = side_names(&setup.game);
            for seat in 0..2 {
                ui.horizontal(|ui| {
                    ui.label(egui::RichText::new(names[seat]).strong());
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
            ui.label(first_mover(&setup.game));
            ui.separator();
            ui.horizontal(|ui| {
                if ui.button(egui::RichText::new("Start").size(18.0)).clicked() {
                    sfx.write(PlaySfx(Sfx::Click));
                    start.0.clear();
                    next.set(Screen::Playing);
                }
                if ui.button("Back").clicked() {
                    next.set(Screen::Title);
                }
            });
        });
    Ok(())
}

#[allow(clippy::too_many_arguments)]
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
    mut volume: ResMut<Volume>,
    mut cam: ResMut<OrbitCam>,
    mut rules: ResMut<ShowRules>,
    mut cmds: MessageWriter<GameCommand>,
    mut input: MessageWriter<MoveInput>,
    mut next: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<PlaySfx>,
) -> Result {
    if *screen.get() != Screen::Playing {
        return Ok(());
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
            let colour = m.to_move();
            let seat = m.seat_to_move();
            let who = level_name(setup.seats[seat.index()]);
            let turn = match phase {
                Some(Phase::GameOver) => result_line(m, None),
                _ => format!("{} to move — {who}", cap(&m.side_name(colour))),
            };
            let c = m.palette()[colour.index()].to_srgba();
            ui.horizontal(|ui| {
                let (rect, _) = ui.allocate_exact_size(egui::vec2(16.0, 16.0), egui::Sense::hover());
                ui.painter().circle_filled(
                    rect.center(),
                    7.0,
                    egui::Color32::from_rgb((c.red * 255.0) as u8, (c.green * 255.0) as u8, (c.blue * 255.0) as u8),
                );
                ui.painter()
                    .circle_stroke(rect.center(), 7.0, egui::Stroke::new(1.0, egui::Color32::GRAY));
                ui.label(egui::RichText::new(turn).size(15.0).strong());
            });
            if let Some(note) = m.note() {
                ui.label(egui::RichText::new(note).size(13.0).italics());
            }
            if phase == Some(Phase::AiThinking) {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(format!("Computer thinking… {:.1} s", ai.elapsed));
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
            }
            ui.separator();
            egui::Grid::new("counters").num_columns(2).striped(true).show(ui, |ui| {
                for c in m.counters() {
                    ui.label(cap(&c.label));
                    ui.label(egui::RichText::new(c.value.to_string()).strong());
                    ui.end_row();
                }
            });
            ui.separator();
            ui.label(egui::RichText::new("Moves").strong());
            egui::ScrollArea::vertical()
                .max_height(170.0)
                .stick_to_bottom(true)
                .show(ui, |ui| {
                    let hist = m.history();
                    if hist.is_empty() {
                        ui.label(egui::RichText::new("none yet").italics());
                    }
                    for (i, (p, text)) in hist.iter().enumerate() {
                        ui.label(format!("{:>3}. {:<8} {}", i + 1, m.side_name(*p), text));
                    }
                });
            ui.separator();
            let busy = phase == Some(Phase::Resolving);
            ui.horizontal_wrapped(|ui| {
                if ui
                    .add_enabled(!busy && !m.history().is_empty(), egui::Button::new("Undo (U)"))
                    .clicked()
                {
                    cmds.write(GameCommand::Undo);
                }
                if ui
                    .add_enabled(!busy && m.redo_len() > 0, egui::Button::new("Redo (R)"))
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
                    .add_enabled(!busy && phase != Some(Phase::GameOver), egui::Button::new("Resign"))
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
            ui.horizontal(|ui| {
                ui.checkbox(&mut volume.muted, "Mute");
                ui.add(
                    egui::Slider::new(&mut volume.level, 0.0..=1.0)
                        .show_value(false)
                        .text("Volume"),
                );
            });
        });

    // The caption: what is happening, or what to do.
    let prompt = if phase == Some(Phase::AwaitingInput) {
        if sel.can_stop {
            "Click a highlighted spot to go on, or the piece again to stop here".to_string()
        } else if sel.prefix.is_empty() {
            format!("{}: your move", cap(&m.side_name(m.to_move())))
        } else if sel.next.iter().any(|t| matches!(t, Token::Choice(_))) {
            "Choose below".to_string()
        } else {
            "Choose one of the highlighted spots (click the piece again to put it back)".to_string()
        }
    } else {
        caption.0.clone()
    };
    egui::Window::new("caption")
        .title_bar(false)
        .resizable(false)
        .anchor(egui::Align2::CENTER_BOTTOM, [-130.0, -14.0])
        .show(ctx, |ui| {
            ui.label(
                egui::RichText::new(
                    if phase == Some(Phase::AwaitingInput) && !caption.0.is_empty() && sel.prefix.is_empty() {
                        format!("{}  ·  {prompt}", caption.0)
                    } else {
                        prompt
                    },
                )
                .size(17.0),
            );
        });

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
            .anchor(egui::Align2::CENTER_TOP, [-130.0, 12.0])
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
                    if big_button(ui, "Resume") {
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

fn rules_card(mut contexts: EguiContexts, mut rules: ResMut<ShowRules>, setup: Res<Setup>) -> Result {
    if !rules.0 {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let mut open = true;
    egui::Window::new("How to play")
        .open(&mut open)
        .default_width(420.0)
        .anchor(egui::Align2::LEFT_TOP, [12.0, 12.0])
        .show(ctx, |ui| {
            ui.label(rules_text(&setup.game));
            ui.separator();
            ui.label("Click spots to move; highlighted spots show what is legal. Right-drag orbits, the wheel zooms, C resets the view and T looks straight down. U undo, R redo, H hint, Esc menu.");
        });
    if !open {
        rules.0 = false;
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
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                ui.label(egui::RichText::new(result_line(m, resigned.0)).size(24.0).strong());
                if let Some(t) = m.result_text() {
                    ui.label(egui::RichText::new(t).size(18.0));
                }
                ui.label(format!("{} moves played", m.history().len()));
            });
            ui.separator();
            egui::Grid::new("final").num_columns(2).striped(true).show(ui, |ui| {
                for c in m.counters() {
                    ui.label(cap(&c.label));
                    ui.label(c.value.to_string());
                    ui.end_row();
                }
            });
            ui.separator();
            ui.horizontal(|ui| {
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

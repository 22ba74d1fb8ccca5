//! "Play online" on the title screen (create a game and get its invite code, join by code,
//! resume an unfinished game), and the online indicator above the table while one is played.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_online::wire::Seat;
use parlour_rules::GameId;

use super::lobby_window::{LobbyCommand, LobbyWindow, player_text};
use super::{Book, NetCommand, OnlineStatus};
use crate::cli::Args;
use crate::games::effects::Sfx;
use crate::play::messages::PlaySfx;
use crate::state::{Phase, Screen};
use crate::store::settings::{DataDir, Settings};
use crate::theme::keyboard::Ask;
use crate::theme::keyboard::ask;
use crate::theme::keyboard::way_in;

/// The server a first-time player is offered.
pub const DEFAULT_SERVER: &str = "http://127.0.0.1:7878";

/// The "Play online" window's fields.
#[derive(Resource, Debug, Clone)]
pub struct OnlineDialog {
    /// Shown.
    pub open: bool,
    /// The server address typed.
    pub server: String,
    /// The invite code typed.
    pub code: String,
    /// The game to create.
    pub game: GameId,
    /// The seat to take when creating.
    pub seat: Seat,
}

impl Default for OnlineDialog {
    fn default() -> Self {
        OnlineDialog {
            open: false,
            server: String::new(),
            code: String::new(),
            game: GameId::Konane,
            seat: Seat::First,
        }
    }
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<OnlineDialog>()
        .add_systems(Startup, read_book)
        .add_systems(EguiPrimaryContextPass, (dialog, indicator));
}

/// Reads the book, and acts on `--server … --join/--watch …` (joining a game whose seat the
/// book holds takes that seat again) and `--show online`.
fn read_book(
    mut commands: Commands,
    dir: Option<Res<DataDir>>,
    mut dialog: ResMut<OnlineDialog>,
    args: Option<Res<Args>>,
    mut net: MessageWriter<NetCommand>,
) {
    let book = match dir {
        Some(d) => Book::open(&d.0),
        None => Book::default(),
    };
    if let Some(args) = args {
        dialog.open = args.show.as_deref() == Some("online");
        if let Some((server, code, watch)) = args.online.clone() {
            let held = book.book.games.iter().find(|g| g.server == server && g.code == code);
            net.write(match held {
                _ if watch => NetCommand::Watch { server, code },
                Some(g) => NetCommand::Resume {
                    server,
                    code,
                    token: g.token.clone(),
                },
                None => NetCommand::Join { server, code },
            });
        }
    }
    dialog.server = if book.book.last_server.is_empty() {
        DEFAULT_SERVER.into()
    } else {
        book.book.last_server.clone()
    };
    commands.insert_resource(book);
}

fn age(secs: u64) -> String {
    parlour_saves::age_words(super::now_secs().saturating_sub(secs))
}

fn dialog(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut dialog: ResMut<OnlineDialog>,
    mut book: ResMut<Book>,
    status: Res<OnlineStatus>,
    settings: Res<Settings>,
    mut net: MessageWriter<NetCommand>,
    mut sfx: MessageWriter<PlaySfx>,
    (mut lobby, lobby_window): (MessageWriter<LobbyCommand>, Res<LobbyWindow>),
) -> Result {
    // The lobby takes the place of this window while it is open (closing it comes back here).
    if *screen.get() != Screen::Title || !dialog.open || lobby_window.open {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Escape closes the window.
    let mut open = dialog.open && ask(ctx) != Some(Ask::Close);
    egui::Window::new("Play online")
        .open(&mut open)
        .resizable(false)
        .collapsible(false)
        .anchor(egui::Align2::CENTER_CENTER, [120.0, 0.0])
        .default_width(460.0)
        .show(ctx, |ui| {
            let d = &mut *dialog;
            ui.horizontal(|ui| {
                ui.label("Server");
                let server = ui.add(egui::TextEdit::singleline(&mut d.server).desired_width(300.0));
                way_in(ui, &server);
            });
            ui.label(egui::RichText::new("Both players use the same server: start one with parlour-server.").small());
            if ui
                .button("Open the lobby: seeks, players, games being played")
                .on_hover_text("Find someone to play on this server, or watch a game")
                .clicked()
            {
                lobby.write(LobbyCommand::Open(d.server.clone()));
            }
            ui.separator();
            create_section(ui, d, &settings, &mut net, &mut sfx);
            ui.separator();
            join_section(ui, d, &mut net);
            unfinished_section(ui, &mut book, &mut net);
            if let Some(problem) = &book.problem {
                ui.colored_label(egui::Color32::from_rgb(230, 120, 100), problem);
            }
            if status.active {
                ui.separator();
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(format!("{} {}", status.server, status.link));
                    if ui.button("Cancel").clicked() {
                        net.write(NetCommand::Leave);
                    }
                });
            }
            if let Some(m) = &status.message {
                ui.colored_label(egui::Color32::from_rgb(230, 120, 100), m);
            }
        });
    dialog.open = open;
    Ok(())
}

/// "Start a game for a friend": the game, its options as last chosen, the seat, and the button.
fn create_section(
    ui: &mut egui::Ui,
    d: &mut OnlineDialog,
    settings: &Settings,
    net: &mut MessageWriter<NetCommand>,
    sfx: &mut MessageWriter<PlaySfx>,
) {
    ui.heading("Start a game for a friend");
    egui::ComboBox::from_label("Game")
        .selected_text(d.game.name())
        .show_ui(ui, |ui| {
            for id in GameId::ALL {
                ui.selectable_value(&mut d.game, id, id.name());
            }
        });
    // The options last chosen for that game in the new-game dialog come along.
    let options = if settings.last_setup.game == d.game {
        settings.last_setup.options.pairs().to_vec()
    } else {
        Vec::new()
    };
    let shown: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    ui.label(format!(
        "Options: {}",
        if shown.is_empty() {
            "the standard game".to_string()
        } else {
            shown.join(" ")
        }
    ));
    ui.horizontal(|ui| {
        ui.label("You play");
        ui.radio_value(&mut d.seat, Seat::First, "the side that moves first");
        ui.radio_value(&mut d.seat, Seat::Second, "the other side");
    });
    if ui.button("Create the game and get its invite code").clicked() {
        sfx.write(PlaySfx(Sfx::Click));
        net.write(NetCommand::Create {
            server: d.server.clone(),
            game: d.game,
            options,
            seat: d.seat,
        });
    }
}

/// "Join a friend's game": the invite code, and join or watch.
fn join_section(ui: &mut egui::Ui, d: &mut OnlineDialog, net: &mut MessageWriter<NetCommand>) {
    ui.heading("Join a friend's game");
    ui.horizontal(|ui| {
        ui.label("Invite code");
        ui.add(
            egui::TextEdit::singleline(&mut d.code)
                .desired_width(140.0)
                .hint_text("e.g. k7mq2xw9ab"),
        );
        let code = d.code.trim().to_lowercase();
        let valid = parlour_online::wire::check_code(&code).is_ok();
        if ui.add_enabled(valid, egui::Button::new("Join")).clicked() {
            net.write(NetCommand::Join {
                server: d.server.clone(),
                code: code.clone(),
            });
        }
        if ui.add_enabled(valid, egui::Button::new("Watch")).clicked() {
            net.write(NetCommand::Watch {
                server: d.server.clone(),
                code,
            });
        }
    });
}

/// The player's unfinished online games, to resume or forget.
fn unfinished_section(ui: &mut egui::Ui, book: &mut Book, net: &mut MessageWriter<NetCommand>) {
    if !book.book.games.is_empty() {
        ui.separator();
        ui.heading("Your unfinished online games");
        let mut forget = None;
        for g in book.book.games.iter().take(8) {
            ui.horizontal(|ui| {
                ui.label(format!(
                    "{} · {} · you move {} · {}",
                    g.game.name(),
                    g.code,
                    g.seat,
                    age(g.touched)
                ));
                if ui.button("Resume").clicked() {
                    net.write(NetCommand::Resume {
                        server: g.server.clone(),
                        code: g.code.clone(),
                        token: g.token.clone(),
                    });
                }
                if ui.small_button("Forget").clicked() {
                    forget = Some((g.server.clone(), g.code.clone()));
                }
            });
        }
        if let Some((server, code)) = forget {
            book.book.forget(&server, &code);
            book.save();
        }
    }
}

/// The line above the table in an online game: connection, invite code, whose move.
fn indicator(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    phase: Option<Res<State<Phase>>>,
    status: Res<OnlineStatus>,
    mut net: MessageWriter<NetCommand>,
    layout: Option<Res<crate::theme::layout::Layout>>,
    m: Option<Res<crate::play::board::Match>>,
) -> Result {
    // On a small screen the compact bar shows the players and the invite code instead.
    let compact = layout.is_some_and(|l| l.compact());
    if !status.active || compact || !matches!(*screen.get(), Screen::Playing | Screen::Results) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let dot = if status.link == "connected" {
        egui::Color32::from_rgb(110, 200, 120)
    } else {
        egui::Color32::from_rgb(230, 170, 80)
    };
    egui::Area::new(egui::Id::new("online-indicator"))
        .anchor(egui::Align2::CENTER_TOP, [0.0, 8.0])
        .show(ctx, |ui| {
            egui::Frame::popup(ui.style()).show(ui, |ui| {
                ui.horizontal(|ui| {
                    // A lamp: green when connected, amber while (re)connecting.
                    let (rect, _) = ui.allocate_exact_size(egui::vec2(12.0, 12.0), egui::Sense::hover());
                    ui.painter().circle_filled(rect.center(), 5.0, dot);
                    ui.label(format!("Online · {} · game {}", status.link, status.code));
                    if status.players.iter().any(Option::is_some) {
                        ui.label(format!(
                            "· {} – {}",
                            player_text(status.players[0].as_ref()),
                            player_text(status.players[1].as_ref())
                        ));
                    }
                    if ui.small_button("Copy code").clicked() {
                        ui.ctx().copy_text(status.code.clone());
                    }
                });
                if let Some(m) = &m {
                    super::clock::clocks_row(ui, &status.clock, &clock_labels(&status, m.0.as_ref()));
                }
                if status.watching {
                    ui.label("You are watching this game.");
                } else if status.waiting_for_friend {
                    ui.label(
                        egui::RichText::new(format!(
                            "Waiting for your friend: give them the invite code {}",
                            status.code
                        ))
                        .strong(),
                    );
                } else if status.sending {
                    ui.label("Sending your move…");
                } else if phase.is_some_and(|p| *p.get() == Phase::Remote) {
                    // A lobby game's other player (named) is an opponent, not a friend invited.
                    let lobby = status.players.iter().any(Option::is_some);
                    ui.label(if lobby {
                        "Your opponent is thinking…"
                    } else {
                        "Your friend is thinking…"
                    });
                }
                if let Some(m) = &status.message {
                    ui.label(egui::RichText::new(m).italics());
                }
                if !status.watching
                    && !status.waiting_for_friend
                    && let Some(ask) = super::offers::buttons(ui, &status.offers, false)
                {
                    net.write(NetCommand::Offer(ask));
                }
            });
        });
    Ok(())
}

/// The words beside each seat's clock: its side's name, and its player in a lobby game
/// ("White · Ada_L (1720)").
fn clock_labels(status: &OnlineStatus, m: &dyn crate::games::any_match::AnyMatch) -> [String; 2] {
    let first = status.first.unwrap_or(parlour_rules::Player::P1);
    Seat::BOTH.map(|seat| {
        let side = m.side_name(m.colour_of_seat(super::timing::player_of(seat, first)));
        let side = crate::games::words::cap(&side);
        match &status.players[seat.index()] {
            Some(tag) => format!("{side} · {}", player_text(Some(tag))),
            None => side,
        }
    })
}

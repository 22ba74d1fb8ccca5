//! The lobby (issue 74): the open seeks of a Parlour server (accept by one click or tap), "Create
//! a seek" with the game and options last chosen, rated or casual, the side and a rating
//! range, the games being played now (to watch), one's own going on (to resume), and this
//! device's account — made silently
//! under a generated name the first time, named here to play rated games. Opened from "Play
//! online", by `--lobby URL`, or in the browser at `/lobby`. A game made for this player (a
//! seek taken, a seek accepted) is played on the game connection, which resumes the seat with
//! the token the lobby chose; the lobby closes then.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_online::client::LinkState;
use parlour_online::lobby_link::{LobbyEvent, LobbyLink};
use parlour_online::net::{WebSocketConnector, ws_url};
use parlour_rules::GameId;
use parlour_saves::online::DeviceAccount;

mod create;
mod model;
mod pace;
pub mod turns;

pub use model::{LobbyWindow, player_text, rating_text};
use model::{game_name, options_text};
use pace::pace_text;

use super::players_window::view::{PlayersWindow, lobby_buttons};
use super::{Book, NetCommand};
use crate::cli::Args;
use crate::state::Screen;
use crate::store::settings::Settings;
use crate::theme::keyboard::{Ask, ask};
use crate::theme::layout::{Layout, mark_target};

/// The lobby's connection, while the lobby is open (non-`Send`: on the web the socket is the
/// browser's).
#[derive(Default)]
pub struct Lobby(pub Option<(String, LobbyLink)>);

/// What the player asked of the lobby.
#[derive(Message, Clone, Debug, PartialEq, Eq)]
pub enum LobbyCommand {
    /// Open the lobby of this server (signing in, or making this device's account).
    Open(String),
    /// Connect to this server's lobby in the background, with no window (at start, for the
    /// title screen's "your move" list).
    Connect(String),
    /// Close it (an open seek is withdrawn with the connection).
    Close,
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<LobbyWindow>()
        .init_resource::<turns::YourMove>()
        .init_non_send::<Lobby>()
        .init_non_send::<turns::PushAsk>()
        .add_message::<LobbyCommand>()
        // After Startup: the book of accounts is read there (`lobby::read_book`, by a command).
        .add_systems(PostStartup, open_at_start)
        .add_systems(Update, (open_lobby, poll_lobby, push_answered, clicked_notices).chain())
        .add_systems(EguiPrimaryContextPass, window);
}

/// `--lobby URL` (in the browser: the page at `/lobby`) opens that server's lobby; else a
/// device with an account on a server connects to it in the background, so the title screen
/// can list the games waiting for the player's move.
fn open_at_start(args: Option<Res<Args>>, book: Res<Book>, mut cmds: MessageWriter<LobbyCommand>) {
    if let Some(url) = args.and_then(|a| a.lobby.clone()) {
        cmds.write(LobbyCommand::Open(url));
    } else if let Some(account) = book
        .book
        .account(&book.book.last_server)
        .or_else(|| book.book.accounts.first())
    {
        cmds.write(LobbyCommand::Connect(account.server.clone()));
    }
}

fn open_lobby(
    mut cmds: MessageReader<LobbyCommand>,
    mut lobby: NonSendMut<Lobby>,
    mut window: ResMut<LobbyWindow>,
    book: Res<Book>,
) {
    for cmd in cmds.read() {
        match cmd {
            LobbyCommand::Open(server) | LobbyCommand::Connect(server) => {
                let server = server.trim().trim_end_matches('/').to_string();
                // Opening the window over the background connection to the same server keeps it.
                if lobby.0.as_ref().is_none_or(|(s, _)| *s != server) {
                    let secret = book.book.account(&server).map(|a| a.secret.clone());
                    let link = LobbyLink::new(ws_url(&server), Box::new(WebSocketConnector), secret);
                    lobby.0 = Some((server, link));
                }
                if let LobbyCommand::Open(_) = cmd {
                    window.open = true;
                    window.message = None;
                }
            }
            LobbyCommand::Close => {
                lobby.0 = None;
                window.open = false;
            }
        }
    }
}

/// Polls the lobby: keeps the account made or named, hands a game made for this player to the
/// game connection.
fn poll_lobby(
    mut lobby: NonSendMut<Lobby>,
    mut window: ResMut<LobbyWindow>,
    mut book: ResMut<Book>,
    mut net: MessageWriter<NetCommand>,
    mut your_move: ResMut<turns::YourMove>,
) {
    let Some((server, link)) = lobby.0.as_mut() else { return };
    link.poll();
    if your_move.server != *server || your_move.games != link.your_turn {
        your_move.server = server.clone();
        your_move.games = link.your_turn.clone();
    }
    let mut close = false;
    while let Some(event) = link.next_event() {
        match event {
            LobbyEvent::SignedIn(a) => {
                book.book.keep_account(DeviceAccount {
                    server: server.clone(),
                    name: a.name,
                    named: a.named,
                    secret: a.secret,
                });
                book.book.last_server = server.clone();
                book.save();
            }
            LobbyEvent::Matched { code, token, .. } => {
                net.write(NetCommand::Resume {
                    server: server.clone(),
                    code,
                    token,
                });
                close = true;
            }
            LobbyEvent::Said(s) => {
                window.message = Some(s);
                window.message_ok = false;
            }
            LobbyEvent::Done(s) => {
                window.message = Some(s);
                window.message_ok = true;
            }
        }
    }
    if close {
        lobby.0 = None;
        window.open = false;
    }
}

/// The browser's answer to "notify me here" goes to the server.
fn push_answered(mut push: NonSendMut<turns::PushAsk>, mut lobby: NonSendMut<Lobby>, mut window: ResMut<LobbyWindow>) {
    let link = lobby.0.as_mut().map(|(_, link)| link);
    turns::push_answered(&mut push, link, &mut window);
}

/// A notice clicked in this browser opens its game.
fn clicked_notices(mut lobby: NonSendMut<Lobby>, book: Res<Book>, mut net: MessageWriter<NetCommand>) {
    let (server, link) = match lobby.0.as_mut() {
        Some((s, l)) => (Some(s.as_str()), Some(l)),
        None => (None, None),
    };
    turns::open_clicked_notices(server, link, &book, &mut net);
}

#[allow(clippy::too_many_arguments)]
fn window(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut lobby: NonSendMut<Lobby>,
    mut window: ResMut<LobbyWindow>,
    (settings, book): (Res<Settings>, Res<Book>),
    layout: Option<Res<Layout>>,
    mut net: MessageWriter<NetCommand>,
    mut cmds: MessageWriter<LobbyCommand>,
    mut players: ResMut<PlayersWindow>,
    mut push: NonSendMut<turns::PushAsk>,
) -> Result {
    // A leaderboard or a player's page takes the lobby's place while it is open.
    if *screen.get() != Screen::Title || !window.open || players.view.is_some() {
        return Ok(());
    }
    let Some((server, link)) = lobby.0.as_mut() else {
        return Ok(());
    };
    let ctx = contexts.ctx_mut()?;
    let mut open = ask(ctx) != Some(Ask::Close);
    let layout = layout.map(|l| *l).unwrap_or_default();
    let width = if layout.compact() {
        layout.max_width(620.0, 8.0)
    } else {
        layout
            .max_width(620.0, 8.0)
            .min(layout.width - 2.0 * 100.0 - 430.0)
            .max(480.0)
    };
    let height = if layout.height > 0.0 {
        layout.height - 40.0
    } else {
        700.0
    };
    // Beside the title's card on a desktop (it stays where it is), over everything on a phone.
    let beside = if layout.compact() { 0.0 } else { 100.0 };
    egui::Window::new("Lobby")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_TOP, [beside, 20.0])
        .fixed_size([width, height.min(760.0)])
        .show(ctx, |ui| {
            let w = &mut *window;
            account_row(ui, server, link, w);
            lobby_buttons(ui, link, &mut players, w.filter.unwrap_or(w.game));
            if let Some(m) = &w.message {
                let colour = if w.message_ok {
                    egui::Color32::from_rgb(140, 200, 140)
                } else {
                    egui::Color32::from_rgb(230, 120, 100)
                };
                ui.colored_label(colour, m);
            }
            ui.separator();
            // Who is waiting first (the seeks fit a phone's screen without scrolling), then the
            // games being played, one's own, and a seek of one's own to post.
            egui::ScrollArea::vertical().show(ui, |ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label("Show");
                    egui::ComboBox::from_id_salt("lobby-filter")
                        .selected_text(w.filter.map_or("every game", |g| g.name()))
                        .show_ui(ui, |ui| {
                            ui.selectable_value(&mut w.filter, None, "every game");
                            for id in GameId::ALL {
                                ui.selectable_value(&mut w.filter, Some(id), id.name());
                            }
                        });
                });
                turns::your_turn_section(ui, server, link, w, &book, &mut net);
                let compact = layout.compact();
                seeks_section(ui, link, w, compact);
                ui.separator();
                games_section(ui, server, link, w, &mut net, compact);
                own_games_section(ui, server, &book, &mut net);
                ui.separator();
                create::create_section(ui, link, w, &settings);
                ui.separator();
                turns::notices_section(ui, link, w, &mut push);
            });
        });
    if !open {
        cmds.write(LobbyCommand::Close);
    }
    Ok(())
}

/// Who this device plays as, and the name to choose.
fn account_row(ui: &mut egui::Ui, server: &str, link: &mut LobbyLink, w: &mut LobbyWindow) {
    let state = match link.link() {
        LinkState::Up => "connected",
        LinkState::Connecting => "connecting…",
        LinkState::Down => "reconnecting…",
    };
    ui.label(egui::RichText::new(format!("{server} · {state}")).small());
    match link.account().cloned() {
        None => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Signing in…");
            });
        }
        Some(a) if a.named => {
            ui.label(egui::RichText::new(format!("You play as {}", a.name)).strong());
        }
        Some(a) => {
            ui.label(format!(
                "You play casual games as {}. Choose a name to play rated games:",
                a.name
            ));
            ui.horizontal(|ui| {
                ui.add(
                    egui::TextEdit::singleline(&mut w.name)
                        .desired_width(180.0)
                        .hint_text("3–20 letters, digits, _ or -"),
                );
                let ok = parlour_online::account::Name::parse(w.name.trim()).is_ok();
                if ui.add_enabled(ok, egui::Button::new("Choose")).clicked() {
                    link.choose_name(&w.name);
                    w.name.clear();
                }
            });
        }
    }
}

/// A game's name with its clock, "Kōnane · 5+3" (an untimed game by its name alone): one
/// column, so that the lists fit a phone's width.
fn game_and_pace(game: &str, pace: parlour_online::wire::Pace) -> String {
    match pace {
        parlour_online::wire::Pace::Untimed => game_name(game),
        pace => format!("{} · {}", game_name(game), pace_text(pace)),
    }
}

/// The open seeks, to accept.
fn seeks_section(ui: &mut egui::Ui, link: &mut LobbyLink, w: &mut LobbyWindow, compact: bool) {
    ui.heading("Open seeks");
    let me = link.account().map(|a| a.name.clone());
    let shown: Vec<_> = link
        .seeks
        .iter()
        .filter(|s| w.filter.is_none_or(|g| g.is(&s.game)))
        .cloned()
        .collect();
    if shown.is_empty() {
        ui.label(egui::RichText::new("Nobody is waiting: create a seek, and others see it here.").italics());
        return;
    }
    let mut accept = None;
    let mut first = true;
    list_rows(ui, "seeks", 5, compact, shown.len(), |ui, i| {
        let s = &shown[i];
        {
            ui.label(player_text(Some(&s.by)));
            ui.label(game_and_pace(&s.game, s.pace));
            ui.label(options_text(&s.options));
            let range = s.range.map(|r| format!(" {}–{}", r.lo, r.hi)).unwrap_or_default();
            ui.label(format!("{}{range}", if s.rated { "rated" } else { "casual" }));
            if me.as_deref() == Some(s.by.name.as_str()) {
                ui.label("yours");
            } else {
                let button = ui.button("Accept");
                if std::mem::take(&mut first) {
                    mark_target(ui.ctx(), "lobby-accept", button.rect);
                }
                if button.clicked() {
                    accept = Some(s.id);
                }
            }
        }
    });
    if let Some(id) = accept
        && let Err(e) = link.accept(id)
    {
        w.message = Some(e);
    }
}

/// The games being played now, to watch.
fn games_section(
    ui: &mut egui::Ui,
    server: &str,
    link: &LobbyLink,
    w: &LobbyWindow,
    net: &mut MessageWriter<NetCommand>,
    compact: bool,
) {
    ui.heading("Being played now");
    let shown: Vec<_> = link
        .games
        .iter()
        .filter(|g| w.filter.is_none_or(|id| id.is(&g.game)))
        .collect();
    if shown.is_empty() {
        ui.label(egui::RichText::new("No game is being played.").italics());
        return;
    }
    list_rows(ui, "live-games", 4, compact, shown.len(), |ui, i| {
        let g = shown[i];
        ui.label(format!(
            "{} – {}",
            player_text(g.players[0].as_ref()),
            player_text(g.players[1].as_ref())
        ));
        ui.label(game_and_pace(&g.game, g.pace));
        ui.label(format!("move {}", g.ply + 1));
        if ui.button("Watch").clicked() {
            net.write(NetCommand::Watch {
                server: server.to_string(),
                code: g.code.clone(),
            });
        }
    });
}

/// A list's rows: a grid's columns on a desktop; on a phone each row wrapped to the screen's
/// width (a game by correspondence, "Kansho · 7 days a move", made the grid wider than 390 px).
fn list_rows(
    ui: &mut egui::Ui,
    id: &str,
    columns: usize,
    compact: bool,
    rows: usize,
    mut row: impl FnMut(&mut egui::Ui, usize),
) {
    if compact {
        for i in 0..rows {
            ui.horizontal_wrapped(|ui| row(ui, i));
            ui.add_space(4.0);
        }
    } else {
        egui::Grid::new(id).striped(true).num_columns(columns).show(ui, |ui| {
            for i in 0..rows {
                row(ui, i);
                ui.end_row();
            }
        });
    }
}

/// This player's games going on on this server (the seats kept to resume), newest first.
fn own_games_section(ui: &mut egui::Ui, server: &str, book: &Book, net: &mut MessageWriter<NetCommand>) {
    let mine: Vec<_> = book.book.games.iter().filter(|g| g.server == server).take(8).collect();
    if mine.is_empty() {
        return;
    }
    ui.separator();
    ui.heading("Your games going on");
    for g in mine {
        ui.horizontal_wrapped(|ui| {
            ui.label(format!("{} · you move {} · {}", g.game.name(), g.seat, g.code));
            if ui.button("Resume").clicked() {
                net.write(NetCommand::Resume {
                    server: g.server.clone(),
                    code: g.code.clone(),
                    token: g.token.clone(),
                });
            }
        });
    }
}

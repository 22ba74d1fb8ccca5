//! "Your move": the account's games that wait for its move on this server (by correspondence,
//! the nearest deadline first), each resumed from the seats this device keeps. A leaf under the
//! window.

use bevy::prelude::*;
use bevy_egui::egui;
use parlour_online::lobby_link::LobbyLink;

use parlour_online::wire::TurnGame;

use super::model::game_name;
use crate::net::{Book, NetCommand};

/// The games waiting for the player's move on the lobby's server, as last heard (the title
/// screen lists them).
#[derive(Resource, Default, Debug, Clone)]
pub struct YourMove {
    /// The server.
    pub server: String,
    /// The games, the nearest deadline first.
    pub games: Vec<TurnGame>,
}

/// One game of the list in a line: "Kōnane against Bob · move 12 · 2 days 4 h left".
pub fn turn_line(g: &TurnGame, now_ms: i64) -> String {
    let against = g.opponent.as_ref().map_or("a guest", |o| o.name.as_str());
    let left = g.deadline_ms.map_or(String::new(), |d| {
        format!(" · {} left", parlour_clock::time_left_text(d - now_ms))
    });
    format!("{} against {against} · move {}{left}", game_name(&g.game), g.ply + 1)
}

/// The wall clock in Unix milliseconds (the deadlines' time).
pub fn now_ms() -> i64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_millis() as i64)
}

/// The list, with a Play button for each game this device holds a seat of.
pub(super) fn your_turn_section(
    ui: &mut egui::Ui,
    server: &str,
    link: &LobbyLink,
    book: &Book,
    net: &mut MessageWriter<NetCommand>,
) {
    if link.your_turn.is_empty() {
        return;
    }
    ui.heading(format!("Your move ({})", link.your_turn.len()));
    let now = now_ms();
    for g in &link.your_turn {
        ui.horizontal_wrapped(|ui| {
            ui.label(turn_line(g, now));
            let seat = book.book.games.iter().find(|b| b.server == server && b.code == g.code);
            match seat {
                Some(b) => {
                    if ui.button("Play").clicked() {
                        net.write(NetCommand::Resume {
                            server: b.server.clone(),
                            code: b.code.clone(),
                            token: b.token.clone(),
                        });
                    }
                }
                None => {
                    ui.weak("(seat kept on another device)");
                }
            }
        });
    }
    ui.separator();
}

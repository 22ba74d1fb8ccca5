//! "Your move": the account's games that wait for its move on this server (by correspondence,
//! the nearest deadline first), each resumed from the seat this device keeps or taken onto
//! this device when another keeps it. A leaf under the window.

use std::sync::mpsc::{Receiver, TryRecvError};

use bevy::prelude::*;
use bevy_egui::egui;
use parlour_online::lobby_link::LobbyLink;
use parlour_online::wire::TurnGame;

use super::model::{LobbyWindow, game_name};
use crate::net::{Book, NetCommand, push_web};

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

/// The list, with a Play button for each game: the seat this device keeps resumed, or the
/// account's seat taken onto this device when another keeps it.
pub(super) fn your_turn_section(
    ui: &mut egui::Ui,
    server: &str,
    link: &mut LobbyLink,
    w: &mut LobbyWindow,
    book: &Book,
    net: &mut MessageWriter<NetCommand>,
) {
    if link.your_turn.is_empty() {
        return;
    }
    ui.heading(format!("Your move ({})", link.your_turn.len()));
    let now = now_ms();
    let mut take = None;
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
                    let here = ui
                        .button("Play here")
                        .on_hover_text("Your seat is kept on another device: take it onto this one.");
                    if here.clicked() {
                        take = Some(g.code.clone());
                    }
                }
            }
        });
    }
    if let Some(code) = take
        && let Err(e) = link.take_seat(&code)
    {
        w.message = Some(e);
        w.message_ok = false;
    }
    ui.separator();
}

/// The browser's answer to "notify me here", while the player answers its question.
#[derive(Default)]
pub struct PushAsk(Option<Receiver<Result<String, String>>>);

/// "Notices when it is your move": an e-mail address for a digest, and (in the browser) this
/// browser's notices.
pub(super) fn notices_section(ui: &mut egui::Ui, link: &mut LobbyLink, w: &mut LobbyWindow, push: &mut PushAsk) {
    egui::CollapsingHeader::new("Tell me when it is my move")
        .id_salt("lobby-notices")
        .show(ui, |ui| {
            ui.label("For games by correspondence: a notice when your opponent has moved, and a reminder before your time runs out.");
            ui.horizontal_wrapped(|ui| {
                ui.label("E-mail");
                ui.add(
                    egui::TextEdit::singleline(&mut w.email)
                        .desired_width(220.0)
                        .hint_text("you@example.org"),
                );
                if ui.button("Send me a digest").clicked()
                    && let Err(e) = link.notify_email(Some(w.email.clone()))
                {
                    w.message = Some(e);
                    w.message_ok = false;
                }
                if matches!(link.notices.email.as_deref(), Some(a) if !a.is_empty())
                    && ui.button("Stop e-mails").clicked()
                {
                    let _ = link.notify_email(None);
                }
            });
            if !cfg!(target_arch = "wasm32") {
                ui.weak("Notices in the browser: play from the server's page in a browser.");
                return;
            }
            link.ask_push_key();
            match link.notices.push_key.clone() {
                None => {
                    ui.weak("Asking the server…");
                }
                Some(None) => {
                    ui.weak("This server sends no browser notices.");
                }
                Some(Some(key)) => {
                    ui.horizontal_wrapped(|ui| {
                        if push.0.is_some() {
                            ui.spinner();
                            ui.label("Answer your browser's question…");
                        } else if link.notices.push_on {
                            // `notify_push` without a subscription stops them in every browser
                            // of the account: the button says so.
                            if ui.button("Stop notices in all my browsers").clicked() {
                                let _ = link.notify_push(None);
                            }
                        } else if ui.button("Notify me in this browser").clicked() {
                            // From the click: browsers ask for permission only just after one.
                            push.0 = Some(push_web::subscribe(key.clone()));
                        }
                    });
                }
            }
        });
}

/// The browser answered "notify me here": the subscription goes to the server, a refusal is
/// said.
pub(super) fn push_answered(push: &mut PushAsk, link: Option<&mut LobbyLink>, window: &mut LobbyWindow) {
    let answer = match push.0.as_ref().map(Receiver::try_recv) {
        None | Some(Err(TryRecvError::Empty)) => return,
        Some(Ok(answer)) => answer,
        // The page went away without an answer: say so rather than wait for ever.
        Some(Err(TryRecvError::Disconnected)) => Err("The browser gave no answer; try again.".to_string()),
    };
    push.0 = None;
    let sent = match (answer, link) {
        (Ok(json), Some(link)) => link.notify_push(Some(json)),
        (Ok(_), None) => Err("The lobby closed before the browser answered.".to_string()),
        (Err(e), _) => Err(e),
    };
    if let Err(e) = sent {
        window.message = Some(e);
        window.message_ok = false;
    }
}

/// The invite code of a notice's page (`…/g/<code>`), when it is one.
fn notice_code(url: &str) -> Option<&str> {
    let code = url.rsplit_once("/g/")?.1.trim_matches('/');
    (!code.is_empty() && code.chars().all(|c| c.is_ascii_alphanumeric())).then_some(code)
}

/// A notice clicked while this tab is open opens its game: the seat this device keeps, else
/// the account's seat taken onto this device through the lobby `link` (signed in on `server`),
/// else the game watched there.
pub(super) fn open_clicked_notices(
    server: Option<&str>,
    mut link: Option<&mut LobbyLink>,
    book: &Book,
    net: &mut MessageWriter<NetCommand>,
) {
    for url in push_web::take_clicked() {
        let Some(code) = notice_code(&url) else { continue };
        if let Some(b) = book.book.games.iter().find(|b| b.code == code) {
            net.write(NetCommand::Resume {
                server: b.server.clone(),
                code: b.code.clone(),
                token: b.token.clone(),
            });
        } else if let Some(l) = link.as_deref_mut()
            && l.take_seat(code).is_ok()
        {
            // Opened once the server answers, as a match is.
        } else if let Some(server) = server {
            net.write(NetCommand::Watch {
                server: server.to_string(),
                code: code.to_string(),
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use super::notice_code;

    #[test]
    fn a_notices_page_gives_its_game_and_nothing_else_does() {
        assert_eq!(notice_code("https://parlour.example/g/K7QX2M"), Some("K7QX2M"));
        assert_eq!(notice_code("https://parlour.example/g/K7QX2M/"), Some("K7QX2M"));
        assert_eq!(notice_code("https://parlour.example/lobby"), None);
        assert_eq!(notice_code("https://parlour.example/g/"), None);
        assert_eq!(notice_code("https://parlour.example/g/a?b=c"), None);
    }
}

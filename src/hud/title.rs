//! The title screen: a card at the left (resume, new game, puzzles, online, load, watch,
//! settings, quit) over the table with its game in progress.

use std::path::Path;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use parlour_ai::Level;
use parlour_rules::GameId;

use super::common::{Dialogs, big, big_button};
use crate::games::build::Setup;
use crate::games::effects::Sfx;
use crate::net::Book;
use crate::net::NetCommand;
use crate::net::lobby::OnlineDialog;
use crate::net::lobby_window::turns::{YourMove, now_ms, turn_line};
use crate::net::lobby_window::{LobbyCommand, LobbyWindow};
use crate::play::messages::PlaySfx;
use crate::state::{Demo, Screen};
use crate::store::settings::{DataDir, Settings};
use crate::store::{ResumeOffer, SaveList, StoreAction, refresh};
use crate::theme::keyboard::Ask;
use crate::theme::keyboard::DialogUp;
use crate::theme::keyboard::ask;
use crate::theme::keyboard::way_in;
use crate::theme::layout::InputSeen;
use crate::theme::layout::Layout;
use crate::theme::layout::mark_target;

pub(super) fn title(
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
    (dir, mut list, book, up): (Res<DataDir>, ResMut<SaveList>, Res<Book>, Res<DialogUp>),
    (mut online, mut net, layout, seen): (
        ResMut<OnlineDialog>,
        MessageWriter<NetCommand>,
        Res<Layout>,
        Res<InputSeen>,
    ),
    (lobby, your_move, mut lobby_cmds): (Res<LobbyWindow>, Res<YourMove>, MessageWriter<LobbyCommand>),
    mut puzzles: ResMut<super::puzzles::PuzzleMenu>,
) -> Result {
    // On a small screen the lobby or the puzzles' card takes the card's place while it is open.
    if *screen.get() != Screen::Title || ((lobby.open || puzzles.open) && layout.compact()) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    // Enter with no window over the title and nothing focused resumes the last game or opens
    // the new-game chooser (each window over it closes itself on Escape).
    let over = up.0;
    let default = ask(ctx) == Some(Ask::Default) && !over;
    // The card stands at the left; the table with its game in progress fills the rest.
    let card = egui::Frame::window(&ctx.global_style())
        .fill(egui::Color32::from_rgba_unmultiplied(22, 17, 14, 215))
        .stroke(egui::Stroke::new(1.0, egui::Color32::from_rgb(120, 92, 60)))
        .inner_margin(egui::Margin::symmetric(22, 14));
    // On a small screen the card stands in the middle, as wide as the screen allows.
    let (anchor, at) = if layout.compact() {
        (egui::Align2::CENTER_CENTER, [0.0, 0.0])
    } else {
        (egui::Align2::LEFT_CENTER, [56.0, 0.0])
    };
    egui::Window::new("title")
        .title_bar(false)
        .resizable(false)
        .frame(card)
        .anchor(anchor, at)
        .max_width(layout.max_width(420.0, 8.0))
        .show(ctx, |ui| {
            ui.vertical_centered(|ui| {
                heading(ui, layout.compact());
                if let Some((path, what)) = &offer.0 {
                    resume(ui, path, what, over, default, &mut sfx, &mut store);
                }
                let new = big(ui, "New game");
                mark_target(ui.ctx(), "new-game", new.rect);
                if offer.0.is_none() && !over {
                    way_in(ui, &new);
                }
                if new.clicked() || (default && offer.0.is_none()) {
                    sfx.write(PlaySfx(Sfx::Click));
                    demo.0 = false;
                    *setup = settings.last_setup.clone();
                    next.set(Screen::NewGame);
                }
                ui.add_space(6.0);
                if big_button(ui, "Puzzles") {
                    sfx.write(PlaySfx(Sfx::Click));
                    demo.0 = false;
                    puzzles.open = !puzzles.open;
                }
                ui.add_space(6.0);
                online_buttons(ui, &book, &mut online, &mut net, &mut sfx);
                your_move_list(ui, &your_move, &book, &mut net, &mut lobby_cmds);
                ui.add_space(6.0);
                if big_button(ui, "Load a saved game") {
                    sfx.write(PlaySfx(Sfx::Click));
                    refresh(&dir, &mut list);
                    dialogs.load = true;
                }
                ui.add_space(6.0);
                if big_button(ui, "Watch the computer play") {
                    sfx.write(PlaySfx(Sfx::Click));
                    watch(&mut demo_count, &mut demo, &mut setup, &mut next);
                }
                ui.add_space(6.0);
                if big_button(ui, "Settings") {
                    dialogs.settings = !dialogs.settings;
                }
                // A page is left the browser's way, not with a button of the page's own.
                if !cfg!(target_arch = "wasm32") {
                    ui.add_space(6.0);
                    if big_button(ui, "Quit") {
                        exit.write(AppExit::Success);
                    }
                }
                footer(ui, seen.keyboard, layout.compact());
            });
        });
    Ok(())
}

/// The name and what it is.
fn heading(ui: &mut egui::Ui, compact: bool) {
    ui.add_space(if compact { 4.0 } else { 12.0 });
    ui.label(
        egui::RichText::new("Parlour")
            .size(if compact { 40.0 } else { 52.0 })
            .strong()
            .color(egui::Color32::from_rgb(240, 214, 160)),
    );
    ui.label(egui::RichText::new("Five traditional games on a 3D tabletop").size(16.0));
    ui.add_space(if compact { 8.0 } else { 18.0 });
}

/// The last game, unfinished, one click (or Enter) away.
fn resume(
    ui: &mut egui::Ui,
    path: &Path,
    what: &str,
    over: bool,
    default: bool,
    sfx: &mut MessageWriter<PlaySfx>,
    store: &mut MessageWriter<StoreAction>,
) {
    ui.label(egui::RichText::new("Your last game was not finished:").italics());
    let resume = big(ui, "Resume");
    if !over {
        way_in(ui, &resume);
    }
    if resume.clicked() || default {
        sfx.write(PlaySfx(Sfx::Click));
        store.write(StoreAction::Load(path.to_path_buf()));
    }
    ui.label(egui::RichText::new(what).small());
    ui.add_space(6.0);
}

/// "Play online" (with the games waiting), and the most recent of those to resume.
fn online_buttons(
    ui: &mut egui::Ui,
    book: &Book,
    online: &mut ResMut<OnlineDialog>,
    net: &mut MessageWriter<NetCommand>,
    sfx: &mut MessageWriter<PlaySfx>,
) {
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
        let name = g.game.name();
        if ui
            .link(egui::RichText::new(format!("Resume {name} online ({})", g.code)).small())
            .on_hover_text(format!("on {}, you play {}", g.server, g.seat))
            .clicked()
        {
            sfx.write(PlaySfx(Sfx::Click));
            net.write(NetCommand::Resume {
                server: g.server.clone(),
                code: g.code.clone(),
                token: g.token.clone(),
            });
        }
    }
}

/// "Your move": the games by correspondence waiting for the player on the lobby's server, as
/// last heard (at most three; each opens its table, or the lobby where this device keeps no
/// seat).
fn your_move_list(
    ui: &mut egui::Ui,
    your_move: &YourMove,
    book: &Book,
    net: &mut MessageWriter<NetCommand>,
    lobby: &mut MessageWriter<LobbyCommand>,
) {
    if your_move.games.is_empty() {
        return;
    }
    let n = your_move.games.len();
    let heading = if n == 1 {
        "Your move in 1 game".to_string()
    } else {
        format!("Your move in {n} games")
    };
    ui.label(
        egui::RichText::new(heading)
            .strong()
            .color(egui::Color32::from_rgb(240, 200, 120)),
    );
    let now = now_ms();
    for g in your_move.games.iter().take(3) {
        if !ui.link(egui::RichText::new(turn_line(g, now)).small()).clicked() {
            continue;
        }
        match book
            .book
            .games
            .iter()
            .find(|b| b.server == your_move.server && b.code == g.code)
        {
            Some(b) => {
                net.write(NetCommand::Resume {
                    server: b.server.clone(),
                    code: b.code.clone(),
                    token: b.token.clone(),
                });
            }
            None => {
                lobby.write(LobbyCommand::Open(your_move.server.clone()));
            }
        }
    }
}

/// "Watch the computer play": a demo of the next game of the five.
fn watch(
    demo_count: &mut usize,
    demo: &mut ResMut<Demo>,
    setup: &mut ResMut<Setup>,
    next: &mut ResMut<NextState<Screen>>,
) {
    // Each demo shows the next game of the five.
    let id = GameId::ALL[*demo_count % GameId::ALL.len()];
    *demo_count += 1;
    demo.0 = true;
    **setup = Setup {
        game: id,
        options: parlour_rules::GameOptions::standard(id),
        seats: [Some(Level::Casual), Some(Level::Casual)],
    };
    next.set(Screen::Playing);
}

/// The games, and the keys (once a keyboard has been used).
fn footer(ui: &mut egui::Ui, keyboard: bool, compact: bool) {
    ui.add_space(if compact { 6.0 } else { 12.0 });
    ui.label("Kansho · Kōnane · ConHex · Qyshinsu");
    ui.label("Sixteen Soldiers, Monk and Water");
    if keyboard {
        ui.label(egui::RichText::new("F1 rules · F11 full screen · arrows and Enter choose").small());
    }
    ui.add_space(8.0);
}

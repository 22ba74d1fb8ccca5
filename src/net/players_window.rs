//! The lobby's player pages (issue 74, item 3): a leaderboard per game and rating key, and a
//! player's page — ratings, their history as a graph, recent games, each opening in the review
//! (a game still going on is watched). Opened from the lobby ("Leaderboards", "Your page"), drawn
//! where the lobby is while it gives way, on a phone over everything; Back or Escape returns to
//! the page before, then to the lobby. A finished game is fetched by its code on the lobby's
//! connection (`watch` answers a game as stored, over or not) and opened in the review as a
//! loaded save is.

mod board;
mod graph;
mod page;
pub mod view;
mod words;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass, egui};
use parlour_online::lobby_link::{Page, PageAsk};
use parlour_online::wire::GameView;

use super::NetCommand;
use super::lobby_window::{Lobby, LobbyWindow};
use crate::games::any_match::AnyMatch;
use crate::games::build::{Setup, new_match};
use crate::play::board::Match;
use crate::review::analysis::ReviewAnalysis;
use crate::state::{KeepMatch, Notice, Remote, Review, Screen};
use crate::store::settings::Settings;
use crate::theme::keyboard::{Ask, ask};
use crate::theme::layout::Layout;
use view::{PlayersView, PlayersWindow};
use words::Clicked;

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PlayersWindow>()
        .add_systems(Update, (open_review, show_at_start))
        .add_systems(EguiPrimaryContextPass, window);
}

/// `--lobby URL --show leaderboard` opens the leaderboard (Kōnane's standard key), `--show
/// player` this device's own page, once the lobby has signed in: for screenshots.
fn show_at_start(
    args: Option<Res<crate::cli::Args>>,
    mut lobby: NonSendMut<Lobby>,
    mut w: ResMut<PlayersWindow>,
    mut done: Local<bool>,
) {
    let view = match args.as_ref().and_then(|a| a.show.as_deref()) {
        Some("leaderboard") => PlayersView::Leaderboard,
        Some("player") => match lobby.0.as_ref().and_then(|(_, link)| link.account()) {
            Some(me) => PlayersView::Player(me.name.clone()),
            None => return,
        },
        _ => return,
    };
    if let Some((_, link)) = lobby.0.as_mut().filter(|(_, link)| !*done && link.account().is_some()) {
        w.show(view, link);
        *done = true;
    }
}

/// The window's width and height, and how far right of the middle it stands: the lobby's place.
fn place(layout: &Layout) -> (f32, f32, f32) {
    let wide = layout.max_width(620.0, 8.0);
    if layout.compact() {
        let height = if layout.height > 0.0 {
            layout.height - 40.0
        } else {
            700.0
        };
        return (wide, height, 0.0);
    }
    let width = wide.min(layout.width - 2.0 * 100.0 - 430.0).max(480.0);
    let height = if layout.height > 0.0 {
        layout.height - 40.0
    } else {
        700.0
    };
    (width, height.min(760.0), 100.0)
}

#[allow(clippy::too_many_arguments)]
fn window(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    mut lobby: NonSendMut<Lobby>,
    lobby_window: Res<LobbyWindow>,
    mut w: ResMut<PlayersWindow>,
    settings: Res<Settings>,
    layout: Option<Res<Layout>>,
    mut net: MessageWriter<NetCommand>,
) -> Result {
    let Some(view) = w.view.clone() else { return Ok(()) };
    // Closed with the lobby; kept while a game is reviewed or watched (the title comes back to it).
    let Some((server, link)) = lobby.0.as_mut().filter(|_| lobby_window.open) else {
        w.close();
        return Ok(());
    };
    if *screen.get() != Screen::Title {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let layout = layout.map(|l| *l).unwrap_or_default();
    let (width, height, beside) = place(&layout);
    let mut open = true;
    let mut back = ask(ctx) == Some(Ask::Close);
    let title = match view {
        PlayersView::Leaderboard => "Leaderboard",
        PlayersView::Player(_) => "Player",
    };
    let last = (settings.last_setup.game == w.game).then(|| settings.last_setup.options.pairs().to_vec());
    let me = link.account().map(|a| a.name.clone());
    let mut clicked = None;
    egui::Window::new(title)
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .order(egui::Order::Foreground)
        .anchor(egui::Align2::CENTER_TOP, [beside, 20.0])
        .fixed_size([width, height])
        .show(ctx, |ui| {
            let label = if w.back.is_empty() { "◀ Lobby" } else { "◀ Back" };
            back |= ui.button(label).clicked();
            opening(ui, link, &mut w);
            ui.separator();
            egui::ScrollArea::vertical().show(ui, |ui| match &view {
                PlayersView::Leaderboard => {
                    clicked = board::choosers(ui, w.game, &w.key, last.as_deref());
                    let page = link.pages.leaderboard(&w.key);
                    clicked = board::leaderboard(ui, w.game, &w.key, page).or(clicked.take());
                }
                PlayersView::Player(name) => {
                    let page = link.pages.player(name);
                    clicked = page::player_page(ui, page, me.as_deref(), layout.compact());
                }
            });
        });
    match clicked {
        Some(Clicked::Player(name)) => w.show(PlayersView::Player(name), link),
        Some(Clicked::Board(game, key)) if view == PlayersView::Leaderboard => w.choose(game, key, link),
        Some(Clicked::Board(game, key)) => {
            w.game = game;
            w.key = key;
            w.show(PlayersView::Leaderboard, link);
        }
        Some(Clicked::Review(code)) => link.ask(PageAsk::Game(code)),
        Some(Clicked::Watch(code)) => {
            net.write(NetCommand::Watch {
                server: server.clone(),
                code,
            });
        }
        None => {}
    }
    if !open {
        w.close();
    } else if back {
        w.go_back();
    }
    Ok(())
}

/// A game being fetched for the review, or why it could not be; and what the pages last said.
fn opening(ui: &mut egui::Ui, link: &mut parlour_online::lobby_link::LobbyLink, w: &mut PlayersWindow) {
    match link.pages.game() {
        Some((code, Page::Waiting)) => {
            let code = code.to_string();
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label(format!("Opening game {code} for the review…"));
            });
        }
        Some((_, Page::Refused(why))) => {
            w.message = Some(why.clone());
            link.pages.forget_game();
        }
        _ => {}
    }
    if let Some(m) = &w.message {
        ui.colored_label(egui::Color32::from_rgb(230, 120, 100), m);
    }
}

/// The match of a game as the server stores it, every move replayed: a set-up with nobody's
/// seat the computer's, so the review may analyse it.
pub fn review_match(game: &GameView) -> Result<(Setup, Box<dyn AnyMatch>), String> {
    let id = crate::games::build::game(&game.game)?;
    let setup = Setup {
        game: id,
        options: parlour_rules::GameOptions::checked(id, &game.options)?,
        seats: [None, None],
    };
    let mut m = new_match(&setup)?;
    for (i, text) in game.moves.iter().enumerate() {
        let tokens = m
            .parse(text)
            .map_err(|e| format!("its move {} ({text}) is not read here: {e}", i + 1))?;
        if !m.play_now(&tokens) {
            return Err(format!("its move {} ({text}) does not replay here", i + 1));
        }
    }
    Ok((setup, m))
}

/// A game fetched for the review opens in it, as a loaded save does (the lobby stays open
/// behind it: the title screen comes back to it).
#[allow(clippy::too_many_arguments)]
fn open_review(
    mut commands: Commands,
    mut lobby: NonSendMut<Lobby>,
    mut w: ResMut<PlayersWindow>,
    mut setup: ResMut<Setup>,
    mut remote: ResMut<Remote>,
    mut analysis: ResMut<ReviewAnalysis>,
    mut notice: ResMut<Notice>,
    mut next: ResMut<NextState<Screen>>,
) {
    let Some(game) = lobby.0.as_mut().and_then(|(_, link)| link.pages.take_game()) else {
        return;
    };
    match review_match(&game) {
        Ok((fresh, m)) => {
            notice.set(
                format!(
                    "Game {} in the review: {} moves of {}.",
                    game.code,
                    m.history().len(),
                    m.title()
                ),
                false,
            );
            *setup = fresh;
            remote.0 = [false, false];
            analysis.requested = true;
            commands.insert_resource(Match(m));
            commands.insert_resource(KeepMatch(true));
            commands.insert_resource(Review(true));
            next.set(Screen::Playing);
        }
        Err(e) => w.message = Some(format!("Game {} cannot be reviewed here: {e}.", game.code)),
    }
}

#[cfg(test)]
mod tests;

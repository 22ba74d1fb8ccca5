//! Which of the lobby's player pages is open — a game's leaderboard or a player's page — and the
//! way back; and the lobby's buttons that open them. A leaf the lobby reads (the lobby gives
//! way while a page is open) and the pages' window draws.

use bevy::prelude::*;
use bevy_egui::egui;
use parlour_online::lobby::rating_key;
use parlour_online::lobby_link::{LobbyLink, PageAsk};
use parlour_rules::GameId;
use parlour_rules::dynamic::GameSetup;

use crate::theme::layout::mark_target;

/// A page of the lobby's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PlayersView {
    /// The leaderboard of the chosen game and rating key.
    Leaderboard,
    /// The page of the player of this name.
    Player(String),
}

/// The page open over the lobby, if any, and the pages it was opened from.
#[derive(Resource, Clone, Debug)]
pub struct PlayersWindow {
    /// The page shown (`None`: the lobby itself).
    pub view: Option<PlayersView>,
    /// The pages to go back to, the last one first.
    pub back: Vec<PlayersView>,
    /// The leaderboard's game.
    pub game: GameId,
    /// The leaderboard's rating key (its game's standard options' key until another is chosen).
    pub key: String,
    /// What the pages last said (a game that could not be opened).
    pub message: Option<String>,
}

impl Default for PlayersWindow {
    fn default() -> Self {
        PlayersWindow {
            view: None,
            back: Vec::new(),
            game: GameId::Konane,
            key: standard_key(GameId::Konane),
            message: None,
        }
    }
}

impl PlayersWindow {
    /// Opens `view` (asking the server for it afresh), the page shown before it kept to go back to.
    pub fn show(&mut self, view: PlayersView, link: &mut LobbyLink) {
        ask(&view, &self.key, link);
        if let Some(was) = self.view.replace(view) {
            self.back.push(was);
        }
        self.message = None;
    }

    /// The leaderboard of `game`'s rating key `key`.
    pub fn choose(&mut self, game: GameId, key: String, link: &mut LobbyLink) {
        self.game = game;
        self.key = key;
        if link.pages.leaderboard(&self.key).is_none() {
            link.ask(PageAsk::Board(self.key.clone()));
        }
    }

    /// Back to the page before (or to the lobby).
    pub fn go_back(&mut self) {
        self.view = self.back.pop();
        self.message = None;
    }

    /// Back to the lobby.
    pub fn close(&mut self) {
        self.view = None;
        self.back.clear();
        self.message = None;
    }
}

fn ask(view: &PlayersView, key: &str, link: &mut LobbyLink) {
    link.ask(match view {
        PlayersView::Leaderboard => PageAsk::Board(key.to_string()),
        PlayersView::Player(name) => PageAsk::Player(name.clone()),
    });
}

/// The rating key of `game` with its standard options.
pub fn standard_key(game: GameId) -> String {
    GameSetup::new(game, &[]).map_or_else(|_| game.id().to_string(), |s| rating_key(&s))
}

/// The rating keys a leaderboard of `game` offers: its standard options' first, then one for
/// each value of its first option (each Sixteen Soldiers board, each Kōnane size…), then the
/// options last chosen in the new-game dialog (`last`), each once.
pub fn key_choices(game: GameId, last: Option<&[(String, String)]>) -> Vec<String> {
    let mut keys = vec![standard_key(game)];
    let mut add = |pairs: &[(String, String)]| {
        if let Ok(setup) = GameSetup::parse(game.id(), pairs) {
            let key = rating_key(&setup);
            if !keys.contains(&key) {
                keys.push(key);
            }
        }
    };
    if let Some(spec) = game.option_specs().first() {
        for value in spec.values {
            add(&[(spec.key.to_string(), value.to_string())]);
        }
    }
    if let Some(pairs) = last {
        add(pairs);
    }
    keys
}

/// The lobby's way to the pages: the leaderboards (of `game` first) and this player's own page.
pub fn lobby_buttons(ui: &mut egui::Ui, link: &mut LobbyLink, w: &mut PlayersWindow, game: GameId) {
    let me = link.account().map(|a| a.name.clone());
    ui.horizontal_wrapped(|ui| {
        let boards = ui.button("Leaderboards").on_hover_text("The best players of each game");
        mark_target(ui.ctx(), "lobby-leaderboards", boards.rect);
        if boards.clicked() {
            w.game = game;
            w.key = standard_key(game);
            w.show(PlayersView::Leaderboard, link);
        }
        let mine = ui
            .add_enabled(me.is_some(), egui::Button::new("Your page"))
            .on_hover_text("Your ratings, their history and your recent games");
        if mine.clicked()
            && let Some(name) = me
        {
            w.show(PlayersView::Player(name), link);
        }
    });
}

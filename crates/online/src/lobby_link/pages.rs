//! The lobby's pages (issue 74, item 3): a rating key's leaderboard, a player's page (ratings,
//! their history, recent games) and a finished game's moves fetched by its code for the review.
//! Asked for when a page is opened (not refreshed on a timer: they change only when a rated game
//! ends), kept by what was asked — the key or the name as the player gave it — so a page shows
//! what it asked for even when the server spells it its own way.

use std::collections::BTreeMap;

use crate::wire::{Finished, GameSummary, GameView, HistoryPoint, Rated, RatingRow, Reply, Request};

/// A rating key's leaderboard as the server sent it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Leaderboard {
    /// The key as the server names it.
    pub key: String,
    /// Names and ratings, best first (active, not provisional).
    pub rows: Vec<(String, Rated)>,
}

/// A player's page as the server sent it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlayerPage {
    /// The account's name as shown.
    pub name: String,
    /// One row per rating key played.
    pub ratings: Vec<RatingRow>,
    /// The ratings after each rated game, oldest first.
    pub history: Vec<HistoryPoint>,
    /// Recent games, newest first.
    pub recent: Vec<GameSummary>,
    /// Lobby games finished, and left.
    pub finished: Finished,
}

/// What a page asked for, or the sentence that says why it is not there.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Page<T> {
    /// Asked for, not answered yet.
    Waiting,
    /// The answer.
    Here(T),
    /// Refused (no such player, a bad key…), or lost with the connection.
    Refused(String),
}

impl<T> Page<T> {
    /// A page still waiting when the connection drops is not coming.
    fn lose(&mut self) {
        if matches!(self, Page::Waiting) {
            *self = Page::Refused("The connection to the server dropped; open the page again.".into());
        }
    }
}

/// A page to ask for ([`crate::lobby_link::LobbyLink::ask`]); kept with its request for the reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PageAsk {
    /// The leaderboard of a rating key (or an engine id: its standard options' key).
    Board(String),
    /// The page of the player of this name (any case).
    Player(String),
    /// The game of this code as stored (its moves, for the review). The lobby's connection
    /// then follows that game; the lobby reads none of its pushes.
    Game(String),
}

impl PageAsk {
    /// The request that asks for it.
    pub(super) fn request(&self, req: u64) -> Request {
        match self.clone() {
            PageAsk::Board(key) => Request::Leaderboard { req, key },
            PageAsk::Player(name) => Request::Player { req, name },
            PageAsk::Game(code) => Request::Watch { req, code },
        }
    }
}

/// The pages asked for and their answers.
#[derive(Default)]
pub struct Pages {
    asked: BTreeMap<u64, PageAsk>,
    boards: BTreeMap<String, Page<Leaderboard>>,
    players: BTreeMap<String, Page<PlayerPage>>,
    game: Option<(String, Page<GameView>)>,
}

impl Pages {
    /// The leaderboard of `key` (as it was asked for), if it was.
    pub fn leaderboard(&self, key: &str) -> Option<&Page<Leaderboard>> {
        self.boards.get(key)
    }

    /// The page of the player called `name` (as asked for), if it was.
    pub fn player(&self, name: &str) -> Option<&Page<PlayerPage>> {
        self.players.get(name)
    }

    /// The game asked for by [`LobbyLink::open_game`] and how it stands.
    pub fn game(&self) -> Option<(&str, &Page<GameView>)> {
        self.game.as_ref().map(|(c, p)| (c.as_str(), p))
    }

    /// Takes the game asked for once it has come (the review opens it).
    pub fn take_game(&mut self) -> Option<GameView> {
        match self.game.take() {
            Some((_, Page::Here(g))) => Some(g),
            other => {
                self.game = other;
                None
            }
        }
    }

    /// Forgets the game asked for (the player gave up waiting, or read the refusal).
    pub fn forget_game(&mut self) {
        self.game = None;
    }

    /// Notes a page asked for with request `req`, or, with none (no connection to send it on),
    /// says so rather than wait.
    pub(super) fn asked(&mut self, what: PageAsk, req: Option<u64>) {
        fn page<T>(req: Option<u64>) -> Page<T> {
            match req {
                Some(_) => Page::Waiting,
                None => Page::Refused("The lobby is not connected to the server yet; try again in a moment.".into()),
            }
        }
        if let Some(req) = req {
            self.asked.insert(req, what.clone());
        }
        match what {
            PageAsk::Board(key) => {
                self.boards.insert(key, page(req));
            }
            PageAsk::Player(name) => {
                self.players.insert(name, page(req));
            }
            PageAsk::Game(code) => self.game = Some((code, page(req))),
        }
    }

    /// The connection dropped: what was waiting will not be answered.
    pub(super) fn dropped(&mut self) {
        self.asked.clear();
        self.boards.values_mut().for_each(Page::lose);
        self.players.values_mut().for_each(Page::lose);
        if let Some((_, page)) = self.game.as_mut() {
            page.lose();
        }
    }

    /// Keeps a reply to a page's request; gives back any other reply.
    pub(super) fn receive(&mut self, reply: Reply) -> Option<Reply> {
        let req = match &reply {
            Reply::Leaderboard { req, .. } | Reply::Player { req, .. } | Reply::Watching { req, .. } => *req,
            Reply::Error { req: Some(req), .. } => *req,
            _ => return Some(reply),
        };
        let Some(asked) = self.asked.remove(&req) else {
            return Some(reply);
        };
        match (asked, reply) {
            (PageAsk::Board(key), Reply::Leaderboard { key: named, rows, .. }) => {
                self.boards.insert(key, Page::Here(Leaderboard { key: named, rows }));
            }
            (
                PageAsk::Player(asked),
                Reply::Player {
                    name,
                    ratings,
                    history,
                    recent,
                    finished,
                    ..
                },
            ) => {
                let page = PlayerPage {
                    name,
                    ratings,
                    history,
                    recent,
                    finished,
                };
                self.players.insert(asked, Page::Here(page));
            }
            (PageAsk::Game(code), Reply::Watching { game, .. }) => self.game = Some((code, Page::Here(game))),
            (PageAsk::Board(key), Reply::Error { message, .. }) => {
                self.boards.insert(key, Page::Refused(message));
            }
            (PageAsk::Player(name), Reply::Error { message, .. }) => {
                self.players.insert(name, Page::Refused(message));
            }
            (PageAsk::Game(code), Reply::Error { message, .. }) => self.game = Some((code, Page::Refused(message))),
            // A reply of another kind to a page's number: not one of ours after all.
            (_, other) => return Some(other),
        }
        None
    }
}

#[cfg(test)]
mod tests;

//! The lobby side of [`OnlineClient`]: seeks posted (with a seat token chosen here, kept until
//! the seek is taken so the seat can be resumed), withdrawn, listed and accepted; the games
//! being played, ratings, the leaderboard and a player's page. Each answer is kept by its
//! request number for [`OnlineClient::lobby_answer`]; a seek taken is [`Event::Matched`].

use crate::wire::{Reply, Request, Seat};

pub use super::lobby_state::SeekOptions;
use super::{Event, OnlineClient, fresh_token};

impl OnlineClient {
    /// Posts a seek for `game`; answered by [`Reply::Seeking`] (see
    /// [`OnlineClient::lobby_answer`]), then [`Event::Matched`] when someone accepts.
    pub fn seek(&mut self, game: &str, seek: SeekOptions) -> Result<u64, String> {
        let token = fresh_token().ok_or("the system's random generator failed; no seat token could be made")?;
        let req = self.request(|req| Request::Seek {
            req,
            game: game.to_string(),
            options: seek.options,
            rated: seek.rated,
            side: seek.side,
            range: seek.range,
            token: token.clone(),
            pace: seek.pace,
        });
        self.lobby.seek_tokens.insert(req, token);
        Ok(req)
    }

    /// Joins the quick-pairing pool of `game` with `options` (rated or casual) at `pace` (each pace its own pool): answered as a
    /// seek is ([`Reply::Seeking`], then [`Event::Matched`] when paired; the entry's id is
    /// withdrawn with [`OnlineClient::cancel_seek`], its seat token is [`OnlineClient::seek_token`]).
    pub fn pool(
        &mut self,
        game: &str,
        options: Vec<(String, String)>,
        rated: bool,
        pace: parlour_clock::Pace,
    ) -> Result<u64, String> {
        let token = fresh_token().ok_or("the system's random generator failed; no seat token could be made")?;
        let req = self.request(|req| Request::Pool {
            req,
            game: game.to_string(),
            options,
            rated,
            token: token.clone(),
            pace,
        });
        self.lobby.seek_tokens.insert(req, token);
        Ok(req)
    }

    /// Withdraws an open seek (or a pool entry).
    pub fn cancel_seek(&mut self, id: u64) -> u64 {
        self.request(|req| Request::CancelSeek { req, id })
    }

    /// Asks for the open seeks (of one game).
    pub fn seeks(&mut self, game: Option<&str>) -> u64 {
        let game = game.map(str::to_string);
        self.request(|req| Request::Seeks { req, game })
    }

    /// Takes seek `id`: answered as a seat is ([`Event::Seated`]).
    pub fn accept(&mut self, id: u64) -> Result<u64, String> {
        let token = fresh_token().ok_or("the system's random generator failed; no seat token could be made")?;
        Ok(self.request(|req| Request::Accept { req, id, token }))
    }

    /// Asks for the games being played (of one game).
    pub fn live_games(&mut self, game: Option<&str>) -> u64 {
        let game = game.map(str::to_string);
        self.request(|req| Request::Games { req, game })
    }

    /// Asks for a player's rating in a game (an engine id or a rating key).
    pub fn rating(&mut self, name: &str, game: &str) -> u64 {
        let (name, game) = (name.to_string(), game.to_string());
        self.request(|req| Request::Rating { req, name, game })
    }

    /// Asks for a rating key's leaderboard.
    pub fn leaderboard(&mut self, key: &str) -> u64 {
        let key = key.to_string();
        self.request(|req| Request::Leaderboard { req, key })
    }

    /// Asks for a player's page.
    pub fn player(&mut self, name: &str) -> u64 {
        let name = name.to_string();
        self.request(|req| Request::Player { req, name })
    }

    /// The answer to lobby request `req`, once it has come (taken: asked again, `None`).
    pub fn lobby_answer(&mut self, req: u64) -> Option<Reply> {
        self.lobby.answers.remove(&req)
    }

    /// The seat token of the open seek `id` (to resume the seat once it is taken).
    pub fn seek_token(&self, id: u64) -> Option<&str> {
        self.lobby.seek_tokens.get(&id).map(String::as_str)
    }

    /// The game and seat of seek `id`, once it was taken.
    pub fn matched(&self, id: u64) -> Option<(&str, Seat)> {
        self.lobby.matched.get(&id).map(|(c, s)| (c.as_str(), *s))
    }

    /// The lobby's replies; `None` for the others.
    pub(super) fn lobby_reply(&mut self, reply: Reply) -> Option<Reply> {
        let req = match &reply {
            Reply::Matched { id, code, seat } => {
                self.lobby.matched.insert(*id, (code.clone(), *seat));
                self.events.push_back(Event::Matched { id: *id });
                return None;
            }
            Reply::Seeking { req, id } => {
                if let Some(token) = self.lobby.seek_tokens.remove(req) {
                    self.lobby.seek_tokens.insert(*id, token);
                }
                *req
            }
            Reply::Done { req }
            | Reply::Seeks { req, .. }
            | Reply::Games { req, .. }
            | Reply::Rating { req, .. }
            | Reply::Leaderboard { req, .. }
            | Reply::Player { req, .. }
            | Reply::YourTurn { req, .. }
            | Reply::PushKey { req, .. } => *req,
            _ => return Some(reply),
        };
        self.unanswered.remove(&req);
        self.lobby.answers.insert(req, reply);
        self.events.push_back(Event::Lobby { req });
        None
    }
}

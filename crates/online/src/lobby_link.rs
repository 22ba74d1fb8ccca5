//! The lobby's connection (issue 74): signed in to this device's account (made silently the
//! first time, under a generated name), it keeps the open seeks and the games being played
//! fresh, posts and withdraws this player's seek, takes another's, and says when a game is
//! made for this player — the game itself is then played on a game connection
//! ([`crate::client::OnlineClient`]) that resumes the seat with the token chosen here. Never
//! waits: the owner [`LobbyLink::poll`]s it (the game once a frame) and reads [`LobbyEvent`]s.
//!
//! A seek lives as long as the connection that posted it: when the connection closes the server
//! withdraws it. When it drops with its server (killed, say), another server may still pair it:
//! once signed in again the lobby withdraws it itself, and when that is refused looks for a game
//! its token holds a seat in (the `matched` push went with the connection) and opens it.

use std::collections::{BTreeMap, VecDeque};
use std::time::Duration;

use web_time::Instant;

use crate::client::lobby::SeekOptions;
use crate::client::{Connector, LinkState, SignedIn, Transport, TransportEvent, fresh_secret};
use crate::wire::{LiveGame, Reply, Request, SeekView, TurnGame};

mod events;
mod notices;
mod pages;
pub use events::{LobbyEvent, OwnSeek};
use notices::Change;
pub use notices::Notices;
pub use pages::{Leaderboard, Page, PageAsk, Pages, PlayerPage};

/// How often the lists are asked for again while the lobby is open.
pub const REFRESH: Duration = Duration::from_secs(3);
/// The wait before connecting again after a drop.
const RETRY: Duration = Duration::from_secs(2);

/// What a request was, for its reply.
#[derive(Clone, Debug)]
enum Asked {
    SignIn {
        secret: String,
    },
    Lists,
    Seek,
    Cancel,
    Accept {
        token: String,
    },
    /// A seek or entry of before a drop withdrawn.
    Withdraw {
        token: String,
    },
    /// The account's recent games, to find the game a lost seek made.
    Recent {
        token: String,
    },
    /// Whether `token` holds a seat in a game (a `resume`).
    Probe {
        token: String,
    },
    /// A probe whose answer no longer matters (another found the game).
    Spent,
    PushKey,
    Notice(Change),
}

/// The lobby's connection and what it last heard.
pub struct LobbyLink {
    url: String,
    connector: Box<dyn Connector>,
    transport: Option<Box<dyn Transport>>,
    link: LinkState,
    next_attempt: Instant,
    next_req: u64,
    asked: BTreeMap<u64, Asked>,
    secret: Option<String>,
    account: Option<SignedIn>,
    refreshed: Option<Instant>,
    own: Option<OwnSeek>,
    /// A seek or entry the connection dropped under, to withdraw (or find its game) once
    /// signed in again.
    lost: Option<OwnSeek>,
    events: VecDeque<LobbyEvent>,
    /// The pages asked for ([`LobbyLink::ask`]) and their answers.
    pub pages: Pages,
    /// The open seeks, as last heard (oldest first).
    pub seeks: Vec<SeekView>,
    /// The games being played now, as last heard.
    pub games: Vec<LiveGame>,
    /// The account's games waiting for its move, as last heard (the nearest deadline first).
    pub your_turn: Vec<TurnGame>,
    /// The account's notices outside the game.
    pub notices: Notices,
}

impl LobbyLink {
    /// A lobby on the server at `url` (a WebSocket address), signing in with `secret` (this
    /// device's, kept from before) or with a new device account when there is none.
    pub fn new(url: impl Into<String>, connector: Box<dyn Connector>, secret: Option<String>) -> Self {
        LobbyLink {
            url: url.into(),
            connector,
            transport: None,
            link: LinkState::Down,
            next_attempt: Instant::now(),
            next_req: 1,
            asked: BTreeMap::new(),
            secret,
            account: None,
            refreshed: None,
            own: None,
            lost: None,
            events: VecDeque::new(),
            pages: Pages::default(),
            seeks: Vec::new(),
            games: Vec::new(),
            your_turn: Vec::new(),
            notices: Notices::default(),
        }
    }

    /// The connection's state.
    pub fn link(&self) -> LinkState {
        self.link
    }

    /// The account signed in to, once it is.
    pub fn account(&self) -> Option<&SignedIn> {
        self.account.as_ref()
    }

    /// This player's seek, while one is open or on its way.
    pub fn own_seek(&self) -> Option<&OwnSeek> {
        self.own.as_ref()
    }

    /// The next thing to tell the player.
    pub fn next_event(&mut self) -> Option<LobbyEvent> {
        self.events.pop_front()
    }

    fn send(&mut self, asked: Option<Asked>, make: impl FnOnce(u64) -> Request) -> u64 {
        let req = self.next_req;
        self.next_req += 1;
        if let Some(a) = asked {
            self.asked.insert(req, a);
        }
        if let Some(t) = self.transport.as_mut() {
            t.send(make(req).encode());
        }
        req
    }

    /// Drives the connection and refreshes the lists every [`REFRESH`]. Never waits.
    pub fn poll(&mut self) {
        let now = Instant::now();
        if self.transport.is_none() && now >= self.next_attempt {
            match self.connector.connect(&self.url) {
                Ok(t) => {
                    self.transport = Some(t);
                    self.link = LinkState::Connecting;
                }
                Err(e) => self.dropped(now, e),
            }
        }
        while let Some(event) = self.transport.as_mut().and_then(|t| t.poll()) {
            match event {
                TransportEvent::Opened => self.opened(),
                TransportEvent::Text(text) => match Reply::decode(&text) {
                    Ok(reply) => self.receive(reply),
                    Err(e) => self.events.push_back(LobbyEvent::Said(e.to_string())),
                },
                TransportEvent::Closed(why) => {
                    self.dropped(now, why);
                    break;
                }
            }
        }
        if self.account.is_some() && self.refreshed.is_none_or(|t| now.duration_since(t) >= REFRESH) {
            self.refresh();
        }
    }

    /// Asks for the open seeks and the games being played now.
    pub fn refresh(&mut self) {
        self.refreshed = Some(Instant::now());
        self.send(Some(Asked::Lists), |req| Request::Seeks { req, game: None });
        self.send(Some(Asked::Lists), |req| Request::Games { req, game: None });
        self.send(Some(Asked::Lists), |req| Request::YourTurn { req });
    }

    fn opened(&mut self) {
        self.link = LinkState::Up;
        let secret = match self.secret.clone().map_or_else(fresh_secret, Ok) {
            Ok(s) => s,
            Err(e) => return self.events.push_back(LobbyEvent::Said(e)),
        };
        // A device's secret signs it in again (the server answers a repeated `account_new`
        // with the account the secret belongs to); a new one makes a device account.
        self.send(Some(Asked::SignIn { secret: secret.clone() }), |req| {
            Request::AccountNew {
                req,
                secret,
                name: None,
            }
        });
    }

    fn dropped(&mut self, now: Instant, why: String) {
        let was_up = self.link == LinkState::Up;
        self.transport = None;
        self.link = LinkState::Down;
        self.next_attempt = now + RETRY;
        self.asked.clear();
        self.pages.dropped();
        self.notices.dropped();
        self.account = None;
        self.refreshed = None;
        if let Some(own) = self.own.take() {
            let said = if own.id.is_some() {
                self.lost = Some(own);
                "The connection to the server dropped while your seek waited: once the lobby is back it is withdrawn, or its game opened if someone took it."
            } else {
                "The connection to the server dropped, and your seek with it: post it again once the lobby is back."
            };
            self.events.push_back(LobbyEvent::Said(said.into()));
        } else if was_up {
            self.events.push_back(LobbyEvent::Said(format!(
                "The lobby lost the server ({why}); trying again…"
            )));
        }
    }

    /// Asks for a page: a leaderboard, a player's, a game's moves (kept in [`LobbyLink::pages`]).
    pub fn ask(&mut self, what: PageAsk) {
        let up = self.link == LinkState::Up;
        let req = up.then(|| self.send(None, |req| what.request(req)));
        self.pages.asked(what, req);
    }

    /// Gives the signed-in account a name of its own (3–20 letters, digits, `_`, `-`).
    pub fn choose_name(&mut self, name: &str) {
        let name = name.trim().to_string();
        let secret = self.secret.clone().unwrap_or_default();
        self.send(Some(Asked::SignIn { secret }), |req| Request::ChooseName { req, name });
    }

    /// Posts a seek (one at a time: a second replaces nothing and is refused here): `game`
    /// with `seek`'s options, rating, side, range and pace.
    pub fn seek(&mut self, game: &str, seek: SeekOptions) -> Result<(), String> {
        let (game, token) = self.own_open(game, false)?;
        self.send(Some(Asked::Seek), |req| Request::Seek {
            req,
            game,
            options: seek.options,
            rated: seek.rated,
            side: seek.side,
            range: seek.range,
            token,
            pace: seek.pace,
        });
        Ok(())
    }

    /// "Play now": joins the quick-pairing pool of `game`, `options` and `pace` (each clock its
    /// own pool; one seek or pool entry at a time); told as a seek is when paired, withdrawn by
    /// [`LobbyLink::cancel_seek`].
    pub fn play_now(
        &mut self,
        game: &str,
        options: Vec<(String, String)>,
        rated: bool,
        pace: parlour_clock::Pace,
    ) -> Result<(), String> {
        let (game, token) = self.own_open(game, true)?;
        self.send(Some(Asked::Seek), |req| Request::Pool {
            req,
            game,
            options,
            rated,
            token,
            pace,
        });
        Ok(())
    }

    /// Notes this player's seek or pool entry on its way: the game and the seat's token.
    fn own_open(&mut self, game: &str, pool: bool) -> Result<(String, String), String> {
        if self.own.is_some() {
            return Err("You already have a seek open: cancel it first.".into());
        }
        if self.account.is_none() {
            return Err("The lobby is not signed in yet.".into());
        }
        let token = fresh_secret()?;
        self.own = Some(OwnSeek {
            id: None,
            game: game.to_string(),
            pool,
            since: Instant::now(),
            token: token.clone(),
        });
        Ok((game.to_string(), token))
    }

    /// Withdraws this player's seek.
    pub fn cancel_seek(&mut self) {
        if let Some(id) = self.own.take().and_then(|s| s.id) {
            self.send(Some(Asked::Cancel), |req| Request::CancelSeek { req, id });
        }
    }

    /// Takes seek `id`.
    pub fn accept(&mut self, id: u64) -> Result<(), String> {
        let token = fresh_secret()?;
        self.send(Some(Asked::Accept { token: token.clone() }), |req| Request::Accept {
            req,
            id,
            token,
        });
        Ok(())
    }

    /// Takes this account's seat in the unfinished lobby game `code` onto this device (its
    /// token is kept on another, say): told as a match is, with this device's new token.
    pub fn take_seat(&mut self, code: &str) -> Result<(), String> {
        if self.account.is_none() {
            return Err("The lobby is not signed in yet.".into());
        }
        let token = fresh_secret()?;
        let code = code.to_string();
        self.send(Some(Asked::Accept { token: token.clone() }), |req| Request::TakeSeat {
            req,
            code,
            token,
        });
        Ok(())
    }

    /// Asks the server for its Web Push key, once a connection (the answer in
    /// [`Notices::push_key`]).
    pub fn ask_push_key(&mut self) {
        if self.account.is_some() && self.notices.ask_key() {
            self.send(Some(Asked::PushKey), |req| Request::PushKey { req });
        }
    }

    /// Sends a digest of "your turn" notices to `address` (checked by the server: a refusal
    /// comes back as a sentence); `None` stops the e-mails.
    pub fn notify_email(&mut self, address: Option<String>) -> Result<(), String> {
        if self.account.is_none() {
            return Err("The lobby is not signed in yet.".into());
        }
        let address = address.map(|a| a.trim().to_string());
        if address.as_deref() == Some("") {
            return Err("Type an e-mail address first.".into());
        }
        let change = Change::Email(address.clone());
        self.send(Some(Asked::Notice(change)), |req| Request::NotifyEmail { req, address });
        Ok(())
    }

    /// Sends "your turn" notices to this browser: the subscription's JSON as the browser gives
    /// it; `None` stops them.
    pub fn notify_push(&mut self, subscription: Option<String>) -> Result<(), String> {
        if self.account.is_none() {
            return Err("The lobby is not signed in yet.".into());
        }
        let change = Change::Push(subscription.is_some());
        self.send(Some(Asked::Notice(change)), |req| Request::NotifyPush {
            req,
            subscription,
        });
        Ok(())
    }

    /// A lost seek turned out withdrawn, its game never made.
    fn lost_withdrawn(&mut self) {
        self.events.push_back(LobbyEvent::Said(
            "Your seek was withdrawn while the connection was down: post it again.".into(),
        ));
    }

    fn receive(&mut self, reply: Reply) {
        let Some(reply) = self.pages.receive(reply) else { return };
        match reply {
            Reply::Account { req, name, named } => {
                let secret = match self.asked.remove(&req) {
                    Some(Asked::SignIn { secret }) => secret,
                    _ => return,
                };
                self.secret = Some(secret.clone());
                let account = SignedIn { name, secret, named };
                self.account = Some(account.clone());
                self.events.push_back(LobbyEvent::SignedIn(account));
                if let Some(OwnSeek {
                    id: Some(id), token, ..
                }) = self.lost.take()
                {
                    self.send(Some(Asked::Withdraw { token }), |req| Request::CancelSeek { req, id });
                }
                self.refresh();
            }
            Reply::Seeks { req, seeks } if self.asked.remove(&req).is_some() => self.seeks = seeks,
            Reply::Games { req, games } if self.asked.remove(&req).is_some() => self.games = games,
            Reply::YourTurn { req, games } if self.asked.remove(&req).is_some() => self.your_turn = games,
            Reply::Seeking { req, id } if self.asked.remove(&req).is_some() => {
                if let Some(own) = self.own.as_mut() {
                    own.id = Some(id);
                }
                self.refresh();
            }
            Reply::Matched { id, code, seat } => {
                if let Some(own) = self.own.take_if(|s| s.id == Some(id)) {
                    self.events.push_back(LobbyEvent::Matched {
                        code,
                        seat,
                        token: own.token,
                    });
                }
            }
            Reply::Player { req, recent, .. } if matches!(self.asked.get(&req), Some(Asked::Recent { .. })) => {
                let Some(Asked::Recent { token }) = self.asked.remove(&req) else {
                    return;
                };
                let going: Vec<String> = recent
                    .into_iter()
                    .filter(|g| g.result.is_none())
                    .map(|g| g.code)
                    .collect();
                if going.is_empty() {
                    return self.lost_withdrawn();
                }
                for code in going.into_iter().take(3) {
                    let token = token.clone();
                    self.send(Some(Asked::Probe { token: token.clone() }), |req| Request::Resume {
                        req,
                        code,
                        token,
                    });
                }
            }
            Reply::Seated { req, seat, game, .. } => {
                if let Some(Asked::Accept { token } | Asked::Probe { token }) = self.asked.remove(&req) {
                    // One probe is enough: the others' answers no longer matter.
                    for a in self.asked.values_mut().filter(|a| matches!(a, Asked::Probe { .. })) {
                        *a = Asked::Spent;
                    }
                    self.events.push_back(LobbyEvent::Matched {
                        code: game.code,
                        seat,
                        token,
                    });
                }
            }
            Reply::Done { req } => {
                match self.asked.remove(&req) {
                    Some(Asked::Notice(change)) => {
                        let said = self.notices.taken(change);
                        self.events.push_back(LobbyEvent::Done(said));
                    }
                    Some(Asked::Withdraw { .. }) => self.lost_withdrawn(),
                    _ => {}
                }
                self.refresh();
            }
            Reply::PushKey { req, key } if matches!(self.asked.get(&req), Some(Asked::PushKey)) => {
                self.asked.remove(&req);
                self.notices.push_key = Some(key);
            }
            Reply::Error { req, message } => match req.and_then(|r| self.asked.remove(&r)) {
                Some(Asked::Seek) => {
                    self.own = None;
                    self.events.push_back(LobbyEvent::Said(message));
                }
                // Not open any more: taken while the connection was down, or withdrawn by the
                // server when it closed. A game the token seats is the answer.
                Some(Asked::Withdraw { token }) => {
                    let name = self.account.as_ref().map(|a| a.name.clone()).unwrap_or_default();
                    self.send(Some(Asked::Recent { token }), |req| Request::Player { req, name });
                }
                Some(Asked::Probe { .. }) => {
                    if !self.asked.values().any(|a| matches!(a, Asked::Probe { .. })) {
                        self.lost_withdrawn();
                    }
                }
                Some(Asked::Recent { .. }) => self.lost_withdrawn(),
                Some(Asked::Spent) => {}
                _ => self.events.push_back(LobbyEvent::Said(message)),
            },
            // Pushes of a game followed (after an accept the game connection plays it).
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests;

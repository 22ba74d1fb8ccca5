//! A client of the Parlour server that never blocks: the caller [`OnlineClient::poll`]s it (the
//! game once a frame, the engine in a loop) and reads [`Event`]s. It keeps the game's move list
//! as the server stored it, reconnects with back-off when the connection drops, takes its seat
//! back with its token, and re-sends a move whose reply was lost; the server recognises the
//! re-sent move by its ply, so a move is stored exactly once.

use std::collections::{BTreeMap, VecDeque};
use std::time::Duration;

use parlour_clock::{ClockView, Pace};
use web_time::Instant;

use crate::wire::{GameView, OfferKind, Request, Seat};
mod account;
mod link;
pub mod lobby;
mod lobby_state;
mod offer_state;
mod offers;
mod replies;
mod signed_in;

pub use self::offer_state::PendingOffer;
pub use self::signed_in::SignedIn;

#[cfg(test)]
pub(crate) mod pipe;
#[cfg(test)]
mod tests;

/// One connection to the server, however it is made (a WebSocket here, a test double in
/// tests).
pub trait Transport {
    /// Sends one text frame (dropped when the connection is not open).
    fn send(&mut self, text: String);
    /// The next thing that happened, without waiting.
    fn poll(&mut self) -> Option<TransportEvent>;
}

/// What a [`Transport`] reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TransportEvent {
    /// The connection is open.
    Opened,
    /// A text frame arrived.
    Text(String),
    /// The connection is gone (or never came), with why.
    Closed(String),
}

/// Opens connections.
pub trait Connector {
    /// Starts opening a connection to `url`; it reports [`TransportEvent::Opened`] when ready.
    fn connect(&mut self, url: &str) -> Result<Box<dyn Transport>, String>;
}

/// What the client tells its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// The connection is up (again).
    Connected,
    /// The connection dropped; the client will try again.
    Disconnected(String),
    /// This client holds `seat` of the game (after `new`, `join` or `resume`).
    Seated(Seat),
    /// This client follows the game without a seat.
    Watching,
    /// A move was stored (by either seat), in order: move number `ply` (0-based).
    Moved {
        /// Moves before it.
        ply: u32,
        /// Canonical notation.
        mv: String,
    },
    /// The other seat was taken.
    Joined(Seat),
    /// A seat resigned (this one or the other): the game is over. Reported once.
    Resigned(Seat),
    /// This client's own move was stored.
    Stored {
        /// The request number `send_move` returned.
        req: u64,
        /// Moves before it.
        ply: u32,
    },
    /// This connection is signed in to an account (made, signed in to, named or paired):
    /// [`OnlineClient::account`] says which.
    Account {
        /// The request answered.
        req: u64,
    },
    /// A pairing code for the signed-in account: [`OnlineClient::pairing`] holds it.
    PairingCode {
        /// The request answered.
        req: u64,
    },
    /// A lobby request was answered: [`OnlineClient::lobby_answer`] holds the reply.
    Lobby {
        /// The request answered.
        req: u64,
    },
    /// The seek `id` was taken: [`OnlineClient::matched`] names the game and the seat, which
    /// [`OnlineClient::seek_token`] resumes.
    Matched {
        /// The seek.
        id: u64,
    },
    /// A seat offered something: [`OnlineClient::pending_offer`] holds it until answered.
    Offered(PendingOffer),
    /// The offer made at `ply` was answered (or cancelled by a move: not accepted).
    Answered {
        /// What was offered.
        kind: OfferKind,
        /// The offer's ply.
        ply: u32,
        /// Whether it was accepted.
        accept: bool,
    },
    /// The game ended by agreement (`draw`, `agreed`). Reported once.
    Ended {
        /// `first`, `second` or `draw`.
        result: String,
        /// Why.
        reason: String,
    },
    /// A takeback was accepted: the game's moves from `ply` on are gone.
    TookBack {
        /// Moves kept.
        ply: u32,
    },
    /// Both seats asked for a rematch: the game `code` is made, this client's seat there is
    /// `seat`; resume it with this seat's token.
    Rematch {
        /// The new game's invite code.
        code: String,
        /// This client's seat there.
        seat: Seat,
    },
    /// A request was refused (nothing changed), with the server's sentence.
    Refused {
        /// The request refused, when known.
        req: Option<u64>,
        /// The server's sentence.
        message: String,
    },
}

/// The state of the connection.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum LinkState {
    /// Waiting before the next attempt.
    Down,
    /// Opening.
    Connecting,
    /// Open.
    Up,
}

/// What this client is to its game.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Role {
    None,
    Seated { code: String, seat: Seat, token: String },
    Watching { code: String },
}

/// A fresh device secret, or the sentence why none could be made.
pub(crate) fn fresh_secret() -> Result<String, String> {
    fresh_token().ok_or_else(|| "the system's random generator failed; no secret could be made".to_string())
}

/// A seat token: 128 bits from the system's (or the browser's) secure generator, as hex; `None`
/// (the server then chooses) if the generator fails.
fn fresh_token() -> Option<String> {
    let mut bytes = [0u8; crate::wire::TOKEN_HEX_LEN / 2];
    getrandom::fill(&mut bytes).ok()?;
    Some(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A move or a resignation asked of a client that holds no seat (it watches, or has not been
/// seated yet).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct NoSeat;

impl std::fmt::Display for NoSeat {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("this connection holds no seat")
    }
}

impl std::error::Error for NoSeat {}

impl From<NoSeat> for String {
    fn from(e: NoSeat) -> String {
        e.to_string()
    }
}

/// The longest wait between two connection attempts.
pub const MAX_BACKOFF: Duration = Duration::from_secs(4);
const FIRST_BACKOFF: Duration = Duration::from_millis(100);
/// How long an attempt may take to open before it counts as failed.
const CONNECT_TIMEOUT: Duration = Duration::from_secs(5);

/// The client: see the module comment.
pub struct OnlineClient {
    url: String,
    connector: Box<dyn Connector>,
    transport: Option<Box<dyn Transport>>,
    link: LinkState,
    next_attempt: Instant,
    attempt_started: Instant,
    backoff: Duration,
    role: Role,
    game: Option<GameView>,
    next_req: u64,
    /// Requests sent or waiting to be sent, by number, in order: re-sent after a reconnect
    /// until answered.
    unanswered: BTreeMap<u64, Request>,
    events: VecDeque<Event>,
    account: Option<SignedIn>,
    pairing: Option<(String, u32)>,
    lobby: lobby_state::LobbyState,
    offers: offer_state::OfferState,
    /// When the position now on the board arrived: a move's thinking time is counted from it.
    turn_seen: Instant,
    /// The clock as the server last sent it, and when it arrived.
    clock_seen: Option<(ClockView, Instant)>,
}

impl OnlineClient {
    /// A client for the server at `url` (`ws://host:port/ws`); it starts connecting at the
    /// first [`poll`](Self::poll).
    pub fn new(url: impl Into<String>, connector: Box<dyn Connector>) -> Self {
        let now = Instant::now();
        OnlineClient {
            url: url.into(),
            connector,
            transport: None,
            link: LinkState::Down,
            next_attempt: now,
            attempt_started: now,
            backoff: FIRST_BACKOFF,
            role: Role::None,
            game: None,
            next_req: 1,
            unanswered: BTreeMap::new(),
            events: VecDeque::new(),
            account: None,
            pairing: None,
            lobby: lobby_state::LobbyState::default(),
            offers: offer_state::OfferState::default(),
            turn_seen: now,
            clock_seen: None,
        }
    }

    /// The server address.
    pub fn url(&self) -> &str {
        &self.url
    }

    /// Whether the connection is up.
    pub fn link(&self) -> LinkState {
        self.link
    }

    /// The game as the server stored it, once seated or watching.
    pub fn game(&self) -> Option<&GameView> {
        self.game.as_ref()
    }

    /// The seat held, if any.
    pub fn seat(&self) -> Option<Seat> {
        match &self.role {
            Role::Seated { seat, .. } => Some(*seat),
            _ => None,
        }
    }

    /// The seat's token (keep it to resume after a restart).
    pub fn token(&self) -> Option<&str> {
        match &self.role {
            Role::Seated { token, .. } => Some(token),
            _ => None,
        }
    }

    /// Whether a request is still waiting for its answer.
    pub fn is_waiting(&self, req: u64) -> bool {
        self.unanswered.contains_key(&req)
    }

    /// Whether this client's own move is on its way.
    pub fn move_in_flight(&self) -> bool {
        self.unanswered.values().any(|r| matches!(r, Request::Move { .. }))
    }

    /// The next event, if any.
    pub fn next_event(&mut self) -> Option<Event> {
        self.events.pop_front()
    }

    /// Creates a game on the server and sits in `seat`. The seat's token is chosen here and
    /// sent with the request, so a re-send after a dropped connection is recognised by the
    /// server and makes no second game.
    pub fn create(&mut self, game: &str, options: Vec<(String, String)>, seat: Seat) -> u64 {
        let token = fresh_token();
        self.request(|req| Request::New {
            req,
            game: game.to_string(),
            options,
            seat,
            token,
        })
    }

    /// Takes the free seat of the game with invite code `code`, with a token chosen here (a
    /// re-sent join gets back the seat it took).
    pub fn join(&mut self, code: &str) -> u64 {
        let token = fresh_token();
        self.request(|req| Request::Join {
            req,
            code: code.to_string(),
            token,
        })
    }

    /// Follows a game without a seat.
    pub fn watch(&mut self, code: &str) -> u64 {
        self.request(|req| Request::Watch {
            req,
            code: code.to_string(),
        })
    }

    /// Takes back a seat held before.
    pub fn resume(&mut self, code: &str, token: &str) -> u64 {
        self.request(|req| Request::Resume {
            req,
            code: code.to_string(),
            token: token.to_string(),
        })
    }

    /// Sends this seat's move at the current ply; `Err` with a sentence when there is no seat.
    /// Answered by [`Event::Stored`] or [`Event::Refused`] with the returned number.
    pub fn send_move(&mut self, mv: &str) -> Result<u64, NoSeat> {
        let Role::Seated { code, token, .. } = &self.role else {
            return Err(NoSeat);
        };
        let (code, token) = (code.clone(), token.clone());
        let ply = self.game.as_ref().map_or(0, |g| g.moves.len() as u32);
        // On a live clock the server is told how long this side thought; the rest of the turn
        // was the network's.
        let live = self.game.as_ref().is_some_and(|g| matches!(g.pace, Pace::Live(_)));
        let think_ms = live.then(|| self.turn_seen.elapsed().as_millis().min(i64::MAX as u128) as i64);
        Ok(self.request(|req| Request::Move {
            req,
            code,
            token,
            ply,
            mv: mv.to_string(),
            think_ms,
        }))
    }

    /// The clock of a game on a live clock, as it stands now: the server's last count, less the
    /// time since it arrived on the running side.
    pub fn clock(&self) -> Option<ClockView> {
        let (view, at) = self.clock_seen?;
        let mut now = view;
        if let Some(side) = view.running {
            let i = side.index();
            now.remaining_ms[i] = (view.remaining_ms[i] - at.elapsed().as_millis() as i64).max(0);
        }
        if let Some(first) = view.first_move_ms {
            now.first_move_ms = Some((first - at.elapsed().as_millis() as i64).max(0));
        }
        Some(now)
    }

    /// Resigns this seat's game; answered by [`Event::Resigned`] or [`Event::Refused`] with the
    /// returned number. `Err` with a sentence when there is no seat.
    pub fn resign(&mut self) -> Result<u64, NoSeat> {
        let Role::Seated { code, token, .. } = &self.role else {
            return Err(NoSeat);
        };
        let (code, token) = (code.clone(), token.clone());
        Ok(self.request(|req| Request::Resign { req, code, token }))
    }

    fn request(&mut self, make: impl FnOnce(u64) -> Request) -> u64 {
        let req = self.next_req;
        self.next_req += 1;
        let request = make(req);
        if self.link == LinkState::Up
            && let Some(t) = self.transport.as_mut()
        {
            t.send(request.encode());
        }
        self.unanswered.insert(req, request);
        req
    }
}

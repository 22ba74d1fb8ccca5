//! A client of the Parlour server that never blocks: the caller [`OnlineClient::poll`]s it (the
//! game once a frame, the engine in a loop) and reads [`Event`]s. It keeps the game's move list
//! as the server stored it, reconnects with back-off when the connection drops, takes its seat
//! back with its token, and re-sends a move whose reply was lost; the server recognises the
//! re-sent move by its ply, so a move is stored exactly once.

use std::collections::{BTreeMap, VecDeque};
use std::time::Duration;

use web_time::Instant;

use crate::wire::{GameView, Reply, Request, Seat};

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

    /// Creates a game on the server and sits in `seat`.
    pub fn create(&mut self, game: &str, options: Vec<(String, String)>, seat: Seat) -> u64 {
        self.request(|req| Request::New {
            req,
            game: game.to_string(),
            options,
            seat,
        })
    }

    /// Takes the free seat of the game with invite code `code`.
    pub fn join(&mut self, code: &str) -> u64 {
        self.request(|req| Request::Join {
            req,
            code: code.to_string(),
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
    pub fn send_move(&mut self, mv: &str) -> Result<u64, String> {
        let Role::Seated { code, token, .. } = &self.role else {
            return Err("this connection holds no seat".into());
        };
        let (code, token) = (code.clone(), token.clone());
        let ply = self.game.as_ref().map_or(0, |g| g.moves.len() as u32);
        Ok(self.request(|req| Request::Move {
            req,
            code,
            token,
            ply,
            mv: mv.to_string(),
        }))
    }

    /// Resigns this seat's game; answered by [`Event::Resigned`] or [`Event::Refused`] with the
    /// returned number. `Err` with a sentence when there is no seat.
    pub fn resign(&mut self) -> Result<u64, String> {
        let Role::Seated { code, token, .. } = &self.role else {
            return Err("this connection holds no seat".into());
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

    /// Drives the connection: connects, reconnects after a drop (with back-off), reads what
    /// arrived. Never waits.
    pub fn poll(&mut self) {
        let now = Instant::now();
        if self.transport.is_none() && now >= self.next_attempt {
            self.attempt_started = now;
            match self.connector.connect(&self.url) {
                Ok(t) => {
                    self.transport = Some(t);
                    self.link = LinkState::Connecting;
                }
                Err(e) => self.dropped(now, e),
            }
        }
        if self.link == LinkState::Connecting && now.duration_since(self.attempt_started) > CONNECT_TIMEOUT {
            self.dropped(now, "the server did not answer".into());
        }
        while let Some(event) = self.transport.as_mut().and_then(|t| t.poll()) {
            match event {
                TransportEvent::Opened => self.opened(),
                TransportEvent::Text(text) => match Reply::decode(&text) {
                    Ok(reply) => self.receive(reply),
                    Err(e) => self.events.push_back(Event::Refused {
                        req: None,
                        message: e.to_string(),
                    }),
                },
                TransportEvent::Closed(why) => {
                    self.dropped(Instant::now(), why);
                    break;
                }
            }
        }
    }

    fn dropped(&mut self, now: Instant, why: String) {
        self.transport = None;
        if self.link == LinkState::Up {
            self.events.push_back(Event::Disconnected(why));
        }
        self.link = LinkState::Down;
        self.next_attempt = now + self.backoff;
        self.backoff = (self.backoff * 2).min(MAX_BACKOFF);
    }

    fn opened(&mut self) {
        self.link = LinkState::Up;
        self.backoff = FIRST_BACKOFF;
        self.events.push_back(Event::Connected);
        let Some(t) = self.transport.as_mut() else { return };
        // Take the seat (or the watch) back first, so the server follows the game for this
        // connection again and sends the moves missed; then whatever is still unanswered.
        let resuming = self.unanswered.values().any(|r| {
            matches!(
                r,
                Request::New { .. } | Request::Join { .. } | Request::Resume { .. } | Request::Watch { .. }
            )
        });
        if !resuming {
            let again = match &self.role {
                Role::Seated { code, token, .. } => Some(Request::Resume {
                    req: 0,
                    code: code.clone(),
                    token: token.clone(),
                }),
                Role::Watching { code } => Some(Request::Watch {
                    req: 0,
                    code: code.clone(),
                }),
                Role::None => None,
            };
            if let Some(r) = again {
                t.send(r.encode());
            }
        }
        for r in self.unanswered.values() {
            t.send(r.encode());
        }
    }

    fn receive(&mut self, reply: Reply) {
        match reply {
            Reply::Seated { req, seat, token, game } => {
                self.unanswered.remove(&req);
                self.role = Role::Seated {
                    code: game.code.clone(),
                    seat,
                    token,
                };
                self.adopt(game);
                self.events.push_back(Event::Seated(seat));
            }
            Reply::Watching { req, game } => {
                self.unanswered.remove(&req);
                self.role = Role::Watching {
                    code: game.code.clone(),
                };
                self.adopt(game);
                self.events.push_back(Event::Watching);
            }
            Reply::Stored { req, code, ply, mv } => {
                self.unanswered.remove(&req);
                self.moved(&code, ply, mv);
                self.events.push_back(Event::Stored { req, ply });
            }
            Reply::Moved { code, ply, mv } => self.moved(&code, ply, mv),
            Reply::Resigned { req, code, seat } => {
                if let Some(r) = req {
                    self.unanswered.remove(&r);
                }
                self.resigned(&code, seat);
            }
            Reply::Joined { code, seat } => {
                if let Some(g) = self.game.as_mut().filter(|g| g.code == code) {
                    g.seats[seat.index()] = true;
                    self.events.push_back(Event::Joined(seat));
                }
            }
            Reply::Error { req, message } => {
                if let Some(r) = req {
                    if r == 0 {
                        // The automatic resume failed (the game is gone): say so, stop following.
                        self.role = Role::None;
                    }
                    self.unanswered.remove(&r);
                }
                self.events.push_back(Event::Refused { req, message });
            }
        }
    }

    /// Takes the server's copy of the game, reporting the moves this client had not seen.
    fn adopt(&mut self, game: GameView) {
        let known = match &self.game {
            Some(g) if g.code == game.code && game.moves.starts_with(&g.moves) => g.moves.len(),
            _ => 0,
        };
        for (ply, mv) in game.moves.iter().enumerate().skip(known) {
            self.events.push_back(Event::Moved {
                ply: ply as u32,
                mv: mv.clone(),
            });
        }
        let resigned = game.resigned;
        let was = self
            .game
            .as_ref()
            .filter(|g| g.code == game.code)
            .and_then(|g| g.resigned);
        self.game = Some(GameView { resigned: was, ..game });
        if let Some(seat) = resigned {
            let code = self.game.as_ref().map(|g| g.code.clone()).unwrap_or_default();
            self.resigned(&code, seat);
        }
    }

    /// Notes a resignation (once).
    fn resigned(&mut self, code: &str, seat: Seat) {
        if let Some(g) = self.game.as_mut().filter(|g| g.code == code && g.resigned.is_none()) {
            g.resigned = Some(seat);
            self.events.push_back(Event::Resigned(seat));
        }
    }

    fn moved(&mut self, code: &str, ply: u32, mv: String) {
        let Some(g) = self.game.as_mut().filter(|g| g.code == code) else {
            return;
        };
        // Moves arrive in order; a copy of one already known (a reply and a push of the same
        // move) is dropped, and a gap is filled by the next resume.
        if ply as usize == g.moves.len() {
            g.moves.push(mv.clone());
            self.events.push_back(Event::Moved { ply, mv });
        }
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use super::*;

    /// A scripted connection: what the client sent, and what the "server" says next.
    #[derive(Default)]
    struct Pipe {
        sent: Vec<String>,
        inbox: VecDeque<TransportEvent>,
    }

    struct Fake(Rc<RefCell<Pipe>>);
    impl Transport for Fake {
        fn send(&mut self, text: String) {
            self.0.borrow_mut().sent.push(text);
        }
        fn poll(&mut self) -> Option<TransportEvent> {
            self.0.borrow_mut().inbox.pop_front()
        }
    }

    struct Dialer(Rc<RefCell<Vec<Rc<RefCell<Pipe>>>>>);
    impl Connector for Dialer {
        fn connect(&mut self, _url: &str) -> Result<Box<dyn Transport>, String> {
            let pipe = Rc::new(RefCell::new(Pipe::default()));
            pipe.borrow_mut().inbox.push_back(TransportEvent::Opened);
            self.0.borrow_mut().push(pipe.clone());
            Ok(Box::new(Fake(pipe)))
        }
    }

    fn view(moves: &[&str]) -> GameView {
        GameView {
            code: "abcdefgh23".into(),
            game: "konane".into(),
            options: vec![],
            moves: moves.iter().map(|m| m.to_string()).collect(),
            seats: [true, true],
            resigned: None,
        }
    }

    fn sent(pipe: &Rc<RefCell<Pipe>>) -> Vec<Request> {
        pipe.borrow().sent.iter().map(|t| Request::decode(t).unwrap()).collect()
    }

    #[test]
    fn a_move_whose_reply_was_lost_is_resent_after_resuming_and_counted_once() {
        let pipes = Rc::new(RefCell::new(Vec::new()));
        let mut c = OnlineClient::new("ws://x/ws", Box::new(Dialer(pipes.clone())));
        c.poll();
        let join = c.join("abcdefgh23");
        let first = pipes.borrow()[0].clone();
        let token = "0123456789abcdef0123456789abcdef".to_string();
        first.borrow_mut().inbox.push_back(TransportEvent::Text(
            Reply::Seated {
                req: join,
                seat: Seat::Second,
                token: token.clone(),
                game: view(&["xd4"]),
            }
            .encode(),
        ));
        c.poll();
        let events: Vec<Event> = std::iter::from_fn(|| c.next_event()).collect();
        assert_eq!(
            events,
            [
                Event::Connected,
                Event::Moved {
                    ply: 0,
                    mv: "xd4".into()
                },
                Event::Seated(Seat::Second)
            ]
        );
        let mv = c.send_move("xe4").unwrap();
        assert!(matches!(sent(&first).last(), Some(Request::Move { ply: 1, .. })));
        // The connection drops before the reply: the server had stored the move.
        first
            .borrow_mut()
            .inbox
            .push_back(TransportEvent::Closed("reset".into()));
        c.poll();
        assert_eq!(c.link(), LinkState::Down);
        std::thread::sleep(FIRST_BACKOFF + Duration::from_millis(20));
        c.poll();
        let second = pipes.borrow()[1].clone();
        let again = sent(&second);
        assert!(
            matches!(&again[0], Request::Resume { token: t, .. } if *t == token),
            "{again:?}"
        );
        assert!(
            matches!(&again[1], Request::Move { req, ply: 1, .. } if *req == mv),
            "{again:?}"
        );
        // The resume brings the stored move, then the re-sent move is acknowledged: one move.
        second.borrow_mut().inbox.push_back(TransportEvent::Text(
            Reply::Seated {
                req: 0,
                seat: Seat::Second,
                token,
                game: view(&["xd4", "xe4"]),
            }
            .encode(),
        ));
        second.borrow_mut().inbox.push_back(TransportEvent::Text(
            Reply::Stored {
                req: mv,
                code: "abcdefgh23".into(),
                ply: 1,
                mv: "xe4".into(),
            }
            .encode(),
        ));
        c.poll();
        assert_eq!(c.game().unwrap().moves, ["xd4", "xe4"]);
        assert!(!c.move_in_flight());
        let events: Vec<Event> = std::iter::from_fn(|| c.next_event()).collect();
        assert!(events.contains(&Event::Stored { req: mv, ply: 1 }), "{events:?}");
        assert_eq!(
            events.iter().filter(|e| matches!(e, Event::Moved { .. })).count(),
            1,
            "{events:?}"
        );
    }

    #[test]
    fn a_resignation_is_reported_once_however_it_arrives() {
        let pipes = Rc::new(RefCell::new(Vec::new()));
        let mut c = OnlineClient::new("ws://x/ws", Box::new(Dialer(pipes.clone())));
        c.poll();
        assert!(c.resign().is_err(), "no seat yet");
        let join = c.join("abcdefgh23");
        let pipe = pipes.borrow()[0].clone();
        let say = |r: Reply| pipe.borrow_mut().inbox.push_back(TransportEvent::Text(r.encode()));
        say(Reply::Seated {
            req: join,
            seat: Seat::Second,
            token: "0123456789abcdef0123456789abcdef".into(),
            game: view(&["xd4"]),
        });
        c.poll();
        let req = c.resign().unwrap();
        assert!(matches!(sent(&pipe).last(), Some(Request::Resign { .. })));
        // The push to followers and the reply both arrive; a resume's copy of the game too.
        let resigned = |req| Reply::Resigned {
            req,
            code: "abcdefgh23".into(),
            seat: Seat::Second,
        };
        say(resigned(None));
        say(resigned(Some(req)));
        say(Reply::Seated {
            req: 0,
            seat: Seat::Second,
            token: "0123456789abcdef0123456789abcdef".into(),
            game: GameView {
                resigned: Some(Seat::Second),
                ..view(&["xd4"])
            },
        });
        c.poll();
        let events: Vec<Event> = std::iter::from_fn(|| c.next_event()).collect();
        assert_eq!(
            events.iter().filter(|e| **e == Event::Resigned(Seat::Second)).count(),
            1,
            "{events:?}"
        );
        assert!(!c.is_waiting(req));
        assert_eq!(c.game().unwrap().resigned, Some(Seat::Second));
    }

    #[test]
    fn failed_connections_back_off_up_to_the_ceiling() {
        struct Refuse(Rc<RefCell<u32>>);
        impl Connector for Refuse {
            fn connect(&mut self, _url: &str) -> Result<Box<dyn Transport>, String> {
                *self.0.borrow_mut() += 1;
                Err("refused".into())
            }
        }
        let tries = Rc::new(RefCell::new(0));
        let mut c = OnlineClient::new("ws://x/ws", Box::new(Refuse(tries.clone())));
        for _ in 0..50 {
            c.poll();
            std::thread::sleep(Duration::from_millis(10));
        }
        // At least 0.5 s of polling (more on a loaded machine): attempts at 0, 0.1, 0.3, then
        // 0.7 and 1.5 s — three to five, not fifty.
        assert!((3..=5).contains(&*tries.borrow()), "{} attempts", tries.borrow());
        assert_eq!(c.link(), LinkState::Down);
        assert!(c.send_move("a1").is_err());
    }
}

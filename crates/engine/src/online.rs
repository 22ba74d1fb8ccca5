//! `parlour-engine connect`: the line protocol against a game held by a Parlour server
//! (`shared/engine-protocol.md`, "Online sessions"). The local session mirrors the server's
//! move list, so `legal`, `status`, `show` and the AI work as offline; `play` answers `=` only
//! once the server has stored the move.

use std::time::{Duration, Instant};

use parlour_online::client::{Event, LinkState, OnlineClient};
use parlour_online::net::{WebSocketConnector, ws_url};
use parlour_online::wire::Seat;

use crate::session::{Session, session_from};

mod lobby;
mod offers;

/// How long `play`, `genmove` and `online …` wait for the server (across reconnections).
pub const DEFAULT_TIMEOUT: Duration = Duration::from_secs(60);
/// How long `wait` waits for the other seat.
pub const WAIT_TIMEOUT: Duration = Duration::from_secs(3600);

/// The connection of an online session.
pub struct Link {
    client: OnlineClient,
    timeout: Duration,
    /// Events read while waiting, looked through by the command that waits.
    backlog: Vec<Event>,
}

impl Link {
    /// A link to the server at `server` (`http://host:port`); it connects in the background.
    pub fn new(server: &str, timeout: Duration) -> Link {
        Link {
            client: OnlineClient::new(ws_url(server), Box::new(WebSocketConnector)),
            timeout,
            backlog: Vec::new(),
        }
    }

    /// Handles the commands an online session takes over; `None` lets the protocol answer from
    /// the local session (after it has been brought up to date).
    pub fn command(
        &mut self,
        cmd: &str,
        args: &[&str],
        session: &mut Box<dyn Session>,
        cap_ms: Option<u64>,
    ) -> Option<Result<String, String>> {
        let result = match cmd {
            "online" => self.online(args, session),
            "wait" if !args.is_empty() => Err("wait takes no arguments".into()),
            "wait" => self.wait(session),
            "play" => match args {
                [mv] => self.play(session, |_| Ok(mv.to_string())),
                [] => Err("usage: play <move>".into()),
                _ => Err("play takes exactly one move (no spaces inside a move)".into()),
            },
            "genmove" => self.play(session, |s| {
                let mut scratch = s.clone_box();
                scratch.genmove(args, cap_ms)
            }),
            "undo" => {
                Err("an online game is taken back only by agreement: online offer takeback (casual games)".into())
            }
            "setmoves" => Err("an online game's moves are the server's; setmoves works offline only".into()),
            "game" => Err("this is an online session: start games with `online new`".into()),
            "legal" | "status" | "show" | "history" | "perft" => match self.sync(session) {
                Err(e) => Err(e),
                // A resigned game is over, whatever its position says.
                Ok(()) => match (cmd, self.resigned_status(session.as_ref())) {
                    ("status", Some(status)) => Ok(status),
                    ("legal", Some(_)) if args.is_empty() => Ok(String::new()),
                    _ => return None,
                },
            },
            _ => return None,
        };
        Some(result)
    }

    fn online(&mut self, args: &[&str], session: &mut Box<dyn Session>) -> Result<String, String> {
        if let Some(answer) = self.lobby(args, session) {
            return answer;
        }
        if let Some(answer) = self.offers(args, session) {
            return answer;
        }
        match args {
            ["new", game, rest @ ..] => {
                let mut seat = Seat::First;
                let mut options = Vec::new();
                for word in rest {
                    let (k, v) = word
                        .split_once('=')
                        .ok_or_else(|| format!("'{word}' is not key=value"))?;
                    if k == "side" {
                        seat = Seat::parse(v).ok_or_else(|| format!("side={v}: use side=first or side=second"))?;
                    } else {
                        options.push((k.to_string(), v.to_string()));
                    }
                }
                self.take(session, |c| c.create(game, options, seat))?;
                let code = self.client.game().map(|g| g.code.clone()).unwrap_or_default();
                Ok(format!("{code} {}", session.side_names()[seat.index()]))
            }
            ["join", code] => {
                self.take(session, |c| c.join(code))?;
                self.seat_name(session.as_ref())
            }
            ["watch", code] => {
                self.take(session, |c| c.watch(code))?;
                Ok("watching".into())
            }
            ["resume", code, token] => {
                self.take(session, |c| c.resume(code, token))?;
                self.seat_name(session.as_ref())
            }
            ["account", rest @ ..] => self.account(rest),
            ["resign"] => self.resign(session),
            ["token"] => self
                .client
                .token()
                .map(str::to_string)
                .ok_or_else(|| "this connection holds no seat".to_string()),
            _ => Err(
                "usage: online new <game> [key=value …] [side=first|second] | online join <code> | \
                      online watch <code> | online resume <code> <token> | online resign | online token | \
                      online account new [<name>] | online account login <name> <secret> | online account name <name> | \
                      online account code | online account pair <code> | online seek <game> [key=value …] [rated] \
                      [range=<lo>-<hi>] [side=first|second|random] [timeout=<s>] | online seeks [<game>] | \
                      online accept <id> | online pair <game> [key=value …] [rated] [timeout=<s>] | online rating <name> <game> | online games [<game>] | online leaderboard <key>"
                    .into(),
            ),
        }
    }

    /// `online account …`: makes an account (`= <name> <secret>`), signs in (`= <name>`), names a
    /// device account (`= <name>`), shows a pairing code (`= <code> <seconds valid>`) or signs
    /// in with one (`= <name> <secret>`, the secret this session's own).
    fn account(&mut self, args: &[&str]) -> Result<String, String> {
        let req = match args {
            ["new"] => self.client.account_new(None)?,
            ["new", name] => self.client.account_new(Some(name))?,
            ["login", name, secret] => self.client.login(name, secret),
            ["name", name] => self.client.choose_name(name),
            ["code"] => self.client.pairing_code(),
            ["pair", code] => self.client.pair(code)?,
            _ => {
                return Err(
                    "usage: online account new [<name>] | online account login <name> <secret> | \
                            online account name <name> | online account code | online account pair <code>"
                        .into(),
                );
            }
        };
        self.answer(req)?;
        if let ["code"] = args {
            let (code, secs) = self.client.pairing().ok_or("the server sent no pairing code")?;
            return Ok(format!("{code} {secs}"));
        }
        let account = self
            .client
            .account()
            .ok_or("the server signed this session in to no account")?;
        Ok(match args {
            ["new", ..] | ["pair", _] => format!("{} {}", account.name, account.secret),
            _ => account.name.clone(),
        })
    }

    /// Sends the request `make` makes (new, join, watch or resume), waits for its answer and
    /// takes up the game; one game per connection.
    fn take(
        &mut self,
        session: &mut Box<dyn Session>,
        make: impl FnOnce(&mut OnlineClient) -> u64,
    ) -> Result<(), String> {
        if self.client.game().is_some() {
            return Err(
                "this connection already follows a game; start another `parlour-engine connect` for another".into(),
            );
        }
        let req = make(&mut self.client);
        self.answer(req)?;
        self.sync(session)
    }

    /// `win <side> resignation` when a seat has resigned, `draw agreed` after an agreed draw.
    fn resigned_status(&self, session: &dyn Session) -> Option<String> {
        if let Some((result, reason)) = self.client.ended() {
            return Some(match parlour_online::wire::Seat::parse(result) {
                Some(seat) => format!("win {} {reason}", session.side_names()[seat.index()]),
                None => format!("{result} {reason}"),
            });
        }
        let seat = self.client.game()?.resigned?;
        Some(format!(
            "win {} resignation",
            session.side_names()[seat.other().index()]
        ))
    }

    /// Resigns this seat: `= resigned` once the server has stored it.
    fn resign(&mut self, session: &mut Box<dyn Session>) -> Result<String, String> {
        self.sync(session)?;
        if let Some(status) = self.resigned_status(session.as_ref()) {
            return Err(format!("the game is over ({status})"));
        }
        if session.turn().is_none() {
            return Err(format!("the game is over ({})", session.status()));
        }
        let req = self.client.resign()?;
        self.answer(req)?;
        Ok("resigned".into())
    }

    fn seat_name(&self, session: &dyn Session) -> Result<String, String> {
        let seat = self.client.seat().ok_or("this connection holds no seat")?;
        Ok(session.side_names()[seat.index()].to_string())
    }

    /// Polls until `done` says so or the timeout runs out.
    fn until<T>(
        &mut self,
        timeout: Duration,
        what: &str,
        mut done: impl FnMut(&OnlineClient, &[Event]) -> Option<Result<T, String>>,
    ) -> Result<T, String> {
        let start = Instant::now();
        loop {
            self.client.poll();
            while let Some(e) = self.client.next_event() {
                self.backlog.push(e);
            }
            if let Some(result) = done(&self.client, &self.backlog) {
                self.backlog.clear();
                return result;
            }
            if start.elapsed() > timeout {
                let link = match self.client.link() {
                    LinkState::Up => "up",
                    LinkState::Connecting => "connecting",
                    LinkState::Down => "down",
                };
                return Err(format!(
                    "no answer from the server at {} within {} s while {what} (the connection is {link})",
                    self.client.url(),
                    timeout.as_secs()
                ));
            }
            std::thread::sleep(Duration::from_millis(2));
        }
    }

    /// Waits for request `req` to be answered: `Ok` once it is, `Err` with the server's
    /// sentence when refused.
    fn answer(&mut self, req: u64) -> Result<(), String> {
        self.until(self.timeout, "waiting for the answer", |client, events| {
            for e in events {
                if let Event::Refused { req: Some(r), message } = e
                    && *r == req
                {
                    return Some(Err(message.clone()));
                }
            }
            (!client.is_waiting(req)).then_some(Ok(()))
        })
    }

    /// Brings the local session up to the server's move list.
    fn sync(&mut self, session: &mut Box<dyn Session>) -> Result<(), String> {
        self.client.poll();
        let Some(game) = self.client.game() else {
            return Err("no online game yet: use online new, join, watch or resume".into());
        };
        let history = session.history();
        if session.id() != game.game || !game.moves.starts_with(&history) || history.is_empty() {
            *session = session_from(&game.game, &game.options, &game.moves)?;
            return Ok(());
        }
        for mv in &game.moves[history.len()..] {
            session
                .play(mv)
                .map_err(|e| format!("the server's move {mv} does not play here: {e}"))?;
        }
        Ok(())
    }

    fn wait(&mut self, session: &mut Box<dyn Session>) -> Result<String, String> {
        self.sync(session)?;
        let seat = self.client.seat();
        let seen = self.client.game().map_or(0, |g| g.moves.len());
        let mine = |client: &OnlineClient, s: &dyn Session| match (s.turn(), seat) {
            _ if client.game().is_some_and(|g| g.resigned.is_some()) || client.ended().is_some() => true,
            (None, _) => true,
            (Some(t), Some(seat)) => t == seat.index(),
            // A watcher waits for the next move.
            (Some(_), None) => client.game().is_some_and(|g| g.moves.len() > seen),
        };
        if !mine(&self.client, session.as_ref()) {
            let start = Instant::now();
            loop {
                let left = WAIT_TIMEOUT.saturating_sub(start.elapsed());
                let before = self.client.game().map_or(0, |g| g.moves.len());
                self.until(left, "waiting for the other seat", |client, _| {
                    client
                        .game()
                        .is_some_and(|g| g.moves.len() != before || g.resigned.is_some() || client.ended().is_some())
                        .then_some(Ok(()))
                })?;
                self.sync(session)?;
                if mine(&self.client, session.as_ref()) {
                    break;
                }
            }
        }
        Ok(self
            .resigned_status(session.as_ref())
            .unwrap_or_else(|| session.status()))
    }

    /// Sends the move `choose` picks (checked by the server), and answers once it is stored.
    fn play(
        &mut self,
        session: &mut Box<dyn Session>,
        choose: impl FnOnce(&dyn Session) -> Result<String, String>,
    ) -> Result<String, String> {
        self.sync(session)?;
        let Some(seat) = self.client.seat() else {
            return Err("this connection is watching; it holds no seat to move from".into());
        };
        if let Some(status) = self.resigned_status(session.as_ref()) {
            return Err(format!("the game is over ({status})"));
        }
        match session.turn() {
            None => return Err(format!("the game is over ({})", session.status())),
            Some(t) if t != seat.index() => {
                return Err(format!("it is not your turn: {} is to move", session.side_names()[t]));
            }
            Some(_) => {}
        }
        let mv = choose(session.as_ref())?;
        let req = self.client.send_move(&mv)?;
        let ply = self.until(self.timeout, "sending the move", |_, events| {
            events.iter().find_map(|e| match e {
                Event::Stored { req: r, ply } if *r == req => Some(Ok(*ply)),
                Event::Refused { req: Some(r), message } if *r == req => Some(Err(message.clone())),
                _ => None,
            })
        })?;
        self.sync(session)?;
        let game = self.client.game().ok_or("the game was lost")?;
        Ok(game.moves.get(ply as usize).cloned().unwrap_or(mv))
    }
}

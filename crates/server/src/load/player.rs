//! One simulated lobby player: signs in to a named account, then until the run's end joins the
//! rated quick-pairing pool or takes or posts a seek (Kōnane 6×6), and plays each game with
//! random legal moves until the rules end it or it resigns after a few moves. When its
//! connection drops it connects again through the proxy, signs in again, resumes its seat with
//! its token and re-sends an unanswered move at the same ply.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use parlour_online::wire::{GameView, Reply, Request, Seat};
use parlour_rules::dynamic::DynGame;
use rand::{Rng, SeedableRng};

use super::conn::Conn;
use super::shared::{Shared, setup};

pub(super) fn hex(rng: &mut impl Rng) -> String {
    (0..32).map(|_| format!("{:x}", rng.random::<u8>() % 16)).collect()
}

/// A player's lasting state.
pub struct Player {
    /// Its account's name.
    pub name: String,
    secret: String,
    made: bool,
    from: std::net::Ipv4Addr,
    url: String,
    conn: Option<Conn>,
    pub(super) rng: rand_chacha::ChaCha8Rng,
    pub(super) shared: Arc<Shared>,
    pub(super) stop: Instant,
}

/// What `Player::moves` says when no move came for 20 s.
const SILENCE: &str = "no move heard";

/// A game found: its code and this player's seat token.
pub(super) struct Found {
    pub(super) code: String,
    pub(super) token: String,
}

impl Player {
    /// Player `n` named `name`, connecting to `url` from `from`; stops looking for games at
    /// `stop`.
    pub fn new(
        n: u64,
        name: String,
        from: std::net::Ipv4Addr,
        url: String,
        shared: Arc<Shared>,
        stop: Instant,
    ) -> Player {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(n ^ rand::random::<u64>());
        Player {
            name,
            secret: hex(&mut rng),
            made: false,
            from,
            url,
            conn: None,
            rng,
            shared,
            stop,
        }
    }

    /// Stops looking for games at `stop` (the game being played is played to its end).
    pub fn stop_at(&mut self, stop: Instant) {
        self.stop = stop;
    }

    /// Connected and signed in (again, after a drop), trying until it is.
    pub async fn ensure(&mut self) {
        let mut backoff = Duration::from_millis(100);
        while self.conn.is_none() {
            match self.sign_in().await {
                Ok(c) => {
                    self.conn = Some(c);
                    self.shared.connected.fetch_add(1, Ordering::Relaxed);
                }
                Err(_) => {
                    let jitter = self.rng.random_range(0..100);
                    tokio::time::sleep(backoff + Duration::from_millis(jitter)).await;
                    backoff = (backoff * 2).min(Duration::from_secs(2));
                }
            }
        }
    }

    async fn sign_in(&mut self) -> Result<Conn, String> {
        let mut c = Conn::open(&self.url, self.from).await?;
        let (name, secret) = (self.name.clone(), self.secret.clone());
        // The account is made once; a lost reply's `account_new` is recognised by its secret.
        let reply = if self.made {
            c.ask(|req| Request::Login { req, name, secret }).await?
        } else {
            c.ask(|req| Request::AccountNew {
                req,
                secret,
                name: Some(name),
            })
            .await?
        };
        match reply {
            Reply::Account { .. } => {
                self.made = true;
                Ok(c)
            }
            other => Err(format!("{}: not signed in: {other:?}", self.name)),
        }
    }

    pub(super) fn dropped(&mut self) {
        if self.conn.take().is_some() {
            self.shared.connected.fetch_sub(1, Ordering::Relaxed);
            self.shared.reconnects.fetch_add(1, Ordering::Relaxed);
        }
    }

    pub(super) fn note(&self, e: String) {
        self.shared
            .seen
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .errors
            .push(e);
    }

    /// Sends a request on the connection, connecting first if needed; a failure drops it.
    pub(super) async fn ask(&mut self, make: impl FnOnce(u64) -> Request) -> Result<Reply, String> {
        self.ensure().await;
        let c = self.conn.as_mut().ok_or("not connected")?;
        let r = c.ask(make).await;
        if r.is_err() {
            self.dropped();
        }
        r
    }

    pub(super) async fn push<T>(
        &mut self,
        wait: Duration,
        want: impl FnMut(&Reply) -> Option<T>,
    ) -> Result<Option<T>, String> {
        self.ensure().await;
        let c = self.conn.as_mut().ok_or("not connected")?;
        let r = c.push(wait, want).await;
        if r.is_err() {
            self.dropped();
        }
        r
    }

    /// Plays until the run's end, then closes its connection.
    pub async fn run(mut self) {
        self.ensure().await;
        while Instant::now() < self.stop {
            match self.find().await {
                Ok(Some(found)) => self.play(found).await,
                Ok(None) | Err(_) => tokio::time::sleep(Duration::from_millis(200)).await,
            }
        }
        if let Some(c) = self.conn.take() {
            self.shared.connected.fetch_sub(1, Ordering::Relaxed);
            c.close().await;
        }
    }

    /// Plays the game found to its end, resuming the seat after every drop.
    async fn play(&mut self, found: Found) {
        let resign_at = self.rng.random_range(6..40u32);
        let mut pending: Option<(u32, String)> = None;
        // Moves this player has seen stored (acknowledged, or heard from the other seat): a
        // seat taken back must never show fewer.
        let mut known = 0usize;
        let mut first = true;
        let mut silences = 0;
        for _ in 0..50 {
            let (code, token) = (found.code.clone(), found.token.clone());
            let (game, seat) = match self.ask(|req| Request::Resume { req, code, token }).await {
                Ok(Reply::Seated { game, seat, .. }) => (game, seat),
                Ok(other) => return self.note(format!("{}: resume {}: {other:?}", self.name, found.code)),
                Err(_) => continue,
            };
            if first {
                first = false;
                self.gap(&game, seat);
            }
            if game.moves.len() < known {
                self.note(format!(
                    "{}: {}: taken back with {} moves where {known} were stored",
                    self.name,
                    game.code,
                    game.moves.len()
                ));
            }
            let mut session = match setup().replay(&game.moves) {
                Ok(s) => s,
                Err(e) => return self.note(format!("{}: {}: replay: {e}", self.name, game.code)),
            };
            if let Some((ply, mv)) = pending.clone()
                && (ply as usize) < game.moves.len()
            {
                // Stored before the drop, its reply lost: the server has it at its ply.
                if game.moves[ply as usize] != mv {
                    let stored = &game.moves[ply as usize];
                    self.note(format!(
                        "{}: {} ply {ply}: sent {mv}, stored {stored}",
                        self.name, game.code
                    ));
                }
                pending = None;
            }
            if game.resigned.is_some() || session.turn().is_none() {
                return self.finish(&found.code);
            }
            match self
                .moves(&found, seat, session.as_mut(), &mut pending, &mut known, resign_at)
                .await
            {
                Ok(()) => return self.finish(&found.code),
                Err(e) if e == SILENCE => silences += 1,
                Err(_) => {}
            }
            if silences >= 3 {
                // The other seat is gone for a minute (its entry matched just as its server
                // was killed, say): resign, so the game ends.
                let (c, t) = (found.code.clone(), found.token.clone());
                if let Ok(r) = self.ask(|req| Request::Resign { req, code: c, token: t }).await {
                    self.note(format!(
                        "{}: {}: the other seat was silent for a minute; resigned: {r:?}",
                        self.name, found.code
                    ));
                    return self.finish(&found.code);
                }
            }
        }
        self.note(format!("{}: {}: gave up after 50 resumptions", self.name, found.code));
    }

    fn finish(&self, code: &str) {
        self.shared
            .finished
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .insert(code.to_string());
    }

    fn gap(&self, game: &GameView, seat: Seat) {
        if seat != Seat::First {
            return;
        }
        let r = |i: usize| {
            game.players[i]
                .as_ref()
                .and_then(|p| p.rating)
                .map_or(1500.0, |r| f64::from(r.rating))
        };
        let gap = (r(0) - r(1)).abs();
        self.shared
            .seen
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .gaps
            .push(gap);
    }

    /// Moves until the game is over (`Ok`), or the connection drops (`Err`).
    async fn moves(
        &mut self,
        found: &Found,
        seat: Seat,
        session: &mut dyn DynGame,
        pending: &mut Option<(u32, String)>,
        known: &mut usize,
        resign_at: u32,
    ) -> Result<(), String> {
        let mine = if seat == Seat::First { 0 } else { 1 };
        let code = found.code.clone();
        loop {
            let Some(turn) = session.turn() else { return Ok(()) };
            let ply = session.ply() as u32;
            if turn != mine {
                let c = code.clone();
                let heard = self
                    .push(Duration::from_secs(20), |r| match r {
                        Reply::Moved {
                            code: x, ply: p, mv, ..
                        } if *x == c && *p == ply => Some(Some(mv.clone())),
                        Reply::Resigned { code: x, .. } | Reply::Ended { code: x, .. } if *x == c => Some(None),
                        _ => None,
                    })
                    .await?;
                match heard {
                    Some(Some(mv)) => {
                        session.play(&mv).map_err(|e| e.to_string())?;
                        *known = (*known).max(session.ply());
                    }
                    Some(None) => return Ok(()),
                    // Silence: take the seat again, which brings the game as stored.
                    None => return Err(SILENCE.into()),
                }
                continue;
            }
            let mv = match pending {
                Some((p, mv)) if *p == ply => mv.clone(),
                _ if ply >= resign_at => {
                    let (c, t) = (code.clone(), found.token.clone());
                    let r = self.ask(|req| Request::Resign { req, code: c, token: t }).await?;
                    if !matches!(r, Reply::Resigned { .. } | Reply::Error { .. }) {
                        self.note(format!("{}: {code}: resign: {r:?}", self.name));
                    }
                    return Ok(());
                }
                _ => {
                    // A moment's thought, so the run is a lobby's load and not a flood.
                    let think = self.rng.random_range(100..600);
                    tokio::time::sleep(Duration::from_millis(think)).await;
                    let legal = session.legal();
                    legal[self.rng.random_range(0..legal.len())].clone()
                }
            };
            *pending = Some((ply, mv.clone()));
            let (c, t, m) = (code.clone(), found.token.clone(), mv.clone());
            let reply = self
                .ask(|req| Request::Move {
                    req,
                    code: c,
                    token: t,
                    ply,
                    mv: m,
                    think_ms: None,
                })
                .await?;
            match reply {
                Reply::Stored { ply: p, mv: stored, .. } if p == ply => {
                    self.shared.moves.fetch_add(1, Ordering::Relaxed);
                    let mut seen = self.shared.seen.lock().unwrap_or_else(|poisoned| poisoned.into_inner());
                    seen.acked.push((code.clone(), ply, stored.clone()));
                    drop(seen);
                    session.play(&stored).map_err(|e| e.to_string())?;
                    *known = (*known).max(session.ply());
                    *pending = None;
                }
                Reply::Error { message, .. } => {
                    // Over (the other seat resigned), or our state is stale: read it again.
                    if !message.contains("over") {
                        self.note(format!("{}: {code} ply {ply}: {message}", self.name));
                    }
                    return if message.contains("over") { Ok(()) } else { Err(message) };
                }
                other => return Err(format!("{other:?}")),
            }
        }
    }
}

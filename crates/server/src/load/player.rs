//! One simulated lobby player: signs in to a named account, then until the run's end joins the
//! rated quick-pairing pool or takes or posts a seek (Kōnane 6×6), and plays each game with
//! random legal moves until the rules end it or it resigns after a few moves. When its
//! connection drops it connects again through the proxy, signs in again, resumes its seat with
//! its token and re-sends an unanswered move at the same ply.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use parlour_online::wire::{GameView, Reply, Request, Seat, SideChoice};
use parlour_rules::dynamic::DynGame;
use rand::{Rng, SeedableRng};

use super::conn::Conn;
use super::shared::{Shared, setup};

fn hex(rng: &mut impl Rng) -> String {
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
    rng: rand_chacha::ChaCha8Rng,
    shared: Arc<Shared>,
    stop: Instant,
}

/// What `Player::moves` says when no move came for 20 s.
const SILENCE: &str = "no move heard";

/// A game found: its code and this player's seat token.
struct Found {
    code: String,
    token: String,
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

    fn dropped(&mut self) {
        if self.conn.take().is_some() {
            self.shared.connected.fetch_sub(1, Ordering::Relaxed);
            self.shared.reconnects.fetch_add(1, Ordering::Relaxed);
        }
    }

    fn note(&self, e: String) {
        self.shared
            .seen
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .errors
            .push(e);
    }

    /// Sends a request on the connection, connecting first if needed; a failure drops it.
    async fn ask(&mut self, make: impl FnOnce(u64) -> Request) -> Result<Reply, String> {
        self.ensure().await;
        let c = self.conn.as_mut().ok_or("not connected")?;
        let r = c.ask(make).await;
        if r.is_err() {
            self.dropped();
        }
        r
    }

    async fn push<T>(&mut self, wait: Duration, want: impl FnMut(&Reply) -> Option<T>) -> Result<Option<T>, String> {
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

    /// Takes a seek listed by another player, or joins the pool or posts a seek and waits to be
    /// matched.
    async fn find(&mut self) -> Result<Option<Found>, String> {
        let token = hex(&mut self.rng);
        let pool = self.rng.random_bool(0.5);
        let options = setup().options();
        if !pool {
            let Reply::Seeks { seeks, .. } = self
                .ask(|req| Request::Seeks {
                    req,
                    game: Some("konane".into()),
                })
                .await?
            else {
                return Err("no list of seeks".into());
            };
            let open: Vec<u64> = seeks
                .iter()
                .filter(|s| s.by.name != self.name && s.rated && s.options == options)
                .map(|s| s.id)
                .collect();
            if !open.is_empty() {
                let id = open[self.rng.random_range(0..open.len())];
                let t = token.clone();
                return match self.ask(move |req| Request::Accept { req, id, token: t }).await? {
                    Reply::Seated { game, .. } => {
                        self.entry(false, id, &game.code);
                        Ok(Some(Found { code: game.code, token }))
                    }
                    Reply::Error { message, .. } if message.contains("taken") || message.contains("no open seek") => {
                        self.shared.lost_races.fetch_add(1, Ordering::Relaxed);
                        Ok(None)
                    }
                    Reply::Error { message, .. } if message.contains("playing") => self.busy().await,
                    other => {
                        self.note(format!("{}: accept {id}: {other:?}", self.name));
                        Ok(None)
                    }
                };
            }
        }
        let started = Instant::now();
        let (t, o) = (token.clone(), options.clone());
        let reply = self
            .ask(move |req| {
                if pool {
                    Request::Pool {
                        req,
                        game: "konane".into(),
                        options: o,
                        rated: true,
                        pace: parlour_online::wire::Pace::Untimed,
                        token: t,
                    }
                } else {
                    Request::Seek {
                        req,
                        game: "konane".into(),
                        options: o,
                        rated: true,
                        side: SideChoice::Random,
                        range: None,
                        pace: parlour_online::wire::Pace::Untimed,
                        token: t,
                    }
                }
            })
            .await?;
        let Reply::Seeking { id, .. } = reply else {
            if let Reply::Error { message, .. } = &reply
                && message.contains("playing")
            {
                return self.busy().await;
            }
            self.note(format!("{}: not seeking: {reply:?}", self.name));
            return Ok(None);
        };
        self.shared.waiting.fetch_add(1, Ordering::Relaxed);
        let matched = self.wait_matched(id, pool).await;
        self.shared.waiting.fetch_sub(1, Ordering::Relaxed);
        match matched {
            Ok(Some(code)) => {
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                self.shared
                    .seen
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .waits_ms
                    .push(ms);
                self.entry(pool, id, &code);
                Ok(Some(Found { code, token }))
            }
            Ok(None) => Ok(None),
            // The connection dropped while waiting: the entry may have been matched, its push
            // lost. Any game of ours still going that the token seats us in is it.
            Err(_) => self.recover(&token).await,
        }
    }

    fn entry(&self, pool: bool, id: u64, code: &str) {
        let mut seen = self.shared.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.entries.entry((pool, id)).or_default().insert(code.to_string());
    }

    /// Waits for entry `id`'s `matched`: its game's code; `None` when withdrawn (the run's end,
    /// or a seek nobody took within 30 s).
    async fn wait_matched(&mut self, id: u64, pool: bool) -> Result<Option<String>, String> {
        let posted = Instant::now();
        let want = |r: &Reply| match r {
            Reply::Matched { id: i, code, .. } if *i == id => Some(code.clone()),
            _ => None,
        };
        loop {
            if let Some(code) = self.push(Duration::from_millis(500), want).await? {
                return Ok(Some(code));
            }
            if Instant::now() >= self.stop || (!pool && posted.elapsed() > Duration::from_secs(30)) {
                match self.ask(|req| Request::CancelSeek { req, id }).await? {
                    Reply::Done { .. } => return Ok(None),
                    // Matched meanwhile: its push is on its way.
                    _ => return self.push(Duration::from_secs(10), want).await,
                }
            }
        }
    }

    /// Refused for sitting in a live game (or the seeker sitting in one): counted, and a
    /// moment's wait before the next try (the game ends by the other's resignation).
    async fn busy(&mut self) -> Result<Option<Found>, String> {
        self.shared.busy.fetch_add(1, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_secs(1)).await;
        Ok(None)
    }

    async fn recover(&mut self, token: &str) -> Result<Option<Found>, String> {
        let name = self.name.clone();
        let Reply::Player { recent, .. } = self.ask(|req| Request::Player { req, name }).await? else {
            return Ok(None);
        };
        for g in recent.into_iter().filter(|g| g.result.is_none()).take(3) {
            let (code, t) = (g.code.clone(), token.to_string());
            if let Reply::Seated { .. } = self.ask(|req| Request::Resume { req, code, token: t }).await? {
                return Ok(Some(Found {
                    code: g.code,
                    token: token.to_string(),
                }));
            }
        }
        Ok(None)
    }

    /// Plays the game found to its end, resuming the seat after every drop.
    async fn play(&mut self, found: Found) {
        let resign_at = self.rng.random_range(6..40u32);
        let mut pending: Option<(u32, String)> = None;
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
                .moves(&found, seat, session.as_mut(), &mut pending, resign_at)
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

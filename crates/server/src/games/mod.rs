//! The game registry: the games this process has touched, each with its rules state, behind a
//! lock per game, so moves of one game are checked and stored one at a time while different
//! games go on in parallel. The database is the authority: a move is answered only once it is
//! stored, and a write that finds its ply already taken (another server process, sharing the
//! database, got there first) reloads the game and decides again.

mod clock_rows;
mod ending;
mod entry;
mod offer_refusal;
mod offers;
pub mod presence;
mod refusal;
mod secrets;
#[cfg(test)]
pub(crate) mod tests;
pub mod timing;
mod trouble;
mod turns;

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use parlour_online::wire::{ClockView, GameView, Reply, Seat};
use parlour_rules::dynamic::{GameSetup, SetupError};
use tokio::sync::{Mutex as AsyncMutex, broadcast};

pub use self::clock_rows::first_check_at;
pub use self::entry::{Entry, LobbySeats};
pub use self::offer_refusal::OfferRefusal;
pub use self::refusal::{CreateError, Ending, PlayRefusal, Refusal, SeatRefusal};
pub use self::secrets::{code_for_token, hash_token, random_code, random_text, random_token};
use self::trouble::Trouble;
use crate::store::{NewRow, Store, StoreError, StoredGame, now_ms, resign_row};

/// What a seat request gives back.
pub struct Seated {
    /// The seat.
    pub seat: Seat,
    /// Its token (in clear: only the holder ever sees it).
    pub token: String,
    /// The game.
    pub game: GameView,
    /// Its pushes.
    pub follow: broadcast::Receiver<Reply>,
}

/// The games of this process, over a store.
pub struct Registry<S> {
    store: S,
    games: Mutex<HashMap<String, Arc<AsyncMutex<Entry>>>>,
    trouble: Mutex<Trouble>,
    probed: AsyncMutex<Option<(std::time::Instant, Result<(), String>)>>,
    /// The clock keeper's ear ([`timing::keep_clocks`]), once it runs.
    keeper: Mutex<Option<tokio::sync::mpsc::UnboundedSender<(String, i64)>>>,
    /// Where "your turn" notices go ([`Registry::set_channels`]).
    channels: std::sync::OnceLock<Arc<crate::notify::channels::Channels>>,
}

/// How long one health probe's answer stands (so `/health` cannot be used to flood the
/// database with writes).
const PROBE_STANDS: std::time::Duration = std::time::Duration::from_secs(1);

impl<S: Store> Registry<S> {
    /// An empty registry over `store`.
    pub fn new(store: S) -> Self {
        Registry {
            store,
            games: Mutex::new(HashMap::new()),
            trouble: Mutex::new(Trouble::default()),
            probed: AsyncMutex::new(None),
            keeper: Mutex::new(None),
            channels: std::sync::OnceLock::new(),
        }
    }

    /// Notes how a write went: the first failure, and the first success after failures, are
    /// logged (not every refused write, which on a full disk would fill the log too).
    fn note<T>(&self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        if let Ok(mut t) = self.trouble.lock() {
            t.note(&result);
        }
        result
    }

    /// Whether the database can store now: a real write of the health row, at most one a
    /// second (later callers within the second share the answer).
    pub async fn health(&self) -> Result<(), String> {
        let mut probed = self.probed.lock().await;
        let (failing, lately) = self.trouble.lock().map_or((true, None), |t| (t.failing(), t.lately()));
        // A write refused lately speaks for itself, even if a smaller one fitted since: a
        // probe that happens to fit where a move did not must not call the disk healthy.
        if let Some(why) = lately {
            return Err(why);
        }
        // A success stands only while no write has failed since.
        if let Some((at, answer)) = probed.as_ref()
            && at.elapsed() < PROBE_STANDS
            && (answer.is_err() || !failing)
        {
            return answer.clone();
        }
        let answer = self
            .note(self.store.probe().await)
            .map_err(|e| format!("cannot store ({}): {e}", e.for_player()));
        *probed = Some((std::time::Instant::now(), answer.clone()));
        answer
    }

    /// The store.
    pub fn store(&self) -> &S {
        &self.store
    }

    fn cached(&self, code: &str) -> Option<Arc<AsyncMutex<Entry>>> {
        self.games.lock().ok()?.get(code).cloned()
    }

    /// The game with this code, loaded from the store on first use.
    async fn entry(&self, code: &str) -> Result<Arc<AsyncMutex<Entry>>, Refusal> {
        if let Some(e) = self.cached(code) {
            return Ok(e);
        }
        let stored = self
            .store
            .load(code)
            .await
            .inspect_err(|e| eprintln!("parlour-server: loading game {code} failed: {e}"))?
            .ok_or_else(|| Refusal::NoSuchCode(code.to_string()))?;
        let mut entry = Entry::new(stored)?;
        self.load_lobby(&mut entry).await;
        self.offers_changed(&mut entry, false).await;
        let entry = Arc::new(AsyncMutex::new(entry));
        let mut games = self.games.lock().map_err(|_| Refusal::ShuttingDown)?;
        Ok(games.entry(code.to_string()).or_insert(entry).clone())
    }

    /// The game with this code as the database has it now: loaded on first use, reloaded when
    /// this process held it already (another process may have stored moves whose notice has
    /// not arrived yet, or never will: its sender was killed after the commit). A seat taken
    /// back after a reconnect must never see a position older than a move it was told is
    /// stored: it would play that turn again.
    async fn entry_now(&self, code: &str) -> Result<Arc<AsyncMutex<Entry>>, Refusal> {
        let cached = self.cached(code).is_some();
        let entry = self.entry(code).await?;
        if cached {
            let mut e = entry.lock().await;
            self.reload(&mut e).await?;
            self.offers_changed(&mut e, true).await;
        }
        Ok(entry)
    }

    /// Creates a game with the creator in `seat`. With a token chosen by the client, the game's
    /// invite code is drawn from the token's hash, so the same request sent again (its reply
    /// was lost) finds the game it made and is answered with it: one game, never an orphan.
    pub async fn create(
        &self,
        game: &str,
        options: &[(String, String)],
        seat: Seat,
        chosen: Option<&str>,
    ) -> Result<Seated, Refusal> {
        // The game and its options are read once, here; the rest works with the typed setup.
        let setup = GameSetup::parse(game, options).map_err(|e| match e {
            SetupError::Options(e) => CreateError::Options(e),
            SetupError::UnknownGame(_) => CreateError::NoSuchGame(game.to_string()),
        })?;
        let (id, options) = (setup.id(), setup.options());
        let session = setup.start();
        let token = chosen.map_or_else(random_token, str::to_string);
        let mut tokens = [None, None];
        tokens[seat.index()] = Some(hash_token(&token));
        // A fresh code collides with an existing one about never; try a few anyway.
        for attempt in 0..4 {
            let code = match chosen {
                Some(t) if attempt == 0 => code_for_token(t),
                _ => random_code(),
            };
            let stored = StoredGame {
                code,
                game: id.to_string(),
                options: options.clone(),
                tokens: tokens.clone(),
                moves: vec![],
                resigned: None,
                agreed: false,
                rows: 0,
                pace: parlour_clock::Pace::Untimed,
                started_ms: now_ms(),
                times: vec![],
                timed_out: None,
                abandoned: None,
                taken_back_ms: None,
            };
            if self.note(self.store.create(&stored).await)? {
                let mut entry = Entry {
                    stored,
                    setup,
                    session,
                    followers: None,
                    lobby: None,
                    seen: Default::default(),
                    clock: None,
                };
                let reply = Seated {
                    seat,
                    token,
                    game: entry.view(),
                    follow: entry.follow(),
                };
                if let Ok(mut games) = self.games.lock() {
                    games.insert(reply.game.code.clone(), Arc::new(AsyncMutex::new(entry)));
                }
                return Ok(reply);
            }
            if attempt == 0
                && chosen.is_some()
                && let Some(again) = self.made_before(&stored, &token).await?
            {
                return Ok(again);
            }
        }
        Err(CreateError::NoFreeCode.into())
    }

    /// The game `wanted` names by its code when it is the one a request with this token made
    /// before (the same game, options and seat): the answer to a re-sent `new`.
    async fn made_before(&self, wanted: &StoredGame, token: &str) -> Result<Option<Seated>, Refusal> {
        let entry = self.entry(&wanted.code).await?;
        let mut e = entry.lock().await;
        let seat = e.seat_of(token);
        let same = e.stored.game == wanted.game && e.stored.options == wanted.options;
        match seat {
            Some(seat) if same && wanted.tokens[seat.index()].is_some() => Ok(Some(Seated {
                seat,
                token: token.to_string(),
                game: e.view(),
                follow: e.follow(),
            })),
            Some(_) => Err(CreateError::TokenMadeAnother.into()),
            // Another game's code (a collision of the token's hash): a random code instead.
            None => Ok(None),
        }
    }

    /// Takes the free seat of a game. With a token chosen by the client, the same request sent
    /// again (its reply was lost) gets back the seat it took.
    pub async fn join(&self, code: &str, chosen: Option<&str>) -> Result<Seated, Refusal> {
        let entry = self.entry(code).await?;
        let mut e = entry.lock().await;
        let token = chosen.map_or_else(random_token, str::to_string);
        for _ in 0..2 {
            if let Some(seat) = e.seat_of(&token) {
                return Ok(Seated {
                    seat,
                    token,
                    game: e.view(),
                    follow: e.follow(),
                });
            }
            let Some(seat) = Seat::BOTH.into_iter().find(|s| e.stored.tokens[s.index()].is_none()) else {
                return Err(SeatRefusal::Taken(code.to_string()).into());
            };
            let hash = hash_token(&token);
            if self.note(self.store.take_seat(code, seat, &hash).await)? {
                e.stored.tokens[seat.index()] = Some(hash);
                e.push(Reply::Joined {
                    code: code.to_string(),
                    seat,
                });
                return Ok(Seated {
                    seat,
                    token,
                    game: e.view(),
                    follow: e.follow(),
                });
            }
            // Another server process gave that seat away (or took it with this very token, a
            // re-send that reached another server): look again.
            self.reload(&mut e).await?;
        }
        Err(SeatRefusal::Taken(code.to_string()).into())
    }

    /// Takes back a seat by its token.
    pub async fn resume(&self, code: &str, token: &str) -> Result<Seated, Refusal> {
        let entry = self.entry_now(code).await?;
        let mut e = entry.lock().await;
        let seat = self.seat_for(&mut e, token).await?;
        let follow = e.follow();
        self.tell_newcomer(&mut e);
        Ok(Seated {
            seat,
            token: token.to_string(),
            game: e.view(),
            follow,
        })
    }

    /// Follows a game without a seat.
    pub async fn watch(&self, code: &str) -> Result<(GameView, broadcast::Receiver<Reply>), Refusal> {
        let entry = self.entry_now(code).await?;
        let mut e = entry.lock().await;
        let follow = e.follow();
        self.tell_newcomer(&mut e);
        Ok((e.view(), follow))
    }

    /// Checks and stores a move; answers with its canonical notation once it is stored. The
    /// same move by the same seat at a ply already stored is answered as stored (a re-send
    /// after a lost reply), never stored twice.
    pub async fn play(&self, code: &str, token: &str, ply: u32, mv: &str) -> Result<String, Refusal> {
        self.play_timed(code, token, ply, mv, None).await.map(|(mv, _)| mv)
    }

    /// [`Registry::play`] with the client's thinking time for a game on a live clock; answers
    /// also with the clock right after the move. A move after the mover's time ran out (or a
    /// first move after its deadline) is not played: the fall (or the abort) is stored instead.
    pub async fn play_timed(
        &self,
        code: &str,
        token: &str,
        ply: u32,
        mv: &str,
        think_ms: Option<i64>,
    ) -> Result<(String, Option<ClockView>), Refusal> {
        let entry = self.entry(code).await?;
        let mut e = entry.lock().await;
        let seat = self.seat_for(&mut e, token).await?;
        for _ in 0..3 {
            let played = e.stored.moves.len() as u32;
            if ply < played {
                return e.resent(seat, ply, mv).map(|mv| (mv, e.clock_view(now_ms())));
            }
            if ply > played {
                // The seat has seen more moves than this process: it missed a change another
                // process stored. Catch up, then decide.
                let before = e.stored.moves.len();
                self.reload(&mut e).await?;
                if e.stored.moves.len() > before {
                    continue;
                }
                return Err(PlayRefusal::Ahead { played, ply }.into());
            }
            if let Some(over) = e.over() {
                return Err(over.into());
            }
            let names = e.session.side_names();
            if let Some(t) = e.session.turn().filter(|t| *t != seat.index()) {
                return Err(PlayRefusal::NotYourTurn(names[t]).into());
            }
            let canonical = e.session.play(mv).map_err(PlayRefusal::Move)?;
            let now = now_ms();
            let (row, clock) = match e.timed_row(&canonical, seat, now, think_ms) {
                Ok(timed) => timed,
                Err(out) => {
                    e.session.undo().map_err(|u| StoreError::Damaged(u.to_string()))?;
                    if self.time_out(&mut e, out).await? {
                        return Err(clock_rows::refusal(code, out).into());
                    }
                    // Another process stored a row first: take its game and decide again.
                    self.reload(&mut e).await?;
                    continue;
                }
            };
            match self.note(self.store.append(code, e.stored.row_of(ply), &row).await) {
                Ok(true) => {
                    e.stored.moves.push(canonical.clone());
                    e.stored.times.push(row.times);
                    e.stored.taken_back_ms = None;
                    e.stored.rows += 1;
                    e.clock = clock;
                    let view = e.clock_view(now);
                    // A lobby game's end is recorded (and rated) before anyone hears of it.
                    self.ended(&mut e).await;
                    e.push(Reply::Moved {
                        code: code.to_string(),
                        ply,
                        mv: canonical.clone(),
                        clock: view,
                    });
                    self.cancel_offers(&mut e).await;
                    self.wake_at(code, row.check_at.flatten());
                    return Ok((canonical, view));
                }
                Ok(false) => {
                    // Another process stored this ply first: take its game and decide again.
                    e.session.undo().map_err(|u| StoreError::Damaged(u.to_string()))?;
                    self.reload(&mut e).await?;
                }
                Err(err) => {
                    e.session.undo().map_err(|u| StoreError::Damaged(u.to_string()))?;
                    return Err(err.into());
                }
            }
        }
        Err(PlayRefusal::MoveRaced.into())
    }

    /// Resigns the seat `token` holds, on its turn or not; answers with the seat once the
    /// resignation is stored. Re-sent after a lost reply, it is answered the same way again.
    pub async fn resign(&self, code: &str, token: &str) -> Result<Seat, Refusal> {
        let entry = self.entry(code).await?;
        let mut e = entry.lock().await;
        let seat = self.seat_for(&mut e, token).await?;
        for _ in 0..2 {
            if e.stored.resigned == Some(seat) {
                return Ok(seat);
            }
            if let Some(over) = e.over() {
                return Err(over.into());
            }
            let row = NewRow {
                check_at: Some(None),
                notice: None,
                ..NewRow::plain(resign_row(seat))
            };
            if self.note(self.store.append(code, e.stored.rows, &row).await)? {
                e.stored.resigned = Some(seat);
                e.stored.rows += 1;
                self.ended(&mut e).await;
                e.push(Reply::Resigned {
                    req: None,
                    code: code.to_string(),
                    seat,
                });
                self.cancel_offers(&mut e).await;
                return Ok(seat);
            }
            // Another process stored a move (or a resignation) at that place first.
            self.reload(&mut e).await?;
        }
        Err(PlayRefusal::ResignRaced.into())
    }

    /// Forgets the games nobody is following or using, so a long-running server's memory holds
    /// only the games in play; a forgotten game is loaded again from the database when asked
    /// for. Returns how many games are still held.
    pub fn sweep(&self) -> usize {
        let Ok(mut games) = self.games.lock() else { return 0 };
        games.retain(|_, entry| {
            // In use by a request right now, or locked: keep.
            Arc::strong_count(entry) > 1 || entry.try_lock().map_or(true, |e| e.follower_count() > 0)
        });
        games.len()
    }

    /// The seat `token` holds; looked up again in the database before it is refused (another
    /// server process may have given the seat away since this one loaded the game).
    async fn seat_for(&self, e: &mut Entry, token: &str) -> Result<Seat, Refusal> {
        if let Some(seat) = e.seat_of(token) {
            return Ok(seat);
        }
        self.reload(e).await?;
        e.seat_of(token)
            .ok_or_else(|| SeatRefusal::NotYours(e.stored.code.clone()).into())
    }

    async fn reload(&self, e: &mut Entry) -> Result<(), Refusal> {
        let fresh = self
            .store
            .load(&e.stored.code)
            .await?
            .ok_or_else(|| StoreError::Damaged(format!("game {} has gone from the database", e.stored.code)))?;
        e.refresh(fresh)?;
        Ok(())
    }

    /// Changes by other processes may have been missed (the database's notices were lost):
    /// every game in memory is reloaded, and its players told what is new.
    pub async fn resync(&self) {
        let codes: Vec<String> = self
            .games
            .lock()
            .map(|g| g.keys().cloned().collect())
            .unwrap_or_default();
        for code in codes {
            self.changed(&code).await;
        }
    }

    /// Another process changed this game: if this process follows it, catch up and tell its
    /// players.
    pub async fn changed(&self, code: &str) {
        let Some(entry) = self.cached(code) else { return };
        let mut e = entry.lock().await;
        if let Err(err) = self.reload(&mut e).await {
            eprintln!("parlour-server: catching up with game {code} failed: {err}");
        }
        self.offers_changed(&mut e, true).await;
    }
}

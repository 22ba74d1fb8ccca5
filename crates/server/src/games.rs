//! The game registry: the games this process has touched, each with its rules state, behind a
//! lock per game, so moves of one game are checked and stored one at a time while different
//! games go on in parallel. The database is the authority: a move is answered only once it is
//! stored, and a write that finds its ply already taken (another server process, sharing the
//! database, got there first) reloads the game and decides again.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};

use parlour_engine::session::{Session, session_from};
use parlour_online::wire::{CODE_ALPHABET, CODE_LEN, GameView, Reply, Seat};
use sha2::{Digest, Sha256};
use tokio::sync::{Mutex as AsyncMutex, broadcast};

use crate::store::{Store, StoreError, StoredGame, resign_row};

/// How many pushes a slow follower may fall behind before it is cut off (it then reconnects
/// and resumes, losing nothing). A game's channel holds this many slots from when it is first
/// followed, so it stays small: a move and a reply are two pushes.
const FOLLOW_BUFFER: usize = 32;

/// One game in memory.
pub struct Entry {
    stored: StoredGame,
    session: Box<dyn Session>,
    /// Made when the game is first followed and dropped when nobody follows it any more, so a
    /// game in memory that nobody watches costs no channel.
    followers: Option<broadcast::Sender<Reply>>,
}

impl Entry {
    fn new(stored: StoredGame) -> Result<Entry, StoreError> {
        let session = session_from(&stored.game, &stored.options, &stored.moves).map_err(StoreError::Damaged)?;
        Ok(Entry {
            stored,
            session,
            followers: None,
        })
    }

    /// The game as the wire shows it.
    pub fn view(&self) -> GameView {
        GameView {
            code: self.stored.code.clone(),
            game: self.stored.game.clone(),
            options: self.stored.options.clone(),
            moves: self.stored.moves.clone(),
            seats: [self.stored.tokens[0].is_some(), self.stored.tokens[1].is_some()],
            resigned: self.stored.resigned,
        }
    }

    /// Why no more moves can be played, if none can.
    fn over(&self) -> Option<String> {
        let code = &self.stored.code;
        let names = self.session.side_names();
        match (self.stored.resigned, self.session.turn()) {
            (Some(seat), _) => Some(format!("game {code} is over: {} resigned", names[seat.index()])),
            (None, None) => Some(format!("game {code} is over ({})", self.session.status())),
            (None, Some(_)) => None,
        }
    }

    /// A receiver of this game's pushes.
    pub fn follow(&mut self) -> broadcast::Receiver<Reply> {
        match &self.followers {
            Some(tx) => tx.subscribe(),
            None => {
                let (tx, rx) = broadcast::channel(FOLLOW_BUFFER);
                self.followers = Some(tx);
                rx
            }
        }
    }

    /// Pushes `reply` to this game's followers, if it has any.
    fn push(&mut self, reply: Reply) {
        if let Some(tx) = &self.followers {
            if tx.receiver_count() == 0 {
                self.followers = None;
            } else {
                let _ = tx.send(reply);
            }
        }
    }

    /// How many connections follow this game.
    pub fn follower_count(&self) -> usize {
        self.followers.as_ref().map_or(0, broadcast::Sender::receiver_count)
    }

    fn seat_of(&self, token: &str) -> Option<Seat> {
        let hash = hash_token(token);
        Seat::BOTH
            .into_iter()
            .find(|s| self.stored.tokens[s.index()].as_deref() == Some(hash.as_str()))
    }

    /// Takes in what another process stored; pushes what is new to this process's followers.
    fn refresh(&mut self, fresh: StoredGame) -> Result<(), StoreError> {
        for seat in Seat::BOTH {
            if self.stored.tokens[seat.index()].is_none() && fresh.tokens[seat.index()].is_some() {
                self.push(Reply::Joined {
                    code: fresh.code.clone(),
                    seat,
                });
            }
        }
        let known = self.stored.moves.len();
        if fresh.moves.len() < known || fresh.moves[..known] != self.stored.moves[..] {
            return Err(StoreError::Damaged(format!(
                "game {} changed under this server",
                fresh.code
            )));
        }
        for (ply, mv) in fresh.moves.iter().enumerate().skip(known) {
            self.session
                .play(mv)
                .map_err(|e| StoreError::Damaged(format!("stored move {mv}: {e}")))?;
            self.push(Reply::Moved {
                code: fresh.code.clone(),
                ply: ply as u32,
                mv: mv.clone(),
            });
        }
        if let (None, Some(seat)) = (self.stored.resigned, fresh.resigned) {
            self.push(Reply::Resigned {
                req: None,
                code: fresh.code.clone(),
                seat,
            });
        }
        self.stored = fresh;
        Ok(())
    }
}

/// How the refusal of an unknown invite code begins.
pub const NO_GAME: &str = "there is no game with invite code";

/// A refusal, as the player reads it.
#[derive(Debug, thiserror::Error)]
pub enum Refusal {
    /// The client's fault: nothing changed.
    #[error("{0}")]
    Bad(String),
    /// The server's storage failed: nothing was acknowledged. The database's own words go to
    /// the server's log, not to the player.
    #[error("the server cannot store games right now ({}); nothing changed — try again later", .0.for_player())]
    Store(#[from] StoreError),
}

fn bad(text: impl Into<String>) -> Refusal {
    Refusal::Bad(text.into())
}

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
}

/// Whether the store is refusing writes now, and how many it has refused since it began.
#[derive(Default)]
struct Trouble {
    why: Option<String>,
    refused: u64,
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
        }
    }

    /// Notes how a write went: the first failure, and the first success after failures, are
    /// logged (not every refused write, which on a full disk would fill the log too).
    fn note<T>(&self, result: Result<T, StoreError>) -> Result<T, StoreError> {
        let Ok(mut t) = self.trouble.lock() else { return result };
        match &result {
            Err(e) => {
                t.refused += 1;
                let why = e.to_string();
                if t.why.as_deref() != Some(why.as_str()) {
                    eprintln!(
                        "parlour-server: cannot store ({}): {why}; writes are refused until the database can store again",
                        e.for_player()
                    );
                    t.why = Some(why);
                }
            }
            Ok(_) => {
                if t.why.take().is_some() {
                    eprintln!(
                        "parlour-server: storing again ({} writes were refused meanwhile)",
                        t.refused
                    );
                    t.refused = 0;
                }
            }
        }
        result
    }

    /// Whether the database can store now: a real write of the health row, at most one a
    /// second (later callers within the second share the answer).
    pub async fn health(&self) -> Result<(), String> {
        let mut probed = self.probed.lock().await;
        let failing = self.trouble.lock().map_or(true, |t| t.why.is_some());
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
            .ok_or_else(|| bad(format!("{NO_GAME} {code}")))?;
        let entry = Arc::new(AsyncMutex::new(Entry::new(stored)?));
        let mut games = self.games.lock().map_err(|_| bad("the server is shutting down"))?;
        Ok(games.entry(code.to_string()).or_insert(entry).clone())
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
        let id = parlour_saves::game_id(game).ok_or_else(|| {
            bad(format!(
                "Parlour has no game called '{game}'; the games are kansho, konane, conhex, qyshinsu and soldiers"
            ))
        })?;
        let options = parlour_saves::canonical_options(id, options).map_err(bad)?;
        let session = session_from(id, &options, &[]).map_err(bad)?;
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
            };
            if self.note(self.store.create(&stored).await)? {
                let mut entry = Entry {
                    stored,
                    session,
                    followers: None,
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
        Err(bad("no free invite code was found; try again"))
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
            Some(_) => Err(bad(
                "that seat token already made a different game; choose a fresh token for a new game",
            )),
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
                return Err(bad(format!("both seats of game {code} are taken; you can watch it")));
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
        Err(bad(format!("both seats of game {code} are taken; you can watch it")))
    }

    /// Takes back a seat by its token.
    pub async fn resume(&self, code: &str, token: &str) -> Result<Seated, Refusal> {
        let entry = self.entry(code).await?;
        let mut e = entry.lock().await;
        let seat = self.seat_for(&mut e, token).await?;
        Ok(Seated {
            seat,
            token: token.to_string(),
            game: e.view(),
            follow: e.follow(),
        })
    }

    /// Follows a game without a seat.
    pub async fn watch(&self, code: &str) -> Result<(GameView, broadcast::Receiver<Reply>), Refusal> {
        let entry = self.entry(code).await?;
        let mut e = entry.lock().await;
        Ok((e.view(), e.follow()))
    }

    /// Checks and stores a move; answers with its canonical notation once it is stored. The
    /// same move by the same seat at a ply already stored is answered as stored (a re-send
    /// after a lost reply), never stored twice.
    pub async fn play(&self, code: &str, token: &str, ply: u32, mv: &str) -> Result<String, Refusal> {
        let entry = self.entry(code).await?;
        let mut e = entry.lock().await;
        let seat = self.seat_for(&mut e, token).await?;
        for _ in 0..3 {
            let played = e.stored.moves.len() as u32;
            if ply < played {
                return resent(&e, seat, ply, mv);
            }
            if ply > played {
                // The seat has seen more moves than this process: it missed a change another
                // process stored. Catch up, then decide.
                let before = e.stored.moves.len();
                self.reload(&mut e).await?;
                if e.stored.moves.len() > before {
                    continue;
                }
                return Err(bad(format!(
                    "the game has {played} moves; a move after move {ply} cannot be played yet"
                )));
            }
            if let Some(why) = e.over() {
                return Err(bad(why));
            }
            let names = e.session.side_names();
            if let Some(t) = e.session.turn().filter(|t| *t != seat.index()) {
                return Err(bad(format!("it is not your turn: {} is to move", names[t])));
            }
            let canonical = e.session.play(mv).map_err(bad)?;
            match self.note(self.store.append(code, ply, &canonical).await) {
                Ok(true) => {
                    e.stored.moves.push(canonical.clone());
                    e.push(Reply::Moved {
                        code: code.to_string(),
                        ply,
                        mv: canonical.clone(),
                    });
                    return Ok(canonical);
                }
                Ok(false) => {
                    // Another process stored this ply first: take its game and decide again.
                    e.session.undo().map_err(StoreError::Damaged)?;
                    self.reload(&mut e).await?;
                }
                Err(err) => {
                    e.session.undo().map_err(StoreError::Damaged)?;
                    return Err(err.into());
                }
            }
        }
        Err(bad("the game changed while your move was checked; try again"))
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
            if let Some(why) = e.over() {
                return Err(bad(why));
            }
            let ply = e.stored.moves.len() as u32;
            if self.note(self.store.append(code, ply, &resign_row(seat)).await)? {
                e.stored.resigned = Some(seat);
                e.push(Reply::Resigned {
                    req: None,
                    code: code.to_string(),
                    seat,
                });
                return Ok(seat);
            }
            // Another process stored a move (or a resignation) at that place first.
            self.reload(&mut e).await?;
        }
        Err(bad("the game changed while your resignation was stored; try again"))
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
            .ok_or_else(|| bad(format!("that token holds no seat in game {}", e.stored.code)))
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
    }
}

/// The answer to a move re-sent for a ply already stored.
fn resent(e: &Entry, seat: Seat, ply: u32, mv: &str) -> Result<String, Refusal> {
    let before = &e.stored.moves[..ply as usize];
    let mut at = session_from(&e.stored.game, &e.stored.options, before).map_err(StoreError::Damaged)?;
    let same_seat = at.turn() == Some(seat.index());
    let canonical = at.play(mv).ok();
    if same_seat && canonical.as_deref() == Some(e.stored.moves[ply as usize].as_str()) {
        Ok(e.stored.moves[ply as usize].clone())
    } else {
        Err(bad(format!(
            "move {} has already been played ({}); the game has {} moves",
            ply + 1,
            e.stored.moves[ply as usize],
            e.stored.moves.len()
        )))
    }
}

/// The SHA-256 of a token, in hex: what the database keeps instead of the token.
pub fn hash_token(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect()
}

fn random_bytes<const N: usize>() -> [u8; N] {
    let mut bytes = [0u8; N];
    // The operating system's generator; without it no secret can be made, and the server
    // cannot run safely at all.
    getrandom::fill(&mut bytes).unwrap_or_else(|e| panic!("the system's random generator failed: {e}"));
    bytes
}

/// 128 random bits as hex.
pub fn random_token() -> String {
    random_bytes::<16>().iter().map(|b| format!("{b:02x}")).collect()
}

/// A fresh invite code: uniform over [`CODE_ALPHABET`] (bytes ≥ 248 are redrawn).
pub fn random_code() -> String {
    code_from(std::iter::repeat_with(random_bytes::<16>).flatten())
}

/// The invite code of the game a `new` with this client-chosen token makes: drawn from the
/// SHA-256 of the token (so a re-sent `new` names the same game). The code reveals nothing of
/// the token, which stays the seat's secret.
pub fn code_for_token(token: &str) -> String {
    let mut counter = 0u32;
    code_from(
        std::iter::repeat_with(move || {
            counter += 1;
            let mut h = Sha256::new();
            h.update(b"parlour invite code\0");
            h.update(token.as_bytes());
            h.update(counter.to_le_bytes());
            h.finalize()
        })
        .flatten(),
    )
}

/// An invite code from a stream of uniform bytes (those ≥ 248 are skipped, so every letter is
/// equally likely).
fn code_from(bytes: impl Iterator<Item = u8>) -> String {
    let n = CODE_ALPHABET.len();
    let limit = 256 - 256 % n;
    bytes
        .filter(|b| (*b as usize) < limit)
        .take(CODE_LEN)
        .map(|b| CODE_ALPHABET[b as usize % n] as char)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::store::sqlite::SqliteStore;

    /// Runs `body` over a registry on a fresh SQLite file, removed afterwards.
    fn with_registry<F: std::future::Future<Output = ()>>(tag: &str, body: impl FnOnce(Registry<SqliteStore>) -> F) {
        let dir = std::env::temp_dir().join(format!("parlour-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("games.sqlite3").display());
        tokio::runtime::Runtime::new().unwrap().block_on(async {
            body(Registry::new(SqliteStore::open(&url).await.unwrap())).await;
        });
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn games_nobody_follows_leave_memory_and_come_back_from_the_database() {
        with_registry("sweep", |registry| async move {
            let a = registry.create("konane", &[], Seat::First, None).await.unwrap();
            let code = a.game.code.clone();
            assert_eq!(registry.sweep(), 1, "followed by its creator");
            let mv = registry.play(&code, &a.token, 0, "xd5").await.unwrap();
            drop(a);
            assert_eq!(registry.sweep(), 0, "nobody follows it");
            // Loaded again on the next request, with its move.
            let b = registry.join(&code, None).await.unwrap();
            assert_eq!(b.game.moves, [mv]);
            assert_eq!(registry.sweep(), 1);
        });
    }

    #[test]
    fn a_game_nobody_follows_holds_no_push_channel() {
        with_registry("follow", |registry| async move {
            let a = registry.create("konane", &[], Seat::First, None).await.unwrap();
            let code = a.game.code.clone();
            let entry = registry.cached(&code).unwrap();
            assert_eq!(entry.lock().await.follower_count(), 1);
            // The creator leaves (its connection follows another game, or closes).
            let token = a.token.clone();
            drop(a);
            // A move pushed to nobody lets the channel go.
            registry.play(&code, &token, 0, "xd5").await.unwrap();
            assert!(entry.lock().await.followers.is_none(), "no channel without followers");
            // Someone watches: a channel again, and the next push reaches them.
            let (_, mut rx) = registry.watch(&code).await.unwrap();
            assert!(entry.lock().await.followers.is_some());
            let b = registry.join(&code, None).await.unwrap();
            assert!(matches!(rx.recv().await, Ok(Reply::Joined { .. })));
            registry.play(&code, &b.token, 1, "xd4").await.unwrap();
            assert!(matches!(rx.recv().await, Ok(Reply::Moved { ply: 1, .. })));
        });
    }

    #[test]
    fn a_new_game_sent_twice_with_its_token_is_one_game() {
        with_registry("new-again", |registry| async move {
            let token = random_token();
            let options = [("size".to_string(), "6x6".to_string())];
            let a = registry
                .create("konane", &options, Seat::Second, Some(&token))
                .await
                .unwrap();
            assert_eq!(a.game.code, code_for_token(&token));
            // The reply was lost; the client sends the same request again (another connection).
            let again = registry
                .create("konane", &options, Seat::Second, Some(&token))
                .await
                .unwrap();
            assert_eq!(
                (again.game.code.as_str(), again.seat),
                (a.game.code.as_str(), Seat::Second)
            );
            assert_eq!(again.token, token);
            assert_eq!(registry.store().all().await.unwrap().len(), 1, "no orphan game");
            // Once the game has moved on, the repeat still names it (with its moves).
            let b = registry.join(&a.game.code, None).await.unwrap();
            let opening = first_move(&registry, &a.game.code).await;
            let mv = registry.play(&a.game.code, &b.token, 0, &opening).await.unwrap();
            registry.sweep();
            let late = registry
                .create("konane", &options, Seat::Second, Some(&token))
                .await
                .unwrap();
            assert_eq!(late.game.moves, [mv]);
            // The same token asking for a different game is told so, and nothing is made.
            let other = registry.create("conhex", &[], Seat::First, Some(&token)).await;
            assert!(
                matches!(other, Err(Refusal::Bad(ref m)) if m.contains("different game")),
                "{:?}",
                other.err()
            );
            assert_eq!(registry.store().all().await.unwrap().len(), 1);
            // Without a token each request is a new game.
            registry.create("konane", &[], Seat::First, None).await.unwrap();
            registry.create("konane", &[], Seat::First, None).await.unwrap();
            assert_eq!(registry.store().all().await.unwrap().len(), 3);
        });
    }

    #[test]
    fn a_join_sent_twice_with_its_token_gets_back_its_seat() {
        with_registry("join-again", |registry| async move {
            let a = registry.create("qyshinsu", &[], Seat::First, None).await.unwrap();
            let code = a.game.code.clone();
            let token = random_token();
            let b = registry.join(&code, Some(&token)).await.unwrap();
            assert_eq!((b.seat, b.token.as_str()), (Seat::Second, token.as_str()));
            // The reply was lost: the same join again is the same seat, not a refusal.
            let again = registry.join(&code, Some(&token)).await.unwrap();
            assert_eq!(again.seat, Seat::Second);
            // The seat really is that token's: it moves with it.
            registry
                .play(&code, &a.token, 0, &first_move(&registry, &code).await)
                .await
                .unwrap();
            let stored = registry.store().load(&code).await.unwrap().unwrap();
            assert_eq!(stored.tokens[1].as_deref(), Some(hash_token(&token).as_str()));
            // Anyone else is refused: both seats are taken.
            let third = registry.join(&code, Some(&random_token())).await;
            assert!(matches!(third, Err(Refusal::Bad(ref m)) if m.contains("both seats")));
            assert!(registry.join(&code, None).await.is_err());
        });
    }

    /// A legal first move of the game `code`, as its session lists them.
    async fn first_move(registry: &Registry<SqliteStore>, code: &str) -> String {
        let entry = registry.entry(code).await.unwrap();
        let e = entry.lock().await;
        e.session.legal().into_iter().next().expect("a legal first move")
    }

    #[test]
    fn token_codes_have_the_wire_shape_and_are_the_tokens_own() {
        let a = random_token();
        parlour_online::wire::check_code(&code_for_token(&a)).unwrap();
        assert_eq!(code_for_token(&a), code_for_token(&a));
        assert_ne!(code_for_token(&a), code_for_token(&random_token()));
    }

    #[test]
    fn a_seat_ahead_of_a_stale_process_is_caught_up_not_refused() {
        // Two registries on one database stand for two server processes; the second missed the
        // notice of a move the first stored.
        let dir = std::env::temp_dir().join(format!("parlour-stale-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("games.sqlite3").display());
        tokio::runtime::Runtime::new().unwrap().block_on(async {
            let one = Registry::new(SqliteStore::open(&url).await.unwrap());
            let two = Registry::new(SqliteStore::open(&url).await.unwrap());
            let a = one.create("konane", &[], Seat::First, None).await.unwrap();
            let code = a.game.code.clone();
            let b = two.join(&code, None).await.unwrap();
            let (_, mut watched) = two.watch(&code).await.unwrap();
            let opening = first_move(&one, &code).await;
            one.play(&code, &a.token, 0, &opening).await.unwrap();
            // The second seat saw the move (through the first process) and answers on the second.
            let stale = one.entry(&code).await.unwrap().lock().await.session.clone_box();
            let reply = stale.legal().into_iter().next().unwrap();
            let stored = two.play(&code, &b.token, 1, &reply).await.unwrap();
            assert_eq!(stored, reply);
            // The second process's followers heard the move it had missed, then the new one.
            assert!(matches!(watched.recv().await, Ok(Reply::Moved { ply: 0, .. })));
            assert!(matches!(watched.recv().await, Ok(Reply::Moved { ply: 1, .. })));
            // A move further ahead than anything stored is still refused.
            let far = two.play(&code, &a.token, 5, &reply).await;
            assert!(matches!(far, Err(Refusal::Bad(ref m)) if m.contains("cannot be played yet")));
        });
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_resync_catches_up_every_game_in_memory() {
        let dir = std::env::temp_dir().join(format!("parlour-resync-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("games.sqlite3").display());
        tokio::runtime::Runtime::new().unwrap().block_on(async {
            let one = Registry::new(SqliteStore::open(&url).await.unwrap());
            let two = Registry::new(SqliteStore::open(&url).await.unwrap());
            let a = one.create("conhex", &[], Seat::First, None).await.unwrap();
            let code = a.game.code.clone();
            let (_, mut watched) = two.watch(&code).await.unwrap();
            let opening = first_move(&one, &code).await;
            one.play(&code, &a.token, 0, &opening).await.unwrap();
            // The second process missed the notice; after a resync its followers have the move.
            assert!(watched.try_recv().is_err());
            two.resync().await;
            assert!(matches!(watched.try_recv(), Ok(Reply::Moved { ply: 0, .. })));
        });
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn a_database_another_program_holds_locked_refuses_within_seconds_and_loses_nothing() {
        use sqlx::Connection;
        let dir = std::env::temp_dir().join(format!("parlour-locked-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("games.sqlite3").display());
        tokio::runtime::Runtime::new().unwrap().block_on(async {
            let registry = Registry::new(SqliteStore::open(&url).await.unwrap());
            let a = registry.create("konane", &[], Seat::First, None).await.unwrap();
            let code = a.game.code.clone();
            let opening = first_move(&registry, &code).await;
            // Another program takes the write lock and keeps it.
            let mut other = sqlx::SqliteConnection::connect(&url).await.unwrap();
            sqlx::query("BEGIN IMMEDIATE").execute(&mut other).await.unwrap();
            let started = std::time::Instant::now();
            let refused = registry.play(&code, &a.token, 0, &opening).await;
            let waited = started.elapsed();
            match refused {
                Err(e @ Refusal::Store(_)) => {
                    assert!(
                        e.to_string().contains("another program holds its database locked"),
                        "{e}"
                    )
                }
                other => panic!("{:?}", other.map_err(|e| e.to_string())),
            }
            assert!(waited < std::time::Duration::from_secs(6), "refused after {waited:?}");
            // The lock goes: the same move is stored, once.
            sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
            registry.play(&code, &a.token, 0, &opening).await.unwrap();
            let stored = registry.store().load(&code).await.unwrap().unwrap();
            assert_eq!(stored.moves, [opening]);
        });
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn codes_and_tokens_have_their_wire_shape_and_differ() {
        let codes: std::collections::HashSet<String> = (0..1000).map(|_| random_code()).collect();
        assert_eq!(codes.len(), 1000);
        for c in &codes {
            parlour_online::wire::check_code(c).unwrap();
        }
        let t = random_token();
        parlour_online::wire::check_token(&t).unwrap();
        assert_ne!(t, random_token());
        assert_eq!(
            hash_token("abc"),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }
}

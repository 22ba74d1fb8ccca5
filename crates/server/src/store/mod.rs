//! Where games live: one small trait, with SQLite (the default: one file, no set-up) and
//! PostgreSQL (several servers sharing one database) beside it. Every statement is
//! parameterised; nothing is built from text a client sent.

use std::borrow::Cow;
use std::future::Future;

use parlour_online::wire::{Pace, Seat};
use sqlx::SqlSafeStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};

pub mod accounts;
mod error;
pub mod notices;
pub mod offers;
pub mod pools;
pub(crate) mod pools_sql;
pub mod postgres;
pub mod ratings;
pub mod seeks;
pub(crate) mod seeks_sql;
pub mod sqlite;

pub use error::StoreError;

/// A game as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StoredGame {
    /// Invite code.
    pub code: String,
    /// Engine id.
    pub game: String,
    /// Canonical options.
    pub options: Vec<(String, String)>,
    /// SHA-256 (hex) of each seat's token, `[first, second]`; `None` while free.
    pub tokens: [Option<String>; 2],
    /// Every move, in order.
    pub moves: Vec<String>,
    /// The seat that resigned, if one did: stored as the row after the last move (see
    /// [`resign_row`]), so a resignation and a move can never both take the same place.
    pub resigned: Option<Seat>,
    /// Whether the seats agreed a draw (the row [`DRAW_ROW`] after the last move).
    pub agreed: bool,
    /// How many `moves` rows the game has: its moves, and the rows of resignations, agreed
    /// draws and takebacks ([`takeback_row`]) among them. The next row's number.
    pub rows: u32,
    /// Untimed, a live clock or days a move.
    pub pace: Pace,
    /// When the game was made (Unix milliseconds; 0 for a game stored before clocks): the first
    /// move's deadline counts from it.
    pub started_ms: i64,
    /// Each move's times, beside [`StoredGame::moves`].
    pub times: Vec<MoveTimes>,
    /// A clock's ending: a fall or an abort, stored as the row after the last move
    /// ([`time_row`]).
    pub timed_out: Option<TimeOut>,
    /// The seat that abandoned the game, claimed by the other (with `true`: claimed as a
    /// draw), stored as the row after the last move ([`abandoned_row`]).
    pub abandoned: Option<(Seat, bool)>,
    /// When a takeback after the last move was stored (its row's time): by correspondence the
    /// turn of the side to move counts from it.
    pub taken_back_ms: Option<i64>,
}

/// The `moves` row of a game claimed from `seat`, which had gone (as a draw with `draw`).
pub fn abandoned_row(seat: Seat, draw: bool) -> String {
    if draw {
        format!("abandoned {} draw", seat.word())
    } else {
        format!("abandoned {}", seat.word())
    }
}

/// When a move was stored and how long its client said it thought, both in milliseconds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct MoveTimes {
    /// The server's time when it stored the move (Unix milliseconds).
    pub at_ms: Option<i64>,
    /// The thinking time the client reported.
    pub think_ms: Option<i64>,
}

/// How a clock ended a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum TimeOut {
    /// The seat's time ran out: it lost on time.
    Fell(Seat),
    /// The seat did not make its first move in time: the game is aborted, unrated.
    Aborted(Seat),
}

/// The `moves` row of a clock's ending (with a space: never a move).
pub fn time_row(out: TimeOut) -> String {
    match out {
        TimeOut::Fell(seat) => format!("time {}", seat.word()),
        TimeOut::Aborted(seat) => format!("abort {}", seat.word()),
    }
}

/// A row to store after the moves: its text, its times, and what becomes of the game's
/// `check_at`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NewRow {
    /// The move in canonical notation, or an ending's row.
    pub text: String,
    /// The move's times (for a clock's ending, when it was stored; none for other endings).
    pub times: MoveTimes,
    /// `Some(v)`: `check_at` is set to `v` in the same transaction; `None`: left as it is.
    pub check_at: Option<Option<i64>>,
    /// By correspondence: the next mover's notice and reminder, written in the same
    /// transaction.
    pub notice: Option<notices::TurnNotice>,
}

impl NewRow {
    /// A row with no times that leaves `check_at` alone (untimed games, resignations…).
    pub fn plain(text: impl Into<String>) -> NewRow {
        NewRow {
            text: text.into(),
            times: MoveTimes::default(),
            check_at: None,
            notice: None,
        }
    }

    /// The text of `check_at`'s update, when there is one, and the value.
    pub(crate) fn check(&self) -> (bool, Option<i64>) {
        (self.check_at.is_some(), self.check_at.flatten())
    }
}

impl StoredGame {
    /// The `moves` row number the move at `ply` (moves before it) is stored under, counting
    /// the takeback rows before it.
    pub fn row_of(&self, ply: u32) -> u32 {
        self.rows - self.moves.len() as u32 + ply
    }
}

/// The `moves` row of a draw both seats agreed (a space: never a move).
pub const DRAW_ROW: &str = "draw agreed";

/// The `moves` row of an accepted takeback that keeps the first `kept` moves.
pub fn takeback_row(kept: u32) -> String {
    format!("takeback {kept}")
}

/// The text of the `moves` row that records `seat`'s resignation. It has a space, which no
/// move from the wire may have, so it can never be mistaken for a move.
pub fn resign_row(seat: Seat) -> String {
    format!("resign {}", seat.word())
}

/// A change another server process made, heard through the database (PostgreSQL's
/// `LISTEN/NOTIFY`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The game that changed.
    pub code: String,
}

/// What a server hears of the others through the database.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Heard {
    /// A game changed.
    Changed(Change),
    /// The listening connection was lost and opened again: changes may have been missed.
    Missed,
}

/// The storage the server needs (games here, accounts in [`accounts::AccountStore`]). Each
/// write is durable when its future returns `Ok`.
pub trait Store:
    accounts::AccountStore
    + seeks::SeekStore
    + ratings::RatingStore
    + pools::PoolStore
    + offers::OfferStore
    + notices::NoticeStore
    + Send
    + Sync
    + 'static
{
    /// Stores a new game; `Ok(false)` when the code is already taken.
    fn create(&self, game: &StoredGame) -> impl Future<Output = Result<bool, StoreError>> + Send;
    /// The game with this code, with its moves.
    fn load(&self, code: &str) -> impl Future<Output = Result<Option<StoredGame>, StoreError>> + Send;
    /// Gives a free seat its token hash; `Ok(false)` when the seat was taken meanwhile.
    fn take_seat(
        &self,
        code: &str,
        seat: Seat,
        token_hash: &str,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;
    /// Stores row number `ply` (a move, or a resignation as [`resign_row`] after the last move)
    /// with its times, and sets the game's `check_at` in the same transaction when the row says
    /// so; `Ok(false)` when that row is already stored (then nothing changed).
    fn append(&self, code: &str, ply: u32, row: &NewRow) -> impl Future<Output = Result<bool, StoreError>> + Send;
    /// The codes of games whose `check_at` is at or before `now_ms`, earliest first, at most
    /// `limit`.
    fn overdue(&self, now_ms: i64, limit: i64) -> impl Future<Output = Result<Vec<String>, StoreError>> + Send;
    /// Sets a game's `check_at` (when the server's look found it stale), unless a row was stored
    /// after row `rows - 1` meanwhile.
    fn set_check_at(
        &self,
        code: &str,
        rows: u32,
        at: Option<i64>,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;
    /// Every game (the load benchmark's check afterwards).
    fn all(&self) -> impl Future<Output = Result<Vec<StoredGame>, StoreError>> + Send;
    /// Notes that `seat`'s connection was there at `now_ms` (`closed`: it said goodbye then).
    fn mark_present(
        &self,
        code: &str,
        seat: Seat,
        now_ms: i64,
        closed: bool,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;
    /// Each seat's last presence (`[first, second]`): when seen, and whether it said goodbye.
    fn presence(&self, code: &str) -> impl Future<Output = Result<[Option<(i64, bool)>; 2], StoreError>> + Send;
    /// A real, committed write of the health row: `Ok` only when the database can store.
    fn probe(&self) -> impl Future<Output = Result<(), StoreError>> + Send;
}

/// The schema's steps, in order: the tables, then (2) Sixteen Soldiers board 2's fair games
/// stored while its fair rules let the general win at four soldiers left keep that four, then
/// (3) the row the health check writes, then (4) accounts, their devices' secrets and pairing
/// codes, then (5) the lobby: seeks, each lobby game's players, ratings and their history, then
/// (6) the quick-pairing pools.
/// (7) offers: draws, takebacks and rematches; (8) clocks: a game's pace, its moves' times and
/// when a server must look at it; (9) each seat's presence.
fn migrations() -> Vec<Migration> {
    let step = |version, name, sql: &'static str| {
        Migration::new(
            version,
            Cow::Borrowed(name),
            MigrationType::Simple,
            sql.into_sql_str(),
            false,
        )
    };
    vec![
        step(1, "games", include_str!("../../migrations/0001_games.sql")),
        step(
            2,
            "soldiers board2 fair threshold",
            include_str!("../../migrations/0002_soldiers_board2_fair_threshold.sql"),
        ),
        step(3, "health", include_str!("../../migrations/0003_health.sql")),
        step(4, "accounts", include_str!("../../migrations/0004_accounts.sql")),
        step(5, "lobby", include_str!("../../migrations/0005_lobby.sql")),
        step(6, "pools", include_str!("../../migrations/0006_pools.sql")),
        step(7, "offers", include_str!("../../migrations/0007_offers.sql")),
        step(8, "clocks", include_str!("../../migrations/0008_clocks.sql")),
        step(9, "presence", include_str!("../../migrations/0009_presence.sql")),
        step(10, "quit", include_str!("../../migrations/0010_quit.sql")),
        step(11, "notices", include_str!("../../migrations/0011_notices.sql")),
    ]
}

/// The schema, in order; applied at start by sqlx's migrator.
pub fn migrator() -> Migrator {
    Migrator::with_migrations(migrations())
}

/// A seat's heartbeat: the latest wins (a late write never moves `seen_ms` back).
pub(crate) const PRESENT: &str = "INSERT INTO presence (code, seat, seen_ms, closed) VALUES ($1, $2, $3, $4)
     ON CONFLICT (code, seat) DO UPDATE SET seen_ms = excluded.seen_ms, closed = excluded.closed
     WHERE presence.seen_ms <= excluded.seen_ms";
pub(crate) const PRESENCE: &str = "SELECT seat, seen_ms, closed FROM presence WHERE code = $1";

/// Presence rows (seat word, seen, closed) as `[first, second]`.
pub(crate) fn presence_of(rows: Vec<(String, i64, i64)>) -> [Option<(i64, bool)>; 2] {
    let mut seats = [None, None];
    for (word, seen, closed) in rows {
        if let Some(seat) = Seat::parse(&word) {
            seats[seat.index()] = Some((seen, closed != 0));
        }
    }
    seats
}

pub use crate::time::{now_ms, now_secs};

/// Options as stored: a JSON list of pairs.
pub(crate) fn options_text(options: &[(String, String)]) -> String {
    serde_json::to_string(options).unwrap_or_else(|_| "[]".into())
}

pub(crate) fn options_from(text: &str) -> Result<Vec<(String, String)>, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Damaged(format!("options {text:?}: {e}")))
}

/// A `games` row: code, game, options, first and second token hashes, pace, when it started.
pub(crate) type GameRow = (
    String,
    String,
    String,
    Option<String>,
    Option<String>,
    Option<String>,
    Option<i64>,
);

/// The columns of a [`GameRow`] (a macro, for `concat!`).
macro_rules! game_row_columns {
    () => {
        "code, game, options, first_token, second_token, pace, started_ms"
    };
}
pub(crate) use game_row_columns;

/// The columns of a [`MoveRow`] (a macro, for `concat!`).
macro_rules! move_row_columns {
    () => {
        "code, ply, mv, at_ms, think_ms"
    };
}
pub(crate) use move_row_columns;

/// A `moves` row: code, row number, text, when stored, thinking time reported.
pub(crate) type MoveRow = (String, i64, String, Option<i64>, Option<i64>);

/// The pace as stored: NULL untimed.
pub(crate) fn pace_text(pace: &Pace) -> Option<String> {
    (!pace.is_untimed()).then(|| pace.to_string())
}

/// A game read from its row, without its moves yet.
pub(crate) fn game_from(row: GameRow) -> Result<StoredGame, StoreError> {
    let (code, game, options, first, second, pace, started_ms) = row;
    let pace = match pace {
        None => Pace::Untimed,
        Some(p) => p
            .parse()
            .map_err(|e| StoreError::Damaged(format!("game {code}: pace {p:?}: {e}")))?,
    };
    Ok(StoredGame {
        code,
        game,
        options: options_from(&options)?,
        tokens: [first, second],
        moves: vec![],
        resigned: None,
        agreed: false,
        rows: 0,
        pace,
        started_ms: started_ms.unwrap_or(0),
        times: vec![],
        timed_out: None,
        abandoned: None,
        taken_back_ms: None,
    })
}

/// Puts rows, ordered by code and row number, under their games.
pub(crate) fn attach_moves(games: &mut [StoredGame], rows: Vec<MoveRow>) -> Result<(), StoreError> {
    let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, g) in games.iter().enumerate() {
        index.insert(g.code.clone(), i);
    }
    for (code, ply, mv, at_ms, think_ms) in rows {
        let Some(&i) = index.get(&code) else {
            return Err(StoreError::Damaged(format!("a move of unknown game {code}")));
        };
        let g = &mut games[i];
        if g.resigned.is_some() || g.agreed || g.timed_out.is_some() || g.abandoned.is_some() {
            return Err(StoreError::Damaged(format!("game {code} has a move after its end")));
        }
        if ply != i64::from(g.rows) {
            return Err(StoreError::Damaged(format!("game {code} misses row {}", g.rows)));
        }
        g.rows += 1;
        let damaged = || StoreError::Damaged(format!("game {code}: row {mv:?}"));
        if let Some(word) = mv.strip_prefix("resign ") {
            g.resigned = Some(Seat::parse(word).ok_or_else(damaged)?);
        } else if let Some(word) = mv.strip_prefix("time ") {
            g.timed_out = Some(TimeOut::Fell(Seat::parse(word).ok_or_else(damaged)?));
        } else if let Some(word) = mv.strip_prefix("abort ") {
            g.timed_out = Some(TimeOut::Aborted(Seat::parse(word).ok_or_else(damaged)?));
        } else if let Some(rest) = mv.strip_prefix("abandoned ") {
            let (word, draw) = match rest.strip_suffix(" draw") {
                Some(word) => (word, true),
                None => (rest, false),
            };
            g.abandoned = Some((Seat::parse(word).ok_or_else(damaged)?, draw));
        } else if mv == DRAW_ROW {
            g.agreed = true;
        } else if let Some(kept) = mv.strip_prefix("takeback ") {
            let kept: usize = kept.parse().map_err(|_| damaged())?;
            if kept >= g.moves.len() {
                return Err(damaged());
            }
            g.moves.truncate(kept);
            g.times.truncate(kept);
            g.taken_back_ms = at_ms;
        } else {
            g.moves.push(mv);
            g.times.push(MoveTimes { at_ms, think_ms });
            g.taken_back_ms = None;
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use std::str::FromStr;

    use sqlx::sqlite::SqliteConnectOptions;
    use sqlx::{Connection, SqliteConnection};

    use super::sqlite::SqliteStore;
    use super::*;

    #[tokio::test]
    async fn migration_2_keeps_the_threshold_board_2_fair_games_were_stored_under() {
        let dir = std::env::temp_dir().join(format!("parlour-migrate-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        let url = format!("sqlite://{}", dir.join("games.db").display());
        // A database as the server left it before migration 2.
        let mut conn =
            SqliteConnection::connect_with(&SqliteConnectOptions::from_str(&url).unwrap().create_if_missing(true))
                .await
                .unwrap();
        let first: Vec<Migration> = migrations().into_iter().take(1).collect();
        Migrator::with_migrations(first).run(&mut conn).await.unwrap();
        let rows = [
            ("A1", "soldiers", r#"[["variant","board2"],["rules","fair"]]"#),
            (
                "A2",
                "soldiers",
                r#"[["variant","board2"],["rules","fair"],["first","soldiers"]]"#,
            ),
            (
                "A3",
                "soldiers",
                r#"[["variant","board2"],["rules","fair"],["threshold","3"]]"#,
            ),
            ("A4", "soldiers", r#"[["variant","board1"],["rules","fair"]]"#),
            ("A5", "soldiers", r#"[["variant","board2"]]"#),
            ("A6", "konane", r#"[["size","6x6"]]"#),
        ];
        for (code, game, options) in rows {
            sqlx::query("INSERT INTO games (code, game, options, created) VALUES (?, ?, ?, 0)")
                .bind(code)
                .bind(game)
                .bind(options)
                .execute(&mut conn)
                .await
                .unwrap();
        }
        conn.close().await.unwrap();
        // Opening it migrates it.
        let store = SqliteStore::open(&url).await.unwrap();
        let pairs = |p: &[(&str, &str)]| {
            p.iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect::<Vec<_>>()
        };
        let options: Vec<_> = store.all().await.unwrap().into_iter().map(|g| g.options).collect();
        assert_eq!(
            options,
            [
                pairs(&[("variant", "board2"), ("rules", "fair"), ("threshold", "4")]),
                pairs(&[
                    ("variant", "board2"),
                    ("rules", "fair"),
                    ("first", "soldiers"),
                    ("threshold", "4")
                ]),
                pairs(&[("variant", "board2"), ("rules", "fair"), ("threshold", "3")]),
                pairs(&[("variant", "board1"), ("rules", "fair")]),
                pairs(&[("variant", "board2")]),
                pairs(&[("size", "6x6")]),
            ]
        );
        // And the four is what the rules read: the canonical form keeps it, fair being six now.
        let canonical = parlour_rules::GameId::Soldiers.canonical_options(&options[0]);
        assert_eq!(canonical.as_deref(), Ok(&options[0][..]));
        let _ = std::fs::remove_dir_all(&dir);
    }
}

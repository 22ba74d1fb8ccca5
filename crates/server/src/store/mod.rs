//! Where games live: one small trait, with SQLite (the default: one file, no set-up) and
//! PostgreSQL (several servers sharing one database) beside it. Every statement is
//! parameterised; nothing is built from text a client sent.

use std::borrow::Cow;
use std::future::Future;

use parlour_online::wire::Seat;
use sqlx::SqlSafeStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};

pub mod accounts;
mod error;
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
    /// Stores move number `ply` (or a resignation, as [`resign_row`], after the last move);
    /// `Ok(false)` when that ply is already stored.
    fn append(&self, code: &str, ply: u32, mv: &str) -> impl Future<Output = Result<bool, StoreError>> + Send;
    /// Every game (the load benchmark's check afterwards).
    fn all(&self) -> impl Future<Output = Result<Vec<StoredGame>, StoreError>> + Send;
    /// A real, committed write of the health row: `Ok` only when the database can store.
    fn probe(&self) -> impl Future<Output = Result<(), StoreError>> + Send;
}

/// The schema's steps, in order: the tables, then (2) Sixteen Soldiers board 2's fair games
/// stored while its fair rules let the general win at four soldiers left keep that four, then
/// (3) the row the health check writes, then (4) accounts, their devices' secrets and pairing
/// codes, then (5) the lobby: seeks, each lobby game's players, ratings and their history, then
/// (6) the quick-pairing pools.
/// (7) offers: draws, takebacks and rematches.
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
    ]
}

/// The schema, in order; applied at start by sqlx's migrator.
pub fn migrator() -> Migrator {
    Migrator::with_migrations(migrations())
}

/// Seconds since 1970, for the `created` column.
pub(crate) fn now_secs() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

/// Options as stored: a JSON list of pairs.
pub(crate) fn options_text(options: &[(String, String)]) -> String {
    serde_json::to_string(options).unwrap_or_else(|_| "[]".into())
}

pub(crate) fn options_from(text: &str) -> Result<Vec<(String, String)>, StoreError> {
    serde_json::from_str(text).map_err(|e| StoreError::Damaged(format!("options {text:?}: {e}")))
}

/// A `games` row: code, game, options, first and second token hashes.
pub(crate) type GameRow = (String, String, String, Option<String>, Option<String>);

/// A game read from its row, without its moves yet.
pub(crate) fn game_from(row: GameRow) -> Result<StoredGame, StoreError> {
    let (code, game, options, first, second) = row;
    Ok(StoredGame {
        code,
        game,
        options: options_from(&options)?,
        tokens: [first, second],
        moves: vec![],
        resigned: None,
        agreed: false,
        rows: 0,
    })
}

/// Puts rows of (code, ply, move), ordered by code and ply, under their games.
pub(crate) fn attach_moves(games: &mut [StoredGame], rows: Vec<(String, i64, String)>) -> Result<(), StoreError> {
    let mut index: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    for (i, g) in games.iter().enumerate() {
        index.insert(g.code.clone(), i);
    }
    for (code, ply, mv) in rows {
        let Some(&i) = index.get(&code) else {
            return Err(StoreError::Damaged(format!("a move of unknown game {code}")));
        };
        let g = &mut games[i];
        if g.resigned.is_some() || g.agreed {
            return Err(StoreError::Damaged(format!("game {code} has a move after its end")));
        }
        if ply != i64::from(g.rows) {
            return Err(StoreError::Damaged(format!("game {code} misses row {}", g.rows)));
        }
        g.rows += 1;
        let damaged = || StoreError::Damaged(format!("game {code}: row {mv:?}"));
        if let Some(word) = mv.strip_prefix("resign ") {
            g.resigned = Some(Seat::parse(word).ok_or_else(damaged)?);
        } else if mv == DRAW_ROW {
            g.agreed = true;
        } else if let Some(kept) = mv.strip_prefix("takeback ") {
            let kept: usize = kept.parse().map_err(|_| damaged())?;
            if kept >= g.moves.len() {
                return Err(damaged());
            }
            g.moves.truncate(kept);
        } else {
            g.moves.push(mv);
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

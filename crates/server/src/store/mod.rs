//! Where games live: one small trait, with SQLite (the default: one file, no set-up) and
//! PostgreSQL (several servers sharing one database) beside it. Every statement is
//! parameterised; nothing is built from text a client sent.

use std::borrow::Cow;
use std::future::Future;

use parlour_online::wire::Seat;
use sqlx::SqlSafeStr;
use sqlx::migrate::{Migration, MigrationType, Migrator};

pub mod postgres;
pub mod sqlite;

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
}

/// The text of the `moves` row that records `seat`'s resignation. It has a space, which no
/// move from the wire may have, so it can never be mistaken for a move.
pub fn resign_row(seat: Seat) -> String {
    format!("resign {}", seat.word())
}

/// What can go wrong in storage.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or could not be reached.
    #[error("the database failed: {0}")]
    Database(#[from] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("the database schema could not be migrated: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A stored row did not read back.
    #[error("a stored game is damaged: {0}")]
    Damaged(String),
    /// A write's transaction failed (every write in it is refused).
    #[error("the database could not commit: {0}")]
    Commit(String),
    /// The database address is not one this server speaks.
    #[error("unknown database address '{0}': use sqlite://PATH or postgres://…")]
    Url(String),
}

/// A change another server process made, heard through the database (PostgreSQL's
/// `LISTEN/NOTIFY`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Change {
    /// The game that changed.
    pub code: String,
}

/// The storage the server needs. Each write is durable when its future returns `Ok`.
pub trait Store: Send + Sync + 'static {
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
}

/// The schema, in order; applied at start by sqlx's migrator.
pub fn migrator() -> Migrator {
    Migrator::with_migrations(vec![Migration::new(
        1,
        Cow::Borrowed("games"),
        MigrationType::Simple,
        include_str!("../../migrations/0001_games.sql").into_sql_str(),
        false,
    )])
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
        if g.resigned.is_some() {
            return Err(StoreError::Damaged(format!(
                "game {code} has a move after its resignation"
            )));
        }
        if ply != g.moves.len() as i64 {
            return Err(StoreError::Damaged(format!(
                "game {code} misses move {}",
                g.moves.len()
            )));
        }
        match mv.strip_prefix("resign ") {
            Some(word) => {
                g.resigned =
                    Some(Seat::parse(word).ok_or_else(|| StoreError::Damaged(format!("game {code}: row {mv:?}")))?);
            }
            None => g.moves.push(mv),
        }
    }
    Ok(())
}

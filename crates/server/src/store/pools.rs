//! Quick-pairing pools in the database: the entries, what the lobby asks of them
//! ([`PoolStore`]), and the statements, written once for SQLite and PostgreSQL alike. A wave is
//! one transaction: on PostgreSQL it first takes `pg_try_advisory_xact_lock` on the pool, so one
//! server process pairs a pool at a time (another finding the lock taken skips the wave); on
//! SQLite the write transaction is the lock. The pairs are chosen by the caller's function
//! over the members read in the transaction (see `crate::lobby::pools`).

use std::future::Future;

use parlour_online::wire::{Pace, Seat};
use parlour_rating::PlayerRating;

use super::StoreError;
use super::accounts::Outcome;

/// An entry to put in a pool.
#[derive(Clone, Debug, PartialEq)]
pub struct NewEntry {
    /// Random id, below 2^53 (answered as a seek's).
    pub id: i64,
    /// The member's account id.
    pub account: String,
    /// The pool: `rated:<rating key>` or `casual:<rating key>`.
    pub pool: String,
    /// Engine id.
    pub game: String,
    /// Canonical options.
    pub options: Vec<(String, String)>,
    /// The game's rating key.
    pub rating_key: String,
    /// Whether the games made are rated.
    pub rated: bool,
    /// SHA-256 (hex) of the member's seat token.
    pub token_hash: String,
    /// The games' pace (each pace its own pool).
    pub pace: Pace,
}

/// A member as a wave reads it.
#[derive(Clone, Debug, PartialEq)]
pub struct Member {
    /// The entry as joined.
    pub entry: NewEntry,
    /// Waves missed since joining.
    pub misses: u32,
    /// When joined (Unix seconds).
    pub joined: i64,
    /// The member's rating under the pool's key.
    pub rating: Option<PlayerRating>,
    /// Its lobby games in the first seat less those in the second (the seats' balance).
    pub firsts: i64,
}

/// Where an entry stands.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EntryState {
    /// Waiting in its pool.
    Waiting,
    /// Paired: the game's code and the member's seat.
    Paired(String, Seat),
    /// Neither (left, gone stale, or never there).
    Gone,
}

/// A pair a wave makes: the members' indices (in the order read) in the first and the second
/// seat, and each one's pairing rating (kept with the pair, for the load test's report).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pair {
    /// Index of the member seated first.
    pub first: usize,
    /// Index of the member seated second.
    pub second: usize,
    /// The pairing ratings `[first, second]`.
    pub ratings: [u32; 2],
}

/// What one wave does in its transaction.
pub struct Wave<'a> {
    /// The pool.
    pub pool: &'a str,
    /// Now, Unix milliseconds.
    pub now_ms: i64,
    /// The wave runs only if the pool's last one ran before this (Unix milliseconds)…
    pub due_before_ms: i64,
    /// …or when at least this many members wait (a full wave).
    pub full: usize,
    /// Members whose heartbeat is at or before this (Unix seconds) are stale: deleted, never paired.
    pub fresh: i64,
    /// Chooses the pairs among the fresh members.
    pub pair: &'a (dyn Fn(&[Member]) -> Vec<Pair> + Sync),
    /// Makes a game's invite code.
    pub code: fn() -> String,
}

/// What the lobby asks of the database about pools.
pub trait PoolStore: Send + Sync + 'static {
    /// Puts an entry in its pool, in one transaction deleting its account's other entry and its
    /// open seeks: [`Outcome::Clash`] for an id in use.
    fn join_pool(&self, entry: &NewEntry, now: i64) -> impl Future<Output = Result<Outcome<()>, StoreError>> + Send;
    /// Deletes `account`'s waiting entry `id`; `false` when there was none.
    fn leave_pool(&self, id: i64, account: &str) -> impl Future<Output = Result<bool, StoreError>> + Send;
    /// Deletes `account`'s waiting entry, whichever it is.
    fn leave_pools(&self, account: &str) -> impl Future<Output = Result<(), StoreError>> + Send;
    /// Rewrites a waiting entry's heartbeat.
    fn pool_alive(&self, id: i64, now: i64) -> impl Future<Output = Result<(), StoreError>> + Send;
    /// Where entry `id` stands.
    fn entry(&self, id: i64) -> impl Future<Output = Result<EntryState, StoreError>> + Send;
    /// The pools with a member whose heartbeat is after `fresh`.
    fn pools(&self, fresh: i64) -> impl Future<Output = Result<Vec<String>, StoreError>> + Send;
    /// Runs a wave: [`Outcome::NotNow`] when it is not due or another process holds the pool,
    /// [`Outcome::Clash`] when a code was in use or a member left meanwhile (nothing written:
    /// run it again); else the pairs made.
    fn wave(&self, wave: &Wave<'_>) -> impl Future<Output = Result<Outcome<usize>, StoreError>> + Send;
}

pub(crate) const JOIN_DROP_SEEKS: &str = "DELETE FROM seeks WHERE account = $1 AND code IS NULL";
pub(crate) const LEAVE_ALL: &str = "DELETE FROM pool_members WHERE account = $1";
pub(crate) const INSERT_ENTRY: &str = "INSERT INTO pool_members (account, id, pool, game, options, rating_key,
     rated, token_hash, misses, joined, heartbeat, pace) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, 0, $9, $9, $10)";
/// A seek taken takes its two players out of the pools: one game at a time from the lobby.
pub(crate) const LEAVE_EITHER: &str = "DELETE FROM pool_members WHERE account = $1 OR account = $2";
pub(crate) const LEAVE: &str = "DELETE FROM pool_members WHERE id = $1 AND account = $2";
pub(crate) const ALIVE: &str = "UPDATE pool_members SET heartbeat = $2 WHERE id = $1";
pub(crate) const WAITING: &str = "SELECT COUNT(*) FROM pool_members WHERE id = $1";
pub(crate) const PAIRED: &str = "SELECT code, seat FROM pool_pairs WHERE id = $1";
pub(crate) const POOLS: &str = "SELECT DISTINCT pool FROM pool_members WHERE heartbeat > $1 ORDER BY pool";
pub(crate) const LAST_WAVE: &str = "SELECT at FROM pool_waves WHERE pool = $1";
pub(crate) const MEMBERS: &str = "SELECT m.id, m.account, m.pool, m.game, m.options, m.rating_key, m.rated,
     m.token_hash, m.misses, m.joined, r.rating, r.deviation, r.volatility, r.games, r.last_game,
     (SELECT COUNT(*) FROM game_players f WHERE f.first_account = m.account)
     - (SELECT COUNT(*) FROM game_players s WHERE s.second_account = m.account), m.pace
     FROM pool_members m LEFT JOIN ratings r ON r.account = m.account AND r.rating_key = m.rating_key
     WHERE m.pool = $1 AND m.heartbeat > $2 AND NOT EXISTS (SELECT 1 FROM game_players p JOIN games h ON h.code = p.code
     WHERE p.result IS NULL AND (p.first_account = m.account OR p.second_account = m.account) AND p.created > $3
     AND (h.pace IS NULL OR h.pace NOT LIKE 'days=%')) ORDER BY m.joined, m.id";
pub(crate) const TAKE_ENTRY: &str = "DELETE FROM pool_members WHERE id = $1 AND pool = $2";
pub(crate) const INSERT_PAIRED: &str =
    "INSERT INTO pool_pairs (id, account, code, seat, rating, waited, created) VALUES ($1, $2, $3, $4, $5, $6, $7)";
/// The paired players' open seeks: one game at a time from the lobby.
pub(crate) const DROP_SEEKS_OF: &str = "DELETE FROM seeks WHERE code IS NULL AND (account = $1 OR account = $2)";
pub(crate) const MISSED: &str = "UPDATE pool_members SET misses = misses + 1 WHERE id = $1";
pub(crate) const DROP_STALE: &str = "DELETE FROM pool_members WHERE pool = $1 AND heartbeat <= $2";
pub(crate) const DROP_OLD_PAIRS: &str = "DELETE FROM pool_pairs WHERE created < $1";
pub(crate) const WAVE_RAN: &str =
    "INSERT INTO pool_waves (pool, at) VALUES ($1, $2) ON CONFLICT (pool) DO UPDATE SET at = excluded.at";
/// How long a paired entry's row is kept for its member's connection to read (seconds).
pub(crate) const PAIRS_KEPT_SECS: i64 = 3600;

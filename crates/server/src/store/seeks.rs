//! Seeks and the games made from them in the database: the rows, what the lobby asks of them
//! ([`SeekStore`]), and the statements, written once for SQLite and PostgreSQL alike. A seek is
//! taken by the one conditional UPDATE that finds it open, in the transaction that makes its
//! game with both seats' token hashes: two servers on one database never seat a player twice.

use std::future::Future;

use parlour_online::wire::{Pace, RatingRange, Seat, SideChoice};
use parlour_rating::{Glicko, PlayerRating};

use super::StoreError;
use super::accounts::Outcome;

/// A seek to post.
#[derive(Clone, Debug, PartialEq)]
pub struct NewSeek {
    /// Random id, below 2^53.
    pub id: i64,
    /// The seeker's account id.
    pub account: String,
    /// Engine id.
    pub game: String,
    /// Canonical options.
    pub options: Vec<(String, String)>,
    /// The game's rating key.
    pub rating_key: String,
    /// Whether the game will be rated.
    pub rated: bool,
    /// The seat wanted.
    pub side: SideChoice,
    /// The ratings accepted.
    pub range: Option<RatingRange>,
    /// SHA-256 (hex) of the seeker's seat token.
    pub token_hash: String,
    /// Untimed or a live clock.
    pub pace: Pace,
}

/// A seek as stored.
#[derive(Clone, Debug, PartialEq)]
pub struct SeekRow {
    /// The seek as posted.
    pub seek: NewSeek,
    /// The seeker's name as shown.
    pub name: String,
    /// When posted (Unix seconds).
    pub created: i64,
    /// When its seeker's connection last said it is still there.
    pub heartbeat: i64,
    /// The game made when it was taken, and the seeker's seat there.
    pub taken: Option<(String, Seat)>,
    /// The seeker's rating under the seek's key.
    pub rating: Option<PlayerRating>,
}

/// A game made in the lobby: both seats' accounts and token hashes (`[first, second]`).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LobbyGame {
    /// Invite code.
    pub code: String,
    /// Engine id.
    pub game: String,
    /// Canonical options.
    pub options: Vec<(String, String)>,
    /// Each seat's account id.
    pub accounts: [String; 2],
    /// Each seat's token hash.
    pub tokens: [String; 2],
    /// Whether it is rated.
    pub rated: bool,
    /// Its rating key.
    pub rating_key: String,
    /// Untimed or a live clock.
    pub pace: Pace,
    /// When it is made (Unix milliseconds): the first move's deadline counts from it.
    pub started_ms: i64,
}

/// A seat's player as stored: account id, name, and rating under the game's key.
#[derive(Clone, Debug, PartialEq)]
pub struct SeatPlayer {
    /// Account id.
    pub account: String,
    /// Name as shown.
    pub name: String,
    /// Rating under the game's key.
    pub rating: Option<PlayerRating>,
}

/// A lobby game's players, whether it is rated, under which key, and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct GamePlayers {
    /// Invite code.
    pub code: String,
    /// Engine id.
    pub game: String,
    /// Canonical options.
    pub options: Vec<(String, String)>,
    /// `[first, second]`.
    pub players: [Option<SeatPlayer>; 2],
    /// Whether it is rated.
    pub rated: bool,
    /// Its rating key.
    pub rating_key: String,
    /// Moves stored (a resignation not counted).
    pub moves: u32,
    /// `first`, `second` or `draw` once over.
    pub result: Option<String>,
    /// When it ended.
    pub ended: Option<i64>,
    /// Untimed or a live clock.
    pub pace: Pace,
}

/// A pace as stored (NULL untimed); a pace the server cannot read is damage.
pub(crate) fn pace_from(text: Option<String>) -> Result<Pace, StoreError> {
    match text {
        None => Ok(Pace::Untimed),
        Some(t) => t.parse().map_err(|e| StoreError::Damaged(format!("pace {t:?}: {e}"))),
    }
}

/// What the lobby asks of the database about seeks and the games made from them.
pub trait SeekStore: Send + Sync + 'static {
    /// Posts a seek unless its account has `max_open` open ones (heartbeat after `fresh`):
    /// [`Outcome::NotNow`] then, [`Outcome::Clash`] for an id in use.
    fn add_seek(
        &self,
        seek: &NewSeek,
        max_open: i64,
        now: i64,
        fresh: i64,
    ) -> impl Future<Output = Result<Outcome<()>, StoreError>> + Send;
    /// The open seeks whose heartbeat is after `fresh`, of `game` (or all when empty), oldest
    /// first, at most 200.
    fn open_seeks(&self, game: &str, fresh: i64) -> impl Future<Output = Result<Vec<SeekRow>, StoreError>> + Send;
    /// One seek, open or taken.
    fn seek(&self, id: i64) -> impl Future<Output = Result<Option<SeekRow>, StoreError>> + Send;
    /// Takes the open, fresh seek `id` for `game` (the accepter's account is `accepter`, the
    /// seeker sitting in `seeker_seat`), making the game and dropping both players' other open
    /// seeks and their pool entries, in one transaction:
    /// [`Outcome::NotNow`] when the seek was not open and fresh any more, [`Outcome::Clash`]
    /// for a code in use; nothing written then.
    fn take_seek(
        &self,
        id: i64,
        accepter: &str,
        seeker_seat: Seat,
        game: &LobbyGame,
        now: i64,
        fresh: i64,
    ) -> impl Future<Output = Result<Outcome<()>, StoreError>> + Send;
    /// Rewrites an open seek's heartbeat.
    fn seek_alive(&self, id: i64, now: i64) -> impl Future<Output = Result<(), StoreError>> + Send;
    /// Deletes `account`'s open seek `id`; `false` when there was none.
    fn drop_seek(&self, id: i64, account: &str) -> impl Future<Output = Result<bool, StoreError>> + Send;
    /// Gives `account`'s seat in the unfinished lobby game `code` the token hash `token_hash`
    /// (the seat taken onto another device); `None` when the account sits in no seat of it.
    fn move_seat(
        &self,
        code: &str,
        account: &str,
        token_hash: &str,
    ) -> impl Future<Output = Result<Option<Seat>, StoreError>> + Send;
    /// A lobby game's players (`None` for a game not made in the lobby).
    fn game_players(&self, code: &str) -> impl Future<Output = Result<Option<GamePlayers>, StoreError>> + Send;
    /// The lobby games with both seats taken and not over, of `game` (all when empty), newest
    /// first, at most 200.
    fn live_games(&self, game: &str) -> impl Future<Output = Result<Vec<GamePlayers>, StoreError>> + Send;
    /// An account's lobby games, newest first, at most 20 (players without ratings).
    fn recent_games(&self, account: &str) -> impl Future<Output = Result<Vec<GamePlayers>, StoreError>> + Send;
    /// An account's unfinished lobby games with both seats taken, oldest first, at most 100.
    fn open_games(&self, account: &str) -> impl Future<Output = Result<Vec<GamePlayers>, StoreError>> + Send;
    /// The unfinished live (not correspondence) lobby game `account` sits in, made after
    /// `since`, if any: the newest.
    fn playing(&self, account: &str, since: i64) -> impl Future<Output = Result<Option<String>, StoreError>> + Send;
}

/// A live lobby game unfinished this long after it was made no longer keeps its players from
/// another (both gone, nobody claimed it).
pub const STALE_AFTER_S: i64 = 3 * 3600;

pub(crate) const PLAYING: &str = "SELECT g.code FROM game_players g JOIN games h ON h.code = g.code
     WHERE g.result IS NULL AND (g.first_account = $1 OR g.second_account = $1) AND g.created > $2
     AND (h.pace IS NULL OR h.pace NOT LIKE 'days=%') ORDER BY g.created DESC LIMIT 1";

pub(crate) const SEEK_COLUMNS: &str =
    "SELECT s.id, s.account, a.name, s.game, s.options, s.rating_key, s.rated, s.side,
     s.lo, s.hi, s.token_hash, s.created, s.heartbeat, s.code, s.seat,
     r.rating, r.deviation, r.volatility, r.games, r.last_game, s.pace
     FROM seeks s JOIN accounts a ON a.id = s.account
     LEFT JOIN ratings r ON r.account = s.account AND r.rating_key = s.rating_key";
pub(crate) const COUNT_OPEN: &str = "SELECT COUNT(*) FROM seeks WHERE account = $1 AND code IS NULL AND heartbeat > $2";
pub(crate) const INSERT_SEEK: &str = "INSERT INTO seeks (id, account, game, options, rating_key, rated, side, lo, hi,
     token_hash, created, heartbeat, pace) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $11, $12)";
pub(crate) const TAKE_SEEK: &str = "UPDATE seeks SET taken_by = $2, code = $3, seat = $4
     WHERE id = $1 AND code IS NULL AND heartbeat > $5 AND account <> $2";
pub(crate) const INSERT_GAME: &str = "INSERT INTO games (code, game, options, first_token, second_token, created, pace,
     started_ms, check_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)";
pub(crate) const INSERT_PLAYERS: &str = "INSERT INTO game_players (code, first_account, second_account, rated,
     rating_key, created) VALUES ($1, $2, $3, $4, $5, $6)";
/// The two players' other open seeks, dropped when a seek is taken: one game at a time from the
/// lobby.
pub(crate) const DROP_OTHERS: &str =
    "DELETE FROM seeks WHERE code IS NULL AND id <> $1 AND (account = $2 OR account = $3)";
pub(crate) const SEEK_ALIVE: &str = "UPDATE seeks SET heartbeat = $2 WHERE id = $1 AND code IS NULL";
/// A seat's token rewritten for its account (`$1` code, `$2` account, `$3` hash), first seat.
pub(crate) const MOVE_FIRST_SEAT: &str = "UPDATE games SET first_token = $3 WHERE code = $1 AND EXISTS
     (SELECT 1 FROM game_players p WHERE p.code = $1 AND p.first_account = $2 AND p.result IS NULL)";
/// The same for the second seat.
pub(crate) const MOVE_SECOND_SEAT: &str = "UPDATE games SET second_token = $3 WHERE code = $1 AND EXISTS
     (SELECT 1 FROM game_players p WHERE p.code = $1 AND p.second_account = $2 AND p.result IS NULL)";
pub(crate) const DROP_SEEK: &str = "DELETE FROM seeks WHERE id = $1 AND account = $2 AND code IS NULL";
/// A lobby game with each seat's account, name and rating under the game's key.
pub(crate) const GAME_COLUMNS: &str = "SELECT p.code, g.game, g.options, p.rated, p.rating_key, p.result, p.ended,
     (SELECT COUNT(*) FROM moves m WHERE m.code = p.code AND m.mv NOT LIKE '% %'),
     p.first_account, fa.name, fr.rating, fr.deviation, fr.volatility, fr.games, fr.last_game,
     p.second_account, sa.name, sr.rating, sr.deviation, sr.volatility, sr.games, sr.last_game, g.pace
     FROM game_players p JOIN games g ON g.code = p.code
     LEFT JOIN accounts fa ON fa.id = p.first_account
     LEFT JOIN accounts sa ON sa.id = p.second_account
     LEFT JOIN ratings fr ON fr.account = p.first_account AND fr.rating_key = p.rating_key
     LEFT JOIN ratings sr ON sr.account = p.second_account AND sr.rating_key = p.rating_key";

/// A stored rating from its columns (all `None` without one).
pub(crate) fn rating_from(
    rating: Option<f64>,
    deviation: Option<f64>,
    volatility: Option<f64>,
    games: Option<i32>,
    last: Option<i64>,
) -> Option<PlayerRating> {
    Some(PlayerRating {
        glicko: Glicko {
            rating: rating?,
            deviation: deviation?,
            volatility: volatility?,
        },
        games: games?.max(0) as u32,
        last_game: last,
    })
}

/// A side as stored (its wire word).
pub(crate) fn side_from(word: &str) -> Result<SideChoice, StoreError> {
    SideChoice::parse(word).ok_or_else(|| StoreError::Damaged(format!("a seek's side {word:?}")))
}

/// A seat as stored (its wire word).
pub(crate) fn seat_from(word: &str) -> Result<Seat, StoreError> {
    Seat::parse(word).ok_or_else(|| StoreError::Damaged(format!("a seat {word:?}")))
}

/// The range as stored, both ends or none.
pub(crate) fn range_from(lo: Option<i32>, hi: Option<i32>) -> Option<RatingRange> {
    Some(RatingRange {
        lo: lo?.max(0) as u32,
        hi: hi?.max(0) as u32,
    })
}

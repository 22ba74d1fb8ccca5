//! Ratings in the database: one Glicko-2 rating per account and rating key, their history, and
//! the ending of a lobby game, which rates it in the same transaction as the conditional UPDATE
//! that records its result — so a game is rated exactly once, whichever server sees it end.

use std::future::Future;

use parlour_rating::{Outcome as GameOutcome, PlayerRating};

use super::StoreError;
use super::accounts::AccountRow;

/// How recording a game's end went.
#[derive(Clone, Debug, PartialEq)]
pub enum Finished {
    /// Not a lobby game, or its end was recorded before (by this server or another).
    Before,
    /// Recorded now; for a rated game, both seats' ratings after it (`[first, second]`).
    Now(Option<[PlayerRating; 2]>),
}

/// An account's finished lobby games and the ones it left.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Record {
    /// Finished games.
    pub games: i64,
    /// Of those, the ones it left.
    pub quit: i64,
    /// When it left the recent ones (seconds), newest first.
    pub recent: Vec<i64>,
}

/// What the lobby asks of the database about ratings.
pub trait RatingStore: Send + Sync + 'static {
    /// Records how the lobby game `code` ended at `now` (`first`, `second` or `draw`), with the
    /// seat that left it (`quit`: abandoned, or no first move in time), and, when it is rated,
    /// rates it — one transaction, done once per game.
    fn finish(
        &self,
        code: &str,
        result: &str,
        quit: Option<&str>,
        now: i64,
    ) -> impl Future<Output = Result<Finished, StoreError>> + Send;
    /// An account's finished lobby games, how many of them it left, and when (seconds) it left
    /// the ones since `since`, newest first.
    fn record(&self, account: &str, since: i64) -> impl Future<Output = Result<Record, StoreError>> + Send;
    /// An account's rating under a key.
    fn rating(&self, account: &str, key: &str)
    -> impl Future<Output = Result<Option<PlayerRating>, StoreError>> + Send;
    /// Every rating of an account, by key.
    fn ratings_of(&self, account: &str)
    -> impl Future<Output = Result<Vec<(String, PlayerRating)>, StoreError>> + Send;
    /// The ratings of a key whose last game is after `since`, best first, at most `limit`, with
    /// their names.
    fn best(
        &self,
        key: &str,
        since: i64,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<(String, PlayerRating)>, StoreError>> + Send;
    /// An account's ratings after each rated game (key, time, rating), oldest first, the last
    /// 500.
    fn history(&self, account: &str) -> impl Future<Output = Result<Vec<(String, i64, f64)>, StoreError>> + Send;
    /// The account with this name, in any case.
    fn account_named(&self, name: &str) -> impl Future<Output = Result<Option<AccountRow>, StoreError>> + Send;
}

pub(crate) const END_GAME: &str = "UPDATE game_players SET result = $2, ended = $3, quit = $4
     WHERE code = $1 AND result IS NULL RETURNING first_account, second_account, rated, rating_key";
pub(crate) const RATING: &str =
    "SELECT rating, deviation, volatility, games, last_game FROM ratings WHERE account = $1 AND rating_key = $2";
pub(crate) const PUT_RATING: &str = "INSERT INTO ratings (account, rating_key, rating, deviation, volatility, games,
     last_game) VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (account, rating_key) DO UPDATE SET
     rating = excluded.rating, deviation = excluded.deviation, volatility = excluded.volatility,
     games = excluded.games, last_game = excluded.last_game";
pub(crate) const PUT_HISTORY: &str =
    "INSERT INTO rating_history (account, code, rating_key, at, rating) VALUES ($1, $2, $3, $4, $5)";
pub(crate) const RATINGS_OF: &str = "SELECT rating_key, rating, deviation, volatility, games, last_game FROM ratings
     WHERE account = $1 ORDER BY rating_key";
pub(crate) const BEST: &str = "SELECT a.name, r.rating, r.deviation, r.volatility, r.games, r.last_game
     FROM ratings r JOIN accounts a ON a.id = r.account
     WHERE r.rating_key = $1 AND r.last_game > $2 ORDER BY r.rating DESC, a.name_key LIMIT $3";
pub(crate) const HISTORY: &str =
    "SELECT rating_key, at, rating FROM rating_history WHERE account = $1 ORDER BY at DESC, code LIMIT 500";
pub(crate) const RECORD: &str = "SELECT COUNT(*), COALESCE(SUM(CASE WHEN (first_account = $1 AND quit = 'first')
     OR (second_account = $1 AND quit = 'second') THEN 1 ELSE 0 END), 0) FROM game_players
     WHERE (first_account = $1 OR second_account = $1) AND result IS NOT NULL";
pub(crate) const QUITS: &str = "SELECT ended FROM game_players WHERE ((first_account = $1 AND quit = 'first')
     OR (second_account = $1 AND quit = 'second')) AND ended > $2 ORDER BY ended DESC LIMIT 50";
pub(crate) const ACCOUNT_NAMED: &str = "SELECT id, name, named FROM accounts WHERE name_key = $1";

/// A rating's columns: rating, deviation, volatility, games, last game.
pub(crate) type RatingCols = (f64, f64, f64, i32, i64);

pub(crate) fn rating_of(c: RatingCols) -> PlayerRating {
    PlayerRating {
        glicko: parlour_rating::Glicko {
            rating: c.0,
            deviation: c.1,
            volatility: c.2,
        },
        games: c.3.max(0) as u32,
        last_game: Some(c.4),
    }
}

/// The result word as the first seat's outcome.
pub(crate) fn outcome_of(result: &str) -> GameOutcome {
    match result {
        "first" => GameOutcome::Win,
        "second" => GameOutcome::Loss,
        _ => GameOutcome::Draw,
    }
}

/// Both ratings after a game, or the ratings unchanged when the computation does not converge
/// (lichess leaves both players as they were; the game still counts as rated).
pub(crate) fn rated(before: [PlayerRating; 2], result: &str, now: i64) -> [PlayerRating; 2] {
    match parlour_rating::update(&before[0], &before[1], outcome_of(result), now) {
        Ok((a, b)) => [a, b],
        Err(_) => before,
    }
}

macro_rules! rating_store {
    ($store:ty, $pool:ident, $reads:ident, $begin:expr) => {
        impl $crate::store::ratings::RatingStore for $store {
            async fn finish(
                &self,
                code: &str,
                result: &str,
                quit: Option<&str>,
                now: i64,
            ) -> Result<$crate::store::ratings::Finished, $crate::store::StoreError> {
                use $crate::store::ratings::*;
                let mut tx = self.$pool.begin_with($begin).await?;
                let ended: Option<(Option<String>, Option<String>, i32, String)> = sqlx::query_as(END_GAME)
                    .bind(code)
                    .bind(result)
                    .bind(now)
                    .bind(quit)
                    .fetch_optional(&mut *tx)
                    .await?;
                let Some((first, second, is_rated, key)) = ended else {
                    return Ok(Finished::Before);
                };
                // An aborted game is recorded, never rated.
                let (Some(first), Some(second), true) = (first, second, is_rated != 0 && result != "aborted") else {
                    tx.commit().await?;
                    return Ok(Finished::Now(None));
                };
                let mut before = [parlour_rating::PlayerRating::NEW; 2];
                for (i, account) in [&first, &second].into_iter().enumerate() {
                    let row: Option<RatingCols> = sqlx::query_as(RATING)
                        .bind(account)
                        .bind(&key)
                        .fetch_optional(&mut *tx)
                        .await?;
                    before[i] = row.map_or(parlour_rating::PlayerRating::NEW, rating_of);
                }
                let after = rated(before, result, now);
                for (account, r) in [&first, &second].into_iter().zip(&after) {
                    sqlx::query(PUT_RATING)
                        .bind(account)
                        .bind(&key)
                        .bind(r.glicko.rating)
                        .bind(r.glicko.deviation)
                        .bind(r.glicko.volatility)
                        .bind(r.games as i32)
                        .bind(now)
                        .execute(&mut *tx)
                        .await?;
                    sqlx::query(PUT_HISTORY)
                        .bind(account)
                        .bind(code)
                        .bind(&key)
                        .bind(now)
                        .bind(r.glicko.rating)
                        .execute(&mut *tx)
                        .await?;
                }
                tx.commit().await?;
                Ok(Finished::Now(Some(after)))
            }

            async fn rating(
                &self,
                account: &str,
                key: &str,
            ) -> Result<Option<parlour_rating::PlayerRating>, $crate::store::StoreError> {
                use $crate::store::ratings::*;
                let row: Option<RatingCols> = sqlx::query_as(RATING)
                    .bind(account)
                    .bind(key)
                    .fetch_optional(&self.$reads)
                    .await?;
                Ok(row.map(rating_of))
            }

            async fn ratings_of(
                &self,
                account: &str,
            ) -> Result<Vec<(String, parlour_rating::PlayerRating)>, $crate::store::StoreError> {
                use $crate::store::ratings::*;
                let rows: Vec<(String, f64, f64, f64, i32, i64)> = sqlx::query_as(RATINGS_OF)
                    .bind(account)
                    .fetch_all(&self.$reads)
                    .await?;
                Ok(rows
                    .into_iter()
                    .map(|(k, a, b, c, d, e)| (k, rating_of((a, b, c, d, e))))
                    .collect())
            }

            async fn best(
                &self,
                key: &str,
                since: i64,
                limit: i64,
            ) -> Result<Vec<(String, parlour_rating::PlayerRating)>, $crate::store::StoreError> {
                use $crate::store::ratings::*;
                let rows: Vec<(String, f64, f64, f64, i32, i64)> = sqlx::query_as(BEST)
                    .bind(key)
                    .bind(since)
                    .bind(limit)
                    .fetch_all(&self.$reads)
                    .await?;
                Ok(rows
                    .into_iter()
                    .map(|(n, a, b, c, d, e)| (n, rating_of((a, b, c, d, e))))
                    .collect())
            }

            async fn history(&self, account: &str) -> Result<Vec<(String, i64, f64)>, $crate::store::StoreError> {
                use $crate::store::ratings::*;
                let mut rows: Vec<(String, i64, f64)> = sqlx::query_as(HISTORY)
                    .bind(account)
                    .fetch_all(&self.$reads)
                    .await?;
                rows.reverse();
                Ok(rows)
            }

            async fn record(
                &self,
                account: &str,
                since: i64,
            ) -> Result<$crate::store::ratings::Record, $crate::store::StoreError> {
                use $crate::store::ratings::*;
                let (games, quit): (i64, i64) = sqlx::query_as(RECORD)
                    .bind(account)
                    .fetch_one(&self.$reads)
                    .await?;
                let recent: Vec<(i64,)> = sqlx::query_as(QUITS)
                    .bind(account)
                    .bind(since)
                    .fetch_all(&self.$reads)
                    .await?;
                Ok(Record {
                    games,
                    quit,
                    recent: recent.into_iter().map(|r| r.0).collect(),
                })
            }

            async fn account_named(
                &self,
                name: &str,
            ) -> Result<Option<$crate::store::accounts::AccountRow>, $crate::store::StoreError> {
                use $crate::store::ratings::*;
                let r: Option<$crate::store::accounts::Row> = sqlx::query_as(ACCOUNT_NAMED)
                    .bind(name.to_lowercase())
                    .fetch_optional(&self.$reads)
                    .await?;
                Ok(r.map($crate::store::accounts::row))
            }
        }
    };
}

pub(crate) use rating_store;

//! The lobby's rows as the wire shows them: ratings rounded with their live deviation, seeks,
//! live games, a player's page.

use parlour_online::lobby::rating_key;
use parlour_online::wire::{Finished, GameSummary, HistoryPoint, LiveGame, PlayerTag, Rated, RatingRow, SeekView};
use parlour_rating::PlayerRating;
use parlour_rules::dynamic::GameSetup;

use super::bounds::fresh_since;
use super::refusal::LobbyRefusal;
use crate::store::seeks::{GamePlayers, SeatPlayer, SeekRow};
use crate::store::{Store, now_secs};

/// The most players a leaderboard lists.
pub const LEADERBOARD_ROWS: usize = 100;
/// A leaderboard lists players whose last rated game is this recent: seconds.
pub const ACTIVE_SECS: i64 = 30 * 24 * 3600;

/// A rating rounded as shown.
pub(crate) fn shown_rating(r: PlayerRating) -> u32 {
    r.glicko.rating.round().max(0.0) as u32
}

/// A stored rating as the wire shows it at `now`.
pub fn rated_view(r: PlayerRating, now: i64) -> Rated {
    Rated {
        rating: shown_rating(r),
        deviation: r.live(now).deviation.round().max(0.0) as u32,
        games: r.games,
        provisional: r.provisional(now),
    }
}

/// A seat's player as the wire shows one.
pub fn player_tag(p: &SeatPlayer, now: i64) -> PlayerTag {
    PlayerTag {
        name: p.name.clone(),
        rating: p.rating.map(|r| rated_view(r, now)),
    }
}

fn seek_view(row: SeekRow, now: i64) -> SeekView {
    SeekView {
        id: row.seek.id as u64,
        by: PlayerTag {
            name: row.name,
            rating: row.rating.map(|r| rated_view(r, now)),
        },
        game: row.seek.game,
        options: row.seek.options,
        rated: row.seek.rated,
        side: row.seek.side,
        range: row.seek.range,
        pace: row.seek.pace,
    }
}

fn players(g: &GamePlayers, now: i64) -> [Option<PlayerTag>; 2] {
    [0, 1].map(|i| g.players[i].as_ref().map(|p| player_tag(p, now)))
}

/// The rating key a request names: a key as is, an engine id as its default options' key.
pub fn key_of(game: &str) -> String {
    if game.contains('/') {
        return game.to_string();
    }
    GameSetup::parse(game, &[]).map_or_else(|_| game.to_string(), |s| rating_key(&s))
}

/// The open seeks of `game` (all when `None`), oldest first.
pub async fn seeks<S: Store>(store: &S, game: Option<&str>) -> Result<Vec<SeekView>, LobbyRefusal> {
    let now = now_secs();
    let rows = store.open_seeks(game.unwrap_or(""), fresh_since(now)).await?;
    Ok(rows.into_iter().map(|r| seek_view(r, now)).collect())
}

/// The games being played, newest first.
pub async fn games<S: Store>(store: &S, game: Option<&str>) -> Result<Vec<LiveGame>, LobbyRefusal> {
    let now = now_secs();
    let rows = store.live_games(game.unwrap_or("")).await?;
    Ok(rows
        .into_iter()
        .map(|g| LiveGame {
            players: players(&g, now),
            code: g.code,
            game: g.game,
            options: g.options,
            ply: g.moves,
            rated: g.rated,
            pace: g.pace,
        })
        .collect())
}

/// A player's name as shown and rating under the key `game` names.
pub async fn rating<S: Store>(store: &S, name: &str, game: &str) -> Result<(String, Option<Rated>), LobbyRefusal> {
    let account = store
        .account_named(name)
        .await?
        .ok_or_else(|| LobbyRefusal::NoSuchPlayer(name.to_string()))?;
    let r = store.rating(&account.id, &key_of(game)).await?;
    Ok((account.name, r.map(|r| rated_view(r, now_secs()))))
}

/// The leaderboard of a key: active, not provisional, best first.
pub async fn leaderboard<S: Store>(store: &S, key: &str) -> Result<(String, Vec<(String, Rated)>), LobbyRefusal> {
    let now = now_secs();
    let key = key_of(key);
    let rows = store.best(&key, now - ACTIVE_SECS, 4 * LEADERBOARD_ROWS as i64).await?;
    let rows = rows
        .into_iter()
        .filter(|(_, r)| !r.provisional(now))
        .take(LEADERBOARD_ROWS)
        .map(|(n, r)| (n, rated_view(r, now)))
        .collect();
    Ok((key, rows))
}

/// A player's page.
pub struct Page {
    /// The name as shown.
    pub name: String,
    /// One row per key.
    pub ratings: Vec<RatingRow>,
    /// Ratings after each rated game.
    pub history: Vec<HistoryPoint>,
    /// Recent games.
    pub recent: Vec<GameSummary>,
    /// Lobby games finished, and left.
    pub finished: Finished,
}

/// A player's page: ratings, their history, recent games.
pub async fn player<S: Store>(store: &S, name: &str) -> Result<Page, LobbyRefusal> {
    let now = now_secs();
    let account = store
        .account_named(name)
        .await?
        .ok_or_else(|| LobbyRefusal::NoSuchPlayer(name.to_string()))?;
    let ratings = store.ratings_of(&account.id).await?;
    let history = store.history(&account.id).await?;
    let recent = store.recent_games(&account.id).await?;
    let record = store.record(&account.id, now).await?;
    Ok(Page {
        finished: Finished {
            games: record.games.clamp(0, i64::from(u32::MAX)) as u32,
            left: record.quit.clamp(0, i64::from(u32::MAX)) as u32,
        },
        name: account.name,
        ratings: ratings
            .into_iter()
            .map(|(key, r)| RatingRow {
                key,
                rating: rated_view(r, now),
            })
            .collect(),
        history: history
            .into_iter()
            .map(|(key, at, rating)| HistoryPoint {
                key,
                at,
                rating: rating.round().max(0.0) as u32,
            })
            .collect(),
        recent: recent
            .into_iter()
            .map(|g| GameSummary {
                players: players(&g, now),
                code: g.code,
                game: g.game,
                options: g.options,
                moves: g.moves,
                result: g.result,
                rated: g.rated,
                ended_at: g.ended,
            })
            .collect(),
    })
}

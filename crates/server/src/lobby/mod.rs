//! The lobby (issue 74): seeks posted, listed, taken and withdrawn; the games being played;
//! ratings, the leaderboard and a player's page; quick pairing's pools (`pools`). Every decision is the database's (see
//! [`crate::store::seeks`] and [`crate::store::ratings`]): this module checks a request, asks
//! the store and words the answer.

pub mod answer;
mod bounds;
mod busy;
pub mod playban;
pub mod pools;
mod refusal;
pub mod seeking;
pub mod views;

use parlour_online::lobby::rating_key;
use parlour_online::wire::{Pace, RatingRange, SideChoice};
use parlour_rules::dynamic::{GameSetup, SetupError};

use self::bounds::fresh_since;
pub use self::bounds::{MAX_OPEN_SEEKS, SEEK_STALE_SECS};
pub use self::refusal::LobbyRefusal;
pub use self::seeking::Seeking;
pub use self::views::{player_tag, rated_view};
use crate::accounts::Account;
use crate::games::{CreateError, Registry, Seated, hash_token, random_code};
use crate::store::accounts::Outcome;
use crate::store::seeks::{LobbyGame, NewSeek};
use crate::store::{Store, now_secs};

/// A seek's game read once: the typed setup, or the sentence refusing it.
fn setup_of(game: &str, options: &[(String, String)]) -> Result<GameSetup, LobbyRefusal> {
    GameSetup::parse(game, options).map_err(|e| {
        LobbyRefusal::Setup(match e {
            SetupError::Options(e) => CreateError::Options(e),
            SetupError::UnknownGame(_) => CreateError::NoSuchGame(game.to_string()),
        })
    })
}

/// What a seek asks for.
pub struct SeekAsk<'a> {
    /// Engine id.
    pub game: &'a str,
    /// Options as sent.
    pub options: &'a [(String, String)],
    /// Rated or casual.
    pub rated: bool,
    /// The seat wanted.
    pub side: SideChoice,
    /// The ratings accepted.
    pub range: Option<RatingRange>,
    /// The seeker's seat token (only its hash is stored).
    pub token: &'a str,
    /// Untimed or a live clock.
    pub pace: Pace,
}

/// Posts a seek for `account`; answers with its id.
pub async fn seek<S: Store>(store: &S, account: Option<&Account>, ask: SeekAsk<'_>) -> Result<u64, LobbyRefusal> {
    let account = account.ok_or(LobbyRefusal::NotSignedIn)?;
    if ask.rated && !account.named {
        return Err(LobbyRefusal::RatedNeedsName);
    }
    let setup = setup_of(ask.game, ask.options)?;
    playban::check(store, Some(account)).await?;
    busy::check_free(store, &account.id).await?;
    let now = now_secs();
    // Seeking leaves the pools: one game at a time from the lobby.
    store.leave_pools(&account.id).await?;
    for _ in 0..3 {
        // Below 2^53, so a browser's numbers hold it exactly; never 0.
        let id = (rand::random::<u64>() >> 11).max(1);
        let new = NewSeek {
            id: id as i64,
            account: account.id.clone(),
            game: setup.id().id().to_string(),
            options: setup.options(),
            rating_key: rating_key(&setup),
            rated: ask.rated,
            side: ask.side,
            range: ask.range,
            token_hash: hash_token(ask.token),
            pace: ask.pace,
        };
        match store.add_seek(&new, MAX_OPEN_SEEKS, now, fresh_since(now)).await? {
            Outcome::Done(()) => return Ok(id),
            Outcome::NotNow => return Err(LobbyRefusal::TooManySeeks(MAX_OPEN_SEEKS)),
            Outcome::Clash => continue,
        }
    }
    Err(LobbyRefusal::Later("more seeks"))
}

/// Takes the open seek `id` for `account`, whose seat token is `token`: the game is made with
/// both seats' token hashes in the transaction that takes the seek, then this connection is
/// seated in it.
pub async fn accept<S: Store>(
    registry: &Registry<S>,
    account: Option<&Account>,
    id: u64,
    token: &str,
) -> Result<Seated, LobbyRefusal> {
    let account = account.ok_or(LobbyRefusal::NotSignedIn)?;
    let store = registry.store();
    playban::check(store, Some(account)).await?;
    let now = now_secs();
    let row = store
        .seek(id as i64)
        .await?
        .filter(|r| r.taken.is_some() || r.heartbeat > fresh_since(now))
        .ok_or(LobbyRefusal::NoSuchSeek(id))?;
    if row.taken.is_some() {
        return Err(LobbyRefusal::Taken(id));
    }
    if row.seek.account == account.id {
        return Err(LobbyRefusal::OwnSeek(id));
    }
    if row.seek.rated && !account.named {
        return Err(LobbyRefusal::RatedNeedsName);
    }
    busy::check_free(store, &account.id).await?;
    if busy::playing(store, &row.seek.account).await?.is_some() {
        // Playing the game another accepter just made of this very seek: a race lost.
        let taken = store.seek(id as i64).await?.is_none_or(|r| r.taken.is_some());
        return Err(if taken {
            LobbyRefusal::Taken(id)
        } else {
            LobbyRefusal::SeekerPlaying(id)
        });
    }
    if let Some(range) = row.seek.range {
        let mine = store.rating(&account.id, &row.seek.rating_key).await?;
        let rating = views::shown_rating(mine.unwrap_or_default());
        if !range.contains(rating) {
            return Err(LobbyRefusal::OutOfRange {
                id,
                lo: range.lo,
                hi: range.hi,
                rating,
            });
        }
    }
    let seeker_seat = row.seek.side.seat(rand::random());
    let mut accounts = [account.id.clone(), account.id.clone()];
    accounts[seeker_seat.index()] = row.seek.account.clone();
    let mut tokens = [hash_token(token), hash_token(token)];
    tokens[seeker_seat.index()] = row.seek.token_hash.clone();
    for _ in 0..3 {
        let game = LobbyGame {
            code: random_code(),
            game: row.seek.game.clone(),
            options: row.seek.options.clone(),
            accounts: accounts.clone(),
            tokens: tokens.clone(),
            rated: row.seek.rated,
            rating_key: row.seek.rating_key.clone(),
            pace: row.seek.pace,
            started_ms: crate::store::now_ms(),
        };
        match store
            .take_seek(id as i64, &account.id, seeker_seat, &game, now, fresh_since(now))
            .await?
        {
            Outcome::Done(()) => return Ok(registry.resume(&game.code, token).await?),
            Outcome::NotNow => return Err(LobbyRefusal::Taken(id)),
            Outcome::Clash => continue,
        }
    }
    Err(CreateError::NoFreeCode.into())
}

/// Takes `account`'s seat in the unfinished lobby game `code` onto this connection's device,
/// under the new `token` (the device that held the seat takes it back the same way): a game by
/// correspondence is played from the phone the notice reached and the desktop alike.
pub async fn take_seat<S: Store>(
    registry: &Registry<S>,
    account: Option<&Account>,
    code: &str,
    token: &str,
) -> Result<Seated, LobbyRefusal> {
    let account = account.ok_or(LobbyRefusal::NotSignedIn)?;
    match registry
        .store()
        .move_seat(code, &account.id, &hash_token(token))
        .await?
    {
        Some(_) => Ok(registry.resume(code, token).await?),
        None => Err(LobbyRefusal::NoSeat(code.to_string())),
    }
}

/// Withdraws `account`'s open seek or pool entry `id`.
pub async fn cancel<S: Store>(store: &S, account: Option<&Account>, id: u64) -> Result<(), LobbyRefusal> {
    let account = account.ok_or(LobbyRefusal::NotSignedIn)?;
    if store.drop_seek(id as i64, &account.id).await? || store.leave_pool(id as i64, &account.id).await? {
        Ok(())
    } else {
        Err(LobbyRefusal::NoSuchSeek(id))
    }
}

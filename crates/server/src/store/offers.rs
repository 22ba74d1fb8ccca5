//! Offers in the database (migration 7): the pending offer of a game, the plies a seat made its
//! offers at, and the transactions that act on an answer — each decided by a conditional UPDATE
//! of the offer (`answer IS NULL`) and, for a draw or a takeback, by the `moves` row it takes,
//! so an offer is acted on once and never beside a move played at the same place, whichever
//! server hears the answer. Written once for both databases as a macro.

use std::future::Future;

use parlour_online::wire::{OfferKind, Seat};

use super::StoreError;
use super::accounts::Outcome;

/// An offer as stored.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Offer {
    /// The offering seat.
    pub seat: Seat,
    /// What is offered.
    pub kind: OfferKind,
    /// Moves played when it was made.
    pub ply: u32,
}

/// The game an accepted rematch makes: the old game's seats swapped.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rematch {
    /// The new game's invite code.
    pub code: String,
    /// Engine id.
    pub game: String,
    /// Canonical options.
    pub options: Vec<(String, String)>,
    /// Each seat's token hash, `[first, second]`.
    pub tokens: [String; 2],
    /// For a lobby game: each seat's account (`None` for a seat taken without one), whether
    /// rated, the rating key.
    pub lobby: Option<([Option<String>; 2], bool, String)>,
    /// The same pace as the game before.
    pub pace: parlour_online::wire::Pace,
}

/// What the offers ask of the database.
pub trait OfferStore: Send + Sync + 'static {
    /// The game's pending offer, if any.
    fn pending(&self, code: &str) -> impl Future<Output = Result<Option<Offer>, StoreError>> + Send;
    /// The ply of `seat`'s latest offer of `kind` in the game, answered or not.
    fn last_offer(
        &self,
        code: &str,
        seat: Seat,
        kind: OfferKind,
    ) -> impl Future<Output = Result<Option<u32>, StoreError>> + Send;
    /// Makes `offer` the game's pending one, first cancelling a pending draw or takeback made
    /// at another ply (left by a server that stopped between a move and its cancelling):
    /// [`Outcome::Clash`] when another offer is pending or the seat made this one before.
    fn put_offer(
        &self,
        code: &str,
        offer: Offer,
        now: i64,
    ) -> impl Future<Output = Result<Outcome<()>, StoreError>> + Send;
    /// Declines the pending `offer`; `false` when it was not pending any more.
    fn decline(&self, code: &str, offer: Offer) -> impl Future<Output = Result<bool, StoreError>> + Send;
    /// Cancels the game's pending draw or takeback (a move was played): the offer cancelled.
    fn cancel_offers(&self, code: &str) -> impl Future<Output = Result<Option<Offer>, StoreError>> + Send;
    /// Accepts the pending draw or takeback `offer` and stores `row` (`draw agreed`,
    /// `takeback <kept>`) as the game's `moves` row number `at`, made at `at_ms`, in one
    /// transaction: `false`, nothing written, when the offer was not pending any more or that
    /// row was taken.
    fn accept_row(
        &self,
        code: &str,
        offer: Offer,
        at: u32,
        row: &str,
        at_ms: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;
    /// Accepts the pending rematch `offer` and makes its game, in one transaction:
    /// [`Outcome::NotNow`] when the offer was not pending any more, [`Outcome::Clash`] for a
    /// code in use; nothing written then.
    fn accept_rematch(
        &self,
        code: &str,
        offer: Offer,
        game: &Rematch,
        now: i64,
    ) -> impl Future<Output = Result<Outcome<()>, StoreError>> + Send;
    /// How `offer` was answered (`accepted`, `declined`, `cancelled`), if it was.
    fn answer_of(&self, code: &str, offer: Offer) -> impl Future<Output = Result<Option<String>, StoreError>> + Send;
    /// The code of the game the game's accepted rematch made, if one was.
    fn rematch_of(&self, code: &str) -> impl Future<Output = Result<Option<String>, StoreError>> + Send;
}

pub(crate) const PENDING: &str = "SELECT seat, kind, ply FROM offers WHERE code = $1 AND answer IS NULL";
pub(crate) const LAST_OFFER: &str = "SELECT MAX(ply) FROM offers WHERE code = $1 AND seat = $2 AND kind = $3";
pub(crate) const CANCEL_STALE: &str = "UPDATE offers SET answer = 'cancelled'
     WHERE code = $1 AND answer IS NULL AND kind <> 'rematch' AND ply <> $2";
pub(crate) const PUT_OFFER: &str = "INSERT INTO offers (code, seat, kind, ply, created) VALUES ($1, $2, $3, $4, $5)";
pub(crate) const ANSWER: &str = "UPDATE offers SET answer = $5
     WHERE code = $1 AND seat = $2 AND kind = $3 AND ply = $4 AND answer IS NULL";
pub(crate) const CANCEL: &str = "UPDATE offers SET answer = 'cancelled'
     WHERE code = $1 AND answer IS NULL AND kind <> 'rematch' RETURNING seat, kind, ply";
pub(crate) const ROW: &str =
    "INSERT INTO moves (code, ply, mv, at_ms) VALUES ($1, $2, $3, $4) ON CONFLICT (code, ply) DO NOTHING";
pub(crate) const REMATCH_MADE: &str = "UPDATE offers SET answer = 'accepted', rematch = $5
     WHERE code = $1 AND seat = $2 AND kind = $3 AND ply = $4 AND answer IS NULL";
pub(crate) const ANSWER_OF: &str = "SELECT answer FROM offers WHERE code = $1 AND seat = $2 AND kind = $3 AND ply = $4";
pub(crate) const REMATCH_OF: &str =
    "SELECT rematch FROM offers WHERE code = $1 AND kind = 'rematch' AND rematch IS NOT NULL";

/// An offer from its columns.
pub(crate) fn offer_from((seat, kind, ply): (String, String, i32)) -> Result<Offer, StoreError> {
    let damaged = || StoreError::Damaged(format!("an offer {seat:?} {kind:?}"));
    Ok(Offer {
        seat: Seat::parse(&seat).ok_or_else(damaged)?,
        kind: OfferKind::parse(&kind).ok_or_else(damaged)?,
        ply: ply.max(0) as u32,
    })
}

/// The [`OfferStore`] of a store over a `sqlx` pool: `$notify` is a statement taking the game's
/// code that tells the other servers it changed (PostgreSQL's `pg_notify`; nothing on SQLite).
macro_rules! offer_store {
    ($store:ty, $pool:ident, $reads:ident, $begin:expr, $notify:expr) => {
        impl $crate::store::offers::OfferStore for $store {
            async fn pending(
                &self,
                code: &str,
            ) -> Result<Option<$crate::store::offers::Offer>, $crate::store::StoreError> {
                use $crate::store::offers::*;
                let row: Option<(String, String, i32)> = sqlx::query_as(PENDING)
                    .bind(code)
                    .fetch_optional(&self.$reads)
                    .await?;
                row.map(offer_from).transpose()
            }

            async fn last_offer(
                &self,
                code: &str,
                seat: parlour_online::wire::Seat,
                kind: parlour_online::wire::OfferKind,
            ) -> Result<Option<u32>, $crate::store::StoreError> {
                use $crate::store::offers::*;
                let (ply,): (Option<i32>,) = sqlx::query_as(LAST_OFFER)
                    .bind(code)
                    .bind(seat.word())
                    .bind(kind.word())
                    .fetch_one(&self.$reads)
                    .await?;
                Ok(ply.map(|p| p.max(0) as u32))
            }

            async fn put_offer(
                &self,
                code: &str,
                offer: $crate::store::offers::Offer,
                now: i64,
            ) -> Result<$crate::store::accounts::Outcome<()>, $crate::store::StoreError> {
                use $crate::store::accounts::{Outcome, is_clash};
                use $crate::store::offers::*;
                let mut tx = self.$pool.begin_with($begin).await?;
                // A rematch is asked for after the end: any draw or takeback still pending goes.
                let stale_unless = match offer.kind {
                    parlour_online::wire::OfferKind::Rematch => -1,
                    _ => offer.ply as i32,
                };
                sqlx::query(CANCEL_STALE)
                    .bind(code)
                    .bind(stale_unless)
                    .execute(&mut *tx)
                    .await?;
                let put = sqlx::query(PUT_OFFER)
                    .bind(code)
                    .bind(offer.seat.word())
                    .bind(offer.kind.word())
                    .bind(offer.ply as i32)
                    .bind(now)
                    .execute(&mut *tx)
                    .await;
                match put {
                    Ok(_) => {
                        sqlx::query($notify).bind(code).execute(&mut *tx).await?;
                        tx.commit().await?;
                        Ok(Outcome::Done(()))
                    }
                    Err(e) if is_clash(&e) => Ok(Outcome::Clash),
                    Err(e) => Err(e.into()),
                }
            }

            async fn decline(
                &self,
                code: &str,
                offer: $crate::store::offers::Offer,
            ) -> Result<bool, $crate::store::StoreError> {
                use $crate::store::offers::*;
                let mut tx = self.$pool.begin_with($begin).await?;
                let done = sqlx::query(ANSWER)
                    .bind(code)
                    .bind(offer.seat.word())
                    .bind(offer.kind.word())
                    .bind(offer.ply as i32)
                    .bind("declined")
                    .execute(&mut *tx)
                    .await?;
                if done.rows_affected() != 1 {
                    return Ok(false);
                }
                sqlx::query($notify).bind(code).execute(&mut *tx).await?;
                tx.commit().await?;
                Ok(true)
            }

            async fn cancel_offers(
                &self,
                code: &str,
            ) -> Result<Option<$crate::store::offers::Offer>, $crate::store::StoreError> {
                use $crate::store::offers::*;
                let row: Option<(String, String, i32)> = sqlx::query_as(CANCEL)
                    .bind(code)
                    .fetch_optional(&self.$pool)
                    .await?;
                row.map(offer_from).transpose()
            }

            async fn accept_row(
                &self,
                code: &str,
                offer: $crate::store::offers::Offer,
                at: u32,
                row: &str,
                at_ms: i64,
            ) -> Result<bool, $crate::store::StoreError> {
                use $crate::store::offers::*;
                let mut tx = self.$pool.begin_with($begin).await?;
                let answered = sqlx::query(ANSWER)
                    .bind(code)
                    .bind(offer.seat.word())
                    .bind(offer.kind.word())
                    .bind(offer.ply as i32)
                    .bind("accepted")
                    .execute(&mut *tx)
                    .await?;
                if answered.rows_affected() != 1 {
                    return Ok(false);
                }
                let stored = sqlx::query(ROW)
                    .bind(code)
                    .bind(at as i32)
                    .bind(row)
                    .bind(at_ms)
                    .execute(&mut *tx)
                    .await?;
                if stored.rows_affected() != 1 {
                    return Ok(false);
                }
                sqlx::query($notify).bind(code).execute(&mut *tx).await?;
                tx.commit().await?;
                Ok(true)
            }

            async fn accept_rematch(
                &self,
                code: &str,
                offer: $crate::store::offers::Offer,
                game: &$crate::store::offers::Rematch,
                now: i64,
            ) -> Result<$crate::store::accounts::Outcome<()>, $crate::store::StoreError> {
                use $crate::store::accounts::{Outcome, is_clash};
                use $crate::store::offers::*;
                use $crate::store::seeks::{INSERT_GAME, INSERT_PLAYERS};
                let mut tx = self.$pool.begin_with($begin).await?;
                let answered = sqlx::query(REMATCH_MADE)
                    .bind(code)
                    .bind(offer.seat.word())
                    .bind(offer.kind.word())
                    .bind(offer.ply as i32)
                    .bind(&game.code)
                    .execute(&mut *tx)
                    .await?;
                if answered.rows_affected() != 1 {
                    return Ok(Outcome::NotNow);
                }
                let made = sqlx::query(INSERT_GAME)
                    .bind(&game.code)
                    .bind(&game.game)
                    .bind($crate::store::options_text(&game.options))
                    .bind(&game.tokens[0])
                    .bind(&game.tokens[1])
                    .bind(now)
                    .bind($crate::store::pace_text(&game.pace))
                    .bind($crate::store::now_ms())
                    .bind($crate::games::first_check_at(&game.pace, $crate::store::now_ms()))
                    .execute(&mut *tx)
                    .await;
                let made = match (made, &game.lobby) {
                    (Ok(_), Some((accounts, rated, key))) => sqlx::query(INSERT_PLAYERS)
                        .bind(&game.code)
                        .bind(&accounts[0])
                        .bind(&accounts[1])
                        .bind(i32::from(*rated))
                        .bind(key)
                        .bind(now)
                        .execute(&mut *tx)
                        .await
                        .map(|_| ()),
                    (made, _) => made.map(|_| ()),
                };
                match made {
                    Ok(()) => {
                        sqlx::query($notify).bind(code).execute(&mut *tx).await?;
                        tx.commit().await?;
                        Ok(Outcome::Done(()))
                    }
                    Err(e) if is_clash(&e) => Ok(Outcome::Clash),
                    Err(e) => Err(e.into()),
                }
            }

            async fn answer_of(
                &self,
                code: &str,
                offer: $crate::store::offers::Offer,
            ) -> Result<Option<String>, $crate::store::StoreError> {
                use $crate::store::offers::*;
                let row: Option<(Option<String>,)> = sqlx::query_as(ANSWER_OF)
                    .bind(code)
                    .bind(offer.seat.word())
                    .bind(offer.kind.word())
                    .bind(offer.ply as i32)
                    .fetch_optional(&self.$reads)
                    .await?;
                Ok(row.and_then(|r| r.0))
            }

            async fn rematch_of(&self, code: &str) -> Result<Option<String>, $crate::store::StoreError> {
                use $crate::store::offers::*;
                let row: Option<(Option<String>,)> = sqlx::query_as(REMATCH_OF)
                    .bind(code)
                    .fetch_optional(&self.$reads)
                    .await?;
                Ok(row.and_then(|r| r.0))
            }
        }
    };
}

pub(crate) use offer_store;

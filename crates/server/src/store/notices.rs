//! The outbox of correspondence notices (issue 75, item 3), and where an account's notices go:
//! the rows, what the notifier asks of them ([`NoticeStore`]), and the statements, written once
//! for SQLite and PostgreSQL alike. A notice is written in the transaction that stores the move
//! that makes it due (or the game, for the first move), so none is lost; it is taken by one
//! server at a time with a lease, so none is sent by two.

use std::future::Future;

use parlour_online::wire::Seat;

use super::StoreError;
use super::accounts::Outcome;

/// The "your turn" notice and reminder a stored move (or a new game) makes due for the seat
/// that moves next, written with it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TurnNotice {
    /// The seat to move.
    pub seat: Seat,
    /// Moves played when the turn began.
    pub ply: u32,
    /// When the turn began (the notice is due then).
    pub began_ms: i64,
    /// When 80 % of the turn's time has gone (the reminder is due then).
    pub remind_ms: i64,
    /// When the turn's time runs out.
    pub deadline_ms: i64,
}

/// The first mover's notice of a game made by correspondence (`None` for any other pace).
pub fn first_notice(game: &super::seeks::LobbyGame) -> Option<TurnNotice> {
    let parlour_clock::Pace::Correspondence(days) = game.pace else {
        return None;
    };
    let turn = parlour_clock::Turn {
        began_at: game.started_ms,
        days,
    };
    Some(TurnNotice {
        seat: Seat::First,
        ply: 0,
        began_ms: game.started_ms,
        remind_ms: turn.reminder_at(),
        deadline_ms: turn.deadline(),
    })
}

/// One notice as the notifier reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NoticeRow {
    /// The game.
    pub code: String,
    /// Moves played when the turn began.
    pub ply: u32,
    /// `turn` or `reminder`.
    pub kind: String,
    /// The account to tell.
    pub account: String,
    /// Its seat.
    pub seat: Seat,
    /// When the turn's time runs out.
    pub deadline_ms: i64,
}

/// A browser's Web Push subscription as stored.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PushRow {
    /// The push service's address for this browser.
    pub endpoint: String,
    /// The browser's public key (base64url).
    pub p256dh: String,
    /// The browser's authentication secret (base64url).
    pub auth: String,
}

/// How a notice was settled.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Settled {
    /// Sent, to this many browsers (an e-mail digest may carry it later).
    Sent(u32),
    /// Not sent, and why: `moved`, `watching`, `over`.
    Skipped(&'static str),
}

/// What the notifier asks of the database.
pub trait NoticeStore: Send + Sync + 'static {
    /// The notices due at `now` and not taken (or taken before `lease_before` by a server that
    /// did not finish), the oldest first, at most `limit`.
    fn due_notices(
        &self,
        now: i64,
        lease_before: i64,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<NoticeRow>, StoreError>> + Send;
    /// Takes a notice for this server; `false` when another server has it or it is settled.
    fn claim_notice(
        &self,
        n: &NoticeRow,
        now: i64,
        lease_before: i64,
    ) -> impl Future<Output = Result<bool, StoreError>> + Send;
    /// Settles a notice taken.
    fn settle_notice(
        &self,
        n: &NoticeRow,
        how: Settled,
        now: i64,
    ) -> impl Future<Output = Result<(), StoreError>> + Send;
    /// An account's push subscriptions.
    fn push_rows(&self, account: &str) -> impl Future<Output = Result<Vec<PushRow>, StoreError>> + Send;
    /// Adds (or renews) a subscription; [`Outcome::NotNow`] when the account has `max` already.
    fn add_push(
        &self,
        account: &str,
        row: &PushRow,
        max: i64,
        now: i64,
    ) -> impl Future<Output = Result<Outcome<()>, StoreError>> + Send;
    /// Drops one subscription of an account (`None`: all of them).
    fn drop_push(&self, account: &str, endpoint: Option<&str>) -> impl Future<Output = Result<(), StoreError>> + Send;
    /// Sets (or with `None` removes) an account's e-mail address.
    fn set_mail(&self, account: &str, address: Option<&str>) -> impl Future<Output = Result<(), StoreError>> + Send;
    /// The accounts with an address, notices sent and not yet mailed, and no digest since
    /// `gap_before`: `(account, address)`, at most `limit`.
    fn mail_due(
        &self,
        gap_before: i64,
        limit: i64,
    ) -> impl Future<Output = Result<Vec<(String, String)>, StoreError>> + Send;
    /// Takes the account's next digest for this server (one server, one digest per gap): its
    /// number, counting from 1; `None` when another server took it.
    fn claim_mail(
        &self,
        account: &str,
        now: i64,
        gap_before: i64,
    ) -> impl Future<Output = Result<Option<u32>, StoreError>> + Send;
    /// Marks the account's sent notices settled by `now` as carried by a digest.
    fn mark_mailed(&self, account: &str, now: i64) -> impl Future<Output = Result<(), StoreError>> + Send;
    /// A key of the server's, made from `fresh` the first time it is asked for (by whichever
    /// server asks first: all then read the same).
    fn server_key(&self, name: &str, fresh: &str) -> impl Future<Output = Result<String, StoreError>> + Send;
}

/// A `TurnNotice`'s two rows (`$1` code, `$2` ply, `$3` kind, `$4` seat word, `$5` due,
/// `$6` deadline): the account is the seat's in `game_players`; a game without one (not from
/// the lobby) has none to tell.
pub(crate) const INSERT_NOTICE: &str =
    "INSERT INTO notices (code, ply, kind, account, seat, due_ms, deadline_ms, state)
     SELECT $1, $2, $3, CASE WHEN $4 = 'first' THEN p.first_account ELSE p.second_account END, $4, $5, $6, 'due'
     FROM game_players p WHERE p.code = $1
     AND (CASE WHEN $4 = 'first' THEN p.first_account ELSE p.second_account END) IS NOT NULL
     ON CONFLICT (code, ply, kind) DO NOTHING";
pub(crate) const DUE: &str = "SELECT code, ply, kind, account, seat, deadline_ms FROM notices
     WHERE (state = 'due' AND due_ms <= $1) OR (state = 'sending' AND claimed_ms < $2)
     ORDER BY due_ms LIMIT $3";
pub(crate) const CLAIM: &str = "UPDATE notices SET state = 'sending', claimed_ms = $4
     WHERE code = $1 AND ply = $2 AND kind = $3
     AND (state = 'due' OR (state = 'sending' AND claimed_ms < $5))";
pub(crate) const SETTLE: &str = "UPDATE notices SET state = $4, why = $5, pushed = $6, done_ms = $7
     WHERE code = $1 AND ply = $2 AND kind = $3 AND state = 'sending'";
pub(crate) const PUSH_ROWS: &str =
    "SELECT endpoint, p256dh, auth FROM push_subscriptions WHERE account = $1 ORDER BY created";
/// Holds the account's row to the transaction's end, so that two servers adding browsers at
/// once count one after the other (PostgreSQL reads committed rows; SQLite's writers queue).
pub(crate) const LOCK_ACCOUNT: &str = "UPDATE accounts SET created = created WHERE id = $1";
pub(crate) const COUNT_PUSH: &str = "SELECT COUNT(*) FROM push_subscriptions WHERE account = $1 AND endpoint <> $2";
pub(crate) const PUT_PUSH: &str = "INSERT INTO push_subscriptions (account, endpoint, p256dh, auth, created)
     VALUES ($1, $2, $3, $4, $5)
     ON CONFLICT (account, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth";
pub(crate) const DROP_PUSH: &str = "DELETE FROM push_subscriptions WHERE account = $1 AND ($2 = '' OR endpoint = $2)";
pub(crate) const PUT_MAIL: &str = "INSERT INTO mail_addresses (account, address) VALUES ($1, $2)
     ON CONFLICT (account) DO UPDATE SET address = excluded.address";
pub(crate) const DROP_MAIL: &str = "DELETE FROM mail_addresses WHERE account = $1";
pub(crate) const MAIL_DUE: &str = "SELECT m.account, m.address FROM mail_addresses m
     WHERE (m.last_mail_ms IS NULL OR m.last_mail_ms <= $1)
     AND EXISTS (SELECT 1 FROM notices n WHERE n.account = m.account AND n.state = 'sent' AND n.mailed_ms IS NULL)
     ORDER BY m.account LIMIT $2";
pub(crate) const CLAIM_MAIL: &str = "UPDATE mail_addresses SET last_mail_ms = $2, mails = mails + 1
     WHERE account = $1 AND (last_mail_ms IS NULL OR last_mail_ms <= $3) RETURNING mails";
pub(crate) const MARK_MAILED: &str = "UPDATE notices SET mailed_ms = $2
     WHERE account = $1 AND state = 'sent' AND mailed_ms IS NULL AND done_ms <= $2";
pub(crate) const PUT_KEY: &str = "INSERT INTO server_keys (name, key) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING";
pub(crate) const KEY: &str = "SELECT key FROM server_keys WHERE name = $1";

/// Writes a new turn's notice and reminder in the transaction `$tx` (a `&mut` connection).
macro_rules! write_turn_notice {
    ($tx:expr, $code:expr, $n:expr) => {{
        let n: &$crate::store::notices::TurnNotice = $n;
        let mut done = Ok(());
        for (kind, due) in [("turn", n.began_ms), ("reminder", n.remind_ms)] {
            if done.is_ok() {
                done = sqlx::query($crate::store::notices::INSERT_NOTICE)
                    .bind($code)
                    .bind(n.ply as i32)
                    .bind(kind)
                    .bind(n.seat.word())
                    .bind(due)
                    .bind(n.deadline_ms)
                    .execute(&mut *$tx)
                    .await
                    .map(|_| ());
            }
        }
        done
    }};
}
pub(crate) use write_turn_notice;

/// The [`NoticeStore`] of a store over a `sqlx` pool (`$pool` writes, `$reads` reads).
macro_rules! notice_store {
    ($store:ty, $pool:ident, $reads:ident, $begin:expr) => {
        impl $crate::store::notices::NoticeStore for $store {
            async fn due_notices(
                &self,
                now: i64,
                lease_before: i64,
                limit: i64,
            ) -> Result<Vec<$crate::store::notices::NoticeRow>, $crate::store::StoreError> {
                use $crate::store::notices::*;
                let rows: Vec<(String, i32, String, String, String, i64)> = sqlx::query_as(DUE)
                    .bind(now)
                    .bind(lease_before)
                    .bind(limit)
                    .fetch_all(&self.$reads)
                    .await?;
                rows.into_iter()
                    .map(|(code, ply, kind, account, seat, deadline_ms)| {
                        Ok(NoticeRow {
                            code,
                            ply: ply.max(0) as u32,
                            kind,
                            account,
                            seat: $crate::store::seeks::seat_from(&seat)?,
                            deadline_ms,
                        })
                    })
                    .collect()
            }

            async fn claim_notice(
                &self,
                n: &$crate::store::notices::NoticeRow,
                now: i64,
                lease_before: i64,
            ) -> Result<bool, $crate::store::StoreError> {
                let done = sqlx::query($crate::store::notices::CLAIM)
                    .bind(&n.code)
                    .bind(n.ply as i32)
                    .bind(&n.kind)
                    .bind(now)
                    .bind(lease_before)
                    .execute(&self.$pool)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn settle_notice(
                &self,
                n: &$crate::store::notices::NoticeRow,
                how: $crate::store::notices::Settled,
                now: i64,
            ) -> Result<(), $crate::store::StoreError> {
                use $crate::store::notices::Settled;
                let (state, why, pushed) = match how {
                    Settled::Sent(pushed) => ("sent", None, pushed as i32),
                    Settled::Skipped(why) => ("skipped", Some(why), 0),
                };
                sqlx::query($crate::store::notices::SETTLE)
                    .bind(&n.code)
                    .bind(n.ply as i32)
                    .bind(&n.kind)
                    .bind(state)
                    .bind(why)
                    .bind(pushed)
                    .bind(now)
                    .execute(&self.$pool)
                    .await?;
                Ok(())
            }

            async fn push_rows(
                &self,
                account: &str,
            ) -> Result<Vec<$crate::store::notices::PushRow>, $crate::store::StoreError> {
                let rows: Vec<(String, String, String)> = sqlx::query_as($crate::store::notices::PUSH_ROWS)
                    .bind(account)
                    .fetch_all(&self.$reads)
                    .await?;
                Ok(rows
                    .into_iter()
                    .map(|(endpoint, p256dh, auth)| $crate::store::notices::PushRow {
                        endpoint,
                        p256dh,
                        auth,
                    })
                    .collect())
            }

            async fn add_push(
                &self,
                account: &str,
                row: &$crate::store::notices::PushRow,
                max: i64,
                now: i64,
            ) -> Result<$crate::store::accounts::Outcome<()>, $crate::store::StoreError> {
                use $crate::store::accounts::Outcome;
                let mut tx = self.$pool.begin_with($begin).await?;
                sqlx::query($crate::store::notices::LOCK_ACCOUNT)
                    .bind(account)
                    .execute(&mut *tx)
                    .await?;
                let (others,): (i64,) = sqlx::query_as($crate::store::notices::COUNT_PUSH)
                    .bind(account)
                    .bind(&row.endpoint)
                    .fetch_one(&mut *tx)
                    .await?;
                if others >= max {
                    return Ok(Outcome::NotNow);
                }
                sqlx::query($crate::store::notices::PUT_PUSH)
                    .bind(account)
                    .bind(&row.endpoint)
                    .bind(&row.p256dh)
                    .bind(&row.auth)
                    .bind(now)
                    .execute(&mut *tx)
                    .await?;
                tx.commit().await?;
                Ok(Outcome::Done(()))
            }

            async fn drop_push(&self, account: &str, endpoint: Option<&str>) -> Result<(), $crate::store::StoreError> {
                sqlx::query($crate::store::notices::DROP_PUSH)
                    .bind(account)
                    .bind(endpoint.unwrap_or(""))
                    .execute(&self.$pool)
                    .await?;
                Ok(())
            }

            async fn set_mail(&self, account: &str, address: Option<&str>) -> Result<(), $crate::store::StoreError> {
                match address {
                    Some(a) => sqlx::query($crate::store::notices::PUT_MAIL)
                        .bind(account)
                        .bind(a),
                    None => sqlx::query($crate::store::notices::DROP_MAIL).bind(account),
                }
                .execute(&self.$pool)
                .await?;
                Ok(())
            }

            async fn mail_due(
                &self,
                gap_before: i64,
                limit: i64,
            ) -> Result<Vec<(String, String)>, $crate::store::StoreError> {
                Ok(sqlx::query_as($crate::store::notices::MAIL_DUE)
                    .bind(gap_before)
                    .bind(limit)
                    .fetch_all(&self.$reads)
                    .await?)
            }

            async fn claim_mail(
                &self,
                account: &str,
                now: i64,
                gap_before: i64,
            ) -> Result<Option<u32>, $crate::store::StoreError> {
                let row: Option<(i32,)> = sqlx::query_as($crate::store::notices::CLAIM_MAIL)
                    .bind(account)
                    .bind(now)
                    .bind(gap_before)
                    .fetch_optional(&self.$pool)
                    .await?;
                Ok(row.map(|(n,)| n.max(0) as u32))
            }

            async fn mark_mailed(&self, account: &str, now: i64) -> Result<(), $crate::store::StoreError> {
                sqlx::query($crate::store::notices::MARK_MAILED)
                    .bind(account)
                    .bind(now)
                    .execute(&self.$pool)
                    .await?;
                Ok(())
            }

            async fn server_key(&self, name: &str, fresh: &str) -> Result<String, $crate::store::StoreError> {
                sqlx::query($crate::store::notices::PUT_KEY)
                    .bind(name)
                    .bind(fresh)
                    .execute(&self.$pool)
                    .await?;
                let (key,): (String,) = sqlx::query_as($crate::store::notices::KEY)
                    .bind(name)
                    .fetch_one(&self.$pool)
                    .await?;
                Ok(key)
            }
        }
    };
}
pub(crate) use notice_store;

//! Accounts in the database: the rows, what the registry asks of them ([`AccountStore`]), and
//! the statements, written once for SQLite and PostgreSQL alike (both read `$1`). Every decision
//! is one transaction or one unique key: a name is free when the insert that takes it succeeds,
//! a pairing code is spent by the update that spends it.

use std::future::Future;

use super::StoreError;

/// An account as the registry reads it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AccountRow {
    /// Random id (128 bits as hex).
    pub id: String,
    /// The name as shown.
    pub name: String,
    /// Whether the name was chosen (a device account's is generated).
    pub named: bool,
}

/// A name as stored: as shown, its key (lower case) and its skeleton, each unique.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NameRow {
    /// As shown.
    pub name: String,
    /// Ignoring case.
    pub key: String,
    /// Its look.
    pub skeleton: String,
}

/// How a conditional write went.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome<T> {
    /// Written.
    Done(T),
    /// A unique key refused it (a name, a secret or a code in use); nothing was written.
    Clash,
    /// Its condition did not hold (the account is named already; the code is unknown, spent
    /// or expired); nothing was written.
    NotNow,
}

/// What the server asks of the database about accounts. Secrets and codes arrive as their
/// SHA-256 in hex: the database never sees one in clear.
pub trait AccountStore: Send + Sync + 'static {
    /// Makes an account with its first device's secret, in one transaction.
    fn create_account(
        &self,
        id: &str,
        name: &NameRow,
        named: bool,
        secret_hash: &str,
        now: i64,
    ) -> impl Future<Output = Result<Outcome<()>, StoreError>> + Send;
    /// Names a device account; [`Outcome::NotNow`] when it is named already.
    fn name_account(&self, id: &str, name: &NameRow) -> impl Future<Output = Result<Outcome<()>, StoreError>> + Send;
    /// The account a device's secret belongs to.
    fn account_of_secret(
        &self,
        secret_hash: &str,
    ) -> impl Future<Output = Result<Option<AccountRow>, StoreError>> + Send;
    /// The account with this id.
    fn account(&self, id: &str) -> impl Future<Output = Result<Option<AccountRow>, StoreError>> + Send;
    /// Whether a name is in use: `Some(true)` by its key (the same name in another case),
    /// `Some(false)` by its look only, `None` when free.
    fn name_used(&self, key: &str, skeleton: &str) -> impl Future<Output = Result<Option<bool>, StoreError>> + Send;
    /// Stores a pairing code for an account, valid until `expires`.
    fn add_pairing_code(
        &self,
        code_hash: &str,
        account: &str,
        expires: i64,
    ) -> impl Future<Output = Result<Outcome<()>, StoreError>> + Send;
    /// Spends a pairing code valid at `now` and adds the new device's secret to its account,
    /// in one transaction: [`Outcome::NotNow`] for a code unknown, spent or expired,
    /// [`Outcome::Clash`] for a secret some device holds already (the code is not spent then).
    fn pair(
        &self,
        code_hash: &str,
        secret_hash: &str,
        now: i64,
    ) -> impl Future<Output = Result<Outcome<AccountRow>, StoreError>> + Send;
    /// The account a pairing code (spent or not) was made for.
    fn account_of_code(&self, code_hash: &str) -> impl Future<Output = Result<Option<String>, StoreError>> + Send;
}

pub(crate) const INSERT_ACCOUNT: &str =
    "INSERT INTO accounts (id, name, name_key, skeleton, named, created) VALUES ($1, $2, $3, $4, $5, $6)";
pub(crate) const INSERT_SECRET: &str = "INSERT INTO account_secrets (hash, account, created) VALUES ($1, $2, $3)";
pub(crate) const NAME_ACCOUNT: &str =
    "UPDATE accounts SET name = $2, name_key = $3, skeleton = $4, named = 1 WHERE id = $1 AND named = 0";
pub(crate) const ACCOUNT_OF_SECRET: &str = "SELECT a.id, a.name, a.named FROM accounts a
     JOIN account_secrets s ON s.account = a.id WHERE s.hash = $1";
pub(crate) const ACCOUNT_BY_ID: &str = "SELECT id, name, named FROM accounts WHERE id = $1";
pub(crate) const NAME_USED: &str = "SELECT CASE WHEN name_key = $1 THEN 1 ELSE 0 END AS same FROM accounts
     WHERE name_key = $1 OR skeleton = $2 ORDER BY same DESC LIMIT 1";
pub(crate) const INSERT_CODE: &str = "INSERT INTO pairing_codes (hash, account, expires) VALUES ($1, $2, $3)";
pub(crate) const SPEND_CODE: &str = "UPDATE pairing_codes SET spent = $2
     WHERE hash = $1 AND spent IS NULL AND expires > $2 RETURNING account";
pub(crate) const ACCOUNT_OF_CODE: &str = "SELECT account FROM pairing_codes WHERE hash = $1";

/// An account's row as read: id, name, named (0 or 1).
pub(crate) type Row = (String, String, i32);

pub(crate) fn row(r: Row) -> AccountRow {
    AccountRow {
        id: r.0,
        name: r.1,
        named: r.2 != 0,
    }
}

/// A unique key refused the statement (the caller's transaction is rolled back).
pub(crate) fn is_clash(e: &sqlx::Error) -> bool {
    matches!(e, sqlx::Error::Database(d) if d.is_unique_violation())
}

/// The [`AccountStore`] of a store over a `sqlx` pool, written once for both databases:
/// `$pool` is the field holding the pool that writes, `$reads` the one that reads, `$begin` the
/// statement that opens a write transaction.
macro_rules! account_store {
    ($store:ty, $pool:ident, $reads:ident, $begin:expr) => {
        impl $crate::store::accounts::AccountStore for $store {
            async fn create_account(
                &self,
                id: &str,
                name: &$crate::store::accounts::NameRow,
                named: bool,
                secret_hash: &str,
                now: i64,
            ) -> Result<$crate::store::accounts::Outcome<()>, $crate::store::StoreError> {
                use $crate::store::accounts::*;
                let mut tx = self.$pool.begin_with($begin).await?;
                let made = sqlx::query(INSERT_ACCOUNT)
                    .bind(id)
                    .bind(&name.name)
                    .bind(&name.key)
                    .bind(&name.skeleton)
                    .bind(i32::from(named))
                    .bind(now)
                    .execute(&mut *tx)
                    .await;
                let made = match made {
                    Ok(_) => sqlx::query(INSERT_SECRET).bind(secret_hash).bind(id).bind(now).execute(&mut *tx).await,
                    Err(e) => Err(e),
                };
                match made {
                    Ok(_) => {
                        tx.commit().await?;
                        Ok(Outcome::Done(()))
                    }
                    Err(e) if is_clash(&e) => Ok(Outcome::Clash),
                    Err(e) => Err(e.into()),
                }
            }

            async fn name_account(
                &self,
                id: &str,
                name: &$crate::store::accounts::NameRow,
            ) -> Result<$crate::store::accounts::Outcome<()>, $crate::store::StoreError> {
                use $crate::store::accounts::*;
                let done = sqlx::query(NAME_ACCOUNT)
                    .bind(id)
                    .bind(&name.name)
                    .bind(&name.key)
                    .bind(&name.skeleton)
                    .execute(&self.$pool)
                    .await;
                match done {
                    Ok(r) if r.rows_affected() == 1 => Ok(Outcome::Done(())),
                    Ok(_) => Ok(Outcome::NotNow),
                    Err(e) if is_clash(&e) => Ok(Outcome::Clash),
                    Err(e) => Err(e.into()),
                }
            }

            async fn account_of_secret(
                &self,
                secret_hash: &str,
            ) -> Result<Option<$crate::store::accounts::AccountRow>, $crate::store::StoreError> {
                use $crate::store::accounts::*;
                let r: Option<Row> = sqlx::query_as(ACCOUNT_OF_SECRET)
                    .bind(secret_hash)
                    .fetch_optional(&self.$reads)
                    .await?;
                Ok(r.map(row))
            }

            async fn account(
                &self,
                id: &str,
            ) -> Result<Option<$crate::store::accounts::AccountRow>, $crate::store::StoreError> {
                use $crate::store::accounts::*;
                let r: Option<Row> = sqlx::query_as(ACCOUNT_BY_ID).bind(id).fetch_optional(&self.$reads).await?;
                Ok(r.map(row))
            }

            async fn name_used(&self, key: &str, skeleton: &str) -> Result<Option<bool>, $crate::store::StoreError> {
                use $crate::store::accounts::*;
                let r: Option<(i32,)> = sqlx::query_as(NAME_USED)
                    .bind(key)
                    .bind(skeleton)
                    .fetch_optional(&self.$reads)
                    .await?;
                Ok(r.map(|(same,)| same == 1))
            }

            async fn add_pairing_code(
                &self,
                code_hash: &str,
                account: &str,
                expires: i64,
            ) -> Result<$crate::store::accounts::Outcome<()>, $crate::store::StoreError> {
                use $crate::store::accounts::*;
                let done = sqlx::query(INSERT_CODE)
                    .bind(code_hash)
                    .bind(account)
                    .bind(expires)
                    .execute(&self.$pool)
                    .await;
                match done {
                    Ok(_) => Ok(Outcome::Done(())),
                    Err(e) if is_clash(&e) => Ok(Outcome::Clash),
                    Err(e) => Err(e.into()),
                }
            }

            async fn pair(
                &self,
                code_hash: &str,
                secret_hash: &str,
                now: i64,
            ) -> Result<$crate::store::accounts::Outcome<$crate::store::accounts::AccountRow>, $crate::store::StoreError>
            {
                use $crate::store::accounts::*;
                let mut tx = self.$pool.begin_with($begin).await?;
                let account: Option<(String,)> = sqlx::query_as(SPEND_CODE)
                    .bind(code_hash)
                    .bind(now)
                    .fetch_optional(&mut *tx)
                    .await?;
                let Some((account,)) = account else {
                    return Ok(Outcome::NotNow);
                };
                let added = sqlx::query(INSERT_SECRET)
                    .bind(secret_hash)
                    .bind(&account)
                    .bind(now)
                    .execute(&mut *tx)
                    .await;
                match added {
                    Ok(_) => {}
                    Err(e) if is_clash(&e) => return Ok(Outcome::Clash),
                    Err(e) => return Err(e.into()),
                }
                let r: Row = sqlx::query_as(ACCOUNT_BY_ID).bind(&account).fetch_one(&mut *tx).await?;
                tx.commit().await?;
                Ok(Outcome::Done(row(r)))
            }

            async fn account_of_code(&self, code_hash: &str) -> Result<Option<String>, $crate::store::StoreError> {
                use $crate::store::accounts::*;
                let r: Option<(String,)> = sqlx::query_as(ACCOUNT_OF_CODE)
                    .bind(code_hash)
                    .fetch_optional(&self.$reads)
                    .await?;
                Ok(r.map(|(a,)| a))
            }
        }
    };
}

pub(crate) use account_store;

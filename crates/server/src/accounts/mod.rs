//! Accounts without passwords: a device account made silently with a generated name, a name
//! chosen later (then it is a named account), sign-in by name and a device's secret, and
//! pairing codes that sign another device in. The database keeps only the SHA-256 of secrets
//! and codes; every decision is one transaction or one unique key there (see
//! [`crate::store::accounts`]), so several servers on one database agree without talking.

pub mod answer;
mod refusal;
#[cfg(test)]
mod tests;

use parlour_online::account::{self, Name, PAIRING_LEN};

pub use self::refusal::AccountRefusal;
use crate::games::{hash_token, random_text, random_token};
use crate::store::accounts::{AccountRow, AccountStore, NameRow, Outcome};

/// How long a pairing code is valid, in seconds.
pub const PAIRING_VALID_SECS: u32 = 600;
/// Characters of a generated name after `guest-`.
const GUEST_SUFFIX_LEN: usize = 6;
/// Fresh names or codes drawn before giving up (a clash is about never).
const DRAWS: usize = 4;

/// The account a connection is signed in to.
pub type Account = AccountRow;

fn name_row(name: &Name) -> NameRow {
    NameRow {
        name: name.as_str().to_string(),
        key: name.key(),
        skeleton: name.skeleton(),
    }
}

/// Why `name` cannot be stored: taken by its key, or by its look.
async fn clash<S: AccountStore>(store: &S, name: &Name) -> Result<AccountRefusal, AccountRefusal> {
    Ok(match store.name_used(&name.key(), &name.skeleton()).await? {
        Some(false) => AccountRefusal::LooksLike(name.to_string()),
        _ => AccountRefusal::Taken(name.to_string()),
    })
}

/// Makes an account whose first device holds `secret` (named when `name` is given, else under
/// a generated name). The same request again — the same secret, and the same name or none — is
/// answered with the account it made.
pub async fn create<S: AccountStore>(store: &S, secret: &str, name: Option<&str>) -> Result<Account, AccountRefusal> {
    if !account::is_secret(secret) {
        return Err(AccountRefusal::WrongSignIn);
    }
    let hash = hash_token(secret);
    let chosen = name.map(Name::parse).transpose()?;
    for _ in 0..DRAWS {
        if let Some(made) = store.account_of_secret(&hash).await? {
            return match &chosen {
                Some(n) if n.key() != made.name.to_ascii_lowercase() => Err(AccountRefusal::SecretInUse),
                _ => Ok(made),
            };
        }
        let name = chosen
            .clone()
            .unwrap_or_else(|| Name::guest(&random_text(GUEST_SUFFIX_LEN)));
        if let Some(n) = &chosen
            && store.name_used(&n.key(), &n.skeleton()).await?.is_some()
        {
            return Err(clash(store, n).await?);
        }
        let id = random_token();
        let named = chosen.is_some();
        match store
            .create_account(&id, &name_row(&name), named, &hash, now_secs())
            .await?
        {
            Outcome::Done(()) => {
                return Ok(Account {
                    id,
                    name: name.to_string(),
                    named,
                });
            }
            // A name taken (or the secret stored) meanwhile, perhaps by another server: look again.
            Outcome::Clash | Outcome::NotNow => continue,
        }
    }
    Err(AccountRefusal::NoneFree)
}

/// Signs in to the account `name` with one of its devices' secrets. Every wrong pair is
/// [`AccountRefusal::WrongSignIn`].
pub async fn login<S: AccountStore>(store: &S, name: &str, secret: &str) -> Result<Account, AccountRefusal> {
    if !account::is_secret(secret) {
        return Err(AccountRefusal::WrongSignIn);
    }
    match store.account_of_secret(&hash_token(secret)).await? {
        Some(a) if a.name.eq_ignore_ascii_case(name) => Ok(a),
        _ => Err(AccountRefusal::WrongSignIn),
    }
}

/// Gives the signed-in device account `signed` the name `name`. Asked again for the name it
/// already has, it answers as before; a named account keeps its name.
pub async fn choose_name<S: AccountStore>(store: &S, signed: &Account, name: &str) -> Result<Account, AccountRefusal> {
    let name = Name::parse(name)?;
    if signed.named {
        return if signed.name.eq_ignore_ascii_case(name.as_str()) {
            Ok(signed.clone())
        } else {
            Err(AccountRefusal::AlreadyNamed(signed.name.clone()))
        };
    }
    match store.name_account(&signed.id, &name_row(&name)).await? {
        Outcome::Done(()) => Ok(Account {
            id: signed.id.clone(),
            name: name.to_string(),
            named: true,
        }),
        Outcome::Clash => Err(clash(store, &name).await?),
        // Named meanwhile on another connection.
        Outcome::NotNow => {
            let now = store.account(&signed.id).await?;
            Err(AccountRefusal::AlreadyNamed(
                now.map_or_else(|| signed.name.clone(), |a| a.name),
            ))
        }
    }
}

/// A fresh pairing code for `signed`, valid [`PAIRING_VALID_SECS`] from `now`.
pub async fn pairing_code<S: AccountStore>(store: &S, signed: &Account, now: i64) -> Result<String, AccountRefusal> {
    for _ in 0..DRAWS {
        let code = random_text(PAIRING_LEN);
        let expires = now + i64::from(PAIRING_VALID_SECS);
        if let Outcome::Done(()) = store.add_pairing_code(&hash_token(&code), &signed.id, expires).await? {
            return Ok(code);
        }
    }
    Err(AccountRefusal::NoneFree)
}

/// Signs a new device holding `secret` in with `code` at `now`: the code is spent, the secret
/// added to its account. Sent again after a lost reply, it is answered with the same account.
pub async fn pair<S: AccountStore>(store: &S, code: &str, secret: &str, now: i64) -> Result<Account, AccountRefusal> {
    let code = code.to_ascii_lowercase();
    if !account::is_pairing_code(&code) || !account::is_secret(secret) {
        return Err(AccountRefusal::WrongCode);
    }
    let (code_hash, secret_hash) = (hash_token(&code), hash_token(secret));
    match store.pair(&code_hash, &secret_hash, now).await? {
        Outcome::Done(a) => Ok(a),
        outcome => {
            // This very device spent this code before (a re-send), or not.
            let holder = store.account_of_secret(&secret_hash).await?;
            let owner = store.account_of_code(&code_hash).await?;
            match (holder, owner) {
                (Some(a), Some(o)) if a.id == o => Ok(a),
                (Some(_), _) if outcome == Outcome::Clash => Err(AccountRefusal::SecretInUse),
                _ => Err(AccountRefusal::WrongCode),
            }
        }
    }
}

/// Seconds since 1970: the clock pairing codes are valid by.
pub fn now_secs() -> i64 {
    crate::store::now_secs()
}

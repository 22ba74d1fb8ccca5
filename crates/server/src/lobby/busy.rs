//! One live game at a time from the lobby (issue 74 item 7, "accepting two at once", and the load
//! test's "nobody in two games at once"): a player who sits in an unfinished live lobby game may
//! not seek, accept or join a pool, and a seek whose player sits in one cannot be accepted; the
//! pools' waves skip such members in the query that reads them. A correspondence game does not
//! count (its players play others meanwhile), nor one unfinished [`STALE_AFTER_S`] after it was
//! made (both players gone and nobody claimed it).

use super::refusal::LobbyRefusal;
use crate::store::seeks::STALE_AFTER_S;
use crate::store::{Store, now_secs};

/// The unfinished live lobby game `account` sits in, if any.
pub async fn playing<S: Store>(store: &S, account: &str) -> Result<Option<String>, LobbyRefusal> {
    Ok(store.playing(account, now_secs() - STALE_AFTER_S).await?)
}

/// Refuses `account`'s seek, accept or pool entry while it sits in a live game.
pub async fn check_free<S: Store>(store: &S, account: &str) -> Result<(), LobbyRefusal> {
    match playing(store, account).await? {
        Some(code) => Err(LobbyRefusal::Playing(code)),
        None => Ok(()),
    }
}

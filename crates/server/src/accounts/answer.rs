//! One account request, answered for one connection, which holds the account it is signed in
//! to (at most one). Failed sign-ins count against the address and the name; while either has
//! failed too often, every sign-in there waits, the right one too.

use parlour_online::account::NAME_MAX;
use parlour_online::wire::{Reply, Request};

use super::{Account, AccountRefusal, PAIRING_VALID_SECS, now_secs};
use crate::limits::Peer;
use crate::store::Store;

/// Answers `request` when it is about accounts, signing the connection in (`signed`) as it
/// says; any other request is given back.
pub async fn answer<S: Store>(
    store: &S,
    request: Request,
    signed: &mut Option<Account>,
    peer: Option<&Peer>,
) -> Result<Reply, Request> {
    let req = request.req();
    let result = match request {
        // Each new account is a row on disk: counted with the address's new games.
        Request::AccountNew { .. } if peer.is_some_and(|p| !p.gate.try_new(p.addr.ip())) => {
            let per_minute = peer.map_or(0.0, |p| p.gate.limits().new_games_per_minute);
            Err(AccountRefusal::TooManyNew(per_minute))
        }
        Request::AccountNew { secret, name, .. } => super::create(store, &secret, name.as_deref()).await,
        Request::Login { name, secret, .. } => {
            // Counted by name only for a name an account can have (the map stays small).
            let key = (name.chars().count() <= NAME_MAX).then(|| name.to_ascii_lowercase());
            gated(peer, key.as_deref(), super::login(store, &name, &secret)).await
        }
        Request::ChooseName { name, .. } => match signed.as_ref() {
            Some(a) => super::choose_name(store, a, &name).await,
            None => Err(AccountRefusal::NotSignedIn),
        },
        Request::PairingCode { .. } => {
            let Some(a) = signed.as_ref() else {
                return Ok(refused(req, AccountRefusal::NotSignedIn));
            };
            return Ok(match super::pairing_code(store, a, now_secs()).await {
                Ok(code) => Reply::PairingCode {
                    req,
                    code,
                    valid_secs: PAIRING_VALID_SECS,
                },
                Err(e) => refused(req, e),
            });
        }
        Request::Pair { code, secret, .. } => gated(peer, None, super::pair(store, &code, &secret, now_secs())).await,
        other => return Err(other),
    };
    Ok(match result {
        Ok(account) => {
            let reply = Reply::Account {
                req,
                name: account.name.clone(),
                named: account.named,
            };
            *signed = Some(account);
            reply
        }
        Err(e) => refused(req, e),
    })
}

fn refused(req: u64, e: AccountRefusal) -> Reply {
    Reply::Error {
        req: Some(req),
        message: e.to_string(),
    }
}

/// A sign-in, unless the address or the name must wait; a failure counted against both.
async fn gated(
    peer: Option<&Peer>,
    name: Option<&str>,
    attempt: impl Future<Output = Result<Account, AccountRefusal>>,
) -> Result<Account, AccountRefusal> {
    let Some(p) = peer else { return attempt.await };
    let (ip, per_minute) = (Some(p.addr.ip()), p.gate.limits().failed_sign_ins_per_minute);
    if let Some(secs) = p.gate.sign_ins.wait(per_minute, ip, name) {
        return Err(AccountRefusal::Wait(secs));
    }
    let result = attempt.await;
    if result.as_ref().is_err_and(AccountRefusal::is_failed_sign_in) {
        p.gate.sign_ins.failed(per_minute, ip, name);
    }
    result
}

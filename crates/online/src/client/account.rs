//! The account side of [`OnlineClient`]: making an account, signing in (by name and secret, or
//! with a pairing code shown on another device), choosing a name, asking for a pairing code.
//! The client chooses every device secret itself, so a request re-sent after a lost reply is
//! recognised by the server; once signed in, a reconnection signs in again before anything
//! else is re-sent.

use crate::wire::{Reply, Request};

use super::{Event, OnlineClient, SignedIn, fresh_secret};

/// The request number of the sign-in sent again after a reconnection.
pub(super) const SIGN_IN_AGAIN: u64 = u64::MAX;

impl OnlineClient {
    /// The account this connection is signed in to, if any.
    pub fn account(&self) -> Option<&SignedIn> {
        self.account.as_ref()
    }

    /// The last pairing code the server gave, with the seconds it was valid for.
    pub fn pairing(&self) -> Option<(&str, u32)> {
        self.pairing.as_ref().map(|(c, s)| (c.as_str(), *s))
    }

    /// Makes an account (named when `name` is given) with a secret chosen here; answered by
    /// [`Event::Account`].
    pub fn account_new(&mut self, name: Option<&str>) -> Result<u64, String> {
        let secret = fresh_secret()?;
        let name = name.map(str::to_string);
        Ok(self.request(|req| Request::AccountNew { req, secret, name }))
    }

    /// Signs in to `name` with `secret`.
    pub fn login(&mut self, name: &str, secret: &str) -> u64 {
        self.request(|req| Request::Login {
            req,
            name: name.to_string(),
            secret: secret.to_string(),
        })
    }

    /// Names the signed-in device account.
    pub fn choose_name(&mut self, name: &str) -> u64 {
        self.request(|req| Request::ChooseName {
            req,
            name: name.to_string(),
        })
    }

    /// Asks for a pairing code for the signed-in account; answered by [`Event::PairingCode`].
    pub fn pairing_code(&mut self) -> u64 {
        self.request(|req| Request::PairingCode { req })
    }

    /// Signs this device in with a pairing code shown on another, with a secret chosen here.
    pub fn pair(&mut self, code: &str) -> Result<u64, String> {
        let secret = fresh_secret()?;
        let code = code.trim().to_ascii_lowercase();
        Ok(self.request(|req| Request::Pair { req, code, secret }))
    }

    /// The sign-in to send first on a new connection, when this client was signed in.
    pub(super) fn sign_in_again(&self) -> Option<Request> {
        let account = self.account.as_ref()?;
        let pending = self.unanswered.values().any(|r| {
            matches!(
                r,
                Request::AccountNew { .. } | Request::Login { .. } | Request::Pair { .. }
            )
        });
        // By the secret alone (a re-sent `account_new` names the account its secret belongs
        // to), so a name chosen while the reply was lost does not lock the device out.
        (!pending).then(|| Request::AccountNew {
            req: SIGN_IN_AGAIN,
            secret: account.secret.clone(),
            name: None,
        })
    }

    /// The replies about accounts; `None` for the others.
    pub(super) fn account_reply(&mut self, reply: Reply) -> Option<Reply> {
        match reply {
            Reply::Account { req, name, named } => {
                let secret = match self.unanswered.remove(&req) {
                    Some(
                        Request::AccountNew { secret, .. }
                        | Request::Login { secret, .. }
                        | Request::Pair { secret, .. },
                    ) => Some(secret),
                    _ => None,
                };
                let secret = secret
                    .or_else(|| self.account.take().map(|a| a.secret))
                    .unwrap_or_default();
                self.account = Some(SignedIn { name, secret, named });
                self.events.push_back(Event::Account { req });
                None
            }
            Reply::PairingCode { req, code, valid_secs } => {
                self.unanswered.remove(&req);
                self.pairing = Some((code, valid_secs));
                self.events.push_back(Event::PairingCode { req });
                None
            }
            Reply::Error {
                req: Some(SIGN_IN_AGAIN),
                message,
            } => {
                // The account could not be signed in to again (its secret was withdrawn).
                self.account = None;
                self.events.push_back(Event::Refused {
                    req: Some(SIGN_IN_AGAIN),
                    message,
                });
                None
            }
            other => Some(other),
        }
    }
}

//! Why an account request was refused, each as the one sentence the player reads. Every wrong
//! sign-in — an unknown name, a wrong secret, one of the wrong shape — is the same sentence, so
//! the answer says nothing of which half was wrong; the same for pairing codes.

use parlour_online::account::NameError;

use crate::store::StoreError;

/// An account request refused; nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum AccountRefusal {
    /// The name breaks a rule of names (too short or long, a control or look-alike character,
    /// reserved): the rule's own sentence.
    #[error(transparent)]
    Name(#[from] NameError),
    /// Another account has this name, in some case.
    #[error("The name {0} is taken; choose another.")]
    Taken(String),
    /// Another account's name looks like this one.
    #[error("The name {0} looks too much like the name of another player; choose another.")]
    LooksLike(String),
    /// Any wrong name or secret.
    #[error("That name and secret do not match an account.")]
    WrongSignIn,
    /// Any wrong, spent or expired pairing code.
    #[error("That pairing code is wrong, used or expired; show a new one on your other device.")]
    WrongCode,
    /// The request needs an account and this connection has none.
    #[error("Sign in first: this connection is not signed in to an account.")]
    NotSignedIn,
    /// A named account asked for a name.
    #[error("This account is named {0} already, and a name cannot be changed.")]
    AlreadyNamed(String),
    /// The device's secret belongs to another account (a client reusing secrets).
    #[error("That device secret belongs to another account; make a fresh one for a new account.")]
    SecretInUse,
    /// Too many wrong sign-ins from this address or to this name.
    #[error("Too many wrong sign-ins from your address or to this name; wait {0} seconds and try again.")]
    Wait(u64),
    /// Too many new games and accounts from this address this minute.
    #[error("Too many new accounts and games from your address: at most {0} a minute; wait a minute and try again.")]
    TooManyNew(f64),
    /// No free name or code was drawn (about never).
    #[error("The server could not draw a free name or code; try again.")]
    NoneFree,
    /// The database failed: nothing was stored. Its own words go to the server's log.
    #[error("The server cannot store accounts right now ({}); nothing changed — try again later.", .0.for_player())]
    Store(#[from] StoreError),
}

impl AccountRefusal {
    /// Whether this refusal counts as a failed sign-in (against the address and the name).
    pub fn is_failed_sign_in(&self) -> bool {
        matches!(self, AccountRefusal::WrongSignIn | AccountRefusal::WrongCode)
    }
}

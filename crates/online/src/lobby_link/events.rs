//! What the lobby tells its owner, and this player's own seek as the lobby keeps it.

use web_time::Instant;

use crate::client::SignedIn;
use crate::wire::Seat;

/// What the lobby tells its owner.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum LobbyEvent {
    /// Signed in (made, signed in again, or named): keep this account for the next time.
    SignedIn(SignedIn),
    /// A game was made for this player: resume `seat` of game `code` with `token`.
    Matched {
        /// The invite code.
        code: String,
        /// The seat held.
        seat: Seat,
        /// The seat's token (chosen here).
        token: String,
    },
    /// The server refused something, or the connection dropped: a sentence for the player.
    Said(String),
    /// The server took a change (the notices): a sentence that confirms it.
    Done(String),
}

/// A seek of this player's, or its place in a quick-pairing pool ("Play now"), open or on its way.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OwnSeek {
    /// Its number, once the server has it.
    pub id: Option<u64>,
    /// The game's engine id.
    pub game: String,
    /// A pool's entry rather than a seek.
    pub pool: bool,
    /// When it was sent (the wait shown).
    pub since: Instant,
    /// The seat's token.
    pub(super) token: String,
}

//! Why a lobby request was refused, each as the one sentence the player reads. Nothing changed.

use crate::games::{CreateError, Refusal};
use crate::store::StoreError;

/// A lobby request refused; nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum LobbyRefusal {
    /// The request needs an account and this connection has none.
    #[error("Sign in first: the lobby needs an account (a device account will do for casual games).")]
    NotSignedIn,
    /// A rated game asked for by a device account.
    #[error("Only players with a chosen name play rated games: choose a name first, or play casual.")]
    RatedNeedsName,
    /// The game or its options are refused.
    #[error(transparent)]
    Setup(#[from] CreateError),
    /// The account has as many open seeks as it may.
    #[error("You have {0} open seeks already, the most one player may have; cancel one first.")]
    TooManySeeks(i64),
    /// No open seek has this number.
    #[error("There is no open seek {0}; it may have been taken or withdrawn.")]
    NoSuchSeek(u64),
    /// The seek is the accepter's own.
    #[error("Seek {0} is your own; wait for another player to accept it.")]
    OwnSeek(u64),
    /// Another player took the seek first.
    #[error("Seek {0} has just been taken by another player.")]
    Taken(u64),
    /// The accepter's rating is outside the seek's range.
    #[error("Seek {id} is for players rated {lo} to {hi}; your rating is {rating}.")]
    OutOfRange {
        /// The seek.
        id: u64,
        /// Lowest rating accepted.
        lo: u32,
        /// Highest rating accepted.
        hi: u32,
        /// The accepter's.
        rating: u32,
    },
    /// The player left too many games lately and must wait.
    #[error(
        "You left {left} games this week without finishing them: you may seek or accept a game again in {minutes} min."
    )]
    Waiting {
        /// Games left within the week.
        left: usize,
        /// Minutes still to wait.
        minutes: i64,
    },
    /// The player sits in an unfinished live game.
    #[error(
        "You are playing game {0}: finish it first (resign it, or claim it if your opponent has left) — one live game at a time."
    )]
    Playing(String),
    /// The seeker sits in an unfinished live game now.
    #[error("The player of seek {0} is playing another game now.")]
    SeekerPlaying(u64),
    /// The account sits in no seat of an unfinished lobby game with this code.
    #[error("You have no seat in an unfinished lobby game {0}.")]
    NoSeat(String),
    /// No account has this name.
    #[error("There is no player called {0}.")]
    NoSuchPlayer(String),
    /// Quick pairing by correspondence: nobody waits days in a pool.
    #[error("Quick pairing is for games played now: post a seek to play by correspondence.")]
    NoCorrespondencePool,
    /// A request this server does not answer yet.
    #[error("{0} come in a later version of this server.")]
    Later(&'static str),
    /// Seating failed after the game was made.
    #[error(transparent)]
    Seat(#[from] Refusal),
    /// The server's storage failed: nothing was acknowledged.
    #[error("the server cannot store games right now ({}); nothing changed — try again later", .0.for_player())]
    Store(#[from] StoreError),
}

//! Why an offer or an answer was refused, each as the one sentence the player reads. Nothing
//! changed.

use parlour_online::wire::OfferKind;

use super::{PlayRefusal, Refusal};
use crate::store::StoreError;

/// An offer or an answer refused; nothing changed.
#[derive(Debug, thiserror::Error)]
pub enum OfferRefusal {
    /// The game, the seat or the store refused it.
    #[error(transparent)]
    Game(#[from] Refusal),
    /// A draw offered in a game that always ends with a winner.
    #[error("{0} has no draws: every game of it ends with a winner.")]
    NoDraws(&'static str),
    /// A takeback asked for in a rated game.
    #[error("Takebacks are for casual games only; this game is rated.")]
    RatedTakeback,
    /// Takebacks are for untimed games.
    #[error("Takebacks are for untimed games; this game is on a clock.")]
    TimedTakeback,
    /// A rematch asked for while the game goes on.
    #[error("A rematch can be asked for once the game is over.")]
    NotOver,
    /// The other seat is still free.
    #[error("Nobody sits opposite you yet, so there is nobody to make an offer to.")]
    Alone,
    /// The offer names a position other than the game's.
    #[error("You made the offer at move {ply}, but the game has {played} moves now; look at the position again.")]
    OtherPosition {
        /// The ply the request named.
        ply: u32,
        /// Moves played.
        played: u32,
    },
    /// This seat's own offer is still waiting for an answer.
    #[error("You have offered {} already; wait for the answer.", words(*.0))]
    OwnPending(OfferKind),
    /// The other seat's offer waits for this seat's answer.
    #[error("Your opponent has offered {}; answer that first.", words(*.0))]
    OtherPending(OfferKind),
    /// The seat offered the same too recently.
    #[error("You offered {} at move {ply}; you may offer again from move {next}.", words(*kind))]
    TooSoon {
        /// What was offered.
        kind: OfferKind,
        /// When.
        ply: u32,
        /// The first ply it may be offered again at.
        next: u32,
    },
    /// The offering seat has not moved yet.
    #[error("You have no move to take back yet.")]
    NothingToTakeBack,
    /// No offer waits for an answer.
    #[error("There is no offer to answer in this game.")]
    NothingPending,
    /// The seat answered its own offer.
    #[error("That offer is your own; only your opponent can answer it.")]
    OwnOffer,
    /// The answer names another offer than the pending one.
    #[error(
        "The offer waiting for your answer was made at move {offered}, not at move {ply}; look at the position again."
    )]
    OtherOffer {
        /// The ply the answer named.
        ply: u32,
        /// The pending offer's.
        offered: u32,
    },
    /// A move or another answer was stored first.
    #[error(
        "The game changed while your answer was stored (a move or another answer came first); the offer no longer stands."
    )]
    Raced,
}

/// "a draw", "a takeback", "a rematch".
fn words(kind: OfferKind) -> &'static str {
    match kind {
        OfferKind::Draw => "a draw",
        OfferKind::Takeback => "a takeback",
        OfferKind::Rematch => "a rematch",
    }
}

impl From<StoreError> for OfferRefusal {
    fn from(e: StoreError) -> Self {
        OfferRefusal::Game(e.into())
    }
}

impl From<PlayRefusal> for OfferRefusal {
    fn from(e: PlayRefusal) -> Self {
        OfferRefusal::Game(e.into())
    }
}

//! What the client keeps of its game's offers: the pending one, an ending by agreement, the
//! rematch made; and which seat has gone.

use crate::wire::{OfferKind, Seat};

/// An offer waiting for its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PendingOffer {
    /// The offering seat.
    pub seat: Seat,
    /// What is offered.
    pub kind: OfferKind,
    /// Moves played when it was made.
    pub ply: u32,
}

/// What the client knows of its game's offers.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(super) struct OfferState {
    /// The offer waiting for an answer.
    pub(super) pending: Option<PendingOffer>,
    /// How the game ended other than by a move or a resignation: result and reason.
    pub(super) ended: Option<(String, String)>,
    /// The rematch's game and this client's seat there.
    pub(super) rematch: Option<(String, Seat)>,
    /// Per seat: gone, with the milliseconds until the game may be claimed as the server said
    /// them and when that arrived.
    pub(super) gone: [Option<(Option<i64>, web_time::Instant)>; 2],
}

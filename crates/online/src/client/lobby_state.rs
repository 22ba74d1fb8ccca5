//! What the client keeps of the lobby: answers by request number, open seeks' tokens, seeks
//! taken; and what a seek asks for.

use std::collections::BTreeMap;

use crate::wire::{RatingRange, Reply, Seat, SideChoice};

/// What the lobby's requests were answered, and the tokens of open seeks.
#[derive(Debug, Default)]
pub(super) struct LobbyState {
    /// Answers by request number, until read.
    pub(super) answers: BTreeMap<u64, Reply>,
    /// Each open seek's token, by the request that posted it and then by the seek's id.
    pub(super) seek_tokens: BTreeMap<u64, String>,
    /// The seek ids taken, with their game and this client's seat.
    pub(super) matched: BTreeMap<u64, (String, Seat)>,
}

/// A seek as [`super::OnlineClient::seek`] posts it.
#[derive(Clone, Debug, Default)]
pub struct SeekOptions {
    /// `key=value` options.
    pub options: Vec<(String, String)>,
    /// Rated or casual.
    pub rated: bool,
    /// The seat wanted.
    pub side: SideChoice,
    /// The ratings accepted.
    pub range: Option<RatingRange>,
    /// Untimed, a live clock or days a move.
    pub pace: parlour_clock::Pace,
}

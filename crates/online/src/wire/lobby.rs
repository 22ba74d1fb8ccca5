//! The lobby's types on the wire: seeks, live games, ratings, a player's page and offers.

use parlour_clock::Pace;
use serde::{Deserialize, Serialize};

use super::Seat;

/// The seat a seeker wants.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum SideChoice {
    /// The seat that moves first.
    First,
    /// The seat that moves second.
    Second,
    /// Either, drawn by the server when the seek is taken.
    #[default]
    Random,
}

impl SideChoice {
    /// The seeker's seat, `coin` deciding a random choice.
    pub fn seat(self, coin: bool) -> Seat {
        match self {
            SideChoice::First => Seat::First,
            SideChoice::Second => Seat::Second,
            SideChoice::Random if coin => Seat::First,
            SideChoice::Random => Seat::Second,
        }
    }

    /// The word on the wire and in the engine protocol (`first`, `second`, `random`).
    pub fn word(self) -> &'static str {
        match self {
            SideChoice::First => "first",
            SideChoice::Second => "second",
            SideChoice::Random => "random",
        }
    }

    /// Reads [`SideChoice::word`].
    pub fn parse(word: &str) -> Option<SideChoice> {
        [SideChoice::First, SideChoice::Second, SideChoice::Random]
            .into_iter()
            .find(|s| s.word() == word)
    }
}

/// The ratings a seeker will play, both ends included.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct RatingRange {
    /// The lowest rating accepted.
    pub lo: u32,
    /// The highest rating accepted.
    pub hi: u32,
}

impl RatingRange {
    /// Whether `rating` is in the range.
    pub fn contains(self, rating: u32) -> bool {
        (self.lo..=self.hi).contains(&rating)
    }
}

/// A rating as shown: rounded, with its deviation and how many rated games made it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rated {
    /// The rating, rounded.
    pub rating: u32,
    /// Its deviation (as it stands now, grown with time away), rounded.
    pub deviation: u32,
    /// Rated games played under this rating key.
    pub games: u32,
    /// Whether the deviation is still too wide to trust (shown with a `?`).
    pub provisional: bool,
}

/// A player as the lobby shows one: the name and, when there is one, the rating that matters
/// where it is shown (the game's rating key).
#[derive(Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct PlayerTag {
    /// The account's name as shown.
    pub name: String,
    /// The rating; `None` when the player has no rated game of that key yet.
    #[serde(default)]
    pub rating: Option<Rated>,
}

/// A player's lobby games: how many finished, and how many of those the player left
/// (abandoned, or did not make a first move in time).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Finished {
    /// Finished lobby games.
    pub games: u32,
    /// Of those, the ones the player left.
    pub left: u32,
}

impl Finished {
    /// The share of games the player saw through, in per cent (100 with no games).
    pub fn percent(&self) -> u32 {
        (100 * (self.games - self.left.min(self.games)))
            .checked_div(self.games)
            .unwrap_or(100)
    }
}

/// An open seek as listed in the lobby.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct SeekView {
    /// The seek's number, for `accept` and `cancel_seek`.
    pub id: u64,
    /// Who seeks.
    pub by: PlayerTag,
    /// The game's engine id.
    pub game: String,
    /// Options in canonical form.
    pub options: Vec<(String, String)>,
    /// Whether the game will be rated.
    pub rated: bool,
    /// The seat the seeker wants.
    pub side: SideChoice,
    /// The ratings the seeker will play, when limited.
    #[serde(default)]
    pub range: Option<RatingRange>,
    /// Untimed, a live clock or days a move.
    #[serde(default, skip_serializing_if = "Pace::is_untimed")]
    pub pace: Pace,
}

/// A game being played now, to watch.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct LiveGame {
    /// Invite code (for `watch`).
    pub code: String,
    /// The game's engine id.
    pub game: String,
    /// Options in canonical form.
    pub options: Vec<(String, String)>,
    /// The players (`[first, second]`), `None` for a seat taken without an account.
    pub players: [Option<PlayerTag>; 2],
    /// Moves played so far.
    pub ply: u32,
    /// Whether the game is rated.
    pub rated: bool,
    /// Untimed, a live clock or days a move.
    #[serde(default, skip_serializing_if = "Pace::is_untimed")]
    pub pace: Pace,
}

/// A game waiting for the player's move, as the "your turn" list shows it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct TurnGame {
    /// Invite code.
    pub code: String,
    /// The game's engine id.
    pub game: String,
    /// Options in canonical form.
    pub options: Vec<(String, String)>,
    /// The player's seat.
    pub seat: super::Seat,
    /// The opponent, `None` for a seat taken without an account.
    pub opponent: Option<PlayerTag>,
    /// Moves played so far.
    pub ply: u32,
    /// Untimed, a live clock or days a move.
    #[serde(default, skip_serializing_if = "Pace::is_untimed")]
    pub pace: Pace,
    /// By correspondence: when the move is due (Unix ms).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub deadline_ms: Option<i64>,
}

/// One of a player's ratings.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct RatingRow {
    /// The rating key ([`crate::lobby::rating_key`]).
    pub key: String,
    /// The rating.
    pub rating: Rated,
}

/// A rating as it stood after one rated game, for the player's graph.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct HistoryPoint {
    /// The rating key.
    pub key: String,
    /// When the game ended, in Unix seconds.
    pub at: i64,
    /// The rating after it, rounded.
    pub rating: u32,
}

/// One of a player's recent games, to open in the review.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct GameSummary {
    /// Invite code.
    pub code: String,
    /// The game's engine id.
    pub game: String,
    /// Options in canonical form.
    pub options: Vec<(String, String)>,
    /// The players (`[first, second]`).
    pub players: [Option<PlayerTag>; 2],
    /// Moves played.
    pub moves: u32,
    /// `first`, `second` or `draw`; `None` while the game goes on.
    #[serde(default)]
    pub result: Option<String>,
    /// Whether the game is rated.
    pub rated: bool,
    /// When it ended, in Unix seconds.
    #[serde(default)]
    pub ended_at: Option<i64>,
}

/// What one seat offers the other.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "snake_case")]
pub enum OfferKind {
    /// End the game drawn (only in games that can be drawn).
    Draw,
    /// Take back the offering seat's last move (casual games only).
    Takeback,
    /// A new game with the same options, sides swapped (after the game's end).
    Rematch,
}

impl OfferKind {
    /// The word on the wire and in the engine protocol.
    pub fn word(self) -> &'static str {
        match self {
            OfferKind::Draw => "draw",
            OfferKind::Takeback => "takeback",
            OfferKind::Rematch => "rematch",
        }
    }

    /// Reads [`OfferKind::word`].
    pub fn parse(word: &str) -> Option<OfferKind> {
        [OfferKind::Draw, OfferKind::Takeback, OfferKind::Rematch]
            .into_iter()
            .find(|k| k.word() == word)
    }
}

//! The wire format: one JSON object per WebSocket text frame. A client sends [`Request`]s, each
//! with a `req` number of its choosing; the server answers each with a [`Reply`] carrying the
//! same number, and pushes [`Reply::Moved`] and [`Reply::Joined`] to everyone following a game.
//!
//! A game is its engine id, its options and its move list. Seats are named by who moves first
//! (`first`, `second`), whatever the game calls its sides, so the wire needs no rules.
//!
//! The lobby's messages (seeks, live games, ratings, offers) use the types of [`lobby`].

mod error;
mod limits;
pub mod lobby;
mod reply;
mod request;
mod seat;

pub use self::error::{WireError, check_code, check_name, check_secret, check_token};
pub use self::limits::{
    CODE_ALPHABET, CODE_LEN, MAX_KEY_BYTES, MAX_MESSAGE_BYTES, MAX_OPTIONS, MAX_REPLY_BYTES, MAX_WORD_BYTES,
    RATING_RANGE, TOKEN_HEX_LEN,
};
pub use self::lobby::{
    Finished, GameSummary, HistoryPoint, LiveGame, OfferKind, PlayerTag, Rated, RatingRange, RatingRow, SeekView,
    SideChoice, TurnGame,
};
pub use self::reply::{EndView, GameView, Reply};
pub use self::request::Request;
pub use self::seat::Seat;
/// A game's pace and clock as the messages carry them (from `parlour-clock`).
pub use parlour_clock::{ClockView, Pace};

#[cfg(test)]
mod tests;

pub mod fuzzing;

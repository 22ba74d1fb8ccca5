//! Why a file was not loaded: [`LoadError`], one sentence for the player per case.

use thiserror::Error;

use crate::format::VERSION;

/// Why a file was not loaded. Each shows as a sentence that says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LoadError {
    /// No file at that place.
    #[error("There is no saved game there.")]
    Missing,
    /// The file could not be read at all.
    #[error("The file could not be read: {0}.")]
    Unreadable(String),
    /// Zero bytes.
    #[error("The file is empty, so there is no game in it.")]
    Empty,
    /// Not text, or text that is not JSON.
    #[error("This is not a saved game: the file is not JSON text.")]
    NotJson,
    /// JSON that stops part-way.
    #[error("The save is incomplete: the file stops part-way through, as if it was cut short while being written.")]
    Truncated,
    /// Well-formed JSON of some other kind.
    #[error("This is not a Parlour save: it is some other JSON file.")]
    Foreign,
    /// Written by a newer client.
    #[error(
        "This save was made by a newer version of Parlour (format version {0}); this one reads up to version {VERSION}."
    )]
    Newer(u32),
    /// The contents changed after the file was written.
    #[error("The save is damaged: {0}.")]
    Damaged(String),
    /// A game id this client does not have.
    #[error("The save is for a game this Parlour does not know ('{0}').")]
    UnknownGame(String),
    /// The stored position belongs to another game than the header says.
    #[error("The save says it is {0}, but the position stored in it is not a {0} position.")]
    WrongGame(String),
    /// The options cannot be read.
    #[error("The save's game options cannot be used: {0}.")]
    BadOptions(String),
    /// A move of the history cannot be played.
    #[error("Move {index} of the save ('{text}') cannot be replayed: {reason}.")]
    BadHistory {
        /// 1-based move number.
        index: usize,
        /// The move as stored.
        text: String,
        /// Why it fails.
        reason: String,
    },
    /// The history replays but ends on another position than the one stored.
    #[error("The save does not add up: replaying its moves does not give the position stored with them.")]
    Mismatch,
}

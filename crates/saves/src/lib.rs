//! parlour-saves: saved games on disk, without any Bevy — the versioned file format, encoding,
//! decoding with every check a file must pass before it may replace the game in progress, and
//! crash-safe writes. The client (as `parlour::save`) and its `store` and `settings` plugins
//! call into this; its tests exercise it directly, and the `save` fuzz target feeds
//! [`fuzzing::decode`] any bytes.
//!
//! A save is one JSON object: a header (`format` = `"parlour-save"`, `version`), the game id,
//! its options, who played each seat, the move history in the rule page's notation, the
//! serialized rules state after those moves, the review's analysis where the game was analysed
//! (version 3 on: a ply per move from the first, checked against the moves), and a checksum
//! over all of that. Loading parses,
//! checks the header, the checksum, then replays the history from the start position and
//! refuses the file unless the replay ends exactly on the stored state. A refusal is a
//! [`LoadError`] whose `Display` is a sentence for the player.

mod decode;
pub mod disk;
mod error;
mod folder;
mod format;
pub mod fuzzing;
pub mod online;
mod replay;
pub mod settings;

#[cfg(test)]
mod tests;

pub use decode::decode;
pub use error::LoadError;
pub use folder::{
    AUTOSAVE, IMPORT_LIMIT, ImportError, ImportRefusal, SaveEntry, age_words, import, list, load, saves_dir, store,
    summary,
};
pub use format::{FORMAT, SaveGame, VERSION, seal};
pub use replay::{replay, verify};

/// Crash-safe writes and the data directory, from the one module that knows the platform.
pub use disk::{data_dir, temp_path, write_atomic};

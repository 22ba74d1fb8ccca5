//! The folder of saved games: storing and loading files, importing one from outside, and the
//! load list with its summaries.

use std::io;
use std::path::{Path, PathBuf};

use parlour_rules::record::Level;

use crate::decode::decode;
use crate::disk::{self, write_atomic};
use crate::error::LoadError;
use crate::format::SaveGame;

/// The file the game in progress is saved to on exit.
pub const AUTOSAVE: &str = "autosave.json";

/// Reads and checks the save at `path`.
pub fn load(path: &Path) -> Result<SaveGame, LoadError> {
    match disk::read(path) {
        Ok(bytes) => decode(&bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(LoadError::Missing),
        Err(e) => Err(LoadError::Unreadable(e.to_string())),
    }
}

/// Encodes `save` and writes it crash-safely to `path`.
pub fn store(path: &Path, save: &SaveGame) -> io::Result<()> {
    write_atomic(path, save.encode().as_bytes())
}

/// The folder of saved games inside the data directory.
pub fn saves_dir(data: &Path) -> PathBuf {
    data.join("saves")
}

/// The largest file taken as a save to import (the longest real game's save is a few tens of
/// kilobytes; the browser's storage holds a few megabytes in all).
pub const IMPORT_LIMIT: usize = 1 << 20;

/// Adds a save brought in from outside — a file the player uploads into the browser's
/// storage — to the saves in `dir`, under a name made from `file_name` that replaces no save
/// already there. It is checked exactly as loading checks it (header, checksum, game, options,
/// the whole history replayed to the stored position); a refusal is the sentence of what is
/// wrong, with "Nothing was added.", and writes nothing.
pub fn import(dir: &Path, file_name: &str, bytes: &[u8]) -> Result<PathBuf, ImportError> {
    let refuse = |why: ImportRefusal| ImportError {
        file_name: file_name.to_string(),
        why,
    };
    if bytes.len() > IMPORT_LIMIT {
        return Err(refuse(ImportRefusal::TooLarge));
    }
    let save = decode(bytes).map_err(|e| refuse(ImportRefusal::NotASave(e)))?;
    // A name of plain letters, digits, '-' and '_' (no folders, no hidden files), never the
    // autosave's, and never one already taken.
    let stem: String = Path::new(file_name)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        .take(48)
        .collect();
    let stem = match stem.trim_start_matches(['-', '_']) {
        "" => "imported".to_string(),
        s if s == AUTOSAVE.trim_end_matches(".json") => format!("{s}-imported"),
        s => s.to_string(),
    };
    let taken = |p: &Path| disk::read(p).is_ok();
    let path = (1..)
        .map(|n| match n {
            1 => dir.join(format!("{stem}.json")),
            n => dir.join(format!("{stem}-{n}.json")),
        })
        .find(|p| !taken(p))
        .expect("some name is free");
    store(&path, &save).map_err(|e| refuse(ImportRefusal::Storage(e.to_string())))?;
    Ok(path)
}

/// A file that [`import`] did not add, and why; shown as one sentence that ends "Nothing was
/// added.".
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{file_name} was not added: {why} Nothing was added.")]
pub struct ImportError {
    /// The file's name, as the player gave it.
    pub file_name: String,
    /// Why it was refused.
    pub why: ImportRefusal,
}

/// Why [`import`] refused a file.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ImportRefusal {
    /// Larger than [`IMPORT_LIMIT`].
    #[error("it is over {} KB, far larger than any saved game.", IMPORT_LIMIT / 1024)]
    TooLarge,
    /// It does not load as a save.
    #[error("{0}")]
    NotASave(crate::LoadError),
    /// The storage would not take it.
    #[error("the browser's storage refused it ({0}).")]
    Storage(String),
}

/// A save file found on disk, for the load list.
#[derive(Clone, Debug)]
pub struct SaveEntry {
    /// Where it is.
    pub path: PathBuf,
    /// Its file name without `.json`.
    pub name: String,
    /// Seconds since it was last written (for "5 minutes ago").
    pub age_secs: u64,
    /// What is in it, or why it cannot be loaded.
    pub summary: Result<String, String>,
}

/// The saves in `dir`, newest first; temporary files of unfinished writes are skipped.
pub fn list(dir: &Path) -> Vec<SaveEntry> {
    disk::list(dir)
        .into_iter()
        .filter_map(|(path, age_secs)| {
            let name = path.file_name()?.to_str()?.to_string();
            if name.starts_with('.') || !name.ends_with(".json") {
                return None;
            }
            let summary = load(&path).map(|s| summary(&s)).map_err(|e| e.to_string());
            Some(SaveEntry {
                path,
                name: name.trim_end_matches(".json").to_string(),
                age_secs,
                summary,
            })
        })
        .collect()
}

/// One line about a save: the game, who plays, how far it has gone.
pub fn summary(s: &SaveGame) -> String {
    let who = |p: Option<Level>| p.map(|l| format!("computer ({})", l.name())).unwrap_or("human".into());
    format!(
        "{}, {} moves — {} v {}",
        s.game.name(),
        s.moves.len(),
        who(s.players[0]),
        who(s.players[1])
    )
}

/// Words for an age in seconds ("just now", "5 minutes ago", "2 days ago").
pub fn age_words(secs: u64) -> String {
    let unit = |n: u64, w: &str| format!("{n} {w}{} ago", if n == 1 { "" } else { "s" });
    match secs {
        0..60 => "just now".into(),
        60..3600 => unit(secs / 60, "minute"),
        3600..86_400 => unit(secs / 3600, "hour"),
        _ => unit(secs / 86_400, "day"),
    }
}

//! Where the tables are found, and the ones this process has loaded: each table is read once
//! (with its header, length and checksum checked) and shared; a file found wanting is reported
//! once, in a sentence on standard error, and never used.
//!
//! The folder is the one [`set_dir`] names (the engine's and the client's: `PARLOUR_TABLES` or
//! the data directory's `tables/`), else `PARLOUR_TABLES`; with neither, no table is used.
//!
//! A missing file is not remembered: the next lookup looks again, so a table built while the
//! program runs (by the client's Settings or the engine) is found at once. What is remembered
//! is kept with the file's size and time of change, and a file that changed is read again.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};
use std::time::SystemTime;

use parlour_rules::soldiers::SoldiersOptions;

use super::file::{TableError, file_name};
use super::table::Table;

/// A file's size and time of change: a file rewritten since it was read is read again.
type Stamp = (u64, Option<SystemTime>);

/// Tables loaded (or found wanting, with the sentence saying why) in this process, by path.
type Cache = Mutex<HashMap<PathBuf, (Stamp, Result<Arc<Table>, String>)>>;

static CACHE: OnceLock<Cache> = OnceLock::new();
static DIR: Mutex<Option<PathBuf>> = Mutex::new(None);
/// Held while a table is read, so that two threads asking at once read it only once (the
/// cache itself is never locked for longer than a look).
static LOADING: Mutex<()> = Mutex::new(());

fn cache() -> &'static Cache {
    CACHE.get_or_init(|| Mutex::new(HashMap::new()))
}

/// Names the folder tables are looked for in from now on (`None`: `PARLOUR_TABLES` only).
pub fn set_dir(dir: Option<PathBuf>) {
    if let Ok(mut d) = DIR.lock() {
        *d = dir;
    }
}

/// The folder tables are looked for in: [`set_dir`]'s, else `PARLOUR_TABLES`.
pub fn dir() -> Option<PathBuf> {
    let set = DIR.lock().ok().and_then(|d| d.clone());
    set.or_else(|| {
        std::env::var_os("PARLOUR_TABLES")
            .filter(|d| !d.is_empty())
            .map(PathBuf::from)
    })
}

/// The table of `options` from the folder tables are looked for in, if one is there and sound.
pub fn table_for(options: &SoldiersOptions) -> Option<Arc<Table>> {
    table_in(options, &dir()?)
}

fn stamp(path: &Path) -> Option<Stamp> {
    let m = std::fs::metadata(path).ok()?;
    Some((m.len(), m.modified().ok()))
}

/// What the cache holds for `path` while the file is still the one read.
fn cached(path: &Path, now: Stamp) -> Option<Result<Arc<Table>, String>> {
    let map = cache().lock().ok()?;
    map.get(path).filter(|(s, _)| *s == now).map(|(_, r)| r.clone())
}

/// The table of `options` from `dir`, loaded once per process (again if the file changes). A
/// missing file is simply not used (and looked for again next time); a truncated, corrupt or
/// other rules' one is reported once and not used either.
pub fn table_in(options: &SoldiersOptions, dir: &Path) -> Option<Arc<Table>> {
    let path = dir.join(file_name(options));
    let Some(now) = stamp(&path) else {
        forget_path(&path);
        return None;
    };
    if let Some(r) = cached(&path, now) {
        return r.ok();
    }
    let _reading = LOADING.lock().ok()?;
    // Another thread may have read it while this one waited.
    if let Some(r) = cached(&path, now) {
        return r.ok();
    }
    let loaded = match Table::load(options, dir) {
        Ok(t) => Ok(Arc::new(t)),
        Err(TableError::Missing { .. }) => return None,
        Err(e) => {
            eprintln!("parlour: {e}; the computer searches instead");
            Err(capitalised(&e.to_string()))
        }
    };
    let kept = loaded.as_ref().ok().cloned();
    if let Ok(mut map) = cache().lock() {
        map.insert(path, (now, loaded));
    }
    kept
}

/// Forgets what this process knows of the table of `options` in `dir` (after writing a new
/// one there): the next lookup reads the file.
pub fn forget(options: &SoldiersOptions, dir: &Path) {
    forget_path(&dir.join(file_name(options)));
}

fn forget_path(path: &Path) {
    if let Ok(mut map) = cache().lock() {
        map.remove(path);
    }
}

/// Whether the table of a board and rule set is there to use, as a player is told.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Presence {
    /// No file.
    Missing,
    /// A file whose header and length are right (its checksum is checked when it is first
    /// used), of this many bytes.
    OnDisk(u64),
    /// Read and checked, in use: the file's bytes.
    Loaded(u64),
    /// A file that cannot be used: the sentence saying why.
    Bad(String),
}

/// What [`table_in`] would find for `options` in `dir`, without reading the values: cheap
/// enough for a window drawn every frame (a look at the file and its header at most).
pub fn presence(options: &SoldiersOptions, dir: &Path) -> Presence {
    let path = dir.join(file_name(options));
    let Some(now) = stamp(&path) else {
        return Presence::Missing;
    };
    match cached(&path, now) {
        Some(Ok(_)) => Presence::Loaded(now.0),
        Some(Err(why)) => Presence::Bad(why),
        None => match Table::inspect(options, dir) {
            Ok(bytes) => Presence::OnDisk(bytes),
            Err(TableError::Missing { .. }) => Presence::Missing,
            Err(e) => Presence::Bad(capitalised(&e.to_string())),
        },
    }
}

/// `text` with its first letter in capitals, a full stop at its end: a sentence.
fn capitalised(text: &str) -> String {
    let mut chars = text.chars();
    let mut s: String = chars.next().map(|c| c.to_uppercase().collect()).unwrap_or_default();
    s.push_str(chars.as_str());
    if !s.ends_with('.') {
        s.push('.');
    }
    s
}

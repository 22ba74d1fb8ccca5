//! Where the tables are found, and the ones this process has loaded: each table is read once
//! (with its header, length and checksum checked) and shared; a file found wanting is reported
//! once, in a sentence on standard error, and never used.
//!
//! The folder is the one [`set_dir`] names (the engine's and the client's: `PARLOUR_TABLES` or
//! the data directory's `tables/`), else `PARLOUR_TABLES`; with neither, no table is used.

use std::collections::HashMap;
use std::path::{Path, PathBuf};
use std::sync::{Arc, Mutex, OnceLock};

use parlour_rules::soldiers::SoldiersOptions;

use super::file::{TableError, file_name};
use super::table::Table;

/// Tables loaded (or found wanting) in this process, by path.
type Cache = Mutex<HashMap<PathBuf, Option<Arc<Table>>>>;

static CACHE: OnceLock<Cache> = OnceLock::new();
static DIR: Mutex<Option<PathBuf>> = Mutex::new(None);

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

/// The table of `options` from `dir`, loaded once per process. A missing file is simply not
/// used; a truncated, corrupt or other rules' one is reported once and not used either.
pub fn table_in(options: &SoldiersOptions, dir: &Path) -> Option<Arc<Table>> {
    let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
    let path = dir.join(file_name(options));
    let mut map = cache.lock().ok()?;
    map.entry(path)
        .or_insert_with(|| match Table::load(options, dir) {
            Ok(t) => Some(Arc::new(t)),
            Err(TableError::Missing { .. }) => None,
            Err(e) => {
                eprintln!("parlour: {e}; the computer searches instead");
                None
            }
        })
        .clone()
}

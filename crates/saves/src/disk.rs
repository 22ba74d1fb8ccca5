//! Where Parlour's files live, the one place that differs between the desktop and the browser:
//! files in the data directory on the desktop; the page's `localStorage` in the browser (one
//! entry per path, written whole by one `setItem`, so the old value stays until the new one is
//! complete — the same promise as the desktop's write-then-rename).

use std::io;
use std::path::{Path, PathBuf};

pub use imp::{list, read, write_atomic};

/// Where a write to `path` is staged before the rename: beside it, in the same directory,
/// so the rename never crosses file systems.
pub fn temp_path(path: &Path) -> PathBuf {
    let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("file");
    path.with_file_name(format!(".{name}.{}.tmp", std::process::id()))
}

/// Seconds since a file was last written, for "5 minutes ago".
pub type AgeSecs = u64;

#[cfg(not(target_arch = "wasm32"))]
mod imp {
    use std::fs;
    use std::io::{self, Write};
    use std::path::{Path, PathBuf};

    use super::AgeSecs;

    /// The file's bytes.
    pub fn read(path: &Path) -> io::Result<Vec<u8>> {
        fs::read(path)
    }

    /// Writes `bytes` to `path` so that a crash at any moment leaves either the old file or the
    /// new one, never a mix: write a temporary file beside it, flush it to disk, rename it over
    /// `path`, then flush the directory entry.
    pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
        let dir = path
            .parent()
            .filter(|d| !d.as_os_str().is_empty())
            .unwrap_or(Path::new("."));
        fs::create_dir_all(dir)?;
        let tmp = super::temp_path(path);
        let result = (|| {
            let mut f = fs::File::create(&tmp)?;
            f.write_all(bytes)?;
            f.sync_all()?;
            drop(f);
            fs::rename(&tmp, path)
        })();
        if result.is_err() {
            let _ = fs::remove_file(&tmp);
        }
        result?;
        if let Ok(d) = fs::File::open(dir) {
            // Not every platform can sync a directory; the rename has happened either way.
            let _ = d.sync_all();
        }
        Ok(())
    }

    /// The files directly in `dir` with their ages, newest first.
    pub fn list(dir: &Path) -> Vec<(PathBuf, AgeSecs)> {
        let Ok(rd) = fs::read_dir(dir) else { return Vec::new() };
        let mut out: Vec<(PathBuf, std::time::SystemTime)> = rd
            .flatten()
            .map(|e| {
                let modified = e.metadata().and_then(|m| m.modified()).unwrap_or(std::time::UNIX_EPOCH);
                (e.path(), modified)
            })
            .collect();
        out.sort_by_key(|e| std::cmp::Reverse(e.1));
        out.into_iter()
            .map(|(p, m)| (p, m.elapsed().map(|d| d.as_secs()).unwrap_or(0)))
            .collect()
    }
}

#[cfg(target_arch = "wasm32")]
mod imp {
    use std::io;
    use std::path::{Path, PathBuf};

    use super::AgeSecs;

    const PREFIX: &str = "parlour:";
    const STAMP: &str = "parlour-written:";

    fn storage() -> io::Result<web_sys::Storage> {
        web_sys::window()
            .and_then(|w| w.local_storage().ok().flatten())
            .ok_or_else(|| io::Error::other("this browser keeps no local storage for the page"))
    }

    fn key(path: &Path) -> String {
        format!("{PREFIX}{}", path.to_string_lossy())
    }

    fn now_ms() -> f64 {
        js_sys::Date::now()
    }

    /// The entry's bytes.
    pub fn read(path: &Path) -> io::Result<Vec<u8>> {
        match storage()?.get_item(&key(path)) {
            Ok(Some(text)) => Ok(text.into_bytes()),
            Ok(None) => Err(io::ErrorKind::NotFound.into()),
            Err(_) => Err(io::Error::other("the browser refused to read its storage")),
        }
    }

    /// Writes the entry whole (the old value stays until `setItem` has taken the new one).
    pub fn write_atomic(path: &Path, bytes: &[u8]) -> io::Result<()> {
        let text = std::str::from_utf8(bytes).map_err(|_| io::Error::other("only text is kept in the browser"))?;
        let s = storage()?;
        s.set_item(&key(path), text)
            .map_err(|_| io::Error::other("the browser's storage is full or refused the write"))?;
        let _ = s.set_item(&format!("{STAMP}{}", path.to_string_lossy()), &now_ms().to_string());
        Ok(())
    }

    /// The entries directly under `dir`, newest first.
    pub fn list(dir: &Path) -> Vec<(PathBuf, AgeSecs)> {
        let Ok(s) = storage() else { return Vec::new() };
        let n = s.length().unwrap_or(0);
        let now = now_ms();
        let mut out: Vec<(PathBuf, f64)> = (0..n)
            .filter_map(|i| s.key(i).ok().flatten())
            .filter_map(|k| k.strip_prefix(PREFIX).map(PathBuf::from))
            .filter(|p| p.parent() == Some(dir))
            .map(|p| {
                let stamp = s
                    .get_item(&format!("{STAMP}{}", p.to_string_lossy()))
                    .ok()
                    .flatten()
                    .and_then(|t| t.parse::<f64>().ok())
                    .unwrap_or(0.0);
                (p, stamp)
            })
            .collect();
        out.sort_by(|a, b| b.1.total_cmp(&a.1));
        out.into_iter()
            .map(|(p, stamp)| (p, ((now - stamp).max(0.0) / 1000.0) as AgeSecs))
            .collect()
    }
}

/// Copies a file (a damaged one kept aside before the defaults replace it).
pub fn copy(from: &Path, to: &Path) -> io::Result<()> {
    write_atomic(to, &read(from)?)
}

/// The directory saves and settings live in: `PARLOUR_DATA_DIR` when set (tests, portable
/// installs), else the platform's usual data directory, else `./parlour-data`; in the browser
/// a name under which the page's storage keeps the same files.
pub fn data_dir() -> PathBuf {
    #[cfg(target_arch = "wasm32")]
    {
        PathBuf::from("/parlour")
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        if let Some(d) = std::env::var_os("PARLOUR_DATA_DIR").filter(|d| !d.is_empty()) {
            return PathBuf::from(d);
        }
        directories::ProjectDirs::from("org", "Parlour", "Parlour")
            .map(|p| p.data_dir().to_path_buf())
            .unwrap_or_else(|| PathBuf::from("parlour-data"))
    }
}

//! The online games this player has a seat in (`online-games.json` in the data directory):
//! the server, the invite code and the seat's secret token, so an unfinished game can be
//! resumed after the program is closed; and this device's account on each server (its name
//! and secret), made silently the first time the lobby is opened. Written atomically; a damaged or foreign file is
//! refused with a sentence and never half-read.

use std::path::{Path, PathBuf};

use serde::{Deserialize, Serialize};

/// The file's format marker.
const FORMAT: &str = "parlour-online-games";
/// The most games kept (the oldest are dropped).
pub const MAX_GAMES: usize = 50;

/// One seat held in an online game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnlineEntry {
    /// The server, as typed (`http://host:port`).
    pub server: String,
    /// The invite code.
    pub code: String,
    /// The seat's secret token.
    pub token: String,
    /// The game (written as its engine id).
    pub game: parlour_rules::GameId,
    /// Its options.
    pub options: Vec<(String, String)>,
    /// `first` or `second`.
    pub seat: String,
    /// When this entry was last touched (seconds since 1970).
    pub touched: u64,
}

/// This device's account on one server: the secret signs it in (the server keeps only its
/// hash), the name is what the lobby shows.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct DeviceAccount {
    /// The server, as typed.
    pub server: String,
    /// The account's name as last shown.
    pub name: String,
    /// Whether the name was chosen (a device account's is generated).
    pub named: bool,
    /// This device's secret for it.
    pub secret: String,
}

/// Every seat held, newest first, the last server used, and this device's accounts.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct OnlineBook {
    /// The last server address typed.
    pub last_server: String,
    /// The seats, newest first.
    pub games: Vec<OnlineEntry>,
    /// One account a server at most (a book written before accounts has none).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub accounts: Vec<DeviceAccount>,
}

#[derive(Serialize, Deserialize)]
struct File {
    format: String,
    version: u32,
    #[serde(flatten)]
    book: OnlineBook,
}

/// Why the list of online games was not read; each shows as a sentence.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum BookError {
    /// The file is there but could not be read.
    #[error("the list of online games could not be read ({0})")]
    Unreadable(String),
    /// It is damaged.
    #[error("the list of online games is damaged ({0}); it was left as it is")]
    Damaged(String),
    /// Some other file.
    #[error("'{0}' is not Parlour's list of online games")]
    Foreign(String),
    /// Written by a newer Parlour.
    #[error("the list of online games is version {0}; this Parlour reads version 1")]
    Newer(u32),
}

/// Where the book lives in the data directory.
pub fn book_path(data: &Path) -> PathBuf {
    data.join("online-games.json")
}

impl OnlineBook {
    /// Reads a book; a missing file is an empty book, a damaged or foreign one a sentence.
    pub fn load(path: &Path) -> Result<OnlineBook, BookError> {
        let bytes = match crate::disk::read(path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(OnlineBook::default()),
            Err(e) => return Err(BookError::Unreadable(e.to_string())),
        };
        Self::decode(&bytes)
    }

    /// Reads a book from its bytes.
    pub fn decode(bytes: &[u8]) -> Result<OnlineBook, BookError> {
        let damaged = BookError::Damaged;
        if bytes.len() > 1 << 20 {
            return Err(damaged("it is larger than a megabyte".into()));
        }
        let file: File = serde_json::from_slice(bytes).map_err(|e| damaged(e.to_string()))?;
        if file.format != FORMAT {
            return Err(BookError::Foreign(file.format));
        }
        if file.version != 1 {
            return Err(BookError::Newer(file.version));
        }
        for g in &file.book.games {
            parlour_online::wire::check_code(&g.code).map_err(|e| damaged(e.to_string()))?;
            parlour_online::wire::check_token(&g.token).map_err(|e| damaged(e.to_string()))?;
            if parlour_online::wire::Seat::parse(&g.seat).is_none() {
                return Err(damaged(format!("game {} has an unknown seat", g.code)));
            }
        }
        for a in &file.book.accounts {
            if !parlour_online::account::is_secret(&a.secret) {
                return Err(damaged(format!("the account on {} has no valid secret", a.server)));
            }
        }
        Ok(file.book)
    }

    /// The book as written.
    pub fn encode(&self) -> String {
        let file = File {
            format: FORMAT.into(),
            version: 1,
            book: self.clone(),
        };
        serde_json::to_string_pretty(&file).unwrap_or_default()
    }

    /// Writes the book so that a crash mid-write keeps the old one.
    pub fn store(&self, path: &Path) -> std::io::Result<()> {
        crate::disk::write_atomic(path, self.encode().as_bytes())
    }

    /// Puts `entry` first, replacing the same game on the same server.
    pub fn remember(&mut self, entry: OnlineEntry) {
        self.forget(&entry.server, &entry.code);
        self.games.insert(0, entry);
        self.games.truncate(MAX_GAMES);
    }

    /// Drops a game.
    pub fn forget(&mut self, server: &str, code: &str) {
        self.games.retain(|g| !(g.server == server && g.code == code));
    }

    /// This device's account on `server`, if it has one.
    pub fn account(&self, server: &str) -> Option<&DeviceAccount> {
        self.accounts.iter().find(|a| a.server == server)
    }

    /// Keeps `account` as this device's account on its server (replacing any other there).
    pub fn keep_account(&mut self, account: DeviceAccount) {
        self.accounts.retain(|a| a.server != account.server);
        self.accounts.push(account);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn entry(code: &str) -> OnlineEntry {
        OnlineEntry {
            server: "http://127.0.0.1:7878".into(),
            code: code.into(),
            token: "0123456789abcdef0123456789abcdef".into(),
            game: parlour_rules::GameId::Konane,
            options: vec![("size".into(), "6x6".into())],
            seat: "second".into(),
            touched: 1,
        }
    }

    fn account(name: &str) -> DeviceAccount {
        DeviceAccount {
            server: "http://127.0.0.1:7878".into(),
            name: name.into(),
            named: !name.starts_with("guest-"),
            secret: "fedcba9876543210fedcba9876543210".into(),
        }
    }

    #[test]
    fn a_book_written_before_accounts_reads_with_none() {
        let old = r#"{"format":"parlour-online-games","version":1,"last_server":"","games":[]}"#;
        assert_eq!(OnlineBook::decode(old.as_bytes()), Ok(OnlineBook::default()));
    }

    #[test]
    fn a_book_round_trips_and_keeps_the_newest_first() {
        let mut book = OnlineBook {
            last_server: "http://127.0.0.1:7878".into(),
            games: vec![],
            accounts: vec![],
        };
        book.keep_account(account("guest-1"));
        book.keep_account(account("ada"));
        assert_eq!(book.accounts.len(), 1);
        assert_eq!(
            book.account("http://127.0.0.1:7878").map(|a| a.name.as_str()),
            Some("ada")
        );
        book.remember(entry("abcdefgh23"));
        book.remember(entry("zzzzzzzzzz"));
        book.remember(entry("abcdefgh23"));
        assert_eq!(
            book.games.iter().map(|g| g.code.as_str()).collect::<Vec<_>>(),
            ["abcdefgh23", "zzzzzzzzzz"]
        );
        assert_eq!(OnlineBook::decode(book.encode().as_bytes()), Ok(book.clone()));
        let dir = std::env::temp_dir().join(format!("parlour-book-{}", std::process::id()));
        let path = book_path(&dir);
        assert_eq!(OnlineBook::load(&path), Ok(OnlineBook::default()));
        book.store(&path).unwrap();
        assert_eq!(OnlineBook::load(&path), Ok(book));
        let _ = std::fs::remove_dir_all(dir);
    }

    #[test]
    fn damaged_and_foreign_books_are_refused_with_a_sentence() {
        let good = OnlineBook {
            last_server: String::new(),
            games: vec![entry("abcdefgh23")],
            accounts: vec![account("ada")],
        }
        .encode();
        let cases = [
            String::new(),
            "{".into(),
            good.replace("parlour-online-games", "parlour-save"),
            good.replace("\"version\": 1", "\"version\": 9"),
            good.replace("abcdefgh23", "ABC"),
            good.replace("0123456789abcdef0123456789abcdef", "secret"),
            good.replace("konane", "chess"),
            good.replace("\"second\"", "\"third\""),
            good.replace("fedcba9876543210fedcba9876543210", "fedcba98"),
            good[..good.len() / 2].to_string(),
        ];
        for text in cases {
            let err = OnlineBook::decode(text.as_bytes()).expect_err(&text).to_string();
            assert!(err.contains(' ') && err.len() > 20, "{err}");
        }
    }
}

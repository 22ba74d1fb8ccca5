//! The player's list of online games to resume, as last read or written (a leaf: `net/mod.rs`
//! keeps it up to date as games are seated and finished).

use std::path::PathBuf;

use bevy::prelude::*;
use parlour_saves::online::{OnlineBook, book_path};

/// The player's list of online games, as last read or written.
#[derive(Resource, Default, Debug, Clone)]
pub struct Book {
    /// The list.
    pub book: OnlineBook,
    /// Where it is kept (`None`: nowhere, e.g. in tests).
    pub path: Option<PathBuf>,
    /// Why it could not be read, if it could not.
    pub problem: Option<String>,
}

impl Book {
    /// Reads the list from the data directory.
    pub fn open(data: &std::path::Path) -> Book {
        let path = book_path(data);
        match OnlineBook::load(&path) {
            Ok(book) => Book {
                book,
                path: Some(path),
                problem: None,
            },
            // A damaged list is left on disk untouched (nothing is written over it).
            Err(e) => Book {
                book: OnlineBook::default(),
                path: None,
                problem: Some(e.to_string()),
            },
        }
    }

    pub(super) fn save(&mut self) {
        if let Some(path) = &self.path
            && let Err(e) = self.book.store(path)
        {
            self.problem = Some(format!("the list of online games could not be written ({e})"));
        }
    }
}

//! What can go wrong in storage, and what a player is told of it.

/// What can go wrong in storage.
#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    /// The database refused or could not be reached.
    #[error("the database failed: {0}")]
    Database(#[from] sqlx::Error),
    /// The schema could not be brought up to date.
    #[error("the database schema could not be migrated: {0}")]
    Migrate(#[from] sqlx::migrate::MigrateError),
    /// A stored row did not read back.
    #[error("a stored game is damaged: {0}")]
    Damaged(String),
    /// A write's transaction failed (every write in it is refused).
    #[error("the database could not commit: {0}")]
    Commit(String),
    /// The database opened but would not take the health row's write at start.
    #[error("the database cannot store ({why}): {0}", why = .0.for_player())]
    CannotStore(Box<StoreError>),
    /// The database address is not one this server speaks.
    #[error("unknown database address '{0}': use sqlite://PATH or postgres://…")]
    Url(String),
    /// A setting the server was started with cannot be used (a mail relay's address…).
    #[error("{0}")]
    Settings(String),
}

impl StoreError {
    /// What a player is told: why, in words, without the database's own text (which goes to
    /// the server's log).
    pub fn for_player(&self) -> &'static str {
        match self {
            StoreError::Damaged(_) => "a stored game is damaged",
            StoreError::CannotStore(e) => e.for_player(),
            StoreError::Url(_) | StoreError::Settings(_) | StoreError::Migrate(_) => "its database is not set up",
            StoreError::Database(_) | StoreError::Commit(_) => {
                if self.is_full() {
                    "its disk is full"
                } else if self.to_string().to_lowercase().contains("database is locked") {
                    "another program holds its database locked"
                } else if self.to_string().to_lowercase().contains("i/o error") {
                    "its disk failed a write"
                } else {
                    "its database refused the write"
                }
            }
        }
    }

    /// A full disk or a file past its size limit, as SQLite and PostgreSQL word it.
    pub fn is_full(&self) -> bool {
        let text = self.to_string().to_lowercase();
        [
            "disk is full",
            "no space left",
            "file too large",
            "could not extend file",
            "(code: 13)",
        ]
        .iter()
        .any(|w| text.contains(w))
    }
}

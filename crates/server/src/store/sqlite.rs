//! SQLite storage: one file in WAL mode with `synchronous=FULL`, so a stored move survives a
//! power cut. All writes go through one writer task that commits whatever has queued up in one
//! transaction (group commit): a thousand games moving at once cost a few fsyncs, not a
//! thousand, and each write is answered only after its transaction is committed.
//!
//! A transaction that fails (a full disk, a file past its size limit, an I/O error) is
//! refused to every write in it, and the writer's connection is closed and opened afresh
//! before the next: a connection whose `COMMIT` failed may be left in a state where later
//! transactions never commit (sqlx keeps its transaction depth, so the next `BEGIN` becomes a
//! savepoint inside a transaction that is never committed), which would answer writes as
//! stored that are not.

use std::str::FromStr;
use std::time::Duration;

use parlour_online::wire::Seat;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Connection, SqliteConnection};
use tokio::sync::{mpsc, oneshot};

use super::{NewRow, Store, StoreError, StoredGame, attach_moves, options_text};

/// The most writes one transaction takes.
const BATCH: usize = 512;

enum Write {
    Create(StoredGame),
    Seat {
        code: String,
        seat: Seat,
        hash: String,
    },
    Append {
        code: String,
        ply: u32,
        row: NewRow,
    },
    /// A seat's presence.
    Present {
        code: String,
        seat: Seat,
        now_ms: i64,
        closed: bool,
    },
    /// A game's `check_at`, unless row `rows` has been stored.
    CheckAt {
        code: String,
        rows: u32,
        at: Option<i64>,
    },
    /// The health row, rewritten (see [`Store::probe`]).
    Probe,
}

/// How long a write waits for another program's lock on the file before it is refused.
pub const BUSY_TIMEOUT: Duration = Duration::from_secs(2);

struct Job {
    write: Write,
    done: oneshot::Sender<Result<bool, StoreError>>,
}

/// SQLite storage (see the module comment).
pub struct SqliteStore {
    reads: SqlitePool,
    writes: mpsc::Sender<Job>,
    /// One connection for the accounts' transactions (`BEGIN IMMEDIATE`: each takes the
    /// file's write lock at once, waiting for the games' writer as any other program would).
    accounts: SqlitePool,
}

super::accounts::account_store!(SqliteStore, accounts, reads, "BEGIN IMMEDIATE");
super::seeks_sql::seek_store!(SqliteStore, accounts, reads, "BEGIN IMMEDIATE");
super::ratings::rating_store!(SqliteStore, accounts, reads, "BEGIN IMMEDIATE");
super::pools_sql::pool_store!(SqliteStore, sqlx::Sqlite, accounts, reads, "BEGIN IMMEDIATE", None);
super::offers::offer_store!(SqliteStore, accounts, reads, "BEGIN IMMEDIATE", "SELECT $1");
super::notices::notice_store!(SqliteStore, accounts, reads, "BEGIN IMMEDIATE");

impl SqliteStore {
    /// Opens (creating if missing) the database at `url` (`sqlite://PATH`) and migrates it.
    pub async fn open(url: &str) -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            // Another program holding the file's write lock (a backup tool writing, a stray
            // `sqlite3` shell in a transaction) makes writes wait this long and then refuses
            // them, instead of stalling every game for longer.
            .busy_timeout(BUSY_TIMEOUT);
        let mut writer = SqliteConnection::connect_with(&options).await?;
        super::migrator().run(&mut writer).await?;
        let reads = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options.clone().read_only(true))
            .await?;
        let accounts = SqlitePoolOptions::new()
            .max_connections(1)
            .connect_with(options.clone())
            .await?;
        let (tx, rx) = mpsc::channel(4 * BATCH);
        tokio::spawn(write_loop(options, writer, rx));
        Ok(SqliteStore {
            reads,
            writes: tx,
            accounts,
        })
    }

    async fn write(&self, write: Write) -> Result<bool, StoreError> {
        let (done, answer) = oneshot::channel();
        self.writes
            .send(Job { write, done })
            .await
            .map_err(|_| StoreError::Commit("the writer has stopped".into()))?;
        answer
            .await
            .map_err(|_| StoreError::Commit("the writer has stopped".into()))?
    }
}

async fn write_loop(options: SqliteConnectOptions, conn: SqliteConnection, mut jobs: mpsc::Receiver<Job>) {
    let mut conn = Some(conn);
    let mut batch = Vec::with_capacity(BATCH);
    while jobs.recv_many(&mut batch, BATCH).await > 0 {
        if conn.is_none() {
            conn = SqliteConnection::connect_with(&options)
                .await
                .inspect_err(|e| eprintln!("parlour-server: reopening the database failed: {e}"))
                .ok();
        }
        let results = match conn.as_mut() {
            Some(c) => commit(c, &batch).await,
            None => Err(sqlx::Error::Protocol("the database could not be reopened".into())),
        };
        match results {
            Ok(results) => {
                for (job, result) in batch.drain(..).zip(results) {
                    let _ = job.done.send(result);
                }
            }
            Err(e) => {
                // Nothing in the batch is acknowledged, and this connection is not trusted
                // again: closing it rolls back whatever it still holds.
                if let Some(c) = conn.take() {
                    let _ = tokio::time::timeout(Duration::from_secs(5), c.close()).await;
                }
                let why = e.to_string();
                for job in batch.drain(..) {
                    let _ = job.done.send(Err(StoreError::Commit(why.clone())));
                }
            }
        }
    }
}

/// Runs every write of the batch in one transaction; each gets its own answer, and none is
/// answered before the commit. A statement that fails for any reason but a constraint fails the
/// whole batch: SQLite may have rolled the transaction back already (it does on a full disk or
/// an I/O error), and later statements would then run outside it.
async fn commit(conn: &mut SqliteConnection, batch: &[Job]) -> Result<Vec<Result<bool, StoreError>>, sqlx::Error> {
    let mut tx = conn.begin().await?;
    let mut results = Vec::with_capacity(batch.len());
    for job in batch {
        let done = match &job.write {
            Write::Create(g) => sqlx::query(
                "INSERT INTO games (code, game, options, first_token, second_token, created, pace, started_ms)
                 VALUES (?, ?, ?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING",
            )
            .bind(&g.code)
            .bind(&g.game)
            .bind(options_text(&g.options))
            .bind(&g.tokens[0])
            .bind(&g.tokens[1])
            .bind(super::now_secs())
            .bind(super::pace_text(&g.pace))
            .bind(g.started_ms)
            .execute(&mut *tx)
            .await
            .map(|r| r.rows_affected()),
            Write::Seat {
                code,
                seat: Seat::First,
                hash,
            } => sqlx::query("UPDATE games SET first_token = ? WHERE code = ? AND first_token IS NULL")
                .bind(hash)
                .bind(code)
                .execute(&mut *tx)
                .await
                .map(|r| r.rows_affected()),
            Write::Seat {
                code,
                seat: Seat::Second,
                hash,
            } => sqlx::query("UPDATE games SET second_token = ? WHERE code = ? AND second_token IS NULL")
                .bind(hash)
                .bind(code)
                .execute(&mut *tx)
                .await
                .map(|r| r.rows_affected()),
            Write::Append { code, ply, row } => {
                let stored = sqlx::query(
                    "INSERT INTO moves (code, ply, mv, at_ms, think_ms) VALUES (?, ?, ?, ?, ?)
                     ON CONFLICT (code, ply) DO NOTHING",
                )
                .bind(code)
                .bind(i64::from(*ply))
                .bind(&row.text)
                .bind(row.times.at_ms)
                .bind(row.times.think_ms)
                .execute(&mut *tx)
                .await
                .map(|r| r.rows_affected());
                let stored = match (stored, row.check()) {
                    // The check time moves with the row, in the same transaction.
                    (Ok(1), (true, at)) => sqlx::query("UPDATE games SET check_at = ? WHERE code = ?")
                        .bind(at)
                        .bind(code)
                        .execute(&mut *tx)
                        .await
                        .map(|_| 1),
                    (other, _) => other,
                };
                // So does the next mover's notice.
                match (stored, &row.notice) {
                    (Ok(1), Some(n)) => super::notices::write_turn_notice!(tx, code, n).map(|()| 1),
                    (other, _) => other,
                }
            }
            Write::Present {
                code,
                seat,
                now_ms,
                closed,
            } => sqlx::query(super::PRESENT)
                .bind(code)
                .bind(seat.word())
                .bind(now_ms)
                .bind(i64::from(*closed))
                .execute(&mut *tx)
                .await
                .map(|_| 1),
            Write::CheckAt { code, rows, at } => sqlx::query(
                "UPDATE games SET check_at = ? WHERE code = ?
                 AND NOT EXISTS (SELECT 1 FROM moves WHERE code = ? AND ply = ?)",
            )
            .bind(at)
            .bind(code)
            .bind(code)
            .bind(i64::from(*rows))
            .execute(&mut *tx)
            .await
            .map(|_| 1),
            Write::Probe => sqlx::query(
                "INSERT INTO health (id, at, room) VALUES (1, ?, randomblob(32768))
                     ON CONFLICT (id) DO UPDATE SET at = excluded.at, room = excluded.room",
            )
            .bind(super::now_secs())
            .execute(&mut *tx)
            .await
            .map(|r| r.rows_affected()),
        };
        match done {
            Ok(rows) => results.push(Ok(rows == 1)),
            // A constraint refuses this write alone; the transaction goes on.
            Err(sqlx::Error::Database(e)) if e.kind() != sqlx::error::ErrorKind::Other => {
                results.push(Err(StoreError::Database(sqlx::Error::Database(e))))
            }
            Err(e) => return Err(e),
        }
    }
    tx.commit().await?;
    Ok(results)
}

impl Store for SqliteStore {
    async fn create(&self, game: &StoredGame) -> Result<bool, StoreError> {
        self.write(Write::Create(game.clone())).await
    }

    async fn load(&self, code: &str) -> Result<Option<StoredGame>, StoreError> {
        let row: Option<super::GameRow> = sqlx::query_as(concat!(
            "SELECT ",
            super::game_row_columns!(),
            " FROM games WHERE code = ?"
        ))
        .bind(code)
        .fetch_optional(&self.reads)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let mut games = [super::game_from(row)?];
        let code = games[0].code.clone();
        let rows: Vec<super::MoveRow> = sqlx::query_as(concat!(
            "SELECT ",
            super::move_row_columns!(),
            " FROM moves WHERE code = ? ORDER BY ply"
        ))
        .bind(&code)
        .fetch_all(&self.reads)
        .await?;
        attach_moves(&mut games, rows)?;
        let [g] = games;
        Ok(Some(g))
    }

    async fn take_seat(&self, code: &str, seat: Seat, token_hash: &str) -> Result<bool, StoreError> {
        self.write(Write::Seat {
            code: code.into(),
            seat,
            hash: token_hash.into(),
        })
        .await
    }

    async fn append(&self, code: &str, ply: u32, row: &NewRow) -> Result<bool, StoreError> {
        self.write(Write::Append {
            code: code.into(),
            ply,
            row: row.clone(),
        })
        .await
    }

    async fn overdue(&self, now_ms: i64, limit: i64) -> Result<Vec<String>, StoreError> {
        let codes: Vec<(String,)> =
            sqlx::query_as("SELECT code FROM games WHERE check_at <= ? ORDER BY check_at LIMIT ?")
                .bind(now_ms)
                .bind(limit)
                .fetch_all(&self.reads)
                .await?;
        Ok(codes.into_iter().map(|c| c.0).collect())
    }

    async fn set_check_at(&self, code: &str, rows: u32, at: Option<i64>) -> Result<(), StoreError> {
        self.write(Write::CheckAt {
            code: code.into(),
            rows,
            at,
        })
        .await
        .map(|_| ())
    }

    async fn mark_present(&self, code: &str, seat: Seat, now_ms: i64, closed: bool) -> Result<(), StoreError> {
        self.write(Write::Present {
            code: code.into(),
            seat,
            now_ms,
            closed,
        })
        .await
        .map(|_| ())
    }

    async fn presence(&self, code: &str) -> Result<[Option<(i64, bool)>; 2], StoreError> {
        let rows: Vec<(String, i64, i64)> = sqlx::query_as(super::PRESENCE)
            .bind(code)
            .fetch_all(&self.reads)
            .await?;
        Ok(super::presence_of(rows))
    }

    async fn all(&self) -> Result<Vec<StoredGame>, StoreError> {
        let rows: Vec<super::GameRow> = sqlx::query_as(concat!(
            "SELECT ",
            super::game_row_columns!(),
            " FROM games ORDER BY code"
        ))
        .fetch_all(&self.reads)
        .await?;
        let mut games = rows.into_iter().map(super::game_from).collect::<Result<Vec<_>, _>>()?;
        let moves: Vec<super::MoveRow> = sqlx::query_as(concat!(
            "SELECT ",
            super::move_row_columns!(),
            " FROM moves ORDER BY code, ply"
        ))
        .fetch_all(&self.reads)
        .await?;
        attach_moves(&mut games, moves)?;
        Ok(games)
    }

    async fn probe(&self) -> Result<(), StoreError> {
        self.write(Write::Probe).await.map(|_| ())
    }
}

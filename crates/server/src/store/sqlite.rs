//! SQLite storage: one file in WAL mode with `synchronous=FULL`, so a stored move survives a
//! power cut. All writes go through one writer task that commits whatever has queued up in one
//! transaction (group commit): a thousand games moving at once cost a few fsyncs, not a
//! thousand, and each write is answered only after its transaction is committed.

use std::str::FromStr;
use std::time::Duration;

use parlour_online::wire::Seat;
use sqlx::sqlite::{SqliteConnectOptions, SqliteJournalMode, SqlitePool, SqlitePoolOptions, SqliteSynchronous};
use sqlx::{Connection, SqliteConnection};
use tokio::sync::{mpsc, oneshot};

use super::{Store, StoreError, StoredGame, attach_moves, options_text};

/// The most writes one transaction takes.
const BATCH: usize = 512;

enum Write {
    Create(StoredGame),
    Seat { code: String, seat: Seat, hash: String },
    Append { code: String, ply: u32, mv: String },
}

struct Job {
    write: Write,
    done: oneshot::Sender<Result<bool, StoreError>>,
}

/// SQLite storage (see the module comment).
pub struct SqliteStore {
    reads: SqlitePool,
    writes: mpsc::Sender<Job>,
}

impl SqliteStore {
    /// Opens (creating if missing) the database at `url` (`sqlite://PATH`) and migrates it.
    pub async fn open(url: &str) -> Result<Self, StoreError> {
        let options = SqliteConnectOptions::from_str(url)?
            .create_if_missing(true)
            .journal_mode(SqliteJournalMode::Wal)
            .synchronous(SqliteSynchronous::Full)
            .foreign_keys(true)
            .busy_timeout(Duration::from_secs(10));
        let mut writer = SqliteConnection::connect_with(&options).await?;
        super::migrator().run(&mut writer).await?;
        let reads = SqlitePoolOptions::new()
            .max_connections(4)
            .connect_with(options.read_only(true))
            .await?;
        let (tx, rx) = mpsc::channel(4 * BATCH);
        tokio::spawn(write_loop(writer, rx));
        Ok(SqliteStore { reads, writes: tx })
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

async fn write_loop(mut conn: SqliteConnection, mut jobs: mpsc::Receiver<Job>) {
    let mut batch = Vec::with_capacity(BATCH);
    while jobs.recv_many(&mut batch, BATCH).await > 0 {
        let results = commit(&mut conn, &batch).await;
        match results {
            Ok(results) => {
                for (job, result) in batch.drain(..).zip(results) {
                    let _ = job.done.send(result);
                }
            }
            Err(e) => {
                let why = e.to_string();
                for job in batch.drain(..) {
                    let _ = job.done.send(Err(StoreError::Commit(why.clone())));
                }
            }
        }
    }
}

/// Runs every write of the batch in one transaction; each gets its own answer, and none is
/// answered before the commit.
async fn commit(conn: &mut SqliteConnection, batch: &[Job]) -> Result<Vec<Result<bool, StoreError>>, sqlx::Error> {
    let mut tx = conn.begin().await?;
    let mut results = Vec::with_capacity(batch.len());
    for job in batch {
        let done = match &job.write {
            Write::Create(g) => sqlx::query(
                "INSERT INTO games (code, game, options, first_token, second_token, created)
                 VALUES (?, ?, ?, ?, ?, ?) ON CONFLICT (code) DO NOTHING",
            )
            .bind(&g.code)
            .bind(&g.game)
            .bind(options_text(&g.options))
            .bind(&g.tokens[0])
            .bind(&g.tokens[1])
            .bind(super::now_secs())
            .execute(&mut *tx)
            .await
            .map(|r| r.rows_affected() == 1),
            Write::Seat {
                code,
                seat: Seat::First,
                hash,
            } => sqlx::query("UPDATE games SET first_token = ? WHERE code = ? AND first_token IS NULL")
                .bind(hash)
                .bind(code)
                .execute(&mut *tx)
                .await
                .map(|r| r.rows_affected() == 1),
            Write::Seat {
                code,
                seat: Seat::Second,
                hash,
            } => sqlx::query("UPDATE games SET second_token = ? WHERE code = ? AND second_token IS NULL")
                .bind(hash)
                .bind(code)
                .execute(&mut *tx)
                .await
                .map(|r| r.rows_affected() == 1),
            Write::Append { code, ply, mv } => {
                sqlx::query("INSERT INTO moves (code, ply, mv) VALUES (?, ?, ?) ON CONFLICT (code, ply) DO NOTHING")
                    .bind(code)
                    .bind(i64::from(*ply))
                    .bind(mv)
                    .execute(&mut *tx)
                    .await
                    .map(|r| r.rows_affected() == 1)
            }
        };
        results.push(done.map_err(StoreError::from));
    }
    tx.commit().await?;
    Ok(results)
}

impl Store for SqliteStore {
    async fn create(&self, game: &StoredGame) -> Result<bool, StoreError> {
        self.write(Write::Create(game.clone())).await
    }

    async fn load(&self, code: &str) -> Result<Option<StoredGame>, StoreError> {
        let row: Option<super::GameRow> =
            sqlx::query_as("SELECT code, game, options, first_token, second_token FROM games WHERE code = ?")
                .bind(code)
                .fetch_optional(&self.reads)
                .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let mut games = [super::game_from(row)?];
        let code = games[0].code.clone();
        let rows: Vec<(String, i64, String)> =
            sqlx::query_as("SELECT code, ply, mv FROM moves WHERE code = ? ORDER BY ply")
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

    async fn append(&self, code: &str, ply: u32, mv: &str) -> Result<bool, StoreError> {
        self.write(Write::Append {
            code: code.into(),
            ply,
            mv: mv.into(),
        })
        .await
    }

    async fn all(&self) -> Result<Vec<StoredGame>, StoreError> {
        let rows: Vec<super::GameRow> =
            sqlx::query_as("SELECT code, game, options, first_token, second_token FROM games ORDER BY code")
                .fetch_all(&self.reads)
                .await?;
        let mut games = rows.into_iter().map(super::game_from).collect::<Result<Vec<_>, _>>()?;
        let moves: Vec<(String, i64, String)> = sqlx::query_as("SELECT code, ply, mv FROM moves ORDER BY code, ply")
            .fetch_all(&self.reads)
            .await?;
        attach_moves(&mut games, moves)?;
        Ok(games)
    }
}

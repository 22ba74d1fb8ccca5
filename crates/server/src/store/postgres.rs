//! PostgreSQL storage, for several server processes sharing one database: each write is one
//! statement committed on its own, and a write that changed something also `NOTIFY`s the other
//! processes (in the same statement, so the notice goes out exactly when the change commits),
//! which reload that game and pass the change to their own players.

use std::time::Duration;

use parlour_online::wire::Seat;
use sqlx::postgres::{PgListener, PgPool, PgPoolOptions};
use tokio::sync::mpsc;

use super::{Change, Heard, NewRow, Store, StoreError, StoredGame, attach_moves, options_text};

/// A `moves` row as PostgreSQL gives it (`ply` an `INTEGER`).
type PgMoveRow = (String, i32, String, Option<i64>, Option<i64>);

fn widened((code, ply, mv, at_ms, think_ms): PgMoveRow) -> super::MoveRow {
    (code, i64::from(ply), mv, at_ms, think_ms)
}

/// The channel the server processes tell each other about changed games on.
const CHANNEL: &str = "parlour_games";

/// PostgreSQL storage (see the module comment).
pub struct PgStore {
    pool: PgPool,
}

super::accounts::account_store!(PgStore, pool, pool, "BEGIN");
super::seeks_sql::seek_store!(PgStore, pool, pool, "BEGIN");
super::ratings::rating_store!(PgStore, pool, pool, "BEGIN");
super::pools_sql::pool_store!(PgStore, sqlx::Postgres, pool, pool, "BEGIN", Some(POOL_LOCK));

/// One server process pairs a pool at a time: the others find its wave's lock taken.
const POOL_LOCK: &str = "SELECT pg_try_advisory_xact_lock(hashtext($1)::bigint)";
super::offers::offer_store!(PgStore, pool, pool, "BEGIN", "SELECT pg_notify('parlour_games', $1)");
super::notices::notice_store!(PgStore, pool, pool, "BEGIN");

impl PgStore {
    /// Connects to `url` (`postgres://…`) and migrates the schema.
    pub async fn open(url: &str) -> Result<Self, StoreError> {
        let pool = PgPoolOptions::new()
            .max_connections(16)
            .acquire_timeout(Duration::from_secs(10))
            .connect(url)
            .await?;
        super::migrator().run(&pool).await?;
        Ok(PgStore { pool })
    }

    /// The games other processes changed, as they commit, and [`Heard::Missed`] whenever the
    /// listening connection was lost and opened again: notices sent meanwhile are gone, so the
    /// receiver must reload every game it follows. A listener that hears nothing for a while is
    /// asked a `SELECT 1`, so a connection that died silently is found too.
    pub async fn changes(&self) -> Result<mpsc::Receiver<Heard>, StoreError> {
        let mut listener = listen(&self.pool).await?;
        let pool = self.pool.clone();
        let (tx, rx) = mpsc::channel(1024);
        tokio::spawn(async move {
            loop {
                let lost = match tokio::time::timeout(LISTENER_CHECK, listener.try_recv()).await {
                    Ok(Ok(Some(n))) => {
                        let change = Change {
                            code: n.payload().to_string(),
                        };
                        if tx.send(Heard::Changed(change)).await.is_err() {
                            return;
                        }
                        continue;
                    }
                    Ok(Ok(None)) => "the connection was lost".to_string(),
                    Ok(Err(e)) => e.to_string(),
                    // Quiet: make sure the connection is still there.
                    Err(_) => match tokio::time::timeout(
                        Duration::from_secs(5),
                        sqlx::query("SELECT 1").execute(&mut listener),
                    )
                    .await
                    {
                        Ok(Ok(_)) => continue,
                        Ok(Err(e)) => e.to_string(),
                        Err(_) => "it did not answer within 5 s".to_string(),
                    },
                };
                eprintln!("parlour-server: listening for other servers' changes failed ({lost}); listening again");
                // A fresh connection (the old one may be half dead), until one works.
                let mut wait = Duration::from_millis(100);
                listener = loop {
                    match listen(&pool).await {
                        Ok(l) => break l,
                        Err(e) => {
                            eprintln!("parlour-server: listening again failed ({e}); retrying in {wait:?}");
                            tokio::time::sleep(wait).await;
                            wait = (wait * 2).min(Duration::from_secs(5));
                        }
                    }
                };
                eprintln!("parlour-server: listening again; reloading the games in play");
                if tx.send(Heard::Missed).await.is_err() {
                    return;
                }
            }
        });
        Ok(rx)
    }
}

/// How long the listener may hear nothing before its connection is checked.
const LISTENER_CHECK: Duration = Duration::from_secs(15);

/// A listener on [`CHANNEL`] over its own connection.
async fn listen(pool: &PgPool) -> Result<PgListener, sqlx::Error> {
    let mut listener = PgListener::connect_with(pool).await?;
    listener.listen(CHANNEL).await?;
    Ok(listener)
}

impl Store for PgStore {
    async fn create(&self, game: &StoredGame) -> Result<bool, StoreError> {
        let done = sqlx::query(
            "INSERT INTO games (code, game, options, first_token, second_token, created, pace, started_ms)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (code) DO NOTHING",
        )
        .bind(&game.code)
        .bind(&game.game)
        .bind(options_text(&game.options))
        .bind(&game.tokens[0])
        .bind(&game.tokens[1])
        .bind(super::now_secs())
        .bind(super::pace_text(&game.pace))
        .bind(game.started_ms)
        .execute(&self.pool)
        .await?;
        Ok(done.rows_affected() == 1)
    }

    async fn load(&self, code: &str) -> Result<Option<StoredGame>, StoreError> {
        let row: Option<super::GameRow> = sqlx::query_as(concat!(
            "SELECT ",
            super::game_row_columns!(),
            " FROM games WHERE code = $1"
        ))
        .bind(code)
        .fetch_optional(&self.pool)
        .await?;
        let Some(row) = row else {
            return Ok(None);
        };
        let mut games = [super::game_from(row)?];
        let code = games[0].code.clone();
        let rows: Vec<PgMoveRow> = sqlx::query_as(concat!(
            "SELECT ",
            super::move_row_columns!(),
            " FROM moves WHERE code = $1 ORDER BY ply"
        ))
        .bind(&code)
        .fetch_all(&self.pool)
        .await?;
        attach_moves(&mut games, rows.into_iter().map(widened).collect())?;
        let [g] = games;
        Ok(Some(g))
    }

    async fn take_seat(&self, code: &str, seat: Seat, token_hash: &str) -> Result<bool, StoreError> {
        let sql = match seat {
            Seat::First => {
                "WITH s AS (UPDATE games SET first_token = $1 WHERE code = $2 AND first_token IS NULL RETURNING code)
                 SELECT pg_notify($3, code) FROM s"
            }
            Seat::Second => {
                "WITH s AS (UPDATE games SET second_token = $1 WHERE code = $2 AND second_token IS NULL RETURNING code)
                 SELECT pg_notify($3, code) FROM s"
            }
        };
        let rows = sqlx::query(sql)
            .bind(token_hash)
            .bind(code)
            .bind(CHANNEL)
            .fetch_all(&self.pool)
            .await?;
        Ok(rows.len() == 1)
    }

    async fn append(&self, code: &str, ply: u32, row: &NewRow) -> Result<bool, StoreError> {
        // One statement: the row, the game's check time when the row sets it, and the notice
        // to the other servers.
        let (set, at) = row.check();
        let append = sqlx::query(
            "WITH m AS (INSERT INTO moves (code, ply, mv, at_ms, think_ms) VALUES ($1, $2, $3, $5, $6)
                        ON CONFLICT (code, ply) DO NOTHING RETURNING code),
                  c AS (UPDATE games SET check_at = $7 WHERE $8 AND code IN (SELECT code FROM m))
             SELECT pg_notify($4, code) FROM m",
        )
        .bind(code)
        .bind(ply as i32)
        .bind(&row.text)
        .bind(CHANNEL)
        .bind(row.times.at_ms)
        .bind(row.times.think_ms)
        .bind(at)
        .bind(set);
        let Some(notice) = &row.notice else {
            return Ok(append.fetch_all(&self.pool).await?.len() == 1);
        };
        // By correspondence the next mover's notice is written in the same transaction.
        let mut tx = self.pool.begin().await?;
        if append.fetch_all(&mut *tx).await?.len() != 1 {
            return Ok(false);
        }
        super::notices::write_turn_notice!(tx, code, notice)?;
        tx.commit().await?;
        Ok(true)
    }

    async fn overdue(&self, now_ms: i64, limit: i64) -> Result<Vec<String>, StoreError> {
        let codes: Vec<(String,)> =
            sqlx::query_as("SELECT code FROM games WHERE check_at <= $1 ORDER BY check_at LIMIT $2")
                .bind(now_ms)
                .bind(limit)
                .fetch_all(&self.pool)
                .await?;
        Ok(codes.into_iter().map(|c| c.0).collect())
    }

    async fn set_check_at(&self, code: &str, rows: u32, at: Option<i64>) -> Result<(), StoreError> {
        sqlx::query(
            "UPDATE games SET check_at = $1 WHERE code = $2
             AND NOT EXISTS (SELECT 1 FROM moves WHERE code = $2 AND ply = $3)",
        )
        .bind(at)
        .bind(code)
        .bind(rows as i32)
        .execute(&self.pool)
        .await?;
        Ok(())
    }

    async fn mark_present(&self, code: &str, seat: Seat, now_ms: i64, closed: bool) -> Result<(), StoreError> {
        sqlx::query(super::PRESENT)
            .bind(code)
            .bind(seat.word())
            .bind(now_ms)
            .bind(i32::from(closed))
            .execute(&self.pool)
            .await?;
        Ok(())
    }

    async fn presence(&self, code: &str) -> Result<[Option<(i64, bool)>; 2], StoreError> {
        let rows: Vec<(String, i64, i32)> = sqlx::query_as(super::PRESENCE).bind(code).fetch_all(&self.pool).await?;
        Ok(super::presence_of(
            rows.into_iter().map(|(s, at, c)| (s, at, i64::from(c))).collect(),
        ))
    }

    async fn all(&self) -> Result<Vec<StoredGame>, StoreError> {
        let rows: Vec<super::GameRow> = sqlx::query_as(concat!(
            "SELECT ",
            super::game_row_columns!(),
            " FROM games ORDER BY code"
        ))
        .fetch_all(&self.pool)
        .await?;
        let mut games = rows.into_iter().map(super::game_from).collect::<Result<Vec<_>, _>>()?;
        let moves: Vec<PgMoveRow> = sqlx::query_as(concat!(
            "SELECT ",
            super::move_row_columns!(),
            " FROM moves ORDER BY code, ply"
        ))
        .fetch_all(&self.pool)
        .await?;
        attach_moves(&mut games, moves.into_iter().map(widened).collect())?;
        Ok(games)
    }

    async fn probe(&self) -> Result<(), StoreError> {
        sqlx::query(
            "INSERT INTO health (id, at, room) VALUES (1, $1, NULL)
             ON CONFLICT (id) DO UPDATE SET at = excluded.at",
        )
        .bind(super::now_secs())
        .execute(&self.pool)
        .await?;
        Ok(())
    }
}

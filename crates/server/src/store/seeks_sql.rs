//! The [`super::seeks::SeekStore`] of a store over a `sqlx` pool, written once for both
//! databases as a macro (the row types differ, the statements do not).

/// Reads a seek row (the columns of `SEEK_COLUMNS`).
macro_rules! seek_row {
    ($r:expr) => {{
        use sqlx::Row;
        let r = $r;
        let taken = match (r.try_get::<Option<String>, _>(13)?, r.try_get::<Option<String>, _>(14)?) {
            (Some(code), Some(seat)) => Some((code, seat_from(&seat)?)),
            _ => None,
        };
        SeekRow {
            seek: NewSeek {
                id: r.try_get(0)?,
                account: r.try_get(1)?,
                game: r.try_get(3)?,
                options: $crate::store::options_from(&r.try_get::<String, _>(4)?)?,
                rating_key: r.try_get(5)?,
                rated: r.try_get::<i32, _>(6)? != 0,
                side: side_from(&r.try_get::<String, _>(7)?)?,
                range: range_from(r.try_get(8)?, r.try_get(9)?),
                token_hash: r.try_get(10)?,
                pace: pace_from(r.try_get(20)?)?,
            },
            name: r.try_get(2)?,
            created: r.try_get(11)?,
            heartbeat: r.try_get(12)?,
            taken,
            rating: rating_from(
                r.try_get(15)?,
                r.try_get(16)?,
                r.try_get(17)?,
                r.try_get(18)?,
                r.try_get(19)?,
            ),
        }
    }};
}

/// Reads a lobby game row (the columns of `GAME_COLUMNS`).
macro_rules! game_row {
    ($r:expr) => {{
        use sqlx::Row;
        let r = $r;
        let player = |at: usize| -> Result<Option<SeatPlayer>, sqlx::Error> {
            let account: Option<String> = r.try_get(at)?;
            let name: Option<String> = r.try_get(at + 1)?;
            Ok(match (account, name) {
                (Some(account), Some(name)) => Some(SeatPlayer {
                    account,
                    name,
                    rating: rating_from(
                        r.try_get(at + 2)?,
                        r.try_get(at + 3)?,
                        r.try_get(at + 4)?,
                        r.try_get(at + 5)?,
                        r.try_get(at + 6)?,
                    ),
                }),
                _ => None,
            })
        };
        GamePlayers {
            code: r.try_get(0)?,
            game: r.try_get(1)?,
            options: $crate::store::options_from(&r.try_get::<String, _>(2)?)?,
            rated: r.try_get::<i32, _>(3)? != 0,
            rating_key: r.try_get(4)?,
            result: r.try_get(5)?,
            ended: r.try_get(6)?,
            moves: r.try_get::<i64, _>(7)?.max(0) as u32,
            players: [player(8)?, player(15)?],
            pace: pace_from(r.try_get(22)?)?,
        }
    }};
}

macro_rules! seek_store {
    ($store:ty, $pool:ident, $reads:ident, $begin:expr) => {
        impl $crate::store::seeks::SeekStore for $store {
            async fn add_seek(
                &self,
                seek: &$crate::store::seeks::NewSeek,
                max_open: i64,
                now: i64,
                fresh: i64,
            ) -> Result<$crate::store::accounts::Outcome<()>, $crate::store::StoreError> {
                use $crate::store::accounts::{Outcome, is_clash};
                use $crate::store::seeks::*;
                let mut tx = self.$pool.begin_with($begin).await?;
                let (open,): (i64,) = sqlx::query_as(COUNT_OPEN)
                    .bind(&seek.account)
                    .bind(fresh)
                    .fetch_one(&mut *tx)
                    .await?;
                if open >= max_open {
                    return Ok(Outcome::NotNow);
                }
                let done = sqlx::query(INSERT_SEEK)
                    .bind(seek.id)
                    .bind(&seek.account)
                    .bind(&seek.game)
                    .bind($crate::store::options_text(&seek.options))
                    .bind(&seek.rating_key)
                    .bind(i32::from(seek.rated))
                    .bind(seek.side.word())
                    .bind(seek.range.map(|r| r.lo as i32))
                    .bind(seek.range.map(|r| r.hi as i32))
                    .bind(&seek.token_hash)
                    .bind(now)
                    .bind($crate::store::pace_text(&seek.pace))
                    .execute(&mut *tx)
                    .await;
                match done {
                    Ok(_) => {
                        tx.commit().await?;
                        Ok(Outcome::Done(()))
                    }
                    Err(e) if is_clash(&e) => Ok(Outcome::Clash),
                    Err(e) => Err(e.into()),
                }
            }

            async fn open_seeks(
                &self,
                game: &str,
                fresh: i64,
            ) -> Result<Vec<$crate::store::seeks::SeekRow>, $crate::store::StoreError> {
                use $crate::store::seeks::*;
                let sql = format!(
                    "{SEEK_COLUMNS} WHERE s.code IS NULL AND s.heartbeat > $1 AND ($2 = '' OR s.game = $2)
                     ORDER BY s.created, s.id LIMIT 200"
                );
                let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
                    .bind(fresh)
                    .bind(game)
                    .fetch_all(&self.$reads)
                    .await?;
                let mut seeks = Vec::with_capacity(rows.len());
                for r in &rows {
                    seeks.push($crate::store::seeks_sql::seek_row!(r));
                }
                Ok(seeks)
            }

            async fn playing(&self, account: &str, since: i64) -> Result<Option<String>, $crate::store::StoreError> {
                let row: Option<(String,)> = sqlx::query_as($crate::store::seeks::PLAYING)
                    .bind(account)
                    .bind(since)
                    .fetch_optional(&self.$reads)
                    .await?;
                Ok(row.map(|r| r.0))
            }

            async fn seek(&self, id: i64) -> Result<Option<$crate::store::seeks::SeekRow>, $crate::store::StoreError> {
                use $crate::store::seeks::*;
                let sql = format!("{SEEK_COLUMNS} WHERE s.id = $1");
                let row = sqlx::query(sqlx::AssertSqlSafe(sql))
                    .bind(id)
                    .fetch_optional(&self.$reads)
                    .await?;
                Ok(match row {
                    Some(r) => Some($crate::store::seeks_sql::seek_row!(&r)),
                    None => None,
                })
            }

            async fn take_seek(
                &self,
                id: i64,
                accepter: &str,
                seeker_seat: parlour_online::wire::Seat,
                game: &$crate::store::seeks::LobbyGame,
                now: i64,
                fresh: i64,
            ) -> Result<$crate::store::accounts::Outcome<()>, $crate::store::StoreError> {
                use $crate::store::accounts::{Outcome, is_clash};
                use $crate::store::seeks::*;
                let mut tx = self.$pool.begin_with($begin).await?;
                let taken = sqlx::query(TAKE_SEEK)
                    .bind(id)
                    .bind(accepter)
                    .bind(&game.code)
                    .bind(seeker_seat.word())
                    .bind(fresh)
                    .execute(&mut *tx)
                    .await?;
                if taken.rows_affected() != 1 {
                    return Ok(Outcome::NotNow);
                }
                let made = sqlx::query(INSERT_GAME)
                    .bind(&game.code)
                    .bind(&game.game)
                    .bind($crate::store::options_text(&game.options))
                    .bind(&game.tokens[0])
                    .bind(&game.tokens[1])
                    .bind(now)
                    .bind($crate::store::pace_text(&game.pace))
                    .bind(game.started_ms)
                    .bind($crate::games::first_check_at(&game.pace, game.started_ms))
                    .execute(&mut *tx)
                    .await;
                let made = match made {
                    Ok(_) => {
                        sqlx::query(DROP_OTHERS)
                            .bind(id)
                            .bind(&game.accounts[0])
                            .bind(&game.accounts[1])
                            .execute(&mut *tx)
                            .await
                    }
                    Err(e) => Err(e),
                };
                let made = match made {
                    Ok(_) => {
                        sqlx::query($crate::store::pools::LEAVE_EITHER)
                            .bind(&game.accounts[0])
                            .bind(&game.accounts[1])
                            .execute(&mut *tx)
                            .await
                    }
                    Err(e) => Err(e),
                };
                let made = match made {
                    Ok(_) => {
                        sqlx::query(INSERT_PLAYERS)
                            .bind(&game.code)
                            .bind(&game.accounts[0])
                            .bind(&game.accounts[1])
                            .bind(i32::from(game.rated))
                            .bind(&game.rating_key)
                            .bind(now)
                            .execute(&mut *tx)
                            .await
                    }
                    Err(e) => Err(e),
                };
                // By correspondence the first mover is told, in the same transaction.
                let made = match (made, $crate::store::notices::first_notice(game)) {
                    (Ok(_), Some(notice)) => $crate::store::notices::write_turn_notice!(tx, &game.code, &notice),
                    (made, _) => made.map(|_| ()),
                };
                match made {
                    Ok(_) => {
                        tx.commit().await?;
                        Ok(Outcome::Done(()))
                    }
                    Err(e) if is_clash(&e) => Ok(Outcome::Clash),
                    Err(e) => Err(e.into()),
                }
            }

            async fn seek_alive(&self, id: i64, now: i64) -> Result<(), $crate::store::StoreError> {
                use $crate::store::seeks::*;
                sqlx::query(SEEK_ALIVE)
                    .bind(id)
                    .bind(now)
                    .execute(&self.$pool)
                    .await?;
                Ok(())
            }

            async fn drop_seek(&self, id: i64, account: &str) -> Result<bool, $crate::store::StoreError> {
                use $crate::store::seeks::*;
                let done = sqlx::query(DROP_SEEK)
                    .bind(id)
                    .bind(account)
                    .execute(&self.$pool)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn move_seat(
                &self,
                code: &str,
                account: &str,
                token_hash: &str,
            ) -> Result<Option<parlour_online::wire::Seat>, $crate::store::StoreError> {
                use parlour_online::wire::Seat;
                use $crate::store::seeks::*;
                for (sql, seat) in [(MOVE_FIRST_SEAT, Seat::First), (MOVE_SECOND_SEAT, Seat::Second)] {
                    let done = sqlx::query(sql)
                        .bind(code)
                        .bind(account)
                        .bind(token_hash)
                        .execute(&self.$pool)
                        .await?;
                    if done.rows_affected() == 1 {
                        return Ok(Some(seat));
                    }
                }
                Ok(None)
            }

            async fn game_players(
                &self,
                code: &str,
            ) -> Result<Option<$crate::store::seeks::GamePlayers>, $crate::store::StoreError> {
                Ok(self
                    .lobby_games("WHERE p.code = $1", code)
                    .await?
                    .into_iter()
                    .next())
            }

            async fn live_games(
                &self,
                game: &str,
            ) -> Result<Vec<$crate::store::seeks::GamePlayers>, $crate::store::StoreError> {
                let clause = "WHERE p.result IS NULL AND g.first_token IS NOT NULL AND g.second_token IS NOT NULL
                     AND ($1 = '' OR g.game = $1) ORDER BY p.created DESC, p.code LIMIT 200";
                self.lobby_games(clause, game).await
            }

            async fn open_games(
                &self,
                account: &str,
            ) -> Result<Vec<$crate::store::seeks::GamePlayers>, $crate::store::StoreError> {
                let clause = "WHERE p.result IS NULL AND (p.first_account = $1 OR p.second_account = $1)
                     AND g.first_token IS NOT NULL AND g.second_token IS NOT NULL
                     ORDER BY p.created, p.code LIMIT 100";
                self.lobby_games(clause, account).await
            }

            async fn recent_games(
                &self,
                account: &str,
            ) -> Result<Vec<$crate::store::seeks::GamePlayers>, $crate::store::StoreError> {
                let clause = "WHERE p.first_account = $1 OR p.second_account = $1
                     ORDER BY p.created DESC, p.code LIMIT 20";
                self.lobby_games(clause, account).await
            }
        }

        impl $store {
            /// The lobby games `clause` (on `GAME_COLUMNS`, with one text parameter) selects.
            async fn lobby_games(
                &self,
                clause: &'static str,
                bind: &str,
            ) -> Result<Vec<$crate::store::seeks::GamePlayers>, $crate::store::StoreError> {
                use $crate::store::seeks::*;
                let sql = format!("{GAME_COLUMNS} {clause}");
                let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
                    .bind(bind)
                    .fetch_all(&self.$reads)
                    .await?;
                let mut games = Vec::with_capacity(rows.len());
                for r in &rows {
                    games.push($crate::store::seeks_sql::game_row!(r));
                }
                Ok(games)
            }
        }
    };
}

pub(crate) use {game_row, seek_row, seek_store};

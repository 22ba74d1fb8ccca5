//! The [`super::pools::PoolStore`] of a store over a `sqlx` pool, written once for both
//! databases as a macro: `$db` is sqlx's database type, `$lock` the statement that takes a
//! pool's lock for the transaction (PostgreSQL's advisory lock) or `None` where the write
//! transaction itself is the lock (SQLite).

macro_rules! pool_store {
    ($store:ty, $db:ty, $pool:ident, $reads:ident, $begin:expr, $lock:expr) => {
        impl $crate::store::pools::PoolStore for $store {
            async fn join_pool(
                &self,
                entry: &$crate::store::pools::NewEntry,
                now: i64,
            ) -> Result<$crate::store::accounts::Outcome<()>, $crate::store::StoreError> {
                use $crate::store::accounts::{Outcome, is_clash};
                use $crate::store::pools::*;
                let mut tx = self.$pool.begin_with($begin).await?;
                sqlx::query(JOIN_DROP_SEEKS)
                    .bind(&entry.account)
                    .execute(&mut *tx)
                    .await?;
                sqlx::query(LEAVE_ALL)
                    .bind(&entry.account)
                    .execute(&mut *tx)
                    .await?;
                let done = sqlx::query(INSERT_ENTRY)
                    .bind(&entry.account)
                    .bind(entry.id)
                    .bind(&entry.pool)
                    .bind(&entry.game)
                    .bind($crate::store::options_text(&entry.options))
                    .bind(&entry.rating_key)
                    .bind(i32::from(entry.rated))
                    .bind(&entry.token_hash)
                    .bind(now)
                    .bind($crate::store::pace_text(&entry.pace))
                    .execute(&mut *tx)
                    .await;
                match done {
                    Ok(_) => {
                        tx.commit().await?;
                        Ok(Outcome::Done(()))
                    }
                    Err(e) if is_clash(&e) => {
                        tx.rollback().await?;
                        Ok(Outcome::Clash)
                    }
                    Err(e) => Err(e.into()),
                }
            }

            async fn leave_pool(&self, id: i64, account: &str) -> Result<bool, $crate::store::StoreError> {
                let done = sqlx::query($crate::store::pools::LEAVE)
                    .bind(id)
                    .bind(account)
                    .execute(&self.$pool)
                    .await?;
                Ok(done.rows_affected() == 1)
            }

            async fn leave_pools(&self, account: &str) -> Result<(), $crate::store::StoreError> {
                sqlx::query($crate::store::pools::LEAVE_ALL)
                    .bind(account)
                    .execute(&self.$pool)
                    .await?;
                Ok(())
            }

            async fn pool_alive(&self, id: i64, now: i64) -> Result<(), $crate::store::StoreError> {
                sqlx::query($crate::store::pools::ALIVE)
                    .bind(id)
                    .bind(now)
                    .execute(&self.$pool)
                    .await?;
                Ok(())
            }

            async fn entry(&self, id: i64) -> Result<$crate::store::pools::EntryState, $crate::store::StoreError> {
                use $crate::store::pools::*;
                // Waiting first: a wave deletes the entry and writes its pair in one
                // transaction, so an entry found gone has its pair visible already (read in the
                // other order, a wave committing between the two reads would hide both).
                let (waiting,): (i64,) = sqlx::query_as(WAITING).bind(id).fetch_one(&self.$reads).await?;
                if waiting > 0 {
                    return Ok(EntryState::Waiting);
                }
                let paired: Option<(String, String)> = sqlx::query_as(PAIRED)
                    .bind(id)
                    .fetch_optional(&self.$reads)
                    .await?;
                Ok(match paired {
                    Some((code, seat)) => EntryState::Paired(code, $crate::store::seeks::seat_from(&seat)?),
                    None => EntryState::Gone,
                })
            }

            async fn pools(&self, fresh: i64) -> Result<Vec<String>, $crate::store::StoreError> {
                let rows: Vec<(String,)> = sqlx::query_as($crate::store::pools::POOLS)
                    .bind(fresh)
                    .fetch_all(&self.$reads)
                    .await?;
                Ok(rows.into_iter().map(|(p,)| p).collect())
            }

            async fn wave(
                &self,
                wave: &$crate::store::pools::Wave<'_>,
            ) -> Result<$crate::store::accounts::Outcome<usize>, $crate::store::StoreError> {
                use $crate::store::accounts::Outcome;
                let mut tx = self.$pool.begin_with($begin).await?;
                // Rolled back at once when nothing is written: a transaction merely dropped
                // would hold the pool's lock (and SQLite's write lock) until its connection is
                // used again.
                match Self::wave_in(&mut tx, wave).await {
                    Ok(Outcome::Done(n)) => {
                        tx.commit().await?;
                        Ok(Outcome::Done(n))
                    }
                    other => {
                        tx.rollback().await?;
                        other
                    }
                }
            }
        }

        impl $store {
            /// [`PoolStore::wave`]'s statements in its transaction.
            async fn wave_in(
                tx: &mut sqlx::Transaction<'_, $db>,
                wave: &$crate::store::pools::Wave<'_>,
            ) -> Result<$crate::store::accounts::Outcome<usize>, $crate::store::StoreError> {
                use $crate::store::accounts::Outcome;
                use $crate::store::pools::*;
                let lock: Option<&str> = $lock;
                if let Some(lock) = lock {
                    let (held,): (bool,) = sqlx::query_as(lock).bind(wave.pool).fetch_one(&mut **tx).await?;
                    if !held {
                        return Ok(Outcome::NotNow);
                    }
                }
                let last: Option<(i64,)> = sqlx::query_as(LAST_WAVE)
                    .bind(wave.pool)
                    .fetch_optional(&mut **tx)
                    .await?;
                let rows = sqlx::query(MEMBERS)
                    .bind(wave.pool)
                    .bind(wave.fresh)
                    .bind(wave.now_ms / 1000 - $crate::store::seeks::STALE_AFTER_S)
                    .fetch_all(&mut **tx)
                    .await?;
                let mut members = Vec::with_capacity(rows.len());
                for r in &rows {
                    members.push($crate::store::pools_sql::member_row!(r));
                }
                let due = last.is_none_or(|(at,)| at < wave.due_before_ms);
                if !due && members.len() < wave.full {
                    return Ok(Outcome::NotNow);
                }
                let pairs = (wave.pair)(&members);
                let mut paired = vec![false; members.len()];
                for pair in &pairs {
                    let seated = [&members[pair.first], &members[pair.second]];
                    match Self::seat_pair(tx, wave, seated, pair.ratings).await? {
                        Outcome::Done(()) => {}
                        _ => return Ok(Outcome::Clash),
                    }
                    paired[pair.first] = true;
                    paired[pair.second] = true;
                }
                for (m, _) in members.iter().zip(&paired).filter(|(_, p)| !**p) {
                    sqlx::query(MISSED).bind(m.entry.id).execute(&mut **tx).await?;
                }
                sqlx::query(DROP_STALE)
                    .bind(wave.pool)
                    .bind(wave.fresh)
                    .execute(&mut **tx)
                    .await?;
                sqlx::query(DROP_OLD_PAIRS)
                    .bind(wave.now_ms / 1000 - PAIRS_KEPT_SECS)
                    .execute(&mut **tx)
                    .await?;
                sqlx::query(WAVE_RAN)
                    .bind(wave.pool)
                    .bind(wave.now_ms)
                    .execute(&mut **tx)
                    .await?;
                Ok(Outcome::Done(pairs.len()))
            }

            /// One pair of a wave, in its transaction: both entries taken (each must still be
            /// there), the game made with both seats' token hashes, the pairs noted for the
            /// members' connections, the two players' open seeks dropped. [`Outcome::Clash`]
            /// when a code was in use or an entry had gone: the caller rolls back.
            async fn seat_pair(
                tx: &mut sqlx::Transaction<'_, $db>,
                wave: &$crate::store::pools::Wave<'_>,
                seated: [&$crate::store::pools::Member; 2],
                ratings: [u32; 2],
            ) -> Result<$crate::store::accounts::Outcome<()>, $crate::store::StoreError> {
                use $crate::store::accounts::{Outcome, is_clash};
                use $crate::store::pools::*;
                use $crate::store::seeks::{INSERT_GAME, INSERT_PLAYERS};
                let now = wave.now_ms / 1000;
                let code = (wave.code)();
                let first = &seated[0].entry;
                let made = sqlx::query(INSERT_GAME)
                    .bind(&code)
                    .bind(&first.game)
                    .bind($crate::store::options_text(&first.options))
                    .bind(&seated[0].entry.token_hash)
                    .bind(&seated[1].entry.token_hash)
                    .bind(now)
                    // Each pace is its own pool: the game is on the members' pace.
                    .bind($crate::store::pace_text(&first.pace))
                    .bind(wave.now_ms)
                    .bind($crate::games::first_check_at(&first.pace, wave.now_ms))
                    .execute(&mut **tx)
                    .await;
                match made {
                    Ok(_) => {}
                    Err(e) if is_clash(&e) => return Ok(Outcome::Clash),
                    Err(e) => return Err(e.into()),
                }
                sqlx::query(INSERT_PLAYERS)
                    .bind(&code)
                    .bind(&seated[0].entry.account)
                    .bind(&seated[1].entry.account)
                    .bind(i32::from(first.rated))
                    .bind(&first.rating_key)
                    .bind(now)
                    .execute(&mut **tx)
                    .await?;
                for (i, (m, seat)) in seated.iter().zip(["first", "second"]).enumerate() {
                    let taken = sqlx::query(TAKE_ENTRY)
                        .bind(m.entry.id)
                        .bind(wave.pool)
                        .execute(&mut **tx)
                        .await?;
                    if taken.rows_affected() != 1 {
                        return Ok(Outcome::Clash);
                    }
                    sqlx::query(INSERT_PAIRED)
                        .bind(m.entry.id)
                        .bind(&m.entry.account)
                        .bind(&code)
                        .bind(seat)
                        .bind(ratings[i] as i32)
                        .bind((now - m.joined).max(0))
                        .bind(now)
                        .execute(&mut **tx)
                        .await?;
                }
                sqlx::query(DROP_SEEKS_OF)
                    .bind(&seated[0].entry.account)
                    .bind(&seated[1].entry.account)
                    .execute(&mut **tx)
                    .await?;
                Ok(Outcome::Done(()))
            }
        }
    };
}

/// Reads a member row (the columns of `MEMBERS`).
macro_rules! member_row {
    ($r:expr) => {{
        use sqlx::Row;
        let r = $r;
        $crate::store::pools::Member {
            entry: $crate::store::pools::NewEntry {
                id: r.try_get(0)?,
                account: r.try_get(1)?,
                pool: r.try_get(2)?,
                game: r.try_get(3)?,
                options: $crate::store::options_from(&r.try_get::<String, _>(4)?)?,
                rating_key: r.try_get(5)?,
                rated: r.try_get::<i32, _>(6)? != 0,
                token_hash: r.try_get(7)?,
                pace: $crate::store::seeks::pace_from(r.try_get(16)?)?,
            },
            misses: r.try_get::<i32, _>(8)?.max(0) as u32,
            joined: r.try_get(9)?,
            rating: $crate::store::seeks::rating_from(
                r.try_get(10)?,
                r.try_get(11)?,
                r.try_get(12)?,
                r.try_get(13)?,
                r.try_get(14)?,
            ),
            firsts: r.try_get(15)?,
        }
    }};
}

pub(crate) use {member_row, pool_store};

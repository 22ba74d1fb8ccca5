//! The lobby load test's checks, made in the database directly (sqlx) over this run's accounts:
//! nobody seated in two lobby games that overlap in time, no seek or pool entry taken twice,
//! every finished rated game counted exactly once in both players' ratings, and every move a
//! player was told was `stored` in the `moves` table at its ply.

use std::collections::{HashMap, HashSet};

use sqlx::Row;
use sqlx::postgres::PgPool;

use super::shared::Shared;

fn e(err: sqlx::Error) -> String {
    err.to_string()
}

/// A lobby game's `game_players` row.
struct Game {
    code: String,
    players: [Option<String>; 2],
    rated: bool,
    key: String,
    created: i64,
    finished: bool,
    ended: Option<i64>,
}

/// `(code, count)` rows as a map.
async fn counts(db: &PgPool, sql: &'static str, codes: &[String]) -> Result<HashMap<String, i64>, String> {
    let rows = sqlx::query(sql).bind(codes).fetch_all(db).await.map_err(e)?;
    Ok(rows.iter().map(|r| (r.get(0), r.get(1))).collect())
}

/// The first few of a list, for a message.
fn some(v: &[String]) -> String {
    v[..v.len().min(5)].join("; ")
}

/// Checks; `Err` names every failure found (overlapping games are reported, not failed: the
/// server lets an account play several games at once by design).
pub async fn check(database: &str, tag: &str, names: &[String], shared: &Shared) -> Result<(), String> {
    let db = PgPool::connect(database).await.map_err(e)?;
    let accounts: HashMap<String, String> = sqlx::query("SELECT id, name FROM accounts WHERE starts_with(name, $1)")
        .bind(format!("{tag}_"))
        .fetch_all(&db)
        .await
        .map_err(e)?
        .iter()
        .map(|r| (r.get(0), r.get(1)))
        .collect();
    println!(
        "checks in the database ({} accounts of this run's {} players):",
        accounts.len(),
        names.len()
    );
    let ids: Vec<String> = accounts.keys().cloned().collect();
    let games: Vec<Game> = sqlx::query(
        "SELECT code, first_account, second_account, rated, rating_key, created, result, ended FROM game_players
         WHERE first_account = ANY($1) OR second_account = ANY($1)",
    )
    .bind(&ids)
    .fetch_all(&db)
    .await
    .map_err(e)?
    .iter()
    .map(|r| Game {
        code: r.get(0),
        players: [r.get(1), r.get(2)],
        rated: r.get::<i32, _>(3) != 0,
        key: r.get(4),
        created: r.get(5),
        finished: r.get::<Option<String>, _>(6).is_some(),
        ended: r.get(7),
    })
    .collect();
    let (entries, acked) = {
        let seen = shared.seen.lock().unwrap_or_else(|p| p.into_inner());
        (seen.entries.clone(), seen.acked.clone())
    };
    overlaps(&games, &accounts);
    let mut failures = Vec::new();
    failures.extend(sources(&db, &games, &entries).await?);
    failures.extend(ratings(&db, &ids, &games, &accounts).await?);
    failures.extend(moves(&db, &acked).await?);
    db.close().await;
    if failures.is_empty() {
        println!("all checks passed");
        Ok(())
    } else {
        Err(failures.join("\n"))
    }
}

/// Reports the players seated in two games overlapping in time: [created, ended] in Unix
/// seconds, so only overlaps of a whole second or more are seen; a game never ended lasts to
/// the end.
fn overlaps(games: &[Game], accounts: &HashMap<String, String>) {
    let mut per: HashMap<&str, Vec<(i64, i64, &str)>> = HashMap::new();
    for g in games {
        for a in g.players.iter().flatten() {
            per.entry(a)
                .or_default()
                .push((g.created, g.ended.unwrap_or(i64::MAX), &g.code));
        }
    }
    let mut found = Vec::new();
    for (account, list) in per.iter_mut() {
        list.sort();
        for w in list.windows(2) {
            if w[1].0 < w[0].1 {
                let name = accounts.get(*account).map_or(*account, |n| n.as_str());
                found.push(format!(
                    "{name} in {} [{}, {}] and {} from {}",
                    w[0].2, w[0].0, w[0].1, w[1].2, w[1].0
                ));
            }
        }
    }
    let unended = games.iter().filter(|g| g.ended.is_none()).count();
    println!(
        "  {} lobby games in the database, {unended} never ended; players seated in two games overlapping in time: {} {}",
        games.len(),
        found.len(),
        some(&found)
    );
    if !found.is_empty() {
        println!(
            "  (reported, not failed: the server lets an account hold up to 3 open seeks and so play several games at once, by design; these players hold one entry at a time)"
        );
    }
}

/// No entry taken twice: every game made from exactly one seek (`seeks.code`) or one pair of
/// pool entries (`pool_pairs`), and no entry seen by the players making two games.
async fn sources(
    db: &PgPool,
    games: &[Game],
    entries: &HashMap<(bool, u64), HashSet<String>>,
) -> Result<Vec<String>, String> {
    let codes: Vec<String> = games.iter().map(|g| g.code.clone()).collect();
    let seeks = counts(
        db,
        "SELECT code, count(*) FROM seeks WHERE code = ANY($1) GROUP BY code",
        &codes,
    )
    .await?;
    let pools = counts(
        db,
        "SELECT code, count(*) FROM pool_pairs WHERE code = ANY($1) GROUP BY code",
        &codes,
    )
    .await?;
    let bad: Vec<String> = games
        .iter()
        .filter_map(|g| {
            let s = seeks.get(&g.code).copied().unwrap_or(0);
            let p = pools.get(&g.code).copied().unwrap_or(0);
            (!((s == 1 && p == 0) || (s == 0 && p == 2))).then(|| format!("{}: {s} seeks, {p} pool entries", g.code))
        })
        .collect();
    let twice: Vec<String> = entries
        .iter()
        .filter(|(_, codes)| codes.len() > 1)
        .map(|((pool, id), codes)| format!("{} {id}: {codes:?}", if *pool { "pool entry" } else { "seek" }))
        .collect();
    println!(
        "  seeks and pool entries matched: {}; taken twice (as the players saw it): {}; games not made from exactly one seek or one pair of pool entries: {}",
        entries.len(),
        twice.len(),
        bad.len()
    );
    Ok(if twice.is_empty() && bad.is_empty() {
        vec![]
    } else {
        vec![format!("entries taken twice: {} {}", some(&twice), some(&bad))]
    })
}

/// Two `rating_history` rows per finished rated game and none for another; each account's
/// `ratings.games` equal to its finished rated games of that key.
async fn ratings(
    db: &PgPool,
    ids: &[String],
    games: &[Game],
    accounts: &HashMap<String, String>,
) -> Result<Vec<String>, String> {
    let history = counts(
        db,
        "SELECT code, count(*) FROM rating_history WHERE account = ANY($1) GROUP BY code",
        ids,
    )
    .await?;
    let mut wrong = Vec::new();
    let mut expected: HashMap<(String, String), i64> = HashMap::new();
    for g in games {
        let counted = g.rated && g.finished;
        let want = if counted { 2 } else { 0 };
        let got = history.get(&g.code).copied().unwrap_or(0);
        if got != want {
            wrong.push(format!("{}: {got} rating_history rows, {want} wanted", g.code));
        }
        if counted {
            for a in g.players.iter().flatten() {
                *expected.entry((a.clone(), g.key.clone())).or_default() += 1;
            }
        }
    }
    let rows = sqlx::query("SELECT account, rating_key, games FROM ratings WHERE account = ANY($1)")
        .bind(ids)
        .fetch_all(db)
        .await
        .map_err(e)?;
    let stored: HashMap<(String, String), i64> = rows
        .iter()
        .map(|r| ((r.get(0), r.get(1)), i64::from(r.get::<i32, _>(2))))
        .collect();
    let keys: HashSet<&(String, String)> = expected.keys().chain(stored.keys()).collect();
    let counts_wrong: Vec<String> = keys
        .into_iter()
        .filter(|k| expected.get(*k) != stored.get(*k))
        .map(|k| {
            let name = accounts.get(&k.0).unwrap_or(&k.0);
            format!(
                "{name} {}: ratings.games {:?}, finished rated games {:?}",
                k.1,
                stored.get(k),
                expected.get(k)
            )
        })
        .collect();
    let rated_finished = games.iter().filter(|g| g.rated && g.finished).count();
    println!(
        "  finished rated games {rated_finished}: with other than 2 rating_history rows (or rows for an unfinished one): {}; accounts whose ratings.games differs from their finished rated games: {}",
        wrong.len(),
        counts_wrong.len()
    );
    Ok(if wrong.is_empty() && counts_wrong.is_empty() {
        vec![]
    } else {
        vec![format!("ratings: {} {}", some(&wrong), some(&counts_wrong))]
    })
}

/// Every move acknowledged `stored` is in `moves` at its ply.
async fn moves(db: &PgPool, acked: &[(String, u32, String)]) -> Result<Vec<String>, String> {
    let codes: Vec<String> = acked
        .iter()
        .map(|a| a.0.clone())
        .collect::<HashSet<_>>()
        .into_iter()
        .collect();
    let rows = sqlx::query("SELECT code, ply, mv FROM moves WHERE code = ANY($1)")
        .bind(&codes)
        .fetch_all(db)
        .await
        .map_err(e)?;
    let stored: HashMap<(String, i32), String> = rows.iter().map(|r| ((r.get(0), r.get(1)), r.get(2))).collect();
    let lost: Vec<String> = acked
        .iter()
        .filter(|(code, ply, mv)| stored.get(&(code.clone(), *ply as i32)) != Some(mv))
        .map(|(code, ply, mv)| {
            format!(
                "{code} ply {ply} {mv}: stored {:?}",
                stored.get(&(code.clone(), *ply as i32))
            )
        })
        .collect();
    println!(
        "  moves acknowledged {}: missing or different at their ply in the moves table: {}",
        acked.len(),
        lost.len()
    );
    Ok(if lost.is_empty() {
        vec![]
    } else {
        vec![format!("moves lost: {}", some(&lost))]
    })
}

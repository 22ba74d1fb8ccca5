//! `parlour-server load --clock`: live clocks measured under latency and faults (issue 75,
//! item 5). Two `parlour-server` processes on one PostgreSQL behind HAProxy, as `--lobby` runs
//! them; the players connect through a [`DelayProxy`] adding a one-way delay and jitter in each
//! direction. For each delay, `--games` games of Kōnane on 0+5 are played at once
//! (`clock_game.rs`): every move's charge is compared with its true thinking time and with the
//! reference clock (`clock_check.rs`), a liar's gain with its quota, and each game's fall, stored
//! by a server without a move, with its deadline. Then once more with one server killed
//! (SIGKILL) while every game's clock runs towards a fall: the other must end them all within 2 s
//! of their deadlines. Prints a Markdown table; fails when a check does.

use std::collections::HashMap;
use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use parlour_clock::TimeControl;
use parlour_online::wire::Seat;
use sqlx::Row;
use sqlx::postgres::PgPool;

use super::clock_check::{MoveCheck, check_game, fall_deadline, quantile};
use super::clock_game::{GameRecord, Lie, Plan, Progress, play_game};
use super::cluster::{Haproxy, Server, database, free_port, in_scratch};
use super::delay::{Delay, DelayProxy};
use crate::store::postgres::PgStore;
use crate::store::{Store, StoredGame, TimeOut};

/// What `load --clock` is asked for.
pub struct Options {
    /// One-way delays measured, in milliseconds.
    pub delays: Vec<u64>,
    /// The jitter's half-width, in milliseconds.
    pub jitter_ms: u64,
    /// Games played at once per delay.
    pub games: usize,
    /// Moves before the side to move stops and falls.
    pub plies: u32,
    /// A PostgreSQL database instead of a throw-away cluster.
    pub database: Option<String>,
}

/// Each move's honest charge must be this close to the true thinking time (99th percentile).
const HONEST_MS: i64 = 25;
/// A fall must be stored this soon after its deadline by the server keeping the clock…
const FALL_MS: i64 = 100;
/// …and this soon by the other server, once the one keeping it is killed.
const KILLED_FALL_MS: i64 = 2000;

/// Runs the measurement.
pub async fn run(o: Options) -> Result<(), String> {
    in_scratch("clock", |scratch| async move { cluster_run(&o, &scratch).await }).await
}

async fn cluster_run(o: &Options, scratch: &std::path::Path) -> Result<(), String> {
    let (database, _pg) = database(o.database.as_deref(), scratch, "--clock")?;
    let log = scratch.join("servers.log");
    let ports = [free_port()?, free_port()?];
    let mut servers = [
        Server::start(ports[0], &database, &log, 15.0)?,
        Server::start(ports[1], &database, &log, 15.0)?,
    ];
    let proxy = Haproxy::start(scratch, &ports)?;
    let upstream = SocketAddr::from(([127, 0, 0, 1], proxy.port));
    println!(
        "parlour-server load --clock: {} games of Kōnane on 0+5 per delay, {} moves each then a fall, thinking 100–1000 ms; \
         servers on :{} and :{} behind HAProxy on :{}, each player through a delay proxy",
        o.games, o.plies, ports[0], ports[1], proxy.port
    );
    let db = PgPool::connect(&database).await.map_err(|e| e.to_string())?;
    let store = PgStore::open(&database).await.map_err(|e| e.to_string())?;
    let tag = format!("C{:04x}", rand::random::<u16>());
    let mut rows = Vec::new();
    let mut failures = Vec::new();
    for (phase, &d) in o.delays.iter().enumerate() {
        let delay = Delay::ms(d, o.jitter_ms);
        let records = phase_games(upstream, delay, o, phase, &tag, None).await?;
        let (row, failed) = measure(&store, &db, &records, (delay, o.plies), FALL_MS).await?;
        rows.push(row);
        failures.extend(failed);
    }
    println!(
        "\n| one-way delay | jitter | games | honest moves | abs(charged − true) p50 / p99 / max | charge and compensation = reference | liar moves: most gained (its quota); closest to the quota (gain − quota) | falls stored once | fall stored after its deadline p50 / max |"
    );
    println!("|---|---|---|---|---|---|---|---|---|");
    for row in &rows {
        println!("{row}");
    }
    // Faults: one server killed while every game's clock runs towards a fall.
    let d = o.delays.get(1).or(o.delays.first()).copied().unwrap_or(50);
    let delay = Delay::ms(d, o.jitter_ms);
    let kill = Some(&mut servers[0]);
    let records = phase_games(upstream, delay, o, o.delays.len(), &tag, kill).await?;
    let cut = records.iter().filter(|r| r.lost.iter().any(|l| *l)).count();
    let (row, failed) = measure(&store, &db, &records, (delay, o.plies), KILLED_FALL_MS).await?;
    println!(
        "\nwith the server on :{} killed (SIGKILL) while every clock ran towards a fall ({cut} of {} games had a player on it):",
        ports[0],
        records.len()
    );
    println!("{row}");
    failures.extend(failed);
    drop(proxy);
    drop(servers);
    if failures.is_empty() {
        println!("\nevery check passed");
        Ok(())
    } else {
        Err(format!(
            "{} checks failed:\n  {}",
            failures.len(),
            failures.join("\n  ")
        ))
    }
}

/// The loopback address player `n` connects from (HAProxy's PROXY header carries it on).
fn address(n: usize) -> Ipv4Addr {
    Ipv4Addr::new(127, 4, (n / 250) as u8, (n % 250 + 1) as u8)
}

/// Plays `o.games` games at once through a delay proxy; with `kill`, kills that server once
/// every game's side to move has stopped (its clock running towards the fall).
async fn phase_games(
    upstream: SocketAddr,
    delay: Delay,
    o: &Options,
    phase: usize,
    tag: &str,
    mut kill: Option<&mut Server>,
) -> Result<Vec<GameRecord>, String> {
    let proxy = DelayProxy::start(upstream, delay).await.map_err(|e| e.to_string())?;
    let url = proxy.ws_url();
    let progress = Arc::new(Progress::default());
    let control = TimeControl::new(0, 5).map_err(|e| e.to_string())?;
    let tasks: Vec<_> = (0..o.games)
        .map(|g| {
            let liar = match g % 4 {
                1 => Some((Seat::Second, Lie::Zero)),
                3 => Some((Seat::First, Lie::Huge)),
                _ => None,
            };
            let plan = Plan {
                control,
                plies: o.plies,
                fall: true,
                think_ms: (100, 1000),
                liar,
                seed: (phase * 100_000 + g) as u64,
                tag: tag.to_string(),
            };
            let (url, progress) = (url.clone(), progress.clone());
            tokio::spawn(async move { play_game(&url, [address(2 * g), address(2 * g + 1)], plan, progress).await })
        })
        .collect();
    let begun = Instant::now();
    let mut last = Instant::now();
    let what = if kill.is_some() { "with a kill" } else { "" };
    while tasks.iter().any(|t| !t.is_finished()) {
        tokio::time::sleep(Duration::from_millis(50)).await;
        let waiting = progress.waiting.load(Ordering::Relaxed) as usize;
        if waiting + progress.over.load(Ordering::Relaxed) as usize >= o.games
            && let Some(server) = kill.take()
        {
            // Every clock runs towards a fall (at least 5 s away): kill one keeper.
            println!("{:>5.0} s: SIGKILL to one server", begun.elapsed().as_secs_f64());
            server.kill();
        }
        if last.elapsed() >= Duration::from_secs(5) {
            last = Instant::now();
            println!(
                "{:>5.0} s: delay {} ± {} ms {what}: {} moves, {waiting} games waiting for a fall, {} of {} over",
                begun.elapsed().as_secs_f64(),
                delay.one_way.as_millis(),
                delay.jitter.as_millis(),
                progress.moves.load(Ordering::Relaxed),
                progress.over.load(Ordering::Relaxed),
                o.games
            );
        }
    }
    let mut records = Vec::new();
    for t in tasks {
        records.push(t.await.map_err(|e| e.to_string())?);
    }
    Ok(records)
}

/// The checks of one phase's games: its table row, and what failed.
async fn measure(
    store: &PgStore,
    db: &PgPool,
    records: &[GameRecord],
    (delay, plies): (Delay, u32),
    fall_ms: i64,
) -> Result<(String, Vec<String>), String> {
    let all = store.all().await.map_err(|e| e.to_string())?;
    let stored: HashMap<&str, &StoredGame> = all.iter().map(|g| (g.code.as_str(), g)).collect();
    let codes: Vec<String> = records.iter().map(|r| r.code.clone()).collect();
    let mut failures: Vec<String> = records.iter().flat_map(|r| r.problems.clone()).collect();
    let mut checks: Vec<MoveCheck> = Vec::new();
    for r in records.iter().filter(|r| !r.code.is_empty()) {
        let Some(g) = stored.get(r.code.as_str()) else {
            failures.push(format!("{}: not in the database", r.code));
            continue;
        };
        match check_game(g, r) {
            Ok(c) => checks.extend(c),
            Err(e) => failures.push(e),
        }
    }
    let (honest, liars): (Vec<MoveCheck>, Vec<MoveCheck>) = checks.iter().partition(|c| c.honest);
    let mut errors: Vec<i64> = honest.iter().map(|c| c.error_ms().abs()).collect();
    let (p50, p99, max) = (
        quantile(&mut errors, 0.5),
        quantile(&mut errors, 0.99),
        quantile(&mut errors, 1.0),
    );
    if p99 > HONEST_MS {
        failures.push(format!("honest moves charged {p99} ms off their thinking time at p99"));
    }
    let equal = checks.iter().filter(|c| c.equal_to_reference()).count();
    if equal != checks.len() {
        let first = checks.iter().find(|c| !c.equal_to_reference());
        failures.push(format!(
            "{} moves charged unlike the reference: {first:?}",
            checks.len() - equal
        ));
    }
    let greedy: Vec<&MoveCheck> = liars.iter().filter(|c| c.gain_ms() > c.quota_ms).collect();
    if let Some(c) = greedy.first() {
        failures.push(format!("{} liar moves gained more than the quota: {c:?}", greedy.len()));
    }
    let most = liars.iter().max_by_key(|c| c.gain_ms());
    let closest = liars.iter().map(|c| c.gain_ms() - c.quota_ms).max().unwrap_or(0);
    let (once, mut late) = falls(db, &stored, records, (&codes, plies, fall_ms), store, &mut failures).await?;
    let late_max = late.iter().copied().max().unwrap_or(0);
    if late_max > fall_ms {
        failures.push(format!(
            "a fall stored {late_max} ms after its deadline (allowed {fall_ms} ms)"
        ));
    }
    let row = format!(
        "| {} ms | ± {} ms | {} | {} | {p50} / {p99} / {max} ms | {equal} of {} | {}: {} ms (quota {} ms); closest {} ms | {once} of {} | {} / {late_max} ms |",
        delay.one_way.as_millis(),
        delay.jitter.as_millis(),
        records.len(),
        honest.len(),
        checks.len(),
        liars.len(),
        most.map_or(0, |c| c.gain_ms()),
        most.map_or(0, |c| c.quota_ms),
        closest,
        records.iter().filter(|r| r.moves.len() as u32 >= plies).count(),
        quantile(&mut late, 0.5),
    );
    Ok((row, failures))
}

/// Each game's fall: stored once (one `time` row, the game's last), when after the reference's
/// deadline. Returns the games that fell once and how late each was stored.
async fn falls(
    db: &PgPool,
    stored: &HashMap<&str, &StoredGame>,
    records: &[GameRecord],
    (codes, plies, late_allowed): (&[String], u32, i64),
    store: &PgStore,
    failures: &mut Vec<String>,
) -> Result<(usize, Vec<i64>), String> {
    let mut deadlines = HashMap::new();
    for r in records.iter().filter(|r| !r.code.is_empty()) {
        let Some(g) = stored.get(r.code.as_str()) else { continue };
        match fall_deadline(g) {
            Ok(d) => {
                deadlines.insert(r.code.as_str(), (*g, d));
            }
            Err(e) => failures.push(e),
        }
    }
    // A game whose players both lost their server is not waited for by anyone: wait here until
    // every deadline, and the time allowed after it, has passed.
    let latest = deadlines.values().filter_map(|(_, d)| *d).max().unwrap_or(0);
    let wait = latest + late_allowed + 500 - crate::store::now_ms();
    if wait > 0 {
        tokio::time::sleep(Duration::from_millis(wait as u64)).await;
    }
    let all = store.all().await.map_err(|e| e.to_string())?;
    let ended: HashMap<&str, Option<TimeOut>> = all.iter().map(|g| (g.code.as_str(), g.timed_out)).collect();
    let rows = sqlx::query(
        "SELECT code, count(*), max(at_ms) FROM moves WHERE code = ANY($1) AND mv LIKE 'time %' GROUP BY code",
    )
    .bind(codes)
    .fetch_all(db)
    .await
    .map_err(|e| e.to_string())?;
    let found: HashMap<String, (i64, Option<i64>)> = rows.iter().map(|r| (r.get(0), (r.get(1), r.get(2)))).collect();
    let (mut once, mut late) = (0, Vec::new());
    for r in records.iter().filter(|r| !r.code.is_empty()) {
        let Some((_, deadline)) = deadlines.get(r.code.as_str()) else {
            continue;
        };
        let timed_out = ended.get(r.code.as_str()).copied().flatten();
        match (found.get(&r.code), timed_out, deadline) {
            (Some((1, Some(at))), Some(TimeOut::Fell(_)), Some(deadline)) => {
                once += 1;
                if *at < *deadline {
                    failures.push(format!(
                        "{}: the fall was stored {} ms before its deadline",
                        r.code,
                        deadline - at
                    ));
                }
                late.push(at - deadline);
            }
            // Ended by the rules before the side to move was to stop: no fall.
            (None, None, _) if (r.moves.len() as u32) < plies => {}
            (f, t, _) => failures.push(format!("{}: time rows {f:?}, ending {t:?}", r.code)),
        }
    }
    Ok((once, late))
}

//! `parlour-server load --lobby`: issue 74's lobby load test. N named players (default 1000)
//! join the rated quick-pairing pool or take or post seeks and play short games of Kōnane 6×6
//! (random legal moves, ended by the rules or a resignation after a few moves) through HAProxy
//! in front of two `parlour-server` processes sharing one PostgreSQL. Halfway through one
//! server is killed (SIGKILL) and started again on its port: its players connect again
//! through the proxy, sign in, resume their seats and re-send unanswered moves. Afterwards the
//! database is checked (`check_db.rs`) and the run reported.

use std::sync::Arc;
use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use super::check_db;
use super::cluster::{Haproxy, Server, database, free_port, in_scratch, rss_mb};
use super::player::Player;
use super::shared::Shared;

/// How far apart the pools' waves run (the server's default is 15 s, lichess's 12 to 60 s):
/// short, so a run of a few minutes pairs many times.
const WAVE_SECS: f64 = 2.0;

/// Players per loopback source address (the PROXY header carries it to the servers).
const PLAYERS_PER_ADDRESS: u64 = 16;

/// What the lobby load test is asked for (`--players`, `--seconds`, `--database`).
pub struct Options {
    /// Simulated players.
    pub players: usize,
    /// Seconds of play before the players stop looking for games.
    pub seconds: f64,
    /// A PostgreSQL database to use instead of a throw-away cluster.
    pub database: Option<String>,
}

/// Runs the lobby load test.
pub async fn run(o: Options) -> Result<(), String> {
    in_scratch("lobby", |scratch| async move { cluster_run(&o, &scratch).await }).await
}

async fn cluster_run(o: &Options, scratch: &std::path::Path) -> Result<(), String> {
    let (database, _pg) = database(o.database.as_deref(), scratch, "--lobby")?;
    let log = scratch.join("servers.log");
    let ports = [free_port()?, free_port()?];
    let mut servers = [
        Server::start(ports[0], &database, &log, WAVE_SECS)?,
        Server::start(ports[1], &database, &log, WAVE_SECS)?,
    ];
    let proxy = Haproxy::start(scratch, &ports)?;
    let shown = database.split('@').next_back().unwrap_or(&database);
    println!(
        "parlour-server load --lobby: {} players, {} s of play; servers on 127.0.0.1:{} and :{} behind HAProxy on :{}, database {shown}",
        o.players, o.seconds, ports[0], ports[1], proxy.port
    );
    let base: f64 = servers.iter().map(|s| rss_mb(s.pid())).sum();
    let url = format!("ws://127.0.0.1:{}/ws", proxy.port);
    let shared = Arc::new(Shared::default());
    // A name of this run's own: "L" + four hex digits + "_" + the player's number.
    let run_tag = format!("L{:04x}", rand::random::<u16>());
    // Everyone signs in first (a few at a time), then plays for --seconds.
    let players = make_players(o.players, &url, &shared, &run_tag);
    let names: Vec<String> = players.iter().map(|p| p.name.clone()).collect();
    let signed = sign_in_all(players, &shared).await?;
    let length = Duration::from_secs_f64(o.seconds);
    let stop = Instant::now() + length;
    let tasks: Vec<_> = signed
        .into_iter()
        .map(|mut p| {
            p.stop_at(stop);
            tokio::spawn(p.run())
        })
        .collect();
    let rss_line = watch(o, &mut servers, &ports, (&database, &log), &shared, tasks, base).await?;
    report(o, &shared, rss_line);
    let checked = check_db::check(&database, &run_tag, &names, &shared).await;
    drop(proxy);
    drop(servers);
    checked
}

/// The players, sixteen to a loopback source address (127.2.x.y).
fn make_players(count: usize, url: &str, shared: &Arc<Shared>, tag: &str) -> Vec<Player> {
    let never = Instant::now() + Duration::from_secs(3600 * 24);
    (0..count as u64)
        .map(|n| {
            let k = n / PLAYERS_PER_ADDRESS;
            let from = std::net::Ipv4Addr::new(127, 2, (k / 250) as u8, (k % 250 + 1) as u8);
            Player::new(n, format!("{tag}_{n}"), from, url.to_string(), shared.clone(), never)
        })
        .collect()
}

/// Connects and signs in every player, fifty at a time.
async fn sign_in_all(players: Vec<Player>, shared: &Shared) -> Result<Vec<Player>, String> {
    let signing = Instant::now();
    let mut signed = Vec::with_capacity(players.len());
    let mut batch = Vec::new();
    for mut p in players {
        batch.push(tokio::spawn(async move {
            p.ensure().await;
            p
        }));
        if batch.len() == 50 {
            for t in batch.drain(..) {
                signed.push(t.await.map_err(|e| e.to_string())?);
            }
        }
    }
    for t in batch {
        signed.push(t.await.map_err(|e| e.to_string())?);
    }
    println!(
        "{} players signed in in {:.1} s",
        shared.connected.load(Ordering::Relaxed),
        signing.elapsed().as_secs_f64()
    );
    Ok(signed)
}

/// Until every player is done: the progress line every 5 s, the servers' memory once while
/// every player is connected (a quarter of the way in), and the kill halfway. The memory line.
async fn watch(
    o: &Options,
    servers: &mut [Server; 2],
    ports: &[u16; 2],
    (database, log): (&str, &std::path::Path),
    shared: &Shared,
    tasks: Vec<tokio::task::JoinHandle<()>>,
    base: f64,
) -> Result<Option<String>, String> {
    let length = Duration::from_secs_f64(o.seconds);
    // Progress every 5 s; memory while everyone is connected; the kill halfway.
    let begun = Instant::now();
    let mut rss_line = None;
    let mut killed = false;
    let mut last_print = Instant::now();
    while tasks.iter().any(|t| !t.is_finished()) {
        tokio::time::sleep(Duration::from_millis(250)).await;
        let connected = shared.connected.load(Ordering::Relaxed);
        if rss_line.is_none() && begun.elapsed() > length / 4 && connected == o.players {
            let mb: Vec<f64> = servers.iter().map(|s| rss_mb(s.pid())).collect();
            let total: f64 = mb.iter().sum();
            rss_line = Some(format!(
                "server memory with all {connected} players connected: {:.0} + {:.0} MB resident (VmRSS), {:.0} KB per player ({:.0} KB per player above the {base:.0} MB the two idle servers held)",
                mb[0],
                mb[1],
                total * 1024.0 / connected as f64,
                (total - base) * 1024.0 / connected as f64
            ));
        }
        if !killed && begun.elapsed() > length / 2 {
            killed = true;
            println!(
                "{:>5.0} s: SIGKILL to the server on :{} ({} players connected)",
                begun.elapsed().as_secs_f64(),
                ports[0],
                connected
            );
            servers[0].kill();
            tokio::time::sleep(Duration::from_secs(1)).await;
            servers[0] = Server::start(ports[0], database, log, WAVE_SECS)?;
            println!(
                "{:>5.0} s: started again on :{}",
                begun.elapsed().as_secs_f64(),
                ports[0]
            );
        }
        if last_print.elapsed() >= Duration::from_secs(5) {
            last_print = Instant::now();
            println!(
                "{:>5.0} s: {} games finished, {} moves, {} players waiting, {} connected, {} reconnections",
                begun.elapsed().as_secs_f64(),
                shared.finished.lock().map_or(0, |f| f.len()),
                shared.moves.load(Ordering::Relaxed),
                shared.waiting.load(Ordering::Relaxed),
                connected,
                shared.reconnects.load(Ordering::Relaxed)
            );
        }
        if begun.elapsed() > length + Duration::from_secs(180) {
            println!("games still going 180 s after the end: abandoned");
            tasks.iter().for_each(|t| t.abort());
            break;
        }
    }
    Ok(rss_line)
}

fn quantile(v: &mut [f64], q: f64) -> f64 {
    v.sort_by(f64::total_cmp);
    v.get(((v.len() as f64 * q) as usize).min(v.len().saturating_sub(1)))
        .copied()
        .unwrap_or(0.0)
}

fn report(o: &Options, shared: &Shared, rss_line: Option<String>) {
    let mut seen = shared.seen.lock().unwrap_or_else(|p| p.into_inner());
    let finished = shared.finished.lock().map_or(0, |f| f.len());
    println!(
        "players {}, games finished {finished}, moves {}, reconnections {}, accepts that lost the race {}, refused while playing {}",
        o.players,
        shared.moves.load(Ordering::Relaxed),
        shared.reconnects.load(Ordering::Relaxed),
        shared.lost_races.load(Ordering::Relaxed),
        shared.busy.load(Ordering::Relaxed)
    );
    let waits = seen.waits_ms.len();
    println!(
        "wait from joining the pool or posting a seek to matched ({waits} waits): median {:.2} s, 95th percentile {:.2} s",
        quantile(&mut seen.waits_ms, 0.5) / 1000.0,
        quantile(&mut seen.waits_ms, 0.95) / 1000.0
    );
    let pairs = seen.gaps.len();
    println!(
        "rating gap of the pairs made ({pairs} games): median {:.0}",
        quantile(&mut seen.gaps, 0.5)
    );
    println!(
        "{}",
        rss_line.unwrap_or_else(|| "server memory: not measured (never all players connected at once)".into())
    );
    if !seen.errors.is_empty() {
        println!("{} surprises seen by the players, the first ones:", seen.errors.len());
        for e in seen.errors.iter().take(10) {
            println!("  {e}");
        }
    }
}

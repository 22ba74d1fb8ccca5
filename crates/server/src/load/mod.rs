//! `parlour-server load`: the load benchmark. Starts a server on loopback over the database
//! given (or a fresh SQLite file), opens two real WebSocket connections per game, and has each
//! game play a random legal move about once per interval, measuring the round trip from
//! sending a move to its `stored` reply. Afterwards every game in the database is compared
//! with what its clients sent. `--ramp` repeats with more and more games until the 99th
//! percentile passes 100 ms. `--lobby` is issue 74's lobby load test instead (`lobby.rs`): named
//! players pairing and playing through HAProxy in front of two server processes on one
//! PostgreSQL, one of them killed halfway.

use std::process::ExitCode;
use std::time::{Duration, Instant};

use parlour_online::wire::{Reply, Request, Seat};
use rand::{Rng, SeedableRng};
use tokio::net::TcpListener;

use crate::store::Store;
use crate::store::postgres::PgStore;
use crate::store::sqlite::SqliteStore;

mod attack;
mod check_db;
mod clock_check;
mod clock_game;
mod clock_run;
mod cluster;
mod conn;
mod delay;
mod lobby;
mod player;
mod seeking;
mod shared;
mod ws;

use attack::{attack, probe, resident_mb};
pub use clock_check::{MoveCheck, check_game, quantile};
pub use clock_game::{GameRecord, Lie, Observed, Plan, Progress, play_game};
pub use delay::{Delay, DelayProxy};
pub use ws::{Ws, connect_forwarded, connect_from, new_konane, send, until};

/// The load benchmark's options (`parlour-server load`).
///
/// N games, each moving about once every MS milliseconds, for S seconds, over real WebSockets on
/// loopback to a server in this process; reports moves/s and the move round trip (p50, p99,
/// max), then checks every stored game against what its clients sent.
#[derive(clap::Args, Debug)]
pub struct Options {
    /// Games played at once (1000; with --clock, 40 per delay).
    #[arg(long, value_name = "N")]
    games: Option<usize>,
    /// Each game moves about once in this many milliseconds.
    #[arg(long = "interval-ms", value_name = "MS", default_value = "1000", value_parser = millis)]
    interval: Duration,
    /// How long each phase plays.
    #[arg(long, value_name = "S", default_value_t = 30.0)]
    seconds: f64,
    /// The database: a fresh SQLite file when not given; postgres://… measures PostgreSQL.
    #[arg(long, value_name = "URL")]
    database: Option<String>,
    /// 250, 500, 1000, 1500, 2000, 3000 … games until p99 passes 100 ms.
    #[arg(long, conflicts_with = "attack")]
    ramp: bool,
    /// The same games twice, quiet and then while an attacker on other loopback addresses holds
    /// idle WebSockets (800 tried from 8 addresses), dribbles 200 slowloris requests and spams
    /// `new` from 20 addresses, under the server's default limits; reports both p99s, what the
    /// attacker got, and this process's memory (server and all clients); then tries again the
    /// attacks of issue 74 (guessing from rotating addresses, a guesser on the players'
    /// address, every slot held by quiet WebSockets, DNS rebinding, forged X-Forwarded-For;
    /// about 75 s more) and reports what each got.
    #[arg(long)]
    attack: bool,
    /// Issue 74's lobby load test instead: --players named players join the rated pool or take
    /// or post seeks and play short games of Kōnane 6×6 for --seconds, through HAProxy in front
    /// of two parlour-server processes on one PostgreSQL (a throw-away cluster unless
    /// --database postgres://… is given); halfway one server is killed and started again.
    /// Then checks the database: no player in two games at once, no seek or pool entry taken
    /// twice, every rated game rated once, no acknowledged move lost.
    #[arg(long, conflicts_with_all = ["attack", "ramp"])]
    lobby: bool,
    /// Players in the lobby load test.
    #[arg(long, value_name = "N", default_value_t = 1000, requires = "lobby")]
    players: usize,
    /// Issue 75's clock measurement instead (`clock_run.rs`): live-clock games through a delay
    /// proxy to HAProxy in front of two servers on one PostgreSQL, for each of --delays; every
    /// move's charge compared with its true thinking time and the reference clock, liars' gains
    /// with their quota, falls with their deadlines; then one server killed mid-run.
    #[arg(long, conflicts_with_all = ["attack", "ramp", "lobby"])]
    clock: bool,
    /// One-way delays measured, in milliseconds, each direction.
    #[arg(
        long,
        value_name = "MS,…",
        value_delimiter = ',',
        default_value = "0,50,150,300",
        requires = "clock"
    )]
    delays: Vec<u64>,
    /// The jitter added to each delay (uniform in ± MS).
    #[arg(long, value_name = "MS", default_value_t = 20, requires = "clock")]
    jitter: u64,
    /// Moves per game before the side to move stops and lets its time run out.
    #[arg(long, value_name = "N", default_value_t = 16, requires = "clock")]
    plies: u32,
}

fn millis(v: &str) -> Result<Duration, String> {
    v.parse::<u64>()
        .map(Duration::from_millis)
        .map_err(|_| "give a whole number of milliseconds".into())
}

/// Runs the benchmark.
pub fn main(o: Options) -> ExitCode {
    // Each game needs two sockets on each side of loopback.
    crate::limits::descriptors_for_connections();
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(r) => r,
        Err(e) => {
            eprintln!("parlour-server load: {e}");
            return ExitCode::FAILURE;
        }
    };
    let run = async move {
        if o.clock {
            clock_run::run(clock_run::Options {
                delays: o.delays,
                jitter_ms: o.jitter,
                games: o.games.unwrap_or(40),
                plies: o.plies,
                database: o.database,
            })
            .await
        } else {
            bench(o).await
        }
    };
    match runtime.block_on(run) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parlour-server load: {e}");
            ExitCode::FAILURE
        }
    }
}

async fn bench(o: Options) -> Result<(), String> {
    if o.lobby {
        return lobby::run(lobby::Options {
            players: o.players,
            seconds: o.seconds,
            database: o.database,
        })
        .await;
    }
    let scratch = std::env::temp_dir().join(format!("parlour-load-{}", std::process::id()));
    let database = match &o.database {
        Some(d) => d.clone(),
        None => {
            std::fs::create_dir_all(&scratch).map_err(|e| e.to_string())?;
            format!("sqlite://{}", scratch.join("load.sqlite3").display())
        }
    };
    // The server runs on a runtime (and threads) of its own, as it would in its own process.
    let listener = std::net::TcpListener::bind("127.0.0.1:0").map_err(|e| e.to_string())?;
    listener.set_nonblocking(true).map_err(|e| e.to_string())?;
    let addr = listener.local_addr().map_err(|e| e.to_string())?;
    let db = database.clone();
    let attacking = o.attack;
    let (ready_tx, ready_rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = match tokio::runtime::Runtime::new() {
            Ok(r) => r,
            Err(e) => return eprintln!("parlour-server load: {e}"),
        };
        runtime.block_on(async move {
            let listener = match TcpListener::from_std(listener) {
                Ok(l) => l,
                Err(e) => return eprintln!("parlour-server load: {e}"),
            };
            let ready = move || {
                let _ = ready_tx.send(());
            };
            // Players come from many loopback addresses (as from many machines), under the
            // server's own per-address limit; the total is capped only by the descriptors.
            // Both ends of every connection are in this process: half the descriptors each.
            // Under attack the server keeps its default limits.
            let mut policy = crate::routes::Policy::default();
            let fit = crate::limits::descriptors_for_connections().unwrap_or(usize::MAX) / 2;
            policy.limits.max_connections = if attacking {
                policy.limits.max_connections.min(fit)
            } else {
                fit
            };
            if let Err(e) = crate::run_full(listener, &db, None, policy, ready).await {
                eprintln!("parlour-server load: the server stopped: {e}");
            }
        });
    });
    ready_rx
        .recv_timeout(Duration::from_secs(60))
        .map_err(|_| "the server did not start".to_string())?;
    let shown = database.split('@').next_back().unwrap_or(&database);
    println!("server on {addr}, database {shown}");
    println!(
        "{:>7} {:>9} {:>10} {:>9} {:>9} {:>9}  stored games checked",
        "games", "moves", "moves/s", "p50 ms", "p99 ms", "max ms"
    );
    let steps: Vec<usize> = if o.ramp {
        vec![250, 500, 1000, 1500, 2000, 3000, 4000, 6000, 8000]
    } else if o.attack {
        vec![o.games.unwrap_or(1000); 2]
    } else {
        vec![o.games.unwrap_or(1000)]
    };
    let url = format!("ws://{addr}/ws");
    let mut result = Ok(());
    let mut quiet_p99 = None;
    for (step, games) in steps.into_iter().enumerate() {
        let length = Duration::from_secs_f64(o.seconds);
        let under_attack = o.attack && step == 1;
        let rss_before = resident_mb();
        let attacker = under_attack.then(|| tokio::spawn(attack(url.clone(), Instant::now() + length)));
        let outcome = phase(&url, games, o.interval, length).await?;
        let rss_peak = resident_mb();
        let checked = check(&database, &outcome.records).await;
        let (p50, p99, max) = outcome.percentiles();
        println!(
            "{games:>7} {:>9} {:>10.0} {p50:>9.1} {p99:>9.1} {max:>9.1}  {}",
            outcome.latencies.len(),
            outcome.latencies.len() as f64 / outcome.elapsed.as_secs_f64(),
            match &checked {
                Ok(n) => format!("{n} equal"),
                Err(e) => e.clone(),
            }
        );
        if let Err(e) = checked {
            result = Err(e);
            break;
        }
        if let Some(attacker) = attacker {
            let a = attacker.await.map_err(|e| e.to_string())?;
            println!("under attack: {a}");
            if let Some(quiet) = quiet_p99 {
                println!(
                    "p99 quiet {quiet:.1} ms, under attack {p99:.1} ms ({:.2}x); memory {:.0} MB before the attack, {:.0} MB at its end (this process: server and clients)",
                    p99 / f64::max(quiet, 0.1),
                    rss_before,
                    rss_peak
                );
            }
        } else if o.attack {
            quiet_p99 = Some(p99);
            println!("quiet; memory {rss_peak:.0} MB (this process: server and clients)");
        }
        if o.ramp && p99 > 100.0 {
            break;
        }
    }
    if o.attack && result.is_ok() {
        println!("the attacks of issue 74 (about 75 s):\n{}", probe(&url).await);
    }
    let _ = std::fs::remove_dir_all(&scratch);
    result
}

struct Outcome {
    latencies: Vec<f64>,
    elapsed: Duration,
    /// (code, moves sent and acknowledged) per game played.
    records: Vec<(String, Vec<String>)>,
}

impl Outcome {
    fn percentiles(&self) -> (f64, f64, f64) {
        let mut l = self.latencies.clone();
        l.sort_by(f64::total_cmp);
        let at = |q: f64| {
            l.get(((l.len() as f64 * q) as usize).min(l.len().saturating_sub(1)))
                .copied()
                .unwrap_or(0.0)
        };
        (at(0.5), at(0.99), l.last().copied().unwrap_or(0.0))
    }
}

async fn phase(url: &str, games: usize, interval: Duration, length: Duration) -> Result<Outcome, String> {
    // Connect everyone first, then play for `length`.
    let mut pairs = Vec::with_capacity(games);
    for g in 0..games {
        let a = connect_from(url, player_address(2 * g)).await?;
        let b = connect_from(url, player_address(2 * g + 1)).await?;
        pairs.push((a, b));
    }
    let start = Instant::now() + Duration::from_millis(200);
    let stop = start + length;
    let mut tasks = Vec::with_capacity(games);
    for (i, (a, b)) in pairs.into_iter().enumerate() {
        tasks.push(tokio::spawn(play(a, b, i as u64, interval, start, stop)));
    }
    let mut outcome = Outcome {
        latencies: Vec::new(),
        elapsed: length,
        records: Vec::new(),
    };
    for t in tasks {
        let (lat, records) = t.await.map_err(|e| e.to_string())??;
        outcome.latencies.extend(lat);
        outcome.records.extend(records);
    }
    Ok(outcome)
}

/// Players per source address: well under the server's default limits per address (64
/// connections, 30 new games a minute: a pair starts a game about every half minute).
const PLAYERS_PER_ADDRESS: usize = 16;

/// The loopback address player `n` connects from: 127.1.0.1, 127.1.0.2, … (Linux answers on
/// all of 127.0.0.0/8), so the players look like many machines to the server's limits.
fn player_address(n: usize) -> std::net::Ipv4Addr {
    let k = n / PLAYERS_PER_ADDRESS;
    std::net::Ipv4Addr::new(127, 1, (k / 250) as u8, (k % 250 + 1) as u8)
}

/// One pair of players: games of Kōnane 8×8 one after another, a move per interval.
async fn play(
    mut a: Ws,
    mut b: Ws,
    seed: u64,
    interval: Duration,
    start: Instant,
    stop: Instant,
) -> Result<(Vec<f64>, Vec<(String, Vec<String>)>), String> {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut latencies = Vec::new();
    let mut records = Vec::new();
    // Spread the games' moves evenly over the interval.
    let mut next = start + interval.mul_f64(rng.random::<f64>());
    let mut req = 0u64;
    while Instant::now() < stop {
        req += 1;
        send(
            &mut a,
            &Request::New {
                req,
                game: "konane".into(),
                options: vec![],
                seat: Seat::First,
                token: None,
            },
        )
        .await?;
        let (code, ta) = until(&mut a, |r| match r {
            Reply::Seated { game, token, .. } => Some(Ok((game.code, token))),
            _ => None,
        })
        .await?;
        send(
            &mut b,
            &Request::Join {
                req,
                code: code.clone(),
                token: None,
            },
        )
        .await?;
        let tb = until(&mut b, |r| match r {
            Reply::Seated { token, .. } => Some(Ok(token)),
            _ => None,
        })
        .await?;
        let mut session = parlour_rules::dynamic::GameSetup::new(parlour_rules::GameId::Konane, &[])?.start();
        let mut moves = Vec::new();
        while let Some(turn) = session.turn() {
            tokio::time::sleep_until(next.into()).await;
            next += interval;
            if Instant::now() >= stop {
                break;
            }
            let legal = session.legal();
            let mv = legal[rng.random_range(0..legal.len())].clone();
            let ply = moves.len() as u32;
            let (mover, token, other) = if turn == 0 {
                (&mut a, &ta, &mut b)
            } else {
                (&mut b, &tb, &mut a)
            };
            req += 1;
            let sent = Instant::now();
            send(
                mover,
                &Request::Move {
                    req,
                    code: code.clone(),
                    token: token.clone(),
                    ply,
                    mv: mv.clone(),
                    think_ms: None,
                },
            )
            .await?;
            until(mover, |r| match r {
                Reply::Stored { req: r, .. } if r == req => Some(Ok(())),
                _ => None,
            })
            .await?;
            latencies.push(sent.elapsed().as_secs_f64() * 1000.0);
            session.play(&mv).map_err(|e| e.to_string())?;
            moves.push(mv);
            until(other, |r| match r {
                Reply::Moved { ply: p, .. } if p == ply => Some(Ok(())),
                _ => None,
            })
            .await?;
        }
        records.push((code, moves));
    }
    Ok((latencies, records))
}

/// Compares every game the clients played with the database: `Ok(games checked)`.
async fn check(database: &str, records: &[(String, Vec<String>)]) -> Result<usize, String> {
    let stored = if database.starts_with("sqlite:") {
        SqliteStore::open(database)
            .await
            .map_err(|e| e.to_string())?
            .all()
            .await
    } else {
        PgStore::open(database).await.map_err(|e| e.to_string())?.all().await
    }
    .map_err(|e| e.to_string())?;
    let by_code: std::collections::HashMap<&str, &Vec<String>> =
        stored.iter().map(|g| (g.code.as_str(), &g.moves)).collect();
    for (code, moves) in records {
        match by_code.get(code.as_str()) {
            Some(m) if *m == moves => {}
            Some(m) => {
                return Err(format!(
                    "game {code}: the database has {} moves, the clients sent {}",
                    m.len(),
                    moves.len()
                ));
            }
            None => return Err(format!("game {code} is missing from the database")),
        }
    }
    Ok(records.len())
}

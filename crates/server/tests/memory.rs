//! Memory per game and per connection, read from a real server process's resident set: games
//! made over WebSockets and then left alone, and WebSockets opened and left idle. Before the
//! push channel was made on demand a game held about 43 KB, and before the WebSocket buffers
//! were made small an idle connection held about 136 KB (issue 44's measurements); the bounds
//! below sit between today's cost and those.

mod common;

use std::net::Ipv4Addr;
use std::time::Duration;

use common::{Server, TempDir, sqlite_url};
use parlour_server::load::{Ws, connect_from, new_konane};

/// Games made; enough that a few pages of the allocator's own are lost in the division.
const GAMES: usize = 2000;
/// Idle WebSockets opened.
const SOCKETS: usize = 400;
/// A game nobody follows may hold this much of the server's memory, at most.
const PER_GAME_BOUND_KB: f64 = 16.0;
/// An idle WebSocket may hold this much, at most.
const PER_SOCKET_BOUND_KB: f64 = 48.0;

/// The server process's resident memory in KB.
fn resident_kb(server: &Server) -> f64 {
    let status = std::fs::read_to_string(format!("/proc/{}/status", server.child.id())).expect("/proc is readable");
    status
        .lines()
        .find_map(|l| l.strip_prefix("VmRSS:"))
        .and_then(|v| v.split_whitespace().next()?.parse().ok())
        .expect("VmRSS in /proc/PID/status")
}

/// Makes `count` Kōnane games over one WebSocket and closes it, so nobody follows them.
async fn make_games(url: &str, count: usize) {
    let mut ws: Ws = connect_from(url, Ipv4Addr::LOCALHOST).await.expect("connects");
    for req in 0..count as u64 {
        new_konane(&mut ws, req).await.expect("the game is made");
    }
    let _ = ws.close(None).await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_and_an_idle_connection_hold_little_memory() {
    if !std::path::Path::new("/proc/self/status").exists() {
        println!("SKIPPED: no /proc to read a process's memory from");
        return;
    }
    let dir = TempDir::new("memory");
    let server = Server::start_with(
        "127.0.0.1:0",
        &sqlite_url(&dir.0),
        &[
            "--per-address",
            "1000",
            "--new-games-per-minute",
            "1000000",
            "--requests-per-address",
            "1000000",
            // Held, not let go, while they are counted.
            "--forget-every",
            "3600",
        ],
    );
    let url = format!("ws://{}/ws", server.addr);
    // Warm up: the database's pages, the runtime's threads and the allocator's arenas.
    make_games(&url, 40).await;
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = resident_kb(&server);

    // A connection makes games at most 20 a second (bursts of 40): 40 at a time, 10 at once.
    let per = 40;
    for _ in 0..GAMES / (per * 10) {
        let batch: Vec<_> = (0..10)
            .map(|_| {
                let url = url.clone();
                tokio::spawn(async move { make_games(&url, per).await })
            })
            .collect();
        for b in batch {
            b.await.expect("a batch of games");
        }
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let with_games = resident_kb(&server);
    let per_game = (with_games - before) / GAMES as f64;

    let mut idle = Vec::with_capacity(SOCKETS);
    for _ in 0..SOCKETS {
        idle.push(
            connect_from(&url, Ipv4Addr::LOCALHOST)
                .await
                .expect("an idle connection"),
        );
    }
    tokio::time::sleep(Duration::from_millis(300)).await;
    let with_sockets = resident_kb(&server);
    let per_socket = (with_sockets - with_games) / SOCKETS as f64;
    println!(
        "server memory: {before:.0} KB, {with_games:.0} KB with {GAMES} more games ({per_game:.1} KB each), \
         {with_sockets:.0} KB with {SOCKETS} idle WebSockets ({per_socket:.1} KB each)"
    );
    assert!(
        per_game <= PER_GAME_BOUND_KB,
        "a game nobody follows holds {per_game:.1} KB (bound {PER_GAME_BOUND_KB} KB)"
    );
    assert!(
        per_socket <= PER_SOCKET_BOUND_KB,
        "an idle WebSocket holds {per_socket:.1} KB (bound {PER_SOCKET_BOUND_KB} KB)"
    );
    drop(idle);
}

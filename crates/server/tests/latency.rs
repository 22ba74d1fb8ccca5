//! Live clocks under latency (issue 75, item 5; the small version of `parlour-server load
//! --clock`): players connect to a real server on SQLite through a delay proxy adding 0 or 150 ms
//! one way (± 10 ms of jitter) in each direction, think a known random time before each move and
//! report it. An honest player is charged within 25 ms of its true thinking time whatever the
//! delay; every charge and compensation is the reference clock's (`parlour-clock`'s `Clock`
//! stepped through the stored moves); a player reporting no thinking time gains at most its quota.

mod common;

use std::net::{Ipv4Addr, SocketAddr};
use std::sync::Arc;

use common::{Server, TempDir, sqlite_url};
use parlour_clock::TimeControl;
use parlour_online::wire::Seat;
use parlour_server::load::{Delay, DelayProxy, GameRecord, Lie, MoveCheck, Plan, Progress, check_game, play_game};
use parlour_server::store::Store;
use parlour_server::store::sqlite::SqliteStore;

/// Two games through a proxy delaying `one_way_ms`, the second's second player a liar.
async fn games_at(server: &str, one_way_ms: u64, n: u8) -> (Vec<GameRecord>, DelayProxy) {
    let upstream: SocketAddr = server.parse().unwrap();
    let proxy = DelayProxy::start(upstream, Delay::ms(one_way_ms, 10)).await.unwrap();
    let mut tasks = Vec::new();
    for g in 0..2u8 {
        let plan = Plan {
            control: TimeControl::new(0, 5).unwrap(),
            plies: 8,
            fall: false,
            think_ms: (50, 300),
            liar: (g == 1).then_some((Seat::Second, Lie::Zero)),
            seed: u64::from(n * 10 + g),
            tag: format!("Lat{:04x}", rand::random::<u16>()),
        };
        let from = [Ipv4Addr::new(127, 5, n, 2 * g + 1), Ipv4Addr::new(127, 5, n, 2 * g + 2)];
        let url = proxy.ws_url();
        tasks.push(tokio::spawn(async move {
            play_game(&url, from, plan, Arc::new(Progress::default())).await
        }));
    }
    let mut records = Vec::new();
    for t in tasks {
        let r = t.await.unwrap();
        assert!(r.problems.is_empty(), "{:?}", r.problems);
        assert_eq!(r.moves.len(), 8, "every move stored");
        records.push(r);
    }
    (records, proxy)
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn moves_are_charged_their_thinking_time_under_delay_and_liars_gain_at_most_the_quota() {
    let dir = TempDir::new("latency");
    let url = sqlite_url(&dir.0);
    let server = Server::start("127.0.0.1:0", &url);
    let (quick, slow) = tokio::join!(games_at(&server.addr, 0, 1), games_at(&server.addr, 150, 2));
    let store = SqliteStore::open(&url).await.unwrap();
    let all = store.all().await.unwrap();
    for (one_way, records) in [(0, quick.0), (150, slow.0)] {
        let mut checks: Vec<MoveCheck> = Vec::new();
        for r in &records {
            let stored = all.iter().find(|g| g.code == r.code).expect("the game is stored");
            checks.extend(check_game(stored, r).unwrap());
        }
        // Seven charged moves a game (the first starts the clock).
        assert_eq!(checks.len(), 14);
        for c in &checks {
            assert!(
                c.equal_to_reference(),
                "{one_way} ms: charged unlike the reference: {c:?}"
            );
            if c.honest {
                assert!(
                    c.error_ms().abs() <= 25,
                    "{one_way} ms: charged {} ms for {} ms of thinking",
                    c.charged_ms,
                    c.true_ms
                );
                // The delay was given back, not charged: the turn the server saw was longer.
                assert!(c.comp_ms >= 2 * one_way as i64 - 2 * 10 - 2, "{c:?}");
            } else {
                // Claiming no thinking time: it gains (the lie works that far), never more than
                // its quota.
                assert!(c.gain_ms() > 0 && c.gain_ms() <= c.quota_ms, "{one_way} ms: {c:?}");
            }
        }
        assert_eq!(checks.iter().filter(|c| !c.honest).count(), 4, "the liar's moves");
    }
}

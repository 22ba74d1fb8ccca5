//! Live clocks through a real server on loopback (issue 75, items 1 and 4–6): a seek on a clock
//! makes a game on it; the server charges each move by its own clock less the lag compensation,
//! and a client that lies about its thinking time gains at most its quota; a side whose time runs
//! out loses on time once, stored by the server without a move, rated once, and every later move
//! is refused; a game whose first move does not come is aborted and not rated; two servers on one
//! PostgreSQL: after the one holding the game is killed the other ends its overdue clock within
//! two seconds; bad clocks and thinking times are refused with a sentence.

mod common;

use std::time::{Duration, Instant};

use common::table::{Table, meet_on, rated_games, recent_results};
use common::ws::{Player, random_hex};
use common::{Server, TempDir, postgres_url, sqlite_url};
use parlour_clock::{ClockView, Pace, TimeControl};
use parlour_online::wire::{Reply, Request, Seat};
use parlour_rules::dynamic::GameSetup;

/// 0+1: three seconds each and a second a move (lichess's minimum start), a bullet control.
fn bullet() -> Pace {
    Pace::Live(TimeControl::new(0, 1).unwrap())
}

/// The first lag quota of 0+1 (three moves' growth of min(1 s, 0.4 × 40 s + 0.15 s)).
const QUOTA_MS: i64 = 930;

fn serve(tag: &str) -> (TempDir, Server) {
    let dir = TempDir::new(tag);
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    (dir, server)
}

fn legal(game: &str, moves: &[String]) -> String {
    let at = GameSetup::parse(game, &[]).unwrap().replay(moves).unwrap();
    at.legal().into_iter().next().expect("a legal move")
}

/// Plays `seat`'s move at `ply` with `think_ms` reported; the clock after it.
async fn play(p: &mut Player, t: &Table, seat: Seat, moves: &mut Vec<String>, think_ms: i64) -> ClockView {
    let mv = legal("konane", moves);
    match p.ask(t.play_timed(seat, moves.len() as u32, &mv, Some(think_ms))).await {
        Reply::Stored { mv, clock, .. } => {
            moves.push(mv);
            clock.expect("a game on a clock answers with the clock")
        }
        other => panic!("{other:?}"),
    }
}

async fn ended(p: &mut Player, wait: Duration) -> Option<(String, String)> {
    p.push(wait, |r| match r {
        Reply::Ended { result, reason, .. } => Some((result.clone(), reason.clone())),
        _ => None,
    })
    .await
}

#[tokio::test]
async fn moves_are_charged_by_the_servers_clock_and_a_fall_is_stored_once() {
    let (_dir, server) = serve("clocks-fall");
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let mut bob = Player::signed_in(&server.addr, Some("Bob_K")).await;
    let t = meet_on(&mut ada, &mut bob, "konane", true, bullet()).await;
    let mut moves = Vec::new();
    // The first move starts the clock: nothing is charged, the second side's time runs.
    let c = play(&mut ada, &t, Seat::First, &mut moves, 0).await;
    assert_eq!(c.remaining_ms, [3000, 3000]);
    assert_eq!(c.running, Some(parlour_rules::Player::P2));
    // An honest client: 600 ms of thinking, reported as such, is charged about 600 ms (the
    // loopback's lag is given back) and the increment added.
    tokio::time::sleep(Duration::from_millis(600)).await;
    let c = play(&mut bob, &t, Seat::Second, &mut moves, 600).await;
    let charged = 3000 + 1000 - c.remaining_ms[1];
    assert!(
        (590..=700).contains(&charged),
        "charged {charged} ms for 600 ms of thinking"
    );
    // A lying client: 1,500 ms taken, 0 reported. It gains the lag it claims only up to its
    // quota, so it is charged at least 1,500 − quota.
    tokio::time::sleep(Duration::from_millis(1500)).await;
    let c = play(&mut ada, &t, Seat::First, &mut moves, 0).await;
    let charged = 3000 + 1000 - c.remaining_ms[0];
    assert!(
        (1500 - QUOTA_MS - 5..1500).contains(&charged),
        "charged {charged} ms for 1,500 ms claimed as 0"
    );
    // Bob does not move: his 3,400 ms or so and the grace run out, and the server stores the fall
    // without a move, telling both.
    let deadline = Instant::now() + Duration::from_millis(c.remaining_ms[1] as u64);
    for p in [&mut ada, &mut bob] {
        assert_eq!(
            ended(p, Duration::from_secs(8)).await,
            Some(("first".into(), "time".into()))
        );
    }
    let late = Instant::now().saturating_duration_since(deadline);
    assert!(
        late < Duration::from_millis(2000 + 500),
        "the fall came {late:?} after the time ran out"
    );
    // Once: a move now is refused, the game shows the fall, the rating counts one game.
    let mv = legal("konane", &moves);
    let refused = bob
        .refused(t.play_timed(Seat::Second, moves.len() as u32, &mv, Some(0)))
        .await;
    assert!(refused.contains("lost on time"), "{refused}");
    let Reply::Seated { game, .. } = bob.ask(t.resume(Seat::Second)).await else {
        panic!("Bob resumes")
    };
    let end = game.ended.expect("the game shows how it ended");
    assert_eq!((end.result.as_str(), end.reason.as_str()), ("first", "time"));
    let clock = game.clock.expect("the clock is shown");
    assert_eq!((clock.remaining_ms[1], clock.running), (0, None));
    assert_eq!(rated_games(&mut ada, "Ada_L", "konane").await, 1);
    assert_eq!(rated_games(&mut ada, "Bob_K", "konane").await, 1);
}

#[tokio::test]
async fn a_game_whose_first_move_does_not_come_is_aborted_and_not_rated() {
    let (_dir, server) = serve("clocks-abort");
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let mut bob = Player::signed_in(&server.addr, Some("Bob_K")).await;
    let t = meet_on(&mut ada, &mut bob, "konane", true, bullet()).await;
    let Reply::Seated { game, .. } = ada.ask(t.resume(Seat::First)).await else {
        panic!("Ada resumes")
    };
    let first = game
        .clock
        .and_then(|c| c.first_move_ms)
        .expect("the first move's time is shown");
    assert!((19_000..=20_000).contains(&first), "{first} ms for the first move");
    for p in [&mut ada, &mut bob] {
        assert_eq!(
            ended(p, Duration::from_millis(first as u64 + 3000)).await,
            Some(("aborted".into(), "aborted".into()))
        );
    }
    let mv = legal("konane", &[]);
    let refused = ada.refused(t.play_timed(Seat::First, 0, &mv, Some(0))).await;
    assert!(refused.contains("aborted"), "{refused}");
    assert_eq!(rated_games(&mut ada, "Ada_L", "konane").await, 0);
    assert_eq!(recent_results(&mut ada, "Ada_L").await, [Some("aborted".to_string())]);
}

#[tokio::test]
async fn bad_clocks_and_thinking_times_are_refused_with_a_sentence() {
    let (_dir, server) = serve("clocks-bad");
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let mut bob = Player::signed_in(&server.addr, Some("Bob_K")).await;
    // Days a move are sought, never pooled: said, not ignored.
    let refused = ada
        .refused(|req| Request::Pool {
            req,
            game: "konane".into(),
            options: vec![],
            rated: false,
            token: random_hex(),
            pace: "days=3".parse().unwrap(),
        })
        .await;
    assert!(refused.contains("correspondence"), "{refused}");
    let t = meet_on(&mut ada, &mut bob, "konane", false, bullet()).await;
    let mut moves = Vec::new();
    play(&mut ada, &t, Seat::First, &mut moves, 0).await;
    // A negative or absurd thinking time never reaches the clock: the message is refused.
    for think in [-5i64, 90_000_000_000] {
        let mv = legal("konane", &moves);
        let reply = bob.ask(t.play_timed(Seat::Second, 1, &mv, Some(think))).await;
        assert!(matches!(reply, Reply::Error { .. }), "{reply:?}");
    }
    // A takeback cannot rewind a clock.
    let refused = ada
        .refused(t.offer(Seat::First, 1, parlour_online::wire::OfferKind::Takeback))
        .await;
    assert_eq!(refused, "Takebacks are for untimed games; this game is on a clock.");
    // Nothing changed: Bob's move still plays.
    play(&mut bob, &t, Seat::Second, &mut moves, 100).await;
}

#[tokio::test]
async fn after_the_server_holding_a_game_is_killed_the_other_ends_its_clock_within_two_seconds() {
    let Some(url) = postgres_url() else { return };
    let mut one = Server::start("127.0.0.1:0", &url);
    let two = Server::start("127.0.0.1:0", &url);
    let name = |n: &str| format!("{n}_{}", &random_hex()[..6]);
    let (a, b) = (name("ada"), name("bob"));
    let mut ada = Player::signed_in(&one.addr, Some(&a)).await;
    let mut bob = Player::signed_in(&one.addr, Some(&b)).await;
    let t = meet_on(&mut ada, &mut bob, "konane", false, bullet()).await;
    let mut moves = Vec::new();
    play(&mut ada, &t, Seat::First, &mut moves, 0).await;
    let c = play(&mut bob, &t, Seat::Second, &mut moves, 0).await;
    // Ada's clock runs; the server that stored the move and keeps her clock is killed.
    let falls = Instant::now() + Duration::from_millis((c.remaining_ms[0] + QUOTA_MS) as u64);
    one.kill();
    let mut watcher = Player::connect(&two.addr).await;
    let code = t.code.clone();
    let reply = watcher.ask(move |req| Request::Watch { req, code }).await;
    assert!(matches!(reply, Reply::Watching { .. }), "{reply:?}");
    assert_eq!(
        ended(&mut watcher, Duration::from_secs(10)).await,
        Some(("second".into(), "time".into()))
    );
    let late = Instant::now().saturating_duration_since(falls);
    assert!(
        late < Duration::from_millis(2000),
        "the other server ended it {late:?} after the fall"
    );
}

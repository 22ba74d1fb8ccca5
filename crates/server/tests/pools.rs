//! Quick pairing through a real server on loopback (waves every 0.2 s), over bare WebSockets:
//! two players in a pool are paired into one game and both told, and paired again with the
//! seats swapped; a rated pool refused for a
//! device account; a player who leaves the pool (cancelling or closing the connection) is never
//! paired; players far apart in rating wait until their missed waves bring them together; each
//! clock is its own pool.

mod common;

use std::time::{Duration, Instant};

use common::ws::{Player, random_hex};
use common::{Server, TempDir, sqlite_url};
use parlour_online::wire::{Pace, Reply, Request, Seat, SideChoice};

/// How far apart the tests' waves are.
const WAVE: Duration = Duration::from_millis(200);

fn serve(tag: &str) -> (TempDir, Server) {
    let dir = TempDir::new(tag);
    let server = Server::start_with("127.0.0.1:0", &sqlite_url(&dir.0), &["--pool-wave", "0.2"]);
    (dir, server)
}

/// Joins the conhex pool: the entry's id and the seat token.
async fn join(p: &mut Player, rated: bool) -> (u64, String) {
    join_at(p, rated, Pace::Untimed).await
}

/// Joins the conhex pool of `pace`.
async fn join_at(p: &mut Player, rated: bool, pace: Pace) -> (u64, String) {
    let token = random_hex();
    let t = token.clone();
    let reply = p
        .ask(move |req| Request::Pool {
            req,
            game: "conhex".into(),
            options: vec![],
            rated,
            token: t,
            pace,
        })
        .await;
    match reply {
        Reply::Seeking { id, .. } => (id, token),
        other => panic!("not in the pool: {other:?}"),
    }
}

/// The `matched` push for entry `id` within `wait`.
async fn matched(p: &mut Player, id: u64, wait: Duration) -> Option<(String, Seat)> {
    p.push(wait, |r| match r {
        Reply::Matched { id: i, code, seat } if *i == id => Some((code.clone(), *seat)),
        _ => None,
    })
    .await
}

/// Takes the seat a pairing gave: the game as seated.
async fn sit(p: &mut Player, code: &str, token: &str) -> parlour_online::wire::GameView {
    let (code, token) = (code.to_string(), token.to_string());
    match p.ask(move |req| Request::Resume { req, code, token }).await {
        Reply::Seated { game, .. } => game,
        other => panic!("not seated: {other:?}"),
    }
}

#[tokio::test]
async fn two_players_in_a_pool_get_one_game_and_both_are_told() {
    let (_dir, server) = serve("pools-two");
    let mut ada = Player::signed_in(&server.addr, None).await;
    let mut bob = Player::signed_in(&server.addr, None).await;
    let (a, ada_token) = join(&mut ada, false).await;
    let (b, bob_token) = join(&mut bob, false).await;
    assert_ne!(a, b);
    let (code_a, seat_a) = matched(&mut ada, a, Duration::from_secs(5))
        .await
        .expect("Ada is paired");
    let (code_b, seat_b) = matched(&mut bob, b, Duration::from_secs(5))
        .await
        .expect("Bob is paired");
    assert_eq!(code_a, code_b, "one game for both");
    assert_ne!(seat_a, seat_b);
    let game = sit(&mut ada, &code_a, &ada_token).await;
    assert_eq!(game.seats, [true, true]);
    assert!(!game.rated && game.players.iter().all(Option::is_some));
    sit(&mut bob, &code_b, &bob_token).await;
    // Paired means out of the pool: cancelling the entry is refused, nothing is left to pair.
    let message = ada.refused(|req| Request::CancelSeek { req, id: a }).await;
    assert_eq!(
        message,
        format!("There is no open seek {a}; it may have been taken or withdrawn.")
    );
    let Reply::Games { games, .. } = bob.ask(|req| Request::Games { req, game: None }).await else {
        panic!()
    };
    assert_eq!(games.len(), 1, "exactly one game: {games:?}");
    // A seek's token cannot take the other seat.
    let wrong = ada
        .refused(move |req| Request::Resume {
            req,
            code: code_b,
            token: random_hex(),
        })
        .await;
    assert!(!wrong.is_empty());
    // One live game at a time: Ada may not join again while it goes on; she resigns it.
    let said = ada
        .refused(|req| Request::Pool {
            req,
            game: "conhex".into(),
            options: vec![],
            rated: false,
            token: random_hex(),
            pace: Pace::Untimed,
        })
        .await;
    assert!(said.starts_with(&format!("You are playing game {code_a}")), "{said}");
    let (code, token) = (code_a.clone(), ada_token.clone());
    let resigned = ada.ask(move |req| Request::Resign { req, code, token }).await;
    assert!(matches!(resigned, Reply::Resigned { .. }), "{resigned:?}");
    // Paired again, the seats are swapped: the first seat to who has sat there less.
    let (a, _) = join(&mut ada, false).await;
    join(&mut bob, false).await;
    let (_, again) = matched(&mut ada, a, Duration::from_secs(5))
        .await
        .expect("paired again");
    assert_eq!(again, seat_b, "Ada sat {seat_a:?} the first time");
}

#[tokio::test]
async fn a_rated_pool_is_refused_to_a_device_account_and_nothing_changes() {
    let (_dir, server) = serve("pools-rated");
    let mut dev = Player::signed_in(&server.addr, None).await;
    let mut named = Player::signed_in(&server.addr, Some("Rae_N")).await;
    let message = dev
        .refused(|req| Request::Pool {
            req,
            game: "conhex".into(),
            options: vec![],
            rated: true,
            token: random_hex(),
            pace: parlour_online::wire::Pace::Untimed,
        })
        .await;
    assert_eq!(
        message,
        "Only players with a chosen name play rated games: choose a name first, or play casual."
    );
    let bad = dev
        .refused(|req| Request::Pool {
            req,
            game: "chess".into(),
            options: vec![],
            rated: false,
            token: random_hex(),
            pace: parlour_online::wire::Pace::Untimed,
        })
        .await;
    assert!(bad.contains("chess"), "{bad}");
    // Games by correspondence are sought, not pooled: refused in a sentence, never ignored.
    let slow = dev
        .refused(|req| Request::Pool {
            req,
            game: "conhex".into(),
            options: vec![],
            rated: false,
            token: random_hex(),
            pace: "days=3".parse().unwrap(),
        })
        .await;
    assert_eq!(
        slow,
        "Quick pairing is for games played now: post a seek to play by correspondence."
    );
    // The named player waits alone in the rated pool: the refused one was never in it.
    let (id, _) = join(&mut named, true).await;
    assert_eq!(matched(&mut named, id, WAVE * 6).await, None);
}

#[tokio::test]
async fn each_clock_is_its_own_pool_and_its_games_are_on_that_clock() {
    let (_dir, server) = serve("pools-clock");
    let blitz: Pace = "5+3".parse().unwrap();
    let mut ada = Player::signed_in(&server.addr, None).await;
    let mut bob = Player::signed_in(&server.addr, None).await;
    let mut cy = Player::signed_in(&server.addr, None).await;
    // Ada wants 5+3, Cy an untimed game: never paired together.
    let (a, ta) = join_at(&mut ada, false, blitz).await;
    let (c, _) = join(&mut cy, false).await;
    assert_eq!(matched(&mut ada, a, WAVE * 6).await, None);
    assert_eq!(matched(&mut cy, c, WAVE).await, None);
    // Bob wants 5+3 too: paired with Ada, on that clock.
    let (b, tb) = join_at(&mut bob, false, blitz).await;
    let (code, _) = matched(&mut ada, a, Duration::from_secs(5)).await.expect("Ada paired");
    let (code_b, _) = matched(&mut bob, b, Duration::from_secs(5)).await.expect("Bob paired");
    assert_eq!(code, code_b);
    let game = sit(&mut ada, &code, &ta).await;
    sit(&mut bob, &code, &tb).await;
    assert_eq!(game.pace, blitz);
    let clock = game.clock.expect("a game on a clock shows it");
    assert_eq!(clock.remaining_ms, [300_000, 300_000]);
    assert_eq!(
        matched(&mut cy, c, WAVE * 3).await,
        None,
        "Cy still waits for an untimed game"
    );
}

#[tokio::test]
async fn a_player_who_leaves_the_pool_is_never_paired() {
    let (_dir, server) = serve("pools-leave");
    let mut ada = Player::signed_in(&server.addr, None).await;
    let mut bob = Player::signed_in(&server.addr, None).await;
    let mut cy = Player::signed_in(&server.addr, None).await;
    // Ada cancels her entry; Bob closes his connection.
    let (a, _) = join(&mut ada, false).await;
    let done = ada.ask(|req| Request::CancelSeek { req, id: a }).await;
    assert!(matches!(done, Reply::Done { .. }), "{done:?}");
    join(&mut bob, false).await;
    drop(bob);
    tokio::time::sleep(WAVE).await;
    let (c, _) = join(&mut cy, false).await;
    assert_eq!(
        matched(&mut cy, c, WAVE * 8).await,
        None,
        "nobody is left to pair Cy with"
    );
    // Ada joins again: she and Cy are paired (the pool works; it was empty).
    let (a, _) = join(&mut ada, false).await;
    assert!(matched(&mut ada, a, Duration::from_secs(5)).await.is_some());
    assert!(matched(&mut cy, c, Duration::from_secs(5)).await.is_some());
}

/// Ada beats Bob in a rated seek game: their ratings move apart.
async fn ada_beats_bob(ada: &mut Player, bob: &mut Player) {
    let token = random_hex();
    let t = token.clone();
    let Reply::Seeking { id, .. } = ada
        .ask(move |req| Request::Seek {
            req,
            game: "conhex".into(),
            options: vec![],
            rated: true,
            side: SideChoice::First,
            range: None,
            token: t,
            pace: parlour_online::wire::Pace::Untimed,
        })
        .await
    else {
        panic!("no seek")
    };
    let bob_token = random_hex();
    let bt = bob_token.clone();
    let Reply::Seated { game, .. } = bob.ask(move |req| Request::Accept { req, id, token: bt }).await else {
        panic!("Bob is not seated")
    };
    let code = game.code;
    let resigned = bob
        .ask(move |req| Request::Resign {
            req,
            code,
            token: bob_token,
        })
        .await;
    assert!(matches!(resigned, Reply::Resigned { .. }), "{resigned:?}");
}

async fn rating_of(p: &mut Player, name: &str) -> parlour_online::wire::Rated {
    let name = name.to_string();
    match p
        .ask(move |req| Request::Rating {
            req,
            name,
            game: "conhex".into(),
        })
        .await
    {
        Reply::Rating { rating: Some(r), .. } => r,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn players_far_apart_wait_until_their_missed_waves_bring_them_together() {
    let (_dir, server) = serve("pools-far");
    let mut ada = Player::signed_in(&server.addr, Some("Ada_F")).await;
    let mut bob = Player::signed_in(&server.addr, Some("Bob_F")).await;
    ada_beats_bob(&mut ada, &mut bob).await;
    let (ra, rb) = (rating_of(&mut ada, "Ada_F").await, rating_of(&mut bob, "Bob_F").await);
    assert!(ra.provisional && rb.provisional);
    // lichess's rule: |Δ| − 12·misses − 30 (both provisional) ≤ ratingToMaxScore(lower).
    let allowed = if rb.rating < 1000 {
        130
    } else if rb.rating < 1500 {
        100
    } else {
        rb.rating / 15
    };
    let gap = ra.rating - rb.rating;
    let waves = (gap - 30 - allowed).div_ceil(12);
    assert!(waves >= 8, "the test needs players far apart: {ra:?} {rb:?}");
    let (a, _) = join(&mut ada, true).await;
    let (b, _) = join(&mut bob, true).await;
    let started = Instant::now();
    // Not in the first waves (half of those needed, with room for the clocks).
    assert_eq!(matched(&mut ada, a, WAVE * (waves / 2)).await, None, "paired too soon");
    let paired = matched(&mut ada, a, Duration::from_secs(20)).await;
    let took = started.elapsed();
    eprintln!(
        "ratings {} and {}: {waves} missed waves needed, paired after {took:?}",
        ra.rating, rb.rating
    );
    let (code, _) = paired.expect("paired once enough waves were missed");
    assert_eq!(
        matched(&mut bob, b, Duration::from_secs(5)).await.map(|m| m.0),
        Some(code)
    );
    assert!(
        took >= WAVE * (waves - 2),
        "{waves} waves needed, paired after {took:?}"
    );
}

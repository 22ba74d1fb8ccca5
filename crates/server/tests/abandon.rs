//! Abandonment through a real server on loopback (issue 75, item 2): a player whose connection
//! closes with a goodbye (a closed tab) is shown gone to the other within seconds, and after ten
//! seconds the other claims the win, stored once and rated; a player whose connection goes quiet
//! is shown gone after a few heartbeats, a claim before the grace is refused with the seconds
//! left and changes nothing, and the player coming back is shown back. The lobby shows each
//! player's share of games finished, and one who left three games this week waits.

mod common;

use std::time::{Duration, Instant};

use common::table::{Table, meet_on, rated_games};
use common::ws::{Player, random_hex};
use common::{Server, TempDir, sqlite_url};
use parlour_clock::{Pace, TimeControl};
use parlour_online::wire::{Finished, Reply, Request, Seat, SideChoice};

fn blitz() -> Pace {
    Pace::Live(TimeControl::new(180, 2).unwrap())
}

fn serve(tag: &str) -> (TempDir, Server) {
    let dir = TempDir::new(tag);
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    (dir, server)
}

fn claim(t: &Table, seat: Seat, draw: bool) -> impl FnOnce(u64) -> Request + use<> {
    let (code, token) = (t.code.clone(), t.tokens[seat.index()].clone());
    move |req| Request::Claim { req, code, token, draw }
}

async fn presence(p: &mut Player, wait: Duration) -> Option<(Seat, bool, Option<i64>)> {
    p.push(wait, |r| match r {
        Reply::Presence {
            seat,
            gone,
            claim_in_ms,
            ..
        } => Some((*seat, *gone, *claim_in_ms)),
        _ => None,
    })
    .await
}

#[tokio::test]
async fn a_closed_tab_is_shown_gone_at_once_and_the_game_is_claimed_ten_seconds_later() {
    let (dir, server) = serve("abandon-closed");
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let bob_secret = random_hex();
    let mut bob = Player::signed_in_with(&server.addr, Some("Bob_K"), &bob_secret).await;
    let t = meet_on(&mut ada, &mut bob, "konane", true, blitz()).await;
    // Bob's seat is held by the connection that accepted; he closes it with a goodbye.
    let closed = Instant::now();
    bob.ws.close(None).await.unwrap();
    let (seat, gone, claim_in) = presence(&mut ada, Duration::from_secs(5)).await.expect("Ada is told");
    assert_eq!((seat, gone), (Seat::Second, true));
    let claim_in = claim_in.expect("a live game can be claimed");
    assert!((7_000..=10_000).contains(&claim_in), "claimable in {claim_in} ms");
    assert!(
        closed.elapsed() < Duration::from_secs(4),
        "told after {:?}",
        closed.elapsed()
    );
    // Too soon: refused with the seconds left, nothing stored.
    let early = ada.refused(claim(&t, Seat::First, false)).await;
    assert!(early.contains("you can claim the game in"), "{early}");
    tokio::time::sleep(Duration::from_millis(claim_in as u64 + 300)).await;
    let reply = ada.ask(claim(&t, Seat::First, false)).await;
    assert!(matches!(reply, Reply::Done { .. }), "{reply:?}");
    let ended = ada
        .push(Duration::from_secs(5), |r| match r {
            Reply::Ended { result, reason, .. } => Some((result.clone(), reason.clone())),
            _ => None,
        })
        .await;
    assert_eq!(ended, Some(("first".into(), "abandoned".into())));
    // Once: a second claim finds the game over; the game was rated once.
    let again = ada.refused(claim(&t, Seat::First, false)).await;
    assert!(again.contains("left the game"), "{again}");
    assert_eq!(rated_games(&mut ada, "Bob_K", "konane").await, 1);

    // The lobby shows each player's share of games finished.
    assert_eq!(finished(&mut ada, "Bob_K").await, Finished { games: 1, left: 1 });
    assert_eq!(finished(&mut ada, "Ada_L").await, Finished { games: 1, left: 0 });
    assert_eq!(finished(&mut ada, "Bob_K").await.percent(), 0);
    // Two more games left this week (as the server records them), and Bob must wait five
    // minutes from the last before seeking, accepting or joining a pool; Ada need not.
    left_before(&dir, "bob_k", &[3_600, 60]).await;
    assert_eq!(finished(&mut ada, "Bob_K").await, Finished { games: 3, left: 3 });
    let mut bob = Player::signed_in_with(&server.addr, None, &bob_secret).await;
    let wait = bob.refused(seek()).await;
    assert!(
        wait.contains("You left 3 games this week") && wait.contains("again in 5 min"),
        "{wait}"
    );
    let reply = ada.ask(seek()).await;
    assert!(matches!(reply, Reply::Seeking { .. }), "{reply:?}");
    let Reply::Seeking { id, .. } = reply else {
        unreachable!()
    };
    let wait = bob
        .refused(move |req| Request::Accept {
            req,
            id,
            token: random_hex(),
        })
        .await;
    assert!(wait.contains("You left 3 games"), "{wait}");
}

fn seek() -> impl FnOnce(u64) -> Request {
    |req| Request::Seek {
        req,
        game: "konane".into(),
        options: vec![],
        rated: false,
        side: SideChoice::First,
        range: None,
        pace: blitz(),
        token: random_hex(),
    }
}

async fn finished(p: &mut Player, name: &str) -> Finished {
    let name = name.to_string();
    match p.ask(move |req| Request::Player { req, name }).await {
        Reply::Player { finished, .. } => finished,
        other => panic!("{other:?}"),
    }
}

/// Writes lobby games that the account `name_key` left `ago` seconds ago (each a game of its
/// own, ended and recorded as the server records a claimed game).
async fn left_before(dir: &TempDir, name_key: &str, ago: &[i64]) {
    let url = sqlite_url(&dir.0);
    let pool = sqlx::SqlitePool::connect(&url).await.unwrap();
    let (id,): (String,) = sqlx::query_as("SELECT id FROM accounts WHERE name_key = $1")
        .bind(name_key)
        .fetch_one(&pool)
        .await
        .unwrap();
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_secs() as i64;
    for (i, ago) in ago.iter().enumerate() {
        let code = format!("leftgame{i:02}");
        sqlx::query("INSERT INTO games (code, game, options, created) VALUES ($1, 'konane', '[]', $2)")
            .bind(&code)
            .bind(now - ago - 600)
            .execute(&pool)
            .await
            .unwrap();
        sqlx::query(
            "INSERT INTO game_players (code, first_account, second_account, rated, rating_key, created, result,
             ended, quit) VALUES ($1, NULL, $2, 0, 'konane', $3, 'first', $4, 'second')",
        )
        .bind(&code)
        .bind(&id)
        .bind(now - ago - 600)
        .bind(now - ago)
        .execute(&pool)
        .await
        .unwrap();
    }
    pool.close().await;
}

#[tokio::test]
async fn a_quiet_connection_is_shown_gone_a_claim_waits_for_the_grace_and_a_return_is_shown() {
    let (_dir, server) = serve("abandon-quiet");
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let mut bob = Player::signed_in(&server.addr, Some("Bob_K")).await;
    let t = meet_on(&mut ada, &mut bob, "konane", false, blitz()).await;
    // Bob's connection drops without a goodbye (a lost network): quiet, not closed.
    drop(bob);
    let quiet = Instant::now();
    let (seat, gone, claim_in) = presence(&mut ada, Duration::from_secs(12)).await.expect("Ada is told");
    assert_eq!((seat, gone), (Seat::Second, true));
    let told = quiet.elapsed();
    assert!(told < Duration::from_secs(10), "told after {told:?}");
    let claim_in = claim_in.expect("claimable later");
    assert!((30_000..=40_000).contains(&claim_in), "claimable in {claim_in} ms");
    let early = ada.refused(claim(&t, Seat::First, true)).await;
    assert!(early.contains("you can claim the game in"), "{early}");
    // Bob comes back: Ada is told.
    let mut bob = Player::connect(&server.addr).await;
    let reply = bob.ask(t.resume(Seat::Second)).await;
    assert!(matches!(reply, Reply::Seated { .. }), "{reply:?}");
    let back = presence(&mut ada, Duration::from_secs(8)).await;
    assert_eq!(back, Some((Seat::Second, false, None)));
    let here = ada.refused(claim(&t, Seat::First, false)).await;
    assert!(here.contains("still here"), "{here}");
}

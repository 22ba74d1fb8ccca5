//! Abandonment through a real server on loopback (issue 75, item 2): a player whose connection
//! closes with a goodbye (a closed tab) is shown gone to the other within seconds, and after ten
//! seconds the other claims the win, stored once and rated; a player whose connection goes quiet
//! is shown gone after a few heartbeats, a claim before the grace is refused with the seconds
//! left and changes nothing, and the player coming back is shown back.

mod common;

use std::time::{Duration, Instant};

use common::table::{Table, meet_on, rated_games};
use common::ws::Player;
use common::{Server, TempDir, sqlite_url};
use parlour_clock::{Pace, TimeControl};
use parlour_online::wire::{Reply, Request, Seat};

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
    let (_dir, server) = serve("abandon-closed");
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let mut bob = Player::signed_in(&server.addr, Some("Bob_K")).await;
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

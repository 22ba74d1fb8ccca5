//! A seek whose server was killed (issue 74's load test, as a player sees it), through the
//! client's own lobby connection (`LobbyLink` over `ewebsock`) and real servers on one SQLite
//! file: the seek outlives the process that could have withdrawn it. Taken meanwhile on the
//! server started again, the lobby opens its game once it is back, with the seek's token; not
//! taken, the lobby withdraws it and says so — no seek is left for someone to take into a game
//! nobody plays.

mod common;

use std::time::{Duration, Instant};

use common::ws::{Player, random_hex};
use common::{Server, TempDir, sqlite_url};
use parlour_online::client::lobby::SeekOptions;
use parlour_online::lobby_link::{LobbyEvent, LobbyLink};
use parlour_online::net::{WebSocketConnector, ws_url};
use parlour_online::wire::{Reply, Request, Seat};

/// Polls the lobby (never waiting, as a frame does) until `done` finds an event, keeping the
/// events seen.
async fn until(link: &mut LobbyLink, seen: &mut Vec<LobbyEvent>, what: &str, done: impl Fn(&LobbyEvent) -> bool) {
    let start = Instant::now();
    loop {
        link.poll();
        while let Some(e) = link.next_event() {
            seen.push(e);
        }
        if seen.iter().any(&done) {
            return;
        }
        assert!(
            start.elapsed() < Duration::from_secs(20),
            "waited too long for {what}: {seen:?}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// A server on `dir`'s database, its lobby link signed in with a seek open; the seek's number.
async fn seeking(dir: &TempDir) -> (Server, LobbyLink, u64) {
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    let mut link = LobbyLink::new(ws_url(&server.url()), Box::new(WebSocketConnector), None);
    let mut seen = Vec::new();
    until(&mut link, &mut seen, "a device account", |e| {
        matches!(e, LobbyEvent::SignedIn(_))
    })
    .await;
    link.seek("conhex", SeekOptions::default()).unwrap();
    let start = Instant::now();
    while link.own_seek().and_then(|s| s.id).is_none() {
        assert!(start.elapsed() < Duration::from_secs(20), "no seek number");
        link.poll();
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
    let id = link.own_seek().and_then(|s| s.id).unwrap();
    (server, link, id)
}

/// SIGKILL, then the server started again on the same port and database.
fn kill_and_restart(server: &mut Server, dir: &TempDir) -> Server {
    let addr = server.addr.clone();
    server.kill();
    Server::start(&addr, &sqlite_url(&dir.0))
}

#[tokio::test]
async fn a_seek_taken_while_its_server_was_down_opens_its_game_when_the_lobby_is_back() {
    let dir = TempDir::new("lost-seek-taken");
    let (mut one, mut link, id) = seeking(&dir).await;
    let two = kill_and_restart(&mut one, &dir);
    let mut seen = Vec::new();
    until(
        &mut link,
        &mut seen,
        "the drop said",
        |e| matches!(e, LobbyEvent::Said(s) if s.contains("withdrawn, or its game opened")),
    )
    .await;
    // Someone takes the seek on the server started again before the lobby is back.
    let mut bob = Player::signed_in(&two.addr, None).await;
    let token = random_hex();
    let t = token.clone();
    let Reply::Seated { game, seat, .. } = bob.ask(move |req| Request::Accept { req, id, token: t }).await else {
        panic!("the seek left behind is taken")
    };
    until(&mut link, &mut seen, "the game opened", |e| {
        matches!(e, LobbyEvent::Matched { .. })
    })
    .await;
    let matched = seen.iter().find(|e| matches!(e, LobbyEvent::Matched { .. })).unwrap();
    let LobbyEvent::Matched { code, seat: mine, .. } = matched else {
        unreachable!()
    };
    assert_eq!(*code, game.code);
    assert_eq!(*mine, if seat == Seat::First { Seat::Second } else { Seat::First });
    assert!(
        !seen
            .iter()
            .any(|e| matches!(e, LobbyEvent::Said(s) if s.contains("post it again"))),
        "{seen:?}"
    );
}

#[tokio::test]
async fn a_seek_nobody_took_while_its_server_was_down_is_withdrawn_when_the_lobby_is_back() {
    let dir = TempDir::new("lost-seek-withdrawn");
    let (mut one, mut link, id) = seeking(&dir).await;
    let two = kill_and_restart(&mut one, &dir);
    let mut seen = Vec::new();
    until(
        &mut link,
        &mut seen,
        "the seek withdrawn",
        |e| matches!(e, LobbyEvent::Said(s) if s.contains("post it again")),
    )
    .await;
    assert!(
        !seen.iter().any(|e| matches!(e, LobbyEvent::Matched { .. })),
        "{seen:?}"
    );
    // Nobody can take it now.
    let mut bob = Player::signed_in(&two.addr, None).await;
    let t = random_hex();
    let taken = bob.ask(move |req| Request::Accept { req, id, token: t }).await;
    assert!(matches!(taken, Reply::Error { .. }), "{taken:?}");
}

//! The lobby's pages through the client's own lobby connection (`LobbyLink` over `ewebsock`, as
//! the game's player pages use it) against a real server: after a rated game of two moves ended
//! by resignation, the leaderboard (nobody on it yet: both ratings provisional), each player's
//! page (rating, history, the game among the recent ones), the refusal for a name nobody has,
//! and the finished game's moves fetched by its code for the review.

mod common;

use std::time::{Duration, Instant};

use common::ws::{Player, random_hex};
use common::{Server, TempDir, sqlite_url};
use parlour_online::lobby_link::{LobbyEvent, LobbyLink, Page, PageAsk};
use parlour_online::net::{WebSocketConnector, ws_url};
use parlour_online::wire::{Reply, Request, Seat, SideChoice};
use parlour_rules::dynamic::GameSetup;

/// Polls the lobby (never waiting, as a frame does) until `done`.
async fn until(link: &mut LobbyLink, what: &str, mut done: impl FnMut(&mut LobbyLink) -> bool) {
    let start = Instant::now();
    while !done(link) {
        assert!(start.elapsed() < Duration::from_secs(20), "waited too long for {what}");
        link.poll();
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// Ada (first) and Bob meet in a rated ConHex game; each plays a move, then Bob resigns.
/// Answers the game's code and its moves.
async fn a_rated_game(addr: &str) -> (String, Vec<String>) {
    let mut ada = Player::signed_in(addr, Some("Ada_L")).await;
    let mut bob = Player::signed_in(addr, Some("Bob_K")).await;
    let ada_token = random_hex();
    let t = ada_token.clone();
    let Reply::Seeking { id, .. } = ada
        .ask(move |req| Request::Seek {
            req,
            game: "conhex".into(),
            options: vec![],
            rated: true,
            side: SideChoice::First,
            range: None,
            pace: parlour_clock::Pace::Untimed,
            token: t,
        })
        .await
    else {
        panic!("no seek")
    };
    let bob_token = random_hex();
    let t = bob_token.clone();
    let Reply::Seated { game, .. } = bob.ask(move |req| Request::Accept { req, id, token: t }).await else {
        panic!("Bob is not seated")
    };
    let code = game.code.clone();
    ada.push(Duration::from_secs(5), |r| {
        matches!(r, Reply::Matched { .. }).then_some(())
    })
    .await
    .expect("Ada hears her seek was taken");
    let (c, t) = (code.clone(), ada_token.clone());
    let seated = ada.ask(move |req| Request::Resume { req, code: c, token: t }).await;
    assert!(matches!(seated, Reply::Seated { seat: Seat::First, .. }), "{seated:?}");
    let mut rules = GameSetup::parse("conhex", &[]).unwrap().start();
    for (ply, (player, token)) in [(&mut ada, &ada_token), (&mut bob, &bob_token)].into_iter().enumerate() {
        let mv = rules.legal()[0].clone();
        rules.play(&mv).unwrap();
        let (c, t) = (code.clone(), token.clone());
        let stored = player
            .ask(move |req| Request::Move {
                req,
                code: c,
                token: t,
                ply: ply as u32,
                mv,
                think_ms: None,
            })
            .await;
        assert!(matches!(stored, Reply::Stored { .. }), "{stored:?}");
    }
    let c = code.clone();
    let resigned = bob
        .ask(move |req| Request::Resign {
            req,
            code: c,
            token: bob_token,
        })
        .await;
    assert!(matches!(resigned, Reply::Resigned { .. }), "{resigned:?}");
    (code, rules.history())
}

#[tokio::test]
async fn the_clients_lobby_reads_a_leaderboard_a_players_page_and_a_finished_game() {
    let dir = TempDir::new("lobby-pages");
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    let (code, moves) = a_rated_game(&server.addr).await;

    let mut link = LobbyLink::new(ws_url(&server.url()), Box::new(WebSocketConnector), None);
    until(&mut link, "a device account", |l| l.account().is_some()).await;
    link.ask(PageAsk::Board("conhex".into()));
    link.ask(PageAsk::Player("ada_l".into()));
    link.ask(PageAsk::Player("nobody".into()));
    link.ask(PageAsk::Game(code.clone()));
    until(&mut link, "the pages", |l| {
        let p = &l.pages;
        [
            p.leaderboard("conhex").map(|b| *b == Page::Waiting),
            p.player("ada_l").map(|b| *b == Page::Waiting),
            p.player("nobody").map(|b| *b == Page::Waiting),
            p.game().map(|(_, g)| *g == Page::Waiting),
        ]
        .iter()
        .all(|w| *w == Some(false))
    })
    .await;

    let Some(Page::Here(board)) = link.pages.leaderboard("conhex") else {
        panic!("{:?}", link.pages.leaderboard("conhex"))
    };
    assert_eq!(board.key, "conhex");
    assert!(board.rows.is_empty(), "after one game both ratings are provisional");

    let Some(Page::Here(ada)) = link.pages.player("ada_l") else {
        panic!("{:?}", link.pages.player("ada_l"))
    };
    assert_eq!(ada.name, "Ada_L");
    assert_eq!(ada.ratings.len(), 1);
    assert_eq!(ada.ratings[0].key, "conhex");
    assert!(ada.ratings[0].rating.rating > 1500 && ada.ratings[0].rating.provisional);
    assert_eq!(ada.history.len(), 1);
    assert_eq!(ada.history[0].rating, ada.ratings[0].rating.rating);
    assert_eq!(ada.recent.len(), 1);
    let recent = &ada.recent[0];
    assert_eq!((recent.code.as_str(), recent.moves), (code.as_str(), 2));
    assert_eq!(recent.result.as_deref(), Some("first"));
    assert!(recent.rated && recent.ended_at.is_some());
    let names: Vec<_> = recent
        .players
        .iter()
        .map(|p| p.as_ref().map(|p| p.name.as_str()))
        .collect();
    assert_eq!(names, [Some("Ada_L"), Some("Bob_K")]);

    assert_eq!(
        link.pages.player("nobody"),
        Some(&Page::Refused("There is no player called nobody.".into()))
    );

    let game = link.pages.take_game().expect("the game, for the review");
    assert_eq!(game.code, code);
    assert_eq!(game.moves, moves);
    assert_eq!(game.resigned, Some(Seat::Second));
    // The pages say nothing on the lobby's line (a refusal is the page's to show).
    while let Some(event) = link.next_event() {
        assert!(matches!(event, LobbyEvent::SignedIn(_)), "{event:?}");
    }
}

//! The lobby through a real server on loopback, over bare WebSockets: a seek posted, listed,
//! accepted, the seeker told and seated, the table showing both names and ratings; a rated game
//! ended by resignation rating both players once; every refusal of issue 74's item 7 a sentence
//! that changes nothing; a seek gone when its owner leaves.

mod common;

use parlour_clock::Pace;
use std::time::Duration;

use common::ws::{Player, random_hex};
use common::{Server, TempDir, sqlite_url};
use parlour_online::wire::{RatingRange, Reply, Request, Seat, SideChoice};

fn serve(tag: &str) -> (TempDir, Server) {
    let dir = TempDir::new(tag);
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    (dir, server)
}

fn seek(game: &str, rated: bool, range: Option<RatingRange>, token: &str) -> impl FnOnce(u64) -> Request {
    let (game, token) = (game.to_string(), token.to_string());
    move |req| Request::Seek {
        req,
        game,
        options: vec![],
        rated,
        side: SideChoice::First,
        range,
        token,
        pace: Pace::Untimed,
    }
}

async fn post(p: &mut Player, game: &str, rated: bool, range: Option<RatingRange>) -> (u64, String) {
    let token = random_hex();
    match p.ask(seek(game, rated, range, &token)).await {
        Reply::Seeking { id, .. } => (id, token),
        other => panic!("no seek: {other:?}"),
    }
}

async fn open_ids(p: &mut Player) -> Vec<u64> {
    match p.ask(|req| Request::Seeks { req, game: None }).await {
        Reply::Seeks { seeks, .. } => seeks.into_iter().map(|s| s.id).collect(),
        other => panic!("{other:?}"),
    }
}

fn accept(id: u64, token: &str) -> impl FnOnce(u64) -> Request {
    let token = token.to_string();
    move |req| Request::Accept { req, id, token }
}

/// Ada seeks, Bob accepts; Ada is told and takes her seat. Answers the code and both tokens.
async fn meet(ada: &mut Player, bob: &mut Player, rated: bool) -> (String, String, String) {
    let (id, ada_token) = post(ada, "conhex", rated, None).await;
    let bob_token = random_hex();
    let Reply::Seated { seat, game, .. } = bob.ask(accept(id, &bob_token)).await else {
        panic!("Bob is not seated")
    };
    assert_eq!(seat, Seat::Second, "Ada asked for the first seat");
    assert_eq!(game.seats, [true, true]);
    assert_eq!(game.rated, rated);
    let names: Vec<_> = game.players.iter().map(|p| p.as_ref().unwrap().name.clone()).collect();
    assert_eq!(names, ["Ada_L", "Bob_K"]);
    let matched = ada
        .push(Duration::from_secs(5), |r| match r {
            Reply::Matched { id: i, code, seat } if *i == id => Some((code.clone(), *seat)),
            _ => None,
        })
        .await
        .expect("Ada hears her seek was taken");
    assert_eq!(matched, (game.code.clone(), Seat::First));
    let code = game.code.clone();
    let t = ada_token.clone();
    let Reply::Seated { seat, .. } = ada.ask(move |req| Request::Resume { req, code, token: t }).await else {
        panic!("Ada resumes")
    };
    assert_eq!(seat, Seat::First);
    (game.code, ada_token, bob_token)
}

#[tokio::test]
async fn a_rated_seek_is_met_played_and_rated_once() {
    let (_dir, server) = serve("lobby-meet");
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let mut bob = Player::signed_in(&server.addr, Some("Bob_K")).await;
    let (code, _ada_token, bob_token) = meet(&mut ada, &mut bob, true).await;
    // The game is listed as being played, with both names.
    let Reply::Games { games, .. } = bob.ask(|req| Request::Games { req, game: None }).await else {
        panic!()
    };
    assert_eq!(games.len(), 1);
    assert_eq!(games[0].code, code);
    assert!(games[0].rated && games[0].players.iter().all(Option::is_some));
    // Bob resigns: Ada won; both rated, once.
    let c = code.clone();
    let resigned = bob
        .ask(move |req| Request::Resign {
            req,
            code: c,
            token: bob_token,
        })
        .await;
    assert!(matches!(resigned, Reply::Resigned { .. }), "{resigned:?}");
    let rating = |name: &'static str| {
        move |req| Request::Rating {
            req,
            name: name.into(),
            game: "conhex".into(),
        }
    };
    let Reply::Rating { rating: Some(a), .. } = ada.ask(rating("ada_l")).await else {
        panic!("Ada has a rating")
    };
    let Reply::Rating { rating: Some(b), .. } = ada.ask(rating("BOB_K")).await else {
        panic!("Bob has a rating")
    };
    assert!(a.rating > 1500 && b.rating < 1500, "{a:?} {b:?}");
    assert_eq!((a.games, b.games), (1, 1));
    assert!(a.provisional);
    let Reply::Player {
        name,
        ratings,
        history,
        recent,
        ..
    } = bob
        .ask(|req| Request::Player {
            req,
            name: "ada_l".into(),
        })
        .await
    else {
        panic!()
    };
    assert_eq!(name, "Ada_L");
    assert_eq!(ratings.len(), 1);
    assert_eq!(history.len(), 1);
    assert_eq!(recent[0].result.as_deref(), Some("first"));
    // Over: no longer listed; a provisional player is not on the leaderboard.
    let Reply::Games { games, .. } = bob.ask(|req| Request::Games { req, game: None }).await else {
        panic!()
    };
    assert!(games.is_empty());
    let Reply::Leaderboard { rows, .. } = bob
        .ask(|req| Request::Leaderboard {
            req,
            key: "conhex".into(),
        })
        .await
    else {
        panic!()
    };
    assert!(rows.is_empty());
    let refused = ada
        .refused(|req| Request::Player {
            req,
            name: "nobody".into(),
        })
        .await;
    assert_eq!(refused, "There is no player called nobody.");
}

#[tokio::test]
async fn every_bad_seek_and_accept_is_refused_and_changes_nothing() {
    let (_dir, server) = serve("lobby-refusals");
    let token = random_hex();
    // Not signed in.
    let mut nobody = Player::connect(&server.addr).await;
    let said = nobody.refused(seek("conhex", false, None, &token)).await;
    assert!(said.starts_with("Sign in first"), "{said}");
    // A device account may seek casual games, not rated ones.
    let mut guest = Player::signed_in(&server.addr, None).await;
    let said = guest.refused(seek("conhex", true, None, &token)).await;
    assert!(
        said.contains("Only players with a chosen name play rated games"),
        "{said}"
    );
    // Bad games, options and ranges.
    let said = guest.refused(seek("chess", false, None, &token)).await;
    assert!(said.contains("no game called 'chess'"), "{said}");
    let bad_options = guest
        .refused(|req| Request::Seek {
            req,
            game: "konane".into(),
            options: vec![("size".into(), "99x99".into())],
            rated: false,
            side: SideChoice::Random,
            range: None,
            token: random_hex(),
            pace: Pace::Untimed,
        })
        .await;
    assert!(bad_options.contains("size"), "{bad_options}");
    let upside_down = Some(RatingRange { lo: 1700, hi: 1400 });
    let said = guest.refused(seek("conhex", false, upside_down, &token)).await;
    assert!(said.contains("lower rating first"), "{said}");
    assert!(open_ids(&mut guest).await.is_empty(), "nothing was posted");
    // Three open seeks, no more.
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let narrow = Some(RatingRange { lo: 1800, hi: 2000 });
    let (own, _) = post(&mut ada, "conhex", true, narrow).await;
    assert!(own < (1 << 53), "a browser reads the id exactly");
    let (second, ada_token) = post(&mut ada, "kansho", false, None).await;
    post(&mut ada, "qyshinsu", false, None).await;
    let said = ada.refused(seek("konane", false, None, &random_hex())).await;
    assert!(said.contains("3 open seeks already"), "{said}");
    // One's own seek; a rated seek for a guest; a rating out of the range.
    let said = ada.refused(accept(own, &random_hex())).await;
    assert_eq!(
        said,
        format!("Seek {own} is your own; wait for another player to accept it.")
    );
    let said = guest.refused(accept(own, &random_hex())).await;
    assert!(said.contains("Only players with a chosen name"), "{said}");
    let mut bob = Player::signed_in(&server.addr, Some("Bob_K")).await;
    let said = bob.refused(accept(own, &random_hex())).await;
    assert_eq!(
        said,
        format!("Seek {own} is for players rated 1800 to 2000; your rating is 1500.")
    );
    assert_eq!(open_ids(&mut bob).await.len(), 3);
    // Taken once; a second accept is told it is taken.
    let Reply::Seated { game, .. } = bob.ask(accept(second, &random_hex())).await else {
        panic!("Bob takes the casual seek")
    };
    let said = guest.refused(accept(second, &random_hex())).await;
    assert_eq!(said, format!("Seek {second} has just been taken by another player."));
    // Taken: the two players' other open seeks are gone too (one lobby game at a time).
    assert!(open_ids(&mut bob).await.is_empty(), "Ada's other seeks went");
    // One live game at a time: neither may seek, accept or pair while it goes on, and a seek
    // whose player is playing cannot be accepted.
    let playing = format!("You are playing game {}: finish it first", game.code);
    let said = ada.refused(seek("konane", false, None, &random_hex())).await;
    assert!(said.starts_with(&playing), "{said}");
    let mut cy = Player::signed_in(&server.addr, Some("Cy_P")).await;
    let (cys, _) = post(&mut cy, "konane", false, None).await;
    let said = bob.refused(accept(cys, &random_hex())).await;
    assert!(said.starts_with(&playing), "{said}");
    let said = ada
        .refused(|req| Request::Pool {
            req,
            game: "konane".into(),
            options: vec![],
            rated: false,
            token: random_hex(),
            pace: Pace::Untimed,
        })
        .await;
    assert!(said.starts_with(&playing), "{said}");
    // Ada resigns: both are free again.
    let code = game.code.clone();
    let resigned = ada
        .ask(move |req| Request::Resign {
            req,
            code,
            token: ada_token,
        })
        .await;
    assert!(matches!(resigned, Reply::Resigned { .. }), "{resigned:?}");
    let done = cy.ask(move |req| Request::CancelSeek { req, id: cys }).await;
    assert!(matches!(done, Reply::Done { .. }), "{done:?}");
    // Withdrawn: gone; someone else's cannot be withdrawn.
    let (mine, _) = post(&mut ada, "konane", false, None).await;
    let said = bob.refused(|req| Request::CancelSeek { req, id: mine }).await;
    assert!(said.starts_with(&format!("There is no open seek {mine}")), "{said}");
    let done = ada.ask(|req| Request::CancelSeek { req, id: mine }).await;
    assert!(matches!(done, Reply::Done { .. }), "{done:?}");
    let said = bob.refused(accept(mine, &random_hex())).await;
    assert!(said.starts_with(&format!("There is no open seek {mine}")), "{said}");
    post(&mut ada, "konane", false, None).await;
    assert_eq!(open_ids(&mut bob).await.len(), 1);
    // Ada leaves: her last seek goes with her.
    drop(ada);
    let mut gone = false;
    for _ in 0..50 {
        if open_ids(&mut bob).await.is_empty() {
            gone = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(gone, "a seek disappears when its owner leaves");
}

#[tokio::test]
async fn a_casual_seek_from_a_device_account_is_met() {
    let (_dir, server) = serve("lobby-casual");
    let mut guest = Player::signed_in(&server.addr, None).await;
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let (id, _) = post(&mut guest, "kansho", false, None).await;
    let Reply::Seeks { seeks, .. } = ada
        .ask(|req| Request::Seeks {
            req,
            game: Some("kansho".into()),
        })
        .await
    else {
        panic!()
    };
    assert_eq!(seeks.len(), 1);
    assert!(seeks[0].by.name.starts_with("guest-") && seeks[0].by.rating.is_none());
    let Reply::Seated { game, .. } = ada.ask(accept(id, &random_hex())).await else {
        panic!()
    };
    assert!(!game.rated);
    assert!(
        guest
            .push(Duration::from_secs(5), |r| matches!(r, Reply::Matched { .. })
                .then_some(()))
            .await
            .is_some()
    );
}

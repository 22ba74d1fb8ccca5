//! The lobby on two server processes sharing one PostgreSQL (the throw-away cluster test.sh
//! starts): a seek posted on one is taken on the other and its seeker told; two accepters on
//! the two servers racing for one seek — exactly one is seated; both seats resigning at once on
//! the two servers — the game is rated exactly once.

mod common;

use parlour_clock::Pace;
use std::time::Duration;

use common::ws::{Player, random_hex};
use common::{Server, postgres_url};
use parlour_online::wire::{Reply, Request, SideChoice};

/// A name no other test run has used (the database is shared by every PostgreSQL test).
fn unique(prefix: &str) -> String {
    format!("{prefix}{}", &random_hex()[..8])
}

async fn seek_on(p: &mut Player, rated: bool) -> (u64, String) {
    let token = random_hex();
    let t = token.clone();
    let reply = p
        .ask(move |req| Request::Seek {
            req,
            game: "conhex".into(),
            options: vec![],
            rated,
            side: SideChoice::First,
            range: None,
            token: t,
            pace: Pace::Untimed,
        })
        .await;
    let Reply::Seeking { id, .. } = reply else {
        panic!("{reply:?}")
    };
    (id, token)
}

#[tokio::test]
async fn two_servers_race_for_one_seek_and_one_game_ends_rated_once() {
    let Some(db) = postgres_url() else { return };
    let one = Server::start("127.0.0.1:0", &db);
    let two = Server::start("127.0.0.1:0", &db);
    let (ada_name, bob_name, cy_name) = (unique("ada"), unique("bob"), unique("cy"));
    let mut ada = Player::signed_in(&one.addr, Some(&ada_name)).await;
    let mut bob = Player::signed_in(&one.addr, Some(&bob_name)).await;
    let mut cy = Player::signed_in(&two.addr, Some(&cy_name)).await;
    for round in 0..5 {
        let (id, ada_token) = seek_on(&mut ada, true).await;
        let (bob_token, cy_token) = (random_hex(), random_hex());
        let (b, c) = tokio::join!(
            bob.ask(|req| Request::Accept {
                req,
                id,
                token: bob_token.clone(),
            }),
            cy.ask(|req| Request::Accept {
                req,
                id,
                token: cy_token.clone(),
            })
        );
        let seated: Vec<_> = [(&b, &bob_token), (&c, &cy_token)]
            .into_iter()
            .filter_map(|(r, t)| match r {
                Reply::Seated { game, .. } => Some((game.code.clone(), t.clone())),
                _ => None,
            })
            .collect();
        assert_eq!(seated.len(), 1, "round {round}: exactly one accept wins: {b:?} {c:?}");
        for r in [&b, &c] {
            if let Reply::Error { message, .. } = r {
                assert_eq!(message, &format!("Seek {id} has just been taken by another player."));
            }
        }
        let (code, winner_token) = seated[0].clone();
        let heard = ada
            .push(Duration::from_secs(5), |r| match r {
                Reply::Matched { id: i, code, .. } if *i == id => Some(code.clone()),
                _ => None,
            })
            .await;
        assert_eq!(
            heard.as_deref(),
            Some(code.as_str()),
            "round {round}: the seeker is told"
        );
        // Both seats resign at once, each on its own server: one resignation is stored, the
        // game rated once.
        let (c1, c2) = (code.clone(), code.clone());
        let accepter_on_one = matches!(b, Reply::Seated { .. });
        let mut ada_there = Player::connect(if accepter_on_one { &two.addr } else { &one.addr }).await;
        let accepter = if accepter_on_one { &mut bob } else { &mut cy };
        let (x, y) = tokio::join!(
            ada_there.ask(move |req| Request::Resign {
                req,
                code: c1,
                token: ada_token,
            }),
            accepter.ask(move |req| Request::Resign {
                req,
                code: c2,
                token: winner_token,
            })
        );
        let stored = [&x, &y].iter().filter(|r| matches!(r, Reply::Resigned { .. })).count();
        assert_eq!(stored, 1, "round {round}: one resignation stored: {x:?} {y:?}");
    }
    // Five rated games for Ada, each counted once; Bob's and Cy's add up to five.
    let mut total = 0;
    for name in [&bob_name, &cy_name] {
        let n = name.clone();
        let Reply::Rating { rating, .. } = ada
            .ask(move |req| Request::Rating {
                req,
                name: n,
                game: "conhex".into(),
            })
            .await
        else {
            panic!()
        };
        total += rating.map_or(0, |r| r.games);
    }
    let n = ada_name.clone();
    let Reply::Rating { rating: Some(a), .. } = bob
        .ask(move |req| Request::Rating {
            req,
            name: n,
            game: "conhex".into(),
        })
        .await
    else {
        panic!("Ada is rated")
    };
    assert_eq!(a.games, 5);
    assert_eq!(total, 5);
    let n = ada_name.clone();
    let Reply::Player { history, .. } = cy.ask(move |req| Request::Player { req, name: n }).await else {
        panic!()
    };
    assert_eq!(history.len(), 5);
}

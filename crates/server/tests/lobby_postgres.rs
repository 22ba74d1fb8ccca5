//! The lobby on two server processes sharing one PostgreSQL (the throw-away cluster test.sh
//! starts): a seek posted on one is taken on the other and its seeker told; two accepters on
//! the two servers racing for one seek — exactly one is seated; both seats resigning at once on
//! the two servers — the game is rated exactly once; twenty players joining pools on both servers,
//! three times — each paired exactly once a round, ten games of two.

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

/// The `matched` pushes a player has had within `wait`: `(entry, code, seat)`.
async fn matches_of(p: &mut Player, wait: Duration) -> Vec<(u64, String, parlour_online::wire::Seat)> {
    let mut got = Vec::new();
    let until = tokio::time::Instant::now() + wait;
    while let Some(m) = p
        .push(
            until.saturating_duration_since(tokio::time::Instant::now()),
            |r| match r {
                Reply::Matched { id, code, seat } => Some((*id, code.clone(), *seat)),
                _ => None,
            },
        )
        .await
    {
        got.push(m);
    }
    got
}

#[tokio::test]
async fn pools_on_two_servers_pair_every_player_once() {
    let Some(db) = postgres_url() else { return };
    // Both processes offer waves every 50 ms: they race for every pool's lock.
    let servers = [
        Server::start_with("127.0.0.1:0", &db, &["--pool-wave", "0.05"]),
        Server::start_with("127.0.0.1:0", &db, &["--pool-wave", "0.05"]),
    ];
    let mut players = Vec::new();
    for i in 0..20 {
        players.push(Player::signed_in(&servers[i % 2].addr, None).await);
    }
    // A pool of its own (Kōnane 6×6), so no other test's players are in it.
    let options = vec![("size".to_string(), "6x6".to_string())];
    for round in 0..3 {
        let mut tokens = Vec::new();
        for p in players.iter_mut() {
            let token = random_hex();
            let (t, o) = (token.clone(), options.clone());
            let reply = p
                .ask(move |req| Request::Pool {
                    req,
                    game: "konane".into(),
                    options: o,
                    rated: false,
                    token: t,
                    pace: Pace::Untimed,
                })
                .await;
            let Reply::Seeking { id, .. } = reply else {
                panic!("{reply:?}")
            };
            tokens.push((id, token));
        }
        let mut games: std::collections::BTreeMap<String, Vec<(usize, parlour_online::wire::Seat)>> =
            Default::default();
        // Every player listens at once; after the pairing, a while longer for any second one.
        let heard =
            futures_util::future::join_all(players.iter_mut().map(|p| matches_of(p, Duration::from_secs(3)))).await;
        for (i, got) in heard.into_iter().enumerate() {
            assert_eq!(got.len(), 1, "round {round}: player {i} paired once: {got:?}");
            let (id, code, seat) = got[0].clone();
            assert_eq!(id, tokens[i].0, "round {round}: player {i}'s own entry");
            games.entry(code).or_default().push((i, seat));
        }
        assert_eq!(games.len(), 10, "round {round}: ten games for twenty players");
        for (code, seated) in &games {
            assert_eq!(seated.len(), 2, "round {round}: {code} has {seated:?}");
            assert_ne!(seated[0].1, seated[1].1, "round {round}: {code}: two seats");
            // Each takes its seat, on whichever server it is connected to.
            for &(i, _) in seated {
                let (c, t) = (code.clone(), tokens[i].1.clone());
                let reply = players[i]
                    .ask(move |req| Request::Resume { req, code: c, token: t })
                    .await;
                assert!(matches!(reply, Reply::Seated { .. }), "round {round}: {reply:?}");
            }
            // One live game at a time: the game ends before its players join again.
            let (i, c, t) = (seated[0].0, code.clone(), tokens[seated[0].0].1.clone());
            let reply = players[i]
                .ask(move |req| Request::Resign { req, code: c, token: t })
                .await;
            assert!(matches!(reply, Reply::Resigned { .. }), "round {round}: {reply:?}");
        }
    }
}

//! Offers on two server processes sharing one PostgreSQL (the throw-away cluster test.sh
//! starts): the same seat accepting a draw on both servers at once — the game ends once and is
//! rated once; both seats asking for a rematch at once, each on its own server — one game,
//! sides swapped, each told of it by its own server.

mod common;

use std::time::Duration;

use common::table::{Table, meet, rated_games};
use common::ws::{Player, random_hex};
use common::{Server, postgres_url};
use parlour_online::wire::{OfferKind, Reply, Seat};

/// A name no other test run has used (the database is shared by every PostgreSQL test).
fn unique(prefix: &str) -> String {
    format!("{prefix}{}", &random_hex()[..8])
}

#[tokio::test]
async fn two_servers_end_an_agreed_draw_once_and_make_one_rematch() {
    let Some(db) = postgres_url() else { return };
    let one = Server::start("127.0.0.1:0", &db);
    let two = Server::start("127.0.0.1:0", &db);
    let (ada_name, bob_name) = (unique("ada"), unique("bob"));
    let mut ada = Player::signed_in(&one.addr, Some(&ada_name)).await;
    let mut bob = Player::signed_in(&one.addr, Some(&bob_name)).await;
    let rounds = 4;
    for round in 0..rounds {
        let t = meet(&mut ada, &mut bob, "kansho", true).await;
        // Bob follows the game on the second server too.
        let mut bob_two = Player::connect(&two.addr).await;
        let seated = bob_two.ask(t.resume(Seat::Second)).await;
        assert!(matches!(seated, Reply::Seated { .. }), "{seated:?}");
        let offer = ada.ask(t.offer(Seat::First, 0, OfferKind::Draw)).await;
        assert!(matches!(offer, Reply::Done { .. }), "{offer:?}");
        let heard = bob_two
            .push(Duration::from_secs(5), |r| {
                matches!(r, Reply::Offered { .. }).then_some(())
            })
            .await;
        assert!(heard.is_some(), "round {round}: the other server tells of the offer");
        let (x, y) = tokio::join!(
            bob.ask(t.answer(Seat::Second, 0, true)),
            bob_two.ask(t.answer(Seat::Second, 0, true))
        );
        let accepted = [&x, &y].iter().filter(|r| matches!(r, Reply::Done { .. })).count();
        assert_eq!(accepted, 1, "round {round}: one answer acts: {x:?} {y:?}");
        let ended = ada
            .push(Duration::from_secs(5), |r| match r {
                Reply::Ended { reason, .. } => Some(reason.clone()),
                _ => None,
            })
            .await;
        assert_eq!(ended.as_deref(), Some("agreed"), "round {round}");
        // A rematch, Ada asking on the first server and Bob on the second at once.
        let (a, b) = tokio::join!(
            ada.ask(t.offer(Seat::First, 0, OfferKind::Rematch)),
            bob_two.ask(t.offer(Seat::Second, 0, OfferKind::Rematch))
        );
        assert!(
            matches!((&a, &b), (Reply::Done { .. }, Reply::Done { .. })),
            "{a:?} {b:?}"
        );
        let mut codes = vec![];
        for (p, old) in [(&mut ada, Seat::First), (&mut bob_two, Seat::Second)] {
            let code = p
                .push(Duration::from_secs(5), |r| match r {
                    Reply::Matched { code, seat, .. } if *seat == old.other() => Some(code.clone()),
                    _ => None,
                })
                .await
                .unwrap_or_else(|| panic!("round {round}: {old:?} told of the rematch"));
            codes.push(code);
        }
        assert_eq!(codes[0], codes[1], "round {round}: one rematch");
        let new = Table {
            code: codes[0].clone(),
            tokens: [t.tokens[1].clone(), t.tokens[0].clone()],
        };
        let Reply::Seated { seat, game, .. } = bob.ask(new.resume(Seat::First)).await else {
            panic!("round {round}: Bob sits first in the rematch")
        };
        assert_eq!(seat, Seat::First);
        assert!(game.rated);
        let resigned = bob.ask(new.resign(Seat::First)).await;
        assert!(matches!(resigned, Reply::Resigned { .. }), "{resigned:?}");
    }
    // Each round: an agreed draw and a rematch, each rated once.
    assert_eq!(rated_games(&mut ada, &ada_name, "kansho").await, 2 * rounds);
    assert_eq!(rated_games(&mut ada, &bob_name, "kansho").await, 2 * rounds);
}

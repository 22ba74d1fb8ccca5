//! Offers through a real server on loopback (issue 74, item 4): an agreed draw ends a rated game
//! once and rates it once; an answer for another position is refused and a move cancels the
//! offer; a draw in a game without draws and a takeback in a rated game are refused; an accepted
//! takeback takes the game back to the offerer's turn, from where the game goes on (also after
//! a restart); a rematch asked for by both at once makes one game with sides swapped.

mod common;

use std::time::Duration;

use common::table::{Table, meet, rated_games, recent_results};
use common::ws::Player;
use common::{Server, TempDir, sqlite_url};
use parlour_online::wire::{OfferKind, Reply, Request, Seat};
use parlour_rules::dynamic::GameSetup;

const WAIT: Duration = Duration::from_secs(5);

fn serve(tag: &str) -> (TempDir, Server) {
    let dir = TempDir::new(tag);
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    (dir, server)
}

async fn done(p: &mut Player, make: impl FnOnce(u64) -> Request) {
    let reply = p.ask(make).await;
    assert!(matches!(reply, Reply::Done { .. }), "{reply:?}");
}

/// The first legal move after `moves` in a default game of `game`, other than `not`.
fn legal(game: &str, moves: &[String], not: Option<&str>) -> String {
    let at = GameSetup::parse(game, &[]).unwrap().replay(moves).unwrap();
    at.legal()
        .into_iter()
        .find(|m| Some(m.as_str()) != not)
        .expect("a legal move")
}

async fn moves_of(p: &mut Player, table: &Table, seat: Seat) -> Vec<String> {
    match p.ask(table.resume(seat)).await {
        Reply::Seated { game, .. } => game.moves,
        other => panic!("{other:?}"),
    }
}

#[tokio::test]
async fn an_agreed_draw_ends_a_rated_game_once_and_rates_it_once() {
    let (_dir, server) = serve("offers-draw");
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let mut bob = Player::signed_in(&server.addr, Some("Bob_K")).await;
    let t = meet(&mut ada, &mut bob, "kansho", true).await;
    done(&mut ada, t.offer(Seat::First, 0, OfferKind::Draw)).await;
    let heard = bob
        .push(WAIT, |r| match r {
            Reply::Offered { ply, seat, offer, .. } => Some((*ply, *seat, *offer)),
            _ => None,
        })
        .await;
    assert_eq!(heard, Some((0, Seat::First, OfferKind::Draw)));
    assert_eq!(
        ada.refused(t.answer(Seat::First, 0, true)).await,
        "That offer is your own; only your opponent can answer it."
    );
    done(&mut bob, t.answer(Seat::Second, 0, true)).await;
    for p in [&mut ada, &mut bob] {
        let ended = p
            .push(WAIT, |r| match r {
                Reply::Ended { result, reason, .. } => Some((result.clone(), reason.clone())),
                _ => None,
            })
            .await;
        assert_eq!(ended, Some(("draw".into(), "agreed".into())));
    }
    // Once: a second answer finds nothing, a move finds the game over.
    assert_eq!(
        bob.refused(t.answer(Seat::Second, 0, true)).await,
        "There is no offer to answer in this game."
    );
    let mv = legal("kansho", &[], None);
    let over = ada.refused(t.play(Seat::First, 0, &mv)).await;
    assert!(over.ends_with("is over (draw agreed)"), "{over}");
    // A player coming back hears how it ended (the game's view does not say).
    let mut back = Player::connect(&server.addr).await;
    let seated = back.ask(t.resume(Seat::First)).await;
    assert!(matches!(seated, Reply::Seated { .. }), "{seated:?}");
    let ended = back
        .push(WAIT, |r| matches!(r, Reply::Ended { .. }).then_some(()))
        .await;
    assert!(ended.is_some(), "the agreed draw is told again");
    assert_eq!(rated_games(&mut ada, "ada_l", "kansho").await, 1);
    assert_eq!(rated_games(&mut ada, "bob_k", "kansho").await, 1);
    assert_eq!(recent_results(&mut ada, "ada_l").await, [Some("draw".to_string())]);
}

#[tokio::test]
async fn offers_name_their_position_and_a_move_cancels_them() {
    let (_dir, server) = serve("offers-ply");
    let mut ada = Player::signed_in(&server.addr, None).await;
    let mut bob = Player::signed_in(&server.addr, None).await;
    let t = meet(&mut ada, &mut bob, "kansho", false).await;
    assert_eq!(
        ada.refused(t.offer(Seat::First, 3, OfferKind::Draw)).await,
        "You made the offer at move 3, but the game has 0 moves now; look at the position again."
    );
    done(&mut ada, t.offer(Seat::First, 0, OfferKind::Draw)).await;
    assert_eq!(
        ada.refused(t.offer(Seat::First, 0, OfferKind::Takeback)).await,
        "You have offered a draw already; wait for the answer."
    );
    assert_eq!(
        bob.refused(t.offer(Seat::Second, 0, OfferKind::Draw)).await,
        "Your opponent has offered a draw; answer that first."
    );
    assert_eq!(
        bob.refused(t.answer(Seat::Second, 1, true)).await,
        "The offer waiting for your answer was made at move 0, not at move 1; look at the position again."
    );
    // Bob comes back on another connection: the pending offer is told again.
    let mut back = Player::connect(&server.addr).await;
    assert!(matches!(back.ask(t.resume(Seat::Second)).await, Reply::Seated { .. }));
    let heard = back
        .push(WAIT, |r| match r {
            Reply::Offered { ply, offer, .. } => Some((*ply, *offer)),
            _ => None,
        })
        .await;
    assert_eq!(heard, Some((0, OfferKind::Draw)));
    // Ada moves: her offer no longer stands, and both are told which one went.
    let mv = legal("kansho", &[], None);
    assert!(matches!(
        ada.ask(t.play(Seat::First, 0, &mv)).await,
        Reply::Stored { .. }
    ));
    let cancelled = bob
        .push(WAIT, |r| match r {
            Reply::Answered { ply, offer, accept, .. } => Some((*ply, *offer, *accept)),
            _ => None,
        })
        .await;
    assert_eq!(cancelled, Some((0, OfferKind::Draw, false)));
    assert_eq!(
        bob.refused(t.answer(Seat::Second, 0, true)).await,
        "There is no offer to answer in this game."
    );
    assert_eq!(
        moves_of(&mut bob, &t, Seat::Second).await,
        vec![mv.clone()],
        "no draw stored"
    );
    // Declined, then offered again at once: too soon.
    done(&mut bob, t.offer(Seat::Second, 1, OfferKind::Draw)).await;
    done(&mut ada, t.answer(Seat::First, 1, false)).await;
    assert_eq!(
        bob.refused(t.offer(Seat::Second, 1, OfferKind::Draw)).await,
        "You offered a draw at move 1; you may offer again from move 3."
    );
    assert_eq!(
        bob.refused(t.offer(Seat::Second, 1, OfferKind::Rematch)).await,
        "A rematch can be asked for once the game is over."
    );
}

#[tokio::test]
async fn draws_only_where_the_game_has_them_and_takebacks_only_in_casual_games() {
    let (_dir, server) = serve("offers-kinds");
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let mut bob = Player::signed_in(&server.addr, Some("Bob_K")).await;
    let t = meet(&mut ada, &mut bob, "konane", false).await;
    assert_eq!(
        ada.refused(t.offer(Seat::First, 0, OfferKind::Draw)).await,
        "Kōnane has no draws: every game of it ends with a winner."
    );
    assert_eq!(
        ada.refused(t.offer(Seat::First, 0, OfferKind::Takeback)).await,
        "You have no move to take back yet."
    );
    let resigned = bob.ask(t.resign(Seat::Second)).await;
    assert!(matches!(resigned, Reply::Resigned { .. }), "{resigned:?}");
    let t = meet(&mut ada, &mut bob, "kansho", true).await;
    let mv = legal("kansho", &[], None);
    assert!(matches!(
        ada.ask(t.play(Seat::First, 0, &mv)).await,
        Reply::Stored { .. }
    ));
    assert_eq!(
        ada.refused(t.offer(Seat::First, 1, OfferKind::Takeback)).await,
        "Takebacks are for casual games only; this game is rated."
    );
    assert_eq!(
        bob.refused(t.answer(Seat::Second, 1, true)).await,
        "There is no offer to answer in this game."
    );
}

#[tokio::test]
async fn a_takeback_goes_back_to_the_offerers_turn_and_the_game_goes_on_from_there() {
    let dir = TempDir::new("offers-takeback");
    let url = sqlite_url(&dir.0);
    let mut server = Server::start("127.0.0.1:0", &url);
    let mut ada = Player::signed_in(&server.addr, None).await;
    let mut bob = Player::signed_in(&server.addr, None).await;
    let t = meet(&mut ada, &mut bob, "kansho", false).await;
    let mut moves: Vec<String> = vec![];
    for (ply, seat) in [(0, Seat::First), (1, Seat::Second), (2, Seat::First)] {
        let mv = legal("kansho", &moves, None);
        let p = if seat == Seat::First { &mut ada } else { &mut bob };
        let reply = p.ask(t.play(seat, ply, &mv)).await;
        assert!(matches!(reply, Reply::Stored { .. }), "{reply:?}");
        moves.push(mv);
    }
    // Ada takes back her move 3 (Bob to move): the game goes back to move 2, Ada to move.
    done(&mut ada, t.offer(Seat::First, 3, OfferKind::Takeback)).await;
    done(&mut bob, t.answer(Seat::Second, 3, true)).await;
    for p in [&mut ada, &mut bob] {
        let back = p
            .push(WAIT, |r| match r {
                Reply::TookBack { ply, .. } => Some(*ply),
                _ => None,
            })
            .await;
        assert_eq!(back, Some(2));
    }
    assert_eq!(moves_of(&mut ada, &t, Seat::First).await, moves[..2]);
    // Bob may not move now; Ada plays another move where hers was.
    let refused = bob.refused(t.play(Seat::Second, 2, &moves[2])).await;
    assert!(refused.starts_with("it is not your turn"), "{refused}");
    let other = legal("kansho", &moves[..2], Some(&moves[2]));
    let reply = ada.ask(t.play(Seat::First, 2, &other)).await;
    assert!(matches!(reply, Reply::Stored { .. }), "{reply:?}");
    moves[2] = other;
    // Bob, to move, takes back his move 2: back to move 1, two moves gone.
    done(&mut bob, t.offer(Seat::Second, 3, OfferKind::Takeback)).await;
    done(&mut ada, t.answer(Seat::First, 3, true)).await;
    moves.truncate(1);
    // After a restart the game is the same, and goes on.
    server.kill();
    let server = Server::start("127.0.0.1:0", &url);
    let mut bob = Player::connect(&server.addr).await;
    assert_eq!(moves_of(&mut bob, &t, Seat::Second).await, moves);
    let mv = legal("kansho", &moves, None);
    let reply = bob.ask(t.play(Seat::Second, 1, &mv)).await;
    assert!(matches!(reply, Reply::Stored { .. }), "{reply:?}");
    moves.push(mv);
    assert_eq!(moves_of(&mut bob, &t, Seat::Second).await, moves);
}

#[tokio::test]
async fn a_rematch_asked_for_by_both_at_once_is_one_game_with_sides_swapped() {
    let (_dir, server) = serve("offers-rematch");
    let mut ada = Player::signed_in(&server.addr, Some("Ada_L")).await;
    let mut bob = Player::signed_in(&server.addr, Some("Bob_K")).await;
    for round in 0..4 {
        let t = meet(&mut ada, &mut bob, "conhex", true).await;
        let resigned = bob.ask(t.resign(Seat::Second)).await;
        assert!(matches!(resigned, Reply::Resigned { .. }), "{resigned:?}");
        let (a, b) = tokio::join!(
            ada.ask(t.offer(Seat::First, 0, OfferKind::Rematch)),
            bob.ask(t.offer(Seat::Second, 0, OfferKind::Rematch))
        );
        assert!(
            matches!((&a, &b), (Reply::Done { .. }, Reply::Done { .. })),
            "{a:?} {b:?}"
        );
        let mut codes = vec![];
        for (p, old) in [(&mut ada, Seat::First), (&mut bob, Seat::Second)] {
            let code = p
                .push(WAIT, |r| match r {
                    Reply::Matched { code, seat, .. } if *seat == old.other() => Some(code.clone()),
                    _ => None,
                })
                .await
                .expect("told of the rematch");
            let new = Table {
                code: code.clone(),
                tokens: t.tokens.clone(),
            };
            let Reply::Seated { seat, game, .. } = p.ask(new.resume(old)).await else {
                panic!("round {round}: seated in the rematch")
            };
            assert_eq!(seat, old.other(), "round {round}: sides swapped");
            assert!(game.rated);
            assert_eq!(game.game, "conhex");
            codes.push(code);
        }
        assert_eq!(codes[0], codes[1], "round {round}: one game");
        // Asked again (a reply lost): answered, no second game (counted below).
        done(&mut ada, t.offer(Seat::First, 0, OfferKind::Rematch)).await;
        let new = Table {
            code: codes[0].clone(),
            tokens: [t.tokens[1].clone(), t.tokens[0].clone()],
        };
        let resigned = ada.ask(new.resign(Seat::Second)).await;
        assert!(matches!(resigned, Reply::Resigned { .. }), "{resigned:?}");
    }
    // Eight games, each rated once: four met, four rematches.
    assert_eq!(recent_results(&mut ada, "ada_l").await.len(), 8);
    assert_eq!(rated_games(&mut ada, "ada_l", "conhex").await, 8);
    assert_eq!(rated_games(&mut ada, "bob_k", "conhex").await, 8);
}

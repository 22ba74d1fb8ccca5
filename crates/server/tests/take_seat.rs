//! A lobby game played from another device of the same account (issue 75, correspondence):
//! through a real server on loopback, Ada's seat in a game by correspondence is taken onto her
//! paired phone with a new token (`take_seat`); the phone sees the game as stored and moves; the
//! desktop's old token no longer opens the seat, and the desktop takes it back the same way.
//! Refused in a sentence, changing nothing: a connection not signed in, a game the account has
//! no seat in, a finished game, a malformed token.

mod common;

use common::table::meet_on;
use common::ws::{Player, random_hex};
use common::{Server, TempDir, sqlite_url};
use parlour_clock::{DaysPerMove, Pace};
use parlour_online::wire::{Reply, Request, Seat};
use parlour_rules::dynamic::GameSetup;

/// The first legal move after `moves` in a default ConHex game.
fn next_move(moves: &[String]) -> String {
    let mut rules = GameSetup::parse("conhex", &[]).unwrap().start();
    for m in moves {
        rules.play(m).unwrap();
    }
    rules.legal()[0].clone()
}

fn take_seat(code: &str, token: &str) -> impl FnOnce(u64) -> Request + use<> {
    let (code, token) = (code.to_string(), token.to_string());
    move |req| Request::TakeSeat { req, code, token }
}

fn refused(reply: &Reply, words: &str) {
    match reply {
        Reply::Error { message, .. } => assert!(message.contains(words), "{message}"),
        other => panic!("refused ({words}) expected: {other:?}"),
    }
}

#[tokio::test]
async fn a_seat_taken_onto_another_device_of_the_account_plays_there_and_comes_back() {
    let dir = TempDir::new("take-seat");
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    let addr = server.addr.clone();
    let ada_secret = random_hex();
    let mut desk = Player::signed_in_with(&addr, Some("Ada_L"), &ada_secret).await;
    let mut bob = Player::signed_in(&addr, Some("Bob_K")).await;
    let pace = Pace::Correspondence(DaysPerMove::new(3).unwrap());
    let table = meet_on(&mut desk, &mut bob, "conhex", false, pace).await;
    let code = table.code.clone();
    let mut moves = vec![next_move(&[])];
    let stored = desk.ask(table.play(Seat::First, 0, &moves[0])).await;
    assert!(matches!(stored, Reply::Stored { .. }), "{stored:?}");
    moves.push(next_move(&moves));
    let stored = bob.ask(table.play(Seat::Second, 1, &moves[1])).await;
    assert!(matches!(stored, Reply::Stored { .. }), "{stored:?}");

    // Ada's phone, paired with a code from the desktop.
    let Reply::PairingCode { code: pairing, .. } = desk.ask(|req| Request::PairingCode { req }).await else {
        panic!("no pairing code")
    };
    let mut phone = Player::connect(&addr).await;
    let phone_secret = random_hex();
    let paired = phone
        .ask(move |req| Request::Pair {
            req,
            code: pairing,
            secret: phone_secret,
        })
        .await;
    assert!(
        matches!(paired, Reply::Account { ref name, .. } if name == "Ada_L"),
        "{paired:?}"
    );

    // The phone has no token of the seat; it takes the seat with one of its own.
    let phone_token = random_hex();
    let seated = phone.ask(take_seat(&code, &phone_token)).await;
    let Reply::Seated { seat, game, token, .. } = seated else {
        panic!("{seated:?}")
    };
    assert_eq!((seat, token.as_str()), (Seat::First, phone_token.as_str()));
    assert_eq!(game.moves, moves, "the game as stored");
    moves.push(next_move(&moves));
    let (c, t, m) = (code.clone(), phone_token.clone(), moves[2].clone());
    let stored = phone
        .ask(move |req| Request::Move {
            req,
            code: c,
            token: t,
            ply: 2,
            mv: m,
            think_ms: None,
        })
        .await;
    assert!(matches!(stored, Reply::Stored { ply: 2, .. }), "{stored:?}");

    // The desktop's token no longer opens the seat; the desktop takes it back.
    let old = desk.ask(table.resume(Seat::First)).await;
    assert!(matches!(old, Reply::Error { .. }), "{old:?}");
    let desk_token = random_hex();
    let back = desk.ask(take_seat(&code, &desk_token)).await;
    assert!(
        matches!(back, Reply::Seated { seat: Seat::First, ref game, .. } if game.moves == moves),
        "{back:?}"
    );
    // Bob's seat is his own: taking it changes nothing of Ada's.
    let bob_token = random_hex();
    let bobs = bob.ask(take_seat(&code, &bob_token)).await;
    assert!(matches!(bobs, Reply::Seated { seat: Seat::Second, .. }), "{bobs:?}");

    // Refusals: another account, no account, a malformed token; then a finished game.
    let mut eve = Player::signed_in(&addr, Some("Eve_X")).await;
    refused(&eve.ask(take_seat(&code, &random_hex())).await, "no seat");
    let mut nobody = Player::connect(&addr).await;
    refused(&nobody.ask(take_seat(&code, &random_hex())).await, "Sign in");
    refused(&desk.ask(take_seat(&code, "xyz")).await, "token");
    let (c, t) = (code.clone(), bob_token.clone());
    let resigned = bob.ask(move |req| Request::Resign { req, code: c, token: t }).await;
    assert!(matches!(resigned, Reply::Resigned { .. }), "{resigned:?}");
    refused(&phone.ask(take_seat(&code, &random_hex())).await, "no seat");
    // The desktop's seat, taken back before the end, is still the one that opens the game.
    let (c, t) = (code.clone(), desk_token.clone());
    let view = desk.ask(move |req| Request::Resume { req, code: c, token: t }).await;
    assert!(matches!(view, Reply::Seated { seat: Seat::First, .. }), "{view:?}");
}

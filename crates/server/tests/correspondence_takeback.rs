//! A takeback in a casual game by correspondence gives the side to move its whole time again
//! (in simulated time; a process of its own, as the simulated clock is the process's): the
//! deadline counts from the takeback, on this server and on another that loads the game from
//! the database, and the old deadline passing ends nothing.

mod common;

use common::ws::random_hex;
use common::{TempDir, sqlite_url};
use parlour_clock::{DaysPerMove, Pace};
use parlour_online::wire::{OfferKind, Seat, SideChoice};
use parlour_rules::dynamic::GameSetup;
use parlour_server::accounts;
use parlour_server::games::Registry;
use parlour_server::lobby::{self, SeekAsk};
use parlour_server::store::Store;
use parlour_server::store::sqlite::SqliteStore;

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;
const START: i64 = 1_800_000_000_000 - 1_800_000_000_000 % DAY;

#[tokio::test]
async fn a_takeback_gives_the_side_to_move_its_whole_time_again() {
    let clock = parlour_server::time::simulate(START);
    let dir = TempDir::new("corr-takeback");
    let url = sqlite_url(&dir.0);
    let r = Registry::new(SqliteStore::open(&url).await.unwrap());
    let ada = accounts::create(r.store(), &random_hex(), Some("Ada_T")).await.unwrap();
    let bob = accounts::create(r.store(), &random_hex(), Some("Bob_T")).await.unwrap();
    let options = vec![("size".to_string(), "6x6".to_string())];
    let pace = Pace::Correspondence(DaysPerMove::new(1).unwrap());
    let first = random_hex();
    let ask = SeekAsk {
        game: "konane",
        options: &options,
        rated: false,
        side: SideChoice::First,
        range: None,
        token: &first,
        pace,
    };
    let id = lobby::seek(r.store(), Some(&ada), ask).await.unwrap();
    let second = random_hex();
    let code = lobby::accept(&r, Some(&bob), id, &second).await.unwrap().game.code;
    let mut rules = GameSetup::parse("konane", &options).unwrap().start();

    // Ada moves at once; Bob 20 hours later: Ada's day counts from then.
    let mv = rules.legal()[0].clone();
    r.play(&code, &first, 0, &mv).await.unwrap();
    rules.play(&mv).unwrap();
    clock.advance(20 * HOUR);
    let mv = rules.legal()[0].clone();
    r.play(&code, &second, 1, &mv).await.unwrap();
    let bob_moved = START + 20 * HOUR;
    assert_eq!(r.deadline(&code).await.unwrap(), Some(bob_moved + DAY));

    // Bob asks to take his move back at 22 h; Ada agrees at 23 h. Bob is to move again, with a
    // whole day from the takeback — not one hour left of the day that began with Ada's move.
    clock.advance(2 * HOUR);
    r.offer(&code, &second, 2, OfferKind::Takeback).await.unwrap();
    clock.advance(HOUR);
    r.answer(&code, &first, 2, true).await.unwrap();
    let took_back = START + 23 * HOUR;
    assert_eq!(r.waiting(&code).await.unwrap(), Some((1, Seat::Second)));
    assert_eq!(r.deadline(&code).await.unwrap(), Some(took_back + DAY));

    // Another server reads the same from the database.
    let other = Registry::new(SqliteStore::open(&url).await.unwrap());
    assert_eq!(other.deadline(&code).await.unwrap(), Some(took_back + DAY));

    // The old deadline (a day after Ada's move) passes: nothing ends; the keeper's next look
    // is the new one.
    clock.advance(2 * HOUR);
    assert_eq!(other.check_clock(&code).await.unwrap(), Some(took_back + DAY));
    assert_eq!(other.waiting(&code).await.unwrap(), Some((1, Seat::Second)));

    // The new one passing ends the game on time, Bob's.
    clock.advance(DAY);
    assert_eq!(other.check_clock(&code).await.unwrap(), None);
    assert_eq!(r.waiting(&code).await.unwrap(), None);
    let stored = r.store().load(&code).await.unwrap().expect("the game");
    assert_eq!(stored.moves.len(), 1);
    assert!(stored.taken_back_ms.is_some());
}

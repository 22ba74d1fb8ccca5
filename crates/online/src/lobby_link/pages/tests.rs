use super::super::tests::{say, signed_in};
use super::*;
use crate::client::TransportEvent;
use crate::client::pipe::sent;
use crate::wire::{PlayerTag, Seat};

fn rated(rating: u32) -> Rated {
    Rated {
        rating,
        deviation: 80,
        games: 12,
        provisional: false,
    }
}

#[test]
fn a_leaderboard_is_kept_by_the_key_asked_for_and_a_stale_reply_is_not() {
    let (mut lobby, pipe) = signed_in();
    lobby.ask(PageAsk::Board("konane".into()));
    assert_eq!(lobby.pages.leaderboard("konane"), Some(&Page::Waiting));
    let Some(Request::Leaderboard { req, key }) = sent(&pipe).pop() else {
        panic!("{:?}", sent(&pipe))
    };
    assert_eq!(key, "konane");
    // A reply to a number nobody asked for changes nothing.
    say(
        &pipe,
        Reply::Leaderboard {
            req: 999,
            key: "konane".into(),
            rows: vec![],
        },
    );
    say(
        &pipe,
        Reply::Leaderboard {
            req,
            key: "konane".into(),
            rows: vec![("Ada_L".into(), rated(1720)), ("bob".into(), rated(1610))],
        },
    );
    lobby.poll();
    let Some(Page::Here(board)) = lobby.pages.leaderboard("konane") else {
        panic!()
    };
    assert_eq!(board.rows[0].0, "Ada_L");
    assert_eq!(board.rows.len(), 2);
    assert_eq!(lobby.next_event(), None, "nothing to say");
}

#[test]
fn a_players_page_or_the_sentence_that_refuses_it() {
    let (mut lobby, pipe) = signed_in();
    lobby.ask(PageAsk::Player("ada_l".into()));
    lobby.ask(PageAsk::Player("nobody".into()));
    let asked: Vec<_> = sent(&pipe)
        .into_iter()
        .filter_map(|r| match r {
            Request::Player { req, name } => Some((req, name)),
            _ => None,
        })
        .collect();
    assert_eq!(asked.len(), 2);
    let game = GameSummary {
        code: "abcdefgh23".into(),
        game: "konane".into(),
        options: vec![],
        players: [
            Some(PlayerTag {
                name: "Ada_L".into(),
                rating: Some(rated(1720)),
            }),
            None,
        ],
        moves: 31,
        result: Some("first".into()),
        rated: true,
        ended_at: Some(1_765_000_000),
    };
    say(
        &pipe,
        Reply::Player {
            req: asked[0].0,
            name: "Ada_L".into(),
            ratings: vec![RatingRow {
                key: "konane".into(),
                rating: rated(1720),
            }],
            history: vec![HistoryPoint {
                key: "konane".into(),
                at: 1_765_000_000,
                rating: 1720,
            }],
            recent: vec![game.clone()],
            finished: Finished { games: 12, left: 1 },
        },
    );
    say(
        &pipe,
        Reply::Error {
            req: Some(asked[1].0),
            message: "There is no player called nobody.".into(),
        },
    );
    lobby.poll();
    let Some(Page::Here(page)) = lobby.pages.player("ada_l") else {
        panic!()
    };
    assert_eq!(page.name, "Ada_L");
    assert_eq!(page.recent, vec![game]);
    assert_eq!(page.finished, Finished { games: 12, left: 1 });
    assert_eq!(page.finished.percent(), 91);
    assert_eq!(
        lobby.pages.player("nobody"),
        Some(&Page::Refused("There is no player called nobody.".into()))
    );
    // A page's refusal is the page's to show, not the lobby's line.
    assert_eq!(lobby.next_event(), None);
}

#[test]
fn a_game_opened_by_code_comes_once_and_a_drop_refuses_what_waits() {
    let (mut lobby, pipe) = signed_in();
    lobby.ask(PageAsk::Game("abcdefgh23".into()));
    let Some(Request::Watch { req, code }) = sent(&pipe).pop() else {
        panic!()
    };
    assert_eq!(code, "abcdefgh23");
    assert_eq!(lobby.pages.take_game(), None, "not here yet");
    let game = GameView {
        code,
        game: "konane".into(),
        options: vec![],
        moves: vec!["e5".into(), "d4".into()],
        seats: [true, true],
        resigned: Some(Seat::Second),
        players: [None, None],
        rated: true,
        pace: crate::wire::Pace::Untimed,
        clock: None,
        deadline_ms: None,
        ended: None,
    };
    say(
        &pipe,
        Reply::Watching {
            req,
            game: game.clone(),
        },
    );
    lobby.poll();
    assert_eq!(lobby.pages.take_game(), Some(game));
    assert_eq!(lobby.pages.take_game(), None, "taken once");
    // Asked for, then the connection drops: the page says so instead of waiting for ever.
    lobby.ask(PageAsk::Player("ada_l".into()));
    pipe.borrow_mut()
        .inbox
        .push_back(TransportEvent::Closed("reset".into()));
    lobby.poll();
    assert!(matches!(lobby.pages.player("ada_l"), Some(Page::Refused(_))));
    // And while it is down, a page asked for is refused at once.
    lobby.ask(PageAsk::Board("conhex".into()));
    assert!(matches!(lobby.pages.leaderboard("conhex"), Some(Page::Refused(_))));
}

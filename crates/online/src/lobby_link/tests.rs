use std::cell::RefCell;
use std::rc::Rc;

use super::*;
use crate::client::pipe::{Dialer, Pipe, sent};
use crate::wire::{GameView, PlayerTag, Seat, SideChoice};

pub(super) fn say(pipe: &Rc<RefCell<Pipe>>, reply: Reply) {
    pipe.borrow_mut().inbox.push_back(TransportEvent::Text(reply.encode()));
}

/// A lobby signed in to a fresh device account, its connection, and the lists asked for.
pub(super) fn signed_in() -> (LobbyLink, Rc<RefCell<Pipe>>) {
    let pipes = Rc::new(RefCell::new(Vec::new()));
    let mut lobby = LobbyLink::new("ws://x/ws", Box::new(Dialer(pipes.clone())), None);
    lobby.poll();
    let pipe = pipes.borrow()[0].clone();
    let Some(Request::AccountNew {
        req,
        secret,
        name: None,
    }) = sent(&pipe).pop()
    else {
        panic!("a device account is made first: {:?}", sent(&pipe));
    };
    assert!(crate::account::is_secret(&secret));
    say(
        &pipe,
        Reply::Account {
            req,
            name: "guest-k7mq2x".into(),
            named: false,
        },
    );
    lobby.poll();
    match lobby.next_event() {
        Some(LobbyEvent::SignedIn(a)) => assert_eq!((a.name.as_str(), a.secret), ("guest-k7mq2x", secret)),
        other => panic!("{other:?}"),
    }
    (lobby, pipe)
}

fn seek_view(id: u64) -> SeekView {
    SeekView {
        id,
        by: PlayerTag {
            name: "ada".into(),
            rating: None,
        },
        game: "konane".into(),
        options: vec![],
        rated: false,
        side: SideChoice::Random,
        range: None,
        pace: parlour_clock::Pace::Untimed,
    }
}

fn parlour_online_turn() -> crate::wire::TurnGame {
    crate::wire::TurnGame {
        code: "abcdefghij".into(),
        game: "konane".into(),
        options: vec![],
        seat: crate::wire::Seat::Second,
        opponent: None,
        ply: 3,
        pace: "days=3".parse().unwrap(),
        deadline_ms: Some(1_800_000_000_000),
    }
}

#[test]
fn a_device_account_is_made_silently_and_the_lists_follow() {
    let (mut lobby, pipe) = signed_in();
    let asked = sent(&pipe);
    let (seeks, games, turns) = match &asked[1..] {
        [
            Request::Seeks { req: s, game: None },
            Request::Games { req: g, game: None },
            Request::YourTurn { req: t },
        ] => (*s, *g, *t),
        other => panic!("{other:?}"),
    };
    say(
        &pipe,
        Reply::Seeks {
            req: seeks,
            seeks: vec![seek_view(4)],
        },
    );
    say(
        &pipe,
        Reply::Games {
            req: games,
            games: vec![],
        },
    );
    let waiting = parlour_online_turn();
    say(
        &pipe,
        Reply::YourTurn {
            req: turns,
            games: vec![waiting.clone()],
        },
    );
    lobby.poll();
    assert_eq!(lobby.seeks, vec![seek_view(4)]);
    assert_eq!(lobby.your_turn, vec![waiting]);
    // A list nobody asked for (a stale or forged reply) changes nothing.
    say(
        &pipe,
        Reply::Seeks {
            req: 999,
            seeks: vec![],
        },
    );
    lobby.poll();
    assert_eq!(lobby.seeks.len(), 1);
}

#[test]
fn a_seek_taken_gives_the_game_and_the_token_sent_with_it() {
    let (mut lobby, pipe) = signed_in();
    let konane = SeekOptions {
        options: vec![("size".into(), "6x6".into())],
        side: SideChoice::First,
        pace: "5+3"
            .parse::<parlour_clock::TimeControl>()
            .map(parlour_clock::Pace::Live)
            .unwrap(),
        ..SeekOptions::default()
    };
    lobby.seek("konane", konane).unwrap();
    assert!(lobby.seek("kansho", SeekOptions::default()).is_err(), "one at a time");
    let Some(Request::Seek { req, token, pace, .. }) = sent(&pipe).pop() else {
        panic!()
    };
    assert_eq!(pace.to_string(), "5+3", "the seek's clock goes with it");
    say(&pipe, Reply::Seeking { req, id: 7 });
    lobby.poll();
    assert_eq!(lobby.own_seek().and_then(|s| s.id), Some(7));
    // Another seek's match is not this one's.
    say(
        &pipe,
        Reply::Matched {
            id: 8,
            code: "abcdefgh23".into(),
            seat: Seat::First,
        },
    );
    say(
        &pipe,
        Reply::Matched {
            id: 7,
            code: "zyxwvuts23".into(),
            seat: Seat::First,
        },
    );
    lobby.poll();
    assert_eq!(
        lobby.next_event(),
        Some(LobbyEvent::Matched {
            code: "zyxwvuts23".into(),
            seat: Seat::First,
            token
        })
    );
    assert_eq!(lobby.next_event(), None);
    assert!(lobby.own_seek().is_none());
}

#[test]
fn an_accepted_seek_gives_the_seat_and_a_refused_one_a_sentence() {
    let (mut lobby, pipe) = signed_in();
    lobby.accept(3).unwrap();
    let Some(Request::Accept { req, id: 3, token }) = sent(&pipe).pop() else {
        panic!()
    };
    let game = seated_game();
    say(
        &pipe,
        Reply::Seated {
            req,
            seat: Seat::Second,
            token: token.clone(),
            game,
        },
    );
    lobby.accept(4).unwrap();
    let Some(Request::Accept { req: refused, .. }) = sent(&pipe).pop() else {
        panic!()
    };
    say(
        &pipe,
        Reply::Error {
            req: Some(refused),
            message: "That seek was taken by someone else.".into(),
        },
    );
    lobby.poll();
    assert_eq!(
        lobby.next_event(),
        Some(LobbyEvent::Matched {
            code: "abcdefgh23".into(),
            seat: Seat::Second,
            token
        })
    );
    assert_eq!(
        lobby.next_event(),
        Some(LobbyEvent::Said("That seek was taken by someone else.".into()))
    );
}

#[test]
fn a_dropped_connection_withdraws_the_seek_and_says_so() {
    let (mut lobby, pipe) = signed_in();
    lobby.seek("kansho", SeekOptions::default()).unwrap();
    pipe.borrow_mut()
        .inbox
        .push_back(TransportEvent::Closed("reset".into()));
    lobby.poll();
    assert!(lobby.own_seek().is_none());
    assert!(lobby.account().is_none());
    match lobby.next_event() {
        Some(LobbyEvent::Said(s)) => assert!(s.contains("seek"), "{s}"),
        other => panic!("{other:?}"),
    }
}

#[test]
fn play_now_joins_the_pool_and_a_pairing_gives_the_game_as_a_seek_does() {
    let (mut lobby, pipe) = signed_in();
    lobby
        .play_now("conhex", vec![], false, parlour_clock::Pace::Untimed)
        .unwrap();
    assert!(
        lobby
            .play_now("conhex", vec![], false, parlour_clock::Pace::Untimed)
            .is_err(),
        "one at a time"
    );
    let Some(Request::Pool {
        req,
        token,
        rated: false,
        ..
    }) = sent(&pipe).pop()
    else {
        panic!("a pool request: {:?}", sent(&pipe))
    };
    say(&pipe, Reply::Seeking { req, id: 9 });
    lobby.poll();
    let own = lobby.own_seek().unwrap();
    assert!(own.pool && own.id == Some(9));
    // Cancelled: the entry's id is withdrawn as a seek's.
    lobby.cancel_seek();
    assert!(matches!(sent(&pipe).pop(), Some(Request::CancelSeek { id: 9, .. })));
    lobby
        .play_now("conhex", vec![], false, parlour_clock::Pace::Untimed)
        .unwrap();
    let Some(Request::Pool { req, token: t2, .. }) = sent(&pipe).pop() else {
        panic!()
    };
    assert_ne!(token, t2, "a fresh seat token each time");
    say(&pipe, Reply::Seeking { req, id: 10 });
    say(
        &pipe,
        Reply::Matched {
            id: 10,
            code: "pqrstuvw23".into(),
            seat: Seat::Second,
        },
    );
    lobby.poll();
    assert_eq!(
        lobby.next_event(),
        Some(LobbyEvent::Matched {
            code: "pqrstuvw23".into(),
            seat: Seat::Second,
            token: t2
        })
    );
    assert!(lobby.own_seek().is_none());
}

#[test]
fn notices_are_set_over_the_lobby_and_confirmed_or_refused_in_a_sentence() {
    let (mut lobby, pipe) = signed_in();
    let before = sent(&pipe).len();
    lobby.ask_push_key();
    lobby.ask_push_key();
    assert_eq!(sent(&pipe).len(), before + 1, "asked once");
    let Some(Request::PushKey { req }) = sent(&pipe).pop() else {
        panic!("push key asked")
    };
    say(
        &pipe,
        Reply::PushKey {
            req,
            key: Some("BKey".into()),
        },
    );
    lobby.poll();
    assert_eq!(lobby.notices.push_key, Some(Some("BKey".into())));

    assert!(lobby.notify_email(Some("  ".into())).is_err());
    lobby.notify_email(Some(" ada@example.org ".into())).unwrap();
    let Some(Request::NotifyEmail { req, address }) = sent(&pipe).pop() else {
        panic!()
    };
    assert_eq!(address.as_deref(), Some("ada@example.org"));
    say(&pipe, Reply::Done { req });
    lobby.poll();
    assert_eq!(lobby.notices.email.as_deref(), Some("ada@example.org"));
    match lobby.next_event() {
        Some(LobbyEvent::Done(s)) => assert!(s.contains("ada@example.org"), "{s}"),
        other => panic!("{other:?}"),
    }

    // A refusal says why and changes nothing.
    lobby.notify_email(Some("not an address".into())).unwrap();
    let Some(Request::NotifyEmail { req, .. }) = sent(&pipe).pop() else {
        panic!()
    };
    say(
        &pipe,
        Reply::Error {
            req: Some(req),
            message: "That is not an e-mail address.".into(),
        },
    );
    lobby.poll();
    assert_eq!(lobby.notices.email.as_deref(), Some("ada@example.org"));
    assert_eq!(
        lobby.next_event(),
        Some(LobbyEvent::Said("That is not an e-mail address.".into()))
    );

    lobby
        .notify_push(Some("{\"endpoint\":\"https://push.example/x\"}".into()))
        .unwrap();
    let Some(Request::NotifyPush {
        req,
        subscription: Some(_),
    }) = sent(&pipe).pop()
    else {
        panic!()
    };
    // A `done` for a request that was not this one changes nothing.
    say(&pipe, Reply::Done { req: req + 100 });
    lobby.poll();
    assert!(!lobby.notices.push_on);
    say(&pipe, Reply::Done { req });
    lobby.poll();
    assert!(lobby.notices.push_on);
}

/// A lobby signed in with a seek open as entry 7, whose connection then drops with its server;
/// then connected and signed in again on a new connection. Returns the lobby, the new
/// connection, the seek's token and the request number of the withdrawal sent there.
fn seek_lost_then_back() -> (LobbyLink, Rc<RefCell<Pipe>>, String, u64) {
    let pipes = Rc::new(RefCell::new(Vec::new()));
    let mut lobby = LobbyLink::new("ws://x/ws", Box::new(Dialer(pipes.clone())), None);
    let account = |req| Reply::Account {
        req,
        name: "guest-k7mq2x".into(),
        named: false,
    };
    lobby.poll();
    let first = pipes.borrow()[0].clone();
    let Some(Request::AccountNew { req, secret, .. }) = sent(&first).pop() else {
        panic!()
    };
    say(&first, account(req));
    lobby.poll();
    lobby.seek("konane", SeekOptions::default()).unwrap();
    let Some(Request::Seek { req, token, .. }) = sent(&first).pop() else {
        panic!()
    };
    say(&first, Reply::Seeking { req, id: 7 });
    lobby.poll();
    first
        .borrow_mut()
        .inbox
        .push_back(TransportEvent::Closed("reset".into()));
    lobby.poll();
    let said: Vec<LobbyEvent> = std::iter::from_fn(|| lobby.next_event()).collect();
    assert!(
        said.iter()
            .any(|e| matches!(e, LobbyEvent::Said(s) if s.contains("withdrawn, or its game opened"))),
        "{said:?}"
    );
    // Back after the retry's wait, signed in again with the same secret.
    std::thread::sleep(RETRY + Duration::from_millis(50));
    lobby.poll();
    let second = pipes.borrow()[1].clone();
    let Some(Request::AccountNew { req, secret: again, .. }) = sent(&second).pop() else {
        panic!()
    };
    assert_eq!(again, secret);
    assert!(
        !sent(&second).iter().any(|r| matches!(r, Request::CancelSeek { .. })),
        "nothing is withdrawn before the account is signed in"
    );
    say(&second, account(req));
    lobby.poll();
    let withdraw = sent(&second)
        .into_iter()
        .find_map(|r| match r {
            Request::CancelSeek { req, id: 7 } => Some(req),
            _ => None,
        })
        .expect("the lost entry withdrawn once signed in");
    (lobby, second, token, withdraw)
}

#[test]
fn a_seek_lost_with_its_server_and_withdrawn_after_says_to_post_it_again() {
    let (mut lobby, pipe, _, withdraw) = seek_lost_then_back();
    say(&pipe, Reply::Done { req: withdraw });
    lobby.poll();
    let said: Vec<LobbyEvent> = std::iter::from_fn(|| lobby.next_event()).collect();
    assert!(
        said.iter()
            .any(|e| matches!(e, LobbyEvent::Said(s) if s.contains("post it again"))),
        "{said:?}"
    );
    assert!(!said.iter().any(|e| matches!(e, LobbyEvent::Matched { .. })));
}

#[test]
fn a_seek_taken_while_its_server_was_down_opens_its_game_when_back() {
    let (mut lobby, pipe, token, withdraw) = seek_lost_then_back();
    say(
        &pipe,
        Reply::Error {
            req: Some(withdraw),
            message: "There is no open seek 7; it may have been taken or withdrawn.".into(),
        },
    );
    lobby.poll();
    let Some(Request::Player { req, name }) = sent(&pipe).pop() else {
        panic!()
    };
    assert_eq!(name, "guest-k7mq2x");
    let summary = |code: &str, result: Option<&str>| crate::wire::GameSummary {
        code: code.into(),
        game: "konane".into(),
        options: vec![],
        players: [None, None],
        moves: 3,
        result: result.map(Into::into),
        rated: false,
        ended_at: None,
    };
    say(
        &pipe,
        Reply::Player {
            req,
            name: "guest-k7mq2x".into(),
            ratings: vec![],
            history: vec![],
            recent: vec![
                summary("abcdefgh22", Some("first")),
                summary("abcdefgh23", None),
                summary("abcdefgh24", None),
            ],
            finished: crate::wire::Finished { games: 1, left: 0 },
        },
    );
    lobby.poll();
    // The unfinished games are asked about with the seek's token; the finished one is not.
    let probes: Vec<(u64, String)> = sent(&pipe)
        .into_iter()
        .filter_map(|r| match r {
            Request::Resume { req, code, token: t } if t == token => Some((req, code)),
            _ => None,
        })
        .collect();
    assert_eq!(
        probes.iter().map(|p| p.1.as_str()).collect::<Vec<_>>(),
        ["abcdefgh23", "abcdefgh24"]
    );
    let refused = Reply::Error {
        req: Some(probes[1].0),
        message: "That seat is not yours.".into(),
    };
    say(&pipe, refused);
    let game = seated_game();
    say(
        &pipe,
        Reply::Seated {
            req: probes[0].0,
            seat: Seat::First,
            token: token.clone(),
            game,
        },
    );
    lobby.poll();
    let events: Vec<LobbyEvent> = std::iter::from_fn(|| lobby.next_event()).collect();
    assert!(
        events.contains(&LobbyEvent::Matched {
            code: "abcdefgh23".into(),
            seat: Seat::First,
            token
        }),
        "{events:?}"
    );
    assert!(
        !events
            .iter()
            .any(|e| matches!(e, LobbyEvent::Said(s) if s.contains("not yours") || s.contains("post it again"))),
        "a probe's refusal is not the player's business: {events:?}"
    );
}

/// A game just made, as `seated` gives it.
fn seated_game() -> GameView {
    GameView {
        code: "abcdefgh23".into(),
        game: "konane".into(),
        options: vec![],
        moves: vec![],
        seats: [true, true],
        resigned: None,
        players: [None, None],
        rated: false,
        pace: parlour_clock::Pace::Untimed,
        clock: None,
        deadline_ms: None,
        ended: None,
    }
}

#[test]
fn a_seat_kept_on_another_device_is_taken_here_and_opened_as_a_match() {
    let (mut lobby, pipe) = signed_in();
    lobby.take_seat("abcdefgh23").unwrap();
    let Some(Request::TakeSeat { req, code, token }) = sent(&pipe).pop() else {
        panic!("{:?}", sent(&pipe))
    };
    assert_eq!(code, "abcdefgh23");
    crate::wire::check_token(&token).unwrap();
    say(
        &pipe,
        Reply::Seated {
            req,
            seat: Seat::Second,
            token: token.clone(),
            game: seated_game(),
        },
    );
    lobby.poll();
    assert_eq!(
        lobby.next_event(),
        Some(LobbyEvent::Matched {
            code: "abcdefgh23".into(),
            seat: Seat::Second,
            token
        })
    );
    // Refused (no seat of this account's there): the sentence, no game.
    lobby.take_seat("abcdefgh24").unwrap();
    let Some(Request::TakeSeat { req, .. }) = sent(&pipe).pop() else {
        panic!()
    };
    say(
        &pipe,
        Reply::Error {
            req: Some(req),
            message: "You have no seat in an unfinished lobby game abcdefgh24.".into(),
        },
    );
    lobby.poll();
    assert!(matches!(lobby.next_event(), Some(LobbyEvent::Said(s)) if s.contains("no seat")));
    // Not signed in: refused here, nothing sent.
    pipe.borrow_mut()
        .inbox
        .push_back(TransportEvent::Closed("reset".into()));
    lobby.poll();
    assert!(lobby.take_seat("abcdefgh23").is_err());
}

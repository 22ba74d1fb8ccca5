use std::cell::RefCell;
use std::rc::Rc;

use super::pipe::{Dialer, Pipe, sent};
use super::*;
use crate::wire::Reply;

fn view(moves: &[&str]) -> GameView {
    GameView {
        code: "abcdefgh23".into(),
        game: "konane".into(),
        options: vec![],
        moves: moves.iter().map(|m| m.to_string()).collect(),
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

/// The first connection drops; once the back-off has passed, what the client sent on the second.
fn reconnect(
    c: &mut OnlineClient,
    first: &Rc<RefCell<Pipe>>,
    pipes: &Rc<RefCell<Vec<Rc<RefCell<Pipe>>>>>,
) -> Vec<Request> {
    first
        .borrow_mut()
        .inbox
        .push_back(TransportEvent::Closed("reset".into()));
    c.poll();
    std::thread::sleep(FIRST_BACKOFF + Duration::from_millis(20));
    c.poll();
    sent(&pipes.borrow()[1])
}

#[test]
fn a_move_whose_reply_was_lost_is_resent_after_resuming_and_counted_once() {
    let pipes = Rc::new(RefCell::new(Vec::new()));
    let mut c = OnlineClient::new("ws://x/ws", Box::new(Dialer(pipes.clone())));
    c.poll();
    let join = c.join("abcdefgh23");
    let first = pipes.borrow()[0].clone();
    let token = "0123456789abcdef0123456789abcdef".to_string();
    first.borrow_mut().inbox.push_back(TransportEvent::Text(
        Reply::Seated {
            req: join,
            seat: Seat::Second,
            token: token.clone(),
            game: view(&["xd4"]),
        }
        .encode(),
    ));
    c.poll();
    let events: Vec<Event> = std::iter::from_fn(|| c.next_event()).collect();
    assert_eq!(
        events,
        [
            Event::Connected,
            Event::Moved {
                ply: 0,
                mv: "xd4".into()
            },
            Event::Seated(Seat::Second)
        ]
    );
    let mv = c.send_move("xe4").unwrap();
    assert!(matches!(sent(&first).last(), Some(Request::Move { ply: 1, .. })));
    // The connection drops before the reply: the server had stored the move.
    first
        .borrow_mut()
        .inbox
        .push_back(TransportEvent::Closed("reset".into()));
    c.poll();
    assert_eq!(c.link(), LinkState::Down);
    std::thread::sleep(FIRST_BACKOFF + Duration::from_millis(20));
    c.poll();
    let second = pipes.borrow()[1].clone();
    let again = sent(&second);
    assert!(
        matches!(&again[0], Request::Resume { token: t, .. } if *t == token),
        "{again:?}"
    );
    assert!(
        matches!(&again[1], Request::Move { req, ply: 1, .. } if *req == mv),
        "{again:?}"
    );
    // The resume brings the stored move, then the re-sent move is acknowledged: one move.
    second.borrow_mut().inbox.push_back(TransportEvent::Text(
        Reply::Seated {
            req: 0,
            seat: Seat::Second,
            token,
            game: view(&["xd4", "xe4"]),
        }
        .encode(),
    ));
    second.borrow_mut().inbox.push_back(TransportEvent::Text(
        Reply::Stored {
            req: mv,
            code: "abcdefgh23".into(),
            ply: 1,
            mv: "xe4".into(),
            clock: None,
        }
        .encode(),
    ));
    c.poll();
    assert_eq!(c.game().unwrap().moves, ["xd4", "xe4"]);
    assert!(!c.move_in_flight());
    let events: Vec<Event> = std::iter::from_fn(|| c.next_event()).collect();
    assert!(events.contains(&Event::Stored { req: mv, ply: 1 }), "{events:?}");
    assert_eq!(
        events.iter().filter(|e| matches!(e, Event::Moved { .. })).count(),
        1,
        "{events:?}"
    );
}

#[test]
fn a_resignation_is_reported_once_however_it_arrives() {
    let pipes = Rc::new(RefCell::new(Vec::new()));
    let mut c = OnlineClient::new("ws://x/ws", Box::new(Dialer(pipes.clone())));
    c.poll();
    assert!(c.resign().is_err(), "no seat yet");
    let join = c.join("abcdefgh23");
    let pipe = pipes.borrow()[0].clone();
    let say = |r: Reply| pipe.borrow_mut().inbox.push_back(TransportEvent::Text(r.encode()));
    say(Reply::Seated {
        req: join,
        seat: Seat::Second,
        token: "0123456789abcdef0123456789abcdef".into(),
        game: view(&["xd4"]),
    });
    c.poll();
    let req = c.resign().unwrap();
    assert!(matches!(sent(&pipe).last(), Some(Request::Resign { .. })));
    // The push to followers and the reply both arrive; a resume's copy of the game too.
    let resigned = |req| Reply::Resigned {
        req,
        code: "abcdefgh23".into(),
        seat: Seat::Second,
    };
    say(resigned(None));
    say(resigned(Some(req)));
    say(Reply::Seated {
        req: 0,
        seat: Seat::Second,
        token: "0123456789abcdef0123456789abcdef".into(),
        game: GameView {
            resigned: Some(Seat::Second),
            ..view(&["xd4"])
        },
    });
    c.poll();
    let events: Vec<Event> = std::iter::from_fn(|| c.next_event()).collect();
    assert_eq!(
        events.iter().filter(|e| **e == Event::Resigned(Seat::Second)).count(),
        1,
        "{events:?}"
    );
    assert!(!c.is_waiting(req));
    assert_eq!(c.game().unwrap().resigned, Some(Seat::Second));
}

#[test]
fn failed_connections_back_off_up_to_the_ceiling() {
    struct Refuse(Rc<RefCell<u32>>);
    impl Connector for Refuse {
        fn connect(&mut self, _url: &str) -> Result<Box<dyn Transport>, String> {
            *self.0.borrow_mut() += 1;
            Err("refused".into())
        }
    }
    let tries = Rc::new(RefCell::new(0));
    let mut c = OnlineClient::new("ws://x/ws", Box::new(Refuse(tries.clone())));
    for _ in 0..50 {
        c.poll();
        std::thread::sleep(Duration::from_millis(10));
    }
    // At least 0.5 s of polling (more on a loaded machine): attempts at 0, 0.1, 0.3, then
    // 0.7 and 1.5 s — three to five, not fifty.
    assert!((3..=5).contains(&*tries.borrow()), "{} attempts", tries.borrow());
    assert_eq!(c.link(), LinkState::Down);
    assert!(c.send_move("a1").is_err());
}

#[test]
fn a_new_or_join_whose_reply_was_lost_is_resent_with_the_token_it_chose() {
    let pipes = Rc::new(RefCell::new(Vec::new()));
    let mut c = OnlineClient::new("ws://x/ws", Box::new(Dialer(pipes.clone())));
    c.poll();
    let new = c.create("konane", vec![], Seat::First);
    let first = pipes.borrow()[0].clone();
    let Some(Request::New {
        token: Some(chosen), ..
    }) = sent(&first).last().cloned()
    else {
        panic!(
            "a new game's request carries the token the client chose: {:?}",
            sent(&first)
        );
    };
    crate::wire::check_token(&chosen).unwrap();
    // The connection drops before the reply: the request goes again, with the same token, so
    // the server answers with the game it made instead of making a second.
    let again = reconnect(&mut c, &first, &pipes);
    assert!(
        matches!(&again[..], [Request::New { req, token: Some(t), .. }] if *req == new && *t == chosen),
        "{again:?}"
    );
    // Each request chooses its own token.
    c.join("abcdefgh23");
    let joins: Vec<Request> = sent(&pipes.borrow()[1]);
    let Some(Request::Join { token: Some(other), .. }) = joins.last() else {
        panic!("{joins:?}")
    };
    assert_ne!(*other, chosen);
}

#[test]
fn a_signed_in_client_signs_in_again_by_its_secret_first_after_a_reconnection() {
    let pipes = Rc::new(RefCell::new(Vec::new()));
    let mut c = OnlineClient::new("ws://x/ws", Box::new(Dialer(pipes.clone())));
    c.poll();
    let made = c.account_new(Some("Ada")).unwrap();
    let first = pipes.borrow()[0].clone();
    let Some(Request::AccountNew { secret, .. }) = sent(&first).pop() else {
        panic!("no account_new sent")
    };
    assert!(crate::account::is_secret(&secret));
    let reply = Reply::Account {
        req: made,
        name: "Ada".into(),
        named: true,
    };
    first.borrow_mut().inbox.push_back(TransportEvent::Text(reply.encode()));
    c.poll();
    let signed = SignedIn {
        name: "Ada".into(),
        secret: secret.clone(),
        named: true,
    };
    assert_eq!(c.account(), Some(&signed));
    assert!(std::iter::from_fn(|| c.next_event()).any(|e| e == Event::Account { req: made }));
    // A pairing code asked for, then the connection drops before the answer.
    let code = c.pairing_code();
    let again = reconnect(&mut c, &first, &pipes);
    assert!(
        matches!(&again[0], Request::AccountNew { req: account::SIGN_IN_AGAIN, secret: s, name: None } if *s == secret),
        "{again:?}"
    );
    assert_eq!(again[1], Request::PairingCode { req: code });
}

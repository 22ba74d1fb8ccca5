use super::*;

fn code() -> String {
    "abcdefgh23".into()
}
fn token() -> String {
    "0123456789abcdef0123456789abcdef".into()
}

#[test]
fn every_request_round_trips() {
    let requests = [
        Request::New {
            req: 1,
            game: "konane".into(),
            options: vec![("size".into(), "6x6".into())],
            seat: Seat::Second,
            token: None,
        },
        Request::New {
            req: 1,
            game: "conhex".into(),
            options: vec![],
            seat: Seat::First,
            token: Some(token()),
        },
        Request::Join {
            req: 2,
            code: code(),
            token: None,
        },
        Request::Join {
            req: 2,
            code: code(),
            token: Some(token()),
        },
        Request::Watch { req: 3, code: code() },
        Request::Resume {
            req: 4,
            code: code(),
            token: token(),
        },
        Request::Move {
            req: 5,
            code: code(),
            token: token(),
            ply: 7,
            mv: "xc4".into(),
            think_ms: None,
        },
        Request::Resign {
            req: 6,
            code: code(),
            token: token(),
        },
        Request::AccountNew {
            req: 7,
            secret: token(),
            name: None,
        },
        Request::AccountNew {
            req: 8,
            secret: token(),
            name: Some("Ada_L".into()),
        },
        Request::Login {
            req: 9,
            name: "ada_l".into(),
            secret: token(),
        },
        Request::ChooseName {
            req: 10,
            name: "Grace-H".into(),
        },
        Request::PairingCode { req: 11 },
        Request::Pair {
            req: 12,
            code: "abcd2345".into(),
            secret: token(),
        },
        Request::Seek {
            req: 13,
            game: "konane".into(),
            options: vec![("size".into(), "6x6".into())],
            rated: true,
            side: SideChoice::First,
            range: Some(RatingRange { lo: 1400, hi: 1700 }),
            token: token(),
            pace: parlour_clock::Pace::Untimed,
        },
        Request::Seek {
            req: 13,
            game: "conhex".into(),
            options: vec![],
            rated: false,
            side: SideChoice::Random,
            range: None,
            token: token(),
            pace: parlour_clock::Pace::Untimed,
        },
        Request::CancelSeek { req: 14, id: 3 },
        Request::TakeSeat {
            req: 14,
            code: "abcdefgh23".into(),
            token: token(),
        },
        Request::Seeks { req: 15, game: None },
        Request::Seeks {
            req: 15,
            game: Some("kansho".into()),
        },
        Request::Accept {
            req: 16,
            id: 3,
            token: token(),
        },
        Request::Pool {
            req: 17,
            game: "qyshinsu".into(),
            options: vec![],
            rated: true,
            token: token(),
            pace: parlour_clock::Pace::Untimed,
        },
        Request::Games { req: 18, game: None },
        Request::Rating {
            req: 19,
            name: "Ada_L".into(),
            game: "soldiers/variant=board2".into(),
        },
        Request::Leaderboard {
            req: 20,
            key: "conhex".into(),
        },
        Request::Player {
            req: 21,
            name: "ada_l".into(),
        },
        Request::Offer {
            req: 22,
            code: code(),
            token: token(),
            ply: 12,
            kind: OfferKind::Draw,
        },
        Request::Answer {
            req: 23,
            code: code(),
            token: token(),
            ply: 12,
            accept: true,
        },
    ];
    for r in requests {
        assert_eq!(Request::decode(&r.encode()), Ok(r.clone()), "{r:?}");
    }
}

#[test]
fn every_reply_round_trips() {
    let game = GameView {
        code: code(),
        game: "conhex".into(),
        options: vec![],
        moves: vec!["e5".into()],
        seats: [true, false],
        resigned: None,
        players: [None, None],
        rated: false,
        pace: parlour_clock::Pace::Untimed,
        clock: None,
        deadline_ms: None,
        ended: None,
    };
    let ada = PlayerTag {
        name: "Ada_L".into(),
        rating: Some(Rated {
            rating: 1512,
            deviation: 230,
            games: 3,
            provisional: true,
        }),
    };
    let grace = PlayerTag {
        name: "grace".into(),
        rating: None,
    };
    let replies = [
        Reply::Seated {
            req: 1,
            seat: Seat::First,
            token: token(),
            game: game.clone(),
        },
        Reply::Watching {
            req: 2,
            game: GameView {
                resigned: Some(Seat::Second),
                ..game.clone()
            },
        },
        Reply::Watching {
            req: 2,
            game: GameView {
                players: [Some(ada.clone()), None],
                rated: true,
                ..game.clone()
            },
        },
        Reply::Watching { req: 2, game },
        Reply::Seeking { req: 6, id: 9 },
        Reply::Matched {
            id: 9,
            code: code(),
            seat: Seat::Second,
        },
        Reply::Done { req: 7 },
        Reply::Seeks {
            req: 8,
            seeks: vec![SeekView {
                id: 9,
                by: ada.clone(),
                game: "konane".into(),
                options: vec![("size".into(), "6x6".into())],
                rated: true,
                side: SideChoice::Second,
                range: Some(RatingRange { lo: 600, hi: 3500 }),
                pace: parlour_clock::Pace::Untimed,
            }],
        },
        Reply::Games {
            req: 9,
            games: vec![LiveGame {
                code: code(),
                game: "conhex".into(),
                options: vec![],
                players: [Some(ada.clone()), Some(grace.clone())],
                ply: 4,
                rated: false,
                pace: parlour_clock::Pace::Untimed,
            }],
        },
        Reply::Rating {
            req: 10,
            name: "grace".into(),
            rating: None,
        },
        Reply::Leaderboard {
            req: 11,
            key: "conhex".into(),
            rows: vec![("Ada_L".into(), ada.rating.unwrap())],
        },
        Reply::Player {
            req: 12,
            name: "Ada_L".into(),
            ratings: vec![RatingRow {
                key: "conhex".into(),
                rating: ada.rating.unwrap(),
            }],
            history: vec![HistoryPoint {
                key: "conhex".into(),
                at: 1_800_000_000,
                rating: 1512,
            }],
            recent: vec![GameSummary {
                code: code(),
                game: "conhex".into(),
                options: vec![],
                players: [Some(ada.clone()), Some(grace)],
                moves: 31,
                result: Some("draw".into()),
                rated: true,
                ended_at: Some(1_800_000_000),
            }],
            finished: Finished { games: 40, left: 2 },
        },
        Reply::Offered {
            code: code(),
            ply: 5,
            seat: Seat::First,
            offer: OfferKind::Takeback,
        },
        Reply::Answered {
            code: code(),
            ply: 5,
            offer: OfferKind::Rematch,
            accept: false,
        },
        Reply::Ended {
            code: code(),
            result: "draw".into(),
            reason: "agreed".into(),
        },
        Reply::TookBack { code: code(), ply: 4 },
        Reply::Resigned {
            req: Some(9),
            code: code(),
            seat: Seat::First,
        },
        Reply::Resigned {
            req: None,
            code: code(),
            seat: Seat::Second,
        },
        Reply::Stored {
            req: 3,
            code: code(),
            ply: 0,
            mv: "e5".into(),
            clock: None,
        },
        Reply::Moved {
            code: code(),
            ply: 1,
            mv: "f6".into(),
            clock: None,
        },
        Reply::Joined {
            code: code(),
            seat: Seat::Second,
        },
        Reply::Error {
            req: None,
            message: "no".into(),
        },
        Reply::Account {
            req: 4,
            name: "guest-7kq3m2".into(),
            named: false,
        },
        Reply::PairingCode {
            req: 5,
            code: "abcd2345".into(),
            valid_secs: 600,
        },
    ];
    for r in replies {
        assert_eq!(Reply::decode(&r.encode()), Ok(r.clone()), "{r:?}");
    }
}

#[test]
fn malformed_copies_of_each_request_are_refused() {
    let bad = [
        "",
        "{",
        "null",
        "[]",
        r#"{"op":"fly","req":1}"#,
        r#"{"op":"join"}"#,
        r#"{"op":"join","req":-1,"code":"abcdefgh23"}"#,
        r#"{"op":"join","req":1,"code":"ABCDEFGH23"}"#,
        r#"{"op":"join","req":1,"code":"abcdefgh2"}"#,
        r#"{"op":"watch","req":1,"code":"abcdefgh0o"}"#,
        r#"{"op":"resume","req":1,"code":"abcdefgh23","token":"xyz"}"#,
        r#"{"op":"take_seat","req":1,"code":"abcdefgh23","token":"xyz"}"#,
        r#"{"op":"take_seat","req":1,"code":"abc","token":"0123456789abcdef0123456789abcdef"}"#,
        r#"{"op":"resume","req":1,"code":"abcdefgh23","token":"0123456789ABCDEF0123456789ABCDEF"}"#,
        r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":-3,"mv":"a1"}"#,
        r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":0,"mv":""}"#,
        r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":0,"mv":"a 1"}"#,
        r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":0,"mv":"a1","think_ms":-5}"#,
        r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":0,"mv":"a1","think_ms":90000000000}"#,
        r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":0,"mv":"a1","think_ms":"soon"}"#,
        r#"{"op":"seek","req":1,"game":"konane","token":"0123456789abcdef0123456789abcdef","pace":{"live":{"limit_s":0,"increment_s":0}}}"#,
        r#"{"op":"seek","req":1,"game":"konane","token":"0123456789abcdef0123456789abcdef","pace":{"live":{"limit_s":99999,"increment_s":0}}}"#,
        r#"{"op":"seek","req":1,"game":"konane","token":"0123456789abcdef0123456789abcdef","pace":{"correspondence":4}}"#,
        r#"{"op":"pool","req":1,"game":"konane","token":"0123456789abcdef0123456789abcdef","pace":"blitz"}"#,
        r#"{"op":"new","req":1,"game":""}"#,
        r#"{"op":"new","req":1,"game":"konane","seat":"third"}"#,
        r#"{"op":"new","req":1,"game":"konane","options":[["size"]]}"#,
        r#"{"op":"resign","req":1,"code":"abcdefgh23"}"#,
        r#"{"op":"resign","req":1,"code":"abcdefgh23","token":"0123"}"#,
        r#"{"op":"account_new","req":1}"#,
        r#"{"op":"account_new","req":1,"secret":"0123"}"#,
        r#"{"op":"account_new","req":1,"secret":"0123456789ABCDEF0123456789ABCDEF"}"#,
        r#"{"op":"account_new","req":1,"secret":"0123456789abcdef0123456789abcdef","name":"ab"}"#,
        r#"{"op":"account_new","req":1,"secret":"0123456789abcdef0123456789abcdef","name":"a	b c"}"#,
        r#"{"op":"choose_name","req":1,"name":"admin"}"#,
        r#"{"op":"choose_name","req":1,"name":"abcdefghijklmnopqrstu"}"#,
        r#"{"op":"choose_name","req":1}"#,
        r#"{"op":"login","req":1,"name":"ada"}"#,
        r#"{"op":"pairing_code"}"#,
        r#"{"op":"pair","req":1,"code":"abcd2345","secret":"nothex"}"#,
        r#"{"op":"pair","req":1,"secret":"0123456789abcdef0123456789abcdef"}"#,
        r#"{"op":"seek","req":1,"game":"konane"}"#,
        r#"{"op":"seek","req":1,"game":"konane","token":"0123"}"#,
        r#"{"op":"seek","req":1,"game":"","token":"0123456789abcdef0123456789abcdef"}"#,
        r#"{"op":"seek","req":1,"game":"konane","side":"left","token":"0123456789abcdef0123456789abcdef"}"#,
        r#"{"op":"seek","req":1,"game":"konane","range":{"lo":1700,"hi":1400},"token":"0123456789abcdef0123456789abcdef"}"#,
        r#"{"op":"seek","req":1,"game":"konane","range":{"lo":100,"hi":1400},"token":"0123456789abcdef0123456789abcdef"}"#,
        r#"{"op":"seek","req":1,"game":"konane","range":{"lo":1400,"hi":9000},"token":"0123456789abcdef0123456789abcdef"}"#,
        r#"{"op":"seek","req":1,"game":"konane","range":{"lo":1400},"token":"0123456789abcdef0123456789abcdef"}"#,
        r#"{"op":"seek","req":1,"game":"konane","options":[["size","6 x 6"]],"token":"0123456789abcdef0123456789abcdef"}"#,
        r#"{"op":"cancel_seek","req":1}"#,
        r#"{"op":"cancel_seek","req":1,"id":-2}"#,
        r#"{"op":"seeks","req":1,"game":""}"#,
        r#"{"op":"accept","req":1,"id":3}"#,
        r#"{"op":"accept","req":1,"id":3,"token":"zz"}"#,
        r#"{"op":"pool","req":1,"game":"konane"}"#,
        r#"{"op":"games","req":1,"game":"a b"}"#,
        r#"{"op":"rating","req":1,"name":"ada"}"#,
        r#"{"op":"rating","req":1,"name":"","game":"conhex"}"#,
        r#"{"op":"leaderboard","req":1,"key":""}"#,
        r#"{"op":"player","req":1}"#,
        r#"{"op":"offer","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":3,"kind":"peace"}"#,
        r#"{"op":"offer","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","kind":"draw"}"#,
        r#"{"op":"answer","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":3}"#,
        r#"{"op":"answer","req":1,"code":"x","token":"0123456789abcdef0123456789abcdef","ply":3,"accept":true}"#,
    ];
    for text in bad {
        let err = Request::decode(text).expect_err(text);
        assert!(err.to_string().len() > 10, "{text}: {err}");
    }
    // Found by the `wire` fuzz target: a refusal quoting a string with an escaped line
    // break stays one line.
    let quoted = Request::decode(r#"{"op":"n\n\\!","req":1}"#).unwrap_err().to_string();
    assert!(!quoted.contains('\n') && quoted.contains("\\n"), "{quoted}");
    let long = format!(r#"{{"op":"new","req":1,"game":"{}"}}"#, "k".repeat(MAX_MESSAGE_BYTES));
    assert_eq!(Request::decode(&long), Err(WireError::TooLong(long.len())));
    let many: Vec<(String, String)> = (0..17).map(|i| (format!("k{i}"), "v".into())).collect();
    let r = Request::New {
        req: 1,
        game: "soldiers".into(),
        options: many,
        seat: Seat::First,
        token: None,
    };
    assert_eq!(Request::decode(&r.encode()), Err(WireError::TooManyOptions(17)));
}

#[test]
fn malformed_replies_are_refused() {
    for text in [
        "",
        "{}",
        r#"{"kind":"account","req":1,"name":"ada"}"#,
        r#"{"kind":"pairing_code","req":1,"code":"abcd2345","valid_secs":-1}"#,
        r#"{"kind":"stored"}"#,
        r#"{"kind":"moved","code":"x","ply":"a","mv":"b"}"#,
        r#"{"kind":"resigned","code":"x","seat":"both"}"#,
        r#"{"kind":"seeking","req":1}"#,
        r#"{"kind":"matched","id":1,"code":"x","seat":"left"}"#,
        r#"{"kind":"offered","code":"x","ply":1,"seat":"first","offer":"peace"}"#,
        r#"{"kind":"rating","req":1,"name":"ada","rating":{"rating":1500}}"#,
    ] {
        assert!(Reply::decode(text).is_err(), "{text}");
    }
}

#[test]
fn seats_read_and_name_themselves() {
    for s in Seat::BOTH {
        assert_eq!(Seat::parse(s.word()), Some(s));
        assert_eq!(s.other().other(), s);
    }
    assert_eq!(Seat::parse("black"), None);
}

#[test]
fn refused_names_say_the_names_own_sentence() {
    let text = r#"{"op":"choose_name","req":3,"name":"abcdefghijklmnopqrstuvw"}"#;
    let err = Request::decode(text).unwrap_err();
    assert_eq!(err, WireError::Name(crate::account::NameError::TooLong(23)));
    assert_eq!(err.to_string(), crate::account::NameError::TooLong(23).to_string());
}

#[test]
fn game_views_without_players_read_and_write_as_before() {
    let old = r#"{"kind":"watching","req":1,"game":{"code":"abcdefgh23","game":"conhex","options":[],"moves":[],"seats":[true,true]}}"#;
    let Ok(Reply::Watching { game, .. }) = Reply::decode(old) else {
        panic!("an old game view is read");
    };
    assert_eq!(game.players, [None, None]);
    assert!(!game.rated);
    let again = Reply::Watching { req: 1, game }.encode();
    assert!(!again.contains("players") && !again.contains("rated"), "{again}");
}

#[test]
fn ranges_sides_and_offers_read_their_words() {
    assert!(RatingRange { lo: 1400, hi: 1700 }.contains(1400));
    assert!(!RatingRange { lo: 1400, hi: 1700 }.contains(1701));
    for s in [SideChoice::First, SideChoice::Second, SideChoice::Random] {
        assert_eq!(SideChoice::parse(s.word()), Some(s));
    }
    assert_eq!(SideChoice::Random.seat(true), Seat::First);
    assert_eq!(SideChoice::Second.seat(true), Seat::Second);
    for k in [OfferKind::Draw, OfferKind::Takeback, OfferKind::Rematch] {
        assert_eq!(OfferKind::parse(k.word()), Some(k));
    }
    let bad = Request::decode(
        r#"{"op":"seek","req":1,"game":"konane","range":{"lo":1700,"hi":1400},"token":"0123456789abcdef0123456789abcdef"}"#,
    );
    assert_eq!(bad, Err(WireError::BadRange(1700, 1400)));
    assert!(bad.unwrap_err().to_string().contains("lower rating first"));
}

#[test]
fn paces_and_clocks_are_carried_and_old_messages_read_as_untimed() {
    let old = r#"{"op":"seek","req":1,"game":"konane","token":"0123456789abcdef0123456789abcdef"}"#;
    let Ok(Request::Seek { pace, .. }) = Request::decode(old) else {
        panic!("an old seek is read");
    };
    assert_eq!(pace, parlour_clock::Pace::Untimed);
    let timed = r#"{"op":"seek","req":1,"game":"konane","token":"0123456789abcdef0123456789abcdef","pace":{"live":{"limit_s":300,"increment_s":3}}}"#;
    let Ok(Request::Seek { pace, .. }) = Request::decode(timed) else {
        panic!("a timed seek is read");
    };
    assert_eq!(pace.to_string(), "5+3");
    let mv = r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":0,"mv":"a1","think_ms":1234}"#;
    assert!(matches!(
        Request::decode(mv),
        Ok(Request::Move {
            think_ms: Some(1234),
            ..
        })
    ));
    let refused = Request::decode(&mv.replace("\"think_ms\":1234", "\"think_ms\":-1")).expect_err("a negative time");
    assert!(refused.to_string().contains("negative"), "{refused}");
    let clock = parlour_clock::ClockView {
        remaining_ms: [1000, 2000],
        running: Some(parlour_rules::Player::P2),
        first_move_ms: None,
    };
    let moved = Reply::Moved {
        code: code(),
        ply: 3,
        mv: "a1".into(),
        clock: Some(clock),
    };
    assert_eq!(Reply::decode(&moved.encode()).unwrap(), moved);
    let untimed = Reply::Moved {
        code: code(),
        ply: 3,
        mv: "a1".into(),
        clock: None,
    }
    .encode();
    assert!(!untimed.contains("clock"), "{untimed}");
}

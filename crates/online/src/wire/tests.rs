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
        Reply::Watching { req: 2, game },
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
        },
        Reply::Moved {
            code: code(),
            ply: 1,
            mv: "f6".into(),
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
        r#"{"op":"resume","req":1,"code":"abcdefgh23","token":"0123456789ABCDEF0123456789ABCDEF"}"#,
        r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":-3,"mv":"a1"}"#,
        r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":0,"mv":""}"#,
        r#"{"op":"move","req":1,"code":"abcdefgh23","token":"0123456789abcdef0123456789abcdef","ply":0,"mv":"a 1"}"#,
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

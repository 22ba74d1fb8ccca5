//! Hostile input: malformed, oversized, out-of-turn, wrong-token and injection-shaped messages
//! sent raw over a WebSocket to a real server. Each gets an error reply with a sentence, and
//! the database holds exactly what it held before.

mod common;

use std::time::Duration;

use common::{Server, TempDir, cmd, connect, create, play_first, sqlite_url};
use futures_util::{SinkExt, StreamExt};
use parlour_online::wire::{MAX_MESSAGE_BYTES, Reply};
use parlour_server::store::Store;
use parlour_server::store::sqlite::SqliteStore;
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn reply(ws: &mut Ws) -> Option<Reply> {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.next()).await.ok()?? {
            Ok(Message::Text(t)) => return Some(Reply::decode(t.as_str()).expect("the server's reply reads")),
            Ok(Message::Ping(_) | Message::Pong(_)) => continue,
            _ => return None,
        }
    }
}

#[test]
fn hostile_messages_get_sentences_and_change_nothing() {
    let dir = TempDir::new("hostile");
    let db = sqlite_url(&dir.0);
    let server = Server::start("127.0.0.1:0", &db);
    // A game two moves in: black (A) to move.
    let mut a = connect(&server.url());
    let code = create(&mut a, "konane size=6x6");
    let mut b = connect(&server.url());
    cmd(&mut b, &format!("online join {code}")).unwrap();
    let ta = cmd(&mut a, "online token").unwrap();
    let tb = cmd(&mut b, "online token").unwrap();
    let first = play_first(&mut a, &mut b);
    let second = play_first(&mut b, &mut a);

    let wrong = "0123456789abcdef0123456789abcdef";
    let mv = |req: u32, token: &str, ply: &str, mv: &str| {
        format!(r#"{{"op":"move","req":{req},"code":"{code}","token":"{token}","ply":{ply},"mv":"{mv}"}}"#)
    };
    let long = "x".repeat(1000);
    let nested = format!("{}{}", "[".repeat(2000), "]".repeat(2000));
    let cases: Vec<(&str, Message)> = vec![
        ("empty", Message::text("")),
        ("not JSON", Message::text("hello server")),
        ("cut short", Message::text("{")),
        ("an array", Message::text("[]")),
        ("null", Message::text("null")),
        ("a number", Message::text("42")),
        ("unknown op", Message::text(r#"{"op":"fly","req":1}"#)),
        ("no fields", Message::text(r#"{"op":"join"}"#)),
        (
            "req not a number",
            Message::text(format!(r#"{{"op":"join","req":"x","code":"{code}"}}"#)),
        ),
        (
            "negative req",
            Message::text(format!(r#"{{"op":"join","req":-5,"code":"{code}"}}"#)),
        ),
        (
            "huge req",
            Message::text(format!(r#"{{"op":"join","req":1e30,"code":"{code}"}}"#)),
        ),
        ("short code", Message::text(r#"{"op":"join","req":1,"code":"abc"}"#)),
        (
            "upper-case code",
            Message::text(format!(r#"{{"op":"join","req":1,"code":"{}"}}"#, code.to_uppercase())),
        ),
        (
            "accented code",
            Message::text(r#"{"op":"join","req":1,"code":"abcdéfgh2"}"#),
        ),
        (
            "injection as code",
            Message::text(r#"{"op":"watch","req":1,"code":"x'); DROP TABLE games;--"}"#),
        ),
        (
            "unknown code",
            Message::text(r#"{"op":"join","req":1,"code":"zzzzzzzzzz"}"#),
        ),
        (
            "seats taken",
            Message::text(format!(r#"{{"op":"join","req":1,"code":"{code}"}}"#)),
        ),
        (
            "watch unknown",
            Message::text(r#"{"op":"watch","req":1,"code":"2222222222"}"#),
        ),
        (
            "token not hex",
            Message::text(format!(r#"{{"op":"resume","req":1,"code":"{code}","token":"nothex"}}"#)),
        ),
        (
            "wrong token resume",
            Message::text(format!(
                r#"{{"op":"resume","req":1,"code":"{code}","token":"{wrong}"}}"#
            )),
        ),
        ("wrong token move", Message::text(mv(1, wrong, "2", &first))),
        (
            "wrong token resign",
            Message::text(format!(
                r#"{{"op":"resign","req":1,"code":"{code}","token":"{wrong}"}}"#
            )),
        ),
        (
            "resign unknown game",
            Message::text(format!(
                r#"{{"op":"resign","req":1,"code":"zzzzzzzzzz","token":"{ta}"}}"#
            )),
        ),
        (
            "resign without token",
            Message::text(format!(r#"{{"op":"resign","req":1,"code":"{code}"}}"#)),
        ),
        ("out of turn", Message::text(mv(1, &tb, "2", &first))),
        ("illegal move", Message::text(mv(1, &ta, "2", "zz99"))),
        (
            "injection as move",
            Message::text(mv(1, &ta, "2", "a1');DROP-TABLE-moves;--")),
        ),
        ("ply ahead", Message::text(mv(1, &ta, "9", &first))),
        ("ply taken by another move", Message::text(mv(1, &ta, "0", "a1"))),
        ("the other seat's stored move", Message::text(mv(1, &ta, "1", &second))),
        ("negative ply", Message::text(mv(1, &ta, "-1", &first))),
        ("ply not a number", Message::text(mv(1, &ta, "\"two\"", &first))),
        ("move with a space", Message::text(mv(1, &ta, "2", "a 1"))),
        ("empty move", Message::text(mv(1, &ta, "2", ""))),
        ("long move", Message::text(mv(1, &ta, "2", &long))),
        ("unknown game", Message::text(r#"{"op":"new","req":1,"game":"chess"}"#)),
        (
            "unknown option",
            Message::text(r#"{"op":"new","req":1,"game":"konane","options":[["colour","red"]]}"#),
        ),
        (
            "bad option value",
            Message::text(r#"{"op":"new","req":1,"game":"konane","options":[["size","99x99"]]}"#),
        ),
        (
            "refused rule switches",
            Message::text(
                r#"{"op":"new","req":1,"game":"soldiers","options":[["variant","monk"],["first","soldiers"]]}"#,
            ),
        ),
        (
            "seat that is not one",
            Message::text(r#"{"op":"new","req":1,"game":"konane","seat":"third"}"#),
        ),
        (
            "too many options",
            Message::text(format!(
                r#"{{"op":"new","req":1,"game":"konane","options":[{}]}}"#,
                (0..17)
                    .map(|i| format!(r#"["k{i}","v"]"#))
                    .collect::<Vec<_>>()
                    .join(",")
            )),
        ),
        (
            "over-long message",
            Message::text(format!(
                r#"{{"op":"join","req":1,"code":"{}"}}"#,
                "a".repeat(MAX_MESSAGE_BYTES)
            )),
        ),
        ("deep nesting", Message::text(nested)),
        ("binary frame", Message::binary(vec![0u8, 159, 146, 150])),
    ];
    assert!(cases.len() >= 30);

    let runtime = tokio::runtime::Runtime::new().unwrap();
    runtime.block_on(async {
        let reader = SqliteStore::open(&db).await.unwrap();
        let before = reader.all().await.unwrap();
        assert_eq!(before.len(), 1);
        assert_eq!(before[0].moves.len(), 2);
        let (mut ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", server.addr))
            .await
            .unwrap();
        for (name, message) in cases {
            ws.send(message).await.unwrap();
            match reply(&mut ws).await {
                Some(Reply::Error { message, .. }) => {
                    assert!(message.len() >= 20 && message.contains(' '), "{name}: {message:?}");
                }
                other => panic!("{name}: expected an error, got {other:?}"),
            }
            // Pace the cases under the rate limit.
            tokio::time::sleep(Duration::from_millis(60)).await;
        }
        // A flood: the first BURST are read, the rest refused for rate, each answered.
        for i in 0..100 {
            ws.send(Message::text(format!(
                r#"{{"op":"watch","req":{i},"code":"2222222222"}}"#
            )))
            .await
            .unwrap();
        }
        let mut rate = 0;
        for _ in 0..100 {
            if let Some(Reply::Error { message, .. }) = reply(&mut ws).await {
                rate += usize::from(message.starts_with("too many requests"));
            }
        }
        assert!(rate >= 40, "{rate} refused for rate");
        // A frame past the WebSocket layer's limit ends that connection; the server goes on.
        ws.send(Message::text("y".repeat(64 * 1024))).await.unwrap();
        assert!(reply(&mut ws).await.is_none());
        // The flood spent this address's tries at unknown invite codes (tests/limits.rs); a
        // player from another address watches as ever.
        let mut ws2 = parlour_server::load::connect_from(
            &format!("ws://{}/ws", server.addr),
            std::net::Ipv4Addr::new(127, 0, 0, 2),
        )
        .await
        .unwrap();
        ws2.send(Message::text(format!(r#"{{"op":"watch","req":7,"code":"{code}"}}"#)))
            .await
            .unwrap();
        match reply(&mut ws2).await {
            Some(Reply::Watching { req: 7, game }) => assert_eq!(game.moves, before[0].moves),
            other => panic!("watching after the abuse: {other:?}"),
        }
        let after = reader.all().await.unwrap();
        assert_eq!(after, before, "nothing changed in the database");
    });
}

/// `GET path` with `headers`: the status code.
fn get_status(addr: &str, path: &str, headers: &str) -> u16 {
    use std::io::{Read, Write};
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(10))).unwrap();
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\n{headers}Connection: close\r\n\r\n"
    )
    .unwrap();
    let mut text = String::new();
    let _ = s.read_to_string(&mut text);
    text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0)
}

#[test]
fn the_web_folder_serves_no_dotfiles_and_nothing_outside_it() {
    let dir = TempDir::new("webdir");
    let web = dir.0.join("web");
    std::fs::create_dir_all(web.join("assets")).unwrap();
    std::fs::write(web.join("index.html"), "<html>parlour</html>").unwrap();
    std::fs::write(web.join("assets/app.js"), "// app").unwrap();
    std::fs::write(web.join(".env"), "SECRET=1").unwrap();
    std::fs::create_dir_all(web.join(".git")).unwrap();
    std::fs::write(web.join(".git/config"), "[core]").unwrap();
    std::fs::write(dir.0.join("outside.txt"), "not for the web").unwrap();
    std::os::unix::fs::symlink(dir.0.join("outside.txt"), web.join("link.txt")).unwrap();
    std::os::unix::fs::symlink(&dir.0, web.join("up")).unwrap();
    let db = sqlite_url(&dir.0);
    let server = Server::start_with("127.0.0.1:0", &db, &["--web", web.to_str().unwrap()]);
    let addr = &server.addr;
    assert_eq!(get_status(addr, "/", ""), 200);
    assert_eq!(get_status(addr, "/assets/app.js", ""), 200);
    assert_eq!(get_status(addr, "/g/abcdefgh23", ""), 200);
    for path in [
        "/.env",
        "/.git/config",
        "/%2eenv",
        "/assets/../.env",
        "/link.txt",
        "/up/outside.txt",
        "/up/games.sqlite3",
    ] {
        assert_eq!(get_status(addr, path, ""), 404, "{path}");
    }
}

#[tokio::test]
async fn pages_of_other_sites_cannot_open_games() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let dir = TempDir::new("origin");
    let db = sqlite_url(&dir.0);
    let server = Server::start_with("127.0.0.1:0", &db, &["--allow-origin", "https://parlour.example"]);
    let url = format!("ws://{}/ws", server.addr);
    let open = |origin: Option<String>| {
        let mut req = url.as_str().into_client_request().unwrap();
        if let Some(o) = origin {
            req.headers_mut().insert("Origin", o.parse().unwrap());
        }
        tokio_tungstenite::connect_async(req)
    };
    // No origin (the engine, the desktop client), the server's own page, an allowed page.
    assert!(open(None).await.is_ok());
    assert!(open(Some(format!("http://{}", server.addr))).await.is_ok());
    assert!(open(Some("https://parlour.example".into())).await.is_ok());
    // Another site's page: refused before any game is touched.
    for evil in ["http://evil.example", "https://parlour.example.evil.net", "null"] {
        match open(Some(evil.into())).await {
            Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403, "{evil}"),
            other => panic!("{evil}: {other:?}"),
        }
    }
}

#[tokio::test]
async fn a_silent_connection_is_closed_and_a_live_one_is_kept() {
    let dir = TempDir::new("idle");
    let db = sqlite_url(&dir.0);
    let server = Server::start_with("127.0.0.1:0", &db, &["--idle-timeout", "1.5"]);
    let url = format!("ws://{}/ws", server.addr);
    let (mut silent, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    let (mut live, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    // The live client reads (its WebSocket layer answers the server's pings) for 4 s; the silent
    // one holds its socket and reads nothing.
    let started = std::time::Instant::now();
    while started.elapsed() < Duration::from_secs(4) {
        if let Ok(Some(frame)) = tokio::time::timeout(Duration::from_millis(200), live.next()).await {
            assert!(matches!(frame, Ok(Message::Ping(_))), "{frame:?}");
        }
    }
    live.send(Message::text(r#"{"op":"watch","req":1,"code":"abcdefgh23"}"#))
        .await
        .unwrap();
    let answer = reply(&mut live).await.expect("the live connection still answers");
    assert!(matches!(answer, Reply::Error { req: Some(1), .. }), "{answer:?}");
    // The silent one was sent pings, then a close frame saying why, and the socket is gone
    // (reading now may first fail to answer the pings it missed: the server has hung up).
    let mut closed = false;
    while let Ok(Some(frame)) = tokio::time::timeout(Duration::from_secs(2), silent.next()).await {
        match frame {
            Ok(Message::Close(c)) => {
                assert_eq!(c.map(|c| c.reason.to_string()).as_deref(), Some("idle"));
                closed = true;
                break;
            }
            Ok(Message::Ping(_)) => continue,
            Err(
                tokio_tungstenite::tungstenite::Error::Io(_) | tokio_tungstenite::tungstenite::Error::ConnectionClosed,
            ) => {
                closed = true;
                break;
            }
            other => panic!("{other:?}"),
        }
    }
    assert!(closed, "the silent connection was closed");
    assert!(
        silent.send(Message::text("{}")).await.is_err() || silent.next().await.is_none_or(|f| f.is_err()),
        "nothing more goes through it"
    );
}

#[tokio::test]
async fn a_stopping_server_says_so_in_a_close_frame() {
    let dir = TempDir::new("sigterm");
    let db = sqlite_url(&dir.0);
    let mut server = Server::start("127.0.0.1:0", &db);
    let url = format!("ws://{}/ws", server.addr);
    let (mut ws, _) = tokio_tungstenite::connect_async(&url).await.unwrap();
    ws.send(Message::text(r#"{"op":"watch","req":1,"code":"abcdefgh23"}"#))
        .await
        .unwrap();
    assert!(reply(&mut ws).await.is_some());
    server.terminate();
    let frame = loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
            Ok(Some(Ok(Message::Ping(_)))) => continue,
            other => break other,
        }
    };
    match frame {
        Ok(Some(Ok(Message::Close(Some(c))))) => {
            assert_eq!(u16::from(c.code), 1012, "{c:?}");
            assert!(c.reason.contains("stopping"), "{c:?}");
        }
        other => panic!("expected a close frame, got {other:?}"),
    }
    // And the process ends by itself, successfully.
    let status = tokio::task::spawn_blocking(move || server.child.wait())
        .await
        .unwrap()
        .unwrap();
    assert!(status.success(), "{status:?}");
}

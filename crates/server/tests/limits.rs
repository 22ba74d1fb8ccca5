//! The server's limits against a real process on loopback: connections in all and per address
//! (several loopback addresses stand for several machines), connections that never finish
//! their request headers (slowloris), and invite codes guessed over many connections.

mod common;

use std::net::Ipv4Addr;
use std::time::{Duration, Instant};

use common::{Server, TempDir, sqlite_url};
use futures_util::{SinkExt, StreamExt};
use parlour_online::wire::{CODE_ALPHABET, Reply};
use parlour_server::load::connect_from;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio_tungstenite::tungstenite::Message;

fn address(last: u8) -> Ipv4Addr {
    Ipv4Addr::new(127, 0, 0, last)
}

/// A bare TCP connection to the server from `from`.
async fn tcp_from(server: &Server, from: Ipv4Addr) -> tokio::net::TcpStream {
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind((from, 0).into()).unwrap();
    socket.connect(server.addr.parse().unwrap()).await.unwrap()
}

/// What a connection is answered before the server closes it (or within `wait`).
async fn read_all(stream: &mut tokio::net::TcpStream, wait: Duration) -> (String, bool) {
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    let until = Instant::now() + wait;
    loop {
        match tokio::time::timeout_at(until.into(), stream.read(&mut buf)).await {
            Ok(Ok(0)) | Ok(Err(_)) => return (String::from_utf8_lossy(&got).into_owned(), true),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
            Err(_) => return (String::from_utf8_lossy(&got).into_owned(), false),
        }
    }
}

#[tokio::test]
async fn connections_are_limited_per_address_and_in_all() {
    let dir = TempDir::new("limits-conn");
    let server = Server::start_with(
        "127.0.0.1:0",
        &sqlite_url(&dir.0),
        &["--per-address", "3", "--max-connections", "5"],
    );
    let url = format!("ws://{}/ws", server.addr);
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(
            connect_from(&url, address(2))
                .await
                .expect("within the address's limit"),
        );
    }
    // A fourth from the same address is answered 503 and closed, with the reason (a client
    // that wrote its request first may see only the reset).
    connect_from(&url, address(2))
        .await
        .expect_err("over the address's limit");
    let mut raw = tcp_from(&server, address(2)).await;
    let (text, closed) = read_all(&mut raw, Duration::from_secs(5)).await;
    assert!(closed && text.starts_with("HTTP/1.1 503"), "{text:?}");
    assert!(text.contains("your address holds its most connections (3)"), "{text}");
    // Other addresses still get in, up to the server's total of five.
    held.push(connect_from(&url, address(3)).await.expect("another address"));
    held.push(connect_from(&url, address(4)).await.expect("a third address"));
    let mut raw = tcp_from(&server, address(5)).await;
    let (text, _) = read_all(&mut raw, Duration::from_secs(5)).await;
    assert!(text.contains("the server holds its most connections (5)"), "{text}");
    // A connection given back is a place for the next (the server counts the close).
    let mut first = held.remove(0);
    first.close(None).await.unwrap();
    while first.next().await.is_some() {}
    drop(first);
    let started = Instant::now();
    loop {
        match connect_from(&url, address(2)).await {
            Ok(ws) => break held.push(ws),
            Err(_) if started.elapsed() < Duration::from_secs(5) => {
                tokio::time::sleep(Duration::from_millis(50)).await;
            }
            Err(e) => panic!("the freed place was not given back: {e}"),
        }
    }
    // The connections held still play: one asks about a code and is answered.
    let ws = &mut held[0];
    ws.send(Message::text(r#"{"op":"watch","req":7,"code":"abcdefgh23"}"#))
        .await
        .unwrap();
    let answer = loop {
        match ws.next().await {
            Some(Ok(Message::Text(t))) => break Reply::decode(t.as_str()).unwrap(),
            Some(Ok(_)) => continue,
            other => panic!("{other:?}"),
        }
    };
    assert!(matches!(answer, Reply::Error { req: Some(7), .. }), "{answer:?}");
}

#[tokio::test]
async fn a_connection_that_never_finishes_its_headers_is_closed() {
    let dir = TempDir::new("limits-slow");
    let server = Server::start_with(
        "127.0.0.1:0",
        &sqlite_url(&dir.0),
        &["--header-timeout", "1", "--per-address", "4"],
    );
    // Slowloris: a request line and then a header a byte at a time, never the blank line.
    let mut slow = tcp_from(&server, address(6)).await;
    slow.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n").await.unwrap();
    let started = Instant::now();
    let dribble = async {
        for b in b"X-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa" {
            if slow.write_all(&[*b]).await.is_err() {
                return;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
    };
    dribble.await;
    let (_, closed) = read_all(&mut slow, Duration::from_secs(5)).await;
    let took = started.elapsed();
    assert!(closed, "the slow connection was closed");
    assert!(
        took < Duration::from_secs(6),
        "closed after about the header timeout, not {took:?}"
    );
    // Silent from the start: closed too.
    let mut silent = tcp_from(&server, address(6)).await;
    let (_, closed) = read_all(&mut silent, Duration::from_secs(5)).await;
    assert!(closed, "a connection that sends nothing is closed");
    // A whole request in time is served, and a WebSocket lives past the header timeout.
    let mut good = tcp_from(&server, address(6)).await;
    good.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n")
        .await
        .unwrap();
    let (text, _) = read_all(&mut good, Duration::from_secs(5)).await;
    assert!(text.starts_with("HTTP/1.1 200"), "{text:?}");
    let mut ws = connect_from(&format!("ws://{}/ws", server.addr), address(6))
        .await
        .unwrap();
    tokio::time::sleep(Duration::from_millis(2500)).await;
    ws.send(Message::text(r#"{"op":"watch","req":1,"code":"abcdefgh23"}"#))
        .await
        .expect("the WebSocket is still open after the header timeout");
    let answered = loop {
        match tokio::time::timeout(Duration::from_secs(5), ws.next()).await {
            Ok(Some(Ok(Message::Text(_)))) => break true,
            Ok(Some(Ok(_))) => continue,
            _ => break false,
        }
    };
    assert!(answered);
}

#[tokio::test]
async fn invite_codes_cannot_be_guessed_by_spreading_over_connections() {
    let dir = TempDir::new("limits-codes");
    let server = Server::start_with("127.0.0.1:0", &sqlite_url(&dir.0), &[]);
    let url = format!("ws://{}/ws", server.addr);
    // A real game, made from another address.
    let mut owner = connect_from(&url, address(9)).await.unwrap();
    owner
        .send(Message::text(r#"{"op":"new","req":1,"game":"konane"}"#))
        .await
        .unwrap();
    let code = loop {
        if let Some(Ok(Message::Text(t))) = owner.next().await
            && let Ok(Reply::Seated { game, .. }) = Reply::decode(t.as_str())
        {
            break game.code;
        }
    };
    // The guesser spreads its guesses over four connections from one address.
    let mut guessers = Vec::new();
    for _ in 0..4 {
        guessers.push(connect_from(&url, address(8)).await.unwrap());
    }
    let mut unknown = 0;
    let mut stopped = 0;
    for i in 0..60u64 {
        let ws = &mut guessers[i as usize % 4];
        let guess: String = format!("{:0>10}", i)
            .chars()
            .map(|c| CODE_ALPHABET[c.to_digit(10).unwrap() as usize] as char)
            .collect();
        ws.send(Message::text(format!(r#"{{"op":"watch","req":{i},"code":"{guess}"}}"#)))
            .await
            .unwrap();
        let text = loop {
            match ws.next().await {
                Some(Ok(Message::Text(t))) => break t.to_string(),
                Some(Ok(_)) => continue,
                other => panic!("{other:?}"),
            }
        };
        match Reply::decode(&text).unwrap() {
            Reply::Error { message, .. } if message.starts_with("there is no game") => unknown += 1,
            Reply::Error { message, .. } if message.contains("too many unknown invite codes") => stopped += 1,
            other => panic!("{other:?}"),
        }
    }
    assert_eq!(
        (unknown, stopped),
        (20, 40),
        "twenty unknown codes a minute from one address"
    );
    // Another address watches the real game as ever.
    let mut friend = connect_from(&url, address(10)).await.unwrap();
    friend
        .send(Message::text(format!(r#"{{"op":"watch","req":1,"code":"{code}"}}"#)))
        .await
        .unwrap();
    let watching = loop {
        if let Some(Ok(Message::Text(t))) = friend.next().await {
            break Reply::decode(t.as_str()).unwrap();
        }
    };
    assert!(matches!(watching, Reply::Watching { .. }), "{watching:?}");
}

#[tokio::test]
async fn one_address_makes_at_most_thirty_games_a_minute() {
    let dir = TempDir::new("limits-new");
    let server = Server::start_with("127.0.0.1:0", &sqlite_url(&dir.0), &[]);
    let url = format!("ws://{}/ws", server.addr);
    let mut spammer = connect_from(&url, address(11)).await.unwrap();
    let (mut made, mut refused) = (0, 0);
    for req in 0..36 {
        spammer
            .send(Message::text(format!(r#"{{"op":"new","req":{req},"game":"konane"}}"#)))
            .await
            .unwrap();
        let reply = loop {
            if let Some(Ok(Message::Text(t))) = spammer.next().await {
                break Reply::decode(t.as_str()).unwrap();
            }
        };
        match reply {
            Reply::Seated { .. } => made += 1,
            Reply::Error { message, .. } if message.starts_with("too many new games from your address") => refused += 1,
            other => panic!("{other:?}"),
        }
        // Under the connection's own rate limit.
        tokio::time::sleep(Duration::from_millis(60)).await;
    }
    // Thirty at once, and one more every two seconds (the test takes about two).
    assert!(
        (30..=32).contains(&made) && made + refused == 36,
        "{made} made, {refused} refused"
    );
    // Another address is not held back.
    let mut other = connect_from(&url, address(12)).await.unwrap();
    other
        .send(Message::text(r#"{"op":"new","req":1,"game":"conhex"}"#))
        .await
        .unwrap();
    let reply = loop {
        if let Some(Ok(Message::Text(t))) = other.next().await {
            break Reply::decode(t.as_str()).unwrap();
        }
    };
    assert!(matches!(reply, Reply::Seated { .. }), "{reply:?}");
}

#[tokio::test]
async fn a_keep_alive_connection_left_silent_is_closed() {
    let dir = TempDir::new("limits-keepalive");
    let server = Server::start_with(
        "127.0.0.1:0",
        &sqlite_url(&dir.0),
        &[
            "--keepalive-timeout",
            "1",
            "--idle-timeout",
            "1",
            "--header-timeout",
            "1",
        ],
    );
    let mut http = tcp_from(&server, address(9)).await;
    let started = Instant::now();
    http.write_all(b"GET /health HTTP/1.1\r\nHost: parlour\r\n\r\n")
        .await
        .unwrap();
    let (answer, closed) = read_all(&mut http, Duration::from_secs(8)).await;
    assert!(answer.starts_with("HTTP/1.1 200"), "{answer}");
    assert!(closed, "still open after 8 s: {answer}");
    let took = started.elapsed();
    assert!(took < Duration::from_secs(5), "closed after {took:?}, not about 1 s");
}

#[test]
fn limits_given_wrong_are_refused_before_the_server_starts() {
    for (args, says) in [
        (&["--per-address", "0"][..], "invalid value '0' for '--per-address <N>'"),
        (
            &["--max-connections", "lots"],
            "invalid value 'lots' for '--max-connections <N>'",
        ),
        (&["--header-timeout", "0"], "give a number of seconds from 0.1 to 3600"),
        (&["--codes-per-minute", "0.5"], "give a number, at least 1"),
        (
            &["--keepalive-timeout", "0"],
            "give a number of seconds from 1 to 86400",
        ),
        (
            &["--forget-every", "0.01"],
            "give a number of seconds from 0.1 to 86400",
        ),
        (
            &["--per-adress", "3"],
            "tip: a similar argument exists: '--per-address'",
        ),
    ] {
        let out = std::process::Command::new(env!("CARGO_BIN_EXE_parlour-server"))
            .args(args)
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(err.contains(says), "{args:?}: {err}");
        assert!(out.stdout.is_empty(), "nothing started: {args:?}");
    }
}

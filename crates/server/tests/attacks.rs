//! The attacks that got through the limits once (issue 74, item 8), each against a real server
//! process on loopback: invite codes guessed from rotating addresses, a guesser on a player's
//! address freezing their moves, idle WebSockets holding every slot, a page of another name
//! pointed at the server (DNS rebinding), clients behind a proxy, and a half-sent request
//! holding up a stop.

mod common;

use std::net::Ipv4Addr;
use std::time::{Duration, Instant};

use common::{Server, TempDir, cmd, connect, create, play_first, sqlite_url};
use futures_util::StreamExt;
use parlour_online::wire::{CODE_ALPHABET, Reply, Request};
use parlour_server::load::{Ws, connect_forwarded, connect_from, send};
use tokio_tungstenite::tungstenite::Message;

/// The `i`th made-up invite code.
fn made_up(i: u64) -> String {
    format!("{:0>10}", i)
        .chars()
        .map(|c| CODE_ALPHABET[c.to_digit(10).unwrap() as usize] as char)
        .collect()
}

/// Sends `r` and returns the next reply (pushes and pings skipped).
async fn ask(ws: &mut Ws, r: Request) -> Reply {
    send(ws, &r).await.unwrap();
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
            Ok(Some(Ok(Message::Text(t)))) => {
                let reply = Reply::decode(t.as_str()).unwrap();
                if !matches!(reply, Reply::Moved { .. } | Reply::Joined { .. }) {
                    return reply;
                }
            }
            Ok(Some(Ok(_))) => continue,
            other => panic!("no reply: {other:?}"),
        }
    }
}

fn watch(i: u64) -> Request {
    Request::Watch {
        req: i,
        code: made_up(i),
    }
}

/// What a guess got: `Some(true)` "there is no game", `Some(false)` refused for codes.
fn guessed(reply: &Reply) -> Option<bool> {
    match reply {
        Reply::Error { message, .. } if message.starts_with("there is no game") => Some(true),
        Reply::Error { message, .. } if message.starts_with("too many unknown invite codes") => Some(false),
        _ => None,
    }
}

fn ws_url(server: &Server) -> String {
    format!("ws://{}/ws", server.addr)
}

#[tokio::test]
async fn rotating_addresses_get_no_fresh_guesses() {
    let dir = TempDir::new("attack-rotate");
    // Allowances kept for 8 clients (16,384 by default), so a few addresses fill the table.
    let server = Server::start_with("127.0.0.1:0", &sqlite_url(&dir.0), &["--remembered", "8"]);
    let url = ws_url(&server);
    let mut answered = 0;
    for k in 0..40u8 {
        let mut ws = connect_from(&url, Ipv4Addr::new(127, 0, 6, k + 1)).await.unwrap();
        for i in 0..25 {
            let reply = ask(&mut ws, watch(u64::from(k) * 100 + i)).await;
            // Refused for codes, or (once the table is full) for requests: the newcomers share
            // one allowance of those too.
            answered += usize::from(guessed(&reply) == Some(true));
        }
    }
    // Eight addresses' twenty and the twenty everyone else shares; before, every new address
    // brought twenty more (800 here) and the table was emptied at 16,384 addresses.
    assert!((160..=180).contains(&answered), "{answered} of 1,000 guesses answered");
}

#[test]
fn a_guesser_on_the_players_address_never_stops_their_game() {
    let dir = TempDir::new("attack-moves");
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    let url = ws_url(&server);
    let runtime = tokio::runtime::Runtime::new().unwrap();
    // A game over the wire (its token kept) and one between two engine sessions, all from
    // 127.0.0.1 as players behind one proxy or one NAT are.
    let (code, token) = runtime.block_on(async {
        let mut owner = connect_from(&url, Ipv4Addr::LOCALHOST).await.unwrap();
        let new = Request::New {
            req: 1,
            game: "konane".into(),
            options: vec![],
            seat: parlour_online::wire::Seat::First,
            token: None,
        };
        match ask(&mut owner, new).await {
            Reply::Seated { token, game, .. } => (game.code, token),
            other => panic!("{other:?}"),
        }
    });
    let mut a = connect(&server.url());
    let engine_code = create(&mut a, "konane side=first");
    let mut b = connect(&server.url());
    cmd(&mut b, &format!("online join {engine_code}")).unwrap();
    // The guesser on the same address spends the address's unknown codes, by watching and by
    // moving in games that are not there.
    runtime.block_on(async {
        let mut guesser = connect_from(&url, Ipv4Addr::LOCALHOST).await.unwrap();
        let mut refused = 0;
        for i in 0..30 {
            refused += usize::from(guessed(&ask(&mut guesser, watch(i)).await) == Some(false));
        }
        assert_eq!(refused, 10, "twenty unknown codes a minute");
        let mv = Request::Move {
            req: 99,
            code: made_up(99),
            token: token.clone(),
            ply: 0,
            mv: "d4".into(),
            think_ms: None,
        };
        assert_eq!(
            guessed(&ask(&mut guesser, mv).await),
            Some(false),
            "a move is no way around it"
        );
        let join = Request::Join {
            req: 100,
            code: code.clone(),
            token: None,
        };
        assert_eq!(guessed(&ask(&mut guesser, join).await), Some(false), "nor a real code");
    });
    // A player signed in on that address has an allowance of its own.
    runtime.block_on(async {
        let mut player = connect_from(&url, Ipv4Addr::LOCALHOST).await.unwrap();
        let secret = "ab".repeat(parlour_online::account::SECRET_HEX_LEN / 2);
        let signed = ask(
            &mut player,
            Request::AccountNew {
                req: 1,
                secret,
                name: None,
            },
        )
        .await;
        assert!(matches!(signed, Reply::Account { .. }), "{signed:?}");
        assert_eq!(guessed(&ask(&mut player, watch(2)).await), Some(true));
    });
    // The players' moves go through, ten of ten (before: refused ten of ten).
    for _ in 0..5 {
        play_first(&mut a, &mut b);
        play_first(&mut b, &mut a);
    }
    // And a player who reconnects takes their seat back with its token.
    runtime.block_on(async {
        let mut back = connect_from(&url, Ipv4Addr::LOCALHOST).await.unwrap();
        let reply = ask(&mut back, Request::Resume { req: 1, code, token }).await;
        assert!(matches!(reply, Reply::Seated { .. }), "{reply:?}");
    });
}

#[tokio::test]
async fn idle_websockets_holding_every_slot_make_room_for_a_player() {
    let dir = TempDir::new("attack-idle");
    let server = Server::start_with(
        "127.0.0.1:0",
        &sqlite_url(&dir.0),
        &["--max-connections", "4", "--evict-idle-after", "0.5"],
    );
    let url = ws_url(&server);
    let mut held = Vec::new();
    for k in 0..4u8 {
        held.push(connect_from(&url, Ipv4Addr::new(127, 0, 7, k + 1)).await.unwrap());
    }
    // All four have just spoken (their upgrade): a fifth is refused, as before.
    assert!(connect_from(&url, Ipv4Addr::new(127, 0, 7, 9)).await.is_err());
    // Once they have been quiet past the threshold (answering pings or not), a player gets
    // in and the one quiet longest is closed.
    tokio::time::sleep(Duration::from_millis(700)).await;
    for ws in &mut held[1..] {
        assert!(guessed(&ask(ws, watch(1)).await).is_some(), "the others speak");
    }
    let mut player = connect_from(&url, Ipv4Addr::new(127, 0, 7, 10))
        .await
        .expect("a player gets a slot");
    assert_eq!(guessed(&ask(&mut player, watch(2)).await), Some(true));
    let closed = tokio::time::timeout(Duration::from_secs(5), held[0].next())
        .await
        .unwrap();
    assert!(
        matches!(closed, None | Some(Err(_)) | Some(Ok(Message::Close(_)))),
        "the quietest was closed: {closed:?}"
    );
    for ws in &mut held[1..] {
        assert!(guessed(&ask(ws, watch(3)).await).is_some(), "the others are kept");
    }
}

#[tokio::test]
async fn a_page_of_another_name_pointed_at_the_server_cannot_open_games() {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let dir = TempDir::new("attack-rebind");
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    let port = server.addr.rsplit(':').next().unwrap().to_string();
    let open = |origin: String, host: String| {
        let mut req = ws_url(&server).into_client_request().unwrap();
        req.headers_mut().insert("Origin", origin.parse().unwrap());
        req.headers_mut().insert("Host", host.parse().unwrap());
        tokio_tungstenite::connect_async(req)
    };
    // evil.example's name now leads to 127.0.0.1: its page's origin and the Host agree.
    let evil = format!("evil.example:{port}");
    match open(format!("http://{evil}"), evil).await {
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => assert_eq!(r.status(), 403),
        other => panic!("a rebound page was let in: {other:?}"),
    }
    // The server's own pages (served with --web at its own address) still open games.
    for own in [server.addr.clone(), format!("localhost:{port}")] {
        assert!(open(format!("http://{own}"), own.clone()).await.is_ok(), "{own}");
    }
}

/// A WebSocket to the server from `from` saying it is forwarded for `client`.
async fn forwarded(server: &Server, from: Ipv4Addr, client: &str) -> Ws {
    connect_forwarded(&ws_url(server), from, Some(client)).await.unwrap()
}

#[tokio::test]
async fn behind_a_trusted_proxy_each_client_has_its_own_allowance() {
    let dir = TempDir::new("attack-proxy");
    let server = Server::start_with(
        "127.0.0.1:0",
        &sqlite_url(&dir.0),
        &["--trusted-proxy", "127.0.8.0/24", "--per-address", "2"],
    );
    let proxy = Ipv4Addr::new(127, 0, 8, 1);
    // Through the proxy: the guesser (whatever it writes itself, left of what the proxy adds)
    // spends its own allowance, not the other players'.
    let mut guesser = forwarded(&server, proxy, "198.51.100.1, 203.0.113.1").await;
    for i in 0..20 {
        assert_eq!(guessed(&ask(&mut guesser, watch(i)).await), Some(true));
    }
    assert_eq!(guessed(&ask(&mut guesser, watch(20)).await), Some(false));
    let mut player = forwarded(&server, proxy, "203.0.113.2").await;
    assert_eq!(
        guessed(&ask(&mut player, watch(21)).await),
        Some(true),
        "another client"
    );
    // The proxy holds more connections than --per-address: it speaks for many.
    let _third = forwarded(&server, proxy, "203.0.113.3").await;
    // From a peer not trusted the header is the client's own word, and ignored: two
    // connections naming two clients share one address's twenty.
    let untrusted = Ipv4Addr::new(127, 0, 9, 1);
    let mut one = forwarded(&server, untrusted, "203.0.114.1").await;
    let mut two = forwarded(&server, untrusted, "203.0.114.2").await;
    for i in 0..10 {
        assert_eq!(guessed(&ask(&mut one, watch(100 + i)).await), Some(true));
        assert_eq!(guessed(&ask(&mut two, watch(200 + i)).await), Some(true));
    }
    assert_eq!(guessed(&ask(&mut two, watch(300)).await), Some(false));
}

#[test]
fn a_half_sent_request_does_not_hold_up_a_stop() {
    use std::io::Write;
    let dir = TempDir::new("attack-stop");
    let mut server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    // Half a request's headers, never finished; and a keep-alive connection half-way through
    // its second request.
    let mut half = std::net::TcpStream::connect(&server.addr).unwrap();
    half.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n").unwrap();
    let mut second = std::net::TcpStream::connect(&server.addr).unwrap();
    second
        .write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n\r\nGET /health HTTP/1.1\r\n")
        .unwrap();
    std::thread::sleep(Duration::from_millis(300));
    let asked = Instant::now();
    server.terminate();
    let status = server.child.wait().unwrap();
    let took = asked.elapsed();
    assert!(status.success(), "{status:?}");
    // Before: the header timeout (10 s) passed first.
    assert!(took < Duration::from_millis(2500), "stopped after {took:?}");
}

/// A WebSocket to the server from `from` that starts with the PROXY protocol `header`.
async fn proxied(server: &Server, from: Ipv4Addr, header: &[u8]) -> Ws {
    use tokio::io::AsyncWriteExt;
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind((from, 0).into()).unwrap();
    let mut stream = socket.connect(server.addr.parse().unwrap()).await.unwrap();
    stream.write_all(header).await.unwrap();
    let plain = tokio_tungstenite::MaybeTlsStream::Plain(stream);
    tokio_tungstenite::client_async(ws_url(server), plain).await.unwrap().0
}

#[tokio::test]
async fn behind_a_proxy_speaking_the_proxy_protocol_each_client_has_its_own_allowance() {
    let dir = TempDir::new("attack-proxy-protocol");
    let server = Server::start_with(
        "127.0.0.1:0",
        &sqlite_url(&dir.0),
        &["--trusted-proxy", "127.0.8.0/24", "--proxy-protocol"],
    );
    let proxy = Ipv4Addr::new(127, 0, 8, 1);
    let mut guesser = proxied(&server, proxy, b"PROXY TCP4 203.0.113.1 127.0.0.1 40000 7878\r\n").await;
    for i in 0..20 {
        assert_eq!(guessed(&ask(&mut guesser, watch(i)).await), Some(true));
    }
    assert_eq!(guessed(&ask(&mut guesser, watch(20)).await), Some(false));
    // Version 2 (send-proxy-v2), another client: its own allowance.
    let mut v2 = b"\r\n\r\n\0\r\nQUIT\n".to_vec();
    v2.extend([0x21, 0x11, 0, 12, 203, 0, 113, 2, 127, 0, 0, 1, 0x9c, 0x40, 0x1e, 0xc6]);
    let mut player = proxied(&server, proxy, &v2).await;
    assert_eq!(
        guessed(&ask(&mut player, watch(21)).await),
        Some(true),
        "another client"
    );
    // The proxy's own connection without a header (a health check) is served as it is; from a
    // peer not trusted a header is no header, and the request it starts is refused.
    let mut check = proxied(&server, proxy, b"").await;
    assert_eq!(guessed(&ask(&mut check, watch(22)).await), Some(true));
    let socket = tokio::net::TcpSocket::new_v4().unwrap();
    socket.bind((Ipv4Addr::new(127, 0, 9, 2), 0).into()).unwrap();
    let stream = socket.connect(server.addr.parse().unwrap()).await.unwrap();
    let mut forged = stream;
    {
        use tokio::io::AsyncWriteExt;
        forged
            .write_all(b"PROXY TCP4 203.0.113.3 127.0.0.1 1 2\r\n")
            .await
            .unwrap();
    }
    let plain = tokio_tungstenite::MaybeTlsStream::Plain(forged);
    assert!(tokio_tungstenite::client_async(ws_url(&server), plain).await.is_err());
}

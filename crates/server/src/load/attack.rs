//! The attacker of `parlour-server load --attack`: from loopback addresses no player uses, it
//! holds idle WebSockets, dribbles slowloris requests and spams `new` while the games play, and
//! counts what it got; after them it tries again the attacks of issue 74 (item 8): invite codes
//! guessed from rotating addresses, a guesser on the players' address, every slot held by quiet
//! WebSockets, a page of another name pointed at the server, and forged `X-Forwarded-For`.

use std::net::Ipv4Addr;
use std::time::{Duration, Instant};

use parlour_online::wire::{Reply, Request, Seat};

use super::ws::{Ws, connect_forwarded, connect_from, new_konane, next_reply};

/// This process's resident memory in MB (Linux), or 0 where it cannot be read.
pub(super) fn resident_mb() -> f64 {
    std::fs::read_to_string("/proc/self/status")
        .ok()
        .and_then(|s| {
            s.lines()
                .find(|l| l.starts_with("VmRSS:"))
                .and_then(|l| l.split_whitespace().nth(1))
                .and_then(|kb| kb.parse::<f64>().ok())
        })
        .map_or(0.0, |kb| kb / 1024.0)
}

/// What the attacker tried, and what it got.
#[derive(Default)]
pub(super) struct Attacked {
    idle_held: usize,
    idle_refused: usize,
    slow: usize,
    slow_closed: usize,
    spam_made: usize,
    spam_refused: usize,
}

impl std::fmt::Display for Attacked {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "{} idle WebSockets held, {} refused; {} of {} slowloris sockets closed by the server; `new` spam made {} games, {} refused",
            self.idle_held, self.idle_refused, self.slow_closed, self.slow, self.spam_made, self.spam_refused
        )
    }
}

/// The attacker, until `stop`, from addresses no player uses (127.2–127.4.x.x).
pub(super) async fn attack(url: String, stop: Instant) -> Attacked {
    let server: std::net::SocketAddr = url
        .trim_start_matches("ws://")
        .trim_end_matches("/ws")
        .parse()
        .expect("the server's address");
    // Spam first (it runs for the whole phase), then slowloris, then the idle connections.
    let mut spammers = Vec::new();
    for k in 0..20u8 {
        let url = url.clone();
        spammers.push(tokio::spawn(async move {
            let (mut made, mut refused) = (0, 0);
            let Ok(mut ws) = connect_from(&url, std::net::Ipv4Addr::new(127, 4, 0, k + 1)).await else {
                return (made, refused);
            };
            let mut req = 0;
            while Instant::now() < stop {
                req += 1;
                match new_konane(&mut ws, req).await {
                    Ok(()) => made += 1,
                    Err(e) if e.starts_with("the server refused") => refused += 1,
                    Err(_) => break,
                }
            }
            (made, refused)
        }));
    }
    let mut slow = Vec::new();
    for k in 0..200usize {
        let from = std::net::Ipv4Addr::new(127, 3, 0, (k / 50 + 1) as u8);
        slow.push(tokio::spawn(async move {
            use tokio::io::{AsyncReadExt, AsyncWriteExt};
            let Ok(socket) = tokio::net::TcpSocket::new_v4() else {
                return false;
            };
            if socket.bind((from, 0).into()).is_err() {
                return false;
            }
            let Ok(mut stream) = socket.connect(server).await else {
                return false;
            };
            if stream.write_all(b"GET /health HTTP/1.1\r\nHost: x\r\n").await.is_err() {
                return true;
            }
            let mut buf = [0u8; 512];
            while Instant::now() < stop {
                if stream.write_all(b"X").await.is_err() {
                    return true;
                }
                // Closed by the server: a read returns (end, reset, or its 503 before the end).
                if tokio::time::timeout(Duration::from_secs(1), stream.read(&mut buf))
                    .await
                    .is_ok()
                {
                    return true;
                }
            }
            false
        }));
    }
    let mut idle = Vec::new();
    let mut report = Attacked::default();
    for k in 0..800usize {
        match connect_from(&url, std::net::Ipv4Addr::new(127, 2, 0, (k / 100 + 1) as u8)).await {
            Ok(ws) => idle.push(ws),
            Err(_) => report.idle_refused += 1,
        }
    }
    report.idle_held = idle.len();
    report.slow = slow.len();
    for s in slow {
        report.slow_closed += usize::from(s.await.unwrap_or(false));
    }
    for s in spammers {
        let (made, refused) = s.await.unwrap_or((0, 0));
        report.spam_made += made;
        report.spam_refused += refused;
    }
    tokio::time::sleep_until(stop.into()).await;
    drop(idle);
    report
}

/// What the attacks of issue 74 (item 8) got, tried again after the games.
#[derive(Default)]
pub(super) struct Probed {
    rotating_answered: usize,
    rotating_refused: usize,
    rotating_secs: f64,
    moves_stored: usize,
    guesses_refused: usize,
    resumed: bool,
    held: usize,
    players_in: usize,
    rebound_status: u16,
    spoofed_answered: usize,
}

impl std::fmt::Display for Probed {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        writeln!(
            f,
            "rotating addresses: {} unknown codes answered in {:.0} s ({:.0}/s), {} refused",
            self.rotating_answered,
            self.rotating_secs,
            self.rotating_answered as f64 / self.rotating_secs.max(0.001),
            self.rotating_refused
        )?;
        writeln!(
            f,
            "a guesser on the players' address ({} of its 40 guesses refused): {} of 10 moves stored, its seat resumed: {}",
            self.guesses_refused, self.moves_stored, self.resumed
        )?;
        writeln!(
            f,
            "{} WebSockets from {} addresses held every slot, quiet past the eviction threshold: {} of 10 players got in",
            self.held,
            self.held.div_ceil(64),
            self.players_in
        )?;
        write!(
            f,
            "a rebound page (Origin and Host both evil.example): HTTP {}; 25 guesses from one address each with another X-Forwarded-For: {} answered",
            self.rebound_status, self.spoofed_answered
        )
    }
}

/// A made-up invite code, the `i`th.
fn made_up(i: u64) -> String {
    let alphabet = parlour_online::wire::CODE_ALPHABET;
    (0..10)
        .map(|k| alphabet[((i >> (5 * k)) as usize) % alphabet.len()] as char)
        .collect()
}

/// Sends `r` and returns the next reply that is not a push (an error is a reply too).
async fn ask(ws: &mut Ws, r: &Request) -> Result<Reply, String> {
    super::send(ws, r).await?;
    loop {
        if let Some(reply) = next_reply(ws).await?
            && !matches!(reply, Reply::Moved { .. } | Reply::Joined { .. })
        {
            return Ok(reply);
        }
    }
}

/// `Some(true)` for "there is no game", `Some(false)` for a refusal for codes.
fn guessed(reply: &Reply) -> Option<bool> {
    match reply {
        Reply::Error { message, .. } if message.starts_with("there is no game") => Some(true),
        Reply::Error { message, .. } if message.starts_with("too many unknown invite codes") => Some(false),
        _ => None,
    }
}

fn watch(i: u64) -> Request {
    Request::Watch {
        req: i,
        code: made_up(i),
    }
}

/// The attacks that once got through, against the server at `url` under its default limits.
pub(super) async fn probe(url: &str) -> Probed {
    let mut p = Probed::default();
    rotate(url, &mut p).await;
    shared_address(url, &mut p)
        .await
        .unwrap_or_else(|e| eprintln!("the shared-address probe: {e}"));
    hold_every_slot(url, &mut p).await;
    p.rebound_status = rebound(url).await;
    let mut spoofed = 0;
    for i in 0..25u64 {
        let client = format!("203.0.113.{i}");
        if let Ok(mut ws) = connect_forwarded(url, Ipv4Addr::new(127, 8, 0, 1), Some(&client)).await
            && let Ok(r) = ask(&mut ws, &watch(9_000 + i)).await
        {
            spoofed += usize::from(guessed(&r) == Some(true));
        }
    }
    p.spoofed_answered = spoofed;
    p
}

/// Guesses from ever new addresses (127.5.x.y), 25 each, from 32 tasks for 5 s.
async fn rotate(url: &str, p: &mut Probed) {
    let started = Instant::now();
    let stop = started + Duration::from_secs(5);
    let mut tasks = Vec::new();
    for t in 0..32u8 {
        let url = url.to_string();
        tasks.push(tokio::spawn(async move {
            let (mut answered, mut refused) = (0, 0);
            for n in 0..=u16::MAX {
                if Instant::now() >= stop {
                    break;
                }
                let from = Ipv4Addr::new(127, 5, t * 8 + (n / 250) as u8 % 8, (n % 250 + 1) as u8);
                let Ok(mut ws) = connect_from(&url, from).await else {
                    continue;
                };
                for i in 0..25u64 {
                    match ask(&mut ws, &watch((u64::from(t) << 40) + (u64::from(n) << 8) + i)).await {
                        Ok(r) if guessed(&r) == Some(true) => answered += 1,
                        Ok(_) => refused += 1,
                        Err(_) => break,
                    }
                }
            }
            (answered, refused)
        }));
    }
    for t in tasks {
        let (a, r) = t.await.unwrap_or((0, 0));
        p.rotating_answered += a;
        p.rotating_refused += r;
    }
    p.rotating_secs = started.elapsed().as_secs_f64();
}

/// Two players and a guesser on one address (as behind a proxy or a NAT): the guesser spends
/// the address's unknown codes, then the players play ten moves and one resumes its seat.
async fn shared_address(url: &str, p: &mut Probed) -> Result<(), String> {
    let shared = Ipv4Addr::new(127, 6, 0, 1);
    let mut a = connect_from(url, shared).await?;
    let mut b = connect_from(url, shared).await?;
    let mut guesser = connect_from(url, shared).await?;
    let new = Request::New {
        req: 1,
        game: "konane".into(),
        options: vec![],
        seat: Seat::First,
        token: None,
    };
    let Reply::Seated { game, token: ta, .. } = ask(&mut a, &new).await? else {
        return Err("no game".into());
    };
    let code = game.code;
    let join = Request::Join {
        req: 1,
        code: code.clone(),
        token: None,
    };
    let Reply::Seated { token: tb, .. } = ask(&mut b, &join).await? else {
        return Err("no seat".into());
    };
    for i in 0..40 {
        p.guesses_refused += usize::from(guessed(&ask(&mut guesser, &watch(7_000 + i)).await?) == Some(false));
    }
    let mut session = parlour_rules::dynamic::GameSetup::new(parlour_rules::GameId::Konane, &[])?.start();
    for ply in 0..10u32 {
        let Some(turn) = session.turn() else { break };
        let mv = session.legal()[0].clone();
        let (ws, token) = if turn == 0 { (&mut a, &ta) } else { (&mut b, &tb) };
        let r = Request::Move {
            req: u64::from(ply) + 2,
            code: code.clone(),
            token: token.clone(),
            ply,
            mv: mv.clone(),
            think_ms: None,
        };
        if matches!(ask(ws, &r).await?, Reply::Stored { .. }) {
            p.moves_stored += 1;
            session.play(&mv).map_err(|e| e.to_string())?;
        }
    }
    let mut back = connect_from(url, shared).await?;
    let resume = Request::Resume {
        req: 1,
        code,
        token: ta,
    };
    p.resumed = matches!(ask(&mut back, &resume).await?, Reply::Seated { .. });
    Ok(())
}

/// The server's every slot held by WebSockets (64 an address, answering pings) quiet past
/// the eviction threshold; then ten players try to come in.
async fn hold_every_slot(url: &str, p: &mut Probed) {
    use futures_util::StreamExt;
    let mut readers = Vec::new();
    let mut k = 0usize;
    // Until the server refuses (its cap), from 127.7.x.y, 64 to an address.
    loop {
        let from = Ipv4Addr::new(127, 7, (k / 64 / 250) as u8, ((k / 64) % 250 + 1) as u8);
        match connect_from(url, from).await {
            Ok(mut ws) => readers.push(tokio::spawn(async move { while ws.next().await.is_some() {} })),
            Err(_) => break,
        }
        k += 1;
    }
    p.held = readers.len();
    let quiet = crate::limits::Limits::default().evict_idle_after + Duration::from_secs(1);
    tokio::time::sleep(quiet).await;
    for i in 0..10u8 {
        if let Ok(mut ws) = connect_from(url, Ipv4Addr::new(127, 7, 255, i + 1)).await
            && ask(&mut ws, &watch(8_000 + u64::from(i)))
                .await
                .is_ok_and(|r| guessed(&r).is_some())
        {
            p.players_in += 1;
        }
    }
    for r in readers {
        r.abort();
    }
}

/// The status a page of evil.example gets when its name leads to the server.
async fn rebound(url: &str) -> u16 {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let port = url.trim_end_matches("/ws").rsplit(':').next().unwrap_or("0");
    let Ok(mut req) = url.into_client_request() else {
        return 0;
    };
    let evil = format!("evil.example:{port}");
    for (name, value) in [("Origin", format!("http://{evil}")), ("Host", evil)] {
        if let Ok(v) = value.parse() {
            req.headers_mut().insert(name, v);
        }
    }
    match tokio_tungstenite::connect_async(req).await {
        Ok((_, response)) => response.status().as_u16(),
        Err(tokio_tungstenite::tungstenite::Error::Http(r)) => r.status().as_u16(),
        Err(_) => 0,
    }
}

//! The attacker of `parlour-server load --attack`: from loopback addresses no player uses, it
//! holds idle WebSockets, dribbles slowloris requests and spams `new`, and counts what it got.

use std::time::{Duration, Instant};

use super::ws::{connect_from, new_konane};

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

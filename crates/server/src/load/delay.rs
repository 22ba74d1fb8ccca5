//! A test delay proxy (issue 75, item 5): forwards loopback TCP connections to an upstream
//! address, holding every chunk of bytes for a one-way delay plus a random jitter in each
//! direction, as a slow network would. Bytes keep their order in each direction: a chunk is
//! never delivered before the one read ahead of it (a jittered chunk that would overtake waits
//! for the one before, as TCP's in-order delivery makes it wait). The upstream connection is
//! opened from the client's own loopback address, so the server (or HAProxy) still sees who
//! the client is.

use std::net::SocketAddr;
use std::time::Duration;

use rand::{Rng, SeedableRng};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::tcp::{OwnedReadHalf, OwnedWriteHalf};
use tokio::net::{TcpListener, TcpSocket, TcpStream};
use tokio::sync::mpsc;
use tokio::time::Instant;

/// The delay added in each direction: `one_way` plus a uniform jitter in `[-jitter, +jitter]`
/// (never below zero).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Delay {
    /// The one-way delay.
    pub one_way: Duration,
    /// The jitter's half-width.
    pub jitter: Duration,
}

impl Delay {
    /// `one_way_ms` ± `jitter_ms`.
    pub fn ms(one_way_ms: u64, jitter_ms: u64) -> Delay {
        Delay {
            one_way: Duration::from_millis(one_way_ms),
            jitter: Duration::from_millis(jitter_ms),
        }
    }

    /// One chunk's delay.
    fn sample(&self, rng: &mut impl Rng) -> Duration {
        let jitter = self.jitter.as_micros() as i64;
        let offset = if jitter > 0 {
            rng.random_range(-jitter..=jitter)
        } else {
            0
        };
        let micros = (self.one_way.as_micros() as i64 + offset).max(0);
        Duration::from_micros(micros as u64)
    }
}

/// A running delay proxy; stops accepting when dropped (connections already open run on).
pub struct DelayProxy {
    /// Where clients connect.
    pub addr: SocketAddr,
    task: tokio::task::JoinHandle<()>,
}

impl DelayProxy {
    /// Listens on a free loopback port and forwards each connection to `upstream` with `delay`.
    pub async fn start(upstream: SocketAddr, delay: Delay) -> std::io::Result<DelayProxy> {
        let listener = TcpListener::bind("127.0.0.1:0").await?;
        let addr = listener.local_addr()?;
        let task = tokio::spawn(async move {
            let mut seed = 0u64;
            while let Ok((client, peer)) = listener.accept().await {
                seed += 1;
                tokio::spawn(forward(client, peer, upstream, delay, seed));
            }
        });
        Ok(DelayProxy { addr, task })
    }

    /// `ws://ADDR/ws` through this proxy.
    pub fn ws_url(&self) -> String {
        format!("ws://{}/ws", self.addr)
    }
}

impl Drop for DelayProxy {
    fn drop(&mut self) {
        self.task.abort();
    }
}

/// One connection: upstream from the client's address, then both directions delayed.
async fn forward(client: TcpStream, peer: SocketAddr, upstream: SocketAddr, delay: Delay, seed: u64) {
    let socket = match TcpSocket::new_v4() {
        Ok(s) => s,
        Err(_) => return,
    };
    // From the client's own address when it can be bound (any loopback address can).
    let _ = socket.bind(SocketAddr::new(peer.ip(), 0));
    let Ok(server) = socket.connect(upstream).await else {
        return;
    };
    let _ = client.set_nodelay(true);
    let _ = server.set_nodelay(true);
    let (client_read, client_write) = client.into_split();
    let (server_read, server_write) = server.into_split();
    let up = tokio::spawn(direction(client_read, server_write, delay, seed * 2));
    direction(server_read, client_write, delay, seed * 2 + 1).await;
    let _ = up.await;
}

/// Reads `from` and writes each chunk to `to` once its delay has passed, in order; shuts `to`
/// down (after the chunks before) when `from` ends.
async fn direction(mut from: OwnedReadHalf, mut to: OwnedWriteHalf, delay: Delay, seed: u64) {
    let (tx, mut rx) = mpsc::unbounded_channel::<(Instant, Option<Vec<u8>>)>();
    let writer = tokio::spawn(async move {
        while let Some((due, chunk)) = rx.recv().await {
            tokio::time::sleep_until(due).await;
            match chunk {
                Some(bytes) => {
                    if to.write_all(&bytes).await.is_err() {
                        return;
                    }
                }
                None => {
                    let _ = to.shutdown().await;
                    return;
                }
            }
        }
    });
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut last = Instant::now();
    let mut buf = vec![0u8; 64 * 1024];
    loop {
        let read = from.read(&mut buf).await;
        // Never before the chunk ahead of it: the bytes keep their order.
        let due = (Instant::now() + delay.sample(&mut rng)).max(last);
        last = due;
        let chunk = match read {
            Ok(n) if n > 0 => Some(buf[..n].to_vec()),
            _ => None,
        };
        let end = chunk.is_none();
        if tx.send((due, chunk)).is_err() || end {
            break;
        }
    }
    drop(tx);
    let _ = writer.await;
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An echo server: what it reads it writes back.
    async fn echo() -> SocketAddr {
        let l = TcpListener::bind("127.0.0.1:0").await.unwrap();
        let addr = l.local_addr().unwrap();
        tokio::spawn(async move {
            while let Ok((mut s, _)) = l.accept().await {
                tokio::spawn(async move {
                    let (mut r, mut w) = s.split();
                    let _ = tokio::io::copy(&mut r, &mut w).await;
                });
            }
        });
        addr
    }

    #[tokio::test]
    async fn a_round_trip_takes_twice_the_delay_and_bytes_keep_their_order() {
        let proxy = DelayProxy::start(echo().await, Delay::ms(60, 20)).await.unwrap();
        let mut s = TcpStream::connect(proxy.addr).await.unwrap();
        s.set_nodelay(true).unwrap();
        // Many small writes, each its own chunk with its own jitter: they come back in order.
        let sent: Vec<u8> = (0..200u32).map(|i| (i % 251) as u8).collect();
        let start = Instant::now();
        for piece in sent.chunks(4) {
            s.write_all(piece).await.unwrap();
            tokio::time::sleep(Duration::from_millis(1)).await;
        }
        let mut got = vec![0u8; sent.len()];
        s.read_exact(&mut got[..4]).await.unwrap();
        let first = start.elapsed();
        s.read_exact(&mut got[4..]).await.unwrap();
        assert_eq!(got, sent);
        // Two ways of 60 ± 20 ms each.
        assert!(
            (Duration::from_millis(80)..Duration::from_millis(200)).contains(&first),
            "the first bytes came back after {first:?}"
        );
    }
}

//! What one client, or all of them together, may hold of the server: connections in all and
//! per address, how long a connection may take to send its first request's headers (a
//! slowloris sends them a byte at a time, or never), how long a connection may stay without a
//! byte either way, how many requests an address may send a second over all its connections,
//! how many unknown invite codes it may try a minute (so codes cannot be guessed by spreading
//! the guesses over many connections), and how many games it may create a minute.
//!
//! The listener ([`Guarded`]) counts connections as it accepts them and answers one over a
//! limit with a short `503` before closing it; each accepted connection ([`Conn`]) carries its
//! slot (given back when it closes) and its own clock, which the router's first request stops
//! ([`Peer::started`]).

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::pin::Pin;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

/// The limits, as configured (see `docs/deploy.md` for the defaults and why).
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Connections open at once, in all (WebSockets and plain HTTP alike).
    pub max_connections: usize,
    /// Connections open at once from one address.
    pub per_address: usize,
    /// How long a new connection may take to send its first request's headers.
    pub header_timeout: Duration,
    /// How long a connection, once it has sent a request, may go without a byte either way
    /// (an idle keep-alive HTTP connection; a WebSocket is pinged well within it).
    pub quiet_timeout: Duration,
    /// Requests one address may send a second over all its connections, on average.
    pub address_rate: f64,
    /// Unknown invite codes (`join`, `watch`, `resume`) one address may try a minute.
    pub unknown_codes_per_minute: f64,
    /// Games one address may create a minute (each is a row on disk and a game in memory).
    pub new_games_per_minute: f64,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: 4096,
            per_address: 64,
            header_timeout: Duration::from_secs(10),
            quiet_timeout: Duration::from_secs(120),
            address_rate: 100.0,
            unknown_codes_per_minute: 20.0,
            new_games_per_minute: 30.0,
        }
    }
}

/// A token bucket: `rate` a second, `depth` deep, full at first.
#[derive(Debug)]
pub struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    /// A full bucket `depth` deep.
    pub fn full(depth: f64) -> Self {
        Bucket {
            tokens: depth,
            at: Instant::now(),
        }
    }

    /// Takes one token if there is one, refilling at `rate` a second up to `depth`.
    pub fn take(&mut self, rate: f64, depth: f64) -> bool {
        self.refill(rate, depth);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }

    fn refill(&mut self, rate: f64, depth: f64) {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * rate).min(depth);
        self.at = now;
    }

    fn is_full(&mut self, rate: f64, depth: f64) -> bool {
        self.refill(rate, depth);
        self.tokens >= depth
    }
}

/// What the server keeps of one address.
#[derive(Debug)]
struct Address {
    connections: usize,
    requests: Bucket,
    unknown_codes: Bucket,
    new_games: Bucket,
}

/// The counts behind the limits, shared by the listener and every connection.
#[derive(Debug)]
pub struct Gate {
    limits: Limits,
    total: AtomicUsize,
    addresses: Mutex<HashMap<IpAddr, Address>>,
    /// When a refusal was last logged, and how many were refused since.
    warned: Mutex<(Option<Instant>, u64)>,
}

/// Why a connection was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// The server holds its most connections.
    Server(usize),
    /// This address holds its most connections.
    Address(usize),
}

impl std::fmt::Display for Full {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Full::Server(n) => write!(f, "the server holds its most connections ({n})"),
            Full::Address(n) => write!(f, "your address holds its most connections ({n})"),
        }
    }
}

/// How often refused connections are logged, at most.
const WARN_EVERY: Duration = Duration::from_secs(10);

impl Gate {
    /// Counts under `limits`.
    pub fn new(limits: Limits) -> Arc<Gate> {
        Arc::new(Gate {
            limits,
            total: AtomicUsize::new(0),
            addresses: Mutex::new(HashMap::new()),
            warned: Mutex::new((None, 0)),
        })
    }

    /// The limits in force.
    pub fn limits(&self) -> &Limits {
        &self.limits
    }

    /// Connections open now.
    pub fn open(&self) -> usize {
        self.total.load(Ordering::Relaxed)
    }

    /// A slot for a connection from `ip`, or why there is none.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Slot, Full> {
        let mut addresses = self.addresses.lock().unwrap_or_else(|p| p.into_inner());
        if self.total.load(Ordering::Relaxed) >= self.limits.max_connections {
            return Err(Full::Server(self.limits.max_connections));
        }
        if addresses.len() > 4 * self.limits.max_connections {
            // Addresses with no connection left behind only their buckets: let them go.
            addresses.retain(|_, a| a.connections > 0);
        }
        let limits = &self.limits;
        let a = addresses.entry(ip).or_insert_with(|| Address {
            connections: 0,
            requests: Bucket::full(2.0 * limits.address_rate),
            unknown_codes: Bucket::full(limits.unknown_codes_per_minute),
            new_games: Bucket::full(limits.new_games_per_minute),
        });
        if a.connections >= self.limits.per_address {
            return Err(Full::Address(self.limits.per_address));
        }
        a.connections += 1;
        self.total.fetch_add(1, Ordering::Relaxed);
        Ok(Slot { gate: self.clone(), ip })
    }

    /// Takes one request from `ip`'s allowance (all its connections together).
    pub fn request(&self, ip: IpAddr) -> bool {
        let rate = self.limits.address_rate;
        self.with(ip, |a| a.requests.take(rate, 2.0 * rate))
    }

    /// Whether `ip` may look up another invite code it might not know; a code found is given
    /// back with [`Gate::found`].
    pub fn try_code(&self, ip: IpAddr) -> bool {
        let per_minute = self.limits.unknown_codes_per_minute;
        self.with(ip, |a| a.unknown_codes.take(per_minute / 60.0, per_minute))
    }

    /// Whether `ip` may create another game now.
    pub fn try_new(&self, ip: IpAddr) -> bool {
        let per_minute = self.limits.new_games_per_minute;
        self.with(ip, |a| a.new_games.take(per_minute / 60.0, per_minute))
    }

    /// The code `ip` tried was a game's: it does not count against its allowance.
    pub fn found(&self, ip: IpAddr) {
        let per_minute = self.limits.unknown_codes_per_minute;
        self.with(ip, |a| {
            a.unknown_codes.refill(per_minute / 60.0, per_minute);
            a.unknown_codes.tokens = (a.unknown_codes.tokens + 1.0).min(per_minute);
            true
        });
    }

    fn with(&self, ip: IpAddr, f: impl FnOnce(&mut Address) -> bool) -> bool {
        let mut addresses = self.addresses.lock().unwrap_or_else(|p| p.into_inner());
        // An address with no connection has no allowance to spend (only tests get here).
        addresses.get_mut(&ip).is_none_or(f)
    }

    fn release(&self, ip: IpAddr) {
        let mut addresses = self.addresses.lock().unwrap_or_else(|p| p.into_inner());
        self.total.fetch_sub(1, Ordering::Relaxed);
        let rate = self.limits.address_rate;
        let per_minute = self.limits.unknown_codes_per_minute;
        if let Some(a) = addresses.get_mut(&ip) {
            a.connections -= 1;
            // Forget an address once it has nothing open and nothing owing.
            let new_per_minute = self.limits.new_games_per_minute;
            if a.connections == 0
                && a.requests.is_full(rate, 2.0 * rate)
                && a.unknown_codes.is_full(per_minute / 60.0, per_minute)
                && a.new_games.is_full(new_per_minute / 60.0, new_per_minute)
            {
                addresses.remove(&ip);
            }
        }
    }

    fn cannot_accept(&self, e: &io::Error) {
        let mut warned = self.warned.lock().unwrap_or_else(|p| p.into_inner());
        if warned.0.is_none_or(|at| at.elapsed() >= WARN_EVERY) {
            eprintln!("parlour-server: cannot accept connections: {e}");
            warned.0 = Some(Instant::now());
        }
    }

    /// Logs a refused connection, at most once every ten seconds (with the count since).
    fn refused(&self, why: Full, from: SocketAddr) {
        let mut warned = self.warned.lock().unwrap_or_else(|p| p.into_inner());
        warned.1 += 1;
        if warned.0.is_none_or(|at| at.elapsed() >= WARN_EVERY) {
            eprintln!(
                "parlour-server: refusing connections: {why} (the last from {}; {} refused since the last report)",
                from.ip(),
                warned.1
            );
            *warned = (Some(Instant::now()), 0);
        }
    }
}

/// One connection's place in the counts, given back when it is dropped.
#[derive(Debug)]
pub struct Slot {
    gate: Arc<Gate>,
    ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.gate.release(self.ip);
    }
}

/// The listener: accepts while the limits allow, answers `503` and closes otherwise.
pub struct Guarded {
    listener: TcpListener,
    gate: Arc<Gate>,
}

impl Guarded {
    /// `listener` under `gate`'s limits.
    pub fn new(listener: TcpListener, gate: Arc<Gate>) -> Self {
        Guarded { listener, gate }
    }
}

impl axum::serve::Listener for Guarded {
    type Io = Conn;
    type Addr = SocketAddr;

    async fn accept(&mut self) -> (Conn, SocketAddr) {
        loop {
            let (stream, from) = match self.listener.accept().await {
                Ok(accepted) => accepted,
                Err(e) => {
                    // Out of descriptors (or another passing failure): say so, wait, go on.
                    self.gate.cannot_accept(&e);
                    tokio::time::sleep(Duration::from_millis(100)).await;
                    continue;
                }
            };
            match self.gate.admit(from.ip()) {
                Ok(slot) => {
                    let _ = stream.set_nodelay(true);
                    return (Conn::new(stream, slot, &self.gate.limits), from);
                }
                Err(why) => {
                    self.gate.refused(why, from);
                    let body = format!("{why}; try again later\n");
                    let answer = format!(
                        "HTTP/1.1 503 Service Unavailable\r\ncontent-type: text/plain; charset=utf-8\r\n\
                         content-length: {}\r\nretry-after: 10\r\nconnection: close\r\n\r\n{body}",
                        body.len()
                    );
                    // Best effort, never waiting: the socket is new, so its buffer has room.
                    let _ = stream.try_write(answer.as_bytes());
                }
            }
        }
    }

    fn local_addr(&self) -> io::Result<SocketAddr> {
        self.listener.local_addr()
    }
}

/// The clock a connection runs on: until its first request has been read it must send one
/// within the header timeout; after that, it may not go quiet (no byte either way) for longer
/// than the quiet timeout.
#[derive(Debug, Default)]
pub struct Started(AtomicBool);

/// One accepted connection: the socket, its slot in the counts and its clock.
pub struct Conn {
    stream: TcpStream,
    _slot: Slot,
    gate: Arc<Gate>,
    ip: IpAddr,
    started: Arc<Started>,
    accepted: Instant,
    last: Instant,
    header_timeout: Duration,
    quiet_timeout: Duration,
    timer: Pin<Box<Sleep>>,
}

impl Conn {
    fn new(stream: TcpStream, slot: Slot, limits: &Limits) -> Conn {
        let now = Instant::now();
        Conn {
            stream,
            gate: slot.gate.clone(),
            ip: slot.ip,
            _slot: slot,
            started: Arc::new(Started::default()),
            accepted: now,
            last: now,
            header_timeout: limits.header_timeout,
            quiet_timeout: limits.quiet_timeout,
            timer: Box::pin(tokio::time::sleep_until(now + limits.header_timeout)),
        }
    }

    fn deadline(&self) -> Instant {
        if self.started.0.load(Ordering::Relaxed) {
            self.last + self.quiet_timeout
        } else {
            self.accepted + self.header_timeout
        }
    }

    /// `Ready(error)` once the connection's time is up; otherwise the timer is left to wake the
    /// task. The timer is moved only when it fires (then to the deadline as it stands), not on
    /// every read, so a busy connection costs no timer work.
    fn expired(&mut self, cx: &mut Context<'_>) -> Poll<io::Error> {
        loop {
            if self.timer.as_mut().poll(cx).is_pending() {
                return Poll::Pending;
            }
            let deadline = self.deadline();
            if Instant::now() >= deadline {
                return Poll::Ready(io::Error::new(
                    io::ErrorKind::TimedOut,
                    if self.started.0.load(Ordering::Relaxed) {
                        "the connection was quiet too long"
                    } else {
                        "no request headers in time"
                    },
                ));
            }
            self.timer.as_mut().reset(deadline);
        }
    }
}

impl AsyncRead for Conn {
    fn poll_read(self: Pin<&mut Self>, cx: &mut Context<'_>, buf: &mut ReadBuf<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        let before = buf.filled().len();
        match Pin::new(&mut this.stream).poll_read(cx, buf) {
            Poll::Ready(result) => {
                if buf.filled().len() > before {
                    this.last = Instant::now();
                }
                Poll::Ready(result)
            }
            Poll::Pending => match this.expired(cx) {
                Poll::Ready(e) => Poll::Ready(Err(e)),
                Poll::Pending => Poll::Pending,
            },
        }
    }
}

impl AsyncWrite for Conn {
    fn poll_write(self: Pin<&mut Self>, cx: &mut Context<'_>, data: &[u8]) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.stream).poll_write(cx, data);
        if let Poll::Ready(Ok(n)) = written
            && n > 0
        {
            this.last = Instant::now();
        }
        written
    }

    fn poll_flush(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_flush(cx)
    }

    fn poll_shutdown(self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.get_mut().stream).poll_shutdown(cx)
    }

    fn poll_write_vectored(
        self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        bufs: &[io::IoSlice<'_>],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        let written = Pin::new(&mut this.stream).poll_write_vectored(cx, bufs);
        if let Poll::Ready(Ok(n)) = written
            && n > 0
        {
            this.last = Instant::now();
        }
        written
    }

    fn is_write_vectored(&self) -> bool {
        self.stream.is_write_vectored()
    }
}

/// What a request knows of its connection (axum's `ConnectInfo`): the peer's address, the
/// gate's counts, and the connection's clock.
#[derive(Clone, Debug)]
pub struct Peer {
    /// The peer's address.
    pub addr: SocketAddr,
    /// The counts and limits.
    pub gate: Arc<Gate>,
    started: Arc<Started>,
}

impl Peer {
    /// The connection has sent a whole request's headers: from now on only the quiet timeout
    /// applies.
    pub fn started(&self) {
        self.started.0.store(true, Ordering::Relaxed);
    }
}

impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, Guarded>> for Peer {
    fn connect_info(stream: axum::serve::IncomingStream<'_, Guarded>) -> Self {
        let conn = stream.io();
        Peer {
            addr: *stream.remote_addr(),
            gate: conn.gate.clone(),
            started: conn.started.clone(),
        }
    }
}

impl Conn {
    /// The peer's address.
    pub fn ip(&self) -> IpAddr {
        self.ip
    }
}

/// Raises this process's open-file limit to its hard limit (each connection is a descriptor)
/// and returns the connections that fit under it, keeping some for the database and files.
pub fn descriptors_for_connections() -> Option<usize> {
    #[cfg(unix)]
    {
        // SAFETY: getrlimit/setrlimit only read and write the struct given.
        unsafe {
            let mut lim = libc::rlimit {
                rlim_cur: 0,
                rlim_max: 0,
            };
            if libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim) != 0 {
                return None;
            }
            lim.rlim_cur = lim.rlim_max;
            libc::setrlimit(libc::RLIMIT_NOFILE, &lim);
            libc::getrlimit(libc::RLIMIT_NOFILE, &mut lim);
            Some((lim.rlim_cur as usize).saturating_sub(64))
        }
    }
    #[cfg(not(unix))]
    {
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn connections_are_counted_per_address_and_in_all_and_given_back() {
        let gate = Gate::new(Limits {
            max_connections: 3,
            per_address: 2,
            ..Limits::default()
        });
        let a: IpAddr = "127.0.0.2".parse().unwrap();
        let b: IpAddr = "127.0.0.3".parse().unwrap();
        let a1 = gate.admit(a).unwrap();
        let _a2 = gate.admit(a).unwrap();
        assert_eq!(gate.admit(a).unwrap_err(), Full::Address(2));
        let _b1 = gate.admit(b).unwrap();
        assert_eq!(gate.admit(b).unwrap_err(), Full::Server(3));
        assert_eq!(gate.open(), 3);
        drop(a1);
        assert_eq!(gate.open(), 2);
        gate.admit(a).expect("a slot given back is free again");
    }

    #[tokio::test]
    async fn an_address_spends_one_allowance_over_all_its_connections() {
        let gate = Gate::new(Limits {
            address_rate: 10.0,
            unknown_codes_per_minute: 5.0,
            ..Limits::default()
        });
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let _c1 = gate.admit(ip).unwrap();
        let _c2 = gate.admit(ip).unwrap();
        let granted = (0..100).filter(|_| gate.request(ip)).count();
        assert!((20..=21).contains(&granted), "a burst of twice the rate: {granted}");
        let codes = (0..50).filter(|_| gate.try_code(ip)).count();
        assert_eq!(codes, 5);
        gate.found(ip);
        assert!(gate.try_code(ip), "a code found costs nothing");
        assert!(!gate.try_code(ip));
        let games = (0..100).filter(|_| gate.try_new(ip)).count();
        assert_eq!(games, 30, "thirty new games a minute");
        // Another address has its own allowance.
        let other: IpAddr = "10.0.0.2".parse().unwrap();
        let _o = gate.admit(other).unwrap();
        assert!(gate.try_code(other));
    }
}

//! The listener that counts what it accepts, and each accepted connection with its clock: a
//! header timeout until its first request, a quiet timeout after.

use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use tokio::io::{AsyncRead, AsyncWrite, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::time::{Instant, Sleep};

use super::gate::{Gate, Limits, Slot};
use super::tracked::Tracked;

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
                    return (Conn::new(stream, slot, self.gate.limits(), from.ip()), from);
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

/// One accepted connection: the socket, its slot in the counts and its clock. Until its first
/// request has been read it must send one within the header timeout; after that, it may not go
/// quiet (no byte either way) for longer than the quiet timeout. Asked to close (to make room,
/// or because the server is stopping), its reads and writes fail.
pub struct Conn {
    stream: TcpStream,
    slot: Slot,
    /// The bytes read so far while a PROXY protocol header may still come (from a trusted
    /// proxy, with `--proxy-protocol`); `None` once it has been read or cannot come.
    header: Option<Vec<u8>>,
    /// Bytes read past the header, given to the first reads.
    pending: Vec<u8>,
    accepted: Instant,
    last: Instant,
    header_timeout: Duration,
    quiet_timeout: Duration,
    timer: Pin<Box<Sleep>>,
}

impl Conn {
    fn new(stream: TcpStream, slot: Slot, limits: &Limits, peer: std::net::IpAddr) -> Conn {
        let now = Instant::now();
        let proxied = limits.proxy_protocol && super::net::is_trusted(&limits.trusted_proxies, peer);
        Conn {
            stream,
            slot,
            header: proxied.then(Vec::new),
            pending: Vec::new(),
            accepted: now,
            last: now,
            header_timeout: limits.header_timeout,
            quiet_timeout: limits.quiet_timeout,
            // First woken at the nearer of the two limits, so a quiet limit shorter than the
            // header limit is kept too (on waking, the timer moves to the deadline in force).
            timer: Box::pin(tokio::time::sleep_until(
                now + limits.header_timeout.min(limits.quiet_timeout),
            )),
        }
    }

    fn deadline(&self) -> Instant {
        if self.slot.tracked.has_started() {
            self.last + self.quiet_timeout
        } else {
            self.accepted + self.header_timeout
        }
    }

    /// The error its reads and writes fail with once the connection was asked to close; else
    /// the task is woken when it is.
    fn closed(&mut self, cx: &mut Context<'_>) -> Option<io::Error> {
        self.slot.tracked.wake_on_close(cx.waker());
        self.slot.tracked.is_closing().then(|| {
            io::Error::new(
                io::ErrorKind::ConnectionAborted,
                "closed: the server needed room for a new connection, or is stopping",
            )
        })
    }

    /// Reads the PROXY protocol header, if one comes: the client it names is kept for the
    /// connection's requests, and the bytes after it are given to the first reads.
    fn read_header(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        use super::proxy_header::{Header, parse};
        loop {
            let got = self.header.as_mut().expect("reading a header");
            match parse(got) {
                Header::Incomplete => {}
                Header::Absent => {
                    self.pending = self.header.take().unwrap_or_default();
                    return Poll::Ready(Ok(()));
                }
                Header::Complete { len, client } => {
                    let mut bytes = self.header.take().unwrap_or_default();
                    self.pending = bytes.split_off(len);
                    if let Some(c) = client {
                        self.slot.tracked.proxied_for(c);
                    }
                    return Poll::Ready(Ok(()));
                }
                Header::Bad(why) => return Poll::Ready(Err(io::Error::new(io::ErrorKind::InvalidData, why))),
            }
            let mut chunk = [0u8; 256];
            let mut read = ReadBuf::new(&mut chunk);
            match Pin::new(&mut self.stream).poll_read(cx, &mut read) {
                Poll::Pending => return Poll::Pending,
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Ready(Ok(())) if read.filled().is_empty() => {
                    // Closed before a whole header: what came is the connection's.
                    self.pending = self.header.take().unwrap_or_default();
                    return Poll::Ready(Ok(()));
                }
                Poll::Ready(Ok(())) => {
                    self.last = Instant::now();
                    got.extend_from_slice(read.filled());
                }
            }
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
                    if self.slot.tracked.has_started() {
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
        if let Some(e) = this.closed(cx) {
            return Poll::Ready(Err(e));
        }
        if this.header.is_some() {
            match this.read_header(cx) {
                Poll::Ready(Ok(())) => {}
                Poll::Ready(Err(e)) => return Poll::Ready(Err(e)),
                Poll::Pending => {
                    return match this.expired(cx) {
                        Poll::Ready(e) => Poll::Ready(Err(e)),
                        Poll::Pending => Poll::Pending,
                    };
                }
            }
        }
        if !this.pending.is_empty() {
            let n = buf.remaining().min(this.pending.len());
            buf.put_slice(&this.pending[..n]);
            this.pending.drain(..n);
            return Poll::Ready(Ok(()));
        }
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
        if let Some(e) = this.closed(cx) {
            return Poll::Ready(Err(e));
        }
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
        if let Some(e) = this.closed(cx) {
            return Poll::Ready(Err(e));
        }
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

/// What a request knows of its connection (axum's `ConnectInfo`): the client's address, the
/// gate's counts, and the connection's state.
#[derive(Clone, Debug)]
pub struct Peer {
    /// The client's address: the TCP peer's, or for a WebSocket through a trusted proxy, the
    /// address the proxy names (see [`Peer::behind`]).
    pub addr: SocketAddr,
    /// The counts and limits.
    pub gate: Arc<Gate>,
    tracked: Arc<Tracked>,
}

impl Peer {
    /// The connection has sent a whole request's headers: from now on only the quiet timeout
    /// applies, and it was not idle just now.
    pub fn started(&self) {
        self.tracked.started();
    }

    /// The connection sent a request just now (a WebSocket message; pings do not count).
    pub fn heard(&self) {
        self.tracked.heard();
    }

    /// This connection as seen from the client behind a trusted proxy: the client's address
    /// from the PROXY protocol header (`--proxy-protocol`) or the `X-Forwarded-For` values,
    /// when the TCP peer is one of `--trusted-proxy`; unchanged otherwise.
    pub fn behind<'a>(mut self, forwarded: impl IntoIterator<Item = &'a str>) -> Peer {
        // A PROXY protocol header's client first (it came from a trusted proxy); then that
        // peer's X-Forwarded-For, if it is trusted too.
        let peer = self.tracked.proxied().unwrap_or(self.addr.ip());
        let client = super::net::client_address(&self.gate.limits().trusted_proxies, peer, forwarded);
        self.addr.set_ip(client);
        self
    }
}

impl axum::extract::connect_info::Connected<axum::serve::IncomingStream<'_, Guarded>> for Peer {
    fn connect_info(stream: axum::serve::IncomingStream<'_, Guarded>) -> Self {
        let conn = stream.io();
        Peer {
            addr: *stream.remote_addr(),
            gate: conn.slot.gate.clone(),
            tracked: conn.slot.tracked.clone(),
        }
    }
}

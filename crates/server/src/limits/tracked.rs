//! What the server keeps of each open connection besides its socket: whether it has sent a
//! whole request yet, when it last sent one (a WebSocket's pings and pongs are not requests),
//! and a switch that closes it from outside, to make room for a new connection or to stop.

use std::net::IpAddr;
use std::sync::OnceLock;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use futures_util::task::AtomicWaker;
use tokio::time::Instant;

/// One connection's state, shared by its socket, its requests and the gate.
#[derive(Debug)]
pub struct Tracked {
    epoch: Instant,
    started: AtomicBool,
    /// Milliseconds from `epoch` to its last request (to its acceptance before the first).
    last_request: AtomicU64,
    closing: AtomicBool,
    waker: AtomicWaker,
    /// The client a trusted proxy's PROXY protocol header named.
    proxied: OnceLock<IpAddr>,
}

impl Tracked {
    pub(super) fn new(epoch: Instant) -> Tracked {
        let t = Tracked {
            epoch,
            started: AtomicBool::new(false),
            last_request: AtomicU64::new(0),
            closing: AtomicBool::new(false),
            waker: AtomicWaker::new(),
            proxied: OnceLock::new(),
        };
        t.heard();
        t
    }

    /// The connection has sent a whole request's headers: from now on only the quiet timeout
    /// applies to it.
    pub fn started(&self) {
        self.started.store(true, Ordering::Relaxed);
        self.heard();
    }

    /// Whether a whole request has arrived.
    pub fn has_started(&self) -> bool {
        self.started.load(Ordering::Relaxed)
    }

    /// The connection sent a request (an HTTP request, a WebSocket message) just now.
    pub fn heard(&self) {
        let ms = Instant::now().duration_since(self.epoch).as_millis() as u64;
        self.last_request.store(ms, Ordering::Relaxed);
    }

    /// Milliseconds from the epoch to its last request.
    pub(super) fn last_request_ms(&self) -> u64 {
        self.last_request.load(Ordering::Relaxed)
    }

    /// Asks the connection to close: its next read or write fails. True when it was not
    /// already closing.
    pub(super) fn close(&self) -> bool {
        let first = !self.closing.swap(true, Ordering::Relaxed);
        self.waker.wake();
        first
    }

    /// Whether the connection was asked to close.
    pub fn is_closing(&self) -> bool {
        self.closing.load(Ordering::Relaxed)
    }

    /// A trusted proxy's PROXY protocol header named `client`.
    pub(super) fn proxied_for(&self, client: IpAddr) {
        let _ = self.proxied.set(super::net::canonical(client));
    }

    /// The client a PROXY protocol header named, if one did.
    pub fn proxied(&self) -> Option<IpAddr> {
        self.proxied.get().copied()
    }

    /// Wakes `waker`'s task when the connection is asked to close.
    pub(super) fn wake_on_close(&self, waker: &std::task::Waker) {
        self.waker.register(waker);
    }
}

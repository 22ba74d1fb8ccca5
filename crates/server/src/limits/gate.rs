//! The counts behind the limits: connections in all and per address, and each address's
//! allowances of requests, unknown invite codes and new games.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

use super::Bucket;

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
    /// Games (and accounts) one address may create a minute (each is a row on disk, a game
    /// also one in memory).
    pub new_games_per_minute: f64,
    /// Failed sign-ins (wrong secrets, wrong pairing codes) one address, or one account name,
    /// may have a minute; past them, every sign-in there waits.
    pub failed_sign_ins_per_minute: f64,
    /// How often the games nobody follows are let go from memory (a game left alone is held
    /// at most about this long; it is loaded again from the database when next asked for).
    pub forget_every: Duration,
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
            failed_sign_ins_per_minute: 5.0,
            forget_every: Duration::from_secs(60),
        }
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
    /// Failed sign-ins per address and per account name.
    pub sign_ins: super::SignIns,
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
            sign_ins: super::SignIns::default(),
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

    pub(super) fn cannot_accept(&self, e: &io::Error) {
        let mut warned = self.warned.lock().unwrap_or_else(|p| p.into_inner());
        if warned.0.is_none_or(|at| at.elapsed() >= WARN_EVERY) {
            eprintln!("parlour-server: cannot accept connections: {e}");
            warned.0 = Some(Instant::now());
        }
    }

    /// Logs a refused connection, at most once every ten seconds (with the count since).
    pub(super) fn refused(&self, why: Full, from: SocketAddr) {
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
    pub(super) gate: Arc<Gate>,
    pub(super) ip: IpAddr,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.gate.release(self.ip);
    }
}

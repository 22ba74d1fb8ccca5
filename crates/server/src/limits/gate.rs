//! The counts behind the limits: connections in all and per address group, every open
//! connection (so the quietest can be closed when the server is full), and each client's
//! allowances of requests, unknown invite codes and new games.

use std::collections::HashMap;
use std::io;
use std::net::{IpAddr, SocketAddr};
use std::sync::atomic::{AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use tokio::time::Instant;

use super::net::{Cidr, group, is_trusted};
use super::quotas::{Key, Quotas};
use super::tracked::Tracked;

/// The limits, as configured (see `docs/deploy.md` for the defaults and why).
#[derive(Clone, Debug, PartialEq)]
pub struct Limits {
    /// Connections open at once, in all (WebSockets and plain HTTP alike).
    pub max_connections: usize,
    /// Connections open at once from one address group (an IPv4 address, an IPv6 /64); a
    /// trusted proxy's connections are limited by the total only.
    pub per_address: usize,
    /// How long a new connection may take to send its first request's headers.
    pub header_timeout: Duration,
    /// How long a connection, once it has sent a request, may go without a byte either way
    /// (an idle keep-alive HTTP connection; a WebSocket is pinged well within it).
    pub quiet_timeout: Duration,
    /// Requests one client (a signed-in account, else an address group) may send a second
    /// over all its connections, on average.
    pub address_rate: f64,
    /// Unknown invite codes (`join`, `watch`, `resume`, a move for a game not found) one client
    /// may try a minute.
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
    /// Clients whose allowances are kept, at most (past them, the ones that owe nothing are
    /// forgotten, and newcomers share one allowance while none does).
    pub remembered: usize,
    /// When the server holds its most connections, a new one closes the connection that has
    /// sent no request for longest, if that is at least this long.
    pub evict_idle_after: Duration,
    /// The proxies whose `X-Forwarded-For` names the client (`--trusted-proxy`).
    pub trusted_proxies: Vec<Cidr>,
    /// Whether connections from the trusted proxies may begin with a PROXY protocol header
    /// (v1 or v2) naming the client (`--proxy-protocol`).
    pub proxy_protocol: bool,
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
            remembered: 16_384,
            evict_idle_after: Duration::from_secs(60),
            trusted_proxies: Vec::new(),
            proxy_protocol: false,
        }
    }
}

/// The counts behind the limits, shared by the listener and every connection.
#[derive(Debug)]
pub struct Gate {
    limits: Limits,
    total: AtomicUsize,
    /// Connections asked to close that have not closed yet (they no longer count as held).
    closing: AtomicUsize,
    /// Open connections per address group (trusted proxies not counted).
    groups: Mutex<HashMap<IpAddr, usize>>,
    /// Every open connection, for closing the one quiet longest when the server is full.
    live: Mutex<HashMap<u64, Arc<Tracked>>>,
    next_id: AtomicU64,
    epoch: Instant,
    requests: Mutex<Quotas>,
    unknown_codes: Mutex<Quotas>,
    new_games: Mutex<Quotas>,
    /// When a refusal was last logged, and how many were refused since.
    warned: Mutex<(Option<Instant>, u64)>,
    /// Failed sign-ins per address and per account name.
    pub sign_ins: super::SignIns,
}

/// Why a connection was not taken.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Full {
    /// The server holds its most connections, none of them quiet long enough to be closed.
    Server(usize),
    /// This address holds its most connections.
    Address(usize),
}

impl std::fmt::Display for Full {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Full::Server(n) => write!(f, "the server holds its most connections ({n}), all of them busy"),
            Full::Address(n) => write!(f, "your address holds its most connections ({n})"),
        }
    }
}

/// Clients new to the table of unknown invite codes (their first code not found) given an
/// allowance of their own, a second and at once; past them, newcomers share one allowance.
/// Honest clients seldom miss a code; an attacker rotating addresses gets at most this many
/// fresh allowances.
const NEW_GUESSERS_PER_SECOND: f64 = 1.0;
const NEW_GUESSERS_AT_ONCE: f64 = 60.0;

/// How often refused connections are logged, at most.
const WARN_EVERY: Duration = Duration::from_secs(10);

fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Gate {
    /// Counts under `limits`.
    pub fn new(limits: Limits) -> Arc<Gate> {
        let quotas = |rate: f64, depth: f64| Mutex::new(Quotas::new(rate, depth, limits.remembered));
        Arc::new(Gate {
            requests: quotas(limits.address_rate, 2.0 * limits.address_rate),
            unknown_codes: Mutex::new(
                Quotas::new(
                    limits.unknown_codes_per_minute / 60.0,
                    limits.unknown_codes_per_minute,
                    limits.remembered,
                )
                .admitting(NEW_GUESSERS_PER_SECOND, NEW_GUESSERS_AT_ONCE),
            ),
            new_games: quotas(limits.new_games_per_minute / 60.0, limits.new_games_per_minute),
            limits,
            total: AtomicUsize::new(0),
            closing: AtomicUsize::new(0),
            groups: Mutex::new(HashMap::new()),
            live: Mutex::new(HashMap::new()),
            next_id: AtomicU64::new(0),
            epoch: Instant::now(),
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

    /// A slot for a connection from `ip`, or why there is none. When the server holds its most
    /// connections, the one that has sent no request for longest is closed to make room, if
    /// it has been quiet for `--evict-idle-after` at least.
    pub fn admit(self: &Arc<Self>, ip: IpAddr) -> Result<Slot, Full> {
        let mut groups = lock(&self.groups);
        // A trusted proxy speaks for many clients: only the total limits it.
        let group = (!is_trusted(&self.limits.trusted_proxies, ip)).then(|| group(ip));
        if let Some(g) = group
            && groups.get(&g).is_some_and(|&n| n >= self.limits.per_address)
        {
            return Err(Full::Address(self.limits.per_address));
        }
        let held = self.total.load(Ordering::Relaxed) - self.closing.load(Ordering::Relaxed);
        if held >= self.limits.max_connections && !self.close_quietest() {
            return Err(Full::Server(self.limits.max_connections));
        }
        if let Some(g) = group {
            *groups.entry(g).or_insert(0) += 1;
        }
        self.total.fetch_add(1, Ordering::Relaxed);
        let id = self.next_id.fetch_add(1, Ordering::Relaxed);
        let tracked = Arc::new(Tracked::new(self.epoch));
        lock(&self.live).insert(id, tracked.clone());
        Ok(Slot {
            gate: self.clone(),
            group,
            id,
            tracked,
        })
    }

    /// Asks the connection quiet longest (past the threshold) to close; false when none is.
    fn close_quietest(&self) -> bool {
        let live = lock(&self.live);
        let now = Instant::now().duration_since(self.epoch).as_millis() as u64;
        let threshold = self.limits.evict_idle_after.as_millis() as u64;
        let quietest = live
            .values()
            .filter(|t| !t.is_closing() && now.saturating_sub(t.last_request_ms()) >= threshold)
            .min_by_key(|t| t.last_request_ms());
        match quietest {
            Some(t) => {
                if t.close() {
                    self.closing.fetch_add(1, Ordering::Relaxed);
                }
                true
            }
            None => false,
        }
    }

    /// Asks every connection to close (`all`), or only those that have not sent a whole
    /// request yet: the stopping server waits for nobody's half-sent headers.
    pub fn close_connections(&self, all: bool) {
        for t in lock(&self.live).values() {
            if (all || !t.has_started()) && t.close() {
                self.closing.fetch_add(1, Ordering::Relaxed);
            }
        }
    }

    /// Takes one request from `key`'s allowance (all its connections together).
    pub fn request(&self, key: &Key) -> bool {
        lock(&self.requests).take(key)
    }

    /// Whether `key` may look up an invite code it does not hold (nothing is taken: a code not
    /// found is counted afterwards with [`Gate::missed_code`]).
    pub fn may_try_code(&self, key: &Key) -> bool {
        lock(&self.unknown_codes).has(key)
    }

    /// `key` looked up a code that names no game (or a seat token that holds none).
    pub fn missed_code(&self, key: &Key) {
        lock(&self.unknown_codes).charge(key);
    }

    /// Whether `ip` may create another game (or account) now; counted by address group
    /// whether or not the connection is signed in, since accounts come from the same allowance.
    pub fn try_new(&self, ip: IpAddr) -> bool {
        lock(&self.new_games).take(&Key::Group(group(ip)))
    }

    fn release(&self, slot: &Slot) {
        let mut groups = lock(&self.groups);
        self.total.fetch_sub(1, Ordering::Relaxed);
        if slot.tracked.is_closing() {
            self.closing.fetch_sub(1, Ordering::Relaxed);
        }
        lock(&self.live).remove(&slot.id);
        if let Some(g) = slot.group
            && let Some(n) = groups.get_mut(&g)
        {
            *n -= 1;
            if *n == 0 {
                groups.remove(&g);
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
    group: Option<IpAddr>,
    id: u64,
    pub(super) tracked: Arc<Tracked>,
}

impl Drop for Slot {
    fn drop(&mut self) {
        self.gate.release(self);
    }
}

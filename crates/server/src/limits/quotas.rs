//! One kind of allowance (requests a second, unknown invite codes a minute, new games a minute)
//! kept per client: per account where the connection is signed in, per address group
//! otherwise. The table is bounded and cannot be flushed: when it is full, entries whose buckets
//! have refilled (they owe nothing, so forgetting them gives nothing away) are let go, and when
//! none has, a newcomer spends from a bucket shared by its neighbourhood (an IPv4 /16, an IPv6
//! /48) not in the table, or by everyone else. Nobody
//! gets a fresh allowance by rotating addresses faster than the table's entries refill; and
//! for unknown invite codes, spent only by failing, no faster than a few new clients a second
//! (a client that never fails never takes a place in that table).

use std::collections::HashMap;
use std::net::IpAddr;
use std::time::Duration;

use tokio::time::Instant;

use super::Bucket;
use super::net::group;

/// Who an allowance is kept for.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub enum Key {
    /// A signed-in account, by its id: its own allowance wherever it connects from, so players
    /// behind one address (a proxy not trusted, a campus, a carrier's NAT) do not share one.
    Account(String),
    /// An address group (see [`group`]).
    Group(IpAddr),
}

impl Key {
    /// The neighbourhood an address group's overflow is counted in when there is no room for
    /// it: its IPv4 /16 or IPv6 /48, so that one network rotating its addresses spends its own
    /// shared allowance and not everyone's. Accounts have none.
    fn neighbourhood(&self) -> Option<IpAddr> {
        match self {
            Key::Account(_) => None,
            Key::Group(IpAddr::V4(v4)) => Some(IpAddr::V4((u32::from(*v4) & 0xffff_0000).into())),
            Key::Group(IpAddr::V6(v6)) => Some(IpAddr::V6((u128::from(*v6) & !((1u128 << 80) - 1)).into())),
        }
    }

    /// The account's key when there is one, else the address group's.
    pub fn of(account: Option<&str>, ip: IpAddr) -> Key {
        match account {
            Some(id) => Key::Account(id.to_string()),
            None => Key::Group(group(ip)),
        }
    }
}

/// How often a full table is looked through for entries that owe nothing, at most.
const SWEEP_EVERY: Duration = Duration::from_secs(1);

/// One allowance per key, `rate` a second and `depth` deep, for at most `capacity` keys.
#[derive(Debug)]
pub(super) struct Quotas {
    rate: f64,
    depth: f64,
    capacity: usize,
    table: HashMap<Key, Bucket>,
    /// Spent by the address groups of one neighbourhood not in the table when there is no
    /// room for them (at most `capacity` neighbourhoods).
    neighbours: HashMap<IpAddr, Bucket>,
    /// Spent by everyone else not in the table.
    others: Bucket,
    /// New keys let into the table, when limited: (the bucket, a second, at once).
    admissions: Option<(Bucket, f64, f64)>,
    swept: Option<Instant>,
}

impl Quotas {
    pub(super) fn new(rate: f64, depth: f64, capacity: usize) -> Quotas {
        Quotas {
            rate,
            depth,
            capacity: capacity.max(1),
            table: HashMap::new(),
            neighbours: HashMap::new(),
            others: Bucket::full(depth),
            admissions: None,
            swept: None,
        }
    }

    /// At most `rate` new keys a second (`depth` at once) get an entry of their own; the rest
    /// spend from the shared allowance. For an allowance a client spends only by failing (an
    /// unknown invite code), so that fresh addresses bring no fresh allowance faster than this.
    pub(super) fn admitting(mut self, rate: f64, depth: f64) -> Quotas {
        self.admissions = Some((Bucket::full(depth), rate, depth));
        self
    }

    /// Whether a key not in the table may have an entry now (`claim`: and takes the place).
    fn room(&mut self, claim: bool) -> bool {
        let (rate, depth) = (self.rate, self.depth);
        if self.table.len() >= self.capacity && self.swept.is_none_or(|at| at.elapsed() >= SWEEP_EVERY) {
            self.table.retain(|_, b| !b.is_full(rate, depth));
            self.neighbours.retain(|_, b| !b.is_full(rate, depth));
            self.swept = Some(Instant::now());
        }
        if self.table.len() >= self.capacity {
            return false;
        }
        match &mut self.admissions {
            None => true,
            Some((bucket, rate, depth)) if claim => bucket.take(*rate, *depth),
            Some((bucket, rate, depth)) => {
                bucket.refill(*rate, *depth);
                bucket.tokens >= 1.0
            }
        }
    }

    /// The shared bucket of a key not in the table: its neighbourhood's, else everyone's.
    fn overflow(&mut self, key: &Key) -> &mut Bucket {
        let Some(n) = key.neighbourhood() else {
            return &mut self.others;
        };
        if !self.neighbours.contains_key(&n) && self.neighbours.len() >= self.capacity {
            return &mut self.others;
        }
        let depth = self.depth;
        self.neighbours.entry(n).or_insert_with(|| Bucket::full(depth))
    }

    /// `key`'s bucket: its own, a new full one while there is room, or a shared one.
    fn bucket(&mut self, key: &Key) -> &mut Bucket {
        if !self.table.contains_key(key) && !self.room(true) {
            return self.overflow(key);
        }
        let depth = self.depth;
        self.table.entry(key.clone()).or_insert_with(|| Bucket::full(depth))
    }

    /// Takes one from `key`'s allowance if it has one.
    pub(super) fn take(&mut self, key: &Key) -> bool {
        let (rate, depth) = (self.rate, self.depth);
        self.bucket(key).take(rate, depth)
    }

    /// Whether `key` has one to spend now (nothing is taken, no entry is made).
    pub(super) fn has(&mut self, key: &Key) -> bool {
        let (rate, depth) = (self.rate, self.depth);
        let b = if self.table.contains_key(key) {
            self.table.get_mut(key).expect("just seen")
        } else if self.room(false) {
            return true;
        } else {
            self.overflow(key)
        };
        b.refill(rate, depth);
        b.tokens >= 1.0
    }

    /// Takes one from `key`'s allowance even when it has none left (down to one bucket's
    /// depth owed): for a cost known only after the fact, so that several at once all count.
    pub(super) fn charge(&mut self, key: &Key) {
        let (rate, depth) = (self.rate, self.depth);
        let b = self.bucket(key);
        b.refill(rate, depth);
        b.tokens = (b.tokens - 1.0).max(-depth);
    }

    /// Keys with an entry of their own.
    #[cfg(test)]
    pub(super) fn len(&self) -> usize {
        self.table.len()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(n: u32) -> Key {
        Key::Group(IpAddr::V4(std::net::Ipv4Addr::from(0x0a00_0000 + n)))
    }

    #[tokio::test]
    async fn rotating_keys_get_no_fresh_allowance_once_the_table_is_full() {
        // Twenty a minute, for at most 100 keys.
        let mut q = Quotas::new(20.0 / 60.0, 20.0, 100);
        let mut granted = 0;
        for n in 0..10_000 {
            granted += (0..20).filter(|_| q.take(&key(n))).count();
        }
        // The hundred in the table and their neighbourhood's shared bucket (10.0.0.0/16), never
        // more however many keys come.
        assert_eq!(granted, 100 * 20 + 20);
        assert_eq!(q.len(), 100, "the table was never emptied");
    }

    #[tokio::test]
    async fn fresh_keys_are_let_in_no_faster_than_the_admissions() {
        // Twenty a minute; two new keys at once, none more for a minute.
        let mut q = Quotas::new(20.0 / 60.0, 20.0, 100).admitting(1.0 / 60.0, 2.0);
        let mut answered = 0;
        for n in 0..1000 {
            while q.has(&key(n)) {
                q.charge(&key(n));
                answered += 1;
            }
        }
        assert_eq!(answered, 2 * 20 + 20, "two keys' and the shared allowance");
        assert_eq!(q.len(), 2);
        // Another network is not held up by this one's rotation.
        let elsewhere = Key::Group("192.0.2.1".parse().unwrap());
        assert!(q.has(&elsewhere));
    }

    #[tokio::test]
    async fn entries_that_have_refilled_make_room() {
        let mut q = Quotas::new(1000.0, 2.0, 3);
        for n in 0..3 {
            while q.take(&key(n)) {}
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        assert!(q.take(&key(99)));
        assert_eq!(q.len(), 1, "the refilled entries were let go, the newcomer kept");
    }

    #[tokio::test]
    async fn a_charge_after_the_fact_counts_even_past_zero() {
        let mut q = Quotas::new(10.0, 2.0, 10);
        let k = key(1);
        for _ in 0..3 {
            q.charge(&k);
        }
        assert!(!q.has(&k));
        tokio::time::sleep(Duration::from_millis(100)).await;
        assert!(!q.has(&k), "owing one, it needs 0.2 s to have one again");
        tokio::time::sleep(Duration::from_millis(200)).await;
        assert!(q.has(&k));
        let v6 = "2001:db8::1".parse().unwrap();
        assert_ne!(Key::of(None, v6), Key::of(Some("a1"), v6));
    }
}

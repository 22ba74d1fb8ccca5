//! Failed sign-ins (a wrong name or secret, a wrong pairing code), counted per address group
//! (an IPv6 /64 as one) and per account name: after a few, every sign-in from that address or to that name waits, even one
//! with the right secret, so secrets and codes cannot be guessed by trying. Moves, seats and
//! games are never counted here.

use std::collections::HashMap;
use std::net::IpAddr;
use std::sync::Mutex;

use super::Bucket;
use super::net::group;

/// The most names (or addresses) remembered before the ones that owe nothing are let go.
const REMEMBERED: usize = 10_000;

/// Failed sign-ins per address and per name, as token buckets that refill with time.
#[derive(Debug, Default)]
pub struct SignIns {
    addresses: Mutex<HashMap<IpAddr, Bucket>>,
    names: Mutex<HashMap<String, Bucket>>,
}

/// Seconds until a bucket with `tokens` has one again at `rate` a second.
fn wait_secs(bucket: &mut Bucket, rate: f64, depth: f64) -> Option<u64> {
    bucket.refill(rate, depth);
    (bucket.tokens < 1.0).then(|| ((1.0 - bucket.tokens) / rate).ceil().max(1.0) as u64)
}

impl SignIns {
    /// `None` when `ip` and `name` may try to sign in now (`per_minute` failures allowed a
    /// minute, that many at once); else the seconds to wait.
    pub fn wait(&self, per_minute: f64, ip: Option<IpAddr>, name: Option<&str>) -> Option<u64> {
        let rate = per_minute / 60.0;
        let ip = ip.map(group);
        let by_address = ip.and_then(|ip| {
            let mut a = self.addresses.lock().unwrap_or_else(|p| p.into_inner());
            a.get_mut(&ip).and_then(|b| wait_secs(b, rate, per_minute))
        });
        let by_name = name.and_then(|n| {
            let mut names = self.names.lock().unwrap_or_else(|p| p.into_inner());
            names
                .get_mut(&n.to_ascii_lowercase())
                .and_then(|b| wait_secs(b, rate, per_minute))
        });
        by_address.max(by_name)
    }

    /// Counts a failed sign-in from `ip` to `name`.
    pub fn failed(&self, per_minute: f64, ip: Option<IpAddr>, name: Option<&str>) {
        let rate = per_minute / 60.0;
        let ip = ip.map(group);
        if let Some(ip) = ip {
            let mut a = self.addresses.lock().unwrap_or_else(|p| p.into_inner());
            spend(&mut a, ip, rate, per_minute);
        }
        if let Some(n) = name {
            let mut names = self.names.lock().unwrap_or_else(|p| p.into_inner());
            // By the name's key: `Ada` and `ADA` are one account, and one count.
            spend(&mut names, n.to_ascii_lowercase(), rate, per_minute);
        }
    }
}

fn spend<K: std::hash::Hash + Eq>(map: &mut HashMap<K, Bucket>, key: K, rate: f64, depth: f64) {
    if map.len() > REMEMBERED {
        map.retain(|_, b| !b.is_full(rate, depth));
    }
    map.entry(key).or_insert_with(|| Bucket::full(depth)).take(rate, depth);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn a_few_failures_then_the_address_and_the_name_wait() {
        let s = SignIns::default();
        let ip: IpAddr = "10.0.0.7".parse().unwrap();
        for _ in 0..5 {
            assert_eq!(s.wait(5.0, Some(ip), Some("ada")), None);
            s.failed(5.0, Some(ip), Some("ada"));
        }
        let wait = s.wait(5.0, Some(ip), None).expect("the address waits");
        assert!((1..=12).contains(&wait), "{wait}");
        assert!(
            s.wait(5.0, None, Some("ada")).is_some(),
            "the name waits from any address"
        );
        assert!(s.wait(5.0, None, Some("ADA")).is_some(), "and in any case");
        assert_eq!(s.wait(5.0, Some("10.0.0.8".parse().unwrap()), Some("bob")), None);
    }
}

//! What one client, or all of them together, may hold of the server: connections in all and
//! per address, how long a connection may take to send its first request's headers (a
//! slowloris sends them a byte at a time, or never), how long a connection may stay without a
//! byte either way, how many requests an address may send a second over all its connections,
//! how many unknown invite codes it may try a minute (so codes cannot be guessed by spreading
//! the guesses over many connections), how many games it may create a minute, and how many
//! wrong sign-ins an address or an account name may have a minute.
//!
//! The listener ([`Guarded`]) counts connections as it accepts them and answers one over a
//! limit with a short `503` before closing it; each accepted connection ([`Conn`]) carries its
//! slot (given back when it closes) and its own clock, which the router's first request stops
//! ([`Peer::started`]).

mod bucket;
mod conn;
mod gate;
pub mod net;
pub mod proxy_header;
mod quotas;
mod sign_in;
mod tracked;

pub use bucket::Bucket;
pub use conn::{Conn, Guarded, Peer};
pub use gate::{Full, Gate, Limits, Slot};
pub use net::Cidr;
pub use quotas::Key;
pub use sign_in::SignIns;
pub use tracked::Tracked;

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
    use std::net::IpAddr;

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
    async fn a_client_spends_one_allowance_over_all_its_connections() {
        let gate = Gate::new(Limits {
            address_rate: 10.0,
            unknown_codes_per_minute: 5.0,
            ..Limits::default()
        });
        let ip: IpAddr = "10.0.0.1".parse().unwrap();
        let key = Key::of(None, ip);
        let granted = (0..100).filter(|_| gate.request(&key)).count();
        assert!((20..=21).contains(&granted), "a burst of twice the rate: {granted}");
        for _ in 0..5 {
            assert!(gate.may_try_code(&key));
            gate.missed_code(&key);
        }
        assert!(!gate.may_try_code(&key), "five codes not found a minute");
        let games = (0..100).filter(|_| gate.try_new(ip)).count();
        assert_eq!(games, 30, "thirty new games a minute");
        // Another address, and an account signed in from this one, have their own allowances;
        // the same IPv6 /64 is one client.
        assert!(gate.may_try_code(&Key::of(None, "10.0.0.2".parse().unwrap())));
        assert!(gate.may_try_code(&Key::of(Some("acct"), ip)));
        let v6 = |s: &str| Key::of(None, s.parse().unwrap());
        gate.missed_code(&v6("2001:db8:0:1::1"));
        assert_eq!(v6("2001:db8:0:1::1"), v6("2001:db8:0:1:ffff::2"));
    }
}

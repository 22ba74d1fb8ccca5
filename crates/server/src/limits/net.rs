//! Addresses as the limits see them: an address group (an IPv4 address alone, an IPv6 address
//! by its /64, which one machine or one home is usually given whole), the proxies trusted to say
//! who their clients are (`--trusted-proxy`), and the client address read from a trusted
//! proxy's `X-Forwarded-For`.

use std::net::{IpAddr, Ipv6Addr};

/// An address and a prefix length: `203.0.113.7`, `10.0.0.0/8`, `2001:db8::/32`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cidr {
    addr: IpAddr,
    bits: u8,
}

impl std::str::FromStr for Cidr {
    type Err = String;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (addr, bits) = match s.split_once('/') {
            Some((a, b)) => (a, Some(b)),
            None => (s, None),
        };
        let addr: IpAddr = addr
            .parse()
            .map_err(|_| format!("{s:?} is not an address or CIDR block (e.g. 10.0.0.1, 10.0.0.0/8, fd00::/8)"))?;
        let addr = canonical(addr);
        let most = if addr.is_ipv4() { 32 } else { 128 };
        let bits = match bits {
            None => most,
            Some(b) => match b.parse::<u8>() {
                Ok(n) if n <= most => n,
                _ => return Err(format!("{s:?}: a prefix length is a number from 0 to {most}")),
            },
        };
        Ok(Cidr { addr, bits })
    }
}

impl Cidr {
    /// Whether `ip` lies in this block.
    pub fn contains(&self, ip: IpAddr) -> bool {
        match (self.addr, canonical(ip)) {
            (IpAddr::V4(net), IpAddr::V4(ip)) => {
                masked(u32::from(net).into(), self.bits, 32) == masked(u32::from(ip).into(), self.bits, 32)
            }
            (IpAddr::V6(net), IpAddr::V6(ip)) => {
                masked(u128::from(net), self.bits, 128) == masked(u128::from(ip), self.bits, 128)
            }
            _ => false,
        }
    }
}

fn masked(v: u128, bits: u8, width: u8) -> u128 {
    if bits == 0 { 0 } else { v >> (width - bits) }
}

/// An IPv4 address written as IPv6 (`::ffff:192.0.2.1`, as a dual-stack socket reports it) is
/// the IPv4 address.
pub fn canonical(ip: IpAddr) -> IpAddr {
    match ip {
        IpAddr::V6(v6) => v6.to_ipv4_mapped().map_or(ip, IpAddr::V4),
        v4 => v4,
    }
}

/// The group an address is limited as: an IPv4 address alone, an IPv6 address by its /64 (the
/// rest of its bits zero), so that the 2^64 addresses of one network count as one.
pub fn group(ip: IpAddr) -> IpAddr {
    match canonical(ip) {
        IpAddr::V6(v6) => IpAddr::V6(Ipv6Addr::from(u128::from(v6) & !((1u128 << 64) - 1))),
        v4 => v4,
    }
}

/// Whether `ip` is one of the proxies in `trusted`.
pub fn is_trusted(trusted: &[Cidr], ip: IpAddr) -> bool {
    trusted.iter().any(|c| c.contains(ip))
}

/// The client's address for a request that came over a connection from `peer`: when `peer` is
/// a trusted proxy, the rightmost address in the `X-Forwarded-For` values (in order) that is
/// not itself a trusted proxy (what the nearest untrusted hop said; anything left of it could
/// be written by the client); otherwise, or when the header names none, `peer` itself.
pub fn client_address<'a>(trusted: &[Cidr], peer: IpAddr, forwarded: impl IntoIterator<Item = &'a str>) -> IpAddr {
    let peer = canonical(peer);
    if !is_trusted(trusted, peer) {
        return peer;
    }
    let entries: Vec<&str> = forwarded
        .into_iter()
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .collect();
    for entry in entries.iter().rev() {
        let Some(ip) = parse_entry(entry) else {
            // Garbage from a hop we trust: believe nothing further left.
            return peer;
        };
        if !is_trusted(trusted, ip) {
            return ip;
        }
    }
    peer
}

/// `192.0.2.1`, `192.0.2.1:4711`, `2001:db8::1`, `[2001:db8::1]:4711`.
fn parse_entry(entry: &str) -> Option<IpAddr> {
    entry
        .parse::<IpAddr>()
        .ok()
        .or_else(|| entry.parse::<std::net::SocketAddr>().ok().map(|s| s.ip()))
        .map(canonical)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ip(s: &str) -> IpAddr {
        s.parse().unwrap()
    }

    #[test]
    fn blocks_and_groups() {
        let net: Cidr = "10.1.0.0/16".parse().unwrap();
        assert!(net.contains(ip("10.1.200.3")) && !net.contains(ip("10.2.0.1")));
        assert!(
            net.contains(ip("::ffff:10.1.0.9")),
            "an IPv4-mapped address is the IPv4 address"
        );
        let one: Cidr = "2001:db8::1".parse().unwrap();
        assert!(one.contains(ip("2001:db8::1")) && !one.contains(ip("2001:db8::2")));
        assert!("10.0.0.0/33".parse::<Cidr>().is_err() && "proxy".parse::<Cidr>().is_err());
        assert_eq!(group(ip("2001:db8:1:2:aaaa::1")), group(ip("2001:db8:1:2:ffff::9")));
        assert_ne!(group(ip("2001:db8:1:2::1")), group(ip("2001:db8:1:3::1")));
        assert_ne!(group(ip("192.0.2.1")), group(ip("192.0.2.2")));
    }

    #[test]
    fn the_client_is_the_rightmost_untrusted_hop_and_only_from_a_trusted_peer() {
        let trusted: Vec<Cidr> = vec!["127.0.0.1".parse().unwrap(), "10.0.0.0/8".parse().unwrap()];
        // Not from a proxy: the header is the client's own word and is ignored.
        assert_eq!(
            client_address(&trusted, ip("198.51.100.4"), ["203.0.113.9"]),
            ip("198.51.100.4")
        );
        // From the proxy: the client's address, past a second proxy of ours, not the forged left part.
        let got = client_address(&trusted, ip("127.0.0.1"), ["1.2.3.4, 203.0.113.9", "10.0.0.5"]);
        assert_eq!(got, ip("203.0.113.9"));
        assert_eq!(
            client_address(&trusted, ip("127.0.0.1"), ["[2001:db8::7]:443"]),
            ip("2001:db8::7")
        );
        assert_eq!(client_address(&trusted, ip("127.0.0.1"), []), ip("127.0.0.1"));
        assert_eq!(client_address(&trusted, ip("127.0.0.1"), ["nonsense"]), ip("127.0.0.1"));
    }
}

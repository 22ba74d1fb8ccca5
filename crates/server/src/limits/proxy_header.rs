//! The PROXY protocol's header (HAProxy's `send-proxy` and `send-proxy-v2`), read at the start
//! of a connection from a trusted proxy: the client's address as the proxy saw it.
//! Specification: <https://www.haproxy.org/download/2.8/doc/proxy-protocol.txt>.

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Version 2's first twelve bytes.
const V2_SIGNATURE: &[u8; 12] = b"\r\n\r\n\0\r\nQUIT\n";
/// Version 1's longest header, `\r\n` included.
const V1_MOST: usize = 107;
/// The most a version 2 header may carry after its 16 bytes that this server reads.
const V2_MOST: usize = 512;

/// What the bytes read so far are.
#[derive(Debug, PartialEq, Eq)]
pub enum Header {
    /// Not a PROXY header: the connection's own first bytes.
    Absent,
    /// More bytes are needed to tell.
    Incomplete,
    /// A whole header, `len` bytes long, naming the client (`None`: the proxy's own
    /// connection, e.g. a health check, or an address family other than TCP over IP).
    Complete {
        /// The header's length.
        len: usize,
        /// The client's address.
        client: Option<IpAddr>,
    },
    /// A header begun but malformed.
    Bad(&'static str),
}

/// Reads the start of a connection.
pub fn parse(bytes: &[u8]) -> Header {
    if bytes.is_empty() {
        return Header::Incomplete;
    }
    let v1 = b"PROXY ";
    if v1.starts_with(&bytes[..bytes.len().min(v1.len())]) || bytes.starts_with(v1) {
        return parse_v1(bytes);
    }
    if V2_SIGNATURE.starts_with(&bytes[..bytes.len().min(12)]) || bytes.starts_with(V2_SIGNATURE) {
        return parse_v2(bytes);
    }
    Header::Absent
}

fn parse_v1(bytes: &[u8]) -> Header {
    let Some(end) = bytes.windows(2).position(|w| w == b"\r\n") else {
        return if bytes.len() >= V1_MOST {
            Header::Bad("a PROXY header longer than 107 bytes")
        } else {
            Header::Incomplete
        };
    };
    let Ok(line) = std::str::from_utf8(&bytes[..end]) else {
        return Header::Bad("a PROXY header that is not text");
    };
    let words: Vec<&str> = line.split(' ').collect();
    let client = match words.as_slice() {
        ["PROXY", "UNKNOWN", ..] => None,
        ["PROXY", "TCP4" | "TCP6", source, _, _, _] => match source.parse::<IpAddr>() {
            Ok(ip) => Some(ip),
            Err(_) => return Header::Bad("a PROXY header whose source is no address"),
        },
        _ => return Header::Bad("a PROXY header of an unknown form"),
    };
    Header::Complete { len: end + 2, client }
}

fn parse_v2(bytes: &[u8]) -> Header {
    if bytes.len() < 16 {
        return Header::Incomplete;
    }
    let (version_command, family) = (bytes[12], bytes[13]);
    let length = usize::from(u16::from_be_bytes([bytes[14], bytes[15]]));
    if version_command >> 4 != 2 || length > V2_MOST {
        return Header::Bad("a PROXY version 2 header of another version or too long");
    }
    if bytes.len() < 16 + length {
        return Header::Incomplete;
    }
    let body = &bytes[16..16 + length];
    let local = version_command & 0x0f == 0;
    let client = match family >> 4 {
        _ if local => None,
        1 if body.len() >= 12 => Some(IpAddr::V4(Ipv4Addr::new(body[0], body[1], body[2], body[3]))),
        2 if body.len() >= 36 => {
            let octets: [u8; 16] = body[..16].try_into().expect("sixteen bytes");
            Some(IpAddr::V6(Ipv6Addr::from(octets)))
        }
        1 | 2 => return Header::Bad("a PROXY version 2 header too short for its addresses"),
        _ => None,
    };
    Header::Complete {
        len: 16 + length,
        client,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn version_one_and_two_name_the_client() {
        let v1 = b"PROXY TCP4 203.0.113.7 10.0.0.1 56324 7878\r\nGET / HTTP/1.1\r\n";
        assert_eq!(
            parse(v1),
            Header::Complete {
                len: 44,
                client: Some("203.0.113.7".parse().unwrap())
            }
        );
        assert_eq!(parse(b"PROXY TCP4 203.0"), Header::Incomplete);
        assert_eq!(parse(b"PRO"), Header::Incomplete);
        assert_eq!(parse(b"GET / HTTP/1.1\r\n"), Header::Absent);
        assert!(matches!(parse(b"PROXY TCP4 x y 1 2\r\n"), Header::Bad(_)));
        assert!(matches!(
            parse(b"PROXY UNKNOWN\r\n"),
            Header::Complete { len: 15, client: None }
        ));
        let mut v2 = V2_SIGNATURE.to_vec();
        v2.extend([0x21, 0x11, 0, 12, 198, 51, 100, 9, 10, 0, 0, 1, 0x1f, 0x90, 0x1e, 0xc6]);
        v2.extend(b"GET /");
        assert_eq!(
            parse(&v2),
            Header::Complete {
                len: 28,
                client: Some("198.51.100.9".parse().unwrap())
            }
        );
        assert_eq!(parse(&v2[..20]), Header::Incomplete);
        let mut local = V2_SIGNATURE.to_vec();
        local.extend([0x20, 0x00, 0, 0]);
        assert_eq!(parse(&local), Header::Complete { len: 16, client: None });
    }
}

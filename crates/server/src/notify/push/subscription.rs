//! A browser's push subscription (`PushSubscription.toJSON()`), checked before it is kept: its
//! endpoint must be a known push service's https address (or the test receiver's, when the
//! server was started with one), its keys a P-256 point and a 16-byte secret.

use std::fmt;

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use serde::Deserialize;

/// The longest subscription text taken (browsers' are 300–600 bytes).
pub const MAX_SUBSCRIPTION: usize = 4096;
/// The longest endpoint taken (FCM's, Mozilla's, Apple's and WNS's are under 600 characters).
pub const MAX_ENDPOINT: usize = 2048;
/// The length of the user agent's public key, an uncompressed P-256 point.
const P256DH_BYTES: usize = 65;
/// The length of the authentication secret (RFC 8291).
const AUTH_BYTES: usize = 16;

/// A push service's host: exactly this name, or any name under it (`*.` + suffix).
enum Host {
    Exact(&'static str),
    Under(&'static str),
}

/// The push services' hosts: Google's FCM (Chrome, Edge on Android, most Chromium browsers),
/// Mozilla's autopush (Firefox), Apple's (Safari) and Microsoft's WNS (Edge on Windows).
const PUSH_HOSTS: &[Host] = &[
    Host::Exact("fcm.googleapis.com"),
    Host::Exact("updates.push.services.mozilla.com"),
    Host::Under("push.services.mozilla.com"),
    Host::Under("push.apple.com"),
    Host::Under("notify.windows.com"),
];

/// Where pushes may be sent: the push services' https addresses, and, for tests, one
/// `http://127.0.0.1:PORT/` prefix (the server's `--push-test-endpoint`).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PushTargets {
    test_prefix: Option<String>,
}

impl PushTargets {
    /// The push services and endpoints starting with `prefix`, which must be
    /// `http://127.0.0.1:PORT/` followed by an optional path (the local test receiver). The
    /// error is a sentence for the command line (usable as a clap `value_parser`).
    pub fn with_test_endpoint(prefix: &str) -> Result<PushTargets, String> {
        let refused = || {
            format!(
                "The test push endpoint {prefix:?} is not an http://127.0.0.1:PORT/ address (with an optional path)."
            )
        };
        let rest = prefix.strip_prefix("http://127.0.0.1:").ok_or_else(refused)?;
        let (port, path) = rest.split_once('/').ok_or_else(refused)?;
        let port_ok = !port.is_empty()
            && port.len() <= 5
            && port.bytes().all(|b| b.is_ascii_digit())
            && port.parse::<u16>().is_ok_and(|p| p != 0);
        if !port_ok || !path.bytes().all(path_byte) {
            return Err(refused());
        }
        Ok(PushTargets {
            test_prefix: Some(prefix.to_string()),
        })
    }

    /// The test prefix, if any.
    pub fn test_prefix(&self) -> Option<&str> {
        self.test_prefix.as_deref()
    }

    /// Whether `endpoint` may be pushed to: `Ok` or the sentence saying why not.
    pub fn check(&self, endpoint: &str) -> Result<(), SubscriptionError> {
        if let Some(prefix) = &self.test_prefix
            && let Some(path) = endpoint.strip_prefix(prefix.as_str())
        {
            return if path.bytes().all(path_byte) {
                Ok(())
            } else {
                Err(SubscriptionError::EndpointNotAddress)
            };
        }
        let Some(rest) = endpoint.strip_prefix("https://") else {
            return Err(if endpoint.contains("://") {
                SubscriptionError::EndpointNotHttps
            } else {
                SubscriptionError::EndpointNotAddress
            });
        };
        let (authority, path) = match rest.find('/') {
            Some(i) => rest.split_at(i),
            None => return Err(SubscriptionError::EndpointNotAddress),
        };
        if authority.contains('@') {
            return Err(SubscriptionError::EndpointUserinfo);
        }
        if authority.starts_with('[')
            || (!authority.is_empty() && authority.bytes().all(|b| b.is_ascii_digit() || b == b'.' || b == b':'))
        {
            return Err(SubscriptionError::EndpointIp);
        }
        if authority.contains(':') {
            return Err(SubscriptionError::EndpointPort);
        }
        if !path.bytes().all(path_byte) || !valid_host(authority) {
            return Err(SubscriptionError::EndpointNotAddress);
        }
        if !PUSH_HOSTS.iter().any(|h| host_matches(h, authority)) {
            return Err(SubscriptionError::NotPushService);
        }
        Ok(())
    }
}

/// A byte allowed in an endpoint's path and query: visible ASCII without the fragment mark,
/// quotes, backslash or angle brackets.
fn path_byte(b: u8) -> bool {
    b.is_ascii_graphic() && !matches!(b, b'#' | b'"' | b'\\' | b'<' | b'>' | b'`' | b'{' | b'}' | b'|' | b'^')
}

/// A DNS name in lower case: labels of letters, digits and hyphens, none empty.
fn valid_host(host: &str) -> bool {
    !host.is_empty()
        && host.len() <= 253
        && host.split('.').all(|label| {
            !label.is_empty()
                && label.len() <= 63
                && !label.starts_with('-')
                && !label.ends_with('-')
                && label
                    .bytes()
                    .all(|b| b.is_ascii_lowercase() || b.is_ascii_digit() || b == b'-')
        })
}

fn host_matches(pattern: &Host, host: &str) -> bool {
    match pattern {
        Host::Exact(name) => host == *name,
        Host::Under(suffix) => host
            .strip_suffix(suffix)
            .and_then(|head| head.strip_suffix('.'))
            .is_some_and(|head| !head.is_empty()),
    }
}

/// Why a push subscription was refused; each shown as one sentence.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum SubscriptionError {
    /// Longer than [`MAX_SUBSCRIPTION`].
    TooLong,
    /// Not JSON, or not an object with the expected fields' types.
    NotJson,
    /// A field is missing or empty.
    Missing(&'static str),
    /// A field is longer than it can be.
    FieldTooLong(&'static str),
    /// A key is far longer than its length.
    KeyTooLong(&'static str),
    /// A key is not base64url.
    NotBase64(&'static str),
    /// A key has the wrong length (field, expected bytes, bytes found).
    WrongLength(&'static str, usize, usize),
    /// `p256dh` is not a point on the P-256 curve.
    NotP256,
    /// The endpoint is not an `https://` address.
    EndpointNotHttps,
    /// The endpoint is not a well-formed web address.
    EndpointNotAddress,
    /// The endpoint names an IP address instead of a host.
    EndpointIp,
    /// The endpoint carries a user name or password.
    EndpointUserinfo,
    /// The endpoint names a port of its own.
    EndpointPort,
    /// The endpoint's host is not a known push service's.
    NotPushService,
}

impl fmt::Display for SubscriptionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use SubscriptionError::*;
        match self {
            TooLong => write!(f, "The push subscription is longer than {MAX_SUBSCRIPTION} bytes."),
            NotJson => write!(
                f,
                "The push subscription is not the browser's subscription JSON (an object with an endpoint and keys)."
            ),
            Missing(field) => write!(f, "The push subscription has no {field}."),
            FieldTooLong(field) => write!(f, "The push subscription's {field} is too long."),
            KeyTooLong(field) => write!(f, "The push subscription's {field} key is too long."),
            NotBase64(field) => write!(f, "The push subscription's {field} key is not base64url text."),
            WrongLength(field, want, got) => {
                write!(
                    f,
                    "The push subscription's {field} key is {got} bytes long instead of {want}."
                )
            }
            NotP256 => write!(
                f,
                "The push subscription's p256dh key is not a point on the P-256 curve."
            ),
            EndpointNotHttps => write!(f, "The push subscription's endpoint is not an https:// address."),
            EndpointNotAddress => write!(f, "The push subscription's endpoint is not a well-formed web address."),
            EndpointIp => write!(
                f,
                "The push subscription's endpoint names an IP address, not a push service."
            ),
            EndpointUserinfo => write!(f, "The push subscription's endpoint carries a user name or password."),
            EndpointPort => write!(
                f,
                "The push subscription's endpoint names a port of its own; push services use the default one."
            ),
            NotPushService => write!(
                f,
                "The push subscription's endpoint is not a push service's address (Google's, Mozilla's, Apple's or Microsoft's)."
            ),
        }
    }
}

impl std::error::Error for SubscriptionError {}

/// A browser's push subscription, checked: where to send and the keys to encrypt for. The
/// keys are kept as base64url text without padding, as the browser gives them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Subscription {
    /// The push service's address for this browser (the push resource, RFC 8030).
    pub endpoint: String,
    /// The browser's public key: an uncompressed P-256 point, base64url.
    pub p256dh: String,
    /// The 16-byte authentication secret, base64url.
    pub auth: String,
}

#[derive(Deserialize)]
struct Json {
    endpoint: Option<String>,
    keys: Option<Keys>,
}

#[derive(Deserialize)]
struct Keys {
    p256dh: Option<String>,
    auth: Option<String>,
}

impl Subscription {
    /// Reads and checks `PushSubscription.toJSON()`'s text; other fields (`expirationTime`)
    /// are ignored.
    pub fn parse(json: &str, targets: &PushTargets) -> Result<Subscription, SubscriptionError> {
        if json.len() > MAX_SUBSCRIPTION {
            return Err(SubscriptionError::TooLong);
        }
        let raw: Json = serde_json::from_str(json).map_err(|_| SubscriptionError::NotJson)?;
        let endpoint = raw
            .endpoint
            .filter(|e| !e.is_empty())
            .ok_or(SubscriptionError::Missing("endpoint"))?;
        if endpoint.len() > MAX_ENDPOINT {
            return Err(SubscriptionError::FieldTooLong("endpoint"));
        }
        let keys = raw.keys.ok_or(SubscriptionError::Missing("keys"))?;
        let p256dh = keys
            .p256dh
            .filter(|k| !k.is_empty())
            .ok_or(SubscriptionError::Missing("p256dh key"))?;
        let auth = keys
            .auth
            .filter(|k| !k.is_empty())
            .ok_or(SubscriptionError::Missing("auth key"))?;
        targets.check(&endpoint)?;
        let p256dh = key(&p256dh, "p256dh", P256DH_BYTES)?;
        if p256::PublicKey::from_sec1_bytes(&p256dh).is_err() {
            return Err(SubscriptionError::NotP256);
        }
        let auth = key(&auth, "auth", AUTH_BYTES)?;
        Ok(Subscription {
            endpoint,
            p256dh: URL_SAFE_NO_PAD.encode(p256dh),
            auth: URL_SAFE_NO_PAD.encode(auth),
        })
    }

    /// The subscription as the browser's JSON (endpoint and keys), e.g. to keep it; reading it
    /// back with [`Subscription::parse`] gives the same subscription.
    pub fn to_json(&self) -> String {
        serde_json::json!({ "endpoint": self.endpoint, "keys": { "p256dh": self.p256dh, "auth": self.auth } })
            .to_string()
    }

    /// The browser's public key.
    pub fn public_key(&self) -> Result<p256::PublicKey, SubscriptionError> {
        let bytes = key(&self.p256dh, "p256dh", P256DH_BYTES)?;
        p256::PublicKey::from_sec1_bytes(&bytes).map_err(|_| SubscriptionError::NotP256)
    }

    /// The authentication secret.
    pub fn auth_secret(&self) -> Result<[u8; AUTH_BYTES], SubscriptionError> {
        let bytes = key(&self.auth, "auth", AUTH_BYTES)?;
        let mut secret = [0; AUTH_BYTES];
        secret.copy_from_slice(&bytes);
        Ok(secret)
    }
}

/// A base64url key (padding allowed) of exactly `len` bytes.
fn key(text: &str, field: &'static str, len: usize) -> Result<Vec<u8>, SubscriptionError> {
    // Twice the longest key's text is more than any honest key.
    if text.len() > 2 * (len * 4).div_ceil(3) {
        return Err(SubscriptionError::KeyTooLong(field));
    }
    let bytes = URL_SAFE_NO_PAD
        .decode(text.trim_end_matches('='))
        .map_err(|_| SubscriptionError::NotBase64(field))?;
    if bytes.len() != len {
        return Err(SubscriptionError::WrongLength(field, len, bytes.len()));
    }
    Ok(bytes)
}

#[cfg(test)]
mod tests;

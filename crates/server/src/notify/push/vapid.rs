//! The server's VAPID key (RFC 8292): one P-256 key pair, kept as its 32-byte private scalar
//! (in the database, shared by every server), whose public half the browser subscribes with;
//! each push carries a short-lived ES256 token signed with it.

use std::fmt;
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::Signer as _;
use p256::ecdsa::{Signature, SigningKey};
use p256::elliptic_curve::sec1::ToEncodedPoint as _;

/// How long a push's VAPID token is valid (push services take at most 24 hours).
pub const TOKEN_LIFETIME: Duration = Duration::from_secs(12 * 3600);

/// The server's application-server key pair.
#[derive(Clone)]
pub struct VapidKey {
    secret: p256::SecretKey,
}

/// Bytes that are not a VAPID key.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct VapidKeyError;

impl fmt::Display for VapidKeyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "The stored VAPID key is not a 32-byte P-256 private key.")
    }
}

impl std::error::Error for VapidKeyError {}

impl VapidKey {
    /// A new random key pair (from the operating system's random numbers).
    pub fn generate() -> VapidKey {
        loop {
            let mut bytes = [0u8; 32];
            getrandom::fill(&mut bytes).expect("the operating system's random numbers");
            // Zero or a number past the group's order (a chance of about 2^-32) is drawn again.
            if let Ok(key) = VapidKey::from_bytes(&bytes) {
                return key;
            }
        }
    }

    /// The key kept by [`VapidKey::to_bytes`].
    pub fn from_bytes(bytes: &[u8]) -> Result<VapidKey, VapidKeyError> {
        if bytes.len() != 32 {
            return Err(VapidKeyError);
        }
        p256::SecretKey::from_slice(bytes)
            .map(|secret| VapidKey { secret })
            .map_err(|_| VapidKeyError)
    }

    /// The private key's 32 bytes (big-endian scalar), to keep.
    pub fn to_bytes(&self) -> [u8; 32] {
        self.secret.to_bytes().into()
    }

    /// The private key as base64url text (43 characters), to keep in a text column.
    pub fn to_b64url(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.to_bytes())
    }

    /// The key kept by [`VapidKey::to_b64url`].
    pub fn from_b64url(text: &str) -> Result<VapidKey, VapidKeyError> {
        VapidKey::from_bytes(&URL_SAFE_NO_PAD.decode(text.trim()).map_err(|_| VapidKeyError)?)
    }

    /// The public key as browsers take it (`applicationServerKey`, and the `k=` of each
    /// push): the uncompressed point, base64url without padding.
    pub fn public_b64(&self) -> String {
        URL_SAFE_NO_PAD.encode(self.secret.public_key().to_encoded_point(false).as_bytes())
    }

    /// The `Authorization` header's value for a push to `endpoint`: `vapid t=TOKEN, k=KEY`,
    /// the token's audience the endpoint's origin, its subject `contact`, valid until
    /// `now + TOKEN_LIFETIME`.
    pub fn authorization(&self, endpoint: &str, contact: &str, now: SystemTime) -> String {
        let exp = now.duration_since(UNIX_EPOCH).unwrap_or_default() + TOKEN_LIFETIME;
        let header = URL_SAFE_NO_PAD.encode(br#"{"typ":"JWT","alg":"ES256"}"#);
        let claims = serde_json::json!({ "aud": origin(endpoint), "exp": exp.as_secs(), "sub": contact });
        let claims = URL_SAFE_NO_PAD.encode(claims.to_string());
        let signed = format!("{header}.{claims}");
        let signature: Signature = SigningKey::from(&self.secret).sign(signed.as_bytes());
        let token = format!("{signed}.{}", URL_SAFE_NO_PAD.encode(signature.to_bytes()));
        format!("vapid t={token}, k={}", self.public_b64())
    }
}

impl fmt::Debug for VapidKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Never the private half.
        write!(f, "VapidKey({})", self.public_b64())
    }
}

/// An address's origin: `scheme://host[:port]`, the part before the path.
pub fn origin(endpoint: &str) -> &str {
    let after_scheme = endpoint.find("://").map_or(0, |i| i + 3);
    match endpoint[after_scheme..].find(['/', '?', '#']) {
        Some(i) => &endpoint[..after_scheme + i],
        None => endpoint,
    }
}

/// Whether `contact` can be a VAPID token's subject: a `mailto:` address or an `https://` page
/// (Apple's push service refuses others). The error is a sentence for the command line.
pub fn check_contact(contact: &str) -> Result<(), String> {
    let ok = |rest: &str| !rest.is_empty() && rest.bytes().all(|b| b.is_ascii_graphic());
    match (contact.strip_prefix("mailto:"), contact.strip_prefix("https://")) {
        (Some(address), _) if ok(address) && address.contains('@') => Ok(()),
        (_, Some(page)) if ok(page) => Ok(()),
        _ => Err(format!(
            "The push contact {contact:?} is not a mailto: address or an https:// page (push services ask for one)."
        )),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use p256::ecdsa::VerifyingKey;
    use p256::ecdsa::signature::Verifier as _;

    #[test]
    fn keys_round_trip_and_tokens_verify() {
        let key = VapidKey::generate();
        let again = VapidKey::from_bytes(&key.to_bytes()).expect("its own bytes");
        assert_eq!(key.public_b64(), again.public_b64());
        assert_eq!(
            VapidKey::from_b64url(&key.to_b64url())
                .expect("its own text")
                .to_bytes(),
            key.to_bytes()
        );
        assert_eq!(VapidKey::from_b64url("not a key").map(|_| ()), Err(VapidKeyError));
        assert_eq!(key.public_b64().len(), 87);
        assert_eq!(VapidKey::from_bytes(&[0; 32]).map(|_| ()), Err(VapidKeyError));
        assert_eq!(VapidKey::from_bytes(&[1; 31]).map(|_| ()), Err(VapidKeyError));
        assert!(!format!("{key:?}").contains(&format!("{:?}", key.to_bytes())));

        let now = UNIX_EPOCH + Duration::from_secs(1_800_000_000);
        let header = key.authorization("http://127.0.0.1:4000/push/1", "mailto:ops@example.org", now);
        let (token, k) = header
            .strip_prefix("vapid t=")
            .and_then(|r| r.split_once(", k="))
            .expect("t and k");
        assert_eq!(k, key.public_b64());
        let (signed, signature) = token.rsplit_once('.').expect("three parts");
        let claims: serde_json::Value =
            serde_json::from_slice(&URL_SAFE_NO_PAD.decode(signed.split('.').nth(1).unwrap()).unwrap()).unwrap();
        assert_eq!(claims["aud"], "http://127.0.0.1:4000");
        assert_eq!(claims["exp"], 1_800_000_000 + 12 * 3600);
        assert_eq!(claims["sub"], "mailto:ops@example.org");
        let verifying = VerifyingKey::from_sec1_bytes(&URL_SAFE_NO_PAD.decode(k).unwrap()).unwrap();
        let signature = Signature::from_slice(&URL_SAFE_NO_PAD.decode(signature).unwrap()).unwrap();
        verifying
            .verify(signed.as_bytes(), &signature)
            .expect("signed by the key");
    }

    #[test]
    fn origins_and_contacts() {
        assert_eq!(
            origin("https://fcm.googleapis.com/fcm/send/x"),
            "https://fcm.googleapis.com"
        );
        assert_eq!(
            origin("https://wns2.notify.windows.com/w/?token=a"),
            "https://wns2.notify.windows.com"
        );
        assert_eq!(origin("http://127.0.0.1:4000/push/1"), "http://127.0.0.1:4000");
        check_contact("mailto:ops@example.org").expect("mailto");
        check_contact("https://parlour.example.org/").expect("https");
        for bad in [
            "ops@example.org",
            "mailto:",
            "mailto:nobody",
            "http://example.org",
            "https://",
            "mailto:a b@c",
        ] {
            assert!(check_contact(bad).is_err(), "{bad}");
        }
    }
}

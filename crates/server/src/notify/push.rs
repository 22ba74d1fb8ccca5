//! Web Push (issue 75 item 3): "your turn" notices sent to a player's browser through its push
//! service. A notice is JSON ([`PushPayload`]) encrypted for the browser's key (RFC 8291,
//! aes128gcm, web-push-native's `encrypt`), posted to the subscription's endpoint (RFC 8030)
//! with the server's VAPID token (RFC 8292, [`VapidKey`]), a `TTL`, `Urgency: normal` and a
//! `Topic` made from the notice's id, so that a notice sent again replaces the first one still
//! waiting at the push service. Subscriptions are checked on the way in ([`Subscription::parse`]):
//! only the known push services' https addresses, or the local test receiver's with
//! `--push-test-endpoint`.

mod out;
mod subscription;
mod vapid;

use std::time::{Duration, SystemTime};

use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use http_body_util::{BodyExt as _, Full, Limited};
use hyper_rustls::HttpsConnector;
use hyper_util::client::legacy::Client;
use hyper_util::client::legacy::connect::HttpConnector;
use hyper_util::rt::TokioExecutor;
use serde::{Deserialize, Serialize};
use sha2::{Digest as _, Sha256};

use axum::body::Bytes;
use axum::http::{Request, StatusCode, header};

pub use self::subscription::{MAX_ENDPOINT, MAX_SUBSCRIPTION, PushTargets, Subscription, SubscriptionError};
pub use self::vapid::{TOKEN_LIFETIME, VapidKey, VapidKeyError, check_contact, origin};

/// How long a push may take, connection, answer and all.
pub const PUSH_TIMEOUT: Duration = Duration::from_secs(10);
/// The longest `TTL` sent: four weeks (push services keep messages no longer anyway).
pub const MAX_TTL: Duration = Duration::from_secs(28 * 24 * 3600);
/// The largest encrypted body push services must take (RFC 8030 section 7.2).
pub const MAX_BODY: usize = 4096;

/// What a notice shows, as the service worker (`web/sw.js`) reads it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct PushPayload {
    /// The notice's id: the notification's tag and the push's `Topic`, so that a notice sent
    /// again (same id) replaces the first.
    pub id: String,
    /// The notification's title.
    pub title: String,
    /// Its text.
    pub body: String,
    /// The page a click on it opens.
    pub url: String,
}

/// What the push service did with a push.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Sent {
    /// Taken (201 or another 2xx): it will reach the browser while the TTL lasts.
    Delivered,
    /// The subscription no longer exists (404 or 410): drop it.
    Gone,
}

/// A push that failed; [`PushError::retry`] says whether trying again later may help.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PushError {
    /// The subscription's endpoint or keys are not acceptable to this pusher.
    Subscription(SubscriptionError),
    /// The encrypted notice would be over [`MAX_BODY`] bytes (its size).
    TooLong(usize),
    /// The encryption failed.
    Encrypt(String),
    /// No answer within [`PUSH_TIMEOUT`].
    Timeout,
    /// No connection, or it broke (the cause).
    Connection(String),
    /// The push service refused the push.
    Refused {
        /// Its status code.
        status: u16,
        /// The start of its answer's text.
        reason: String,
        /// Its `Retry-After`, in seconds, if any.
        retry_after: Option<u64>,
    },
}

impl PushError {
    /// Whether the same push may succeed later: timeouts, broken connections, 429 and 5xx.
    pub fn retry(&self) -> bool {
        match self {
            PushError::Timeout | PushError::Connection(_) => true,
            PushError::Refused { status, .. } => *status == 429 || *status >= 500,
            _ => false,
        }
    }
}

impl std::fmt::Display for PushError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            PushError::Subscription(e) => write!(f, "{e}"),
            PushError::TooLong(n) => write!(
                f,
                "The notice is {n} bytes encrypted, over the {MAX_BODY} push services take."
            ),
            PushError::Encrypt(e) => write!(f, "The notice could not be encrypted for the browser: {e}."),
            PushError::Timeout => {
                write!(
                    f,
                    "The push service did not answer within {} seconds.",
                    PUSH_TIMEOUT.as_secs()
                )
            }
            PushError::Connection(e) => write!(f, "The push service could not be reached: {e}."),
            PushError::Refused { status, reason, .. } if reason.is_empty() => {
                write!(f, "The push service refused the notice ({status}).")
            }
            PushError::Refused { status, reason, .. } => {
                write!(f, "The push service refused the notice ({status}: {reason}).")
            }
        }
    }
}

impl std::error::Error for PushError {}

/// The push `Topic` for a notice id: the first 24 bytes of its SHA-256, base64url (32
/// characters, the most RFC 8030 allows).
pub fn topic(id: &str) -> String {
    URL_SAFE_NO_PAD.encode(&Sha256::digest(id.as_bytes())[..24])
}

/// Sends notices: the server's VAPID key and contact, the addresses it may push to, and one
/// HTTPS client (its connections kept between pushes). Cheap to clone (the clones share the
/// client's connections).
#[derive(Clone)]
pub struct Pusher {
    key: VapidKey,
    contact: String,
    targets: PushTargets,
    client: Client<HttpsConnector<HttpConnector>, Full<Bytes>>,
}

impl Pusher {
    /// A pusher signing with `key`, naming `contact` (a `mailto:` address or an https page, see
    /// [`check_contact`]) in its tokens, pushing to the push services only
    /// ([`PushTargets::default`]). Sending needs a Tokio runtime; making one does not.
    pub fn new(key: VapidKey, contact: String) -> Pusher {
        // ring rather than aws-lc-rs (a C and CMake build of minutes): rustls marks ring's
        // provider deprecated for lacking post-quantum key exchange, which notices can do without.
        #[expect(
            deprecated,
            reason = "ring's provider has no post-quantum key exchange; not needed here"
        )]
        let provider = rustls::crypto::ring::default_provider();
        let mut http = HttpConnector::new();
        http.enforce_http(false);
        http.set_connect_timeout(Some(PUSH_TIMEOUT));
        let https = hyper_rustls::HttpsConnectorBuilder::new()
            .with_provider_and_webpki_roots(provider)
            .expect("ring supports rustls' default protocol versions")
            // http:// only reaches the test receiver: `send` checks each endpoint first.
            .https_or_http()
            .enable_http1()
            .wrap_connector(http);
        let client = Client::builder(TokioExecutor::new())
            .pool_idle_timeout(Duration::from_secs(60))
            .build(https);
        Pusher {
            key,
            contact,
            targets: PushTargets::default(),
            client,
        }
    }

    /// The same, pushing to `targets` (e.g. [`PushTargets::with_test_endpoint`]).
    pub fn with_targets(mut self, targets: PushTargets) -> Pusher {
        self.targets = targets;
        self
    }

    /// The VAPID public key browsers subscribe with ([`VapidKey::public_b64`]).
    pub fn public_b64(&self) -> String {
        self.key.public_b64()
    }

    /// Sends `payload` to `sub`, kept by the push service for `ttl` (at most [`MAX_TTL`]; e.g.
    /// the time left on the turn) if the browser is away.
    pub async fn send(&self, sub: &Subscription, payload: &PushPayload, ttl: Duration) -> Result<Sent, PushError> {
        let request = self.request(sub, payload, ttl, SystemTime::now())?;
        let exchange = async {
            let answer = self
                .client
                .request(request)
                .await
                .map_err(|e| PushError::Connection(causes(&e)))?;
            let status = answer.status();
            let retry_after = answer
                .headers()
                .get(header::RETRY_AFTER)
                .and_then(|v| v.to_str().ok())
                .and_then(|v| v.trim().parse().ok());
            let body = Limited::new(answer.into_body(), 64 * 1024).collect().await;
            let reason = body.map(|b| b.to_bytes()).unwrap_or_default();
            Ok((status, retry_after, reason))
        };
        let (status, retry_after, reason) = tokio::time::timeout(PUSH_TIMEOUT, exchange)
            .await
            .map_err(|_| PushError::Timeout)??;
        match status {
            StatusCode::NOT_FOUND | StatusCode::GONE => Ok(Sent::Gone),
            s if s.is_success() => Ok(Sent::Delivered),
            s => {
                let text = String::from_utf8_lossy(&reason);
                let reason: String = text
                    .split_whitespace()
                    .collect::<Vec<_>>()
                    .join(" ")
                    .chars()
                    .take(200)
                    .collect();
                Err(PushError::Refused {
                    status: s.as_u16(),
                    reason,
                    retry_after,
                })
            }
        }
    }

    /// The push's HTTP request, encrypted and signed at `now`.
    pub fn request(
        &self,
        sub: &Subscription,
        payload: &PushPayload,
        ttl: Duration,
        now: SystemTime,
    ) -> Result<Request<Full<Bytes>>, PushError> {
        self.targets.check(&sub.endpoint).map_err(PushError::Subscription)?;
        let public = sub.public_key().map_err(PushError::Subscription)?;
        let auth = web_push_native::Auth::from(sub.auth_secret().map_err(PushError::Subscription)?);
        let json = serde_json::to_vec(payload).expect("a payload is always JSON");
        // The encrypted body is the 86-byte header, the text, a padding delimiter and the tag.
        let size = json.len() + 86 + 17;
        if size > MAX_BODY {
            return Err(PushError::TooLong(size));
        }
        let body = web_push_native::encrypt(json, &public, &auth).map_err(|e| PushError::Encrypt(e.to_string()))?;
        Request::post(sub.endpoint.as_str())
            .header("TTL", ttl.min(MAX_TTL).as_secs())
            .header("Urgency", "normal")
            .header("Topic", topic(&payload.id))
            .header(header::CONTENT_ENCODING, "aes128gcm")
            .header(header::CONTENT_TYPE, "application/octet-stream")
            .header(
                header::AUTHORIZATION,
                self.key.authorization(&sub.endpoint, &self.contact, now),
            )
            .body(Full::new(Bytes::from(body)))
            .map_err(|_| PushError::Subscription(SubscriptionError::EndpointNotAddress))
    }
}

/// The pusher a server's settings give: its VAPID key as kept (`VapidKey::to_b64url`, e.g. from
/// `server_key("vapid", &VapidKey::generate().to_b64url())`), its contact ([`contact_for`]) and
/// the test receiver's prefix (`--push-test-endpoint`), if any. Errors are sentences.
pub fn pusher_for(key: &str, contact: String, test_endpoint: Option<&str>) -> Result<Pusher, String> {
    let key = VapidKey::from_b64url(key).map_err(|e| e.to_string())?;
    check_contact(&contact)?;
    let targets = match test_endpoint {
        Some(prefix) => PushTargets::with_test_endpoint(prefix)?,
        None => PushTargets::default(),
    };
    Ok(Pusher::new(key, contact).with_targets(targets))
}

/// The VAPID subject for a server: its public address when that is https (`--public-url`),
/// else the address its e-mail comes from (`--mail-from`, `Name <address>` or the address
/// alone), else a placeholder address (fine for tests; Apple's push service wants a real one).
pub fn contact_for(link: &str, mail_from: Option<&str>) -> String {
    if link.starts_with("https://") && check_contact(link).is_ok() {
        return link.to_string();
    }
    let address = mail_from.map(|from| match (from.rfind('<'), from.rfind('>')) {
        (Some(open), Some(close)) if open < close => from[open + 1..close].trim(),
        _ => from.trim(),
    });
    match address.map(|a| format!("mailto:{a}")) {
        Some(contact) if check_contact(&contact).is_ok() => contact,
        _ => "mailto:parlour@localhost.localdomain".to_string(),
    }
}

/// An error and its causes, joined (hyper's own says little more than "client error").
fn causes(error: &dyn std::error::Error) -> String {
    let mut text = error.to_string();
    let mut source = error.source();
    while let Some(e) = source {
        text.push_str(": ");
        text.push_str(&e.to_string());
        source = e.source();
    }
    text
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn pushers_go_between_tasks() {
        fn shared<T: Send + Sync + 'static>() {}
        shared::<Pusher>();
        shared::<Subscription>();
    }

    #[test]
    fn settings_give_a_pusher() {
        assert_eq!(contact_for("https://parlour.example", None), "https://parlour.example");
        assert_eq!(
            contact_for("http://127.0.0.1:7878", Some("Parlour <ops@parlour.example>")),
            "mailto:ops@parlour.example"
        );
        assert_eq!(
            contact_for("http://127.0.0.1:7878", Some("ops@parlour.example")),
            "mailto:ops@parlour.example"
        );
        assert_eq!(
            contact_for("http://127.0.0.1:7878", None),
            "mailto:parlour@localhost.localdomain"
        );
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let _guard = runtime.enter();
        let key = VapidKey::generate();
        let pusher = pusher_for(
            &key.to_b64url(),
            "mailto:ops@parlour.example".into(),
            Some("http://127.0.0.1:4000/"),
        );
        assert_eq!(pusher.expect("a pusher").public_b64(), key.public_b64());
        assert!(pusher_for("nope", "mailto:ops@parlour.example".into(), None).is_err());
        assert!(pusher_for(&key.to_b64url(), "ops".into(), None).is_err());
        assert!(pusher_for(&key.to_b64url(), "mailto:a@b".into(), Some("http://example.com/")).is_err());
    }

    #[test]
    fn topics_are_short_and_stable() {
        let t = topic("turn:game-42:ply-17");
        assert_eq!(t.len(), 32);
        assert!(t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'));
        assert_eq!(t, topic("turn:game-42:ply-17"));
        assert_ne!(t, topic("turn:game-42:ply-18"));
    }

    /// RFC 8291's example (appendix A) decrypts with the same code the test receiver uses, so
    /// the receiver's check of our pushes is a check against the RFC.
    #[test]
    fn the_rfc_8291_example_decrypts() {
        let decode = |s: &str| URL_SAFE_NO_PAD.decode(s).unwrap();
        let ua_private = p256::SecretKey::from_slice(&decode("q1dXpw3UpT5VOmu_cf_v6ih07Aems3njxI-JWgLcM94")).unwrap();
        let auth: [u8; 16] = decode("BTBZMqHH6r4Tts7J_aSIgg").try_into().unwrap();
        let message = decode(concat!(
            "DGv6ra1nlYgDCS1FRnbzlwAAEABBBP4z9KsN6nGRTbVYI_c7VJSPQTBtkgcy27mlmlMoZIIgDll6e3vCYLocInmYWAmS6Tlz",
            "AC8wEqKK6PBru3jl7A_yl95bQpu6cVPTpK4Mqgkf1CXztLVBSt2Ks3oZwbuwXPXLWyouBWLVWGNWQexSgSxsj_Qulcy4a-fN"
        ));
        let plain = web_push_native::decrypt(message, &ua_private, &web_push_native::Auth::from(auth)).unwrap();
        assert_eq!(plain, b"When I grow up, I want to be a watermelon");
    }

    #[test]
    fn long_notices_and_unknown_endpoints_are_refused_before_sending() {
        let runtime = tokio::runtime::Builder::new_current_thread().build().unwrap();
        let _guard = runtime.enter();
        let pusher = Pusher::new(VapidKey::generate(), "mailto:ops@example.org".into());
        let mut sub = Subscription {
            endpoint: "https://fcm.googleapis.com/fcm/send/x".into(),
            p256dh: "BLn9b-VR0ca83knDNZ32dCHGyjJp-1riX9ZTN40MqV8K_LpQmLqxC_DoHvqvFXO_nGdAB4W9dogZb_sM-uV4JbY".into(),
            auth: "_ordMnz7uTCmrpBTeUV4Bw".into(),
        };
        let payload = PushPayload {
            id: "a".into(),
            title: "t".into(),
            body: "b".repeat(5000),
            url: "/".into(),
        };
        let now = SystemTime::now();
        assert!(matches!(
            pusher.request(&sub, &payload, MAX_TTL, now),
            Err(PushError::TooLong(_))
        ));
        let short = PushPayload {
            body: "Your turn".into(),
            ..payload
        };
        let request = pusher.request(&sub, &short, MAX_TTL * 2, now).expect("a request");
        assert_eq!(request.headers()["TTL"], MAX_TTL.as_secs().to_string().as_str());
        assert_eq!(request.headers()["Topic"], topic("a").as_str());
        sub.endpoint = "http://127.0.0.1:4000/push/1".into();
        let refused = pusher
            .request(&sub, &short, MAX_TTL, now)
            .expect_err("not without the test prefix");
        assert_eq!(refused, PushError::Subscription(SubscriptionError::EndpointNotHttps));
        assert!(!refused.retry());
    }
}

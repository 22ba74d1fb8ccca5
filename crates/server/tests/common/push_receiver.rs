//! A local push service for tests: browser-shaped subscriptions on `http://127.0.0.1:PORT/push/N`
//! (start the server with `--push-test-endpoint` set to [`PushReceiver::prefix`]), every push
//! checked as a push service would (the VAPID token's ES256 signature against its `k=` key, its
//! audience, its expiry, the `TTL`, the encoding, the size), then decrypted with the
//! subscription's private key and recorded. It runs on a thread and runtime of its own, so
//! blocking tests (`#[test]` with engine sessions) and `#[tokio::test]` ones can both use it.

use std::net::SocketAddr;
use std::sync::{Arc, Mutex};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use axum::Router;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode, header};
use axum::routing::post;
use base64::Engine as _;
use base64::engine::general_purpose::URL_SAFE_NO_PAD;
use p256::ecdsa::signature::Verifier as _;
use p256::ecdsa::{Signature, VerifyingKey};
use p256::elliptic_curve::sec1::ToEncodedPoint as _;

/// A push the receiver took, decrypted.
#[derive(Clone, Debug)]
pub struct Received {
    /// The subscription's number (the `N` of its endpoint, in the order of `subscribe`).
    pub sub: usize,
    /// The decrypted notice.
    pub payload: serde_json::Value,
    /// The `Topic` header.
    pub topic: Option<String>,
    /// The `TTL` header, in seconds.
    pub ttl: u64,
    /// The `Urgency` header.
    pub urgency: Option<String>,
    /// The VAPID public key (`k=`) the push was signed with.
    pub vapid_key: String,
    /// The token's subject (the server's contact).
    pub contact: String,
}

/// A push the receiver refused.
#[derive(Clone, Debug)]
pub struct Refusal {
    /// The subscription's number.
    pub sub: usize,
    /// The status answered.
    pub status: u16,
    /// Why.
    pub reason: String,
}

struct Sub {
    secret: p256::SecretKey,
    auth: [u8; 16],
    /// The application server key it was made for, if any: pushes signed by another are refused.
    key: Option<String>,
    gone: bool,
}

#[derive(Default)]
struct Inner {
    subs: Vec<Sub>,
    messages: Vec<Received>,
    refusals: Vec<Refusal>,
}

type Shared = Arc<Mutex<Inner>>;

/// The receiver; stopped when dropped.
pub struct PushReceiver {
    addr: SocketAddr,
    inner: Shared,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
}

impl PushReceiver {
    /// Starts a receiver on `127.0.0.1:0`.
    pub async fn start() -> PushReceiver {
        PushReceiver::spawn()
    }

    /// [`PushReceiver::start`] for tests without a runtime.
    pub fn spawn() -> PushReceiver {
        let listener = std::net::TcpListener::bind("127.0.0.1:0").expect("a loopback port");
        listener.set_nonblocking(true).expect("non-blocking");
        let addr = listener.local_addr().expect("its address");
        let inner = Shared::default();
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let app = Router::new()
            .route("/push/{n}", post(push))
            .with_state((inner.clone(), addr));
        std::thread::spawn(move || {
            let runtime = tokio::runtime::Builder::new_current_thread()
                .enable_all()
                .build()
                .expect("a runtime");
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::from_std(listener).expect("a tokio listener");
                let _ = axum::serve(listener, app)
                    .with_graceful_shutdown(async {
                        let _ = stopped.await;
                    })
                    .await;
            });
        });
        PushReceiver {
            addr,
            inner,
            stop: Some(stop),
        }
    }

    /// `http://127.0.0.1:PORT/`: the prefix of every endpoint it hands out.
    pub fn prefix(&self) -> String {
        format!("http://{}/", self.addr)
    }

    /// A new subscription taking pushes signed by any VAPID key, as the JSON text a browser's
    /// `PushSubscription.toJSON()` gives.
    pub fn subscribe(&self) -> String {
        self.subscribe_with(None)
    }

    /// A new subscription made for the application server key `key` (base64url, as the
    /// browser's `applicationServerKey`): pushes signed by another key are refused with 403.
    pub fn subscribe_for(&self, key: &str) -> String {
        self.subscribe_with(Some(key.to_string()))
    }

    fn subscribe_with(&self, key: Option<String>) -> String {
        let secret = loop {
            let mut bytes = [0u8; 32];
            getrandom::fill(&mut bytes).expect("random numbers");
            if let Ok(secret) = p256::SecretKey::from_slice(&bytes) {
                break secret;
            }
        };
        let mut auth = [0u8; 16];
        getrandom::fill(&mut auth).expect("random numbers");
        let p256dh = URL_SAFE_NO_PAD.encode(secret.public_key().to_encoded_point(false).as_bytes());
        let mut inner = self.inner.lock().unwrap();
        let n = inner.subs.len();
        inner.subs.push(Sub {
            secret,
            auth,
            key,
            gone: false,
        });
        serde_json::json!({
            "endpoint": format!("{}push/{n}", self.prefix()),
            "expirationTime": null,
            "keys": { "p256dh": p256dh, "auth": URL_SAFE_NO_PAD.encode(auth) },
        })
        .to_string()
    }

    /// From now on, pushes to subscription `n` are answered 410 Gone (it was unsubscribed).
    pub fn gone(&self, n: usize) {
        self.inner.lock().unwrap().subs[n].gone = true;
    }

    /// Every push taken so far, in order.
    pub fn messages(&self) -> Vec<Received> {
        self.inner.lock().unwrap().messages.clone()
    }

    /// Every push refused so far, in order.
    pub fn refusals(&self) -> Vec<Refusal> {
        self.inner.lock().unwrap().refusals.clone()
    }

    /// Waits until at least `count` pushes were taken (or `within` passed), then returns them all.
    pub async fn wait_messages(&self, count: usize, within: Duration) -> Vec<Received> {
        let deadline = tokio::time::Instant::now() + within;
        loop {
            let messages = self.messages();
            if messages.len() >= count || tokio::time::Instant::now() >= deadline {
                return messages;
            }
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    }
}

impl Drop for PushReceiver {
    fn drop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
    }
}

async fn push(
    State((inner, addr)): State<(Shared, SocketAddr)>,
    Path(n): Path<usize>,
    headers: HeaderMap,
    body: Bytes,
) -> (StatusCode, String) {
    let mut inner = inner.lock().unwrap();
    let origin = format!("http://{addr}");
    let checked = match inner.subs.get(n) {
        None => Err((StatusCode::NOT_FOUND, "no such subscription".to_string())),
        Some(sub) if sub.gone => Err((StatusCode::GONE, "unsubscribed".to_string())),
        Some(sub) => check(sub, n, &origin, &headers, &body),
    };
    match checked {
        Ok(received) => {
            inner.messages.push(received);
            (StatusCode::CREATED, String::new())
        }
        Err((status, reason)) => {
            inner.refusals.push(Refusal {
                sub: n,
                status: status.as_u16(),
                reason: reason.clone(),
            });
            (status, reason)
        }
    }
}

type Refused = (StatusCode, String);

fn bad(reason: &str) -> Refused {
    (StatusCode::BAD_REQUEST, reason.to_string())
}

/// A push as a push service checks it, decrypted.
fn check(sub: &Sub, n: usize, origin: &str, headers: &HeaderMap, body: &[u8]) -> Result<Received, Refused> {
    let text = |name: &str| headers.get(name).and_then(|v| v.to_str().ok()).map(str::to_string);
    let ttl = text("ttl")
        .ok_or_else(|| bad("no TTL"))?
        .parse()
        .map_err(|_| bad("TTL is not a number"))?;
    if text("content-encoding").as_deref() != Some("aes128gcm") {
        return Err((StatusCode::UNSUPPORTED_MEDIA_TYPE, "not aes128gcm".into()));
    }
    if body.len() > 4096 {
        return Err((StatusCode::PAYLOAD_TOO_LARGE, "over 4096 bytes".into()));
    }
    let topic = text("topic");
    if let Some(t) = &topic
        && (t.len() > 32 || !t.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'-' || b == b'_'))
    {
        return Err(bad("Topic is not at most 32 base64url characters"));
    }
    let urgency = text("urgency");
    if urgency
        .as_deref()
        .is_some_and(|u| !["very-low", "low", "normal", "high"].contains(&u))
    {
        return Err(bad("unknown Urgency"));
    }
    let authorization =
        text(header::AUTHORIZATION.as_str()).ok_or((StatusCode::UNAUTHORIZED, "no Authorization".into()))?;
    let (vapid_key, contact) = vapid(&authorization, origin).map_err(|e| (StatusCode::UNAUTHORIZED, e))?;
    if sub.key.as_ref().is_some_and(|k| *k != vapid_key) {
        return Err((
            StatusCode::FORBIDDEN,
            "signed by another key than the subscription's".into(),
        ));
    }
    let auth = web_push_native::Auth::from(sub.auth);
    let plain =
        web_push_native::decrypt(body.to_vec(), &sub.secret, &auth).map_err(|e| bad(&format!("not decrypted: {e}")))?;
    let payload = serde_json::from_slice(&plain).map_err(|_| bad("the decrypted notice is not JSON"))?;
    Ok(Received {
        sub: n,
        payload,
        topic,
        ttl,
        urgency,
        vapid_key,
        contact,
    })
}

/// Checks `vapid t=TOKEN, k=KEY`: an ES256 token signed by KEY, for `origin`, expiring in the
/// next 24 hours, with a mailto: or https: subject. Returns the key and the subject.
fn vapid(authorization: &str, origin: &str) -> Result<(String, String), String> {
    let rest = authorization
        .strip_prefix("vapid ")
        .ok_or("not a vapid authorization")?;
    let (mut token, mut key) = (None, None);
    for part in rest.split(',') {
        match part.trim().split_once('=') {
            Some(("t", t)) => token = Some(t),
            Some(("k", k)) => key = Some(k),
            _ => return Err(format!("unknown part {part:?}")),
        }
    }
    let (token, key) = (token.ok_or("no t=")?, key.ok_or("no k=")?);
    let decode = |s: &str| URL_SAFE_NO_PAD.decode(s).map_err(|_| "not base64url".to_string());
    let verifying = VerifyingKey::from_sec1_bytes(&decode(key)?).map_err(|_| "k= is not a P-256 key")?;
    let (signed, signature) = token.rsplit_once('.').ok_or("not a JWT")?;
    let (head, claims) = signed.split_once('.').ok_or("not a JWT")?;
    let head: serde_json::Value = serde_json::from_slice(&decode(head)?).map_err(|_| "header not JSON")?;
    if head["alg"] != "ES256" {
        return Err("not ES256".into());
    }
    let signature = Signature::from_slice(&decode(signature)?).map_err(|_| "not an ES256 signature")?;
    verifying
        .verify(signed.as_bytes(), &signature)
        .map_err(|_| "bad signature")?;
    let claims: serde_json::Value = serde_json::from_slice(&decode(claims)?).map_err(|_| "claims not JSON")?;
    if claims["aud"] != origin {
        return Err(format!("aud {} is not {origin}", claims["aud"]));
    }
    let now = SystemTime::now().duration_since(UNIX_EPOCH).unwrap().as_secs();
    let exp = claims["exp"].as_u64().ok_or("no exp")?;
    if exp <= now || exp > now + 24 * 3600 {
        return Err(format!("exp {exp} is not within the next 24 hours"));
    }
    let contact = claims["sub"].as_str().ok_or("no sub")?.to_string();
    if !contact.starts_with("mailto:") && !contact.starts_with("https://") {
        return Err("sub is not mailto: or https:".into());
    }
    Ok((key.to_string(), contact))
}

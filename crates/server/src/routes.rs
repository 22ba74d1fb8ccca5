//! The HTTP side: `/ws` upgrades to the game WebSocket, `/health` answers `ok` when the
//! database takes a write (503 and why when not), and with a web
//! directory, `/` and `/g/<code>` serve the browser client (the page reads the code itself). Each WebSocket
//! is one task that reads requests in order, answers each, and forwards the pushes of the game
//! it follows. Every frame is size-checked and rate-limited before it is read.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::IntoResponse;
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use parlour_online::wire::{MAX_MESSAGE_BYTES, Reply, Request};
use tokio::sync::broadcast;
use tokio::time::Instant;

use crate::games::{Refusal, Registry, Seated};
use crate::store::Store;

/// Requests a connection may send per second, on average.
pub const RATE_PER_SEC: f64 = 20.0;
/// Requests a connection may send at once after a quiet spell.
pub const BURST: f64 = 40.0;
/// Refused-for-rate requests after which the connection is closed.
const ABUSE_LIMIT: u32 = 200;

/// The server's routes over a registry; with `web`, the browser client's files from that
/// directory (brotli or gzipped copies preferred where the browser accepts them).
pub fn router<S: Store>(registry: Arc<Registry<S>>, web: Option<std::path::PathBuf>) -> Router {
    let api = Router::new()
        .route("/ws", get(upgrade::<S>))
        .route("/health", get(health::<S>))
        .with_state(registry);
    match web {
        Some(dir) => {
            let index = tower_http::services::ServeFile::new(dir.join("index.html"));
            api.route_service("/g/{code}", index).fallback_service(
                tower_http::services::ServeDir::new(dir)
                    .precompressed_br()
                    .precompressed_gzip(),
            )
        }
        None => api.route(
            "/",
            get(|| async {
                "This Parlour server has no browser client: build it with scripts/web.sh and start the \
                 server with --web web/dist."
            }),
        ),
    }
}

/// `/health`: `ok` when the database takes a real write now; 503 with the reason when not.
async fn health<S: Store>(State(registry): State<Arc<Registry<S>>>) -> impl IntoResponse {
    match registry.health().await {
        Ok(()) => (axum::http::StatusCode::OK, "ok".to_string()),
        Err(why) => (axum::http::StatusCode::SERVICE_UNAVAILABLE, why),
    }
}

async fn upgrade<S: Store>(ws: WebSocketUpgrade, State(registry): State<Arc<Registry<S>>>) -> impl IntoResponse {
    // Frames past the limit (with room for the JSON around a maximal request) end the
    // connection in the WebSocket layer; shorter over-long messages get a sentence below.
    ws.max_message_size(4 * MAX_MESSAGE_BYTES)
        .max_frame_size(4 * MAX_MESSAGE_BYTES)
        .on_upgrade(move |socket| connection(socket, registry))
}

/// A token bucket: `RATE_PER_SEC` refills, `BURST` deep.
struct Bucket {
    tokens: f64,
    at: Instant,
}

impl Bucket {
    fn take(&mut self) -> bool {
        let now = Instant::now();
        self.tokens = (self.tokens + now.duration_since(self.at).as_secs_f64() * RATE_PER_SEC).min(BURST);
        self.at = now;
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            true
        } else {
            false
        }
    }
}

async fn connection<S: Store>(socket: WebSocket, registry: Arc<Registry<S>>) {
    let (mut sink, mut stream) = socket.split();
    let mut follow: Option<broadcast::Receiver<Reply>> = None;
    let mut bucket = Bucket {
        tokens: BURST,
        at: Instant::now(),
    };
    let mut refused_for_rate = 0u32;
    loop {
        let out: Reply = tokio::select! {
            incoming = stream.next() => {
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let r = Reply::Error { req: None, message: "send requests as text frames of JSON".into() };
                        if sink.send(Message::Text(r.encode().into())).await.is_err() { return; }
                        continue;
                    }
                    Some(Ok(Message::Close(_))) | None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue, // pings are answered by the WebSocket layer
                };
                if !bucket.take() {
                    refused_for_rate += 1;
                    if refused_for_rate > ABUSE_LIMIT {
                        let _ = sink.send(Message::Close(None)).await;
                        return;
                    }
                    Reply::Error {
                        req: None,
                        message: format!("too many requests: at most {RATE_PER_SEC} a second; this one was not read"),
                    }
                } else {
                    handle(&registry, text.as_str(), &mut follow).await
                }
            }
            pushed = next_push(&mut follow) => match pushed {
                Some(reply) => reply,
                None => {
                    // Fell too far behind: close, and the client resumes from the database.
                    let _ = sink.send(Message::Close(None)).await;
                    return;
                }
            },
        };
        if sink.send(Message::Text(out.encode().into())).await.is_err() {
            return;
        }
    }
}

/// The next push of the followed game; pending forever when none is followed.
async fn next_push(follow: &mut Option<broadcast::Receiver<Reply>>) -> Option<Reply> {
    match follow {
        Some(rx) => match rx.recv().await {
            Ok(r) => Some(r),
            Err(broadcast::error::RecvError::Lagged(_)) | Err(broadcast::error::RecvError::Closed) => None,
        },
        None => std::future::pending().await,
    }
}

/// One request, answered; `follow` switches to the game a seat or watch request names.
pub async fn handle<S: Store>(
    registry: &Registry<S>,
    text: &str,
    follow: &mut Option<broadcast::Receiver<Reply>>,
) -> Reply {
    let request = match Request::decode(text) {
        Ok(r) => r,
        Err(e) => {
            // Say which request failed when its number can be read.
            let req = serde_json::from_str::<serde_json::Value>(text)
                .ok()
                .and_then(|v| v.get("req").and_then(|r| r.as_u64()));
            return Reply::Error {
                req,
                message: e.to_string(),
            };
        }
    };
    let req = request.req();
    let seated = |s: Seated, follow: &mut Option<broadcast::Receiver<Reply>>| {
        *follow = Some(s.follow);
        Reply::Seated {
            req,
            seat: s.seat,
            token: s.token,
            game: s.game,
        }
    };
    let result: Result<Reply, Refusal> = match request {
        Request::New {
            game, options, seat, ..
        } => registry.create(&game, &options, seat).await.map(|s| seated(s, follow)),
        Request::Join { code, .. } => registry.join(&code).await.map(|s| seated(s, follow)),
        Request::Resume { code, token, .. } => registry.resume(&code, &token).await.map(|s| seated(s, follow)),
        Request::Watch { code, .. } => registry.watch(&code).await.map(|(game, rx)| {
            *follow = Some(rx);
            Reply::Watching { req, game }
        }),
        Request::Move {
            code, token, ply, mv, ..
        } => registry
            .play(&code, &token, ply, &mv)
            .await
            .map(|mv| Reply::Stored { req, code, ply, mv }),
        Request::Resign { code, token, .. } => registry.resign(&code, &token).await.map(|seat| Reply::Resigned {
            req: Some(req),
            code,
            seat,
        }),
    };
    result.unwrap_or_else(|e| Reply::Error {
        req: Some(req),
        message: e.to_string(),
    })
}

//! The HTTP side: `/ws` upgrades to the game WebSocket, `/health` answers `ok` when the
//! database takes a write (503 and why when not), and with a web
//! directory, `/`, `/g/<code>` and `/lobby` serve the browser client (the page reads its
//! address itself). Each WebSocket
//! is one task that reads requests in order, answers each, and forwards the pushes of the game
//! it follows. Every frame is size-checked and rate-limited before it is read.

use std::sync::Arc;

use axum::Router;
use axum::extract::State;
use axum::extract::connect_info::ConnectInfo;
use axum::extract::ws::{Message, WebSocket, WebSocketUpgrade};
use axum::response::IntoResponse;
use axum::routing::get;
use futures_util::{SinkExt, StreamExt};
use parlour_online::wire::{MAX_MESSAGE_BYTES, Reply, Request, Seat};
use tokio::sync::broadcast;
use tokio::time::Instant;

use crate::limits::Bucket;

mod policy;
mod web;
pub use self::policy::{IDLE_TIMEOUT, Policy};
use self::web::served_safely;

use crate::accounts::{self, Account};
use crate::games::{Refusal, Registry, SeatRefusal, Seated};
use crate::limits::{Key, Peer};
use crate::lobby::{self, Seeking};
use crate::store::Store;

/// Requests a connection may send per second, on average.
pub const RATE_PER_SEC: f64 = 20.0;
/// Requests a connection may send at once after a quiet spell.
pub const BURST: f64 = 40.0;
/// Refused-for-rate requests after which the connection is closed.
const ABUSE_LIMIT: u32 = 200;

/// A WebSocket's read buffer (it grows for a longer frame, up to the frame limit).
const READ_BUFFER: usize = 8 * 1024;
/// What a WebSocket gathers before writing to the socket (replies are flushed at once anyway).
const WRITE_BUFFER: usize = 16 * 1024;
/// What may wait to be written to a peer that does not read before the connection is cut.
const MAX_WRITE_BUFFER: usize = 256 * 1024;

/// The server's routes over a registry; with `web`, the browser client's files from that
/// directory (brotli or gzipped copies preferred where the browser accepts them; no file whose
/// name starts with a dot, and nothing a symbolic link leads to outside the directory).
pub fn router<S: Store>(registry: Arc<Registry<S>>, web: Option<std::path::PathBuf>) -> Router {
    router_with(registry, web, Policy::default())
}

/// [`router`] under `policy` (origins allowed besides the server's own, the idle limit).
pub fn router_with<S: Store>(registry: Arc<Registry<S>>, web: Option<std::path::PathBuf>, policy: Policy) -> Router {
    routes(registry, web, policy).layer(axum::middleware::from_fn(
        |req: axum::extract::Request, next: axum::middleware::Next| async move {
            // A whole request's headers have arrived: the header timeout no longer applies.
            if let Some(ConnectInfo(peer)) = req.extensions().get::<ConnectInfo<Peer>>() {
                peer.started();
            }
            next.run(req).await
        },
    ))
}

fn routes<S: Store>(registry: Arc<Registry<S>>, web: Option<std::path::PathBuf>, policy: Policy) -> Router {
    let api = Router::new()
        .route("/ws", get(upgrade::<S>))
        .route("/health", get(health::<S>))
        .with_state((registry, Arc::new(policy)));
    match web {
        Some(dir) => {
            let index = tower_http::services::ServeFile::new(dir.join("index.html"));
            let root = std::fs::canonicalize(&dir).unwrap_or_else(|_| dir.clone());
            let files = tower_http::services::ServeDir::new(dir)
                .precompressed_br()
                .precompressed_gzip();
            api.route_service("/g/{code}", index.clone())
                .route_service("/lobby", index)
                .fallback_service(Router::new().fallback_service(files).layer(axum::middleware::from_fn(
                    move |req: axum::extract::Request, next: axum::middleware::Next| {
                        let root = root.clone();
                        async move {
                            if served_safely(&root, req.uri().path()) {
                                next.run(req).await
                            } else {
                                (axum::http::StatusCode::NOT_FOUND, "not found").into_response()
                            }
                        }
                    },
                )))
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
async fn health<S: Store>(State((registry, _)): State<(Arc<Registry<S>>, Arc<Policy>)>) -> impl IntoResponse {
    match registry.health().await {
        Ok(()) => (axum::http::StatusCode::OK, "ok".to_string()),
        Err(why) => (axum::http::StatusCode::SERVICE_UNAVAILABLE, why),
    }
}

async fn upgrade<S: Store>(
    ws: WebSocketUpgrade,
    headers: axum::http::HeaderMap,
    peer: Option<axum::Extension<ConnectInfo<Peer>>>,
    State((registry, policy)): State<(Arc<Registry<S>>, Arc<Policy>)>,
) -> axum::response::Response {
    // Behind a trusted proxy, the client is the one its X-Forwarded-For names.
    let forwarded = headers
        .get_all("x-forwarded-for")
        .iter()
        .filter_map(|v| v.to_str().ok());
    let peer = peer.map(|axum::Extension(ConnectInfo(p))| p.behind(forwarded));
    let header = |name| {
        headers
            .get(name)
            .and_then(|v: &axum::http::HeaderValue| v.to_str().ok())
    };
    if !policy.admits(header(axum::http::header::ORIGIN)) {
        return (
            axum::http::StatusCode::FORBIDDEN,
            "this server does not take games from pages of that origin (start it with --allow-origin ORIGIN to add one)",
        )
            .into_response();
    }
    // Frames past the limit (with room for the JSON around a maximal request) end the
    // connection in the WebSocket layer; shorter over-long messages get a sentence below.
    // Small buffers: a connection's messages are a few hundred bytes, and an idle connection
    // should cost little (the library's default read buffer alone is 128 KiB). A peer that
    // stops reading is cut off once 256 KiB wait to be written to it.
    ws.max_message_size(4 * MAX_MESSAGE_BYTES)
        .max_frame_size(4 * MAX_MESSAGE_BYTES)
        .read_buffer_size(READ_BUFFER)
        .write_buffer_size(WRITE_BUFFER)
        .max_write_buffer_size(MAX_WRITE_BUFFER)
        .on_upgrade(move |socket| connection(socket, registry, policy.idle, peer, policy.stopping.clone()))
        .into_response()
}

async fn connection<S: Store>(
    socket: WebSocket,
    registry: Arc<Registry<S>>,
    idle: std::time::Duration,
    peer: Option<Peer>,
    stopping: Option<tokio::sync::watch::Receiver<bool>>,
) {
    let mut seeking = Seeking::default();
    let mut seated = SeatHeld::default();
    serve(socket, &registry, idle, peer, stopping, &mut seeking, &mut seated).await;
    // A seek disappears when its owner leaves; a seat whose client said goodbye is gone at once.
    seeking.close(registry.store()).await;
    if let (Some((code, seat)), true) = (&seated.at, seated.goodbye) {
        registry.goodbye(code, *seat).await;
    }
}

async fn serve<S: Store>(
    socket: WebSocket,
    registry: &Arc<Registry<S>>,
    idle: std::time::Duration,
    peer: Option<Peer>,
    mut stopping: Option<tokio::sync::watch::Receiver<bool>>,
    seeking: &mut Seeking,
    seated: &mut SeatHeld,
) {
    let mut beat = tokio::time::interval(crate::games::presence::HEARTBEAT);
    let (mut sink, mut stream) = socket.split();
    let mut poll = tokio::time::interval(lobby::seeking::POLL_EVERY);
    let mut heard = Instant::now();
    let mut ping = tokio::time::interval(idle / 3);
    ping.tick().await;
    let mut follow: Option<broadcast::Receiver<Reply>> = None;
    let mut account: Option<Account> = None;
    let mut bucket = Bucket::full(BURST);
    let mut refused_for_rate = 0u32;
    loop {
        let out: Reply = tokio::select! {
            _ = stopped(&mut stopping) => {
                let _ = sink
                    .send(Message::Close(Some(axum::extract::ws::CloseFrame {
                        code: axum::extract::ws::close_code::RESTART,
                        reason: "the server is stopping; reconnect in a moment".into(),
                    })))
                    .await;
                return;
            }
            _ = ping.tick() => {
                if heard.elapsed() >= idle {
                    // Silent past the limit (a dead peer, or one holding a socket open for
                    // nothing): say so in the close frame and let the socket go.
                    let _ = sink
                        .send(Message::Close(Some(axum::extract::ws::CloseFrame {
                            code: axum::extract::ws::close_code::AWAY,
                            reason: "idle".into(),
                        })))
                        .await;
                    return;
                }
                if sink.send(Message::Ping(Default::default())).await.is_err() {
                    return;
                }
                continue;
            }
            incoming = stream.next() => {
                heard = Instant::now();
                let text = match incoming {
                    Some(Ok(Message::Text(t))) => t,
                    Some(Ok(Message::Binary(_))) => {
                        let r = Reply::Error { req: None, message: "send requests as text frames of JSON".into() };
                        if sink.send(Message::Text(r.encode().into())).await.is_err() { return; }
                        continue;
                    }
                    Some(Ok(Message::Close(_))) => {
                        seated.goodbye = true;
                        return;
                    }
                    None | Some(Err(_)) => return,
                    Some(Ok(_)) => continue, // pings are answered by the WebSocket layer
                };
                let signed_in = account.as_ref().map(|a| a.id.as_str());
                let address_ok = peer.as_ref().is_none_or(|p| {
                    p.heard();
                    p.gate.request(&Key::of(signed_in, p.addr.ip()))
                });
                if !address_ok || !bucket.take(RATE_PER_SEC, BURST) {
                    refused_for_rate += 1;
                    if refused_for_rate > ABUSE_LIMIT {
                        let _ = sink.send(Message::Close(None)).await;
                        return;
                    }
                    let message = if address_ok {
                        format!("too many requests: at most {RATE_PER_SEC} a second; this one was not read")
                    } else {
                        format!(
                            "too many requests from your address or account: at most {} a second over all its connections; this one was not read",
                            peer.as_ref().map_or(0.0, |p| p.gate.limits().address_rate)
                        )
                    };
                    Reply::Error { req: None, message }
                } else {
                    handle(registry, text.as_str(), &mut follow, &mut account, seeking, peer.as_ref()).await
                }
            }
            _ = beat.tick(), if seated.at.is_some() => {
                let Some((code, seat)) = &seated.at else { continue };
                match registry.heartbeat(code, *seat, &mut seated.shown).await {
                    Some(news) => news,
                    None => continue,
                }
            }
            _ = poll.tick(), if !seeking.is_empty() => match seeking.poll(registry.store()).await {
                Some(matched) => matched,
                None => continue,
            },
            pushed = next_push(&mut follow) => match pushed {
                Some(reply) => reply,
                None => {
                    // Fell too far behind: close, and the client resumes from the database.
                    let _ = sink.send(Message::Close(None)).await;
                    return;
                }
            },
        };
        if let Reply::Seated { seat, game, .. } = &out {
            *seated = SeatHeld {
                at: Some((game.code.clone(), *seat)),
                ..SeatHeld::default()
            };
            beat.reset_immediately();
        }
        if sink.send(Message::Text(out.encode().into())).await.is_err() {
            return;
        }
    }
}

/// The seat a connection holds, for its presence.
#[derive(Default)]
struct SeatHeld {
    /// The game and seat.
    at: Option<(String, Seat)>,
    /// Whether the other seat was last said to be gone.
    shown: Option<bool>,
    /// Whether the client closed the connection with a goodbye (a closed tab).
    goodbye: bool,
}

/// Returns once the server is stopping; pending forever when it is not told to (no channel, or
/// its sender gone).
async fn stopped(stopping: &mut Option<tokio::sync::watch::Receiver<bool>>) {
    if let Some(rx) = stopping {
        loop {
            if *rx.borrow_and_update() {
                return;
            }
            if rx.changed().await.is_err() {
                break;
            }
        }
    }
    std::future::pending().await
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

/// The reply to a stored move.
fn stored(req: u64, code: String, ply: u32, mv: String, clock: Option<parlour_online::wire::ClockView>) -> Reply {
    Reply::Stored {
        req,
        code,
        ply,
        mv,
        clock,
    }
}

/// One request, answered; `follow` switches to the game a seat or watch request names, and
/// `account` to the account an account request signs in to. From a `peer`, a `new` spends one
/// of the address's new games, and an invite code not found (or a seat token that holds no
/// seat) one of the client's unknown codes (its account's when signed in, else its address
/// group's); `join` and `watch` are refused while none is left. Moves, resignations and
/// resumptions with a right token are never refused for codes.
pub async fn handle<S: Store>(
    registry: &Registry<S>,
    text: &str,
    follow: &mut Option<broadcast::Receiver<Reply>>,
    account: &mut Option<Account>,
    seeking: &mut Seeking,
    peer: Option<&Peer>,
) -> Reply {
    let request = match web::decode(text) {
        Ok(r) => r,
        Err(refused) => return *refused,
    };
    let request = match accounts::answer::answer(registry.store(), request, account, peer).await {
        Ok(reply) => return reply,
        Err(other) => other,
    };
    let request = match lobby::answer::answer(registry, request, account.as_ref(), seeking, follow).await {
        Ok(reply) => return reply,
        Err(other) => other,
    };
    let request = match crate::notify::answer(registry, request, account.as_ref()).await {
        Ok(reply) => return reply,
        Err(other) => other,
    };
    let req = request.req();
    let (key, refusal) = quota_check(&request, account.as_ref(), peer);
    if let Some(message) = refusal {
        return Reply::Error {
            req: Some(req),
            message,
        };
    }
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
            game,
            options,
            seat,
            token,
            ..
        } => registry
            .create(&game, &options, seat, token.as_deref())
            .await
            .map(|s| seated(s, follow)),
        Request::Join { code, token, .. } => registry.join(&code, token.as_deref()).await.map(|s| seated(s, follow)),
        Request::Resume { code, token, .. } => registry.resume(&code, &token).await.map(|s| seated(s, follow)),
        Request::Watch { code, .. } => registry.watch(&code).await.map(|(game, rx)| {
            *follow = Some(rx);
            Reply::Watching { req, game }
        }),
        Request::Move {
            code,
            token,
            ply,
            mv,
            think_ms,
            ..
        } => {
            let played = registry.play_timed(&code, &token, ply, &mv, think_ms).await;
            played.map(|(mv, clock)| stored(req, code, ply, mv, clock))
        }
        Request::Resign { code, token, .. } => registry.resign(&code, &token).await.map(|seat| Reply::Resigned {
            req: Some(req),
            code,
            seat,
        }),
        // Answered above.
        Request::AccountNew { .. }
        | Request::Login { .. }
        | Request::ChooseName { .. }
        | Request::PairingCode { .. }
        | Request::Pair { .. } => {
            return Reply::Error {
                req: Some(req),
                message: "this request is not answered here".into(),
            };
        }
        // Answered above too.
        _ => {
            return Reply::Error {
                req: Some(req),
                message: "this request is not answered here".into(),
            };
        }
    };
    if let (Some(p), Some(key)) = (peer, key)
        && matches!(
            &result,
            Err(Refusal::NoSuchCode(_) | Refusal::Seat(SeatRefusal::NotYours(_)))
        )
    {
        // A code not found or a token that holds no seat is counted after the fact; once past
        // the allowance every such answer is the same sentence, so it tells nothing of the code.
        let had = p.gate.may_try_code(&key);
        p.gate.missed_code(&key);
        if !had {
            return Reply::Error {
                req: Some(req),
                message: too_many_codes(p),
            };
        }
    }
    result.unwrap_or_else(|e| Reply::Error {
        req: Some(req),
        message: e.to_string(),
    })
}

/// The quota key a request from `peer` is counted under, and the sentence when it is refused
/// before it is answered: a `new` past the address's new games, a `join` or `watch` (a lookup
/// of a code the client may not know) past the client's unknown codes.
fn quota_check(request: &Request, account: Option<&Account>, peer: Option<&Peer>) -> (Option<Key>, Option<String>) {
    let Some(p) = peer else { return (None, None) };
    let ip = p.addr.ip();
    match request {
        Request::New { .. } if !p.gate.try_new(ip) => (
            None,
            Some(format!(
                "too many new games from your address: at most {} a minute; wait a minute and try again",
                p.gate.limits().new_games_per_minute
            )),
        ),
        Request::New { .. } => (None, None),
        _ => {
            let key = Key::of(account.map(|a| a.id.as_str()), ip);
            let lookup = matches!(request, Request::Join { .. } | Request::Watch { .. });
            let refused = (lookup && !p.gate.may_try_code(&key)).then(|| too_many_codes(p));
            (Some(key), refused)
        }
    }
}

fn too_many_codes(p: &Peer) -> String {
    format!(
        "too many unknown invite codes from your address or account: at most {} a minute; wait a minute and try again",
        p.gate.limits().unknown_codes_per_minute
    )
}

//! The benchmark's WebSocket clients: connecting from a chosen loopback address, sending a
//! request, and reading until the reply wanted.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use parlour_online::wire::{Reply, Request};
use tokio_tungstenite::tungstenite::Message;

/// A client's WebSocket.
pub type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// A WebSocket to `url` (`ws://ADDR/ws`) from the source address `from`.
pub async fn connect_from(url: &str, from: std::net::Ipv4Addr) -> Result<Ws, String> {
    connect_forwarded(url, from, None).await
}

/// [`connect_from`], saying `X-Forwarded-For: CLIENT` when `client` is given (as a proxy does).
pub async fn connect_forwarded(url: &str, from: std::net::Ipv4Addr, client: Option<&str>) -> Result<Ws, String> {
    use tokio_tungstenite::tungstenite::client::IntoClientRequest;
    let mut request = url.into_client_request().map_err(|e| format!("{url}: {e}"))?;
    if let Some(c) = client {
        let value = c.parse().map_err(|_| format!("{c:?} cannot be a header's value"))?;
        request.headers_mut().insert("X-Forwarded-For", value);
    }
    let addr: std::net::SocketAddr = url
        .trim_start_matches("ws://")
        .trim_end_matches("/ws")
        .parse()
        .map_err(|e| format!("{url}: {e}"))?;
    let socket = tokio::net::TcpSocket::new_v4().map_err(|e| e.to_string())?;
    socket
        .bind((from, 0).into())
        .map_err(|e| format!("binding {from}: {e}"))?;
    let stream = socket
        .connect(addr)
        .await
        .map_err(|e| format!("connecting from {from}: {e}"))?;
    let _ = stream.set_nodelay(true);
    let (ws, _) = tokio_tungstenite::client_async(request, tokio_tungstenite::MaybeTlsStream::Plain(stream))
        .await
        .map_err(|e| format!("connecting from {from}: {e}"))?;
    Ok(ws)
}

/// Sends one request.
pub async fn send(ws: &mut Ws, r: &Request) -> Result<(), String> {
    ws.send(Message::text(r.encode())).await.map_err(|e| e.to_string())
}

/// The next reply that `want` accepts, skipping pushes it does not.
pub async fn until<T>(ws: &mut Ws, mut want: impl FnMut(Reply) -> Option<Result<T, String>>) -> Result<T, String> {
    loop {
        if let Some(reply) = next_reply(ws).await? {
            if let Reply::Error { message, .. } = &reply {
                return Err(format!("the server refused: {message}"));
            }
            if let Some(r) = want(reply) {
                return r;
            }
        }
    }
}

/// The next frame as a reply (errors too), `None` for one that is not text; an error when none
/// comes within 30 s or the connection ends.
pub(super) async fn next_reply(ws: &mut Ws) -> Result<Option<Reply>, String> {
    let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
        .await
        .map_err(|_| "no reply within 30 s".to_string())?
        .ok_or("the server closed the connection")?
        .map_err(|e| e.to_string())?;
    match msg {
        Message::Text(t) => Reply::decode(t.as_str()).map(Some).map_err(|e| e.to_string()),
        _ => Ok(None),
    }
}

/// Makes a standard Kōnane game (request number `req`), seated first, and waits until seated.
pub async fn new_konane(ws: &mut Ws, req: u64) -> Result<(), String> {
    let new = Request::New {
        req,
        game: "konane".into(),
        options: vec![],
        seat: parlour_online::wire::Seat::First,
        token: None,
    };
    send(ws, &new).await?;
    until(ws, |r| matches!(r, Reply::Seated { .. }).then_some(Ok(()))).await
}

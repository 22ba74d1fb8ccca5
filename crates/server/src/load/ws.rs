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
    let (ws, _) = tokio_tungstenite::client_async(url, tokio_tungstenite::MaybeTlsStream::Plain(stream))
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
        let msg = tokio::time::timeout(Duration::from_secs(30), ws.next())
            .await
            .map_err(|_| "no reply within 30 s".to_string())?
            .ok_or("the server closed the connection")?
            .map_err(|e| e.to_string())?;
        if let Message::Text(t) = msg {
            let reply = Reply::decode(t.as_str()).map_err(|e| e.to_string())?;
            if let Reply::Error { message, .. } = &reply {
                return Err(format!("the server refused: {message}"));
            }
            if let Some(r) = want(reply) {
                return r;
            }
        }
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

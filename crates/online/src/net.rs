//! The real connection: a WebSocket through `ewebsock`, which runs on a thread of its own on
//! the desktop and on the browser's WebSocket on the web, so polling it never blocks.

use crate::client::{Connector, Transport, TransportEvent};
use crate::wire::MAX_REPLY_BYTES;

/// Opens WebSockets.
pub struct WebSocketConnector;

struct Socket {
    tx: ewebsock::WsSender,
    rx: ewebsock::WsReceiver,
}

impl Connector for WebSocketConnector {
    fn connect(&mut self, url: &str) -> Result<Box<dyn Transport>, String> {
        let options = ewebsock::Options {
            // A whole game's move list fits; a server that sends more is cut off.
            max_incoming_frame_size: MAX_REPLY_BYTES,
            ..Default::default()
        };
        let (tx, rx) = ewebsock::connect(url, options)?;
        Ok(Box::new(Socket { tx, rx }))
    }
}

impl Transport for Socket {
    fn send(&mut self, text: String) {
        self.tx.send(ewebsock::WsMessage::Text(text));
    }

    fn poll(&mut self) -> Option<TransportEvent> {
        loop {
            return Some(match self.rx.try_recv()? {
                ewebsock::WsEvent::Opened => TransportEvent::Opened,
                ewebsock::WsEvent::Message(ewebsock::WsMessage::Text(t)) => TransportEvent::Text(t),
                ewebsock::WsEvent::Message(_) => continue,
                ewebsock::WsEvent::Error(e) => TransportEvent::Closed(e),
                ewebsock::WsEvent::Closed => TransportEvent::Closed("the server closed the connection".into()),
            });
        }
    }
}

/// The WebSocket address of a server given as `http://host:port` (or `ws://…`, or bare
/// `host:port`): `ws://host:port/ws`; a server given as `https://…` or `wss://…` (a page served
/// over TLS, a server behind a TLS proxy) is reached over `wss://`, so tokens never travel in
/// clear where the page did not.
pub fn ws_url(server: &str) -> String {
    let s = server.trim().trim_end_matches('/');
    let (scheme, rest) = if let Some(rest) = s.strip_prefix("https://").or_else(|| s.strip_prefix("wss://")) {
        ("wss", rest)
    } else {
        (
            "ws",
            s.strip_prefix("http://")
                .or_else(|| s.strip_prefix("ws://"))
                .unwrap_or(s),
        )
    };
    let rest = rest.strip_suffix("/ws").unwrap_or(rest);
    format!("{scheme}://{rest}/ws")
}

#[cfg(test)]
mod tests {
    #[test]
    fn server_addresses_become_websocket_urls() {
        for s in [
            "http://127.0.0.1:7878",
            "http://127.0.0.1:7878/",
            "ws://127.0.0.1:7878/ws",
            "127.0.0.1:7878",
        ] {
            assert_eq!(super::ws_url(s), "ws://127.0.0.1:7878/ws", "{s}");
        }
        // A page served over https (or a server named so) is reached over wss, never ws.
        for s in [
            "https://parlour.example",
            "https://parlour.example/",
            "wss://parlour.example/ws",
        ] {
            assert_eq!(super::ws_url(s), "wss://parlour.example/ws", "{s}");
        }
        assert_eq!(super::ws_url("https://h:8443"), "wss://h:8443/ws");
    }
}

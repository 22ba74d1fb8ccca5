//! One simulated lobby player's connection: requests answered by the reply carrying their
//! number, pushes (no number) kept in order until asked for. Any failure is the connection's
//! end: the player connects again.

use std::collections::VecDeque;
use std::time::Duration;

use futures_util::StreamExt;
use parlour_online::wire::{Reply, Request};
use tokio_tungstenite::tungstenite::Message;

use super::ws::{Ws, connect_from, send};

/// A connection through the proxy.
pub struct Conn {
    ws: Ws,
    req: u64,
    pushes: VecDeque<Reply>,
}

/// The request a reply answers, if it answers one.
fn answers(r: &Reply) -> Option<u64> {
    match r {
        Reply::Seated { req, .. }
        | Reply::Watching { req, .. }
        | Reply::Stored { req, .. }
        | Reply::Account { req, .. }
        | Reply::PairingCode { req, .. }
        | Reply::Seeking { req, .. }
        | Reply::Done { req, .. }
        | Reply::Seeks { req, .. }
        | Reply::Games { req, .. }
        | Reply::Rating { req, .. }
        | Reply::Leaderboard { req, .. }
        | Reply::Player { req, .. } => Some(*req),
        Reply::Resigned { req, .. } | Reply::Error { req, .. } => *req,
        _ => None,
    }
}

impl Conn {
    /// Connects to `url` from the loopback address `from`.
    pub async fn open(url: &str, from: std::net::Ipv4Addr) -> Result<Conn, String> {
        Ok(Conn {
            ws: connect_from(url, from).await?,
            req: 0,
            pushes: VecDeque::new(),
        })
    }

    async fn read(&mut self, wait: Duration) -> Result<Option<Reply>, String> {
        loop {
            let msg = match tokio::time::timeout(wait, self.ws.next()).await {
                Err(_) => return Ok(None),
                Ok(None) => return Err("the connection ended".into()),
                Ok(Some(m)) => m.map_err(|e| e.to_string())?,
            };
            match msg {
                Message::Text(t) => return Reply::decode(t.as_str()).map(Some).map_err(|e| e.to_string()),
                Message::Close(_) => return Err("closed by the server".into()),
                _ => {}
            }
        }
    }

    /// Sends the request `make` builds with the next number; its reply (within 30 s).
    pub async fn ask(&mut self, make: impl FnOnce(u64) -> Request) -> Result<Reply, String> {
        self.req += 1;
        let req = self.req;
        send(&mut self.ws, &make(req)).await?;
        loop {
            let r = self
                .read(Duration::from_secs(30))
                .await?
                .ok_or("no reply within 30 s")?;
            if answers(&r) == Some(req) {
                return Ok(r);
            }
            self.pushes.push_back(r);
        }
    }

    /// The next push `want` accepts within `wait` (`None` when none came), skipping others.
    pub async fn push<T>(
        &mut self,
        wait: Duration,
        mut want: impl FnMut(&Reply) -> Option<T>,
    ) -> Result<Option<T>, String> {
        while let Some(r) = self.pushes.pop_front() {
            if let Some(t) = want(&r) {
                return Ok(Some(t));
            }
        }
        let until = tokio::time::Instant::now() + wait;
        loop {
            let left = until.saturating_duration_since(tokio::time::Instant::now());
            match self.read(left).await? {
                None => return Ok(None),
                Some(r) => {
                    if let Some(t) = want(&r) {
                        return Ok(Some(t));
                    }
                }
            }
        }
    }

    /// Closes the connection politely.
    pub async fn close(mut self) {
        let _ = self.ws.close(None).await;
    }
}

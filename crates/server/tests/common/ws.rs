//! A bare WebSocket player for the lobby's tests: requests as wire messages, each answered by
//! the reply carrying its number; pushes (no number) kept in order for [`Player::push`].

use std::collections::VecDeque;
use std::time::Duration;

use futures_util::StreamExt;
use parlour_online::wire::{Reply, Request};
use parlour_server::load::{Ws, connect_from, send};
use tokio_tungstenite::tungstenite::Message;

/// One connection.
pub struct Player {
    pub ws: Ws,
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
        | Reply::Player { req, .. }
        | Reply::YourTurn { req, .. }
        | Reply::PushKey { req, .. } => Some(*req),
        Reply::Resigned { req, .. } | Reply::Error { req, .. } => *req,
        _ => None,
    }
}

/// A random 128-bit token or secret, as hex.
pub fn random_hex() -> String {
    (0..32).map(|_| format!("{:x}", rand::random::<u8>() % 16)).collect()
}

impl Player {
    /// A connection to `addr` (`IP:PORT`).
    pub async fn connect(addr: &str) -> Player {
        let ws = connect_from(&format!("ws://{addr}/ws"), std::net::Ipv4Addr::LOCALHOST)
            .await
            .unwrap();
        Player {
            ws,
            req: 0,
            pushes: VecDeque::new(),
        }
    }

    /// A connection signed in to a new account, named `name` or a device account.
    pub async fn signed_in(addr: &str, name: Option<&str>) -> Player {
        Player::signed_in_with(addr, name, &random_hex()).await
    }

    /// A connection signed in with `secret`: to a new account named `name` the first time, to
    /// the same account after (the same request again is answered with the account it made).
    pub async fn signed_in_with(addr: &str, name: Option<&str>, secret: &str) -> Player {
        let mut p = Player::connect(addr).await;
        let secret = secret.to_string();
        let reply = p
            .ask(|req| Request::AccountNew {
                req,
                secret,
                name: name.map(str::to_string),
            })
            .await;
        assert!(matches!(reply, Reply::Account { .. }), "{reply:?}");
        p
    }

    async fn read(&mut self, wait: Duration) -> Option<Reply> {
        loop {
            let msg = tokio::time::timeout(wait, self.ws.next()).await.ok()??.ok()?;
            if let Message::Text(t) = msg {
                return Some(Reply::decode(t.as_str()).unwrap());
            }
        }
    }

    /// Sends the request `make` builds with the next number; its reply.
    pub async fn ask(&mut self, make: impl FnOnce(u64) -> Request) -> Reply {
        self.req += 1;
        let req = self.req;
        send(&mut self.ws, &make(req)).await.unwrap();
        loop {
            let r = self.read(Duration::from_secs(20)).await.expect("a reply");
            if answers(&r) == Some(req) {
                return r;
            }
            self.pushes.push_back(r);
        }
    }

    /// The refusal's sentence of a request that must be refused.
    pub async fn refused(&mut self, make: impl FnOnce(u64) -> Request) -> String {
        match self.ask(make).await {
            Reply::Error { message, .. } => message,
            other => panic!("not refused: {other:?}"),
        }
    }

    /// The next push that `want` accepts within `wait`, skipping others.
    pub async fn push<T>(&mut self, wait: Duration, mut want: impl FnMut(&Reply) -> Option<T>) -> Option<T> {
        while let Some(r) = self.pushes.pop_front() {
            if let Some(t) = want(&r) {
                return Some(t);
            }
        }
        let until = tokio::time::Instant::now() + wait;
        loop {
            let left = until.saturating_duration_since(tokio::time::Instant::now());
            let r = self.read(left).await?;
            if let Some(t) = want(&r) {
                return Some(t);
            }
        }
    }
}

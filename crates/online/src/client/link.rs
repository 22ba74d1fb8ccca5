//! The connection side of [`OnlineClient`]: connecting, reconnecting with back-off after a
//! drop, and taking the seat back and re-sending what is unanswered once it is open again.

use web_time::Instant;

use crate::wire::{Reply, Request};

use super::{CONNECT_TIMEOUT, Event, FIRST_BACKOFF, LinkState, MAX_BACKOFF, OnlineClient, Role, TransportEvent};

impl OnlineClient {
    /// Drives the connection: connects, reconnects after a drop (with back-off), reads what
    /// arrived. Never waits.
    pub fn poll(&mut self) {
        let now = Instant::now();
        if self.transport.is_none() && now >= self.next_attempt {
            self.attempt_started = now;
            match self.connector.connect(&self.url) {
                Ok(t) => {
                    self.transport = Some(t);
                    self.link = LinkState::Connecting;
                }
                Err(e) => self.dropped(now, e),
            }
        }
        if self.link == LinkState::Connecting && now.duration_since(self.attempt_started) > CONNECT_TIMEOUT {
            self.dropped(now, "the server did not answer".into());
        }
        while let Some(event) = self.transport.as_mut().and_then(|t| t.poll()) {
            match event {
                TransportEvent::Opened => self.opened(),
                TransportEvent::Text(text) => match Reply::decode(&text) {
                    Ok(reply) => self.receive(reply),
                    Err(e) => self.events.push_back(Event::Refused {
                        req: None,
                        message: e.to_string(),
                    }),
                },
                TransportEvent::Closed(why) => {
                    self.dropped(Instant::now(), why);
                    break;
                }
            }
        }
    }

    fn dropped(&mut self, now: Instant, why: String) {
        self.transport = None;
        if self.link == LinkState::Up {
            self.events.push_back(Event::Disconnected(why));
        }
        self.link = LinkState::Down;
        self.next_attempt = now + self.backoff;
        self.backoff = (self.backoff * 2).min(MAX_BACKOFF);
    }

    fn opened(&mut self) {
        self.link = LinkState::Up;
        self.backoff = FIRST_BACKOFF;
        self.events.push_back(Event::Connected);
        let again = self.sign_in_again();
        let Some(t) = self.transport.as_mut() else { return };
        // Signed in first: the seat, the watch and what is unanswered may need the account.
        if let Some(r) = again {
            t.send(r.encode());
        }
        // Take the seat (or the watch) back first, so the server follows the game for this
        // connection again and sends the moves missed; then whatever is still unanswered.
        let resuming = self.unanswered.values().any(|r| {
            matches!(
                r,
                Request::New { .. } | Request::Join { .. } | Request::Resume { .. } | Request::Watch { .. }
            )
        });
        if !resuming {
            let again = match &self.role {
                Role::Seated { code, token, .. } => Some(Request::Resume {
                    req: 0,
                    code: code.clone(),
                    token: token.clone(),
                }),
                Role::Watching { code } => Some(Request::Watch {
                    req: 0,
                    code: code.clone(),
                }),
                Role::None => None,
            };
            if let Some(r) = again {
                t.send(r.encode());
            }
        }
        for r in self.unanswered.values() {
            t.send(r.encode());
        }
    }
}

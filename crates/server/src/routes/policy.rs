//! Who may open the game WebSocket, and how long a silent connection is kept.

use crate::limits::Limits;

/// How long a WebSocket may stay silent (no message, no answer to the server's pings) before
/// the server closes it.
pub const IDLE_TIMEOUT: std::time::Duration = std::time::Duration::from_secs(90);

/// The server's policy for connections: who may open the game WebSocket from a web page (a
/// browser sends the page's `Origin` with the upgrade, so another site cannot drive a visitor's
/// browser against this server; clients that are not browsers send none and are let in), and
/// how long a silent connection is kept.
#[derive(Clone, Debug)]
pub struct Policy {
    /// Origins allowed besides the server's own (`https://parlour.example`), as given.
    pub allowed: Vec<String>,
    /// A connection that sends nothing for this long is closed; the server pings it at a third
    /// of this, so a live client (whose WebSocket layer answers pings) is never closed.
    pub idle: std::time::Duration,
    /// Connections in all and per address, header and quiet timeouts, per-address quotas.
    pub limits: Limits,
    /// Turns `true` when the server is stopping: every WebSocket then sends a close frame
    /// saying so (the client reconnects to the server's next start) and ends.
    pub stopping: Option<tokio::sync::watch::Receiver<bool>>,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            allowed: Vec::new(),
            idle: IDLE_TIMEOUT,
            limits: Limits::default(),
            stopping: None,
        }
    }
}

impl Policy {
    /// True when a request with this `Origin` (if any) to this `Host` may open a WebSocket:
    /// no origin, the server's own (the same host and port), or one allowed by name.
    pub fn admits(&self, origin: Option<&str>, host: Option<&str>) -> bool {
        let Some(origin) = origin else { return true };
        let origin = origin.trim_end_matches('/');
        let own = origin
            .strip_prefix("http://")
            .or_else(|| origin.strip_prefix("https://"))
            .zip(host)
            .is_some_and(|(o, h)| o.eq_ignore_ascii_case(h));
        own || self
            .allowed
            .iter()
            .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
    }
}

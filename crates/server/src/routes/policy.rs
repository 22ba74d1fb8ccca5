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
    /// Origins whose pages may open games (`https://parlour.example`): those given with
    /// `--allow-origin`, and the server's own ([`Policy::own_origins`]) once it listens.
    pub allowed: Vec<String>,
    /// A connection that sends nothing for this long is closed; the server pings it at a third
    /// of this, so a live client (whose WebSocket layer answers pings) is never closed.
    pub idle: std::time::Duration,
    /// Connections in all and per address, header and quiet timeouts, per-address quotas.
    pub limits: Limits,
    /// Turns `true` when the server is stopping: every WebSocket then sends a close frame
    /// saying so (the client reconnects to the server's next start) and ends.
    pub stopping: Option<tokio::sync::watch::Receiver<bool>>,
    /// When the quick-pairing pools' waves run.
    pub pools: crate::lobby::pools::PoolConfig,
    /// How "your turn" notices leave the server.
    pub notify: crate::notify::NotifyConfig,
}

impl Default for Policy {
    fn default() -> Self {
        Policy {
            allowed: Vec::new(),
            idle: IDLE_TIMEOUT,
            limits: Limits::default(),
            stopping: None,
            pools: Default::default(),
            notify: Default::default(),
        }
    }
}

impl Policy {
    /// True when a request with this `Origin` (if any) may open a WebSocket: no origin (not a
    /// browser), or one of the allowed origins. The request's own `Host` is no evidence: a page
    /// of another site whose name was pointed at this server (DNS rebinding) sends a `Host` that
    /// matches its own origin, so the server's own origins are added to `allowed` when it
    /// starts ([`Policy::own_origins`]).
    pub fn admits(&self, origin: Option<&str>) -> bool {
        let Some(origin) = origin else { return true };
        let origin = origin.trim_end_matches('/');
        self.allowed
            .iter()
            .any(|a| a.trim_end_matches('/').eq_ignore_ascii_case(origin))
    }

    /// The origins of the server's own pages when it listens on `addr`: `http://` and the
    /// address itself (unless it is every address, `0.0.0.0` or `::`), and the loopback names
    /// with its port (`localhost`, `127.0.0.1`, `[::1]`; only a page served from this machine
    /// on this port has them). Any other name players use is given with `--allow-origin`.
    pub fn own_origins(addr: std::net::SocketAddr) -> Vec<String> {
        let port = addr.port();
        let mut own: Vec<String> = ["localhost", "127.0.0.1", "[::1]"]
            .iter()
            .map(|h| format!("http://{h}:{port}"))
            .collect();
        if !addr.ip().is_unspecified() && !addr.ip().is_loopback() {
            own.push(format!("http://{addr}"));
        }
        own
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_allowed_origins_pass_and_the_host_proves_nothing() {
        let mut policy = Policy {
            allowed: vec!["https://parlour.example".into()],
            ..Policy::default()
        };
        policy
            .allowed
            .extend(Policy::own_origins("192.0.2.4:7878".parse().unwrap()));
        assert!(policy.admits(None));
        assert!(policy.admits(Some("https://parlour.example/")));
        assert!(policy.admits(Some("http://192.0.2.4:7878")) && policy.admits(Some("http://localhost:7878")));
        // A rebinding page's origin is its own name, whatever Host it sends.
        assert!(!policy.admits(Some("http://evil.example:7878")));
        assert!(!policy.admits(Some("http://localhost:7879")) && !policy.admits(Some("null")));
        assert!(!Policy::own_origins("0.0.0.0:7878".parse().unwrap()).contains(&"http://0.0.0.0:7878".to_string()));
    }
}

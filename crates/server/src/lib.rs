//! parlour-server: the authoritative server for online games. A game is its options and its
//! move list; every move is checked by `parlour-rules` (its object-safe `DynGame`) and
//! stored before it is acknowledged or forwarded. The server links the rules and the wire
//! messages only: not the AI, the engine or the desktop WebSocket client. See `shared/engine-protocol.md` ("Online
//! sessions") and `docs/online.md`.

pub mod accounts;
pub mod games;
pub mod limits;
pub mod load;
pub mod lobby;
pub mod notify;
pub mod routes;
pub mod store;
pub mod time;

use std::sync::Arc;

use tokio::net::TcpListener;

use crate::games::Registry;
use crate::store::postgres::PgStore;
use crate::store::sqlite::SqliteStore;
use crate::store::{Store, StoreError};

/// Serves on `listener` with the database at `database` (`sqlite://PATH` or `postgres://…`)
/// until the process is told to stop (Ctrl-C or SIGTERM). `ready` is called once the database
/// is open, migrated and has taken a write, just before the first connection is served; a
/// database that cannot store is an error here, not a server that refuses every move.
pub async fn run(listener: TcpListener, database: &str, ready: impl FnOnce()) -> Result<(), StoreError> {
    run_with(listener, database, None, ready).await
}

/// [`run`], also serving the browser client's files from `web` (see [`routes::router`]).
pub async fn run_with(
    listener: TcpListener,
    database: &str,
    web: Option<std::path::PathBuf>,
    ready: impl FnOnce(),
) -> Result<(), StoreError> {
    run_full(listener, database, web, routes::Policy::default(), ready).await
}

/// [`run_with`] under `policy`: which other pages may open games, how long a silent connection is kept.
pub async fn run_full(
    listener: TcpListener,
    database: &str,
    web: Option<std::path::PathBuf>,
    policy: routes::Policy,
    ready: impl FnOnce(),
) -> Result<(), StoreError> {
    if database.starts_with("sqlite:") {
        let store = SqliteStore::open(database).await?;
        store.probe().await.map_err(|e| StoreError::CannotStore(Box::new(e)))?;
        ready();
        serve(listener, Arc::new(Registry::new(store)), web, policy).await
    } else if database.starts_with("postgres://") || database.starts_with("postgresql://") {
        let store = PgStore::open(database).await?;
        store.probe().await.map_err(|e| StoreError::CannotStore(Box::new(e)))?;
        let mut changes = store.changes().await?;
        ready();
        let registry = Arc::new(Registry::new(store));
        let r = registry.clone();
        tokio::spawn(async move {
            while let Some(heard) = changes.recv().await {
                match heard {
                    store::Heard::Changed(change) => r.changed(&change.code).await,
                    store::Heard::Missed => r.resync().await,
                }
            }
        });
        serve(listener, registry, web, policy).await
    } else {
        Err(StoreError::Url(database.to_string()))
    }
}

async fn serve<S: Store>(
    listener: TcpListener,
    registry: Arc<Registry<S>>,
    web: Option<std::path::PathBuf>,
    policy: routes::Policy,
) -> Result<(), StoreError> {
    let listening = listener.local_addr().map(|a| a.to_string()).unwrap_or_default();
    let channels = notify::open_channels(registry.store(), &policy.notify, &listening).await?;
    registry.set_channels(Arc::new(channels));
    let weak = Arc::downgrade(&registry);
    tokio::spawn(notify::run(Arc::downgrade(&registry)));
    tokio::spawn(lobby::pools::run_waves(Arc::downgrade(&registry), policy.pools));
    tokio::spawn(games::timing::keep_clocks(Arc::downgrade(&registry)));
    tokio::spawn(async move {
        let mut every = tokio::time::interval(policy.limits.forget_every);
        every.tick().await;
        loop {
            every.tick().await;
            let Some(registry) = weak.upgrade() else { return };
            registry.sweep();
        }
    });
    let mut limits = policy.limits.clone();
    // A WebSocket is pinged every third of the idle limit: never quieter than the idle limit.
    limits.quiet_timeout = limits.quiet_timeout.max(policy.idle);
    let gate = limits::Gate::new(limits);
    let (stop, stopping) = tokio::sync::watch::channel(false);
    let mut policy = policy;
    policy.stopping = Some(stopping);
    if let Ok(addr) = listener.local_addr() {
        policy.allowed.extend(routes::Policy::own_origins(addr));
    }
    let app = routes::router_with(registry, web, policy).into_make_service_with_connect_info::<limits::Peer>();
    let served = axum::serve(limits::Guarded::new(listener, gate.clone()), app)
        .with_graceful_shutdown({
            let gate = gate.clone();
            async move {
                stop_signal().await;
                // WebSockets are not HTTP requests the shutdown waits for: tell them to close.
                let _ = stop.send(true);
                // Nobody's half-sent headers are waited for; a request being answered gets a
                // moment to finish, then every connection still open is closed.
                gate.close_connections(false);
                tokio::spawn(async move {
                    tokio::time::sleep(FINISH_GRACE).await;
                    gate.close_connections(true);
                });
            }
        })
        .await
        .map_err(|e| StoreError::Commit(format!("the listener failed: {e}")));
    // Give the WebSockets a moment to send their close frames.
    let until = tokio::time::Instant::now() + SHUTDOWN_GRACE;
    while gate.open() > 0 && tokio::time::Instant::now() < until {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    served
}

/// How long a stopping server lets the requests it is answering finish before it closes
/// every connection.
const FINISH_GRACE: std::time::Duration = std::time::Duration::from_secs(1);

/// How long a stopping server waits for its connections to close.
const SHUTDOWN_GRACE: std::time::Duration = std::time::Duration::from_secs(3);

async fn stop_signal() {
    let ctrl_c = tokio::signal::ctrl_c();
    #[cfg(unix)]
    {
        let mut term = match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(t) => t,
            Err(_) => return std::future::pending().await,
        };
        tokio::select! {
            _ = ctrl_c => {}
            _ = term.recv() => {}
        }
    }
    #[cfg(not(unix))]
    {
        let _ = ctrl_c.await;
    }
}

/// The database used when none is named: a SQLite file in Parlour's data directory.
pub fn default_database() -> String {
    let dir = data_dir();
    let _ = std::fs::create_dir_all(&dir);
    format!("sqlite://{}", dir.join("server.sqlite3").display())
}

/// Parlour's data directory, where the game keeps its saves and settings
/// (`parlour_saves::data_dir`, the same on the desktop; a test checks they agree):
/// `PARLOUR_DATA_DIR` when set, else the platform's usual data directory, else
/// `./parlour-data`.
pub fn data_dir() -> std::path::PathBuf {
    if let Some(d) = std::env::var_os("PARLOUR_DATA_DIR").filter(|d| !d.is_empty()) {
        return std::path::PathBuf::from(d);
    }
    directories::ProjectDirs::from("org", "Parlour", "Parlour")
        .map(|p| p.data_dir().to_path_buf())
        .unwrap_or_else(|| std::path::PathBuf::from("parlour-data"))
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_default_database_lies_in_the_games_own_data_directory() {
        assert_eq!(super::data_dir(), parlour_saves::data_dir());
    }
}

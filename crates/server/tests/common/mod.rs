//! Shared by the server's tests: a real `parlour-server` process on loopback, and engine
//! sessions (`parlour-engine connect`'s own code) playing through it.

#![allow(dead_code)]

use std::io::{BufRead, BufReader};
use std::path::Path;
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use parlour_engine::protocol::{Engine, Reply};

pub mod push_receiver;
pub mod table;
pub mod ws;

/// A server process; killed when dropped.
pub struct Server {
    pub child: Child,
    pub addr: String,
}

impl Server {
    /// Starts `parlour-server` on `listen` (e.g. `127.0.0.1:0`) over `database`, and waits for
    /// its "listening on" line.
    pub fn start(listen: &str, database: &str) -> Server {
        Server::start_with(listen, database, &[])
    }

    /// [`Server::start`] with more arguments (e.g. `--web DIR`).
    pub fn start_with(listen: &str, database: &str, more: &[&str]) -> Server {
        let mut child = Command::new(env!("CARGO_BIN_EXE_parlour-server"))
            .args(["--listen", listen, "--database", database])
            .args(more)
            .stdout(Stdio::piped())
            .spawn()
            .expect("parlour-server starts");
        let mut line = String::new();
        let stdout = child.stdout.take().expect("stdout");
        BufReader::new(stdout).read_line(&mut line).expect("a first line");
        let addr = line
            .strip_prefix("listening on http://")
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or_else(|| panic!("unexpected first line {line:?}"))
            .to_string();
        Server { child, addr }
    }

    /// `http://ADDR`.
    pub fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    /// SIGTERM: asks the server to stop.
    pub fn terminate(&self) {
        let pid = self.child.id().to_string();
        let sent = Command::new("kill").args(["-TERM", &pid]).status();
        assert!(sent.is_ok_and(|s| s.success()), "kill -TERM {pid}");
    }

    /// SIGKILL: no chance to finish anything.
    pub fn kill(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A fresh SQLite address in `dir`.
pub fn sqlite_url(dir: &Path) -> String {
    format!("sqlite://{}", dir.join("games.sqlite3").display())
}

/// A temporary directory, removed when dropped.
pub struct TempDir(pub std::path::PathBuf);

impl TempDir {
    pub fn new(tag: &str) -> TempDir {
        let dir = std::env::temp_dir().join(format!("parlour-server-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        TempDir(dir)
    }
}

impl Drop for TempDir {
    fn drop(&mut self) {
        let _ = std::fs::remove_dir_all(&self.0);
    }
}

/// One command to an engine session: `Ok(text)` for `=`, `Err(text)` for `?`.
pub fn cmd(engine: &mut Engine, line: &str) -> Result<String, String> {
    match engine.handle(line) {
        Reply::Ok(t) => Ok(t),
        Reply::Err(t) => Err(t),
        other => panic!("{line}: unexpected {other:?}"),
    }
}

/// An engine session connected to `url`.
pub fn connect(url: &str) -> Engine {
    Engine::connected(url, Duration::from_secs(30))
}

/// Where the PostgreSQL tests find their database: `PARLOUR_TEST_POSTGRES` (test.sh starts a
/// throw-away cluster and sets it).
pub fn postgres_url() -> Option<String> {
    match std::env::var("PARLOUR_TEST_POSTGRES") {
        Ok(url) if !url.is_empty() => Some(url),
        _ => {
            eprintln!("SKIPPED: PARLOUR_TEST_POSTGRES is not set (./test.sh starts a PostgreSQL cluster and sets it)");
            None
        }
    }
}

/// `online new <game>` on `engine`: the invite code.
pub fn create(engine: &mut Engine, game: &str) -> String {
    let reply = cmd(engine, &format!("online new {game}")).unwrap();
    reply.split_whitespace().next().unwrap().to_string()
}

/// `mover` plays its first legal move and `other` waits for it; returns the move.
pub fn play_first(mover: &mut Engine, other: &mut Engine) -> String {
    let first = cmd(mover, "legal")
        .unwrap()
        .split_whitespace()
        .next()
        .expect("a legal move")
        .to_string();
    cmd(mover, &format!("play {first}")).unwrap();
    cmd(other, "wait").unwrap();
    first
}

//! A full disk: the server's SQLite file hits a file-size limit (`RLIMIT_FSIZE`, set on the
//! running server with `prlimit`, so writes past it fail with EFBIG as on a full filesystem).
//! Every write the server acknowledges — before, during and after the disk is full — must be in
//! the database after a SIGKILL; while it cannot store, the server says so in its log, on
//! `/health` and to the client; once there is room again, it stores again by itself.

#![cfg(target_os = "linux")]

mod common;

use std::io::{Read, Write};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use common::TempDir;
use futures_util::{SinkExt, StreamExt};
use parlour_online::wire::{Reply, Request, Seat};
use parlour_server::store::Store;
use parlour_server::store::sqlite::SqliteStore;
use tokio_tungstenite::tungstenite::Message;

type Ws = tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

/// One client that opens a fresh connection every few requests (so the per-connection rate
/// limit never refuses one) and answers each request with its reply, skipping pushes.
struct Client {
    addr: String,
    ws: Option<Ws>,
    used: u32,
    req: u64,
}

impl Client {
    fn new(addr: &str) -> Client {
        Client {
            addr: addr.to_string(),
            ws: None,
            used: 0,
            req: 0,
        }
    }

    async fn ask(&mut self, make: impl FnOnce(u64) -> Request) -> Reply {
        if self.used >= 30 {
            self.ws = None;
        }
        if self.ws.is_none() {
            let (ws, _) = tokio_tungstenite::connect_async(format!("ws://{}/ws", self.addr))
                .await
                .expect("the server takes a connection");
            self.ws = Some(ws);
            self.used = 0;
        }
        self.used += 1;
        self.req += 1;
        let req = self.req;
        let ws = self.ws.as_mut().unwrap();
        ws.send(Message::text(make(req).encode())).await.expect("sent");
        loop {
            let frame = tokio::time::timeout(Duration::from_secs(30), ws.next())
                .await
                .expect("a reply within 30 s");
            match frame {
                Some(Ok(Message::Text(t))) => {
                    let reply = Reply::decode(t.as_str()).expect("the reply reads");
                    match &reply {
                        Reply::Seated { req: r, .. }
                        | Reply::Stored { req: r, .. }
                        | Reply::Watching { req: r, .. }
                        | Reply::Error { req: Some(r), .. }
                            if *r == req =>
                        {
                            return reply;
                        }
                        _ => {} // a push
                    }
                }
                Some(Ok(_)) => {}
                other => panic!("the connection ended: {other:?}"),
            }
        }
    }
}

/// A game played on while new games are made: what was acknowledged, and what was refused.
struct Play {
    code: String,
    tokens: [String; 2],
    session: Box<dyn parlour_engine::session::Session>,
    moves: Vec<String>,
    created: Vec<String>,
    refusals: Vec<String>,
}

impl Play {
    /// One round: a new game, and the game's next move if it has one. Returns how many of the
    /// two were refused.
    async fn round(&mut self, c: &mut Client) -> u32 {
        let mut refused = 0;
        match c
            .ask(|req| Request::New {
                req,
                game: "kansho".into(),
                options: vec![],
                seat: Seat::Second,
                token: None,
            })
            .await
        {
            Reply::Seated { game, .. } => self.created.push(game.code),
            Reply::Error { message, .. } => {
                refused += 1;
                self.refusals.push(message);
            }
            other => panic!("new: {other:?}"),
        }
        if let (Some(turn), Some(mv)) = (self.session.turn(), self.session.legal().first().cloned()) {
            let ply = self.moves.len() as u32;
            let (code, token) = (self.code.clone(), self.tokens[turn].clone());
            match c
                .ask(|req| Request::Move {
                    req,
                    code,
                    token,
                    ply,
                    mv,
                    think_ms: None,
                })
                .await
            {
                Reply::Stored { mv: stored, .. } => {
                    self.session.play(&stored).unwrap();
                    self.moves.push(stored);
                }
                Reply::Error { message, .. } => {
                    refused += 1;
                    self.refusals.push(message);
                }
                other => panic!("move: {other:?}"),
            }
        }
        refused
    }
}

/// `GET /health`: the status code and the body.
fn health(addr: &str) -> (u16, String) {
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    s.set_read_timeout(Some(Duration::from_secs(30))).unwrap();
    write!(s, "GET /health HTTP/1.1\r\nHost: {addr}\r\nConnection: close\r\n\r\n").unwrap();
    let mut text = String::new();
    s.read_to_string(&mut text).unwrap();
    let status = text.split_whitespace().nth(1).and_then(|c| c.parse().ok()).unwrap_or(0);
    let body = text.split("\r\n\r\n").nth(1).unwrap_or("").to_string();
    (status, body)
}

fn set_file_limit(child: &Child, bytes: Option<u64>) {
    let value = bytes.unwrap_or(libc::RLIM_INFINITY);
    let limit = libc::rlimit {
        rlim_cur: value,
        rlim_max: libc::RLIM_INFINITY,
    };
    let r = unsafe {
        libc::prlimit(
            child.id() as libc::pid_t,
            libc::RLIMIT_FSIZE,
            &limit,
            std::ptr::null_mut(),
        )
    };
    assert_eq!(r, 0, "prlimit: {}", std::io::Error::last_os_error());
}

fn file_len(path: &std::path::Path) -> u64 {
    std::fs::metadata(path).map_or(0, |m| m.len())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acknowledged_writes_survive_a_full_disk_and_the_server_says_it_cannot_store() {
    let dir = TempDir::new("diskfull");
    let db = dir.0.join("games.sqlite3");
    let url = format!("sqlite://{}", db.display());
    let log_path = dir.0.join("server.log");
    let mut child = Command::new(env!("CARGO_BIN_EXE_parlour-server"))
        .args(["--listen", "127.0.0.1:0", "--database", &url])
        // This test makes a game every round on purpose (the full disk's writes).
        .args(["--new-games-per-minute", "100000"])
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(&log_path).unwrap())
        .spawn()
        .expect("parlour-server starts");
    let mut first = String::new();
    {
        use std::io::BufRead;
        let out = child.stdout.take().unwrap();
        std::io::BufReader::new(out).read_line(&mut first).unwrap();
    }
    let addr = first
        .strip_prefix("listening on http://")
        .and_then(|r| r.split_whitespace().next())
        .unwrap_or_else(|| panic!("unexpected first line {first:?}"))
        .to_string();
    assert_eq!(health(&addr).0, 200, "healthy at the start");

    // A game with both seats taken, whose moves go on throughout.
    let mut a = Client::new(&addr);
    let Reply::Seated { token: ta, game, .. } = a
        .ask(|req| Request::New {
            req,
            game: "konane".into(),
            options: vec![("size".into(), "6x6".into())],
            seat: Seat::First,
            token: None,
        })
        .await
    else {
        panic!("new")
    };
    let code = game.code.clone();
    let Reply::Seated { token: tb, .. } = a
        .ask(|req| Request::Join {
            req,
            code: code.clone(),
            token: None,
        })
        .await
    else {
        panic!("join")
    };
    let options = vec![("size".to_string(), "6x6".to_string())];
    let session = parlour_engine::session::session_from("konane", &options, &[]).unwrap();

    // The disk fills: no file may grow more than a few pages past its size now.
    let wal = dir.0.join("games.sqlite3-wal");
    set_file_limit(&child, Some(file_len(&db).max(file_len(&wal)) + 40 * 1024));
    let mut play = Play {
        code: code.clone(),
        tokens: [ta, tb],
        session,
        moves: vec![],
        created: vec![code.clone()],
        refusals: vec![],
    };
    let mut full_health = None;
    let mut rounds_after = 0;
    for _ in 0..2000 {
        let refused = play.round(&mut a).await;
        if refused > 0 && full_health.is_none() {
            full_health = Some(health(&addr));
        }
        if !play.refusals.is_empty() {
            rounds_after += 1;
            if rounds_after > 60 {
                break;
            }
        }
    }
    assert!(!play.refusals.is_empty(), "the file-size limit never refused a write");
    for r in &play.refusals {
        assert!(
            r.contains("cannot store") && r.contains("nothing changed") && !r.to_lowercase().contains("sqlite"),
            "a refusal the player can read, without the database's own text: {r:?}"
        );
    }
    let (status, body) = full_health.unwrap();
    assert_eq!(
        status,
        503,
        "/health while the disk is full: {body}\n{}",
        std::fs::read_to_string(&log_path).unwrap()
    );
    assert!(body.contains("cannot store"), "/health says why: {body:?}");

    // Room again: the server stores again without a restart.
    set_file_limit(&child, None);
    let mut healthy = false;
    for _ in 0..100 {
        if health(&addr).0 == 200 {
            healthy = true;
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(healthy, "/health recovers once there is room");
    let before = play.refusals.len();
    for _ in 0..20 {
        play.round(&mut a).await;
    }
    assert_eq!(
        play.refusals.len(),
        before,
        "refused with room to spare: {:?}",
        &play.refusals[before..]
    );

    // SIGKILL: whatever was acknowledged is in the file.
    let _ = child.kill();
    let _ = child.wait();
    let log = std::fs::read_to_string(&log_path).unwrap();
    assert!(
        log.contains("cannot store"),
        "the log says the server could not store:\n{log}"
    );
    let store = SqliteStore::open(&url)
        .await
        .expect("the database opens after the kill");
    let stored = store.all().await.unwrap();
    let codes: std::collections::HashSet<&str> = stored.iter().map(|g| g.code.as_str()).collect();
    let lost: Vec<&String> = play.created.iter().filter(|c| !codes.contains(c.as_str())).collect();
    assert!(
        lost.is_empty(),
        "{} of {} acknowledged games are not in the database: {lost:?}",
        lost.len(),
        play.created.len()
    );
    let game = stored.iter().find(|g| g.code == code).unwrap();
    assert_eq!(game.moves, play.moves, "the game's acknowledged moves, exactly");
    assert!(play.moves.len() >= 4, "moves were played throughout ({:?})", play.moves);
}

#[test]
fn a_server_over_a_database_that_cannot_store_does_not_start() {
    use std::os::unix::process::CommandExt;
    let dir = TempDir::new("cannotstart");
    let db = dir.0.join("games.sqlite3");
    let url = format!("sqlite://{}", db.display());
    // A database as a server leaves it.
    drop(common::Server::start("127.0.0.1:0", &url));
    let room = file_len(&db).max(file_len(&dir.0.join("games.sqlite3-wal"))) + 4096;
    let mut command = Command::new(env!("CARGO_BIN_EXE_parlour-server"));
    command.args(["--listen", "127.0.0.1:0", "--database", &url]);
    unsafe {
        command.pre_exec(move || {
            let limit = libc::rlimit {
                rlim_cur: room,
                rlim_max: libc::RLIM_INFINITY,
            };
            if libc::setrlimit(libc::RLIMIT_FSIZE, &limit) != 0 {
                return Err(std::io::Error::last_os_error());
            }
            Ok(())
        });
    }
    let out = command.output().expect("parlour-server runs");
    let stdout = String::from_utf8_lossy(&out.stdout);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(!out.status.success(), "it stopped with an error: {stdout}{stderr}");
    assert!(!stdout.contains("listening"), "it never listened: {stdout}");
    assert!(stderr.contains("cannot store"), "it says why: {stderr}");
}

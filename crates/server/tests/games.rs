//! Whole games over the network: two `connect` sessions through a real server process on
//! loopback, every move checked against the local rules; and the server SIGKILLed mid-game
//! and started again, losing nothing acknowledged and storing nothing twice.

mod common;

use common::{Server, TempDir, cmd, connect, create, play_first, sqlite_url};
use parlour_engine::protocol::Engine;
use parlour_engine::session::new_session;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Creates a game (A in the first seat) and joins it (B): returns (A, B, code).
fn pair(url: &str, game: &str) -> (Engine, Engine, String) {
    let mut a = connect(url);
    let code = create(&mut a, &format!("{game} side=first"));
    let mut b = connect(url);
    cmd(&mut b, &format!("online join {code}")).unwrap();
    (a, b, code)
}

/// Plays random legal moves, each by the seat to move, the other seat `wait`ing; checks both
/// sessions' histories against a local game after every move. Returns the moves played.
fn play_out(a: &mut Engine, b: &mut Engine, game: &str, rng: &mut ChaCha8Rng, max_moves: usize) -> Vec<String> {
    let words: Vec<&str> = game.split_whitespace().collect();
    let mut local = new_session(words[0], &words[1..]).unwrap();
    let mut played = Vec::new();
    // A holds the first seat.
    while let Some(turn) = local.turn() {
        if played.len() == max_moves {
            break;
        }
        let (mover, other) = if turn == 0 {
            (&mut *a, &mut *b)
        } else {
            (&mut *b, &mut *a)
        };
        let legal = cmd(mover, "legal").unwrap();
        let moves: Vec<&str> = legal.split_whitespace().collect();
        assert_eq!(moves, local.legal(), "legal moves as the server's game stands");
        let mv = moves[rng.random_range(0..moves.len())].to_string();
        let stored = cmd(mover, &format!("play {mv}")).unwrap();
        assert_eq!(stored, local.play(&mv).unwrap());
        played.push(stored);
        if local.turn() == Some(turn) {
            continue;
        }
        let status = cmd(other, "wait").unwrap();
        assert_eq!(status, local.status());
        for s in [&mut *a, &mut *b] {
            assert_eq!(cmd(s, "history").unwrap(), played.join(" "));
        }
    }
    played
}

#[test]
fn every_game_plays_whole_over_the_network_move_for_move() {
    let dir = TempDir::new("games");
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    let mut rng = ChaCha8Rng::seed_from_u64(21);
    for game in [
        "kansho",
        "konane size=6x6",
        "conhex",
        "qyshinsu",
        "soldiers variant=board1",
        "soldiers variant=board3 rules=fair",
        "soldiers variant=monk",
    ] {
        let (mut a, mut b, code) = pair(&server.url(), game);
        // The one who is not to move is refused, with the rules' words, and nothing changes.
        let first_legal = cmd(&mut a, "legal").unwrap();
        let mv = first_legal.split_whitespace().next().unwrap().to_string();
        let refused = cmd(&mut b, &format!("play {mv}")).unwrap_err();
        assert!(refused.contains("not your turn"), "{refused}");
        let played = play_out(&mut a, &mut b, game, &mut rng, 3000);
        assert!(
            cmd(&mut a, "status").unwrap().starts_with("win") || cmd(&mut a, "status").unwrap().starts_with("draw"),
            "{game}: the game ended ({} moves)",
            played.len()
        );
        // A watcher joining afterwards sees the same game.
        let mut w = connect(&server.url());
        assert_eq!(cmd(&mut w, &format!("online watch {code}")).unwrap(), "watching");
        assert_eq!(cmd(&mut w, "history").unwrap(), played.join(" "));
        assert!(cmd(&mut w, &format!("play {mv}")).unwrap_err().contains("watching"));
        assert!(cmd(&mut a, "undo").is_err());
        // A third player finds both seats taken.
        let mut c = connect(&server.url());
        assert!(
            cmd(&mut c, &format!("online join {code}"))
                .unwrap_err()
                .contains("both seats")
        );
    }
}

#[test]
fn a_killed_server_keeps_every_acknowledged_move_and_nothing_else() {
    let dir = TempDir::new("kill");
    let db = sqlite_url(&dir.0);
    let mut server = Server::start("127.0.0.1:0", &db);
    let addr = server.addr.clone();
    let url = server.url();
    let (mut a, mut b, code) = pair(&url, "konane size=8x8");
    let token_a = cmd(&mut a, "online token").unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut local = new_session("konane", &["size=8x8"]).unwrap();
    let mut acknowledged: Vec<String> = Vec::new();
    let mut kills = 0;
    while let Some(turn) = local.turn() {
        // Kill the server (SIGKILL) every few moves, at a different point of the exchange each
        // time, and start it again on the same address.
        if acknowledged.len() % 5 == 3 && kills < 6 {
            server.kill();
            kills += 1;
            server = Server::start(&addr, &db);
        }
        let (mover, other) = if turn == 0 { (&mut a, &mut b) } else { (&mut b, &mut a) };
        let legal = cmd(mover, "legal").unwrap();
        let moves: Vec<&str> = legal.split_whitespace().collect();
        let mv = moves[rng.random_range(0..moves.len())].to_string();
        let stored = cmd(mover, &format!("play {mv}")).unwrap();
        local.play(&stored).unwrap();
        acknowledged.push(stored);
        if local.turn().is_some() {
            cmd(other, "wait").unwrap();
        }
        if acknowledged.len().is_multiple_of(7) {
            // Killed right after an acknowledgement: it is there after the restart.
            server.kill();
            server = Server::start(&addr, &db);
            kills += 1;
        }
    }
    assert!(kills >= 6, "{kills} restarts");
    // A fresh program resumes A's seat by its token and sees exactly the acknowledged moves.
    drop(a);
    let mut again = connect(&url);
    assert_eq!(
        cmd(&mut again, &format!("online resume {code} {token_a}")).unwrap(),
        "black"
    );
    assert_eq!(cmd(&mut again, "history").unwrap(), acknowledged.join(" "));
    assert_eq!(cmd(&mut b, "history").unwrap(), acknowledged.join(" "));
    assert!(cmd(&mut again, "status").unwrap().starts_with("win"));
}

#[test]
fn a_move_sent_while_the_server_is_down_is_stored_once_when_it_returns() {
    let dir = TempDir::new("down");
    let db = sqlite_url(&dir.0);
    let mut server = Server::start("127.0.0.1:0", &db);
    let addr = server.addr.clone();
    let (mut a, mut b, _code) = pair(&server.url(), "conhex");
    let legal = cmd(&mut a, "legal").unwrap();
    let mv = legal.split_whitespace().nth(3).unwrap().to_string();
    server.kill();
    let restart = std::thread::spawn(move || {
        std::thread::sleep(std::time::Duration::from_millis(700));
        Server::start(&addr, &db)
    });
    // Sent into the void; answered once the server is back.
    let stored = cmd(&mut a, &format!("play {mv}")).unwrap();
    let _server = restart.join().unwrap();
    assert_eq!(stored, mv);
    assert_eq!(cmd(&mut b, "wait").unwrap(), "ongoing red");
    assert_eq!(cmd(&mut b, "history").unwrap(), mv);
    assert_eq!(cmd(&mut a, "history").unwrap(), mv);
}

#[test]
fn a_resignation_is_stored_ends_the_game_for_both_and_survives_a_restart() {
    let dir = TempDir::new("resign");
    let db = sqlite_url(&dir.0);
    let mut server = Server::start("127.0.0.1:0", &db);
    let addr = server.addr.clone();
    let url = server.url();
    let (mut a, mut b, code) = pair(&url, "conhex");
    let token_b = cmd(&mut b, "online token").unwrap();
    let first = play_first(&mut a, &mut b);
    // A resigns on B's turn; B's side wins, and neither may move any more. B's `wait` returns
    // at once (it is B's turn), so B sees the resignation when the server's push arrives.
    assert_eq!(cmd(&mut a, "online resign").unwrap(), "resigned");
    assert_eq!(status_once_over(&mut b), "win red resignation");
    assert_eq!(cmd(&mut a, "status").unwrap(), "win red resignation");
    assert_eq!(cmd(&mut b, "legal").unwrap(), "");
    let b_move = cmd(&mut b, "genmove").unwrap_err();
    assert!(b_move.contains("resign"), "{b_move}");
    assert!(cmd(&mut a, "online resign").unwrap_err().contains("over"));
    assert!(cmd(&mut b, "online resign").unwrap_err().contains("over"));
    // A watcher, and B from a fresh program after the server was killed and started again.
    server.kill();
    server = Server::start(&addr, &db);
    let mut watcher = connect(&server.url());
    assert_eq!(cmd(&mut watcher, &format!("online watch {code}")).unwrap(), "watching");
    assert_eq!(cmd(&mut watcher, "status").unwrap(), "win red resignation");
    drop(b);
    let mut again = connect(&url);
    assert_eq!(
        cmd(&mut again, &format!("online resume {code} {token_b}")).unwrap(),
        "red"
    );
    assert_eq!(cmd(&mut again, "history").unwrap(), first);
    assert_eq!(cmd(&mut again, "status").unwrap(), "win red resignation");
    // The database holds the move and the resignation, nothing else.
    let runtime = tokio::runtime::Runtime::new().unwrap();
    let stored = runtime.block_on(async {
        use parlour_server::store::Store;
        let store = parlour_server::store::sqlite::SqliteStore::open(&db).await.unwrap();
        store.load(&code).await.unwrap().unwrap()
    });
    assert_eq!(stored.moves, [first]);
    assert_eq!(stored.resigned, Some(parlour_online::wire::Seat::First));
}

/// `status` of this session once it reports the game over, polled while the server's push is
/// on its way (at most ten seconds; the last status otherwise).
fn status_once_over(session: &mut Engine) -> String {
    let start = std::time::Instant::now();
    loop {
        let status = cmd(session, "status").unwrap();
        if !status.starts_with("ongoing") || start.elapsed() > std::time::Duration::from_secs(10) {
            return status;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

/// GETs `path` from the server with this `Accept-Encoding`; returns the Content-Encoding
/// header (empty when none) and the body.
fn get_encoded(url: &str, path: &str, accept: &str) -> (String, Vec<u8>) {
    use std::io::{Read, Write};
    let addr = url.trim_start_matches("http://");
    let mut s = std::net::TcpStream::connect(addr).expect("connect");
    write!(
        s,
        "GET {path} HTTP/1.1\r\nHost: {addr}\r\nAccept-Encoding: {accept}\r\nConnection: close\r\n\r\n"
    )
    .expect("request");
    let mut all = Vec::new();
    s.read_to_end(&mut all).expect("response");
    let split = all.windows(4).position(|w| w == b"\r\n\r\n").expect("headers");
    let head = String::from_utf8_lossy(&all[..split]).to_string();
    assert!(head.starts_with("HTTP/1.1 200"), "{head}");
    let encoding = head
        .lines()
        .find_map(|l| l.strip_prefix("content-encoding: "))
        .unwrap_or_default()
        .to_string();
    (encoding, all[split + 4..].to_vec())
}

#[test]
fn the_browser_files_are_served_compressed_as_the_browser_accepts() {
    let dir = TempDir::new("web-files");
    let web = dir.0.join("web");
    std::fs::create_dir_all(&web).unwrap();
    std::fs::write(web.join("index.html"), "<html>index</html>").unwrap();
    std::fs::write(web.join("parlour.js"), "plain").unwrap();
    std::fs::write(web.join("parlour.js.gz"), "gzip copy").unwrap();
    std::fs::write(web.join("parlour.js.br"), "brotli copy").unwrap();
    let server = Server::start_with("127.0.0.1:0", &sqlite_url(&dir.0), &["--web", web.to_str().unwrap()]);
    let url = server.url();
    assert_eq!(
        get_encoded(&url, "/parlour.js", "gzip, deflate, br"),
        ("br".into(), b"brotli copy".to_vec())
    );
    assert_eq!(
        get_encoded(&url, "/parlour.js", "gzip, deflate"),
        ("gzip".into(), b"gzip copy".to_vec())
    );
    assert_eq!(
        get_encoded(&url, "/parlour.js", "identity"),
        (String::new(), b"plain".to_vec())
    );
    // An invite link opens the page itself.
    assert_eq!(
        get_encoded(&url, "/g/ABCDEF", "identity").1,
        b"<html>index</html>".to_vec()
    );
}

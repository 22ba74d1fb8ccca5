//! Two `parlour-engine connect` sessions meet through the lobby (`online seek`, `online seeks`,
//! `online accept`), play a rated Kōnane 6×6 game to the rules' end, and both ratings change;
//! an untimed game has no clock and a finished one cannot be claimed; two sessions paired by
//! `online pair`.

mod common;

use common::{Server, TempDir, cmd, connect, sqlite_url};
use parlour_engine::protocol::Engine;

/// A bot's loop: wait for its turn, play its first legal move, until the game is over; then its
/// status and both players' ratings.
fn play_out(e: &mut Engine) -> (String, [String; 2]) {
    loop {
        let status = cmd(e, "wait").unwrap();
        if !status.starts_with("ongoing") {
            let rating = |e: &mut Engine, name: &str| cmd(e, &format!("online rating {name} konane/size=6x6")).unwrap();
            // A lobby game's end is rated before either side hears of it.
            return (status, [rating(e, "ada_l"), rating(e, "bob_k")]);
        }
        let first = cmd(e, "legal").unwrap().split_whitespace().next().unwrap().to_string();
        cmd(e, &format!("play {first}")).unwrap();
    }
}

#[test]
fn two_engine_sessions_meet_through_a_seek_and_their_game_is_rated() {
    let dir = TempDir::new("lobby-engine");
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    let url = server.url();
    let seeker = std::thread::spawn({
        let url = url.clone();
        move || {
            let mut ada = connect(&url);
            cmd(&mut ada, "online account new Ada_L").unwrap();
            let taken = cmd(&mut ada, "online seek konane size=6x6 rated side=first timeout=30").unwrap();
            let end = play_out(&mut ada);
            // An untimed game has no clock; a finished game cannot be claimed.
            assert_eq!(
                cmd(&mut ada, "online clock").unwrap_err(),
                "this game is not on a clock"
            );
            let claim = cmd(&mut ada, "online claim").unwrap_err();
            assert!(claim.contains("is over"), "{claim}");
            (taken, end)
        }
    });
    let accepter = std::thread::spawn(move || {
        let mut bob = connect(&url);
        cmd(&mut bob, "online account new Bob_K").unwrap();
        let line = (0..200)
            .find_map(|_| {
                let seeks = cmd(&mut bob, "online seeks konane").unwrap();
                if seeks.is_empty() {
                    std::thread::sleep(std::time::Duration::from_millis(50));
                    None
                } else {
                    Some(seeks)
                }
            })
            .expect("Ada's seek is listed");
        let words: Vec<String> = line.split_whitespace().map(str::to_string).collect();
        let taken = cmd(&mut bob, &format!("online accept {}", words[0])).unwrap();
        let games = cmd(&mut bob, "online games").unwrap();
        (line, taken, games, play_out(&mut bob))
    });
    let (ada_taken, (ada_status, _)) = seeker.join().unwrap();
    let (line, taken, games, (bob_status, ratings)) = accepter.join().unwrap();
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(
        &words[1..],
        ["Ada_L", "?", "konane", "size=6x6", "-", "rated"],
        "{line}"
    );
    let code = taken.split_whitespace().next().unwrap();
    assert_eq!(ada_taken, format!("{code} black"));
    assert_eq!(taken, format!("{code} white"));
    assert_eq!(games, format!("{code} konane Ada_L Bob_K -"));
    assert!(
        ada_status.starts_with("win ") && ada_status == bob_status,
        "{ada_status} {bob_status}"
    );
    for r in &ratings {
        let w: Vec<&str> = r.split_whitespace().collect();
        assert_eq!(w[2..], ["1", "provisional"], "{r}");
        assert_ne!(w[0], "1500", "{r}");
    }
}

#[test]
fn engine_sessions_play_on_the_clock_and_a_fall_ends_the_game_on_time() {
    let dir = TempDir::new("lobby-engine-clock");
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    let url = server.url();
    let first_legal = |e: &mut Engine| cmd(e, "legal").unwrap().split_whitespace().next().unwrap().to_string();
    let seeker = std::thread::spawn({
        let url = url.clone();
        move || {
            let mut ada = connect(&url);
            cmd(&mut ada, "online account new Ada_C").unwrap();
            cmd(&mut ada, "online seek konane clock=0+1 side=first timeout=30").unwrap();
            let before = cmd(&mut ada, "online clock").unwrap();
            let mv = first_legal(&mut ada);
            cmd(&mut ada, &format!("play {mv}")).unwrap();
            let running = cmd(&mut ada, "online clock").unwrap();
            // Bob answers; then Ada never moves again.
            let turn = cmd(&mut ada, "wait").unwrap();
            (before, running, turn)
        }
    });
    let mut bob = connect(&url);
    cmd(&mut bob, "online account new Bob_C").unwrap();
    let line = (0..200)
        .find_map(|_| {
            let seeks = cmd(&mut bob, "online seeks").unwrap();
            std::thread::sleep(std::time::Duration::from_millis(50));
            (!seeks.is_empty()).then_some(seeks)
        })
        .expect("Ada's seek is listed");
    let words: Vec<&str> = line.split_whitespace().collect();
    assert_eq!(&words[4..], ["size=8x8", "0+1", "casual"], "{line}");
    cmd(&mut bob, &format!("online accept {}", words[0])).unwrap();
    assert_eq!(cmd(&mut bob, "wait").unwrap(), "ongoing white");
    let mv = first_legal(&mut bob);
    cmd(&mut bob, &format!("play {mv}")).unwrap();
    // Ada's three seconds (and her grace) run out: `wait` returns with the game over.
    let status = cmd(&mut bob, "wait").unwrap();
    let after = cmd(&mut bob, "online clock").unwrap();
    let (before, running, turn) = seeker.join().unwrap();
    assert_eq!(before, "3000 3000 -");
    let w: Vec<&str> = running.split_whitespace().collect();
    assert_eq!((w[0], w[2]), ("3000", "white"), "{running}");
    assert_eq!(turn, "ongoing black");
    assert_eq!(status, "win white time");
    let w: Vec<&str> = after.split_whitespace().collect();
    assert_eq!((w[0], w[2]), ("0", "-"), "{after}");
}

#[test]
fn a_seek_nobody_takes_gives_up_at_its_timeout() {
    let dir = TempDir::new("lobby-engine-timeout");
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    let mut ada = connect(&server.url());
    cmd(&mut ada, "online account new").unwrap();
    let said = cmd(&mut ada, "online seek conhex timeout=1").unwrap_err();
    assert_eq!(said, "nobody accepted the seek within 1 s; it is withdrawn");
    assert_eq!(cmd(&mut ada, "online seeks").unwrap(), "");
    let said = cmd(&mut ada, "online seek conhex rated").unwrap_err();
    assert!(said.contains("Only players with a chosen name"), "{said}");
}

#[test]
fn two_engine_sessions_are_paired_by_the_pool() {
    let dir = TempDir::new("lobby-engine-pair");
    let server = Server::start_with("127.0.0.1:0", &sqlite_url(&dir.0), &["--pool-wave", "0.2"]);
    let url = server.url();
    let players: Vec<_> = ["Cy_P", "Di_P"]
        .into_iter()
        .map(|name| {
            let url = url.clone();
            std::thread::spawn(move || {
                let mut e = connect(&url);
                cmd(&mut e, &format!("online account new {name}")).unwrap();
                let paired = cmd(&mut e, "online pair konane size=6x6 rated timeout=20").unwrap();
                // Seated: the session plays there.
                let legal = cmd(&mut e, "legal").unwrap();
                (paired, legal)
            })
        })
        .collect();
    let got: Vec<(String, String)> = players.into_iter().map(|t| t.join().unwrap()).collect();
    let words: Vec<Vec<&str>> = got.iter().map(|(p, _)| p.split_whitespace().collect()).collect();
    assert_eq!(words[0][0], words[1][0], "one game: {got:?}");
    let mut sides = [words[0][1], words[1][1]];
    sides.sort();
    assert_eq!(sides, ["black", "white"]);
    assert!(got.iter().all(|(_, legal)| !legal.is_empty()));
    // Games by correspondence are sought, not pooled; alone in a pool, a timeout leaves it.
    let mut ed = connect(&url);
    cmd(&mut ed, "online account new").unwrap();
    let slow = cmd(&mut ed, "online pair conhex days=3").unwrap_err();
    assert!(slow.contains("post a seek to play by correspondence"), "{slow}");
    assert_eq!(
        cmd(&mut ed, "online pair conhex clock=5+3 timeout=1").unwrap_err(),
        "nobody was paired with you within 1 s; you left the pool"
    );
    assert_eq!(
        cmd(&mut ed, "online pair conhex timeout=1").unwrap_err(),
        "nobody was paired with you within 1 s; you left the pool"
    );
    let said = cmd(&mut ed, "online pair conhex rated").unwrap_err();
    assert!(said.contains("Only players with a chosen name"), "{said}");
}

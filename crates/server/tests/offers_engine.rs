//! Offers from `parlour-engine connect` (issue 74, item 5): `online offer takeback` and
//! `online answer accept` take the game back to the offerer's turn in both sessions; a declined
//! draw cannot be offered again at once; an accepted one ends the game (`draw agreed`) for
//! both; `online rematch` from both sides makes one game with sides swapped.

mod common;

use common::{Server, TempDir, cmd, connect, create, play_first, sqlite_url};

#[test]
fn engine_sessions_take_back_draw_and_play_a_rematch() {
    let dir = TempDir::new("offers-engine");
    let server = Server::start("127.0.0.1:0", &sqlite_url(&dir.0));
    let mut ada = connect(&server.url());
    let code = create(&mut ada, "kansho");
    let mut bob = connect(&server.url());
    let bob_side = cmd(&mut bob, &format!("online join {code}")).unwrap();
    assert_eq!(
        cmd(&mut bob, "online answer accept").unwrap_err(),
        "there is no offer from the other side to answer"
    );
    play_first(&mut ada, &mut bob);
    play_first(&mut bob, &mut ada);
    play_first(&mut ada, &mut bob);
    let two: Vec<String> = cmd(&mut bob, "history")
        .unwrap()
        .split_whitespace()
        .take(2)
        .map(str::to_string)
        .collect();
    // Ada takes back her last move: both sessions are back at move 2, Ada to move.
    assert_eq!(cmd(&mut ada, "online offer takeback").unwrap(), "");
    assert_eq!(cmd(&mut bob, "online answer accept").unwrap(), "");
    assert_eq!(
        cmd(&mut bob, "history").unwrap().split_whitespace().collect::<Vec<_>>(),
        two
    );
    assert_eq!(cmd(&mut ada, "wait").unwrap(), "ongoing white", "Ada (white) to move");
    assert_eq!(
        cmd(&mut ada, "history").unwrap().split_whitespace().collect::<Vec<_>>(),
        two
    );
    play_first(&mut ada, &mut bob);
    // A draw declined cannot be offered again at once; one accepted ends the game for both.
    assert_eq!(cmd(&mut bob, "online offer draw").unwrap(), "");
    assert_eq!(cmd(&mut ada, "online answer decline").unwrap(), "");
    let again = cmd(&mut bob, "online offer draw").unwrap_err();
    assert_eq!(again, "You offered a draw at move 3; you may offer again from move 5.");
    play_first(&mut bob, &mut ada);
    assert_eq!(cmd(&mut ada, "online offer draw").unwrap(), "");
    assert_eq!(cmd(&mut bob, "online answer accept").unwrap(), "");
    assert_eq!(cmd(&mut bob, "status").unwrap(), "draw agreed");
    assert_eq!(cmd(&mut ada, "wait").unwrap(), "draw agreed");
    assert!(cmd(&mut ada, "play x").unwrap_err().contains("over"));
    // Both ask for a rematch: one game, sides swapped.
    // (Ada asks from a session of her own on a thread: a session stays on its thread.)
    let token = cmd(&mut ada, "online token").unwrap();
    let (url, old) = (server.url(), code.clone());
    let asker = std::thread::spawn(move || {
        let mut ada = connect(&url);
        cmd(&mut ada, &format!("online resume {old} {token}")).unwrap();
        let said = cmd(&mut ada, "online rematch");
        let history = cmd(&mut ada, "history");
        (said, history)
    });
    let bob_said = cmd(&mut bob, "online rematch").unwrap();
    let (ada_said, history) = asker.join().unwrap();
    let ada_said = ada_said.unwrap();
    assert_eq!(history.unwrap(), "");
    let (new_code, ada_side) = ada_said.split_once(' ').unwrap();
    assert_ne!(new_code, code);
    assert_eq!(ada_side, bob_side, "Ada sits where Bob sat");
    assert!(bob_said.starts_with(new_code), "{bob_said} {ada_said}");
    assert_ne!(bob_said, ada_said);
    assert_eq!(cmd(&mut bob, "history").unwrap(), "");
    assert_eq!(cmd(&mut bob, "status").unwrap(), "ongoing white", "Bob is white now");
}

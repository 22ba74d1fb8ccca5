//! Online play in the client, headless: two client apps on one real server (in this process,
//! over real sockets on loopback). One creates a game, the other joins by its invite code, and
//! a whole game is played: each side's moves arrive at the other as whole moves that resolve
//! and animate like any other, the tables stay equal to the server's game, and what an online
//! game cannot do (take a move back) is refused.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::net::{NetCommand, OnlineStatus};
use parlour::play::{GameCommand, Match, MoveInput, Phase, Screen};
use parlour_online::wire::Seat;
use parlour_rules::Game;
use parlour_rules::konane::Konane;

fn server() -> String {
    let dir = std::env::temp_dir().join(format!("parlour-client-online-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let db = format!("sqlite://{}", dir.join("games.sqlite3").display());
    let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
    listener.set_nonblocking(true).unwrap();
    let addr = listener.local_addr().unwrap();
    let (tx, rx) = std::sync::mpsc::channel();
    std::thread::spawn(move || {
        let runtime = tokio::runtime::Runtime::new().unwrap();
        runtime.block_on(async move {
            let listener = tokio::net::TcpListener::from_std(listener).unwrap();
            parlour_server::run(listener, &db, move || tx.send(()).unwrap())
                .await
                .unwrap();
        });
    });
    rx.recv_timeout(Duration::from_secs(30)).unwrap();
    format!("http://{addr}")
}

fn client() -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)))
        .add_plugins(parlour::logic_plugin);
    app.update();
    app
}

fn screen(app: &App) -> Screen {
    *app.world().resource::<State<Screen>>().get()
}

fn phase(app: &App) -> Option<Phase> {
    app.world().get_resource::<State<Phase>>().map(|p| *p.get())
}

fn history(app: &App) -> Vec<String> {
    app.world()
        .resource::<Match>()
        .0
        .history()
        .into_iter()
        .map(|(_, t)| t)
        .collect()
}

/// Runs both apps (real time passes for the sockets) until `done` holds.
fn run_until(apps: &mut [&mut App], what: &str, mut done: impl FnMut(&[&mut App]) -> bool) {
    let start = Instant::now();
    while !done(apps) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        for app in apps.iter_mut() {
            app.update();
        }
        std::thread::sleep(Duration::from_millis(2));
    }
}

#[test]
fn two_clients_play_a_whole_game_through_the_server() {
    let url = server();
    let mut a = client();
    let mut b = client();
    let options = vec![("size".to_string(), "6x6".to_string())];
    a.world_mut().write_message(NetCommand::Create {
        server: url.clone(),
        game: "konane".into(),
        options: options.clone(),
        seat: Seat::First,
    });
    run_until(&mut [&mut a], "the game to be created", |apps| {
        screen(apps[0]) == Screen::Playing && !apps[0].world().resource::<OnlineStatus>().code.is_empty()
    });
    let status = a.world().resource::<OnlineStatus>().clone();
    assert!(status.waiting_for_friend);
    assert_eq!(status.link, "connected");
    b.world_mut().write_message(NetCommand::Join {
        server: url.clone(),
        code: status.code.clone(),
    });
    run_until(&mut [&mut a, &mut b], "the friend to join", |apps| {
        screen(apps[1]) == Screen::Playing && !apps[0].world().resource::<OnlineStatus>().waiting_for_friend
    });
    // Black (the creator) moves first; the joiner waits for the server.
    assert_eq!(phase(&a), Some(Phase::AwaitingInput));
    assert_eq!(phase(&b), Some(Phase::Remote));

    let mut rules = Konane::new(&Konane::parse_options(&[("size", "6x6")]).unwrap());
    let mut played: Vec<String> = Vec::new();
    let mut moves = Vec::new();
    while !rules.status().is_over() {
        let a_moves = played.len().is_multiple_of(2);
        rules.legal_moves(&mut moves);
        // The longest move (multi-jumps exercise the resolution's stages).
        let mv = *moves.iter().max_by_key(|m| rules.format_move(m).len()).unwrap();
        let text = rules.format_move(&mv);
        rules.play(mv).unwrap();
        played.push(text.clone());
        let (mover, other) = if a_moves { (&mut a, &mut b) } else { (&mut b, &mut a) };
        assert_eq!(phase(mover), Some(Phase::AwaitingInput), "move {}", played.len());
        if played.len() == 3 {
            // Nothing is taken back online.
            mover.world_mut().write_message(GameCommand::Undo);
            mover.update();
            assert_eq!(history(mover).len(), 2);
        }
        let tokens = mover.world().resource::<Match>().0.parse(&text).unwrap();
        mover.world_mut().write_message(MoveInput::Whole(tokens));
        let n = played.len();
        run_until(&mut [mover, other], "the move to reach the other table", |apps| {
            apps.iter()
                .all(|app| history(app).len() == n && phase(app) != Some(Phase::Resolving))
        });
        assert_eq!(history(&a), played);
        assert_eq!(history(&b), played);
    }
    for app in [&a, &b] {
        assert!(app.world().resource::<Match>().0.status().is_over());
    }
    // Nothing was refused along the way: the last word is the friend's arrival.
    let said = a.world().resource::<OnlineStatus>().message.clone();
    assert_eq!(said.as_deref(), Some("Your friend has joined: the game is on."));
}

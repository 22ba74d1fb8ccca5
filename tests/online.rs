//! Online play in the client, headless: two client apps on one real server (in this process,
//! over real sockets on loopback). One creates a game, the other joins by its invite code, and
//! a whole game is played: each side's moves arrive at the other as whole moves that resolve
//! and animate like any other, the tables stay equal to the server's game, and what an online
//! game cannot do (take a move back) is refused. On a live clock (made by a seek, as the lobby
//! makes one) the table's clocks run and a fall ends the game with its result card.

use std::time::{Duration, Instant};

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use parlour::games::effects::Sfx;
use parlour::net::clock::Ending;
use parlour::net::{NetCommand, OnlineStatus};
use parlour::play::board::Match;
use parlour::play::messages::{GameCommand, MoveInput, PlaySfx};
use parlour::play::result::time_line;
use parlour::state::{Phase, Screen};
use parlour_clock::TimeControl;
use parlour_online::client::lobby::SeekOptions;
use parlour_online::client::{Event, OnlineClient};
use parlour_online::net::{WebSocketConnector, ws_url};
use parlour_online::wire::{Pace, Reply, Seat, SideChoice};
use parlour_rules::konane::Konane;
use parlour_rules::{Game, GameId};

/// A real server in this process (its own runtime, over a SQLite file), that can be stopped
/// (every connection dropped at once, as in a crash) and started again on the same address.
struct TestServer {
    addr: std::net::SocketAddr,
    db: String,
    stop: Option<tokio::sync::oneshot::Sender<()>>,
    thread: Option<std::thread::JoinHandle<()>>,
}

impl TestServer {
    fn new(tag: &str) -> TestServer {
        let dir = std::env::temp_dir().join(format!("parlour-client-online-{tag}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        let db = format!("sqlite://{}", dir.join("games.sqlite3").display());
        let listener = std::net::TcpListener::bind("127.0.0.1:0").unwrap();
        let addr = listener.local_addr().unwrap();
        drop(listener);
        let mut server = TestServer {
            addr,
            db,
            stop: None,
            thread: None,
        };
        server.start();
        server
    }

    fn url(&self) -> String {
        format!("http://{}", self.addr)
    }

    fn start(&mut self) {
        let (addr, db) = (self.addr, self.db.clone());
        let (ready_tx, ready_rx) = std::sync::mpsc::channel();
        let (stop_tx, stop_rx) = tokio::sync::oneshot::channel::<()>();
        self.thread = Some(std::thread::spawn(move || {
            let runtime = tokio::runtime::Runtime::new().unwrap();
            runtime.block_on(async move {
                let listener = tokio::net::TcpListener::bind(addr).await.unwrap();
                tokio::select! {
                    r = parlour_server::run(listener, &db, move || ready_tx.send(()).unwrap()) => r.unwrap(),
                    _ = stop_rx => {}
                }
            });
            // Every task and connection ends here, answered or not.
            runtime.shutdown_timeout(Duration::ZERO);
        }));
        self.stop = Some(stop_tx);
        ready_rx.recv_timeout(Duration::from_secs(30)).unwrap();
    }

    fn stop(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        if let Some(t) = self.thread.take() {
            t.join().unwrap();
        }
    }

    /// The game as stored, read from the database itself.
    fn stored(&self, code: &str) -> parlour_server::store::StoredGame {
        use parlour_server::store::Store;
        tokio::runtime::Runtime::new().unwrap().block_on(async {
            let store = parlour_server::store::sqlite::SqliteStore::open(&self.db)
                .await
                .unwrap();
            store.load(code).await.unwrap().unwrap()
        })
    }
}

impl Drop for TestServer {
    fn drop(&mut self) {
        self.stop();
    }
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
    let server = TestServer::new("whole");
    let url = server.url();
    let mut a = client();
    let mut b = client();
    let options = vec![("size".to_string(), "6x6".to_string())];
    a.world_mut().write_message(NetCommand::Create {
        server: url.clone(),
        game: GameId::Konane,
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
    // The joiner's table enters play a frame before its phase is decided (a sub-state starts
    // at its default): wait for it to settle, whichever app's socket hears the server first.
    run_until(
        &mut [&mut a, &mut b],
        "the friend to join and the joiner's turn to be the server's",
        |apps| phase(apps[1]) == Some(Phase::Remote) && !apps[0].world().resource::<OnlineStatus>().waiting_for_friend,
    );
    // Black (the creator) moves first; the joiner waits for the server.
    assert_eq!(screen(&b), Screen::Playing);
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

/// Creates a Kōnane 6×6 game in `a` (first seat) and joins it from `b`; returns the code.
fn start_pair(url: &str, a: &mut App, b: &mut App) -> String {
    a.world_mut().write_message(NetCommand::Create {
        server: url.to_string(),
        game: GameId::Konane,
        options: vec![("size".to_string(), "6x6".to_string())],
        seat: Seat::First,
    });
    run_until(&mut [&mut *a], "the game to be created", |apps| {
        screen(apps[0]) == Screen::Playing && !apps[0].world().resource::<OnlineStatus>().code.is_empty()
    });
    let code = a.world().resource::<OnlineStatus>().code.clone();
    b.world_mut().write_message(NetCommand::Join {
        server: url.to_string(),
        code: code.clone(),
    });
    run_until(
        &mut [&mut *a, &mut *b],
        "the friend to join and the joiner's turn to be the server's",
        |apps| phase(apps[1]) == Some(Phase::Remote) && !apps[0].world().resource::<OnlineStatus>().waiting_for_friend,
    );
    code
}

/// Plays the first legal move of `rules` (kept beside the tables) in `mover`'s table.
fn play_first_legal(mover: &mut App, rules: &mut Konane) -> String {
    let mut moves = Vec::new();
    rules.legal_moves(&mut moves);
    let text = rules.format_move(&moves[0]);
    rules.play(moves[0]).unwrap();
    let tokens = mover.world().resource::<Match>().0.parse(&text).unwrap();
    mover.world_mut().write_message(MoveInput::Whole(tokens));
    text
}

#[test]
fn a_server_that_dies_mid_game_loses_nothing_and_a_resignation_ends_it_for_both() {
    let mut server = TestServer::new("restart");
    let url = server.url();
    let (mut a, mut b) = (client(), client());
    let code = start_pair(&url, &mut a, &mut b);
    let mut rules = Konane::new(&Konane::parse_options(&[("size", "6x6")]).unwrap());
    let first = play_first_legal(&mut a, &mut rules);
    run_until(&mut [&mut a, &mut b], "the first move to arrive", |apps| {
        apps.iter().all(|app| history(app).len() == 1)
    });

    // The server dies (every connection dropped) and B moves into the void.
    server.stop();
    run_until(&mut [&mut a, &mut b], "both to see the connection drop", |apps| {
        apps.iter()
            .all(|app| app.world().resource::<OnlineStatus>().link != "connected")
    });
    run_until(&mut [&mut b], "B's table to accept its move", |apps| {
        phase(apps[0]) == Some(Phase::AwaitingInput)
    });
    let second = play_first_legal(&mut b, &mut rules);
    for _ in 0..20 {
        a.update();
        b.update();
    }
    assert!(
        b.world().resource::<OnlineStatus>().sending,
        "the move waits for the server"
    );
    assert_eq!(server_moves(&server, &code), [first.as_str()]);

    // Back on the same address: both reconnect by themselves, the move is stored once and
    // reaches A.
    server.start();
    run_until(&mut [&mut a, &mut b], "the move sent while down to arrive", |apps| {
        apps.iter()
            .all(|app| history(app).len() == 2 && app.world().resource::<OnlineStatus>().link == "connected")
    });
    assert!(!b.world().resource::<OnlineStatus>().sending);
    assert_eq!(history(&a), [first.clone(), second.clone()]);
    assert_eq!(server_moves(&server, &code), [first.clone(), second.clone()]);

    // A resigns (on its own turn, through the server): both tables end with A's resignation.
    run_until(&mut [&mut a], "A's turn", |apps| {
        phase(apps[0]) == Some(Phase::AwaitingInput)
    });
    a.world_mut().write_message(GameCommand::Resign);
    run_until(&mut [&mut a, &mut b], "both to show the result", |apps| {
        apps.iter().all(|app| screen(app) == Screen::Results)
    });
    for app in [&a, &b] {
        let resigned = app.world().resource::<parlour::play::board::Resigned>().0;
        let m = &app.world().resource::<Match>().0;
        let line = parlour::play::result::result_line(m.as_ref(), resigned);
        assert_eq!(line, "Black resigns: White wins", "{line}");
    }
    let stored = server.stored(&code);
    assert_eq!(stored.moves, [first, second]);
    assert_eq!(stored.resigned, Some(Seat::First));
}

fn server_moves(server: &TestServer, code: &str) -> Vec<String> {
    server.stored(code).moves
}

/// Polls test-side clients (bots, as the engine's) until `done` holds.
fn pump(clients: &mut [&mut OnlineClient], what: &str, mut done: impl FnMut(&mut [&mut OnlineClient]) -> bool) {
    let start = Instant::now();
    while !done(clients) {
        assert!(
            start.elapsed() < Duration::from_secs(60),
            "timed out waiting for {what}"
        );
        for c in clients.iter_mut() {
            c.poll();
            while let Some(e) = c.next_event() {
                if let Event::Refused { message, .. } = e {
                    panic!("refused while waiting for {what}: {message}");
                }
            }
        }
        std::thread::sleep(Duration::from_millis(5));
    }
}

/// A bot's connection signed in as a new account.
fn account(url: &str, name: &str) -> OnlineClient {
    let mut c = OnlineClient::new(ws_url(url), Box::new(WebSocketConnector));
    c.account_new(Some(name)).unwrap();
    pump(&mut [&mut c], "the account", |c| c[0].account().is_some());
    c
}

/// How many low-time warnings the table sounded.
#[derive(Resource, Default)]
struct LowTimes(usize);

fn count_low_times(mut sounds: MessageReader<PlaySfx>, mut n: ResMut<LowTimes>) {
    n.0 += sounds.read().filter(|s| s.0 == Sfx::LowTime).count();
}

#[test]
fn a_live_clock_runs_at_the_table_warns_once_when_low_and_a_fall_ends_the_game() {
    let server = TestServer::new("clock");
    let url = server.url();
    let (mut bob, mut cleo) = (account(&url, "bob_clock"), account(&url, "cleo_clock"));
    // 15 s and nothing added: low under 10 s, a fall within the test's patience.
    let tc = TimeControl::new(15, 0).unwrap();
    let seek = SeekOptions {
        options: vec![("size".into(), "6x6".into())],
        side: SideChoice::First,
        pace: Pace::Live(tc),
        ..SeekOptions::default()
    };
    let req = bob.seek("konane", seek).unwrap();
    let mut answer = None;
    pump(&mut [&mut bob], "the seek to be posted", |c| {
        answer = answer.take().or_else(|| c[0].lobby_answer(req));
        answer.is_some()
    });
    let Some(Reply::Seeking { id, .. }) = answer else {
        panic!("{answer:?}")
    };
    cleo.accept(id).unwrap();
    pump(&mut [&mut bob, &mut cleo], "the seek to be taken", |c| {
        c[0].matched(id).is_some() && c[1].seat().is_some()
    });
    let code = bob.matched(id).unwrap().0.to_string();
    let token = bob.seek_token(id).unwrap().to_string();

    // The table takes bob's seat: the clocks stand at 15 s, the first move's countdown running.
    let mut a = client();
    a.init_resource::<LowTimes>().add_systems(Update, count_low_times);
    a.world_mut().write_message(NetCommand::Resume {
        server: url.clone(),
        code: code.clone(),
        token,
    });
    run_until(&mut [&mut a], "the table on a clock", |apps| {
        let status = apps[0].world().resource::<OnlineStatus>();
        phase(apps[0]) == Some(Phase::AwaitingInput) && status.clock.view.is_some()
    });
    let line = a.world().resource::<OnlineStatus>().clock.clone();
    assert_eq!(line.control, Some(tc));
    let view = line.view.unwrap();
    assert_eq!((view.remaining_ms, view.running), ([15_000, 15_000], None));
    assert!(view.first_move_ms.is_some_and(|ms| ms > 0 && ms <= 20_000), "{view:?}");

    // Bob moves at the table, cleo answers: bob's clock runs, goes low (one warning) and falls.
    let mut rules = Konane::new(&Konane::parse_options(&[("size", "6x6")]).unwrap());
    play_first_legal(&mut a, &mut rules);
    let start = Instant::now();
    while cleo.game().is_none_or(|g| g.moves.is_empty()) {
        assert!(start.elapsed() < Duration::from_secs(30), "bob's move to reach cleo");
        a.update();
        cleo.poll();
        while cleo.next_event().is_some() {}
        std::thread::sleep(Duration::from_millis(5));
    }
    let mut moves = Vec::new();
    rules.legal_moves(&mut moves);
    cleo.send_move(&rules.format_move(&moves[0])).unwrap();
    run_until(&mut [&mut a], "bob's clock to run", |apps| {
        apps[0].world().resource::<OnlineStatus>().clock.running() == Some(0)
    });
    run_until(&mut [&mut a], "the fall's result card", |apps| {
        screen(apps[0]) == Screen::Results
    });
    let status = a.world().resource::<OnlineStatus>();
    assert_eq!(status.ending, Some(Ending::Fell(Seat::First)));
    assert_eq!(status.clock.view.map(|v| v.remaining_ms[0]), Some(0));
    assert_eq!(status.clock.running(), None, "the clocks stop");
    assert_eq!(status.message.as_deref(), Some("Black lost on time: White wins."));
    assert_eq!(
        a.world().resource::<LowTimes>().0,
        1,
        "one warning as the clock went low"
    );
    let m = &a.world().resource::<Match>().0;
    assert_eq!(
        time_line(m.as_ref(), status.first.unwrap()),
        "Black lost on time: White wins"
    );
}

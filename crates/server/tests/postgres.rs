//! Beyond one machine: two server processes sharing one PostgreSQL (a throw-away cluster that
//! test.sh starts), one player on each. A move accepted by one reaches the player on the other
//! through `LISTEN/NOTIFY`; two moves for the same ply sent to both at once store exactly one;
//! a server SIGKILLed and started again loses nothing; two accounts of the same name made on
//! both at once: one is made, the other is told the name is taken; an account made on one
//! signs in, and pairs a device, on the other.

mod common;

use common::{Server, cmd, connect, create, play_first, postgres_url};
use parlour_engine::session::new_session;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Two servers on the test database, or `None` (and a SKIPPED line) without one.
fn two_servers() -> Option<(Server, Server)> {
    let db = postgres_url()?;
    Some((Server::start("127.0.0.1:0", &db), Server::start("127.0.0.1:0", &db)))
}

#[test]
fn two_servers_one_database_one_player_on_each() {
    let Some(db) = postgres_url() else { return };
    let mut one = Server::start("127.0.0.1:0", &db);
    let two = Server::start("127.0.0.1:0", &db);
    let one_addr = one.addr.clone();
    let mut a = connect(&one.url());
    let code = create(&mut a, "konane size=6x6 side=first");
    let mut b = connect(&two.url());
    assert_eq!(cmd(&mut b, &format!("online join {code}")).unwrap(), "white");
    let mut local = new_session("konane", &["size=6x6"]).unwrap();
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut played = Vec::new();
    while let Some(turn) = local.turn() {
        if played.len() == 4 {
            // The first server dies; A's program reconnects when it is started again.
            one.kill();
            one = Server::start(&one_addr, &db);
        }
        let (mover, other) = if turn == 0 { (&mut a, &mut b) } else { (&mut b, &mut a) };
        let legal = cmd(mover, "legal").unwrap();
        assert_eq!(legal.split_whitespace().collect::<Vec<_>>(), local.legal());
        let moves: Vec<&str> = legal.split_whitespace().collect();
        let mv = moves[rng.random_range(0..moves.len())].to_string();
        let stored = cmd(mover, &format!("play {mv}")).unwrap();
        local.play(&stored).unwrap();
        played.push(stored);
        // Heard from the other server, through the database (`wait` returns at the end too).
        assert_eq!(cmd(other, "wait").unwrap(), local.status());
        assert_eq!(cmd(other, "history").unwrap(), played.join(" "));
    }
    assert!(cmd(&mut a, "status").unwrap().starts_with("win"));
    assert_eq!(cmd(&mut a, "history").unwrap(), cmd(&mut b, "history").unwrap());
}

#[test]
fn a_resignation_on_one_server_reaches_the_player_on_the_other() {
    let Some((one, two)) = two_servers() else { return };
    let mut a = connect(&one.url());
    let code = create(&mut a, "conhex side=first");
    let mut b = connect(&two.url());
    cmd(&mut b, &format!("online join {code}")).unwrap();
    let first = play_first(&mut a, &mut b);
    // B resigns on its own turn, through the second server; A waits on the first.
    assert_eq!(cmd(&mut b, "online resign").unwrap(), "resigned");
    let winner = cmd(&mut a, "wait").unwrap();
    assert!(
        winner.starts_with("win ") && winner.ends_with(" resignation"),
        "{winner}"
    );
    assert_eq!(cmd(&mut b, "status").unwrap(), winner);
    // A's move at the resigned game's next place is refused on either server.
    let late = cmd(&mut a, "genmove").unwrap_err();
    assert!(late.contains("over"), "{late}");
    assert_eq!(cmd(&mut a, "history").unwrap(), first);
}

#[test]
fn the_same_ply_sent_to_two_servers_at_once_is_stored_once() {
    let Some((one, two)) = two_servers() else { return };
    for round in 0..5 {
        let mut a = connect(&one.url());
        let code = create(&mut a, "conhex");
        let token = cmd(&mut a, "online token").unwrap();
        let mut b = connect(&two.url());
        cmd(&mut b, &format!("online join {code}")).unwrap();
        // The same seat, resumed on both servers, plays two different first moves at once.
        let legal = cmd(&mut a, "legal").unwrap();
        drop(a);
        let moves: Vec<String> = legal.split_whitespace().map(str::to_string).collect();
        let barrier = std::sync::Arc::new(std::sync::Barrier::new(2));
        let racer = |url: String, mv: String| {
            let (code, token, barrier) = (code.clone(), token.clone(), barrier.clone());
            std::thread::spawn(move || {
                let mut seat = connect(&url);
                cmd(&mut seat, &format!("online resume {code} {token}")).unwrap();
                barrier.wait();
                cmd(&mut seat, &format!("play {mv}"))
            })
        };
        let t1 = racer(one.url(), moves[round].clone());
        let t2 = racer(two.url(), moves[round + 10].clone());
        let (r1, r2) = (t1.join().unwrap(), t2.join().unwrap());
        assert!(r1.is_ok() != r2.is_ok(), "exactly one stored: {r1:?} {r2:?}");
        let winner = r1.clone().or(r2.clone()).unwrap();
        let loser = r1.err().or(r2.err()).unwrap();
        assert!(
            loser.contains("already been played") || loser.contains("not your turn"),
            "{loser}"
        );
        assert_eq!(cmd(&mut b, "wait").unwrap(), "ongoing red");
        assert_eq!(cmd(&mut b, "history").unwrap(), winner);
    }
}

#[test]
fn servers_whose_listeners_were_cut_catch_up_by_themselves() {
    let Some(db) = postgres_url() else { return };
    let one = Server::start("127.0.0.1:0", &db);
    let two = Server::start("127.0.0.1:0", &db);
    let mut a = connect(&one.url());
    let code = create(&mut a, "konane size=6x6 side=first");
    let mut b = connect(&two.url());
    cmd(&mut b, &format!("online join {code}")).unwrap();
    let mut played = vec![play_first(&mut a, &mut b)];
    let runtime = tokio::runtime::Runtime::new().unwrap();
    for round in 0..3 {
        // Every server's LISTEN connection is cut (as a database restart or a proxy would),
        // and at once a move is stored through one server: its notice goes to nobody.
        let cut = runtime.block_on(cut_listeners(&db));
        assert!(cut >= 2, "round {round}: the two servers' listeners were found ({cut})");
        let (mover, other) = if played.len() % 2 == 1 {
            (&mut b, &mut a)
        } else {
            (&mut a, &mut b)
        };
        played.push(play_first(mover, other));
        assert_eq!(cmd(other, "history").unwrap(), played.join(" "), "round {round}");
    }
}

#[tokio::test]
async fn a_cut_listener_says_that_changes_may_have_been_missed() {
    use parlour_server::store::Heard;
    use parlour_server::store::postgres::PgStore;
    let Some(db) = postgres_url() else { return };
    let store = PgStore::open(&db).await.unwrap();
    let mut heard = store.changes().await.unwrap();
    assert!(cut_listeners(&db).await > 0);
    let pool = sqlx::PgPool::connect(&db).await.unwrap();
    // The store listens again and says so: the registry then reloads every game it holds.
    let missed = tokio::time::timeout(std::time::Duration::from_secs(20), async {
        loop {
            match heard.recv().await {
                Some(Heard::Missed) => return true,
                Some(Heard::Changed(_)) => continue,
                None => return false,
            }
        }
    })
    .await;
    assert_eq!(missed, Ok(true));
    // And it hears changes again on its new connection.
    sqlx::query("SELECT pg_notify('parlour_games', 'abcdefgh23')")
        .execute(&pool)
        .await
        .unwrap();
    let change = tokio::time::timeout(std::time::Duration::from_secs(20), async {
        loop {
            if let Some(Heard::Changed(c)) = heard.recv().await {
                return c.code;
            }
        }
    })
    .await;
    assert_eq!(change.as_deref(), Ok("abcdefgh23"));
}

/// Cuts every server's LISTEN connection to the database (as a database restart or a proxy's
/// idle cut would); returns how many were cut.
async fn cut_listeners(db: &str) -> usize {
    let pool = sqlx::PgPool::connect(db).await.unwrap();
    let cut: Vec<(bool,)> = sqlx::query_as(
        "SELECT pg_terminate_backend(pid) FROM pg_stat_activity
         WHERE query LIKE 'LISTEN%' AND pid <> pg_backend_pid()",
    )
    .fetch_all(&pool)
    .await
    .unwrap();
    cut.len()
}

#[test]
fn two_servers_making_the_same_name_at_once_give_it_to_one() {
    let Some((one, two)) = two_servers() else { return };
    // A name of this run's own (the database outlives one test).
    let stamp = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap()
        .as_micros()
        % 1_000_000_000;
    for round in 0..4 {
        let name = format!("r{stamp}x{round}");
        let (urls, upper) = ([one.url(), two.url()], name.to_uppercase());
        let racers: Vec<_> = urls
            .into_iter()
            .zip([name.clone(), upper])
            .map(|(url, name)| {
                std::thread::spawn(move || {
                    let mut e = connect(&url);
                    cmd(&mut e, &format!("online account new {name}"))
                })
            })
            .collect();
        let results: Vec<_> = racers.into_iter().map(|r| r.join().unwrap()).collect();
        let won = results.iter().filter(|r| r.is_ok()).count();
        assert_eq!(won, 1, "exactly one wins: {results:?}");
        let lost = results.iter().find_map(|r| r.as_ref().err()).unwrap();
        assert!(lost.contains("is taken"), "{lost}");
    }
}

#[test]
fn an_account_made_on_one_server_pairs_and_signs_in_on_the_other() {
    let Some((one, two)) = two_servers() else { return };
    let mut a = connect(&one.url());
    let device = cmd(&mut a, "online account new").unwrap();
    let (name, secret) = device.split_once(' ').unwrap();
    let mut b = connect(&two.url());
    assert_eq!(
        cmd(&mut b, &format!("online account login {name} {secret}")).unwrap(),
        name
    );
    let shown = cmd(&mut a, "online account code").unwrap();
    let code = shown.split_whitespace().next().unwrap();
    let mut phone = connect(&two.url());
    let paired = cmd(&mut phone, &format!("online account pair {code}")).unwrap();
    assert_eq!(paired.split_once(' ').unwrap().0, name);
    // Spent through the second server: the first refuses it too.
    let mut other = connect(&one.url());
    let again = cmd(&mut other, &format!("online account pair {code}")).unwrap_err();
    assert!(
        again.starts_with("That pairing code is wrong, used or expired"),
        "{again}"
    );
}

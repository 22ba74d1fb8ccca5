use super::*;
use crate::store::sqlite::SqliteStore;

/// Runs `body` with the address of a fresh SQLite file, removed afterwards.
pub(crate) fn with_database<F: std::future::Future<Output = ()>>(tag: &str, body: impl FnOnce(String) -> F) {
    let dir = std::env::temp_dir().join(format!("parlour-{tag}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    let url = format!("sqlite://{}", dir.join("games.sqlite3").display());
    tokio::runtime::Runtime::new().unwrap().block_on(body(url));
    let _ = std::fs::remove_dir_all(&dir);
}

/// Runs `body` over a registry on a fresh SQLite file.
fn with_registry<F: std::future::Future<Output = ()>>(tag: &str, body: impl FnOnce(Registry<SqliteStore>) -> F) {
    with_database(tag, |url| async move {
        body(Registry::new(SqliteStore::open(&url).await.unwrap())).await
    })
}

#[test]
fn games_nobody_follows_leave_memory_and_come_back_from_the_database() {
    with_registry("sweep", |registry| async move {
        let a = registry.create("konane", &[], Seat::First, None).await.unwrap();
        let code = a.game.code.clone();
        assert_eq!(registry.sweep(), 1, "followed by its creator");
        let mv = registry.play(&code, &a.token, 0, "xd5").await.unwrap();
        drop(a);
        assert_eq!(registry.sweep(), 0, "nobody follows it");
        // Loaded again on the next request, with its move.
        let b = registry.join(&code, None).await.unwrap();
        assert_eq!(b.game.moves, [mv]);
        assert_eq!(registry.sweep(), 1);
    });
}

#[test]
fn a_game_nobody_follows_holds_no_push_channel() {
    with_registry("follow", |registry| async move {
        let a = registry.create("konane", &[], Seat::First, None).await.unwrap();
        let code = a.game.code.clone();
        let entry = registry.cached(&code).unwrap();
        assert_eq!(entry.lock().await.follower_count(), 1);
        // The creator leaves (its connection follows another game, or closes).
        let token = a.token.clone();
        drop(a);
        // A move pushed to nobody lets the channel go.
        registry.play(&code, &token, 0, "xd5").await.unwrap();
        assert!(entry.lock().await.followers.is_none(), "no channel without followers");
        // Someone watches: a channel again, and the next push reaches them.
        let (_, mut rx) = registry.watch(&code).await.unwrap();
        assert!(entry.lock().await.followers.is_some());
        let b = registry.join(&code, None).await.unwrap();
        assert!(matches!(rx.recv().await, Ok(Reply::Joined { .. })));
        registry.play(&code, &b.token, 1, "xd4").await.unwrap();
        assert!(matches!(rx.recv().await, Ok(Reply::Moved { ply: 1, .. })));
    });
}

#[test]
fn a_new_game_sent_twice_with_its_token_is_one_game() {
    with_registry("new-again", |registry| async move {
        let token = random_token();
        let options = [("size".to_string(), "6x6".to_string())];
        let a = registry
            .create("konane", &options, Seat::Second, Some(&token))
            .await
            .unwrap();
        assert_eq!(a.game.code, code_for_token(&token));
        // The reply was lost; the client sends the same request again (another connection).
        let again = registry
            .create("konane", &options, Seat::Second, Some(&token))
            .await
            .unwrap();
        assert_eq!(
            (again.game.code.as_str(), again.seat),
            (a.game.code.as_str(), Seat::Second)
        );
        assert_eq!(again.token, token);
        assert_eq!(registry.store().all().await.unwrap().len(), 1, "no orphan game");
        // Once the game has moved on, the repeat still names it (with its moves).
        let b = registry.join(&a.game.code, None).await.unwrap();
        let opening = first_move(&registry, &a.game.code).await;
        let mv = registry.play(&a.game.code, &b.token, 0, &opening).await.unwrap();
        registry.sweep();
        let late = registry
            .create("konane", &options, Seat::Second, Some(&token))
            .await
            .unwrap();
        assert_eq!(late.game.moves, [mv]);
        // The same token asking for a different game is told so, and nothing is made.
        let other = registry.create("conhex", &[], Seat::First, Some(&token)).await;
        assert!(
            matches!(other, Err(ref e @ Refusal::Create(CreateError::TokenMadeAnother)) if e.to_string().contains("different game")),
            "{:?}",
            other.err()
        );
        assert_eq!(registry.store().all().await.unwrap().len(), 1);
        // Without a token each request is a new game.
        registry.create("konane", &[], Seat::First, None).await.unwrap();
        registry.create("konane", &[], Seat::First, None).await.unwrap();
        assert_eq!(registry.store().all().await.unwrap().len(), 3);
    });
}

#[test]
fn a_join_sent_twice_with_its_token_gets_back_its_seat() {
    with_registry("join-again", |registry| async move {
        let a = registry.create("qyshinsu", &[], Seat::First, None).await.unwrap();
        let code = a.game.code.clone();
        let token = random_token();
        let b = registry.join(&code, Some(&token)).await.unwrap();
        assert_eq!((b.seat, b.token.as_str()), (Seat::Second, token.as_str()));
        // The reply was lost: the same join again is the same seat, not a refusal.
        let again = registry.join(&code, Some(&token)).await.unwrap();
        assert_eq!(again.seat, Seat::Second);
        // The seat really is that token's: it moves with it.
        registry
            .play(&code, &a.token, 0, &first_move(&registry, &code).await)
            .await
            .unwrap();
        let stored = registry.store().load(&code).await.unwrap().unwrap();
        assert_eq!(stored.tokens[1].as_deref(), Some(hash_token(&token).as_str()));
        // Anyone else is refused: both seats are taken.
        let third = registry.join(&code, Some(&random_token())).await;
        assert!(
            matches!(third, Err(ref e @ Refusal::Seat(SeatRefusal::Taken(_))) if e.to_string().contains("both seats"))
        );
        assert!(registry.join(&code, None).await.is_err());
    });
}

/// A legal first move of the game `code`, as its session lists them.
async fn first_move(registry: &Registry<SqliteStore>, code: &str) -> String {
    let entry = registry.entry(code).await.unwrap();
    let e = entry.lock().await;
    e.session.legal().into_iter().next().expect("a legal first move")
}

#[test]
fn token_codes_have_the_wire_shape_and_are_the_tokens_own() {
    let a = random_token();
    parlour_online::wire::check_code(&code_for_token(&a)).unwrap();
    assert_eq!(code_for_token(&a), code_for_token(&a));
    assert_ne!(code_for_token(&a), code_for_token(&random_token()));
}

#[test]
fn a_seat_ahead_of_a_stale_process_is_caught_up_not_refused() {
    // Two registries on one database stand for two server processes; the second missed the
    // notice of a move the first stored.
    with_database("stale", |url| async move {
        let one = Registry::new(SqliteStore::open(&url).await.unwrap());
        let two = Registry::new(SqliteStore::open(&url).await.unwrap());
        let a = one.create("konane", &[], Seat::First, None).await.unwrap();
        let code = a.game.code.clone();
        let b = two.join(&code, None).await.unwrap();
        let (_, mut watched) = two.watch(&code).await.unwrap();
        let opening = first_move(&one, &code).await;
        one.play(&code, &a.token, 0, &opening).await.unwrap();
        // The second seat saw the move (through the first process) and answers on the second.
        let stale = one.entry(&code).await.unwrap().lock().await.session.clone_box();
        let reply = stale.legal().into_iter().next().unwrap();
        let stored = two.play(&code, &b.token, 1, &reply).await.unwrap();
        assert_eq!(stored, reply);
        // The second process's followers heard the move it had missed, then the new one.
        assert!(matches!(watched.recv().await, Ok(Reply::Moved { ply: 0, .. })));
        assert!(matches!(watched.recv().await, Ok(Reply::Moved { ply: 1, .. })));
        // A move further ahead than anything stored is still refused.
        let far = two.play(&code, &a.token, 5, &reply).await;
        assert!(
            matches!(far, Err(ref e @ Refusal::Play(PlayRefusal::Ahead { .. })) if e.to_string().contains("cannot be played yet"))
        );
    });
}

#[test]
fn a_resync_catches_up_every_game_in_memory() {
    with_database("resync", |url| async move {
        let one = Registry::new(SqliteStore::open(&url).await.unwrap());
        let two = Registry::new(SqliteStore::open(&url).await.unwrap());
        let a = one.create("conhex", &[], Seat::First, None).await.unwrap();
        let code = a.game.code.clone();
        let (_, mut watched) = two.watch(&code).await.unwrap();
        let opening = first_move(&one, &code).await;
        one.play(&code, &a.token, 0, &opening).await.unwrap();
        // The second process missed the notice; after a resync its followers have the move.
        assert!(watched.try_recv().is_err());
        two.resync().await;
        assert!(matches!(watched.try_recv(), Ok(Reply::Moved { ply: 0, .. })));
    });
}

#[test]
fn a_database_another_program_holds_locked_refuses_within_seconds_and_loses_nothing() {
    use sqlx::Connection;
    with_database("locked", |url| async move {
        let registry = Registry::new(SqliteStore::open(&url).await.unwrap());
        let a = registry.create("konane", &[], Seat::First, None).await.unwrap();
        let code = a.game.code.clone();
        let opening = first_move(&registry, &code).await;
        // Another program takes the write lock and keeps it.
        let mut other = sqlx::SqliteConnection::connect(&url).await.unwrap();
        sqlx::query("BEGIN IMMEDIATE").execute(&mut other).await.unwrap();
        let started = std::time::Instant::now();
        let refused = registry.play(&code, &a.token, 0, &opening).await;
        let waited = started.elapsed();
        match refused {
            Err(e @ Refusal::Store(_)) => {
                assert!(
                    e.to_string().contains("another program holds its database locked"),
                    "{e}"
                )
            }
            other => panic!("{:?}", other.map_err(|e| e.to_string())),
        }
        assert!(waited < std::time::Duration::from_secs(6), "refused after {waited:?}");
        // The lock goes: the same move is stored, once.
        sqlx::query("ROLLBACK").execute(&mut other).await.unwrap();
        registry.play(&code, &a.token, 0, &opening).await.unwrap();
        let stored = registry.store().load(&code).await.unwrap().unwrap();
        assert_eq!(stored.moves, [opening]);
    });
}

#[test]
fn codes_and_tokens_have_their_wire_shape_and_differ() {
    let codes: std::collections::HashSet<String> = (0..1000).map(|_| random_code()).collect();
    assert_eq!(codes.len(), 1000);
    for c in &codes {
        parlour_online::wire::check_code(c).unwrap();
    }
    let t = random_token();
    parlour_online::wire::check_token(&t).unwrap();
    assert_ne!(t, random_token());
    assert_eq!(
        hash_token("abc"),
        "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
    );
}

#[test]
fn a_seat_taken_back_on_a_stale_process_sees_every_stored_move() {
    // The load test's failover: a seat's move stored and acknowledged by the first process,
    // which is then killed before the second hears of it; the player reconnects to the second
    // and takes its seat back. The second must answer with the move, or the player would see
    // its turn again and play another move at the same ply.
    with_database("stale-resume", |url| async move {
        let one = Registry::new(SqliteStore::open(&url).await.unwrap());
        let two = Registry::new(SqliteStore::open(&url).await.unwrap());
        let a = one.create("konane", &[], Seat::First, None).await.unwrap();
        let code = a.game.code.clone();
        let b = two.join(&code, None).await.unwrap();
        let (_, mut watched) = two.watch(&code).await.unwrap();
        let opening = first_move(&one, &code).await;
        let stored = one.play(&code, &a.token, 0, &opening).await.unwrap();
        // No notice reaches the second process. The first seat comes back there.
        let back = two.resume(&code, &a.token).await.unwrap();
        assert_eq!(
            back.game.moves,
            std::slice::from_ref(&stored),
            "the seat sees its stored move"
        );
        // The second process's own followers are told the move on the way.
        assert!(matches!(watched.try_recv(), Ok(Reply::Moved { ply: 0, ref mv, .. }) if *mv == stored));
        // A watcher arriving on a stale process sees it too.
        let one_more = first_move(&two, &code).await;
        one.play(&code, &b.token, 1, &one_more).await.unwrap();
        let (view, _) = two.watch(&code).await.unwrap();
        assert_eq!(view.moves.len(), 2);
    });
}

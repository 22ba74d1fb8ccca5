//! "Your turn" notices on two server processes sharing one PostgreSQL (the throw-away cluster
//! test.sh starts), with a local push receiver: both servers sign with the one key in the
//! database; a player's browsers subscribing on the two servers at once never pass the limit of
//! ten; six games by correspondence played across the two servers (the first player on one, the
//! second on the other, moving over the lobby's connection) — each turn's notice pushed exactly
//! once, to the right browser, whichever server's notifier took it; one server killed (SIGKILL)
//! midway — the games go on on the other, their deadlines kept, and the notices with them.

mod common;

use std::collections::BTreeMap;
use std::time::Duration;

use common::push_receiver::PushReceiver;
use common::ws::{Player, random_hex};
use common::{Server, postgres_url};
use parlour_clock::{DaysPerMove, Pace};
use parlour_online::wire::{Reply, Request, Seat, SideChoice};
use parlour_rules::dynamic::{DynGame, GameSetup};

const DAY_MS: i64 = 24 * 3_600_000;
const PAIRS: usize = 6;
const ROUNDS: u32 = 8;

/// A name no other test run has used (the database is shared by every PostgreSQL test).
fn unique(prefix: &str) -> String {
    format!("{prefix}{}", &random_hex()[..8])
}

/// The receiver's number of a subscription it handed out (`…/push/N`).
fn sub_number(json: &str) -> usize {
    let v: serde_json::Value = serde_json::from_str(json).unwrap();
    v["endpoint"]
        .as_str()
        .unwrap()
        .rsplit('/')
        .next()
        .unwrap()
        .parse()
        .unwrap()
}

async fn push_key(p: &mut Player) -> String {
    match p.ask(|req| Request::PushKey { req }).await {
        Reply::PushKey { key: Some(k), .. } => k,
        other => panic!("no push key: {other:?}"),
    }
}

async fn subscribe(p: &mut Player, push: &PushReceiver, key: &str) -> Result<usize, String> {
    let json = push.subscribe_for(key);
    let n = sub_number(&json);
    match p
        .ask(|req| Request::NotifyPush {
            req,
            subscription: Some(json),
        })
        .await
    {
        Reply::Done { .. } => Ok(n),
        Reply::Error { message, .. } => Err(message),
        other => panic!("{other:?}"),
    }
}

/// One player: a name, a secret, its connection and its browser's subscription.
struct Seated {
    secret: String,
    name: String,
    conn: Player,
    sub: usize,
}

struct Game {
    code: String,
    tokens: [String; 2],
    rules: Box<dyn DynGame>,
}

/// Waits until every expected notice has come (or 20 s), then 3 s more for any sent twice.
async fn settle(push: &PushReceiver, expected: &BTreeMap<String, usize>) {
    arrived(push, expected).await;
    tokio::time::sleep(Duration::from_secs(3)).await;
}

/// Waits until every expected notice has come (or 20 s).
async fn arrived(push: &PushReceiver, expected: &BTreeMap<String, usize>) {
    for _ in 0..200 {
        let got = push.messages();
        if expected
            .keys()
            .all(|id| got.iter().any(|m| m.payload["id"].as_str() == Some(id)))
        {
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
}

/// The outbox's rows of these games, for a failure's message.
async fn outbox(db: &str, codes: &[String]) -> Vec<(String, i32, String, String, Option<String>, i32)> {
    let pool = sqlx::PgPool::connect(db).await.unwrap();
    let rows = sqlx::query_as("SELECT code, ply, kind, state, why, pushed FROM notices ORDER BY code, ply, kind")
        .fetch_all(&pool)
        .await
        .unwrap();
    rows.into_iter()
        .filter(|r: &(String, i32, String, String, Option<String>, i32)| codes.contains(&r.0))
        .collect()
}

/// Every expected notice pushed exactly once, to the right browser; no other turn notice.
async fn check(db: &str, push: &PushReceiver, expected: &BTreeMap<String, usize>, codes: &[String]) {
    let mut seen: BTreeMap<String, Vec<usize>> = BTreeMap::new();
    for m in push.messages() {
        let id = m.payload["id"].as_str().unwrap().to_string();
        if codes.iter().any(|c| id.starts_with(c.as_str())) {
            seen.entry(id).or_default().push(m.sub);
        }
    }
    for (id, sub) in expected {
        if seen.get(id) != Some(&vec![*sub]) {
            let rows = outbox(db, codes).await;
            panic!(
                "notice {id}: pushed {:?}, not once to browser {sub}; the outbox: {rows:#?}",
                seen.get(id)
            );
        }
    }
    let extra: Vec<_> = seen.keys().filter(|id| !expected.contains_key(*id)).collect();
    assert!(extra.is_empty(), "notices nobody was owed: {extra:?}");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn notices_on_two_servers_go_once_and_outlive_a_killed_server() {
    let Some(db) = postgres_url() else {
        eprintln!("skipped: no PostgreSQL (PARLOUR_TEST_POSTGRES)");
        return;
    };
    let push = PushReceiver::spawn();
    let prefix = push.prefix();
    let flags = ["--push-test-endpoint", prefix.as_str()];
    let mut one = Server::start_with("127.0.0.1:0", &db, &flags);
    let two = Server::start_with("127.0.0.1:0", &db, &flags);

    // The firsts on server one, the seconds on server two.
    let mut firsts = Vec::new();
    let mut seconds = Vec::new();
    for _ in 0..PAIRS {
        for (list, addr, tag) in [(&mut firsts, &one.addr, "nfa"), (&mut seconds, &two.addr, "nsb")] {
            let (name, secret) = (unique(tag), random_hex());
            let conn = Player::signed_in_with(addr, Some(&name), &secret).await;
            list.push(Seated {
                secret,
                name,
                conn,
                sub: 0,
            });
        }
    }
    let key = push_key(&mut firsts[0].conn).await;
    assert_eq!(
        push_key(&mut seconds[0].conn).await,
        key,
        "every server signs with the one key in the database"
    );
    for p in firsts.iter_mut().chain(seconds.iter_mut()) {
        p.sub = subscribe(&mut p.conn, &push, &key).await.expect("a browser subscribed");
    }

    ten_browsers_at_most_across_two_servers(&one, &two, &push, &key).await;

    // Six games by correspondence, one day a move: sought on one, taken on two.
    let pace = Pace::Correspondence(DaysPerMove::new(1).unwrap());
    let options = vec![("size".to_string(), "6x6".to_string())];
    let mut games = Vec::new();
    let mut expected = BTreeMap::new();
    for i in 0..PAIRS {
        let token = random_hex();
        let t = token.clone();
        let o = options.clone();
        let id = match firsts[i]
            .conn
            .ask(move |req| Request::Seek {
                req,
                game: "konane".into(),
                options: o,
                rated: false,
                side: SideChoice::First,
                range: None,
                token: t,
                pace,
            })
            .await
        {
            Reply::Seeking { id, .. } => id,
            other => panic!("{other:?}"),
        };
        let other = random_hex();
        let o = other.clone();
        let Reply::Seated { seat, game, .. } = seconds[i]
            .conn
            .ask(move |req| Request::Accept { req, id, token: o })
            .await
        else {
            panic!("accepted")
        };
        assert_eq!((seat, game.pace), (Seat::Second, pace));
        // Taking the seek seated that connection at the table (watching: no notices); the
        // player leaves it, and plays on from the lobby.
        let p = &mut seconds[i];
        let _ = p.conn.ws.close(None).await;
        p.conn = Player::signed_in_with(&two.addr, Some(&p.name), &p.secret).await;
        expected.insert(format!("{}-0-turn", game.code), firsts[i].sub);
        games.push(Game {
            code: game.code,
            tokens: [token, other],
            rules: GameSetup::parse("konane", &options).unwrap().start(),
        });
    }
    let codes: Vec<String> = games.iter().map(|g| g.code.clone()).collect();

    let mut rng = rand::rng();
    for round in 0..ROUNDS {
        // Players answer once told (a move that comes first makes the notice moot: skipped).
        arrived(&push, &expected).await;
        if round == ROUNDS / 2 {
            // Everything owed so far has gone; now server one dies without a word, and its
            // players come back on server two.
            settle(&push, &expected).await;
            check(&db, &push, &expected, &codes).await;
            one.kill();
            for p in firsts.iter_mut() {
                p.conn = Player::signed_in_with(&two.addr, Some(&p.name), &p.secret).await;
            }
            the_games_wait_on_the_server_left(&mut firsts, &games).await;
        }
        for (i, g) in games.iter_mut().enumerate() {
            let Some(turn) = g.rules.turn() else { continue };
            let legal = g.rules.legal();
            if legal.is_empty() {
                continue;
            }
            let mv = legal[rand::Rng::random_range(&mut rng, 0..legal.len())].clone();
            let ply = g.rules.ply() as u32;
            let (mover, waiter) = match turn {
                0 => (&mut firsts[i], seconds[i].sub),
                _ => (&mut seconds[i], firsts[i].sub),
            };
            let (code, token, m) = (g.code.clone(), g.tokens[turn].clone(), mv.clone());
            let reply = mover
                .conn
                .ask(move |req| Request::Move {
                    req,
                    code,
                    token,
                    ply,
                    mv: m,
                    think_ms: None,
                })
                .await;
            assert!(matches!(reply, Reply::Stored { .. }), "{reply:?}");
            g.rules.play(&mv).unwrap();
            if g.rules.turn().is_some() && !g.rules.legal().is_empty() {
                expected.insert(format!("{}-{}-turn", g.code, ply + 1), waiter);
            }
        }
    }
    settle(&push, &expected).await;
    check(&db, &push, &expected, &codes).await;
    assert!(
        expected.len() >= PAIRS * ROUNDS as usize / 2,
        "{} notices",
        expected.len()
    );
    drop(two);
}

/// After the kill: server two lists each first player's waiting games, the deadline a day after
/// the last move.
async fn the_games_wait_on_the_server_left(firsts: &mut [Seated], games: &[Game]) {
    for (p, g) in firsts.iter_mut().zip(games) {
        let Reply::YourTurn { games: waiting, .. } = p.conn.ask(|req| Request::YourTurn { req }).await else {
            panic!("your turn")
        };
        if g.rules.turn() != Some(0) {
            assert!(waiting.iter().all(|w| w.code != g.code), "not {}'s move", p.name);
            continue;
        }
        let w = waiting.iter().find(|w| w.code == g.code).expect("the game waits");
        let left = w.deadline_ms.expect("a deadline") - parlour_server::time::now_ms();
        assert!((DAY_MS - 120_000..=DAY_MS).contains(&left), "{left} ms left");
    }
}

/// One account's browsers subscribing on both servers at once, twelve on each: exactly ten
/// taken, the rest refused in a sentence (four accounts, to give a race its chances).
async fn ten_browsers_at_most_across_two_servers(one: &Server, two: &Server, push: &PushReceiver, key: &str) {
    for _ in 0..4 {
        let (name, secret) = (unique("nrace"), random_hex());
        let mut a = Player::signed_in_with(&one.addr, Some(&name), &secret).await;
        let mut b = Player::signed_in_with(&two.addr, Some(&name), &secret).await;
        let (ra, rb) = tokio::join!(
            async {
                let mut out = Vec::new();
                for _ in 0..12 {
                    out.push(subscribe(&mut a, push, key).await);
                }
                out
            },
            async {
                let mut out = Vec::new();
                for _ in 0..12 {
                    out.push(subscribe(&mut b, push, key).await);
                }
                out
            }
        );
        let all: Vec<_> = ra.into_iter().chain(rb).collect();
        let taken = all.iter().filter(|r| r.is_ok()).count();
        assert_eq!(taken, 10, "{name}: {all:?}");
        for r in all.iter().filter_map(|r| r.as_ref().err()) {
            assert!(r.contains("10") || r.contains("ten"), "{r}");
        }
    }
}

//! Games by correspondence in simulated time (issue 75, items 3 and 5): the server's own code —
//! the lobby, the registry, the clock keeper's checks and the notifier — over a real SQLite
//! database, with the server's clock simulated (`parlour_server::time::simulate`). 200 Kōnane
//! games between 40 players over 60 simulated days, players answering early, late (after the
//! reminder), while watching the table, or never (their time runs out). Checked: each turn's
//! notice sent exactly once unless the player was watching, a reminder exactly when the turn
//! passed 80 % of its time, a turn that ran out ends the game on time, at most two e-mail digests
//! a day a player, every sent notice carried by a digest, and a notice taken by a server that
//! died (a restart halfway) sent by the next one, once.

mod common;

use std::collections::{BTreeMap, BTreeSet};
use std::sync::Arc;

use common::push_receiver::PushReceiver;
use common::ws::random_hex;
use common::{TempDir, sqlite_url};
use parlour_clock::{DaysPerMove, Pace};
use parlour_online::wire::{Reply, Request, Seat, SideChoice};
use parlour_rules::dynamic::{DynGame, GameSetup};
use parlour_server::accounts::{self, Account};
use parlour_server::games::Registry;
use parlour_server::lobby::{self, SeekAsk};
use parlour_server::notify::{self, NotifyConfig};
use parlour_server::store::Store;
use parlour_server::store::notices::NoticeStore;
use parlour_server::store::sqlite::SqliteStore;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

const HOUR: i64 = 3_600_000;
const DAY: i64 = 24 * HOUR;
/// 2027-01-15, midnight UTC.
const START: i64 = 1_800_000_000_000 - 1_800_000_000_000 % DAY;
const GAMES: usize = 200;
const PLAYERS: usize = 40;
const SIM_DAYS: i64 = 60;

/// How the player to move will answer this turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Answer {
    /// Within three quarters of the time.
    Early(i64),
    /// After the reminder.
    Late(i64),
    /// Watching the table: answers within the hour, never told.
    Watching(i64),
    /// Never: the time runs out.
    Never,
}

impl Answer {
    fn at(self) -> Option<i64> {
        match self {
            Answer::Early(t) | Answer::Late(t) | Answer::Watching(t) => Some(t),
            Answer::Never => None,
        }
    }
}

struct Game {
    code: String,
    tokens: [String; 2],
    days: i64,
    rules: Box<dyn DynGame>,
    /// The turn now: its ply, when it began, how it will be answered.
    turn: Option<(u32, i64, Answer)>,
    over: bool,
}

/// One turn as it went.
#[derive(Clone, Debug)]
struct TurnLog {
    code: String,
    ply: u32,
    began: i64,
    days: i64,
    answer: Answer,
}

fn plan(rng: &mut ChaCha8Rng, ply: u32, began: i64, days: i64) -> Answer {
    let span = days * DAY;
    let at = |lo: f64, hi: f64, rng: &mut ChaCha8Rng| began + (span as f64 * rng.random_range(lo..hi)) as i64;
    match rng.random_range(0..100) {
        0..10 => Answer::Watching(began + HOUR / 2),
        // After the reminder's hour has passed, and an hour before the end.
        10..25 => {
            let after = began + span / 5 * 4 + 2 * HOUR;
            Answer::Late(after + rng.random_range(0..span / 5 - 3 * HOUR))
        }
        25..28 if ply >= 2 => Answer::Never,
        _ => Answer::Early(at(0.05, 0.75, rng).max(began + 2 * HOUR)),
    }
}

async fn open(url: &str, mail: &std::path::Path, push: &PushReceiver) -> Arc<Registry<SqliteStore>> {
    let store = SqliteStore::open(url).await.expect("the database opens");
    let registry = Arc::new(Registry::new(store));
    let config = NotifyConfig {
        mail_dir: Some(mail.to_path_buf()),
        link: Some("https://parlour.example".into()),
        push_test_endpoint: Some(push.prefix()),
        ..NotifyConfig::default()
    };
    let channels = notify::open_channels(registry.store(), &config, "127.0.0.1:0")
        .await
        .unwrap();
    registry.set_channels(Arc::new(channels));
    registry
}

/// Each player's browser subscribes with the server's key (the receiver refuses any other).
async fn subscribe(r: &Registry<SqliteStore>, push: &PushReceiver, people: &[Account]) -> BTreeMap<usize, String> {
    let key = match notify::answer(r, Request::PushKey { req: 2 }, Some(&people[0]))
        .await
        .unwrap()
    {
        Reply::PushKey { key: Some(key), .. } => key,
        other => panic!("no push key: {other:?}"),
    };
    // Subscriptions that are not, or point elsewhere than a push service, are refused in a
    // sentence and change nothing; so are addresses that are not e-mail addresses.
    let good: serde_json::Value = serde_json::from_str(&push.subscribe_for(&key)).unwrap();
    let elsewhere = |endpoint: &str| {
        let mut s = good.clone();
        s["endpoint"] = endpoint.into();
        s.to_string()
    };
    for bad in [
        "{not json".to_string(),
        elsewhere("http://push.example.org/x"),
        elsewhere("https://evil.example.org/push/1"),
        elsewhere("https://10.0.0.1/push"),
        good.to_string().replace("p256dh", "p256"),
    ] {
        let asked = Request::NotifyPush {
            req: 4,
            subscription: Some(bad.clone()),
        };
        match notify::answer(r, asked, Some(&people[0])).await.unwrap() {
            Reply::Error { message, .. } => assert!(message.ends_with('.') && message.contains(' '), "{message}"),
            other => panic!("{bad} was taken: {other:?}"),
        }
    }
    for bad in ["ada", "ada@localhost", "ada@example.org\r\nBcc: all@example.org", ""] {
        let asked = Request::NotifyEmail {
            req: 5,
            address: Some(bad.into()),
        };
        match notify::answer(r, asked, Some(&people[0])).await.unwrap() {
            Reply::Error { message, .. } => assert!(message.contains("not an e-mail address"), "{message}"),
            other => panic!("{bad} was taken: {other:?}"),
        }
    }
    assert!(r.store().push_rows(&people[0].id).await.unwrap().is_empty());
    let mut subs = BTreeMap::new();
    for (i, p) in people.iter().enumerate() {
        let subscription = Some(push.subscribe_for(&key));
        let reply = notify::answer(r, Request::NotifyPush { req: 3, subscription }, Some(p)).await;
        assert_eq!(reply.unwrap(), Reply::Done { req: 3 });
        subs.insert(i + 1, p.id.clone());
    }
    subs
}

async fn players(r: &Registry<SqliteStore>) -> Vec<Account> {
    let letters = b"abcdefghijk";
    let mut out = Vec::new();
    for i in 0..PLAYERS {
        let name = format!("Sim_{}{}", letters[i / 11] as char, letters[i % 11] as char);
        let account = accounts::create(r.store(), &random_hex(), Some(&name)).await.unwrap();
        let reply = notify::answer(
            r,
            Request::NotifyEmail {
                req: 1,
                address: Some(format!("{}@example.org", name.to_lowercase())),
            },
            Some(&account),
        )
        .await
        .unwrap();
        assert_eq!(reply, Reply::Done { req: 1 });
        out.push(account);
    }
    out
}

async fn new_game(r: &Registry<SqliteStore>, who: [&Account; 2], days: i64) -> Game {
    let pace = Pace::Correspondence(DaysPerMove::new(days as u8).unwrap());
    let options = vec![("size".to_string(), "6x6".to_string())];
    let token = random_hex();
    let ask = SeekAsk {
        game: "konane",
        options: &options,
        rated: false,
        side: SideChoice::First,
        range: None,
        token: &token,
        pace,
    };
    let id = lobby::seek(r.store(), Some(who[0]), ask)
        .await
        .expect("a seek by correspondence");
    let other = random_hex();
    let seated = lobby::accept(r, Some(who[1]), id, &other).await.expect("accepted");
    assert_eq!(seated.seat, Seat::Second);
    assert_eq!(seated.game.pace, pace);
    Game {
        code: seated.game.code.clone(),
        tokens: [token, other],
        days,
        rules: GameSetup::parse("konane", &options).unwrap().start(),
        turn: None,
        over: false,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_hundred_games_by_correspondence_over_sixty_simulated_days() {
    let clock = parlour_server::time::simulate(START);
    let dir = TempDir::new("correspondence");
    let mail = dir.0.join("mail");
    let url = sqlite_url(&dir.0);
    let push = PushReceiver::start().await;
    let mut r = open(&url, &mail, &push).await;
    let people = players(&r).await;
    let subs = subscribe(&r, &push, &people).await;
    let mut rng = ChaCha8Rng::seed_from_u64(75);
    let mut games: Vec<Game> = Vec::new();
    let mut log: Vec<TurnLog> = Vec::new();
    let mut mails: BTreeMap<(String, i64), u32> = BTreeMap::new();
    let mut seen_files = BTreeSet::new();
    let mut died_holding = None;
    for step in 1..=(SIM_DAYS * 24) {
        let now = clock.advance(HOUR);
        // New games over the first three weeks.
        while games.len() < GAMES * (step as usize).min(21 * 24) / (21 * 24) {
            let a = rng.random_range(0..PLAYERS);
            let b = (a + rng.random_range(1..PLAYERS)) % PLAYERS;
            let days = [1, 2, 3][rng.random_range(0..3)];
            let mut g = new_game(&r, [&people[a], &people[b]], days).await;
            let answer = plan(&mut rng, 0, now, days);
            g.turn = Some((0, now, answer));
            log.push(TurnLog {
                code: g.code.clone(),
                ply: 0,
                began: now,
                days,
                answer,
            });
            games.push(g);
        }
        for g in games.iter_mut().filter(|g| !g.over) {
            let Some((ply, _, answer)) = g.turn else { continue };
            let seat = Seat::BOTH[g.rules.turn().unwrap()];
            if let Answer::Watching(_) = answer {
                r.store().mark_present(&g.code, seat, now, false).await.unwrap();
            }
            if answer.at().is_none_or(|t| t > now) {
                continue;
            }
            let legal = g.rules.legal();
            let mv = legal[rng.random_range(0..legal.len())].clone();
            let stored = r.play(&g.code, &g.tokens[seat.index()], ply, &mv).await;
            let stored = stored.unwrap_or_else(|e| panic!("{} ply {ply}: {e}", g.code));
            assert_eq!(stored, g.rules.play(&mv).unwrap(), "{}", g.code);
            if g.rules.turn().is_none() || g.rules.legal().is_empty() {
                g.over = true;
                g.turn = None;
                continue;
            }
            let answer = plan(&mut rng, ply + 1, now, g.days);
            g.turn = Some((ply + 1, now, answer));
            if let Answer::Watching(_) = answer {
                let next = Seat::BOTH[g.rules.turn().unwrap()];
                r.store().mark_present(&g.code, next, now, false).await.unwrap();
            }
            log.push(TurnLog {
                code: g.code.clone(),
                ply: ply + 1,
                began: now,
                days: g.days,
                answer,
            });
        }
        for code in r.store().overdue(now, 1000).await.unwrap() {
            r.check_clock(&code).await.unwrap();
        }
        if step == SIM_DAYS * 12 {
            // A server takes a notice due now and dies before sending it; another starts.
            let due = r.store().due_notices(now, now - notify::LEASE_MS, 1000).await.unwrap();
            let held = due
                .into_iter()
                .find(|n| {
                    n.kind == "turn"
                        && log.iter().rev().any(|t| {
                            t.code == n.code && t.ply == n.ply && t.answer.at().is_some_and(|a| a >= now + 2 * HOUR)
                        })
                })
                .expect("a notice due now");
            assert!(
                r.store()
                    .claim_notice(&held, now, now - notify::LEASE_MS)
                    .await
                    .unwrap()
            );
            drop(r);
            r = open(&url, &mail, &push).await;
            died_holding = Some(held);
        }
        let tick = notify::tick(&r).await.unwrap();
        assert!(tick.mailed <= PLAYERS as u32);
        for entry in std::fs::read_dir(&mail).unwrap() {
            let name = entry.unwrap().file_name().to_string_lossy().to_string();
            if name.ends_with(".eml") && seen_files.insert(name.clone()) {
                let account = name.rsplit_once('-').unwrap().0.to_string();
                *mails.entry((account, now.div_euclid(DAY))).or_default() += 1;
            }
        }
        for g in games.iter_mut().filter(|g| !g.over) {
            if r.waiting(&g.code).await.unwrap().is_none() {
                g.over = true;
            }
        }
    }
    let end = clock.now();
    drop(r);
    check(
        &url,
        &games,
        &log,
        &mails,
        died_holding.expect("the restart happened"),
        end,
    )
    .await;
    check_pushes(&url, &push, &subs).await;
}

type Notices = BTreeMap<(String, u32, String), (String, Option<String>, Option<i64>, Option<i64>)>;

async fn notices(url: &str) -> (Notices, Vec<(String, String)>) {
    use sqlx::Connection;
    let mut db = sqlx::SqliteConnection::connect(url).await.unwrap();
    type Row = (String, i32, String, String, Option<String>, Option<i64>, Option<i64>);
    let rows: Vec<Row> = sqlx::query_as("SELECT code, ply, kind, state, why, done_ms, mailed_ms FROM notices")
        .fetch_all(&mut db)
        .await
        .unwrap();
    // Each game's last row: an ending by time is `time <seat>`.
    let last: Vec<(String, String)> = sqlx::query_as(
        "SELECT m.code, m.mv FROM moves m WHERE m.ply = (SELECT MAX(ply) FROM moves WHERE code = m.code)",
    )
    .fetch_all(&mut db)
    .await
    .unwrap();
    let notices = rows
        .into_iter()
        .map(|(c, p, k, s, w, d, m)| ((c, p as u32, k), (s, w, d, m)))
        .collect();
    (notices, last)
}

async fn check(
    url: &str,
    games: &[Game],
    log: &[TurnLog],
    mails: &BTreeMap<(String, i64), u32>,
    held: parlour_server::store::notices::NoticeRow,
    end: i64,
) {
    assert_eq!(games.len(), GAMES);
    let (notices, last) = notices(url).await;
    let last: BTreeMap<String, String> = last.into_iter().collect();
    let state = |t: &TurnLog, kind: &str| -> (String, Option<String>) {
        let n = notices
            .get(&(t.code.clone(), t.ply, kind.to_string()))
            .unwrap_or_else(|| panic!("no {kind} notice for {} ply {}", t.code, t.ply));
        (n.0.clone(), n.1.clone())
    };
    let sent = || ("sent".to_string(), None);
    let skipped = |why: &str| ("skipped".to_string(), Some(why.to_string()));
    // A reminder is not sent once the move came (or ended the game).
    let unsent = |r: &(String, Option<String>)| *r == skipped("moved") || *r == skipped("over") || r.0 == "due";
    let mut counts = BTreeMap::new();
    for t in log {
        let span = t.days * DAY;
        let remind_at = t.began + span / 5 * 4;
        if t.answer.at().is_none_or(|a| a > end) && remind_at + HOUR > end {
            continue; // still running when the simulation stopped
        }
        let (turn, reminder) = (state(t, "turn"), state(t, "reminder"));
        // A reminder is still waiting only while its time has not come.
        assert!(reminder.0 != "due" || remind_at + HOUR > end, "{t:?}: {reminder:?}");
        match t.answer {
            Answer::Watching(_) => {
                assert_eq!(turn, skipped("watching"), "{t:?}");
                assert!(unsent(&reminder), "{t:?}: {reminder:?}");
            }
            Answer::Early(_) => {
                assert_eq!(turn, sent(), "{t:?}");
                assert!(unsent(&reminder), "{t:?}: {reminder:?}");
            }
            Answer::Late(_) => {
                assert_eq!(turn, sent(), "{t:?}");
                assert_eq!(reminder, sent(), "{t:?}");
            }
            Answer::Never => {
                assert_eq!(turn, sent(), "{t:?}");
                assert_eq!(reminder, sent(), "{t:?}");
                if t.began + span + HOUR <= end {
                    let row = last.get(&t.code).map(String::as_str).unwrap_or("");
                    assert!(
                        row.starts_with("time "),
                        "{} ran out of time but ends with {row:?}",
                        t.code
                    );
                }
            }
        }
        *counts
            .entry(format!("{:?}", t.answer).split('(').next().unwrap().to_string())
            .or_insert(0) += 1;
    }
    eprintln!("turns checked by how they were answered: {counts:?}");
    for kind in ["Early", "Late", "Watching", "Never"] {
        assert!(
            counts.get(kind).copied().unwrap_or(0) >= 20,
            "too few {kind} turns: {counts:?}"
        );
    }
    // The notice the dead server held was sent by the next one, once.
    let h = &notices[&(held.code.clone(), held.ply, held.kind.clone())];
    assert_eq!((h.0.as_str(), h.1.as_deref()), ("sent", None));
    // At most two digests a day a player; every notice sent half a day before the end was
    // carried by one.
    assert!(!mails.is_empty());
    for ((account, day), n) in mails {
        assert!(*n <= 2, "{account} got {n} digests on day {day}");
    }
    let total: u32 = mails.values().sum();
    eprintln!(
        "{total} digests to {} players",
        mails.keys().map(|k| &k.0).collect::<BTreeSet<_>>().len()
    );
    for ((code, ply, kind), (state, _, done, mailed)) in &notices {
        if state == "sent" && done.is_some_and(|d| d < end - 13 * HOUR) {
            assert!(mailed.is_some(), "{code} {ply} {kind} was never mailed");
        }
    }
}

/// Every notice sent reached the player's browser once, decrypted, and nothing else did.
async fn check_pushes(url: &str, push: &PushReceiver, subs: &BTreeMap<usize, String>) {
    use sqlx::Connection;
    assert!(push.refusals().is_empty(), "pushes refused: {:?}", push.refusals());
    let mut db = sqlx::SqliteConnection::connect(url).await.unwrap();
    let rows: Vec<(String, i32, String, String)> =
        sqlx::query_as("SELECT code, ply, kind, account FROM notices WHERE state = 'sent'")
            .fetch_all(&mut db)
            .await
            .unwrap();
    let expected: BTreeMap<String, String> = rows
        .into_iter()
        .map(|(c, p, k, a)| (format!("{c}-{p}-{k}"), a))
        .collect();
    let mut got: BTreeMap<String, u32> = BTreeMap::new();
    for m in push.messages() {
        let id = m.payload["id"].as_str().expect("an id").to_string();
        assert_eq!(expected.get(&id), subs.get(&m.sub), "{id} went to the wrong browser");
        assert!(
            m.payload["title"].as_str().is_some_and(|t| t.contains("Kōnane")),
            "{:?}",
            m.payload
        );
        assert!(m.topic.is_some());
        *got.entry(id).or_default() += 1;
    }
    let twice: Vec<_> = got.iter().filter(|(_, n)| **n > 1).collect();
    assert!(twice.is_empty(), "pushed twice: {twice:?}");
    let lost: Vec<_> = expected.keys().filter(|id| !got.contains_key(*id)).collect();
    assert!(lost.is_empty(), "never pushed: {lost:?}");
    eprintln!("{} notices pushed, each once", got.len());
}

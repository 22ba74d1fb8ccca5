//! One live-clock game between two simulated players (issue 75, item 5): each signs in, one
//! seeks a game of Kōnane on the clock, the other accepts, and each then plays on its own
//! connection, thinking a random, known time before each move and reporting it as `think_ms`
//! (honestly, or as a liar: 0 ms or an hour). Each records, per move, its true thinking time (from
//! reading the other's move to sending its own) and what the server charged, read from the clock
//! views it sends (the mover's time before the move less its time after, plus the increment).
//! After `plies` moves the side to move stops: its time runs out and the server must store the
//! fall on its own.

use std::net::Ipv4Addr;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::Duration;

use parlour_clock::{Pace, TimeControl};
use parlour_online::wire::{Reply, Request, Seat, SideChoice};
use rand::{Rng, SeedableRng};
use tokio::time::Instant;

use super::conn::Conn;

/// What a lying client reports as its thinking time.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Lie {
    /// Nothing: every move instant, all the turn's time claimed as lag.
    Zero,
    /// An hour: more than the turn took (it gives up its compensation).
    Huge,
}

impl Lie {
    fn report(self) -> i64 {
        match self {
            Lie::Zero => 0,
            Lie::Huge => 3_600_000,
        }
    }
}

/// How a game is played.
#[derive(Clone, Debug)]
pub struct Plan {
    /// The clock.
    pub control: TimeControl,
    /// Moves played before the side to move stops and lets its time run out.
    pub plies: u32,
    /// Whether the players then wait for the fall (else they leave the game as it is).
    pub fall: bool,
    /// Each thinking time is drawn uniformly from this range, in milliseconds.
    pub think_ms: (u64, u64),
    /// A seat that lies about its thinking time, and how.
    pub liar: Option<(Seat, Lie)>,
    /// Seeds this game's random moves and thinking times.
    pub seed: u64,
    /// The account names' prefix (letters and digits) of this run.
    pub tag: String,
}

/// One move as its mover saw it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Observed {
    /// The move's number in the game.
    pub ply: u32,
    /// Whose move.
    pub seat: Seat,
    /// The time from reading the position to sending the move.
    pub true_ms: i64,
    /// What the client reported.
    pub reported_ms: i64,
    /// Whether that was a lie.
    pub lie: bool,
    /// The time the server charged (0 for the first move, which starts the clock).
    pub charged_ms: i64,
}

/// What a game's two players saw.
#[derive(Clone, Debug, Default)]
pub struct GameRecord {
    /// The game's invite code.
    pub code: String,
    /// Every move, by ply.
    pub moves: Vec<Observed>,
    /// The seat that lost on time, as the `ended` push said (either player's).
    pub fell: Option<Seat>,
    /// Per seat: its connection ended (a server killed under it).
    pub lost: [bool; 2],
    /// Whatever else went wrong.
    pub problems: Vec<String>,
}

/// Counts a run's progress line shows.
#[derive(Default)]
pub struct Progress {
    /// Moves stored.
    pub moves: AtomicU64,
    /// Games whose side to move has stopped, waiting for its fall.
    pub waiting: AtomicU64,
    /// Games over for both players.
    pub over: AtomicU64,
}

/// Plays one game through `url` (the two players connect from `from[0]` and `from[1]`).
pub async fn play_game(url: &str, from: [Ipv4Addr; 2], plan: Plan, progress: Arc<Progress>) -> GameRecord {
    let mut record = GameRecord::default();
    let (first, second) = match meet(url, from, &plan).await {
        Ok(m) => m,
        Err(e) => {
            record.problems.push(format!("meeting: {e}"));
            return record;
        }
    };
    record.code = first.code.clone();
    let (a, b) = (plan.clone(), plan);
    let (pa, pb) = (progress.clone(), progress.clone());
    let one = tokio::spawn(async move { first.play(&a, &pa).await });
    let two = tokio::spawn(async move { second.play(&b, &pb).await });
    for (i, side) in [one.await, two.await].into_iter().enumerate() {
        match side {
            Ok(s) => {
                record.moves.extend(s.moves);
                record.fell = record.fell.or(s.fell);
                record.lost[i] = s.lost;
                record.problems.extend(s.problems);
            }
            Err(e) => record.problems.push(e.to_string()),
        }
    }
    record.moves.sort_by_key(|m| m.ply);
    progress.over.fetch_add(1, Ordering::Relaxed);
    record
}

/// One seated player.
struct Side {
    conn: Conn,
    code: String,
    seat: Seat,
    token: String,
    moves: Vec<Observed>,
    fell: Option<Seat>,
    lost: bool,
    problems: Vec<String>,
}

async fn signed_in(url: &str, from: Ipv4Addr, name: String) -> Result<Conn, String> {
    let mut conn = Conn::open(url, from).await?;
    let secret: String = (0..32).map(|_| format!("{:x}", rand::random::<u8>() % 16)).collect();
    match conn
        .ask(|req| Request::AccountNew {
            req,
            secret,
            name: Some(name),
        })
        .await?
    {
        Reply::Account { .. } => Ok(conn),
        other => Err(format!("signing in: {other:?}")),
    }
}

fn token() -> String {
    (0..32).map(|_| format!("{:x}", rand::random::<u8>() % 16)).collect()
}

/// Signs both in; the first seeks on the clock, the second accepts; both seated.
async fn meet(url: &str, from: [Ipv4Addr; 2], plan: &Plan) -> Result<(Side, Side), String> {
    let n = plan.seed;
    let mut a = signed_in(url, from[0], format!("{}_{n}a", plan.tag)).await?;
    let mut b = signed_in(url, from[1], format!("{}_{n}b", plan.tag)).await?;
    let (ta, tb) = (token(), token());
    let t = ta.clone();
    let pace = Pace::Live(plan.control);
    let reply = a
        .ask(move |req| Request::Seek {
            req,
            game: "konane".into(),
            options: vec![],
            rated: false,
            side: SideChoice::First,
            range: None,
            pace,
            token: t,
        })
        .await?;
    let Reply::Seeking { id, .. } = reply else {
        return Err(format!("seeking: {reply:?}"));
    };
    let t = tb.clone();
    let code = match b.ask(move |req| Request::Accept { req, id, token: t }).await? {
        Reply::Seated { game, .. } => game.code,
        other => return Err(format!("accepting: {other:?}")),
    };
    a.push(Duration::from_secs(20), |r| {
        matches!(r, Reply::Matched { .. }).then_some(())
    })
    .await?
    .ok_or("the seeker was not told of its match")?;
    let (c, t) = (code.clone(), ta.clone());
    match a.ask(move |req| Request::Resume { req, code: c, token: t }).await? {
        Reply::Seated { .. } => {}
        other => return Err(format!("resuming: {other:?}")),
    }
    let side = |conn, seat, token| Side {
        conn,
        code: code.clone(),
        seat,
        token,
        moves: vec![],
        fell: None,
        lost: false,
        problems: vec![],
    };
    Ok((side(a, Seat::First, ta), side(b, Seat::Second, tb)))
}

/// What a player waiting for the other's move read.
enum Heard {
    Move(String),
    Ended(Option<Seat>),
}

fn heard(ply: u32) -> impl FnMut(&Reply) -> Option<Heard> {
    move |r| match r {
        Reply::Moved { ply: p, mv, .. } if *p == ply => Some(Heard::Move(mv.clone())),
        Reply::Ended { result, reason, .. } => Some(Heard::Ended(
            // The winner is named: the other seat fell.
            (reason == "time").then(|| if result == "first" { Seat::Second } else { Seat::First }),
        )),
        _ => None,
    }
}

impl Side {
    /// Plays this seat's moves until the game ends (by the rules, or by a fall after `plies`).
    async fn play(mut self, plan: &Plan, progress: &Progress) -> Side {
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(plan.seed * 2 + self.seat.index() as u64);
        let mut rules = parlour_rules::dynamic::GameSetup::new(parlour_rules::GameId::Konane, &[])
            .expect("Kōnane")
            .start();
        let inc = plan.control.increment_ms();
        let mut mine = plan.control.initial_ms();
        let mut seen = Instant::now();
        let lie = plan.liar.filter(|(s, _)| *s == self.seat).map(|(_, l)| l);
        let mut ply = 0u32;
        while let Some(turn) = rules.turn() {
            if ply >= plan.plies && !plan.fall {
                break;
            }
            if turn != self.seat.index() || ply >= plan.plies {
                if turn == self.seat.index() {
                    progress.waiting.fetch_add(1, Ordering::Relaxed);
                }
                // The other's move, or the end: the fall comes within the time left and a grace.
                let wait = Duration::from_millis((mine + 2 * inc + 20_000) as u64);
                match self.conn.push(wait, heard(ply)).await {
                    Ok(Some(Heard::Move(mv))) => {
                        seen = Instant::now();
                        if let Err(e) = rules.play(&mv) {
                            self.problems
                                .push(format!("{}: the server's move {mv}: {e}", self.code));
                            break;
                        }
                        ply += 1;
                        continue;
                    }
                    Ok(Some(Heard::Ended(fell))) => self.fell = fell,
                    Ok(None) => self.problems.push(format!("{}: nothing heard at ply {ply}", self.code)),
                    Err(_) => self.lost = true,
                }
                break;
            }
            let think = rng.random_range(plan.think_ms.0..=plan.think_ms.1);
            tokio::time::sleep(Duration::from_millis(think)).await;
            let true_ms = seen.elapsed().as_millis() as i64;
            let reported_ms = lie.map_or(true_ms, Lie::report);
            let legal = rules.legal();
            let mv = legal[rng.random_range(0..legal.len())].clone();
            let (code, token, m) = (self.code.clone(), self.token.clone(), mv.clone());
            let reply = self
                .conn
                .ask(move |req| Request::Move {
                    req,
                    code,
                    token,
                    ply,
                    mv: m,
                    think_ms: Some(reported_ms),
                })
                .await;
            let after = match reply {
                Ok(Reply::Stored { clock: Some(c), .. }) => c.remaining_ms[self.seat.index()],
                Ok(other) => {
                    self.problems.push(format!("{}: move {ply}: {other:?}", self.code));
                    break;
                }
                Err(_) => {
                    self.lost = true;
                    break;
                }
            };
            let charged_ms = if ply == 0 { 0 } else { mine - after + inc };
            mine = after;
            self.moves.push(Observed {
                ply,
                seat: self.seat,
                true_ms,
                reported_ms,
                lie: lie.is_some(),
                charged_ms,
            });
            progress.moves.fetch_add(1, Ordering::Relaxed);
            let _ = rules.play(&mv);
            ply += 1;
        }
        self
    }
}

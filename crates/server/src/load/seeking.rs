//! How a simulated lobby player finds its next game: a seek of another player's taken, or the
//! pool joined or a seek posted and its `matched` awaited — and what it does when the
//! connection drops while it waits.

use std::sync::atomic::Ordering;
use std::time::{Duration, Instant};

use parlour_online::wire::{Reply, Request, SideChoice};
use rand::Rng;

use super::player::{Found, Player, hex};
use super::shared::setup;

impl Player {
    /// Takes a seek listed by another player, or joins the pool or posts a seek and waits to be
    /// matched.
    pub(super) async fn find(&mut self) -> Result<Option<Found>, String> {
        let token = hex(&mut self.rng);
        let pool = self.rng.random_bool(0.5);
        let options = setup().options();
        if !pool {
            let Reply::Seeks { seeks, .. } = self
                .ask(|req| Request::Seeks {
                    req,
                    game: Some("konane".into()),
                })
                .await?
            else {
                return Err("no list of seeks".into());
            };
            let open: Vec<u64> = seeks
                .iter()
                .filter(|s| s.by.name != self.name && s.rated && s.options == options)
                .map(|s| s.id)
                .collect();
            if !open.is_empty() {
                let id = open[self.rng.random_range(0..open.len())];
                let t = token.clone();
                return match self.ask(move |req| Request::Accept { req, id, token: t }).await? {
                    Reply::Seated { game, .. } => {
                        self.entry(false, id, &game.code);
                        Ok(Some(Found { code: game.code, token }))
                    }
                    Reply::Error { message, .. } if message.contains("taken") || message.contains("no open seek") => {
                        self.shared.lost_races.fetch_add(1, Ordering::Relaxed);
                        Ok(None)
                    }
                    Reply::Error { message, .. } if message.contains("playing") => self.busy().await,
                    other => {
                        self.note(format!("{}: accept {id}: {other:?}", self.name));
                        Ok(None)
                    }
                };
            }
        }
        let started = Instant::now();
        let (t, o) = (token.clone(), options.clone());
        let reply = self
            .ask(move |req| {
                if pool {
                    Request::Pool {
                        req,
                        game: "konane".into(),
                        options: o,
                        rated: true,
                        pace: parlour_online::wire::Pace::Untimed,
                        token: t,
                    }
                } else {
                    Request::Seek {
                        req,
                        game: "konane".into(),
                        options: o,
                        rated: true,
                        side: SideChoice::Random,
                        range: None,
                        pace: parlour_online::wire::Pace::Untimed,
                        token: t,
                    }
                }
            })
            .await?;
        let Reply::Seeking { id, .. } = reply else {
            if let Reply::Error { message, .. } = &reply
                && message.contains("playing")
            {
                return self.busy().await;
            }
            self.note(format!("{}: not seeking: {reply:?}", self.name));
            return Ok(None);
        };
        self.shared.waiting.fetch_add(1, Ordering::Relaxed);
        let matched = self.wait_matched(id, pool).await;
        self.shared.waiting.fetch_sub(1, Ordering::Relaxed);
        match matched {
            Ok(Some(code)) => {
                let ms = started.elapsed().as_secs_f64() * 1000.0;
                self.shared
                    .seen
                    .lock()
                    .unwrap_or_else(|p| p.into_inner())
                    .waits_ms
                    .push(ms);
                self.entry(pool, id, &code);
                Ok(Some(Found { code, token }))
            }
            Ok(None) => Ok(None),
            // The connection dropped while waiting: the entry may have been matched, its push
            // lost. Any game of ours still going that the token seats us in is it.
            Err(_) => self.recover(id, &token).await,
        }
    }

    fn entry(&self, pool: bool, id: u64, code: &str) {
        let mut seen = self.shared.seen.lock().unwrap_or_else(|p| p.into_inner());
        seen.entries.entry((pool, id)).or_default().insert(code.to_string());
    }

    /// Waits for entry `id`'s `matched`: its game's code; `None` when withdrawn (the run's end,
    /// or a seek nobody took within 30 s).
    async fn wait_matched(&mut self, id: u64, pool: bool) -> Result<Option<String>, String> {
        let posted = Instant::now();
        let want = |r: &Reply| match r {
            Reply::Matched { id: i, code, .. } if *i == id => Some(code.clone()),
            _ => None,
        };
        loop {
            if let Some(code) = self.push(Duration::from_millis(500), want).await? {
                return Ok(Some(code));
            }
            if Instant::now() >= self.stop || (!pool && posted.elapsed() > Duration::from_secs(30)) {
                match self.ask(|req| Request::CancelSeek { req, id }).await? {
                    Reply::Done { .. } => return Ok(None),
                    // Matched meanwhile: its push is on its way.
                    _ => return self.push(Duration::from_secs(10), want).await,
                }
            }
        }
    }

    /// Refused for sitting in a live game (or the seeker sitting in one): counted, and a
    /// moment's wait before the next try (the game ends by the other's resignation).
    async fn busy(&mut self) -> Result<Option<Found>, String> {
        self.shared.busy.fetch_add(1, Ordering::Relaxed);
        tokio::time::sleep(Duration::from_secs(1)).await;
        Ok(None)
    }

    /// After a drop while entry `id` waited: withdraws it, or, when it can no longer be
    /// withdrawn (a server matched it and the push went with the connection, or a pool wave on
    /// another server takes it while this player was away), finds its game. Without the
    /// withdrawal an entry left behind by a killed server is paired later, into a game nobody
    /// plays.
    async fn recover(&mut self, id: u64, token: &str) -> Result<Option<Found>, String> {
        if let Reply::Done { .. } = self.ask(|req| Request::CancelSeek { req, id }).await? {
            return Ok(None);
        }
        for attempt in 0..5 {
            if attempt > 0 {
                tokio::time::sleep(Duration::from_millis(300)).await;
            }
            let name = self.name.clone();
            let Reply::Player { recent, .. } = self.ask(|req| Request::Player { req, name }).await? else {
                continue;
            };
            for g in recent.into_iter().filter(|g| g.result.is_none()).take(3) {
                let (code, t) = (g.code.clone(), token.to_string());
                if let Reply::Seated { .. } = self.ask(|req| Request::Resume { req, code, token: t }).await? {
                    return Ok(Some(Found {
                        code: g.code,
                        token: token.to_string(),
                    }));
                }
            }
        }
        self.note(format!(
            "{}: entry {id} was matched but its game was not found",
            self.name
        ));
        Ok(None)
    }
}

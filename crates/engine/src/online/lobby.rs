//! `online seek`, `seeks`, `accept`, `rating`, `games` and `leaderboard` (the offers are
//! `offers.rs`): the lobby from the
//! line protocol (`shared/engine-protocol.md`, "Accounts, the lobby, ratings and clocks"). A
//! seek blocks until it is taken, then takes its seat as `online resume` would; `online pair`
//! (quick pairing) blocks likewise until the pool's wave pairs it.

use std::time::Duration;

use parlour_online::client::Event;
use parlour_online::client::lobby::SeekOptions;
use parlour_online::wire::{Pace, PlayerTag, RatingRange, Reply, SideChoice};

use super::Link;
use crate::session::Session;

impl Link {
    /// The lobby's `online …` commands; `None` for the others.
    pub(super) fn lobby(&mut self, args: &[&str], session: &mut Box<dyn Session>) -> Option<Result<String, String>> {
        Some(match args {
            ["seek", game, rest @ ..] => self.seek(game, rest, session),
            ["seeks"] => self.seeks(None),
            ["seeks", game] => self.seeks(Some(game)),
            ["accept", id] => match id.parse::<u64>() {
                Ok(id) => self.accept(id, session),
                Err(_) => Err(format!("'{id}' is not a seek's number")),
            },
            ["rating", name, game] => self.rating(name, game),
            ["games"] => self.games(None),
            ["games", game] => self.games(Some(game)),
            ["leaderboard", key] => self.leaderboard(key),
            ["clock"] => self.clock(session),
            ["pair", game, rest @ ..] => self.pair(game, rest, session),
            _ => return None,
        })
    }

    /// `online clock`: both sides' time as the server last counted it, counted down since.
    fn clock(&mut self, session: &mut Box<dyn Session>) -> Result<String, String> {
        self.sync(session)?;
        let clock = self.client.clock().ok_or("this game is not on a clock")?;
        let running = clock.running.map_or("-", |p| session.side_names()[p.index()]);
        Ok(format!("{} {} {running}", clock.remaining_ms[0], clock.remaining_ms[1]))
    }

    /// Sends a lobby request and waits for its answer (or the server's refusal).
    fn lobby_ask(
        &mut self,
        make: impl FnOnce(&mut parlour_online::client::OnlineClient) -> u64,
    ) -> Result<Reply, String> {
        let req = make(&mut self.client);
        self.answer(req)?;
        self.client
            .lobby_answer(req)
            .ok_or_else(|| "the server's answer was lost".to_string())
    }

    fn seek(&mut self, game: &str, words: &[&str], session: &mut Box<dyn Session>) -> Result<String, String> {
        self.not_following("seek")?;
        let asked = Asked::read(words)?;
        let mut seek = SeekOptions {
            rated: asked.rated,
            pace: asked.pace,
            ..SeekOptions::default()
        };
        let timeout = asked.timeout;
        for (k, v) in asked.pairs {
            match k.as_str() {
                "side" => {
                    seek.side = SideChoice::parse(&v).ok_or_else(|| format!("side={v}: use first, second or random"))?
                }
                "range" => seek.range = Some(range(&v)?),
                _ => seek.options.push((k, v)),
            }
        }
        let req = self.client.seek(game, seek)?;
        self.answer(req)?;
        let Some(Reply::Seeking { id, .. }) = self.client.lobby_answer(req) else {
            return Err("the server did not say the seek was posted".into());
        };
        let wait = timeout.unwrap_or(super::WAIT_TIMEOUT);
        let gave_up = format!("nobody accepted the seek within {} s; it is withdrawn", wait.as_secs());
        self.sit_when_matched(id, wait, "waiting for someone to accept the seek", gave_up, session)
    }

    /// `online pair`: joins the pool and blocks until paired, then sits as a seek's seeker does.
    fn pair(&mut self, game: &str, words: &[&str], session: &mut Box<dyn Session>) -> Result<String, String> {
        self.not_following("pair")?;
        let Asked {
            rated,
            timeout,
            pairs,
            pace,
        } = Asked::read(words)?;
        let req = self.client.pool(game, pairs, rated, pace)?;
        self.answer(req)?;
        let Some(Reply::Seeking { id, .. }) = self.client.lobby_answer(req) else {
            return Err("the server did not say the pool was joined".into());
        };
        let wait = timeout.unwrap_or(super::WAIT_TIMEOUT);
        let gave_up = format!(
            "nobody was paired with you within {} s; you left the pool",
            wait.as_secs()
        );
        self.sit_when_matched(id, wait, "waiting to be paired", gave_up, session)
    }

    /// Refuses a seek or a pool's entry on a connection that already follows a game.
    fn not_following(&self, what: &str) -> Result<(), String> {
        match self.client.game() {
            Some(_) => Err(format!(
                "this connection already follows a game; start another `parlour-engine connect` to {what}"
            )),
            None => Ok(()),
        }
    }

    /// Waits up to `wait` for the seek or pool entry `id` to be matched, then takes the seat as
    /// `online resume` would: `<code> <side>`. At the timeout the entry is withdrawn (`gave_up`
    /// is the answer) unless it was matched meanwhile.
    fn sit_when_matched(
        &mut self,
        id: u64,
        wait: Duration,
        doing: &str,
        gave_up: String,
        session: &mut Box<dyn Session>,
    ) -> Result<String, String> {
        let matched = self.until(wait, doing, |client, events| {
            events
                .contains(&Event::Matched { id })
                .then(|| client.matched(id).map(|(c, _)| c.to_string()).ok_or_else(String::new))
        });
        let code = match matched {
            Ok(code) => code,
            Err(_) => {
                let cancel = self.client.cancel_seek(id);
                // Taken meanwhile: the cancel is refused and the seat is ours after all.
                if self.answer(cancel).is_ok() || self.client.matched(id).is_none() {
                    return Err(gave_up);
                }
                self.client.matched(id).map(|(c, _)| c.to_string()).unwrap_or_default()
            }
        };
        let token = self.client.seek_token(id).unwrap_or_default().to_string();
        self.take(session, |c| c.resume(&code, &token))?;
        Ok(format!("{code} {}", self.seat_name(session.as_ref())?))
    }

    fn accept(&mut self, id: u64, session: &mut Box<dyn Session>) -> Result<String, String> {
        let mut refused = None;
        self.take(session, |c| match c.accept(id) {
            Ok(req) => req,
            Err(e) => {
                refused = Some(e);
                0
            }
        })
        .map_err(|e| refused.take().unwrap_or(e))?;
        let code = self.client.game().map(|g| g.code.clone()).unwrap_or_default();
        Ok(format!("{code} {}", self.seat_name(session.as_ref())?))
    }

    fn seeks(&mut self, game: Option<&str>) -> Result<String, String> {
        let Reply::Seeks { seeks, .. } = self.lobby_ask(|c| c.seeks(game))? else {
            return Err("the server answered something else".into());
        };
        let lines: Vec<String> = seeks
            .iter()
            .map(|s| {
                let options = words(&s.options);
                let kind = if s.rated { "rated" } else { "casual" };
                format!(
                    "{} {} {} {} {options} {} {kind}",
                    s.id,
                    s.by.name,
                    shown(&s.by),
                    s.game,
                    s.pace
                )
            })
            .collect();
        Ok(lines.join("\n"))
    }

    fn games(&mut self, game: Option<&str>) -> Result<String, String> {
        let Reply::Games { games, .. } = self.lobby_ask(|c| c.live_games(game))? else {
            return Err("the server answered something else".into());
        };
        let name = |p: &Option<PlayerTag>| p.as_ref().map_or("-".to_string(), |p| p.name.clone());
        let lines: Vec<String> = games
            .iter()
            .map(|g| {
                format!(
                    "{} {} {} {} {}",
                    g.code,
                    g.game,
                    name(&g.players[0]),
                    name(&g.players[1]),
                    g.pace
                )
            })
            .collect();
        Ok(lines.join("\n"))
    }

    fn rating(&mut self, name: &str, game: &str) -> Result<String, String> {
        let Reply::Rating { rating, .. } = self.lobby_ask(|c| c.rating(name, game))? else {
            return Err("the server answered something else".into());
        };
        Ok(match rating {
            Some(r) => format!(
                "{} {} {}{}",
                r.rating,
                r.deviation,
                r.games,
                if r.provisional { " provisional" } else { "" }
            ),
            None => "1500 500 0 provisional".into(),
        })
    }

    fn leaderboard(&mut self, key: &str) -> Result<String, String> {
        let Reply::Leaderboard { rows, .. } = self.lobby_ask(|c| c.leaderboard(key))? else {
            return Err("the server answered something else".into());
        };
        let lines: Vec<String> = rows
            .iter()
            .map(|(n, r)| format!("{n} {} {} {}", r.rating, r.deviation, r.games))
            .collect();
        Ok(lines.join("\n"))
    }
}

/// `lo-hi` as a range.
fn range(text: &str) -> Result<RatingRange, String> {
    let bad = || format!("range={text}: write it as <lowest>-<highest>, e.g. range=1400-1700");
    let (lo, hi) = text.split_once('-').ok_or_else(bad)?;
    Ok(RatingRange {
        lo: lo.parse().map_err(|_| bad())?,
        hi: hi.parse().map_err(|_| bad())?,
    })
}

/// Options as `k=v,k=v`, or `-` for none.
fn words(options: &[(String, String)]) -> String {
    if options.is_empty() {
        return "-".into();
    }
    let pairs: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    pairs.join(",")
}

/// The words after a seek's or a pool's game: `rated`, `timeout=`, `clock=` or `days=`, and the
/// other `key=value` pairs in order.
struct Asked {
    rated: bool,
    pace: Pace,
    timeout: Option<Duration>,
    pairs: Vec<(String, String)>,
}

impl Asked {
    fn read(words: &[&str]) -> Result<Asked, String> {
        let (mut clock, mut days) = (None, None);
        let mut asked = Asked {
            rated: false,
            pace: Pace::Untimed,
            timeout: None,
            pairs: Vec::new(),
        };
        for word in words {
            if *word == "rated" {
                asked.rated = true;
                continue;
            }
            let (k, v) = word
                .split_once('=')
                .ok_or_else(|| format!("'{word}' is not key=value"))?;
            match k {
                "clock" => clock = Some(*word),
                "days" => days = Some(*word),
                "timeout" => asked.timeout = Some(seconds(v)?),
                _ => asked.pairs.push((k.to_string(), v.to_string())),
            }
        }
        asked.pace = Pace::from_engine_words(value(clock), value(days)).map_err(|e| e.to_string())?;
        Ok(asked)
    }
}

/// The value of a `key=value` word.
fn value(word: Option<&str>) -> Option<&str> {
    word.and_then(|w| w.split_once('=')).map(|(_, v)| v)
}

/// A `timeout=` value: seconds.
fn seconds(v: &str) -> Result<Duration, String> {
    let secs: f64 = v.parse().map_err(|_| format!("timeout={v}: give seconds"))?;
    if secs.is_finite() {
        Ok(Duration::from_secs_f64(secs.clamp(0.0, 1e9)))
    } else {
        Err(format!("timeout={v}: give seconds"))
    }
}

/// A player's rating as a seek line shows it: `?` without games.
fn shown(p: &PlayerTag) -> String {
    p.rating.map_or("?".to_string(), |r| r.rating.to_string())
}

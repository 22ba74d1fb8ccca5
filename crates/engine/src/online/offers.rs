//! `online offer draw|takeback`, `online answer accept|decline`, `online claim [draw]` and
//! `online rematch`: the
//! offers from the line protocol (`shared/engine-protocol.md`, "Accounts, the lobby, ratings
//! and clocks"). An offer is made at the position the session shows; an answer names the
//! pending offer's ply, so it is refused when a move came between; a rematch blocks until the
//! other side has asked too, then holds the seat of the new game.

use std::time::{Duration, Instant};

use parlour_online::client::OnlineClient;
use parlour_online::wire::OfferKind;

use super::{Link, WAIT_TIMEOUT};
use crate::session::Session;

/// How long `online answer` waits for an offer the server has pushed but this session has not
/// read yet.
const OFFER_ARRIVES: Duration = Duration::from_millis(500);

impl Link {
    /// The offers' `online …` commands; `None` for the others.
    pub(super) fn offers(&mut self, args: &[&str], session: &mut Box<dyn Session>) -> Option<Result<String, String>> {
        Some(match args {
            ["offer", "draw"] => self.offer(OfferKind::Draw, session),
            ["offer", "takeback"] => self.offer(OfferKind::Takeback, session),
            ["offer", ..] => Err("usage: online offer draw | online offer takeback".into()),
            ["answer", "accept"] => self.answer_offer(true, session),
            ["answer", "decline"] => self.answer_offer(false, session),
            ["answer", ..] => Err("usage: online answer accept | online answer decline".into()),
            ["rematch"] => self.rematch(session),
            ["claim"] => self.claim(false, session),
            ["claim", "draw"] => self.claim(true, session),
            ["claim", ..] => Err("usage: online claim | online claim draw".into()),
            _ => return None,
        })
    }

    fn offer(&mut self, kind: OfferKind, session: &mut Box<dyn Session>) -> Result<String, String> {
        self.sync(session)?;
        let req = self.client.offer(kind)?;
        self.answer(req)?;
        Ok(String::new())
    }

    fn answer_offer(&mut self, accept: bool, session: &mut Box<dyn Session>) -> Result<String, String> {
        self.sync(session)?;
        let seat = self.client.seat().ok_or("this connection holds no seat")?;
        let start = Instant::now();
        let theirs = |c: &OnlineClient| c.pending_offer().is_some_and(|o| o.seat != seat);
        while !theirs(&self.client) && start.elapsed() < OFFER_ARRIVES {
            self.client.poll();
            std::thread::sleep(Duration::from_millis(5));
        }
        let kind = self.client.pending_offer().map(|o| o.kind);
        let before = self.client.game().map_or(0, |g| g.moves.len());
        let req = self.client.answer_offer(accept)?;
        self.answer(req)?;
        // Accepted: the news follows the answer; the session follows the server's game.
        match kind {
            Some(OfferKind::Draw) if accept => {
                self.until(self.timeout, "waiting for the game's end", |c, _| {
                    c.ended().is_some().then_some(Ok(()))
                })?;
            }
            Some(OfferKind::Takeback) if accept => {
                self.until(self.timeout, "waiting for the moves taken back", |c, _| {
                    c.game().is_some_and(|g| g.moves.len() < before).then_some(Ok(()))
                })?;
            }
            _ => {}
        }
        self.sync(session)?;
        Ok(String::new())
    }

    /// `online claim [draw]`: the game from an opponent gone longer than the grace; `= <status>`
    /// once the end is stored.
    fn claim(&mut self, draw: bool, session: &mut Box<dyn Session>) -> Result<String, String> {
        self.sync(session)?;
        let req = self.client.claim(draw)?;
        self.answer(req)?;
        self.until(self.timeout, "waiting for the game's end", |c, _| {
            c.ended().is_some().then_some(Ok(()))
        })?;
        self.sync(session)?;
        Ok(self.resigned_status(session.as_ref()).unwrap_or_default())
    }

    fn rematch(&mut self, session: &mut Box<dyn Session>) -> Result<String, String> {
        self.sync(session)?;
        let req = self.client.offer(OfferKind::Rematch)?;
        self.answer(req)?;
        let (code, _) = self.until(
            WAIT_TIMEOUT,
            "waiting for the other side to ask for a rematch",
            |c, _| c.rematch_game().map(|(code, seat)| Ok((code.to_string(), seat))),
        )?;
        let token = self.client.token().ok_or("this connection holds no seat")?.to_string();
        let req = self.client.resume(&code, &token);
        self.answer(req)?;
        self.sync(session)?;
        Ok(format!("{code} {}", self.seat_name(session.as_ref())?))
    }
}

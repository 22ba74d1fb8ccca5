//! Offers between the seats of a game (issue 74): a draw (only in games that can be drawn), a
//! takeback (casual games only; as lichess does, it takes the game back to the offerer's turn)
//! and, after the end, a rematch with sides swapped. Each offer names the ply it was made at;
//! the database holds the pending one ([`crate::store::offers`]), so it outlives this process
//! and another server on the same database sees it. An accepted draw or takeback is a `moves`
//! row stored in the transaction that accepts the offer, so it happens once and never beside a
//! move at the same place; a move played cancels a pending draw or takeback.

use parlour_online::wire::{OfferKind, Reply, Seat};

use super::entry::OffersSeen;
use super::offer_refusal::OfferRefusal;
use super::{CreateError, Entry, Registry, random_code};
use crate::store::accounts::Outcome;
use crate::store::offers::{Offer, Rematch};
use crate::store::{DRAW_ROW, Store, now_ms, now_secs, takeback_row};

/// The plies after an offer before its seat may offer the same again: one move of each side.
const OFFER_EVERY: u32 = 2;

impl<S: Store> Registry<S> {
    /// The seat `token` holds offers `kind` at move `ply`; pushed to the game as `Offered`. A
    /// rematch asked for when the other seat has asked already makes the new game.
    pub async fn offer(&self, code: &str, token: &str, ply: u32, kind: OfferKind) -> Result<(), OfferRefusal> {
        let entry = self.entry(code).await?;
        let mut e = entry.lock().await;
        let seat = self.seat_for(&mut e, token).await?;
        self.at_ply(&mut e, ply).await?;
        if e.stored.tokens[seat.other().index()].is_none() {
            return Err(OfferRefusal::Alone);
        }
        let offer = Offer { seat, kind, ply };
        match kind {
            OfferKind::Rematch => return self.rematch(&mut e, offer).await,
            _ if e.over().is_some() => return Err(e.over().map_or(OfferRefusal::Raced, OfferRefusal::from)),
            OfferKind::Draw if !e.setup.id().has_draws() => return Err(OfferRefusal::NoDraws(e.setup.id().name())),
            OfferKind::Takeback if e.lobby.as_ref().is_some_and(|l| l.rated) => {
                return Err(OfferRefusal::RatedTakeback);
            }
            // A takeback would have to rewind the clock, which is rebuilt from the moves kept.
            OfferKind::Takeback if e.clock.is_some() => {
                return Err(OfferRefusal::TimedTakeback);
            }
            OfferKind::Takeback | OfferKind::Draw => {}
        }
        let store = self.store();
        match store.pending(code).await? {
            Some(p) if p == offer => return Ok(()), // sent again after a lost reply
            Some(p) if p.ply == ply && p.seat == seat => return Err(OfferRefusal::OwnPending(p.kind)),
            Some(p) if p.ply == ply => return Err(OfferRefusal::OtherPending(p.kind)),
            _ => {}
        }
        if kind == OfferKind::Takeback {
            kept_by_takeback(&e, seat)?;
        }
        if let Some(last) = store.last_offer(code, seat, kind).await?
            && ply < last + OFFER_EVERY
        {
            return Err(OfferRefusal::TooSoon {
                kind,
                ply: last,
                next: last + OFFER_EVERY,
            });
        }
        match store.put_offer(code, offer, now_secs()).await? {
            Outcome::Done(()) => {
                e.seen.pending = Some(offer);
                e.push(offered(code, offer));
                Ok(())
            }
            // Another offer was made at the same moment (perhaps on another server).
            _ => Err(match store.pending(code).await? {
                Some(p) if p.seat == seat => OfferRefusal::OwnPending(p.kind),
                Some(p) => OfferRefusal::OtherPending(p.kind),
                None => OfferRefusal::Raced,
            }),
        }
    }

    /// The seat `token` holds answers the other seat's offer made at move `ply`.
    pub async fn answer(&self, code: &str, token: &str, ply: u32, accept: bool) -> Result<(), OfferRefusal> {
        let entry = self.entry(code).await?;
        let mut e = entry.lock().await;
        let seat = self.seat_for(&mut e, token).await?;
        let store = self.store();
        let Some(offer) = store.pending(code).await? else {
            return Err(OfferRefusal::NothingPending);
        };
        if offer.seat == seat {
            return Err(OfferRefusal::OwnOffer);
        }
        if offer.ply != ply {
            return Err(OfferRefusal::OtherOffer {
                ply,
                offered: offer.ply,
            });
        }
        if offer.kind != OfferKind::Rematch {
            // A pending draw or takeback left from before a move (its server stopped between
            // the move and the cancelling) no longer stands.
            self.at_ply(&mut e, ply).await.map_err(|_| OfferRefusal::Raced)?;
        }
        if !accept {
            if !store.decline(code, offer).await? {
                return Err(OfferRefusal::Raced);
            }
            e.seen.pending = None;
            e.push(answered(code, offer, false));
            return Ok(());
        }
        match offer.kind {
            OfferKind::Rematch => self.make_rematch(&mut e, offer).await,
            OfferKind::Draw => {
                if !store.accept_row(code, offer, e.stored.rows, DRAW_ROW, now_ms()).await? {
                    self.reload(&mut e).await?;
                    return Err(OfferRefusal::Raced);
                }
                e.stored.agreed = true;
                e.stored.rows += 1;
                self.ended(&mut e).await;
                e.seen.pending = None;
                e.push(answered(code, offer, true));
                e.push(Reply::Ended {
                    code: code.to_string(),
                    result: "draw".into(),
                    reason: "agreed".into(),
                });
                Ok(())
            }
            OfferKind::Takeback => {
                let kept = kept_by_takeback(&e, offer.seat)?;
                let now = now_ms();
                if !store
                    .accept_row(code, offer, e.stored.rows, &takeback_row(kept), now)
                    .await?
                {
                    self.reload(&mut e).await?;
                    return Err(OfferRefusal::Raced);
                }
                e.stored.moves.truncate(kept as usize);
                e.stored.times.truncate(kept as usize);
                e.stored.taken_back_ms = Some(now);
                e.stored.rows += 1;
                e.session = e
                    .setup
                    .replay(&e.stored.moves)
                    .map_err(|r| OfferRefusal::from(crate::store::StoreError::Damaged(r.to_string())))?;
                e.seen.pending = None;
                e.push(answered(code, offer, true));
                e.push(Reply::TookBack {
                    code: code.to_string(),
                    ply: kept,
                });
                Ok(())
            }
        }
    }

    /// A move was played (or the game ended): the pending draw or takeback no longer stands.
    pub(super) async fn cancel_offers(&self, e: &mut Entry) {
        match self.store().cancel_offers(&e.stored.code).await {
            Ok(Some(offer)) => {
                e.seen.pending = None;
                e.push(answered(&e.stored.code.clone(), offer, false));
            }
            Ok(None) => {}
            Err(err) => eprintln!(
                "parlour-server: cancelling the offers of {} failed: {err}",
                e.stored.code
            ),
        }
    }

    /// Another process may have changed the game's offers: its followers here are told what is
    /// new (with `push`; without, only noted, as when the game is loaded).
    pub(super) async fn offers_changed(&self, e: &mut Entry, push: bool) {
        let code = e.stored.code.clone();
        let store = self.store();
        let (pending, rematch) = match (store.pending(&code).await, store.rematch_of(&code).await) {
            (Ok(p), Ok(r)) => (p, r),
            (Err(err), _) | (_, Err(err)) => {
                eprintln!("parlour-server: reading the offers of {code} failed: {err}");
                return;
            }
        };
        let seen = std::mem::take(&mut e.seen);
        if push {
            if let Some(old) = seen.pending.filter(|o| Some(*o) != pending) {
                let accepted = matches!(store.answer_of(&code, old).await, Ok(Some(a)) if a == "accepted");
                e.push(answered(&code, old, accepted));
            }
            if let Some(new) = pending.filter(|p| Some(*p) != seen.pending) {
                e.push(offered(&code, new));
            }
            if let Some(made) = rematch.as_ref().filter(|r| Some(*r) != seen.rematch.as_ref()) {
                e.push(matched(made, Seat::First));
                e.push(matched(made, Seat::Second));
            }
        }
        e.seen = OffersSeen { pending, rematch };
    }

    /// What the game view does not say, pushed again for a connection that has just followed the
    /// game (the others have heard it and take it once): an agreed draw, the pending offer.
    pub(super) fn tell_newcomer(&self, e: &mut Entry) {
        let code = e.stored.code.clone();
        if let Some(end) = e.end_view() {
            e.push(Reply::Ended {
                code: code.clone(),
                result: end.result,
                reason: end.reason,
            });
        }
        if let Some(p) = e.seen.pending {
            e.push(offered(&code, p));
        }
    }

    /// Refuses a request made at a ply other than the game's (after catching up with what
    /// other processes stored).
    async fn at_ply(&self, e: &mut Entry, ply: u32) -> Result<(), OfferRefusal> {
        if ply != e.stored.moves.len() as u32 {
            self.reload(e).await?;
        }
        let played = e.stored.moves.len() as u32;
        if ply != played {
            return Err(OfferRefusal::OtherPosition { ply, played });
        }
        Ok(())
    }

    /// `offer` is a rematch: made when the other seat asked first, else left pending.
    async fn rematch(&self, e: &mut Entry, offer: Offer) -> Result<(), OfferRefusal> {
        if e.over().is_none() {
            return Err(OfferRefusal::NotOver);
        }
        let code = e.stored.code.clone();
        for _ in 0..3 {
            if let Some(made) = self.store().rematch_of(&code).await? {
                e.push(matched(&made, Seat::First));
                e.push(matched(&made, Seat::Second));
                e.seen.rematch = Some(made);
                return Ok(());
            }
            match self.store().pending(&code).await? {
                Some(p) if p.kind == OfferKind::Rematch && p.seat != offer.seat => {
                    return self.make_rematch(e, p).await;
                }
                Some(p) if p.kind == OfferKind::Rematch => return Ok(()),
                _ => {}
            }
            if let Outcome::Done(()) = self.store().put_offer(&code, offer, now_secs()).await? {
                e.push(offered(&code, offer));
                e.seen.pending = Some(offer);
                return Ok(());
            }
            // The other seat asked at the same moment: look again.
        }
        Err(OfferRefusal::Raced)
    }

    /// Accepts the rematch `offer`: one new game, sides swapped, the same options and rated
    /// flag, each seat held by the token that held the other seat here; both seats are pushed
    /// `Matched` for it.
    async fn make_rematch(&self, e: &mut Entry, offer: Offer) -> Result<(), OfferRefusal> {
        let code = e.stored.code.clone();
        let [Some(first), Some(second)] = e.stored.tokens.clone() else {
            return Err(OfferRefusal::Alone);
        };
        let lobby = self.store().game_players(&code).await?.map(|g| {
            let [a, b] = g.players.map(|p| p.map(|p| p.account));
            ([b, a], g.rated, g.rating_key)
        });
        for _ in 0..3 {
            let game = Rematch {
                code: random_code(),
                game: e.stored.game.clone(),
                options: e.stored.options.clone(),
                tokens: [second.clone(), first.clone()],
                lobby: lobby.clone(),
                pace: e.stored.pace,
            };
            match self.store().accept_rematch(&code, offer, &game, now_secs()).await? {
                Outcome::Done(()) => {
                    e.push(answered(&code, offer, true));
                    e.push(matched(&game.code, Seat::First));
                    e.push(matched(&game.code, Seat::Second));
                    e.seen = OffersSeen {
                        pending: None,
                        rematch: Some(game.code.clone()),
                    };
                    return Ok(());
                }
                Outcome::Clash => continue,
                Outcome::NotNow => {
                    // Accepted at the same moment by the other seat (perhaps on another server).
                    return match self.store().rematch_of(&code).await? {
                        Some(made) => {
                            e.push(matched(&made, Seat::First));
                            e.push(matched(&made, Seat::Second));
                            e.seen.rematch = Some(made);
                            Ok(())
                        }
                        None => Err(OfferRefusal::Raced),
                    };
                }
            }
        }
        Err(OfferRefusal::Game(CreateError::NoFreeCode.into()))
    }
}

/// The moves an accepted takeback of `offerer`'s last move keeps: back to the offerer's turn.
fn kept_by_takeback(e: &Entry, offerer: Seat) -> Result<u32, OfferRefusal> {
    let mut at = e.session.clone_box();
    loop {
        at.undo().map_err(|_| OfferRefusal::NothingToTakeBack)?;
        if at.turn() == Some(offerer.index()) {
            return Ok(at.ply() as u32);
        }
    }
}

fn offered(code: &str, o: Offer) -> Reply {
    Reply::Offered {
        code: code.to_string(),
        ply: o.ply,
        seat: o.seat,
        offer: o.kind,
    }
}

fn answered(code: &str, o: Offer, accept: bool) -> Reply {
    Reply::Answered {
        code: code.to_string(),
        ply: o.ply,
        offer: o.kind,
        accept,
    }
}

/// A rematch's game: pushed once per seat to everyone following the old game; each player takes
/// the one for the seat opposite its old one and resumes it with its old seat's token.
fn matched(code: &str, seat: Seat) -> Reply {
    Reply::Matched {
        id: 0,
        code: code.to_string(),
        seat,
    }
}

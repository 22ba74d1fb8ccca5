//! Offers between the seats of [`OnlineClient`]'s game: a draw, a takeback, a rematch, each at
//! the ply the client knows; the answer to the other seat's pending offer names that offer's
//! ply, so an answer never lands on another position. The pushes (`offered`, `answered`,
//! `ended`, `took_back`, and a rematch's `matched`) are kept here and reported as events.

use crate::wire::{OfferKind, Reply, Request, Seat};

use super::offer_state::{OfferState, PendingOffer};
use super::{Event, NoSeat, OnlineClient, Role};

impl OnlineClient {
    /// Offers the other seat `kind` at the current position (a rematch: after the end).
    /// Answered `done` (see [`OnlineClient::lobby_answer`]) or refused with a sentence.
    pub fn offer(&mut self, kind: OfferKind) -> Result<u64, NoSeat> {
        let Role::Seated { code, token, .. } = &self.role else {
            return Err(NoSeat);
        };
        let (code, token) = (code.clone(), token.clone());
        let ply = self.game.as_ref().map_or(0, |g| g.moves.len() as u32);
        Ok(self.request(|req| Request::Offer {
            req,
            code,
            token,
            ply,
            kind,
        }))
    }

    /// Claims the game (the win, or a draw with `draw`) from an opponent who has gone; the
    /// server refuses it with the seconds left while the grace runs.
    pub fn claim(&mut self, draw: bool) -> Result<u64, NoSeat> {
        let Role::Seated { code, token, .. } = &self.role else {
            return Err(NoSeat);
        };
        let (code, token) = (code.clone(), token.clone());
        Ok(self.request(|req| Request::Claim { req, code, token, draw }))
    }

    /// Whether `seat` has gone (its connection quiet or closed): `Some(ms)` with the
    /// milliseconds until the game may be claimed from it, counted down (0: now).
    pub fn gone(&self, seat: Seat) -> Option<i64> {
        let (claim_in, at) = self.offers.gone[seat.index()]?;
        Some(claim_in.map_or(i64::MAX, |ms| (ms - at.elapsed().as_millis() as i64).max(0)))
    }

    /// Notes a seat gone or back.
    pub(super) fn presence(&mut self, code: &str, seat: Seat, gone: bool, claim_in_ms: Option<i64>) {
        if self.game.as_ref().is_some_and(|g| g.code == code) {
            self.offers.gone[seat.index()] = gone.then(|| (claim_in_ms, web_time::Instant::now()));
        }
    }

    /// Answers the other seat's pending offer; `Err` with a sentence when there is none.
    pub fn answer_offer(&mut self, accept: bool) -> Result<u64, String> {
        let Role::Seated { code, token, seat } = &self.role else {
            return Err(NoSeat.into());
        };
        let offer = self
            .offers
            .pending
            .filter(|o| o.seat != *seat)
            .ok_or("there is no offer from the other side to answer")?;
        let (code, token) = (code.clone(), token.clone());
        Ok(self.request(|req| Request::Answer {
            req,
            code,
            token,
            ply: offer.ply,
            accept,
        }))
    }

    /// The offer waiting for an answer (either seat's).
    pub fn pending_offer(&self) -> Option<PendingOffer> {
        self.offers.pending
    }

    /// How the game ended other than by a move or a resignation (`("draw", "agreed")`).
    pub fn ended(&self) -> Option<(&str, &str)> {
        self.offers.ended.as_ref().map(|(r, w)| (r.as_str(), w.as_str()))
    }

    /// The rematch's game and this client's seat there, once both asked; resume it with this
    /// seat's token ([`OnlineClient::token`]).
    pub fn rematch_game(&self) -> Option<(&str, Seat)> {
        self.offers.rematch.as_ref().map(|(c, s)| (c.as_str(), *s))
    }

    /// Forgets the offers of a game no longer followed.
    pub(super) fn offers_of(&mut self, code: &str) {
        if self.game.as_ref().is_none_or(|g| g.code != code) {
            self.offers = OfferState::default();
        }
    }

    /// The offers' pushes; `None` for the others.
    pub(super) fn offer_reply(&mut self, reply: Reply) -> Option<Reply> {
        let here = |code: &str| self.game.as_ref().is_some_and(|g| g.code == code);
        match reply {
            // A rematch: pushed for both seats; this client's is opposite its seat here.
            Reply::Matched { id: 0, code, seat } => {
                if self.seat() == Some(seat.other()) && self.offers.rematch.is_none() {
                    self.offers.rematch = Some((code.clone(), seat));
                    self.offers.pending = None;
                    self.events.push_back(Event::Rematch { code, seat });
                }
            }
            Reply::Offered { code, ply, seat, offer } if here(&code) => {
                let pending = PendingOffer { seat, kind: offer, ply };
                if self.offers.pending != Some(pending) {
                    self.offers.pending = Some(pending);
                    self.events.push_back(Event::Offered(pending));
                }
            }
            Reply::Answered {
                code,
                ply,
                offer,
                accept,
            } if here(&code) => {
                self.offers.pending = None;
                self.events.push_back(Event::Answered {
                    kind: offer,
                    ply,
                    accept,
                });
            }
            Reply::Ended { code, result, reason } if here(&code) => {
                if self.offers.ended.is_none() {
                    // The clock stops; a side that lost on time has nothing left.
                    if let Some(mut now) = self.clock() {
                        if let (Some(side), "time") = (now.running, reason.as_str()) {
                            now.remaining_ms[side.index()] = 0;
                        }
                        now.running = None;
                        now.first_move_ms = None;
                        self.clock_seen = Some((now, web_time::Instant::now()));
                    }
                    self.offers.ended = Some((result.clone(), reason.clone()));
                    self.events.push_back(Event::Ended { result, reason });
                }
            }
            Reply::TookBack { code, ply } if here(&code) => {
                if let Some(g) = self.game.as_mut().filter(|g| g.moves.len() > ply as usize) {
                    g.moves.truncate(ply as usize);
                    self.offers.pending = None;
                    self.events.push_back(Event::TookBack { ply });
                }
            }
            Reply::Offered { .. } | Reply::Answered { .. } | Reply::Ended { .. } | Reply::TookBack { .. } => {}
            other => return Some(other),
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use std::cell::RefCell;
    use std::rc::Rc;

    use super::super::offer_state::PendingOffer;
    use super::super::pipe::{Dialer, sent};
    use super::super::{Event, OnlineClient, TransportEvent};
    use crate::wire::{GameView, OfferKind, Reply, Request, Seat};

    const CODE: &str = "abcdefgh23";

    #[test]
    fn offers_answers_takebacks_and_a_rematch_are_reported_once_and_answered_at_their_ply() {
        let pipes = Rc::new(RefCell::new(Vec::new()));
        let mut c = OnlineClient::new("ws://x/ws", Box::new(Dialer(pipes.clone())));
        c.poll();
        assert!(c.offer(OfferKind::Draw).is_err(), "no seat yet");
        let join = c.join(CODE);
        let pipe = pipes.borrow()[0].clone();
        let say = |r: Reply| pipe.borrow_mut().inbox.push_back(TransportEvent::Text(r.encode()));
        let game = GameView {
            code: CODE.into(),
            game: "kansho".into(),
            options: vec![],
            moves: vec!["a".into(), "b".into(), "c".into()],
            seats: [true, true],
            resigned: None,
            players: [None, None],
            rated: false,
            pace: parlour_clock::Pace::Untimed,
            clock: None,
            deadline_ms: None,
            ended: None,
        };
        say(Reply::Seated {
            req: join,
            seat: Seat::Second,
            token: "0123456789abcdef0123456789abcdef".into(),
            game,
        });
        c.poll();
        while c.next_event().is_some() {}
        assert!(c.answer_offer(true).is_err(), "nothing to answer");
        let offered = PendingOffer {
            seat: Seat::First,
            kind: OfferKind::Takeback,
            ply: 3,
        };
        for _ in 0..2 {
            say(Reply::Offered {
                code: CODE.into(),
                ply: 3,
                seat: Seat::First,
                offer: OfferKind::Takeback,
            });
        }
        c.poll();
        assert_eq!(c.next_event(), Some(Event::Offered(offered)));
        assert_eq!(c.next_event(), None, "reported once");
        c.answer_offer(true).unwrap();
        assert!(matches!(
            sent(&pipe).last(),
            Some(Request::Answer {
                ply: 3,
                accept: true,
                ..
            })
        ));
        say(Reply::Answered {
            code: CODE.into(),
            ply: 3,
            offer: OfferKind::Takeback,
            accept: true,
        });
        say(Reply::TookBack {
            code: CODE.into(),
            ply: 2,
        });
        // Another game's news is not this one's.
        say(Reply::Ended {
            code: "zzzzzzzz23".into(),
            result: "draw".into(),
            reason: "agreed".into(),
        });
        c.poll();
        let events: Vec<Event> = std::iter::from_fn(|| c.next_event()).collect();
        assert_eq!(
            events,
            [
                Event::Answered {
                    kind: OfferKind::Takeback,
                    ply: 3,
                    accept: true
                },
                Event::TookBack { ply: 2 }
            ]
        );
        assert_eq!(c.game().unwrap().moves, ["a", "b"]);
        assert_eq!(c.pending_offer(), None);
        c.offer(OfferKind::Draw).unwrap();
        assert!(matches!(
            sent(&pipe).last(),
            Some(Request::Offer {
                ply: 2,
                kind: OfferKind::Draw,
                ..
            })
        ));
        say(Reply::Ended {
            code: CODE.into(),
            result: "draw".into(),
            reason: "agreed".into(),
        });
        // A rematch: both seats' copies pushed; this client's is the first seat now.
        for seat in [Seat::Second, Seat::First] {
            say(Reply::Matched {
                id: 0,
                code: "newgame223".into(),
                seat,
            });
        }
        c.poll();
        let events: Vec<Event> = std::iter::from_fn(|| c.next_event()).collect();
        assert_eq!(
            events,
            [
                Event::Ended {
                    result: "draw".into(),
                    reason: "agreed".into()
                },
                Event::Rematch {
                    code: "newgame223".into(),
                    seat: Seat::First
                }
            ]
        );
        assert_eq!(c.ended(), Some(("draw", "agreed")));
        assert_eq!(c.rematch_game(), Some(("newgame223", Seat::First)));
    }
}

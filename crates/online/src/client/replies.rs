//! The server's replies to [`OnlineClient`]: the seat or watch taken, moves stored and pushed
//! (each reported once, in order), joins, resignations and refusals.

use web_time::Instant;

use parlour_clock::ClockView;

use crate::wire::{GameView, Reply, Seat};

use super::{Event, OnlineClient, Role};

impl OnlineClient {
    pub(super) fn receive(&mut self, reply: Reply) {
        let Some(reply) = self.account_reply(reply) else { return };
        let Some(reply) = self.offer_reply(reply) else { return };
        let Some(reply) = self.lobby_reply(reply) else { return };
        match reply {
            Reply::Account { .. } | Reply::PairingCode { .. } => {}
            // Taken by `offer_reply` and `lobby_reply` above.
            Reply::Seeking { .. }
            | Reply::Matched { .. }
            | Reply::Done { .. }
            | Reply::Seeks { .. }
            | Reply::Games { .. }
            | Reply::Rating { .. }
            | Reply::Leaderboard { .. }
            | Reply::Player { .. }
            | Reply::YourTurn { .. }
            | Reply::PushKey { .. }
            | Reply::Offered { .. }
            | Reply::Answered { .. }
            | Reply::Ended { .. }
            | Reply::TookBack { .. } => {}
            Reply::Seated { req, seat, token, game } => {
                self.unanswered.remove(&req);
                self.role = Role::Seated {
                    code: game.code.clone(),
                    seat,
                    token,
                };
                self.adopt(game);
                self.events.push_back(Event::Seated(seat));
            }
            Reply::Watching { req, game } => {
                self.unanswered.remove(&req);
                self.role = Role::Watching {
                    code: game.code.clone(),
                };
                self.adopt(game);
                self.events.push_back(Event::Watching);
            }
            Reply::Stored {
                req,
                code,
                ply,
                mv,
                clock,
            } => {
                self.unanswered.remove(&req);
                self.saw_clock(&code, clock);
                self.moved(&code, ply, mv);
                self.events.push_back(Event::Stored { req, ply });
            }
            Reply::Moved { code, ply, mv, clock } => {
                self.saw_clock(&code, clock);
                self.moved(&code, ply, mv);
            }
            Reply::Resigned { req, code, seat } => {
                if let Some(r) = req {
                    self.unanswered.remove(&r);
                }
                self.resigned(&code, seat);
            }
            Reply::Presence {
                code,
                seat,
                gone,
                claim_in_ms,
            } => self.presence(&code, seat, gone, claim_in_ms),
            Reply::Joined { code, seat } => {
                if let Some(g) = self.game.as_mut().filter(|g| g.code == code) {
                    g.seats[seat.index()] = true;
                    self.events.push_back(Event::Joined(seat));
                }
            }
            Reply::Error { req, message } => {
                if let Some(r) = req {
                    if r == 0 {
                        // The automatic resume failed (the game is gone): say so, stop following.
                        self.role = Role::None;
                    }
                    self.unanswered.remove(&r);
                }
                self.events.push_back(Event::Refused { req, message });
            }
        }
    }

    /// Takes the server's copy of the game, reporting the moves this client had not seen.
    fn adopt(&mut self, game: GameView) {
        self.offers_of(&game.code);
        let known = match &self.game {
            Some(g) if g.code == game.code && game.moves.starts_with(&g.moves) => g.moves.len(),
            _ => 0,
        };
        for (ply, mv) in game.moves.iter().enumerate().skip(known) {
            self.events.push_back(Event::Moved {
                ply: ply as u32,
                mv: mv.clone(),
            });
        }
        self.clock_seen = game.clock.map(|c| (c, Instant::now()));
        if let Some(end) = &game.ended {
            self.offers.ended = Some((end.result.clone(), end.reason.clone()));
        }
        let other_game = self.game.as_ref().is_none_or(|g| g.code != game.code);
        if other_game || game.moves.len() > known {
            self.turn_seen = Instant::now();
        }
        let resigned = game.resigned;
        let was = self
            .game
            .as_ref()
            .filter(|g| g.code == game.code)
            .and_then(|g| g.resigned);
        self.game = Some(GameView { resigned: was, ..game });
        if let Some(seat) = resigned {
            let code = self.game.as_ref().map(|g| g.code.clone()).unwrap_or_default();
            self.resigned(&code, seat);
        }
    }

    /// Notes a resignation (once).
    fn resigned(&mut self, code: &str, seat: Seat) {
        if let Some(g) = self.game.as_mut().filter(|g| g.code == code && g.resigned.is_none()) {
            g.resigned = Some(seat);
            self.events.push_back(Event::Resigned(seat));
        }
    }

    /// Keeps the server's count of the clock of this client's game.
    fn saw_clock(&mut self, code: &str, clock: Option<ClockView>) {
        if clock.is_some() && self.game.as_ref().is_some_and(|g| g.code == code) {
            self.clock_seen = clock.map(|c| (c, Instant::now()));
        }
    }

    fn moved(&mut self, code: &str, ply: u32, mv: String) {
        let Some(g) = self.game.as_mut().filter(|g| g.code == code) else {
            return;
        };
        // Moves arrive in order; a copy of one already known (a reply and a push of the same
        // move) is dropped, and a gap is filled by the next resume.
        if ply as usize == g.moves.len() {
            g.moves.push(mv.clone());
            self.turn_seen = Instant::now();
            self.events.push_back(Event::Moved { ply, mv });
        }
    }
}

//! One game in memory: its stored rows, its rules state, and the channel its followers hear
//! it through.

use parlour_online::wire::{GameView, PlayerTag, Reply, Seat};
use parlour_rules::dynamic::{DynGame, GameSetup};
use tokio::sync::broadcast;

use super::clock_rows::clock_of;
use super::refusal::{Ending, PlayRefusal, Refusal};
use super::secrets::hash_token;
use crate::store::offers::Offer;
use crate::store::{StoreError, StoredGame, TimeOut};

/// How many pushes a slow follower may fall behind before it is cut off (it then reconnects
/// and resumes, losing nothing). A game's channel holds this many slots from when it is first
/// followed, so it stays small: a move and a reply are two pushes.
const FOLLOW_BUFFER: usize = 32;

/// One game in memory.
pub struct Entry {
    pub(super) stored: StoredGame,
    /// The game and its options, read once.
    pub(super) setup: GameSetup,
    /// The rules' state after the stored moves.
    pub(super) session: Box<dyn DynGame>,
    /// Made when the game is first followed and dropped when nobody follows it any more, so a
    /// game in memory that nobody watches costs no channel.
    pub(super) followers: Option<broadcast::Sender<Reply>>,
    /// The players and whether the game is rated, for a game made in the lobby.
    pub(super) lobby: Option<LobbySeats>,
    /// The offers as this process's followers last heard of them.
    pub(super) seen: OffersSeen,
    /// On a live clock: the clock after the stored moves ([`super::clock_rows::clock_of`]).
    pub(super) clock: Option<parlour_clock::Clock>,
}

/// A game's offers as its followers on this process last heard of them, so what another
/// process changed is pushed once.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct OffersSeen {
    /// The pending offer.
    pub pending: Option<Offer>,
    /// The game the accepted rematch made.
    pub rematch: Option<String>,
}

/// A lobby game's players as the table shows them, and whether it is rated.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct LobbySeats {
    /// `[first, second]`.
    pub players: [Option<PlayerTag>; 2],
    /// Whether the game is rated.
    pub rated: bool,
}

impl Entry {
    pub(super) fn new(stored: StoredGame) -> Result<Entry, StoreError> {
        let damaged = |e: &dyn std::fmt::Display| StoreError::Damaged(e.to_string());
        let setup = GameSetup::parse(&stored.game, &stored.options).map_err(|e| damaged(&e))?;
        let session = setup.replay(&stored.moves).map_err(|e| damaged(&e))?;
        let clock = clock_of(&stored, &setup)?;
        Ok(Entry {
            stored,
            setup,
            session,
            followers: None,
            lobby: None,
            seen: OffersSeen::default(),
            clock,
        })
    }

    /// The game as the wire shows it.
    pub fn view(&self) -> GameView {
        GameView {
            code: self.stored.code.clone(),
            game: self.stored.game.clone(),
            options: self.stored.options.clone(),
            moves: self.stored.moves.clone(),
            seats: [self.stored.tokens[0].is_some(), self.stored.tokens[1].is_some()],
            resigned: self.stored.resigned,
            players: self.lobby.as_ref().map_or([None, None], |l| l.players.clone()),
            rated: self.lobby.as_ref().is_some_and(|l| l.rated),
            pace: self.stored.pace,
            clock: self.clock_view(crate::store::now_ms()),
            deadline_ms: self.deadline(),
            ended: self.end_view(),
        }
    }

    /// The answer to a move re-sent for a ply already stored.
    pub(super) fn resent(&self, seat: Seat, ply: u32, mv: &str) -> Result<String, Refusal> {
        let before = &self.stored.moves[..ply as usize];
        let mut at = self
            .setup
            .replay(before)
            .map_err(|err| StoreError::Damaged(err.to_string()))?;
        let same_seat = at.turn() == Some(seat.index());
        let canonical = at.play(mv).ok();
        if same_seat && canonical.as_deref() == Some(self.stored.moves[ply as usize].as_str()) {
            Ok(self.stored.moves[ply as usize].clone())
        } else {
            Err(PlayRefusal::AlreadyPlayed {
                ply,
                stored: self.stored.moves[ply as usize].clone(),
                moves: self.stored.moves.len(),
            }
            .into())
        }
    }

    /// How the game ended, if it has.
    pub fn ending(&self) -> Option<Ending> {
        match (self.stored.resigned, self.stored.timed_out) {
            (Some(seat), _) => Some(Ending::Resigned {
                seat,
                side: self.session.side_names()[seat.index()],
            }),
            (None, Some(TimeOut::Fell(seat))) => Some(Ending::Fell {
                seat,
                side: self.session.side_names()[seat.index()],
            }),
            (None, Some(TimeOut::Aborted(_))) => Some(Ending::Aborted),
            _ if self.stored.abandoned.is_some() => self.stored.abandoned.map(|(seat, draw)| Ending::Abandoned {
                seat,
                side: self.session.side_names()[seat.index()],
                draw,
            }),
            _ if self.stored.agreed => Some(Ending::Agreed),
            _ => Ending::by_rules(self.session.status(), |p| self.session.side_name(p)),
        }
    }

    /// The result as the lobby stores it (`first`, `second`, `draw`), once the game is over.
    pub fn result(&self) -> Option<&'static str> {
        Some(match self.ending()? {
            Ending::Resigned { seat, .. } | Ending::Fell { seat, .. } => seat.other().word(),
            Ending::Aborted => "aborted",
            Ending::Abandoned { draw: true, .. } => "draw",
            Ending::Abandoned { seat, .. } => seat.other().word(),
            Ending::Won { winner, .. } => {
                let names = self.session.side_names();
                let seat = Seat::BOTH.into_iter().find(|s| names[s.index()] == winner)?;
                seat.word()
            }
            Ending::Drawn { .. } | Ending::Agreed => "draw",
        })
    }

    /// The seat that left the game, if one did: abandoned it (the game was claimed), or did not
    /// make its first move in time (an abort).
    pub fn quit(&self) -> Option<Seat> {
        match (self.stored.abandoned, self.stored.timed_out) {
            (Some((seat, _)), _) | (None, Some(TimeOut::Aborted(seat))) => Some(seat),
            _ => None,
        }
    }

    /// Why no more moves can be played, if none can.
    pub(super) fn over(&self) -> Option<PlayRefusal> {
        self.ending().map(|ending| PlayRefusal::Over {
            code: self.stored.code.clone(),
            ending,
        })
    }

    /// A receiver of this game's pushes.
    pub fn follow(&mut self) -> broadcast::Receiver<Reply> {
        match &self.followers {
            Some(tx) => tx.subscribe(),
            None => {
                let (tx, rx) = broadcast::channel(FOLLOW_BUFFER);
                self.followers = Some(tx);
                rx
            }
        }
    }

    /// Pushes `reply` to this game's followers, if it has any.
    pub(super) fn push(&mut self, reply: Reply) {
        if let Some(tx) = &self.followers {
            if tx.receiver_count() == 0 {
                self.followers = None;
            } else {
                let _ = tx.send(reply);
            }
        }
    }

    /// How many connections follow this game.
    pub fn follower_count(&self) -> usize {
        self.followers.as_ref().map_or(0, broadcast::Sender::receiver_count)
    }

    pub(super) fn seat_of(&self, token: &str) -> Option<Seat> {
        let hash = hash_token(token);
        Seat::BOTH
            .into_iter()
            .find(|s| self.stored.tokens[s.index()].as_deref() == Some(hash.as_str()))
    }

    /// Takes in what another process stored; pushes what is new to this process's followers.
    pub(super) fn refresh(&mut self, fresh: StoredGame) -> Result<(), StoreError> {
        for seat in Seat::BOTH {
            if self.stored.tokens[seat.index()].is_none() && fresh.tokens[seat.index()].is_some() {
                self.push(Reply::Joined {
                    code: fresh.code.clone(),
                    seat,
                });
            }
        }
        // Moves taken back (by an accepted takeback another process stored): rebuild the rules'
        // state from the moves both agree on.
        let kept = self
            .stored
            .moves
            .iter()
            .zip(&fresh.moves)
            .take_while(|(a, b)| a == b)
            .count();
        if kept < self.stored.moves.len() {
            self.session = self
                .setup
                .replay(&fresh.moves[..kept])
                .map_err(|e| StoreError::Damaged(e.to_string()))?;
            self.stored.moves.truncate(kept);
            self.push(Reply::TookBack {
                code: fresh.code.clone(),
                ply: kept as u32,
            });
        }
        for (ply, mv) in fresh.moves.iter().enumerate().skip(kept) {
            self.session
                .play(mv)
                .map_err(|e| StoreError::Damaged(format!("stored move {mv}: {e}")))?;
            self.push(Reply::Moved {
                code: fresh.code.clone(),
                ply: ply as u32,
                mv: mv.clone(),
                clock: None,
            });
        }
        if !self.stored.agreed && fresh.agreed {
            self.push(Reply::Ended {
                code: fresh.code.clone(),
                result: "draw".into(),
                reason: "agreed".into(),
            });
        }
        if let (None, Some(seat)) = (self.stored.resigned, fresh.resigned) {
            self.push(Reply::Resigned {
                req: None,
                code: fresh.code.clone(),
                seat,
            });
        }
        let timed_out = (self.stored.timed_out.is_none() && fresh.timed_out.is_some())
            || (self.stored.abandoned.is_none() && fresh.abandoned.is_some());
        self.clock = clock_of(&fresh, &self.setup)?;
        self.stored = fresh;
        if timed_out && let Some(end) = self.end_view() {
            self.push(Reply::Ended {
                code: self.stored.code.clone(),
                result: end.result,
                reason: end.reason,
            });
        }
        Ok(())
    }
}

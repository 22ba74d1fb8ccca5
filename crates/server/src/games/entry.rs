//! One game in memory: its stored rows, its rules state, and the channel its followers hear
//! it through.

use parlour_engine::session::{Session, session_from};
use parlour_online::wire::{GameView, Reply, Seat};
use tokio::sync::broadcast;

use super::secrets::hash_token;
use crate::store::{StoreError, StoredGame};

/// How many pushes a slow follower may fall behind before it is cut off (it then reconnects
/// and resumes, losing nothing). A game's channel holds this many slots from when it is first
/// followed, so it stays small: a move and a reply are two pushes.
const FOLLOW_BUFFER: usize = 32;

/// One game in memory.
pub struct Entry {
    pub(super) stored: StoredGame,
    pub(super) session: Box<dyn Session>,
    /// Made when the game is first followed and dropped when nobody follows it any more, so a
    /// game in memory that nobody watches costs no channel.
    pub(super) followers: Option<broadcast::Sender<Reply>>,
}

impl Entry {
    pub(super) fn new(stored: StoredGame) -> Result<Entry, StoreError> {
        let session = session_from(&stored.game, &stored.options, &stored.moves)
            .map_err(|e| StoreError::Damaged(e.to_string()))?;
        Ok(Entry {
            stored,
            session,
            followers: None,
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
        }
    }

    /// Why no more moves can be played, if none can.
    pub(super) fn over(&self) -> Option<String> {
        let code = &self.stored.code;
        let names = self.session.side_names();
        match (self.stored.resigned, self.session.turn()) {
            (Some(seat), _) => Some(format!("game {code} is over: {} resigned", names[seat.index()])),
            (None, None) => Some(format!("game {code} is over ({})", self.session.status())),
            (None, Some(_)) => None,
        }
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
        let known = self.stored.moves.len();
        if fresh.moves.len() < known || fresh.moves[..known] != self.stored.moves[..] {
            return Err(StoreError::Damaged(format!(
                "game {} changed under this server",
                fresh.code
            )));
        }
        for (ply, mv) in fresh.moves.iter().enumerate().skip(known) {
            self.session
                .play(mv)
                .map_err(|e| StoreError::Damaged(format!("stored move {mv}: {e}")))?;
            self.push(Reply::Moved {
                code: fresh.code.clone(),
                ply: ply as u32,
                mv: mv.clone(),
            });
        }
        if let (None, Some(seat)) = (self.stored.resigned, fresh.resigned) {
            self.push(Reply::Resigned {
                req: None,
                code: fresh.code.clone(),
                seat,
            });
        }
        self.stored = fresh;
        Ok(())
    }
}

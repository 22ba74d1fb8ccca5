//! The Qyshinsu position: its fields, the checked serde form, the accessors and the exact
//! position code.

use serde::{Deserialize, Serialize};

use super::constraint::{Constraint, Limit};
use super::history::History;
use super::moves::LastMove;
use super::options::QyshinsuOptions;
use super::ring::{Positions, RING};
use super::stones::{Kind, Stone};
use crate::game::{Game, Player};

/// A Qyshinsu position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "QyshinsuRecord", into = "QyshinsuRecord")]
pub struct Qyshinsu {
    /// Index = position − 1.
    pub(super) ring: [Option<Stone>; RING as usize],
    /// Stones in hand by player, then kind.
    pub(super) hands: [[u8; 6]; 2],
    /// Each player's last move.
    pub(super) last: [Option<LastMove>; 2],
    pub(super) ply: u32,
    /// Set when the current position has occurred for the third time.
    pub(super) repeated: bool,
    pub(super) history: History,
    /// The exact position code (see the module notes), kept up to date by `apply`.
    pub(super) code: u64,
    /// What limits the side to move, derived from the above after every move.
    pub(super) limit: Limit,
}

/// Serde form of [`Qyshinsu`]: hands are derived from the ring, and everything is checked.
#[derive(Clone, Serialize, Deserialize)]
struct QyshinsuRecord {
    ring: [Option<Stone>; RING as usize],
    last: [Option<LastMove>; 2],
    ply: u32,
    history: History,
}

impl From<Qyshinsu> for QyshinsuRecord {
    fn from(q: Qyshinsu) -> Self {
        QyshinsuRecord {
            ring: q.ring,
            last: q.last,
            ply: q.ply,
            history: q.history,
        }
    }
}

impl TryFrom<QyshinsuRecord> for Qyshinsu {
    type Error = String;
    fn try_from(r: QyshinsuRecord) -> Result<Self, String> {
        let mut q = Qyshinsu::new(&QyshinsuOptions {});
        q.history = History::from(Vec::new());
        for (i, cell) in r.ring.iter().enumerate() {
            if let Some(s) = cell {
                let hand = &mut q.hands[s.owner.index()][s.kind.index()];
                *hand = hand
                    .checked_sub(1)
                    .ok_or("a player has more than two stones of one kind")?;
                q.ring[i] = Some(*s);
            }
        }
        if Kind::ALL.iter().any(|&k| q.on_board(k) > 2) {
            return Err("more than two stones of one kind on the ring (Precept 2)".into());
        }
        if r.last.iter().flatten().any(|m| !(1..=RING).contains(&m.pos)) {
            return Err("a last move names a position outside 1..12".into());
        }
        let expected = [r.ply >= 1, r.ply >= 2];
        if r.last.iter().map(Option::is_some).ne(expected) {
            return Err(format!("last moves do not fit ply {}", r.ply));
        }
        q.last = r.last;
        q.ply = r.ply;
        q.code = q.compute_code();
        q.limit = q.compute_limit();
        if r.history.len != r.ply + 1 || r.history.last() != Some(q.code) {
            return Err("the repetition history does not end at this position".into());
        }
        q.history = r.history;
        q.repeated = q.history.occurrences_of_last() >= 3;
        Ok(q)
    }
}

/// SplitMix64's finaliser: a bijective mix of the exact position code into a hash key.
pub(super) const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Qyshinsu {
    /// The stone at position `pos` (1..=12).
    pub fn stone_at(&self, pos: u8) -> Option<Stone> {
        (1..=RING).contains(&pos).then(|| self.ring[pos as usize - 1]).flatten()
    }

    /// How many stones of `kind` `player` still holds.
    pub fn hand(&self, player: Player, kind: Kind) -> u8 {
        self.hands[player.index()][kind.index()]
    }

    /// Stones of `kind` on the ring, both colours (Precept 2 allows at most two).
    pub fn on_board(&self, kind: Kind) -> u8 {
        4 - self.hands[0][kind.index()] - self.hands[1][kind.index()]
    }

    /// `player`'s last move, if any.
    pub fn last_move(&self, player: Player) -> Option<LastMove> {
        self.last[player.index()]
    }

    /// How many times the current position has occurred (the start counts once).
    pub fn occurrences(&self) -> u32 {
        self.history.occurrences_of_last()
    }

    /// Where the side to move may act and which rule says so.
    pub fn constraint(&self) -> Constraint {
        self.limit.constraint
    }

    /// The positions where the side to move has a legal move (empty once the game is over):
    /// what the client highlights, alongside [`Qyshinsu::constraint`] for the reason.
    pub fn playable(&self) -> Positions {
        let mut out = Positions::default();
        if !self.repeated {
            self.each_move(|m| {
                out = out.with(m.pos());
                true
            });
        }
        out
    }

    /// The exact position code: ring cells in bits 0..48, last moves in 48..56 and 56..64.
    pub(super) fn compute_code(&self) -> u64 {
        let mut c = 0u64;
        for (i, cell) in self.ring.iter().enumerate() {
            if let Some(s) = cell {
                c |= s.code() << (4 * i);
            }
        }
        for (i, last) in self.last.iter().enumerate() {
            if let Some(m) = last {
                c |= m.code() << (48 + 8 * i);
            }
        }
        c
    }
}

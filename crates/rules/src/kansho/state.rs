//! The Kansho position: its fields, the serde form that checks a position on the way in, the
//! accessors the client reads, and the helpers every other part shares.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::bits;
use super::board::{BOARD, Bits, CELLS, NONE};
use super::cell::Cell;
use super::moves::KanshoMove;
use super::options::KanshoOptions;
use crate::game::Player;

/// Markers each player starts with in hand.
pub const HAND_SIZE: u8 = 123;

/// A set-up position that breaks the rules' invariants.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct PositionError(pub String);

/// Where a move is between its stages (idle between moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub(super) struct Pending {
    /// The centre of the move being resolved, `NONE` between moves.
    pub(super) centre: u8,
    /// Cells whose same-colour neighbour count may have dropped since the last wave check;
    /// everything else still has at least two (the invariant between moves).
    pub(super) dirty: Bits,
    /// Solo waves run so far.
    pub(super) wave: u8,
}

impl Pending {
    pub(super) const IDLE: Pending = Pending {
        centre: NONE,
        dirty: [0; 4],
        wave: 0,
    };
}

/// A Kansho position. Cheap to clone (plain arrays); P1 is White, P2 is Black.
///
/// Reading one back with serde checks it like [`Kansho::from_position`] (and recomputes the
/// hash), so a damaged file gives an error rather than a state that could panic later.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "KanshoFields")]
pub struct Kansho {
    pub(super) options: KanshoOptions,
    /// Each colour's markers on the board, indexed by `Player::index`.
    pub(super) markers: [Bits; 2],
    pub(super) hand: [u8; 2],
    pub(super) discarded: [u8; 2],
    pub(super) to_move: Player,
    pub(super) ply: u32,
    /// Kept up to date by every change, so `hash_key` is free.
    pub(super) hash: u64,
    pub(super) pending: Pending,
}

/// [`Kansho`]'s fields as read from a file, before they are checked.
#[derive(Deserialize)]
struct KanshoFields {
    options: KanshoOptions,
    markers: [Bits; 2],
    hand: [u8; 2],
    discarded: [u8; 2],
    to_move: Player,
    ply: u32,
    // The stored hash is ignored (serde skips unknown fields) and recomputed.
    pending: Pending,
}

impl TryFrom<KanshoFields> for Kansho {
    type Error = PositionError;

    fn try_from(f: KanshoFields) -> Result<Kansho, PositionError> {
        let all = BOARD.all();
        for ((w, b), a) in f.markers[0].iter().zip(&f.markers[1]).zip(all) {
            if (w | b) & !a != 0 {
                return Err(PositionError("a marker lies off the board".to_string()));
            }
            if w & b != 0 {
                return Err(PositionError("a cell holds two markers".to_string()));
            }
        }
        let mut s = Kansho {
            options: f.options,
            markers: f.markers,
            hand: f.hand,
            discarded: f.discarded,
            to_move: f.to_move,
            ply: f.ply,
            hash: 0,
            pending: f.pending,
        };
        for p in Player::BOTH {
            let i = p.index();
            let total = u32::from(s.hand[i]) + u32::from(s.on_board(p)) + u32::from(s.discarded[i]);
            if total != u32::from(HAND_SIZE) {
                return Err(PositionError(format!(
                    "{} has {total} markers in hand, on the board and in the discard box, not {HAND_SIZE}",
                    side_name(p)
                )));
            }
        }
        if s.pending.centre == NONE {
            s.pending = Pending::IDLE;
            s.check_invariants()?;
        } else if usize::from(s.pending.centre) >= CELLS || bits::and(&s.pending.dirty, all) != s.pending.dirty {
            return Err(PositionError(
                "the move in progress names cells off the board".to_string(),
            ));
        }
        s.hash = s.compute_hash();
        Ok(s)
    }
}

impl Kansho {
    /// The owner of the marker on `cell`, if any.
    pub fn owner(&self, cell: Cell) -> Option<Player> {
        let i = cell.index();
        if bits::has(&self.markers[0], i) {
            Some(Player::P1)
        } else if bits::has(&self.markers[1], i) {
            Some(Player::P2)
        } else {
            None
        }
    }

    /// Markers `player` still has in hand.
    pub fn hand(&self, player: Player) -> u8 {
        self.hand[player.index()]
    }

    /// `player`'s markers in the discard box.
    pub fn discarded(&self, player: Player) -> u8 {
        self.discarded[player.index()]
    }

    /// `player`'s markers on the board (the score once the game is over).
    pub fn on_board(&self, player: Player) -> u8 {
        bits::count(&self.markers[player.index()]) as u8
    }

    /// The set of `player`'s markers (bit `i` = cell index `i`).
    pub fn marker_bits(&self, player: Player) -> &Bits {
        &self.markers[player.index()]
    }

    /// The empty cells as a set.
    pub fn empty_bits(&self) -> Bits {
        let all = BOARD.all();
        let (w, b) = (&self.markers[0], &self.markers[1]);
        [
            all[0] & !(w[0] | b[0]),
            all[1] & !(w[1] | b[1]),
            all[2] & !(w[2] | b[2]),
            all[3] & !(w[3] | b[3]),
        ]
    }

    /// True while a move's stages have started but `stage_end_turn` has not run yet.
    pub fn in_progress(&self) -> bool {
        self.pending.centre != NONE
    }

    /// When placing at `centre` falls under the short-hand rule with at least one marker left
    /// to place, how many neighbours the mover must choose and the neighbours to choose from
    /// (for the client's picker); `None` otherwise.
    pub fn neighbour_choice(&self, centre: Cell) -> Option<(u8, Vec<Cell>)> {
        let c = centre.index();
        let me = self.to_move.index();
        if c >= CELLS || self.hand[me] == 0 {
            return None;
        }
        let need = self.needing(c, me);
        let left = self.hand[me].saturating_sub(1);
        if left == 0 || u32::from(left) >= need.count_ones() {
            return None;
        }
        let from = KanshoMove { centre, picks: need }.chosen().collect();
        Some((left, from))
    }

    /// Slots around `c` whose neighbour is on the board and not `me`'s: they need a marker.
    #[inline]
    pub(super) fn needing(&self, c: usize, me: usize) -> u8 {
        let own = &self.markers[me];
        let mut need = 0;
        for (s, &n) in BOARD.slots(c).iter().enumerate() {
            if n != NONE && !bits::has(own, n as usize) {
                need |= 1 << s;
            }
        }
        need
    }
}
pub(super) fn player(colour: usize) -> Player {
    if colour == 0 { Player::P1 } else { Player::P2 }
}

pub(super) fn side_name(p: Player) -> &'static str {
    match p {
        Player::P1 => "white",
        Player::P2 => "black",
    }
}

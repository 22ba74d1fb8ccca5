//! Whether a move may be played now, and why not.

use std::fmt;

use super::bits;
use super::board::{BOARD, CELLS, NONE};
use super::cell::Cell;
use super::moves::KanshoMove;
use super::state::Kansho;

/// Why a move is illegal, turned into a sentence by `illegal_reason`.
pub(super) enum Illegal {
    GameOver,
    NotACell,
    Occupied(Cell),
    NotANeighbour,
    NoChoice { left: u8 },
    AlreadyYours(Cell),
    WrongCount { left: u8, need: u32 },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over"),
            Illegal::NotACell => write!(f, "the centre is not a cell of the board"),
            Illegal::Occupied(c) => write!(f, "cell {c} is occupied"),
            Illegal::NotANeighbour => write!(f, "a chosen neighbour is not a cell of the board next to the centre"),
            Illegal::NoChoice { left: 0 } => {
                write!(f, "the centre uses your last marker, so no neighbours can be chosen")
            }
            Illegal::NoChoice { .. } => write!(
                f,
                "you have enough markers for every neighbour that needs one, so neighbours are not chosen"
            ),
            Illegal::AlreadyYours(c) => write!(f, "neighbour {c} already holds your marker"),
            Illegal::WrongCount { left, need } => write!(
                f,
                "you have {left} marker{} left after the centre for {need} neighbours that need one: \
                 you must choose exactly {left}",
                if *left == 1 { "" } else { "s" }
            ),
        }
    }
}

impl Kansho {
    pub(super) fn check_move(&self, mv: &KanshoMove) -> Result<(), Illegal> {
        let me = self.to_move.index();
        if self.hand[0] == 0 && self.hand[1] == 0 {
            return Err(Illegal::GameOver);
        }
        let c = mv.centre.index();
        if c >= CELLS {
            return Err(Illegal::NotACell);
        }
        if bits::has(&self.markers[0], c) || bits::has(&self.markers[1], c) {
            return Err(Illegal::Occupied(mv.centre));
        }
        let slots = BOARD.slots(c);
        if (0..8).any(|s| mv.picks >> s & 1 != 0 && (s >= 6 || slots[s] == NONE)) {
            return Err(Illegal::NotANeighbour);
        }
        let need = self.needing(c, me);
        let left = self.hand[me].saturating_sub(1);
        if left == 0 || u32::from(left) >= need.count_ones() {
            if mv.picks != 0 {
                return Err(Illegal::NoChoice { left });
            }
            return Ok(());
        }
        if let Some(s) = (0..6).find(|s| mv.picks >> s & 1 != 0 && need >> s & 1 == 0) {
            return Err(Illegal::AlreadyYours(
                Cell::from_index(slots[s].into()).unwrap_or(mv.centre),
            ));
        }
        if mv.picks.count_ones() != u32::from(left) {
            return Err(Illegal::WrongCount {
                left,
                need: need.count_ones(),
            });
        }
        Ok(())
    }
}

//! What a Kansho move is (a centre plus, with a short hand, the chosen neighbours) and the
//! staged record of what it did.

use serde::{Deserialize, Serialize};

use super::board::{BOARD, CELLS, NEIGHBOUR_SLOTS, NONE};
use super::cell::Cell;
use super::result::Victory;
use crate::game::Player;

/// A move: the centre cell, plus the neighbours chosen when the short-hand rule applies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KanshoMove {
    /// The empty cell the marker is placed on.
    pub centre: Cell,
    /// The chosen neighbours: bit `s` is the neighbour in [`NEIGHBOUR_SLOTS`] slot `s`. Zero
    /// unless the hand is short, when exactly `hand − 1` needing neighbours must be chosen.
    pub picks: u8,
}

impl KanshoMove {
    /// A placement at `centre` with no neighbour choice (the usual move).
    pub fn at(centre: Cell) -> KanshoMove {
        KanshoMove { centre, picks: 0 }
    }

    /// A placement at `centre` choosing `chosen` neighbours; `None` if one is not a neighbour.
    pub fn choosing(centre: Cell, chosen: &[Cell]) -> Option<KanshoMove> {
        let mut picks = 0;
        for &c in chosen {
            picks |= 1 << slot_of(centre, c)?;
        }
        Some(KanshoMove { centre, picks })
    }

    /// The chosen neighbours in notation order.
    pub fn chosen(&self) -> impl Iterator<Item = Cell> + '_ {
        let slots = if self.centre.index() < CELLS {
            *BOARD.slots(self.centre.index())
        } else {
            [NONE; 6]
        };
        (0..6)
            .filter(move |s| self.picks >> s & 1 != 0 && slots[*s] != NONE)
            .filter_map(move |s| Cell::from_index(slots[s].into()))
    }
}

/// The [`NEIGHBOUR_SLOTS`] slot of `n` around `centre`, if `n` is its neighbour.
pub(super) fn slot_of(centre: Cell, n: Cell) -> Option<usize> {
    let (q, r) = centre.coords();
    let (nq, nr) = n.coords();
    NEIGHBOUR_SLOTS
        .iter()
        .position(|&(dq, dr)| (q + dq, r + dr) == (nq, nr))
}

/// One step of a move's staged record, in the order the rules resolve it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KanshoStep {
    /// The centre marker is put on an empty cell (costs 1).
    Placed {
        /// The centre.
        cell: Cell,
        /// The mover.
        colour: Player,
    },
    /// An empty neighbour of the centre receives one of the mover's markers (costs 1).
    Filled {
        /// The neighbour.
        cell: Cell,
        /// The mover.
        colour: Player,
    },
    /// An opponent's marker next to the centre goes to the discard box and the mover's takes
    /// its place (costs 1).
    Replaced {
        /// The neighbour.
        cell: Cell,
        /// The mover, whose marker now stands there.
        colour: Player,
        /// The owner of the marker that left.
        old: Player,
    },
    /// A surrounded area (no empty neighbour) rolls into the hole: opponent areas first,
    /// then the mover's. One step per area.
    AreaDiscarded {
        /// Whose area.
        colour: Player,
        /// Its cells, ascending.
        cells: Vec<Cell>,
    },
    /// One wave of solo markers (at most one same-colour neighbour) is discarded, of either
    /// colour. Waves repeat until none qualifies.
    SoloWave {
        /// 1 for the first wave of the move, then 2, 3…
        index: u8,
        /// The discarded markers with their colours, by ascending cell.
        cells: Vec<(Cell, Player)>,
    },
    /// The turn ends and `next` moves; `repeat` when the mover goes again because the
    /// opponent's hand is empty.
    TurnPassed {
        /// Who moves next.
        next: Player,
        /// True for a repeat turn.
        repeat: bool,
    },
    /// Both hands are empty: the game is over.
    GameEnded {
        /// White's markers on the board.
        white: u8,
        /// Black's markers on the board.
        black: u8,
        /// The winner, or `None` for equal scores.
        winner: Option<Player>,
        /// The result name, or `None` for a draw.
        result: Option<Victory>,
    },
}

//! One board cell: its index, axial coordinates, neighbours and screen position.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{BOARD, CELLS, NONE, layout};

/// One board cell, by index (`0..CELLS`, row-major: `r` ascending, then `q` ascending).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(try_from = "u8")]
pub struct Cell(pub(crate) u8);

impl TryFrom<u8> for Cell {
    type Error = String;

    /// Checks a cell index read from a file.
    fn try_from(i: u8) -> Result<Cell, String> {
        Cell::from_index(i.into()).ok_or_else(|| format!("cell index {i} is not below {CELLS}"))
    }
}

impl Cell {
    /// The cell with index `i`, if `i < CELLS`.
    pub fn from_index(i: usize) -> Option<Cell> {
        (i < CELLS).then_some(Cell(i as u8))
    }

    /// The cell at axial `(q, r)`, if it is on the board.
    pub fn at(q: i32, r: i32) -> Option<Cell> {
        BOARD.index_of(q, r).map(|i| Cell(i as u8))
    }

    /// Index `0..CELLS` for per-cell arrays.
    #[inline]
    pub fn index(self) -> usize {
        self.0 as usize
    }

    /// Axial coordinates `(q, r)`. A cell read from an untrusted file may be out of range;
    /// such a cell reports the hole's centre rather than panicking.
    pub fn coords(self) -> (i32, i32) {
        if self.index() < CELLS {
            BOARD.coords(self.index())
        } else {
            (0, 0)
        }
    }

    /// The on-board neighbours, in [`NEIGHBOUR_SLOTS`](crate::kansho::NEIGHBOUR_SLOTS) order.
    pub fn neighbours(self) -> impl Iterator<Item = Cell> {
        let slots = if self.index() < CELLS {
            *BOARD.slots(self.index())
        } else {
            [NONE; 6]
        };
        slots.into_iter().filter(|&n| n != NONE).map(Cell)
    }

    /// Screen position for flat-top hexes of size `s` (see [`layout`]).
    pub fn screen_position(self, s: f32) -> (f32, f32) {
        let (q, r) = self.coords();
        layout(q, r, s)
    }

    /// Every board cell, in index order.
    pub fn all() -> impl Iterator<Item = Cell> {
        (0..CELLS as u8).map(Cell)
    }
}

impl fmt::Display for Cell {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (q, r) = self.coords();
        write!(f, "{q},{r}")
    }
}

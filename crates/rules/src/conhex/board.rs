//! The ConHex board: the one embedded copy of `conhex-board.json`, parsed once, and the bit
//! tables the rules run on (per hole the cells it touches, per cell its hole mask, need,
//! neighbours and sides).
//!
//! The JSON is the single source of the geometry. It lives in the crate (`data/`) so a build
//! never reaches outside the crate; a test checks it is byte-identical to the rule book's copy
//! whenever that is present.

use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

/// Number of holes on the board.
pub const HOLES: usize = 69;
/// Number of cells (spaces) on the board.
pub const CELLS: usize = 41;

/// The embedded board data, exactly as in the rule book.
pub(crate) const BOARD_JSON: &str = include_str!("../../data/conhex-board.json");

/// One of the four sides of the board.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Side {
    /// The top edge (Blue's).
    N,
    /// The bottom edge (Blue's).
    S,
    /// The left edge (Red's).
    W,
    /// The right edge (Red's).
    E,
}

impl Side {
    /// All four sides.
    pub const ALL: [Side; 4] = [Side::N, Side::S, Side::W, Side::E];

    /// The side's letter as in the board data.
    pub fn letter(self) -> char {
        match self {
            Side::N => 'N',
            Side::S => 'S',
            Side::W => 'W',
            Side::E => 'E',
        }
    }

    fn from_letter(c: char) -> Option<Side> {
        match c {
            'N' => Some(Side::N),
            'S' => Some(Side::S),
            'W' => Some(Side::W),
            'E' => Some(Side::E),
            _ => None,
        }
    }
}

/// What sort of cell a cell is (its `kind` in the board data).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum CellKind {
    /// A three-hole cell in a corner; touches two sides.
    Corner,
    /// A three-hole cell along one side.
    Edge,
    /// A six-hole cell inside the board.
    Inner,
    /// The five-hole centre cell (it contains the centre hole `F6`).
    Centre,
}

/// One hole, where pegs go.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Hole {
    /// Its name in move notation, upper case (`F6`).
    pub name: String,
    /// Column 1..=11, left to right (`A`..`K`).
    pub x: u8,
    /// Row 1..=11, top to bottom.
    pub y: u8,
    /// The cells this hole counts for, ascending.
    pub cells: Vec<u8>,
}

/// One cell (space), which a player owns by holding enough of its holes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Cell {
    /// What sort of cell it is.
    pub kind: CellKind,
    /// Holes a player must hold to claim it.
    pub need: u8,
    /// The holes around (and for the centre, inside) it.
    pub holes: Vec<u8>,
    /// The board sides it touches (corner cells touch two).
    pub sides: Vec<Side>,
    /// The adjacent cells, ascending.
    pub nbrs: Vec<u8>,
    /// The polygon to draw, corners in board coordinates (x right, y down, 1..=11).
    pub outline: Vec<[u8; 2]>,
}

/// The whole board as data: what the client draws and the tests check.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Board {
    /// The 69 holes, indexed as in the board data.
    pub holes: Vec<Hole>,
    /// The 41 cells, indexed as in the board data.
    pub cells: Vec<Cell>,
}

impl Board {
    /// The hole at column `x`, row `y` (both 1..=11), if there is one.
    pub fn hole_at(&self, x: u8, y: u8) -> Option<u8> {
        self.holes.iter().position(|h| h.x == x && h.y == y).map(|i| i as u8)
    }
}

/// One cell a hole counts for, laid out for the branch-free claim test in `ConHex::place`.
/// Holes that count for fewer than three cells are padded with slots that never claim.
#[derive(Clone, Copy, Default)]
pub(crate) struct Slot {
    /// The cell's holes (0 in a padding slot, so it never reaches its need).
    pub holes: u128,
    /// All ones when the cell needs 2 holes, 0 when it needs 3.
    pub need2: u128,
    /// The cell's bit (0 in a padding slot).
    pub bit: u64,
    /// The cell's index (0 in a padding slot; masked out there).
    pub cell: usize,
}

/// The derived tables the rules use on the hot path.
pub(crate) struct Tables {
    /// Per hole, the cells it counts for, as claim slots.
    pub slots: [[Slot; 3]; HOLES],
    pub board: Board,
    /// Per cell, its holes.
    pub cell_holes: [u128; CELLS],
    /// Per cell, how many holes claim it.
    pub need: [u32; CELLS],
    /// Per cell, its neighbours.
    pub nbrs: [u64; CELLS],
    /// Per side (in `Side::ALL` order), the cells touching it.
    pub side_cells: [u64; 4],
    /// `grid[y][x]`: the hole at (x, y), or `u8::MAX`.
    pub grid: [[u8; 12]; 12],
}

#[derive(Deserialize)]
struct RawBoard {
    holes: Vec<(String, u8, u8)>,
    cells: Vec<RawCell>,
}

#[derive(Deserialize)]
struct RawCell {
    id: usize,
    kind: CellKind,
    need: u8,
    holes: Vec<u8>,
    sides: String,
    nbrs: Vec<u8>,
    outline: Vec<[u8; 2]>,
}

/// Parses and checks the board data. Only ever fed the embedded JSON, so an error here is a
/// build defect (caught by the tests), never something a player or a save file can cause.
fn build(json: &str) -> Result<Tables, String> {
    let raw: RawBoard = serde_json::from_str(json).map_err(|e| format!("conhex-board.json: {e}"))?;
    if raw.holes.len() != HOLES || raw.cells.len() != CELLS {
        return Err(format!(
            "conhex-board.json has {} holes and {} cells, expected {HOLES} and {CELLS}",
            raw.holes.len(),
            raw.cells.len()
        ));
    }
    let mut grid = [[u8::MAX; 12]; 12];
    let mut holes = Vec::with_capacity(HOLES);
    for (i, (name, x, y)) in raw.holes.into_iter().enumerate() {
        if !(1..=11).contains(&x) || !(1..=11).contains(&y) {
            return Err(format!("hole {name} at ({x}, {y}) is off the 11×11 grid"));
        }
        let expect = format!("{}{}", char::from(b'A' + x - 1), y);
        if name != expect {
            return Err(format!("hole {i} is named {name} but sits at {expect}"));
        }
        grid[y as usize][x as usize] = i as u8;
        holes.push(Hole {
            name,
            x,
            y,
            cells: Vec::new(),
        });
    }
    let mut t = Tables {
        board: Board {
            holes,
            cells: Vec::with_capacity(CELLS),
        },
        slots: [[Slot::default(); 3]; HOLES],
        cell_holes: [0; CELLS],
        need: [0; CELLS],
        nbrs: [0; CELLS],
        side_cells: [0; 4],
        grid,
    };
    for (k, rc) in raw.cells.into_iter().enumerate() {
        if rc.id != k {
            return Err(format!("cell {k} has id {}", rc.id));
        }
        let mut sides = Vec::new();
        for ch in rc.sides.chars() {
            let side = Side::from_letter(ch).ok_or_else(|| format!("cell {k} has unknown side {ch}"))?;
            t.side_cells[side as usize] |= 1 << k;
            sides.push(side);
        }
        for &h in &rc.holes {
            let hole = t
                .board
                .holes
                .get_mut(h as usize)
                .ok_or_else(|| format!("cell {k} has hole {h}"))?;
            hole.cells.push(k as u8);
            t.cell_holes[k] |= 1 << h;
        }
        for &n in &rc.nbrs {
            if n as usize >= CELLS {
                return Err(format!("cell {k} has neighbour {n}"));
            }
            t.nbrs[k] |= 1 << n;
        }
        t.need[k] = u32::from(rc.need);
        t.board.cells.push(Cell {
            kind: rc.kind,
            need: rc.need,
            holes: rc.holes,
            sides,
            nbrs: rc.nbrs,
            outline: rc.outline,
        });
    }
    for (h, hole) in t.board.holes.iter().enumerate() {
        if hole.cells.len() > 3 {
            return Err(format!("hole {} counts for more than three cells", hole.name));
        }
        for (slot, &k) in t.slots[h].iter_mut().zip(&hole.cells) {
            let need = t.need[k as usize];
            if need != 2 && need != 3 {
                return Err(format!("cell {k} needs {need} holes; the rules handle 2 or 3"));
            }
            *slot = Slot {
                holes: t.cell_holes[k as usize],
                need2: if need == 2 { u128::MAX } else { 0 },
                bit: 1 << k,
                cell: k as usize,
            };
        }
    }
    Ok(t)
}

pub(crate) static TABLES: LazyLock<Tables> =
    LazyLock::new(|| build(BOARD_JSON).unwrap_or_else(|e| panic!("embedded ConHex board data is broken: {e}")));

/// The ConHex board geometry (holes, cells, sides, outlines), parsed once.
pub fn board() -> &'static Board {
    &TABLES.board
}

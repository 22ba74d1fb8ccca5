//! The text picture of a position that the engine's `show` prints.

use super::board::{CELLS, TABLES, board};
use super::state::ConHex;
use crate::game::Player;

impl ConHex {
    /// The board as the engine's `show` prints it: a half-unit grid, two characters per
    /// half unit across so the holes stand four apart.
    pub(super) fn picture(&self) -> String {
        let b = board();
        const N: usize = 21;
        let mut grid = [[b' '; 2 * N - 1]; N];
        for k in 0..CELLS {
            let (col, row) = cell_mark(k);
            grid[row][2 * col] = match self.cell_owner(k as u8) {
                Some(Player::P1) => b'B',
                Some(Player::P2) => b'R',
                None => b'-',
            };
        }
        for (i, h) in b.holes.iter().enumerate() {
            grid[2 * (h.y as usize - 1)][4 * (h.x as usize - 1)] = match self.hole_owner(i as u8) {
                Some(Player::P1) => b'b',
                Some(Player::P2) => b'r',
                None => b'+',
            };
        }
        let mut out = String::from("      A   B   C   D   E   F   G   H   I   J   K\n");
        out.push_str("      N - - - - - - - - - - - - - - - - - - - N\n");
        for (r, line) in grid.iter().enumerate() {
            let label = if r % 2 == 0 {
                format!("{:>2}", r / 2 + 1)
            } else {
                "  ".to_string()
            };
            out.push_str(&format!("{label} W  {}  E\n", String::from_utf8_lossy(line)));
        }
        out.push_str("      S - - - - - - - - - - - - - - - - - - - S\n");
        out
    }
}

/// Where a cell's owner letter goes in the text picture: its outline's vertex average in
/// half units, nudged left off the centre hole.
pub(super) fn cell_mark(k: usize) -> (usize, usize) {
    let outline = &board().cells[k].outline;
    let n = outline.len().max(1) as f64;
    let sx: f64 = outline.iter().map(|p| f64::from(p[0])).sum::<f64>() / n;
    let sy: f64 = outline.iter().map(|p| f64::from(p[1])).sum::<f64>() / n;
    let (mut col, row) = (((sx - 1.0) * 2.0).round() as usize, ((sy - 1.0) * 2.0).round() as usize);
    if col % 2 == 0 && row % 2 == 0 && TABLES.grid[row / 2 + 1][col / 2 + 1] != u8::MAX {
        col -= 1;
    }
    (col.min(20), row.min(20))
}

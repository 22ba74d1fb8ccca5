//! Kansho's notation (`q,r` for the centre, `+q,r` for each chosen neighbour) both ways, and
//! the text board.

use super::board::{RADIUS, is_hole};
use super::cell::Cell;
use super::moves::{KanshoMove, slot_of};
use super::state::Kansho;
use crate::game::{NotationError, Player};

/// Reads one `q,r` cell of a move.
fn parse_cell(text: &str) -> Result<Cell, NotationError> {
    if text.is_empty() {
        return Err(NotationError::new(
            "a cell is missing: a '+' must be followed by a cell such as 3,-1",
        ));
    }
    let Some((q, r)) = text.split_once(',') else {
        return Err(NotationError::new(format!(
            "'{text}' is not a cell: write q,r such as 3,-2"
        )));
    };
    let num = |s: &str| {
        s.parse::<i32>()
            .map_err(|_| NotationError::new(format!("'{s}' in '{text}' is not a whole number")))
    };
    let (q, r) = (num(q)?, num(r)?);
    if is_hole(q, r) {
        return Err(NotationError::new(format!(
            "{q},{r} is in the hole in the middle of the board"
        )));
    }
    Cell::at(q, r).ok_or_else(|| NotationError::new(format!("{q},{r} is off the board")))
}

impl Kansho {
    /// The move as written: the centre, then `+` and each chosen neighbour in slot order.
    pub(super) fn move_text(&self, mv: &KanshoMove) -> String {
        let mut s = mv.centre.to_string();
        for n in mv.chosen() {
            s.push('+');
            s.push_str(&n.to_string());
        }
        s
    }

    /// Reads a centre and its chosen neighbours (`3,-2+2,-2+3,-3`).
    pub(super) fn read_move(&self, text: &str) -> Result<KanshoMove, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::new(
                "empty move: write the centre cell as q,r, such as 3,-2",
            ));
        }
        let mut parts = text.split('+');
        let first = parts.next().unwrap_or_default();
        if first.is_empty() {
            return Err(NotationError::new(format!(
                "'{text}' must start with the centre cell, such as 3,-2"
            )));
        }
        let centre = parse_cell(first)?;
        let mut picks = 0u8;
        let mut last: Option<(usize, Cell)> = None;
        for part in parts {
            let n = parse_cell(part)?;
            let Some(slot) = slot_of(centre, n) else {
                return Err(NotationError::new(format!(
                    "{n} is not a neighbour of the centre {centre}"
                )));
            };
            if let Some((prev, prev_cell)) = last {
                if slot == prev {
                    return Err(NotationError::new(format!("neighbour {n} is listed twice")));
                }
                if slot < prev {
                    return Err(NotationError::new(format!(
                        "neighbours must be listed in ascending (q, r) order: {n} comes before {prev_cell}"
                    )));
                }
            }
            last = Some((slot, n));
            picks |= 1 << slot;
        }
        Ok(KanshoMove { centre, picks })
    }

    /// The board as text, row by row, with the hole shown as `o`.
    pub(super) fn board_text(&self) -> String {
        let mut out = String::new();
        for r in -RADIUS..=RADIUS {
            let mut line = [b' '; (6 * RADIUS + 2) as usize];
            for q in -RADIUS..=RADIUS {
                let col = (2 * q + r + 2 * RADIUS) as usize;
                let ch = match Cell::at(q, r) {
                    Some(c) => match self.owner(c) {
                        Some(Player::P1) => b'W',
                        Some(Player::P2) => b'B',
                        None => b'.',
                    },
                    None if is_hole(q, r) => b'o',
                    None => continue,
                };
                line[col] = ch;
            }
            let text = String::from_utf8_lossy(&line);
            out.push_str(&format!("r{r:>3} {}\n", text.trim_end()));
        }
        out.push_str("W white, B black, . empty, o hole; cells are q,r with q rising left to right in a row\n");
        out
    }
}

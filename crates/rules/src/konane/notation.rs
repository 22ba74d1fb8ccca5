//! The page's notation (`xe4`, `c3-c5-c7`) both ways, and the text board.

use super::moves::KonaneMove;
use super::square::{Dir, Square};
use super::state::Konane;
use crate::game::NotationError;

impl Konane {
    /// The move as the page writes it: `xe4` or `c3-c5-c7`.
    pub(super) fn move_text(&self, mv: &KonaneMove) -> String {
        match mv {
            KonaneMove::Remove(sq) => format!("x{sq}"),
            KonaneMove::Jump { .. } => mv.path().iter().map(|s| s.to_string()).collect::<Vec<_>>().join("-"),
        }
    }

    /// Reads a removal (`xe4`) or a jump chain (`c3-c5-c7`).
    pub(super) fn read_move(&self, text: &str) -> Result<KonaneMove, NotationError> {
        let t = text.trim().to_ascii_lowercase();
        if t.is_empty() {
            return Err(NotationError::new(
                "empty move; expected a removal like xe4 or a jump like c3-c5",
            ));
        }
        if let Some(rest) = t.strip_prefix('x') {
            return Ok(KonaneMove::Remove(self.parse_square(rest)?));
        }
        let squares = t
            .split('-')
            .map(|s| self.parse_square(s))
            .collect::<Result<Vec<_>, _>>()?;
        if squares.len() < 2 {
            return Err(NotationError::new(format!(
                "'{t}' is neither a removal (x then a square, e.g. xe4) nor a jump (squares joined by '-', e.g. c3-c5)"
            )));
        }
        let mut dir = None;
        for pair in squares.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let df = b.file as i32 - a.file as i32;
            let dr = b.rank as i32 - a.rank as i32;
            let this = match (df, dr) {
                (0, 2) => Dir::North,
                (2, 0) => Dir::East,
                (0, -2) => Dir::South,
                (-2, 0) => Dir::West,
                _ if df != 0 && dr != 0 => {
                    return Err(NotationError::new(format!(
                        "{a}-{b} is diagonal; jumps go straight along a file or a rank"
                    )));
                }
                _ if df.abs() + dr.abs() == 1 => {
                    return Err(NotationError::new(format!(
                        "{a}-{b} is a one-square step; there are no quiet moves, a jump goes two squares"
                    )));
                }
                _ => {
                    return Err(NotationError::new(format!(
                        "{a}-{b} is not one jump; a jump lands two squares away, and a chain lists every landing"
                    )));
                }
            };
            if dir.is_some_and(|d| d != this) {
                return Err(NotationError::new(format!(
                    "'{t}' changes direction at {a}; a chain keeps one direction"
                )));
            }
            dir = Some(this);
        }
        match dir {
            Some(dir) => Ok(KonaneMove::Jump {
                from: squares[0],
                dir,
                hops: (squares.len() - 1) as u8,
            }),
            None => Err(NotationError::new("a jump needs at least two squares")),
        }
    }

    /// The board as text, top rank first, with file letters underneath.
    pub(super) fn board_text(&self) -> String {
        let mut out = String::new();
        let rows = self.rows();
        for (i, row) in rows.iter().enumerate() {
            let rank = self.options.height as usize - i;
            out.push_str(&format!("{rank:>2} "));
            let cells: Vec<String> = row
                .chars()
                .map(|c| match c {
                    'b' => "B".to_string(),
                    'w' => "W".to_string(),
                    _ => ".".to_string(),
                })
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out.push_str("   ");
        let files: Vec<String> = (0..self.options.width)
            .map(|f| ((b'a' + f) as char).to_string())
            .collect();
        out.push_str(&files.join(" "));
        out.push('\n');
        out
    }

    fn parse_square(&self, s: &str) -> Result<Square, NotationError> {
        let (w, h) = (self.options.width, self.options.height);
        let last_file = (b'a' + w - 1) as char;
        let mut chars = s.chars();
        let bad = || {
            NotationError::new(format!(
                "'{s}' is not a square; a square is a file letter then a rank number, e.g. e4"
            ))
        };
        let file = match chars.next() {
            Some(c @ 'a'..='z') => c as u8 - b'a',
            _ => return Err(bad()),
        };
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        if digits.len() > 1 && digits.starts_with('0') {
            return Err(NotationError::new(format!(
                "'{s}': ranks are written without leading zeros"
            )));
        }
        if file >= w {
            return Err(NotationError::new(format!(
                "'{s}' is off the {w}x{h} board: files run a..{last_file}"
            )));
        }
        let rank: u32 = digits.parse().map_err(|_| bad())?;
        if rank == 0 || rank > h as u32 {
            return Err(NotationError::new(format!(
                "'{s}' is off the {w}x{h} board: ranks run 1..{h}"
            )));
        }
        Ok(Square::new(file, (rank - 1) as u8))
    }
}

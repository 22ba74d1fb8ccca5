//! ConHex notation both ways: a hole as column letter and row (`F6`), or `swap`.

use super::board::{TABLES, board};
use super::moves::ConHexMove;
use super::state::ConHex;
use crate::game::NotationError;

impl ConHex {
    /// The move as written: the hole's name (`F6`) or `swap`.
    pub(super) fn move_text(&self, mv: &ConHexMove) -> String {
        match *mv {
            ConHexMove::Peg(h) => match board().holes.get(h as usize) {
                Some(hole) => hole.name.clone(),
                None => format!("hole#{h}"),
            },
            ConHexMove::Swap => "swap".to_string(),
        }
    }

    /// Reads a hole (`F6`, case-insensitive) or `swap`.
    pub(super) fn read_move(&self, text: &str) -> Result<ConHexMove, NotationError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("swap") {
            return Ok(ConHexMove::Swap);
        }
        let bad = || {
            NotationError::new(format!(
                "'{text}' is not a ConHex move: give a hole as column letter A-K and row 1-11 (e.g. F6), or swap"
            ))
        };
        let mut chars = text.chars();
        let col = chars.next().filter(char::is_ascii_alphabetic).ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let col = col.to_ascii_uppercase();
        let row: u8 = digits.parse().map_err(|_| bad())?;
        if !('A'..='K').contains(&col) {
            return Err(NotationError::new(format!(
                "{col}{row}: there is no column {col} (columns are A-K)"
            )));
        }
        if !(1..=11).contains(&row) {
            return Err(NotationError::new(format!(
                "{col}{row}: there is no row {row} (rows are 1-11)"
            )));
        }
        let x = col as u8 - b'A' + 1;
        match TABLES.grid[row as usize][x as usize] {
            u8::MAX => Err(NotationError::new(format!(
                "{col}{row} is not a hole on the ConHex board (that point has no hole)"
            ))),
            h => Ok(ConHexMove::Peg(h)),
        }
    }
}

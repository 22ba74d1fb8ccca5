//! The Kōnane position: its fields, the serde form, the board accessors and setting up a position
//! from rows.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::moves::{KonaneMove, Phase};
use super::options::KonaneOptions;
use super::planes::{Board, Geo, Planes, with_planes};
use super::square::{BLACK, Square, WHITE};
use crate::game::{Game, Player};

/// A position that cannot be set up (see [`Konane::from_rows`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// A Kōnane position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "KonaneRecord", try_from = "KonaneRecord")]
pub struct Konane {
    pub(super) options: KonaneOptions,
    pub(super) board: Board,
    pub(super) ply: u32,
    pub(super) hash: u64,
}

/// Serde form of [`Konane`], independent of the bitboard layout: the size, the ply and the rows
/// from the top rank down (`b` black, `w` white, `.` empty).
#[derive(Clone, Serialize, Deserialize)]
struct KonaneRecord {
    size: KonaneOptions,
    ply: u32,
    rows: Vec<String>,
}

impl From<Konane> for KonaneRecord {
    fn from(k: Konane) -> Self {
        KonaneRecord {
            size: k.options,
            ply: k.ply,
            rows: k.rows(),
        }
    }
}

impl TryFrom<KonaneRecord> for Konane {
    type Error = SetupError;
    fn try_from(r: KonaneRecord) -> Result<Self, SetupError> {
        let rows: Vec<&str> = r.rows.iter().map(String::as_str).collect();
        Konane::from_rows(&r.size, r.ply, &rows)
    }
}

impl Konane {
    pub(super) fn geo(&self) -> Geo {
        Geo::of(&self.options)
    }

    /// Board width in files.
    pub fn width(&self) -> u8 {
        self.options.width
    }

    /// Board height in ranks.
    pub fn height(&self) -> u8 {
        self.options.height
    }

    /// The stage of the game.
    pub fn phase(&self) -> Phase {
        match self.ply {
            0 => Phase::BlackRemoval,
            1 => Phase::WhiteRemoval,
            _ => Phase::Jumping,
        }
    }

    /// Whose stone is on `sq` (`None` when empty or off the board).
    pub fn stone_at(&self, sq: Square) -> Option<Player> {
        let geo = self.geo();
        if !geo.on_board(sq) {
            return None;
        }
        with_planes!(&self.board, p => p.stone(geo.bit(sq)))
    }

    /// Stones `player` has on the board.
    pub fn stones(&self, player: Player) -> u32 {
        with_planes!(&self.board, p => Planes::bits_of(p.stones[player.index()]).count() as u32)
    }

    /// Stones of `player`'s colour that have left the board (opening removal included).
    pub fn lost(&self, player: Player) -> u32 {
        self.options.width as u32 * self.options.height as u32 / 2 - self.stones(player)
    }

    /// Every legal move of the stone on `from` (every stopping point of every chain), or the
    /// removal of `from` when that is legal: what the client highlights when a stone is picked up.
    pub fn moves_from(&self, from: Square) -> Vec<KonaneMove> {
        let mut all = Vec::new();
        self.legal_moves(&mut all);
        all.retain(|m| match *m {
            KonaneMove::Remove(sq) => sq == from,
            KonaneMove::Jump { from: f, .. } => f == from,
        });
        all
    }

    /// The rows from the top rank down: `b` black, `w` white, `.` empty.
    pub fn rows(&self) -> Vec<String> {
        (0..self.options.height)
            .rev()
            .map(|rank| {
                (0..self.options.width)
                    .map(|file| match self.stone_at(Square::new(file, rank)) {
                        Some(BLACK) => 'b',
                        Some(_) => 'w',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// Sets up a position from rows (top rank first; `b`, `w`, `.`), with `ply` moves said to
    /// have been played (it fixes the phase and the side to move: Black at even plies). Stones
    /// must stand on their own colour's squares (jumps never change it); ply 0 needs the full
    /// board, ply 1 exactly one hole where Black may open, later plies at least two holes.
    pub fn from_rows(options: &KonaneOptions, ply: u32, rows: &[&str]) -> Result<Self, SetupError> {
        let options = KonaneOptions::new(options.width, options.height).map_err(|e| SetupError(e.0))?;
        let mut k = Konane::new(&options);
        k.ply = ply;
        if rows.len() != options.height as usize {
            return Err(SetupError(format!(
                "expected {} rows, got {}",
                options.height,
                rows.len()
            )));
        }
        let geo = k.geo();
        for (i, row) in rows.iter().enumerate() {
            let rank = options.height - 1 - i as u8;
            let cells: Vec<char> = row.chars().collect();
            if cells.len() != options.width as usize {
                return Err(SetupError(format!(
                    "rank {} has {} squares, expected {}",
                    rank + 1,
                    cells.len(),
                    options.width
                )));
            }
            for (file, c) in cells.into_iter().enumerate() {
                let sq = Square::new(file as u8, rank);
                let want = match c.to_ascii_lowercase() {
                    'b' => Some(BLACK),
                    'w' => Some(WHITE),
                    '.' => None,
                    _ => return Err(SetupError(format!("{sq}: '{c}' is not b, w or ."))),
                };
                if want.is_some_and(|p| p != sq.start_colour()) {
                    return Err(SetupError(format!(
                        "{sq} is a {} square",
                        k.side_name(sq.start_colour())
                    )));
                }
                if want.is_none() {
                    with_planes!(&mut k.board, p => p.toggle(sq.start_colour(), geo.bit(sq)));
                }
            }
        }
        let holes = options.width as u32 * options.height as u32 - k.stones(WHITE) - k.stones(BLACK);
        let ok = match ply {
            0 => holes == 0,
            1 => {
                holes == 1
                    && geo
                        .opening_squares()
                        .iter()
                        .any(|&sq| sq.start_colour() == BLACK && k.stone_at(sq).is_none())
            }
            _ => k.lost(WHITE) >= 1 && k.lost(BLACK) >= 1,
        };
        if !ok {
            return Err(SetupError(format!("{holes} empty squares do not fit ply {ply}")));
        }
        k.hash = k.compute_hash();
        Ok(k)
    }
}

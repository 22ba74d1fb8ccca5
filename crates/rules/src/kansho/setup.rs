//! Setting up a position directly, and the full-scan checks that a set-up position could arise
//! in play.

use super::bits;
use super::board::{BOARD, Bits, CELLS};
use super::cell::Cell;
use super::options::KanshoOptions;
use super::state::{HAND_SIZE, Kansho, PositionError, side_name};
use crate::game::{Game, Player};

impl Kansho {
    /// A position set up directly: `cells[i]` is the marker on cell index `i`, `hands` the
    /// markers in White's and Black's hands, `to_move` the side to move. The discard box holds
    /// the rest of each colour's 123 markers. Fails unless the position could arise in play:
    /// at most 123 markers per colour, every marker with at least two same-colour neighbours,
    /// every area with an empty neighbour, and the side to move holding markers (unless both
    /// hands are empty: a finished game).
    pub fn from_position(cells: &[Option<Player>], hands: [u8; 2], to_move: Player) -> Result<Kansho, PositionError> {
        if cells.len() != CELLS {
            return Err(PositionError(format!(
                "a position has {CELLS} cells, not {}",
                cells.len()
            )));
        }
        let mut s = Kansho::new(&KanshoOptions { first: to_move });
        for (i, c) in cells.iter().enumerate() {
            if let Some(p) = c {
                bits::set(&mut s.markers[p.index()], i);
            }
        }
        for p in Player::BOTH {
            let total = u32::from(s.on_board(p)) + u32::from(hands[p.index()]);
            if total > u32::from(HAND_SIZE) {
                return Err(PositionError(format!(
                    "{} has {total} markers on the board and in hand; a player has only {HAND_SIZE}",
                    side_name(p)
                )));
            }
            s.hand[p.index()] = hands[p.index()];
            s.discarded[p.index()] = HAND_SIZE - total as u8;
        }
        s.check_invariants()?;
        s.hash = s.compute_hash();
        Ok(s)
    }

    /// What holds between moves: every marker has two same-colour neighbours, every area an
    /// empty neighbour, and the side to move has markers unless the game is over.
    pub(super) fn check_invariants(&self) -> Result<(), PositionError> {
        if let Some(c) = self.solo_markers().first() {
            let p = self.owner(*c).unwrap_or(Player::P1);
            return Err(PositionError(format!(
                "the {} marker on {c} has fewer than two {} neighbours, so it would have been discarded",
                side_name(p),
                side_name(p)
            )));
        }
        if let Some((p, area)) = self.surrounded_areas().first() {
            let cell = bits::iter(*area)
                .next()
                .and_then(Cell::from_index)
                .map(|c| c.to_string())
                .unwrap_or_default();
            return Err(PositionError(format!(
                "the {} area at {cell} has no empty neighbour, so it would have been discarded",
                side_name(*p)
            )));
        }
        let (me, them) = (self.hand[self.to_move.index()], self.hand[self.to_move.other().index()]);
        if me == 0 && them > 0 {
            return Err(PositionError(format!(
                "{} has no markers in hand, so it cannot be {}'s turn",
                side_name(self.to_move),
                side_name(self.to_move)
            )));
        }
        Ok(())
    }

    /// [`Kansho::from_position`] from lists of White's and Black's cells as axial `(q, r)`.
    pub fn from_coords(
        white: &[(i32, i32)],
        black: &[(i32, i32)],
        hands: [u8; 2],
        to_move: Player,
    ) -> Result<Kansho, PositionError> {
        let mut cells = [None; CELLS];
        for (list, p) in [(white, Player::P1), (black, Player::P2)] {
            for &(q, r) in list {
                let Some(c) = Cell::at(q, r) else {
                    return Err(PositionError(format!("{q},{r} is not a cell of the board")));
                };
                if cells[c.index()].replace(p).is_some() {
                    return Err(PositionError(format!("{q},{r} is listed twice")));
                }
            }
        }
        Kansho::from_position(&cells, hands, to_move)
    }

    /// Markers (either colour) with fewer than two same-colour neighbours: a full scan, for
    /// set-up checks and tests.
    pub(super) fn solo_markers(&self) -> Vec<Cell> {
        Cell::all()
            .filter(|&c| {
                self.owner(c)
                    .is_some_and(|p| c.neighbours().filter(|&n| self.owner(n) == Some(p)).count() < 2)
            })
            .collect()
    }

    /// Every area without an empty neighbour: a full scan, for set-up checks and tests.
    pub(super) fn surrounded_areas(&self) -> Vec<(Player, Bits)> {
        let empty = self.empty_bits();
        let mut out = Vec::new();
        for p in Player::BOTH {
            let mut seen = [0; 4];
            for i in 0..CELLS {
                if !bits::has(&self.markers[p.index()], i) || bits::has(&seen, i) {
                    continue;
                }
                // Full flood (no early stop) so `seen` covers the whole area.
                let mut area = [0; 4];
                let mut stack = vec![i];
                bits::set(&mut seen, i);
                let mut free = false;
                while let Some(c) = stack.pop() {
                    bits::set(&mut area, c);
                    for n in BOARD.neighbours(c) {
                        free |= bits::has(&empty, n);
                        if bits::has(&self.markers[p.index()], n) && !bits::has(&seen, n) {
                            bits::set(&mut seen, n);
                            stack.push(n);
                        }
                    }
                }
                if !free {
                    out.push((p, area));
                }
            }
        }
        out
    }
}

//! What is legal: why a move cannot be played, and how many moves there are.

use super::bits::Bits;
use super::moves::{KonaneMove, Phase};
use super::planes::{Board, with_planes};
use super::state::Konane;
use crate::game::Game;

impl Konane {
    /// Why `mv` cannot be played now, or `None` when it can.
    pub(super) fn why_illegal(&self, mv: &KonaneMove) -> Option<String> {
        let geo = self.geo();
        let me = self.side_to_move();
        let (my, their) = (self.side_name(me), self.side_name(me.other()));
        let phase = self.phase();
        if phase == Phase::Jumping && self.status().is_over() {
            return Some("the game is over".into());
        }
        match (*mv, phase) {
            (KonaneMove::Remove(sq), Phase::BlackRemoval | Phase::WhiteRemoval) => {
                if !geo.on_board(sq) {
                    return Some(format!("{sq} is not on the board"));
                }
                if self.stone_at(sq) != Some(me) {
                    return Some(format!("{sq} does not hold a {my} stone; {my} removes one of its own"));
                }
                let allowed = with_planes!(&self.board, p => p.removals(phase, geo).has(geo.bit(sq)));
                if allowed {
                    None
                } else if phase == Phase::BlackRemoval {
                    Some("black's removal must be from a corner or one of the four central squares".into())
                } else {
                    Some("white must remove a stone orthogonally adjacent to the hole black made".into())
                }
            }
            (KonaneMove::Jump { .. }, Phase::BlackRemoval) => {
                Some("the game opens with black removing a stone from a corner or the centre (e.g. xe4)".into())
            }
            (KonaneMove::Jump { .. }, Phase::WhiteRemoval) => {
                Some("white must first remove a stone next to the hole black made".into())
            }
            (KonaneMove::Remove(_), Phase::Jumping) => {
                Some("the opening removals are over; every move is now a jump".into())
            }
            (KonaneMove::Jump { from, dir, hops }, Phase::Jumping) => {
                if !geo.on_board(from) {
                    return Some(format!("{from} is not on the board"));
                }
                if self.stone_at(from) != Some(me) {
                    return Some(format!("{from} does not hold a {my} stone"));
                }
                if hops == 0 {
                    return Some("a jump needs at least one hop".into());
                }
                let (w, h) = (self.options.width, self.options.height);
                for k in 0..hops as i32 {
                    let Some(over) = from.step(dir, 2 * k + 1, w, h) else {
                        return Some("the jump leaves the board".into());
                    };
                    if self.stone_at(over) != Some(me.other()) {
                        return Some(format!("there is no {their} stone on {over} to jump over"));
                    }
                    let Some(to) = from.step(dir, 2 * k + 2, w, h) else {
                        return Some("the jump leaves the board".into());
                    };
                    if self.stone_at(to).is_some() {
                        return Some(format!("{to} is not empty"));
                    }
                }
                None
            }
        }
    }

    pub(super) fn count_moves(&self) -> [u16; 4] {
        let geo = self.geo();
        let phase = self.phase();
        let mover = self.side_to_move().index();
        with_planes!(&self.board, p => match phase {
            Phase::Jumping => p.count_jumps(mover, geo.s),
            _ => [p.removals(phase, geo).count() as u16, 0, 0, 0],
        })
    }

    /// Number of legal moves.
    pub fn move_count(&self) -> u32 {
        self.count_moves().iter().map(|&n| n as u32).sum()
    }
}

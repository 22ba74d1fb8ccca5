//! Why a move is not legal here, as specifically as the position allows.

use super::board::{CaptureKind, Point};
use super::moves::Move;
use super::state::Soldiers;
use crate::game::Player;

impl Soldiers {
    /// Why `mv` is not legal here, as specifically as the position allows.
    pub(super) fn why_illegal(&self, mv: &Move) -> String {
        let b = self.board();
        let name = |p: Point| b.point_name(p);
        if self.outcome.is_some() {
            return "the game is over".into();
        }
        let (from, land) = (mv.from(), mv.landings());
        let first = land[0];
        match self.side {
            Player::P1 => {
                if from != self.hunter {
                    return format!(
                        "the {} stands on {}, not {}",
                        b.hunter_name(),
                        name(self.hunter),
                        name(from)
                    );
                }
                if b.adjacent(from, first) {
                    if self.soldiers >> first & 1 == 1 {
                        return format!("{} is occupied", name(first));
                    }
                    if self.rules.compulsory && self.any_jump(b) {
                        return format!("the {} can capture, and capturing is compulsory", b.hunter_name());
                    }
                } else {
                    if self.rules.capture != CaptureKind::Jump {
                        return format!("the {} does not jump in this game", b.hunter_name());
                    }
                    let (mut cur, mut soldiers) = (from, self.soldiers);
                    for (i, &to) in land.iter().enumerate() {
                        if i > 0 && !self.rules.chain {
                            return "only one jump per move in this game".into();
                        }
                        let over = b.jumped(cur, to).unwrap_or(cur);
                        if soldiers >> over & 1 == 0 {
                            return format!("there is no {} on {} to jump", b.soldier_noun(), name(over));
                        }
                        if soldiers >> to & 1 == 1 {
                            return format!("{} is occupied", name(to));
                        }
                        soldiers &= !(1u64 << over);
                        cur = to;
                    }
                    if self.rules.compulsory {
                        return format!(
                            "the chain can go on from {}, and jumping is compulsory to the end",
                            name(cur)
                        );
                    }
                }
            }
            Player::P2 => {
                if self.soldiers >> from & 1 == 0 {
                    return format!("there is no {} on {}", b.soldier_noun(), name(from));
                }
                if land.len() > 1 || !b.adjacent(from, first) {
                    return format!("{} only step along a line to a neighbouring point", b.soldiers_name());
                }
                if b.is_refuge(first) {
                    return format!("{} may not enter the {}", b.soldiers_name(), b.refuge_name());
                }
                if self.empty(b) >> first & 1 == 0 {
                    return format!("{} is occupied", name(first));
                }
            }
        }
        "that move is not allowed in this position".into()
    }
}

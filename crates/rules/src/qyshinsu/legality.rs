//! Why a move is illegal now (Precepts 1–3 and the constraint), as specifically as possible.

use super::constraint::Constraint;
use super::moves::{Action, LastMove, QyshinsuMove};
use super::ring::RING;
use super::state::Qyshinsu;
use super::stones::Kind;
use crate::game::Game;

impl Qyshinsu {
    /// Why the side to move may not add `kind` at the empty position `pos`, if it may not.
    pub(super) fn add_blocked(&self, kind: Kind, pos: u8) -> Option<String> {
        let me = self.side_to_move();
        if self.hand(me, kind) == 0 {
            return Some(format!("{} has no {} in hand", self.side_name(me), kind.name()));
        }
        if self.on_board(kind) >= 2 {
            return Some(format!("two {}s are already on the ring (Precept 2)", kind.name()));
        }
        let own = self.last[me.index()];
        if own
            == Some(LastMove {
                action: Action::Remove,
                kind,
                pos,
            })
        {
            return Some(format!(
                "{}'s last move removed a {} from {pos}; it may not go straight back (Precept 3)",
                self.side_name(me),
                kind.name()
            ));
        }
        None
    }

    /// Why `mv` is illegal now, or `None`.
    pub(super) fn why_illegal(&self, mv: &QyshinsuMove) -> Option<String> {
        if self.status().is_over() {
            return Some("the game is over".into());
        }
        let me = self.side_to_move();
        let pos = mv.pos();
        if !(1..=RING).contains(&pos) {
            return Some(format!("there is no position {pos}; positions run 1..12"));
        }
        let constraint = self.constraint();
        let cell = self.ring[pos as usize - 1];
        if let Some(s) = cell
            && s.owner != me
        {
            return Some(format!(
                "position {pos} holds a {} stone; never touch the opponent's stones (Precept 1)",
                self.side_name(s.owner)
            ));
        }
        if !constraint.positions().contains(pos) {
            return Some(format!("{} must {constraint}", self.side_name(me)));
        }
        match (*mv, cell) {
            (QyshinsuMove::Add { .. }, Some(_)) => Some(format!("position {pos} is not empty")),
            (QyshinsuMove::Remove { .. }, None) => Some(format!("there is no stone at {pos} to remove")),
            (QyshinsuMove::Add { .. }, None) if matches!(constraint, Constraint::OldStoneRemove { .. }) => {
                Some(format!("{} must {constraint}", self.side_name(me)))
            }
            (QyshinsuMove::Remove { .. }, Some(_)) if matches!(constraint, Constraint::OldStoneAdd { .. }) => {
                Some(format!("{} must {constraint}", self.side_name(me)))
            }
            (QyshinsuMove::Add { kind, .. }, None) => self.add_blocked(kind, pos),
            (QyshinsuMove::Remove { .. }, Some(_)) => None,
        }
    }
}

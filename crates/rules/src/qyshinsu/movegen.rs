//! Move generation: the constraint the opponent's last move sets, the positions it allows, and
//! every legal move in a fixed order.

use super::constraint::{Constraint, Limit};
use super::moves::{Action, LastMove, QyshinsuMove};
use super::ring::{Positions, RING, around};
use super::state::Qyshinsu;
use super::stones::{Kind, Stone};
use crate::game::Game;

impl Qyshinsu {
    pub(super) fn compute_limit(&self) -> Limit {
        let constraint = self.compute_constraint();
        let me = self.side_to_move();
        let (adds, removes) = match constraint {
            Constraint::Open => (Positions::ALL, Positions::default()),
            Constraint::Distance { positions, .. } => {
                let mut adds = Positions::default();
                let mut removes = Positions::default();
                for p in positions.iter() {
                    match self.ring[p as usize - 1] {
                        None => adds = adds.with(p),
                        Some(s) if s.owner == me => removes = removes.with(p),
                        Some(_) => {}
                    }
                }
                (adds, removes)
            }
            Constraint::OldStoneAdd { positions, .. } => (positions, Positions::default()),
            Constraint::OldStoneRemove { positions, .. } => (Positions::default(), positions),
        };
        Limit {
            constraint,
            adds,
            removes,
        }
    }

    pub(super) fn compute_constraint(&self) -> Constraint {
        let me = self.side_to_move();
        let Some(prev) = self.last[me.other().index()] else {
            return Constraint::Open;
        };
        let m = prev.pos;
        match (prev.kind.distance(), prev.action) {
            (Some(n), _) => Constraint::Distance {
                kind: prev.kind,
                from: m,
                positions: Positions::default()
                    .with(around(m, n as i32))
                    .with(around(m, -(n as i32))),
            },
            (None, Action::Add) => Constraint::OldStoneAdd {
                from: m,
                positions: self.nearest(m, |c| c.is_none()),
            },
            (None, Action::Remove) => Constraint::OldStoneRemove {
                from: m,
                positions: self.nearest(m, |c| c.is_some_and(|s| s.owner == me)),
            },
        }
    }

    /// The positions at the smallest distance from `m` (excluding `m`) whose cell passes `want`.
    pub(super) fn nearest(&self, m: u8, want: impl Fn(Option<Stone>) -> bool) -> Positions {
        for d in 1..=(RING / 2) as i32 {
            let mut found = Positions::default();
            for p in [around(m, d), around(m, -d)] {
                if want(self.ring[p as usize - 1]) {
                    found = found.with(p);
                }
            }
            if !found.is_empty() {
                return found;
            }
        }
        Positions::default()
    }

    /// Calls `f` with every legal move (in a fixed order) until it returns false.
    #[inline]
    pub(super) fn each_move(&self, mut f: impl FnMut(QyshinsuMove) -> bool) {
        let me = self.side_to_move();
        let Limit { adds, removes, .. } = self.limit;
        for pos in removes.iter() {
            if !f(QyshinsuMove::Remove { pos }) {
                return;
            }
        }
        if adds.is_empty() {
            return;
        }
        let mine = &self.hands[me.index()];
        let theirs = &self.hands[me.other().index()];
        let own = self.last[me.index()];
        for kind in Kind::ALL {
            let k = kind.index();
            // Precept 2 with both hands: on the ring = 4 − both hands.
            if mine[k] == 0 || mine[k] + theirs[k] <= 2 {
                continue;
            }
            for pos in adds.iter() {
                if own
                    == Some(LastMove {
                        action: Action::Remove,
                        kind,
                        pos,
                    })
                {
                    continue; // Precept 3
                }
                if !f(QyshinsuMove::Add { kind, pos }) {
                    return;
                }
            }
        }
    }

    pub(super) fn has_move(&self) -> bool {
        let mut any = false;
        self.each_move(|_| {
            any = true;
            false
        });
        any
    }
}

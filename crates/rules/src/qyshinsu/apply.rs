//! Playing a move: the ring, the hands, the last moves, the position code and the history, with
//! each stage reported for the staged record.

use super::moves::{Action, LastMove, QyshinsuMove, QyshinsuStep};
use super::state::Qyshinsu;
use super::stones::{Kind, Stone};
use crate::game::Game;

impl Qyshinsu {
    #[inline]
    pub(super) fn apply_with(&mut self, mv: QyshinsuMove, mut record: impl FnMut(QyshinsuStep)) {
        let me = self.side_to_move();
        let last = match mv {
            QyshinsuMove::Add { kind, pos } => {
                let stone = Stone { owner: me, kind };
                self.ring[pos as usize - 1] = Some(stone);
                self.code |= stone.code() << (4 * (pos - 1));
                self.hands[me.index()][kind.index()] -= 1;
                record(QyshinsuStep::Added { player: me, kind, pos });
                LastMove {
                    action: Action::Add,
                    kind,
                    pos,
                }
            }
            QyshinsuMove::Remove { pos } => {
                let kind = self.ring[pos as usize - 1].map_or(Kind::Old, |s| s.kind);
                debug_assert!(self.ring[pos as usize - 1].is_some_and(|s| s.owner == me));
                self.ring[pos as usize - 1] = None;
                self.code &= !(0xF << (4 * (pos - 1)));
                self.hands[me.index()][kind.index()] += 1;
                record(QyshinsuStep::Removed { player: me, kind, pos });
                LastMove {
                    action: Action::Remove,
                    kind,
                    pos,
                }
            }
        };
        self.last[me.index()] = Some(last);
        let shift = 48 + 8 * me.index();
        self.code = (self.code & !(0xFF << shift)) | last.code() << shift;
        self.ply += 1;
        self.history.push(self.code);
        self.repeated = self.history.occurrences_of_last() >= 3;
        self.limit = self.compute_limit();
    }
}

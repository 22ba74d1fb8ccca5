//! Playing a move, stage by stage: the hunter's step (with intervention) or hops, or a
//! soldier's step (with custodian capture); then the counters, the repetition history and the
//! end checks. The stages go to a [`Record`]: nowhere on the fast path, a list when recording.

use super::board::{ApexKind, Board, CaptureKind, Point, bits};
use super::moves::Move;
use super::state::Soldiers;
use super::steps::{Piece, Step};
use super::zobrist;
use crate::game::Player;

/// Where the stages of a move go: nowhere on the fast path, into a list when recording.
pub(crate) trait Record {
    /// False for the fast path, so that steps are never even built there.
    const ON: bool;
    fn push(&mut self, step: Step);
}

impl Record for () {
    const ON: bool = false;
    #[inline]
    fn push(&mut self, _: Step) {}
}

impl Record for Vec<Step> {
    const ON: bool = true;
    fn push(&mut self, step: Step) {
        Vec::push(self, step);
    }
}

impl Soldiers {
    /// Plays a legal move: the hunter's step (with intervention) or hops, or a soldier's step
    /// (with custodian capture); then the counters, the repetition history and the end checks.
    pub(super) fn play_move<R: Record>(&mut self, mv: Move, rec: &mut R) {
        let b = self.board();
        let old_key = self.key;
        let mover = self.side;
        let had_apex = self.apex_reached;
        let (captured, custodian) = match mover {
            Player::P1 => (self.hunter_moves(b, mv, rec), false),
            Player::P2 => (0, self.soldier_step(b, mv, rec)),
        };
        self.key ^= zobrist::SIDE;
        self.side = mover.other();
        self.ply += 1;
        if captured != 0 {
            let n = captured.count_ones() as u8;
            self.count -= n;
            self.captured += n;
            self.since_capture = 0;
            self.history.clear();
        } else {
            self.since_capture += 1;
            if self.apex_reached != had_apex {
                // No earlier position has the flag, so none can repeat.
                self.history.clear();
            } else {
                self.history.push(old_key);
            }
        }
        self.judge(b, mover, custodian, had_apex);
        if R::ON
            && let Some(o) = self.outcome
        {
            rec.push(Step::End {
                winner: o.winner,
                reason: o.reason.as_str(),
            });
        }
    }

    /// The hunter's step or hops, each followed by intervention and the apex check; returns
    /// the soldiers captured.
    #[inline]
    fn hunter_moves<R: Record>(&mut self, b: &Board, mv: Move, rec: &mut R) -> u64 {
        let mut captured = 0u64;
        let track_apex = self.rules.apex && b.apex_kind() == ApexKind::Return;
        let mut cur = self.hunter;
        debug_assert_eq!(cur, mv.from());
        for &to in mv.landings() {
            match b.jumped(cur, to) {
                Some(over) => {
                    self.soldiers &= !(1u64 << over);
                    self.key ^= zobrist::SOLDIER[over as usize];
                    captured |= 1u64 << over;
                    if R::ON {
                        rec.push(Step::Jump { from: cur, over, to });
                    }
                }
                None => {
                    if R::ON {
                        rec.push(Step::Move {
                            piece: Piece::Hunter,
                            from: cur,
                            to,
                        });
                    }
                }
            }
            self.key ^= zobrist::HUNTER[cur as usize] ^ zobrist::HUNTER[to as usize];
            cur = to;
            self.hunter = cur;
            if self.rules.capture == CaptureKind::Intervention {
                let mut taken = 0u64;
                if b.pair_union[cur as usize] & self.soldiers != 0 {
                    for &pair in b.pairs_of(cur) {
                        if self.soldiers & pair == pair {
                            taken |= pair;
                        }
                    }
                }
                if taken != 0 {
                    self.soldiers &= !taken;
                    for p in bits(taken) {
                        self.key ^= zobrist::SOLDIER[p as usize];
                    }
                    captured |= taken;
                    if R::ON {
                        rec.push(Step::Intervention {
                            at: cur,
                            captured: bits(taken).collect(),
                        });
                    }
                }
            }
            if track_apex && !self.apex_reached && b.apex >> cur & 1 == 1 {
                self.apex_reached = true;
                self.key ^= zobrist::APEX;
                if R::ON {
                    rec.push(Step::ApexReached { at: cur });
                }
            }
        }
        captured
    }

    /// A soldier's step and custodian capture; returns whether the general was captured.
    #[inline]
    fn soldier_step<R: Record>(&mut self, b: &Board, mv: Move, rec: &mut R) -> bool {
        let mut custodian = false;
        let (from, to) = (mv.from(), mv.dest());
        self.soldiers ^= 1u64 << from | 1u64 << to;
        self.key ^= zobrist::SOLDIER[from as usize] ^ zobrist::SOLDIER[to as usize];
        if R::ON {
            rec.push(Step::Move {
                piece: Piece::Soldier,
                from,
                to,
            });
        }
        if self.rules.custodian && b.pair_union[self.hunter as usize] >> to & 1 == 1 {
            // Only a pair that includes the soldier that just moved captures.
            for &pair in b.pairs_of(self.hunter) {
                if pair >> to & 1 == 1 && self.soldiers & pair == pair {
                    custodian = true;
                    if R::ON {
                        let flankers = [pair.trailing_zeros() as Point, (63 - pair.leading_zeros()) as Point];
                        rec.push(Step::Custodian {
                            general: self.hunter,
                            flankers,
                        });
                    }
                    break;
                }
            }
        }
        custodian
    }
}

//! The end checks in the page's order: custodian capture, shut-in, the hunter's threshold,
//! apex, the side to move pinned, threefold repetition, no capture.

use super::board::{ApexKind, Board};
use super::outcome::{EndReason, NO_CAPTURE_LIMIT, Outcome};
use super::state::Soldiers;
use crate::game::Player;

impl Soldiers {
    /// True when the hunter is in the refuge and every exit holds a soldier.
    #[inline]
    pub(super) fn shut_in(&self, b: &Board) -> bool {
        b.refuge >> self.hunter & 1 == 1 && self.soldiers & b.exits == b.exits
    }

    /// The end checks after a move by `mover`, in the page's order: custodian capture, shut-in,
    /// the hunter's threshold, apex, the side to move pinned, threefold repetition, no capture.
    pub(super) fn judge(&mut self, b: &Board, mover: Player, custodian: bool, had_apex: bool) {
        let win = |winner: Player, reason| {
            Some(Outcome {
                winner: Some(winner),
                reason,
            })
        };
        self.outcome = if custodian {
            win(Player::P2, EndReason::Captured)
        } else if self.shut_in(b) {
            win(Player::P2, EndReason::ShutIn)
        } else if self.count as u32 <= self.rules.threshold {
            win(Player::P1, EndReason::Threshold)
        } else if mover == Player::P1 && self.apex_win(b, had_apex) {
            win(Player::P1, EndReason::Apex)
        } else if !self.has_move(b) {
            win(mover, EndReason::Pinned)
        } else if self.history.occurrences(self.key) >= 2 {
            Some(Outcome {
                winner: None,
                reason: EndReason::Repetition,
            })
        } else if self.since_capture >= NO_CAPTURE_LIMIT {
            Some(Outcome {
                winner: None,
                reason: EndReason::NoCapture,
            })
        } else {
            None
        };
    }

    /// The end checks that do not depend on a last move, for a set-up position.
    pub(super) fn judge_setup(&mut self) {
        let b = self.board();
        let win = |winner: Player, reason| {
            Some(Outcome {
                winner: Some(winner),
                reason,
            })
        };
        self.outcome = if self.shut_in(b) {
            win(Player::P2, EndReason::ShutIn)
        } else if self.count as u32 <= self.rules.threshold {
            win(Player::P1, EndReason::Threshold)
        } else if !self.has_move(b) {
            win(self.side.other(), EndReason::Pinned)
        } else {
            None
        };
    }

    /// Whether the hunter's move just ended in an apex win.
    #[inline]
    pub(super) fn apex_win(&self, b: &Board, had_apex: bool) -> bool {
        match b.apex_kind() {
            // Reached before this move, and this move ends outside the privy.
            ApexKind::Return => had_apex && b.refuge >> self.hunter & 1 == 0,
            // Stepped onto the apex while no water stands on the entrance.
            ApexKind::Cloister => b.apex >> self.hunter & 1 == 1 && self.soldiers & b.exits == 0,
            ApexKind::None => false,
        }
    }
}

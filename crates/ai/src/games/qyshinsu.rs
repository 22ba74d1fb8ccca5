//! Qyshinsu knowledge: no evaluation (none we tried beat plain search); the searches rely on
//! playouts and on proving wins, which the small ring makes possible near the end.

use parlour_rules::qyshinsu::{Qyshinsu, QyshinsuMove};

use crate::config::{AlphaBetaParams, MctsParams, SearchConfig};
use crate::knowledge::Knowledge;
use crate::level::Level;

impl Knowledge for Qyshinsu {
    const MOVE_KEYS: usize = 84;

    fn move_key(&self, mv: &QyshinsuMove) -> usize {
        match *mv {
            QyshinsuMove::Add { kind, pos } => (kind.index() * 12 + usize::from(pos).saturating_sub(1)) % 72,
            QyshinsuMove::Remove { pos } => 72 + usize::from(pos).saturating_sub(1) % 12,
        }
    }

    fn mcts_params(&self) -> MctsParams {
        MctsParams::default()
    }

    fn alphabeta_params(&self) -> AlphaBetaParams {
        AlphaBetaParams::default()
    }

    fn level_config(&self, level: Level) -> SearchConfig {
        level.generic_config(self.mcts_params())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::*;
    use parlour_rules::Game;
    use parlour_rules::qyshinsu::QyshinsuOptions;

    #[test]
    fn finds_wins_in_one_in_positions_from_play() {
        let positions = win_in_one_positions(|_| Qyshinsu::new(&QyshinsuOptions::default()), 10, 1);
        assert!(positions.len() >= 10);
        for p in &positions {
            check_win_in_one(p, 100);
        }
    }

    #[test]
    fn never_plays_an_illegal_move() {
        check_legal_over_random_positions(|_| Qyshinsu::new(&QyshinsuOptions::default()), 1000, 16);
    }

    #[test]
    fn reproducible_and_cancellable() {
        let mut q = Qyshinsu::new(&QyshinsuOptions::default());
        parlour_rules::play_text(&mut q, "4@2").unwrap();
        check_reproducible(&q, 400);
        check_cancel_and_move_now(&q);
    }
}

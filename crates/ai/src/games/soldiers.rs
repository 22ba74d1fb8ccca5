//! Sixteen Soldiers knowledge: the hunter's progress towards its capture threshold against its
//! freedom to move.

use parlour_rules::soldiers::{Move, Soldiers, Variant};
use parlour_rules::{Game, Player};

use crate::config::{AlphaBetaParams, MctsParams, SearchConfig};
use crate::knowledge::Knowledge;
use crate::level::Level;

/// The hunter's view: captures made towards the threshold, and free points around it.
fn hunter_view(s: &Soldiers) -> f32 {
    let b = s.board();
    let start = b.soldier_starts().len() as f32;
    let need = (start - b.threshold() as f32).max(1.0);
    let captured = start - s.soldier_count() as f32;
    let free = (b.neighbours(s.hunter()) & !s.soldier_mask()).count_ones() as f32;
    let freedom = free.min(4.0) / 4.0;
    (2.0 * captured / need - 1.0) * 0.7 + (freedom - 0.5) * 0.6
}

impl Knowledge for Soldiers {
    const HAS_EVALUATION: bool = true;

    fn repeats(&self) -> bool {
        self.occurrences() >= 2
    }

    fn evaluate(&self) -> f32 {
        let v = hunter_view(self).clamp(-1.0, 1.0);
        if self.side_to_move() == Player::P1 { v } else { -v }
    }

    fn move_key(&self, mv: &Move) -> usize {
        let to = mv.landings().last().copied().unwrap_or(0);
        (usize::from(mv.from()) * 64 + usize::from(to)) % Self::MOVE_KEYS
    }

    fn mcts_params(&self) -> MctsParams {
        MctsParams::default()
    }

    fn alphabeta_params(&self) -> AlphaBetaParams {
        AlphaBetaParams::default()
    }

    /// Alpha-beta on the boards where it measured best (and where one side has a quick forced
    /// win, which it proves at once); MCTS on Monk and Water (see `MEASUREMENTS.md`).
    fn level_config(&self, level: Level) -> SearchConfig {
        match self.board().variant() {
            Variant::Monk => level.generic_config(self.mcts_params()),
            _ => level.alphabeta_config(self.alphabeta_params()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::*;
    use parlour_rules::soldiers::SoldiersOptions;

    fn variant(v: Variant) -> Soldiers {
        Soldiers::new(&SoldiersOptions {
            variant: v,
            ..SoldiersOptions::default()
        })
    }

    #[test]
    fn finds_wins_in_one_in_positions_from_play() {
        for v in Variant::ALL {
            let positions = win_in_one_positions(|_| variant(v), 3, 1);
            assert!(!positions.is_empty(), "{v:?}");
            for p in &positions {
                check_win_in_one(p, 100);
            }
        }
    }

    #[test]
    fn boards_1_2_and_4_are_forced_wins_for_the_soldiers() {
        // Why no player can score above 50 % on these boards against an opponent that finds the
        // win (MEASUREMENTS.md): alpha-beta proves the general's start position lost within a
        // few plies, and so does the tree search's solver, by a different route (no table).
        for v in [Variant::Board1, Variant::Board2, Variant::Board4] {
            let start = variant(v);
            for algo in ["algo=ab", "algo=mcts"] {
                let budget = if algo == "algo=ab" {
                    "depth=8"
                } else {
                    "playouts=100000"
                };
                let cfg = SearchConfig::parse(&start, &[algo, budget, "seed=1"], Level::Master).unwrap();
                let r = crate::search(&start, &cfg, &crate::StopFlag::new()).unwrap();
                assert!(r.proven && r.value < 0.25, "{v:?} {algo}: {r:?}");
            }
        }
        // Board 3 and Monk and Water are not decided that quickly.
        let r = crate::search(
            &variant(Variant::Board3),
            &SearchConfig::parse(&variant(Variant::Board3), &["algo=ab", "depth=8"], Level::Master).unwrap(),
            &crate::StopFlag::new(),
        )
        .unwrap();
        assert!(!r.proven, "{r:?}");
    }

    #[test]
    fn never_plays_an_illegal_move() {
        check_legal_over_random_positions(|_| variant(Variant::Board1), 1000, 16);
        for v in Variant::ALL {
            check_legal_over_random_positions(|_| variant(v), 1000, 8);
        }
    }

    #[test]
    fn reproducible_and_cancellable() {
        for v in Variant::ALL {
            check_reproducible(&variant(v), 300);
        }
        check_cancel_and_move_now(&variant(Variant::Board3));
    }
}

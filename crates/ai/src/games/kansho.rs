//! Kansho knowledge: the score is the markers on the board at the end, so the evaluation is the
//! board difference plus a share of the hand difference (markers still to be placed).

use parlour_rules::kansho::{CELLS, Kansho, KanshoMove};
use parlour_rules::{Game, Player};

use crate::config::{Algorithm, AlphaBetaParams, Budget, MctsParams, SearchConfig};
use crate::knowledge::Knowledge;
use crate::level::Level;

/// How far the Casual level looks ahead in Kansho: two plies, with [`CASUAL_NOISE`]. At the three
/// plies and ±0.05 of the other alpha-beta games it won every game against every yardstick and
/// rated about 800 above the Novice (60 games a pairing, docs/strength.md); at two plies and ±0.05
/// about 610–710, at two plies and ±0.2 about 380–490.
const CASUAL_DEPTH: u32 = 2;
/// The Casual level's leaf noise in Kansho (see [`CASUAL_DEPTH`]).
const CASUAL_NOISE: f32 = 0.2;
/// The Strong level's alpha-beta nodes a move in Kansho: 150,000 (0.2–0.45 s here), which
/// rated about halfway between the Casual and the Master (docs/strength.md, "Levels").
const STRONG_NODES: u64 = 150_000;

/// Material of `p`: markers on the board plus half the markers in hand.
fn material(k: &Kansho, p: Player) -> f32 {
    f32::from(k.on_board(p)) + 0.5 * f32::from(k.hand(p))
}

impl Knowledge for Kansho {
    const HAS_EVALUATION: bool = true;
    const MOVE_KEYS: usize = CELLS;

    fn evaluate(&self) -> f32 {
        let me = self.side_to_move();
        ((material(self, me) - material(self, me.other())) / 16.0).tanh()
    }

    fn move_key(&self, mv: &KanshoMove) -> usize {
        mv.centre.index() % CELLS
    }

    fn mcts_params(&self) -> MctsParams {
        MctsParams::default()
    }

    fn alphabeta_params(&self) -> AlphaBetaParams {
        AlphaBetaParams::default()
    }

    /// Alpha-beta at every level (see `MEASUREMENTS.md`); the Casual looks two plies ahead with
    /// more slips ([`CASUAL_DEPTH`], [`CASUAL_NOISE`]).
    fn level_config(&self, level: Level) -> SearchConfig {
        let mut cfg = level.alphabeta_config(self.alphabeta_params());
        match level {
            Level::Casual => {
                cfg.budget = Budget::depth(CASUAL_DEPTH);
                if let Algorithm::AlphaBeta(p) = &mut cfg.algorithm {
                    p.noise = CASUAL_NOISE;
                }
            }
            Level::Strong => cfg.budget = Budget::iterations(STRONG_NODES),
            _ => {}
        }
        cfg
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::*;
    use parlour_rules::kansho::KanshoOptions;

    #[test]
    fn finds_wins_in_one_in_positions_from_play() {
        let positions = win_in_one_positions(|_| Kansho::new(&KanshoOptions::default()), 6, 1);
        assert!(positions.len() >= 6);
        for p in &positions {
            check_win_in_one(p, 100);
        }
    }

    #[test]
    fn never_plays_an_illegal_move() {
        check_legal_over_random_positions(|_| Kansho::new(&KanshoOptions::default()), 1000, 8);
        check_legal_over_random_positions(|_| Kansho::new(&KanshoOptions { first: Player::P2 }), 100, 8);
    }

    #[test]
    fn never_plays_an_illegal_move_in_whole_games_with_kept_searchers() {
        check_legal_in_games_with_kept_searchers(&Kansho::new(&KanshoOptions::default()), 4, 300, &[]);
    }

    #[test]
    fn reproducible_and_cancellable() {
        let k = Kansho::new(&KanshoOptions::default());
        check_reproducible(&k, 200);
        check_cancel_and_move_now(&k);
    }

    #[test]
    fn evaluation_favours_the_side_with_more_markers() {
        let ahead = Kansho::from_coords(&[(3, 3), (4, 3), (3, 4)], &[], [100, 100], Player::P1).unwrap();
        assert!(ahead.evaluate() > 0.0);
        let behind = Kansho::from_coords(&[(3, 3), (4, 3), (3, 4)], &[], [100, 100], Player::P2).unwrap();
        assert!(behind.evaluate() < 0.0);
    }
}

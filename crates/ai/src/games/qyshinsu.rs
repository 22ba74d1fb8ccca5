//! Qyshinsu knowledge: a mobility evaluation (a player with no legal move loses) for alpha-beta
//! experiments; the levels use MCTS with uniform playouts and the solver, since neither
//! alpha-beta with that evaluation nor informed playouts measurably beat it (`MEASUREMENTS.md`).

use parlour_rules::qyshinsu::{Qyshinsu, QyshinsuMove};
use parlour_rules::{Game, Player};
use rand::Rng;

use crate::config::{AlphaBetaParams, MctsParams, SearchConfig};
use crate::knowledge::Knowledge;
use crate::level::Level;

impl Knowledge for Qyshinsu {
    const HAS_EVALUATION: bool = true;
    const MOVE_KEYS: usize = 84;

    fn repeats(&self) -> bool {
        self.occurrences() >= 2
    }

    /// Mobility of the side to move (its number of legal moves), since a player with no legal
    /// move loses: many options are good, one or two a danger. Four moves count as even.
    fn evaluate(&self) -> f32 {
        let mut buf = Vec::with_capacity(32);
        self.legal_moves(&mut buf);
        let n = buf.len() as f32;
        (n - 4.0) / (n + 4.0)
    }

    /// The ring looks the same turned or mirrored, and the history with it, for the first two
    /// moves: Black's first move may go anywhere, so one position (chosen at random) stands for
    /// all twelve; Red's reply goes to `m + d` or `m − d` around Black's stone at `m`, mirror
    /// images of each other, so one side (again at random) stands for both. Later positions
    /// are almost never symmetric, and their histories would have to be too.
    fn drop_symmetric<R: Rng + ?Sized>(&self, rng: &mut R, moves: &mut Vec<QyshinsuMove>) {
        let stones: Vec<u8> = (1..=12).filter(|&p| self.stone_at(p).is_some()).collect();
        match (self.ply(), stones.as_slice()) {
            (0, []) => {
                let keep = rng.random_range(1..=12u8);
                moves.retain(|m| m.pos() == keep);
            }
            (1, &[m]) if self.last_move(Player::P1).is_some_and(|l| l.pos == m) => {
                let clockwise = rng.random_bool(0.5);
                moves.retain(|mv| {
                    let d = (i32::from(mv.pos()) - i32::from(m)).rem_euclid(12);
                    d == 0 || d == 6 || (d < 6) == clockwise
                });
            }
            _ => {}
        }
    }

    fn move_key(&self, mv: &QyshinsuMove) -> usize {
        match *mv {
            QyshinsuMove::Add { kind, pos } => (kind.index() * 12 + usize::from(pos).saturating_sub(1)) % 72,
            QyshinsuMove::Remove { pos } => 72 + usize::from(pos).saturating_sub(1) % 12,
        }
    }

    /// The default MCTS. Scoring repeated positions as draws (`rep=1`) was tried against the
    /// repetition draws and measured worse: 70 % against plain UCT from the real start at 200 ms
    /// with it, 77.5 % without (20 games each, same seed; MEASUREMENTS.md).
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
    use parlour_rules::qyshinsu::QyshinsuOptions;

    #[test]
    fn evaluation_is_mobility_of_the_side_to_move() {
        let mut q = Qyshinsu::new(&QyshinsuOptions::default());
        // Black may add any of six kinds anywhere: far more than four moves.
        assert!(q.evaluate() > 0.5, "{}", q.evaluate());
        // After a 4-stone at 2 Red may only add at 6 or 10, any of its six kinds: twelve moves.
        parlour_rules::play_text(&mut q, "4@2").unwrap();
        let mut moves = Vec::new();
        q.legal_moves(&mut moves);
        assert_eq!(moves.len(), 12);
        assert!((q.evaluate() - 0.5).abs() < 1e-6, "{}", q.evaluate());
    }

    #[test]
    fn the_first_two_moves_are_searched_once_per_symmetry_class() {
        use rand::SeedableRng;
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(3);
        let mut q = Qyshinsu::new(&QyshinsuOptions::default());
        let mut moves = Vec::new();
        let mut positions = std::collections::BTreeSet::new();
        for _ in 0..40 {
            q.legal_moves(&mut moves);
            assert_eq!(moves.len(), 72);
            q.drop_symmetric(&mut rng, &mut moves);
            // One position, every kind.
            assert_eq!(moves.len(), 6);
            assert!(moves.iter().all(|m| m.pos() == moves[0].pos()));
            positions.insert(moves[0].pos());
        }
        // The position kept varies, so the AI does not open the same way every game.
        assert!(positions.len() > 4, "{positions:?}");
        // After 4@2 Red adds at 6 or 10, mirror images about 2: one side is kept.
        parlour_rules::play_text(&mut q, "4@2").unwrap();
        let mut sides = std::collections::BTreeSet::new();
        for _ in 0..20 {
            q.legal_moves(&mut moves);
            q.drop_symmetric(&mut rng, &mut moves);
            assert_eq!(moves.len(), 6);
            assert!(moves.iter().all(|m| m.pos() == moves[0].pos()) && [6, 10].contains(&moves[0].pos()));
            sides.insert(moves[0].pos());
        }
        assert_eq!(sides.len(), 2);
        // After an Old Stone at 7, Red must add next to it, at 6 or 8: again one side.
        let mut q = Qyshinsu::new(&QyshinsuOptions::default());
        parlour_rules::play_text(&mut q, "o@7").unwrap();
        q.legal_moves(&mut moves);
        let all = moves.len();
        q.drop_symmetric(&mut rng, &mut moves);
        assert_eq!(moves.len() * 2, all);
        // From the third move on nothing is dropped.
        parlour_rules::play_text(&mut q, "3@8").unwrap();
        q.legal_moves(&mut moves);
        let all = moves.clone();
        q.drop_symmetric(&mut rng, &mut moves);
        assert_eq!(moves, all);
    }

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
    fn never_plays_an_illegal_move_in_whole_games_with_tree_reuse() {
        // Repetitions are common here, and a reused tree once handed back the opponent's last
        // move when the new root was a position the search had marked as a repetition.
        check_legal_in_games_with_kept_searchers(&Qyshinsu::new(&Default::default()), 40, 400, &["rep=1"]);
    }

    #[test]
    fn reproducible_and_cancellable() {
        let mut q = Qyshinsu::new(&QyshinsuOptions::default());
        parlour_rules::play_text(&mut q, "4@2").unwrap();
        check_reproducible(&q, 400);
        check_cancel_and_move_now(&q);
    }
}

//! Kansho knowledge: the score is the markers on the board at the end, and every marker in hand
//! goes onto the board before the end, so the evaluation is the board difference plus the hand
//! difference. The strong levels count a marker in hand for more than one on the board
//! ([`HAND_WEIGHT`], in `evaluate_as`); the weak ones search the plain count, a half
//! ([`PLAIN_HAND_WEIGHT`], in `evaluate`), which is what they were measured with.

use parlour_rules::kansho::{CELLS, Kansho, KanshoMove};
use parlour_rules::{Game, Player};

use crate::config::{AlphaBetaParams, Budget, MctsParams, SearchConfig};
use crate::knowledge::Knowledge;
use crate::level::{Level, LevelConfig};

/// How far the Casual level looks ahead in Kansho: two plies, with the other games' Casual noise
/// (±0.05), about 540 above the Novice. At three plies it won every game against every yardstick
/// and rated about 800 above the Novice (60 games a pairing, docs/strength.md). From 2026-12-04
/// to 12-06 it also had more noise (±0.2, about 440 above the Novice); it lost that when the
/// strong levels' evaluation lifted the Master to about 1,900 above the Novice, and the Casual
/// and the Strong moved up to share the span out evenly.
const CASUAL_DEPTH: u32 = 2;
/// The Strong level's alpha-beta nodes a move in Kansho: 30,000 (40–180 ms here), rated about
/// halfway between the Casual and the Master (docs/strength.md, "Levels"; 150,000 until the
/// evaluation changed on 2026-12-06).
const STRONG_NODES: u64 = 30_000;

/// What a marker in hand is worth against one on the board as the strong levels judge it: two.
/// Every marker in hand reaches the board before the end, and one kept longer is a move the
/// opponent cannot answer once their hand is empty. Until 2026-12-06 it was half, and the search
/// spent markers too freely.
/// At equal nodes (the Master's search, 100,000–200,000 a move) one beat a half 19–1, one and a
/// quarter beat one 8–0, one and a half beat one and a quarter 10–2, two beat one and a half
/// 20–11 (one drawn), three lost to two 1–11 (docs/strength.md, "Kansho's evaluation").
const HAND_WEIGHT: f32 = 2.0;

/// The hand's weight in the plain count the weak levels search with (`plain_view`): a half. With
/// [`HAND_WEIGHT`] even the Novice's one-ply look won 58 of 60 games against plain UCT at 3,000
/// playouts (with the half, 9.5), no longer an opponent a first game can beat.
const PLAIN_HAND_WEIGHT: f32 = 0.5;

/// The side to move's material lead, markers in hand counting `hand_weight` each, as a value in
/// `(-1, 1)`.
fn material_lead(k: &Kansho, hand_weight: f32) -> f32 {
    let material = |p: Player| f32::from(k.on_board(p)) + hand_weight * f32::from(k.hand(p));
    let me = k.side_to_move();
    ((material(me) - material(me.other())) / 16.0).tanh()
}

impl Knowledge for Kansho {
    const HAS_EVALUATION: bool = true;
    const MOVE_KEYS: usize = CELLS;

    /// The plain count, which the weak levels search.
    fn evaluate(&self) -> f32 {
        material_lead(self, PLAIN_HAND_WEIGHT)
    }

    /// The strong levels' count, the same for either seat.
    fn evaluate_as(&self, _searcher: Player) -> f32 {
        material_lead(self, HAND_WEIGHT)
    }

    fn move_key(&self, mv: &KanshoMove) -> usize {
        mv.centre.index() % CELLS
    }

    fn mcts_params(&self) -> MctsParams {
        MctsParams::default()
    }

    /// The value reported is the mean of the last two completed depths (`two_depths`; it changes
    /// no move). A Kansho value swings with the horizon's parity — every placement moves several
    /// markers — so one depth's value of a position and of the position after it could differ
    /// by a marker or two either way, and the review's marks followed the parity rather than the
    /// move: at the review's budget they marked none of the Novice's errors that a search ten
    /// times longer found. With the mean they agree (issue 73, docs/analysis.md, "Do the marks
    /// find the mistakes?").
    fn alphabeta_params(&self) -> AlphaBetaParams {
        AlphaBetaParams {
            two_depths: true,
            ..AlphaBetaParams::default()
        }
    }

    /// Alpha-beta at every level (see `MEASUREMENTS.md`); the Casual looks two plies ahead
    /// ([`CASUAL_DEPTH`]), the Strong searches [`STRONG_NODES`] a move.
    fn level_config(&self, level: Level) -> SearchConfig {
        let mut cfg = level.alphabeta_config(self.alphabeta_params());
        match level {
            Level::Casual => cfg.budget = Budget::depth(CASUAL_DEPTH),
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

    #[test]
    fn the_strong_levels_count_a_marker_kept_in_hand_for_more_than_one_on_the_board() {
        // White: three on the board and 100 in hand; Black: one more on the board, one fewer in
        // hand. Both have 103 markers left; White's extra one in hand is the better share.
        let white = [(3, 3), (4, 3), (3, 4)];
        let black = [(-3, 3), (-4, 3), (-3, 4), (-4, 4)];
        // The strong levels' count sees it; the weak levels' plain one does not.
        let k = Kansho::from_coords(&white, &black, [100, 99], Player::P1).unwrap();
        assert!(k.evaluate_as(Player::P1) > 0.0, "{}", k.evaluate_as(Player::P1));
        assert!(k.evaluate() < 0.0, "{}", k.evaluate());
        let k = Kansho::from_coords(&white, &black, [100, 99], Player::P2).unwrap();
        assert!(k.evaluate_as(Player::P1) < 0.0, "{}", k.evaluate_as(Player::P1));
        assert_eq!(k.evaluate_as(Player::P1), k.evaluate_as(Player::P2));
    }
}

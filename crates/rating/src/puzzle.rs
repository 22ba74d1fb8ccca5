//! A player's puzzle rating (issue 77): each attempt is a game against the puzzle, rated at
//! once as lichess rates its puzzles — the puzzle an opponent with its own rating and a fixed
//! deviation ([`PUZZLE_DEVIATION`]), solved a win, failed a loss; only the player's rating moves.

use crate::constants::{DEFAULT_VOLATILITY, MAX_RATING_DELTA, TAU};
use crate::glicko::Glicko;
use crate::glicko2::rate_period;
use crate::outcome::Outcome;

/// The deviation a puzzle's rating is taken to have.
pub const PUZZLE_DEVIATION: f64 = 80.0;

/// The player's rating after an attempt at a puzzle rated `puzzle`: solved (with no hint and
/// no wrong try) or failed. Kept within lichess's bounds; a computation that does not converge
/// or is not believable leaves the rating as it was.
pub fn rate_puzzle(player: &Glicko, puzzle: f64, solved: bool) -> Glicko {
    let opponent = Glicko {
        rating: puzzle,
        deviation: PUZZLE_DEVIATION,
        volatility: DEFAULT_VOLATILITY,
    };
    let before = player.cap();
    let outcome = if solved { Outcome::Win } else { Outcome::Loss };
    let Ok(after) = rate_period(&before, &[(opponent, outcome)], TAU, 0.0) else {
        return *player;
    };
    let delta = (after.rating - before.rating).clamp(-MAX_RATING_DELTA, MAX_RATING_DELTA);
    let limited = Glicko {
        rating: before.rating + delta,
        ..after
    }
    .cap();
    if limited.sane() { limited } else { *player }
}

#[cfg(test)]
mod tests {
    use super::*;

    const NEW: Glicko = Glicko::DEFAULT;

    fn settled(rating: f64) -> Glicko {
        Glicko {
            rating,
            deviation: 60.0,
            volatility: 0.06,
        }
    }

    #[test]
    fn solving_raises_and_failing_lowers_the_rating() {
        for p in [NEW, settled(1200.0), settled(1900.0)] {
            for puzzle in [800.0, 1500.0, 2200.0] {
                assert!(rate_puzzle(&p, puzzle, true).rating > p.rating);
                assert!(rate_puzzle(&p, puzzle, false).rating < p.rating);
            }
        }
    }

    #[test]
    fn a_hard_puzzle_solved_gains_more_than_an_easy_one() {
        let p = settled(1500.0);
        let easy = rate_puzzle(&p, 1000.0, true).rating - p.rating;
        let hard = rate_puzzle(&p, 2000.0, true).rating - p.rating;
        assert!(hard > easy * 3.0, "hard {hard} easy {easy}");
        let lost_easy = p.rating - rate_puzzle(&p, 1000.0, false).rating;
        let lost_hard = p.rating - rate_puzzle(&p, 2000.0, false).rating;
        assert!(lost_easy > lost_hard * 3.0, "easy {lost_easy} hard {lost_hard}");
    }

    #[test]
    fn a_new_player_moves_fast_and_settles() {
        let mut p = NEW;
        let first = rate_puzzle(&p, 1500.0, true).rating - p.rating;
        assert!(first > 100.0, "{first}");
        // A player who solves every puzzle under 1700 and fails every one above ends between.
        for i in 0..200 {
            let puzzle = 1000.0 + f64::from(i % 20) * 70.0;
            p = rate_puzzle(&p, puzzle, puzzle < 1700.0);
        }
        assert!((1550.0..1850.0).contains(&p.rating), "{p:?}");
        assert!(p.deviation < 80.0, "{p:?}");
        let step = rate_puzzle(&p, 1500.0, true).rating - p.rating;
        assert!(step < first / 4.0, "{step} vs {first}");
    }
}

//! What the player keeps of puzzles from one visit to the next: a puzzle rating per game
//! (Glicko-2 against the puzzles, `parlour_rating::rate_puzzle`) and the best streak. Written
//! beside the settings (`store::puzzles`); in the browser, in the page's storage as they are.

use std::collections::BTreeMap;

use bevy::prelude::*;
use parlour_rating::{Glicko, rate_puzzle};
use parlour_rules::GameId;
use serde::{Deserialize, Serialize};

/// One game's puzzle rating.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct Rated {
    /// The rating.
    pub rating: f64,
    /// Its deviation.
    pub deviation: f64,
    /// Its volatility.
    pub volatility: f64,
    /// Puzzles rated.
    pub tries: u32,
    /// Of them, solved.
    pub solved: u32,
}

impl Default for Rated {
    fn default() -> Self {
        let g = Glicko::DEFAULT;
        Rated {
            rating: g.rating,
            deviation: g.deviation,
            volatility: g.volatility,
            tries: 0,
            solved: 0,
        }
    }
}

impl Rated {
    fn glicko(&self) -> Glicko {
        Glicko {
            rating: self.rating,
            deviation: self.deviation,
            volatility: self.volatility,
        }
    }

    /// The rating as a player reads it: "1512", with "?" while it is provisional.
    pub fn shown(&self) -> String {
        let mark = if self.glicko().provisional() { "?" } else { "" };
        format!("{:.0}{mark}", self.rating)
    }
}

/// The player's puzzle record.
#[derive(Resource, Clone, Debug, Default, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct PuzzleRecord {
    /// A rating per game (by the game's id).
    pub ratings: BTreeMap<String, Rated>,
    /// The longest streak so far.
    pub best_streak: u32,
}

impl PuzzleRecord {
    /// The player's rating in `game` (a new player's until the first puzzle).
    pub fn rated(&self, game: GameId) -> Rated {
        self.ratings.get(game.id()).copied().unwrap_or_default()
    }

    /// Rates an attempt at a puzzle of `game` rated `puzzle`; returns the change.
    pub fn rate(&mut self, game: GameId, puzzle: u32, solved: bool) -> f64 {
        let before = self.rated(game);
        let after = rate_puzzle(&before.glicko(), f64::from(puzzle), solved);
        self.ratings.insert(
            game.id().to_string(),
            Rated {
                rating: after.rating,
                deviation: after.deviation,
                volatility: after.volatility,
                tries: before.tries + 1,
                solved: before.solved + u32::from(solved),
            },
        );
        after.rating - before.rating
    }

    /// Reads a record written by [`PuzzleRecord::to_text`]; anything unreadable is a fresh
    /// record (a rating lost is a nuisance, never a reason not to start).
    pub fn from_text(text: &[u8]) -> PuzzleRecord {
        let mut r: PuzzleRecord = serde_json::from_slice(text).unwrap_or_default();
        r.ratings.retain(|_, g| {
            g.rating.is_finite() && g.deviation.is_finite() && g.volatility.is_finite() && g.glicko().sane()
        });
        r
    }

    /// The record as the file keeps it.
    pub fn to_text(&self) -> String {
        serde_json::to_string_pretty(self).unwrap_or_default()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_record_keeps_its_ratings_and_refuses_nonsense() {
        let mut r = PuzzleRecord::default();
        let up = r.rate(GameId::Konane, 1500, true);
        assert!(up > 0.0);
        assert!(r.rate(GameId::Konane, 1500, false) < 0.0);
        r.best_streak = 4;
        let back = PuzzleRecord::from_text(r.to_text().as_bytes());
        assert_eq!(back, r);
        assert_eq!(back.rated(GameId::Konane).tries, 2);
        assert_eq!(back.rated(GameId::Kansho).tries, 0);
        assert_eq!(PuzzleRecord::from_text(b"{not json"), PuzzleRecord::default());
        let bad = r#"{"ratings":{"konane":{"rating":-5,"deviation":1,"volatility":1,"tries":1,"solved":0}}}"#;
        assert!(PuzzleRecord::from_text(bad.as_bytes()).ratings.is_empty());
    }
}

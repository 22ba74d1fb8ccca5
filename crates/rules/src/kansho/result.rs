//! Kansho's result names: the seed's table (losing score → winning-score ranges for Hollow
//! Victory, Technical Victory, Outright Victory, Domination, Annihilation) kept as data exactly
//! as printed, and the lookup with the rule page's decisions.

use serde::{Deserialize, Serialize};

use super::result_table::TABLE;

/// The five results a won game of Kansho can have, weakest first.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Victory {
    /// Hollow Victory.
    Hollow,
    /// Technical Victory.
    Technical,
    /// Outright Victory.
    Outright,
    /// Domination.
    Domination,
    /// Annihilation.
    Annihilation,
}

impl Victory {
    /// All five, in the table's column order.
    pub const ALL: [Victory; 5] = [
        Victory::Hollow,
        Victory::Technical,
        Victory::Outright,
        Victory::Domination,
        Victory::Annihilation,
    ];

    /// The end word used by the engine's `status` and saved games (`hollow-victory`…).
    pub fn as_str(self) -> &'static str {
        match self {
            Victory::Hollow => "hollow-victory",
            Victory::Technical => "technical-victory",
            Victory::Outright => "outright-victory",
            Victory::Domination => "domination",
            Victory::Annihilation => "annihilation",
        }
    }

    /// The name shown to players (`Hollow Victory`…).
    pub fn display(self) -> &'static str {
        match self {
            Victory::Hollow => "Hollow Victory",
            Victory::Technical => "Technical Victory",
            Victory::Outright => "Outright Victory",
            Victory::Domination => "Domination",
            Victory::Annihilation => "Annihilation",
        }
    }

    /// Reads an end word back (`domination` → `Domination`).
    pub fn from_str_name(s: &str) -> Option<Victory> {
        Victory::ALL.into_iter().find(|v| v.as_str() == s)
    }
}

/// The result of a won game with these scores, or `None` when `winner_score <= loser_score`.
///
/// Decisions from the rule page: a losing score of 0 is an Annihilation; a losing score of 108
/// or more is read from the table's last row (`≥108` → Hollow Victory for any higher score);
/// a winning score that falls in a printed gap (only row 64's 122, between Outright 89–121 and
/// Domination ≥123) belongs to the next result up.
pub fn classify(winner_score: u32, loser_score: u32) -> Option<Victory> {
    if winner_score <= loser_score {
        return None;
    }
    if loser_score == 0 {
        return Some(Victory::Annihilation);
    }
    let row = TABLE.iter().find(|row| {
        row.losing
            .bounds()
            .is_some_and(|(lo, hi)| lo <= loser_score && loser_score <= hi)
    })?;
    // The first column whose range reaches the winning score: inside a printed range, or in
    // the gap just below the next one.
    Victory::ALL
        .into_iter()
        .zip(row.bands)
        .find(|&(_, band)| band.bounds().is_some_and(|(_, hi)| winner_score <= hi))
        .map(|(v, _)| v)
}

/// The end word for a game whose scores are `winner_score` and `loser_score`:
/// `hollow-victory`, `technical-victory`, `outright-victory`, `domination`, `annihilation`,
/// or `equal-scores` when they are equal. The two scores may be given in either order.
pub fn result_name(winner_score: u32, loser_score: u32) -> &'static str {
    let (hi, lo) = (winner_score.max(loser_score), winner_score.min(loser_score));
    classify(hi, lo).map_or("equal-scores", Victory::as_str)
}

/// The player-facing name of the result (`Domination`, `Hollow Victory`…), or `Draw` when the
/// scores are equal. The two scores may be given in either order.
pub fn result_display(winner_score: u32, loser_score: u32) -> &'static str {
    let (hi, lo) = (winner_score.max(loser_score), winner_score.min(loser_score));
    classify(hi, lo).map_or("Draw", Victory::display)
}

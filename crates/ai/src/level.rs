//! The named playing levels, from one a first-time player can beat to the strongest, and the
//! configuration each stands for when a game gives no tuned one of its own.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::config::{Algorithm, AlphaBetaParams, Budget, ConfigError, MctsParams, SearchConfig};

/// A playing level. Each game maps every level to a [`SearchConfig`] through
/// [`Knowledge::level_config`](crate::Knowledge::level_config); the budgets of the two weak
/// levels are iteration counts, so they play the same on any machine, and the two strong ones
/// are times (`Master` thinks at most 2.4 s a move).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Level {
    /// For a first game: a one-move look with noisy judgement (alpha-beta games) or a small
    /// search that sometimes prefers a good-looking second choice (MCTS games). It never misses
    /// a win in one and its moves look purposeful, but it is easy to outplay.
    Novice,
    /// A warm-up: a modest search (three plies, or 1,500 playouts; two plies in Kōnane and
    /// Kansho, 200 playouts in ConHex, where those measured one step above the Novice).
    Casual,
    /// Strong: the game's best algorithm with 0.8 s a move.
    Strong,
    /// The strongest: the game's best algorithm with 2.4 s a move.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Novice, Level::Casual, Level::Strong, Level::Master];

    /// The level's lower-case name, as accepted by `level=`.
    pub fn name(self) -> &'static str {
        match self {
            Level::Novice => "novice",
            Level::Casual => "casual",
            Level::Strong => "strong",
            Level::Master => "master",
        }
    }

    /// One sentence for players choosing an opponent.
    pub fn description(self) -> &'static str {
        match self {
            Level::Novice => "Plays sensible moves without looking far ahead; a good first opponent.",
            Level::Casual => "Looks a little ahead and takes what you leave it.",
            Level::Strong => "Thinks for under a second a move and punishes mistakes.",
            Level::Master => "The strongest setting: thinks for up to two and a half seconds a move.",
        }
    }

    /// The configuration for a game that has no tuned levels: MCTS with `params` for the two
    /// strong levels, and a small, softened MCTS for the weak ones.
    pub fn generic_config(self, params: MctsParams) -> SearchConfig {
        let (algorithm, budget) = match self {
            Level::Novice => (
                Algorithm::Mcts(MctsParams {
                    temperature: 0.6,
                    reuse_tree: false,
                    ..params
                }),
                Budget::iterations(150),
            ),
            Level::Casual => (
                Algorithm::Mcts(MctsParams {
                    reuse_tree: false,
                    ..params
                }),
                Budget::iterations(1500),
            ),
            Level::Strong => (Algorithm::Mcts(params), Budget::millis(STRONG_MS)),
            Level::Master => (Algorithm::Mcts(params), Budget::millis(MASTER_MS)),
        };
        SearchConfig::new(algorithm, budget, 0)
    }

    /// The configuration for a game whose evaluation is good enough for alpha-beta at every
    /// level: a noisy one-ply look for `Novice` (greedy, with slips), a noisy three-ply search
    /// for `Casual`, both with the game's one shared evaluation (`plain_view`), and `params`
    /// with the time of the level for the two strong ones.
    pub fn alphabeta_config(self, params: AlphaBetaParams) -> SearchConfig {
        let algorithm = |noise: f32| Algorithm::AlphaBeta(AlphaBetaParams { noise, ..params });
        // The weak levels search plainly: the shared view and no reluctance to repeat (see the
        // fields' docs).
        let weak = |noise: f32| {
            Algorithm::AlphaBeta(AlphaBetaParams {
                noise,
                plain_view: true,
                avoid_repeat: 0.0,
                second_avoid_repeat: None,
                ..params
            })
        };
        let (algorithm, budget) = match self {
            Level::Novice => (weak(0.3), Budget::depth(1)),
            Level::Casual => (weak(0.05), Budget::depth(3)),
            Level::Strong => (algorithm(params.noise), Budget::millis(STRONG_MS)),
            // The Master alone plays perfectly where the game's solver reaches.
            Level::Master => (
                Algorithm::AlphaBeta(AlphaBetaParams { exact: true, ..params }),
                Budget::millis(MASTER_MS),
            ),
        };
        SearchConfig::new(algorithm, budget, 0)
    }
}

/// Thinking time of [`Level::Strong`] per move.
pub const STRONG_MS: u64 = 800;
/// Thinking time of [`Level::Master`] per move (the limit is 2.5 s on two cores).
pub const MASTER_MS: u64 = 2400;

impl fmt::Display for Level {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

impl FromStr for Level {
    type Err = ConfigError;

    /// Reads a level by name (any case) or by number `1`–`4`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let s = s.trim();
        Level::ALL
            .iter()
            .enumerate()
            .find(|(i, l)| l.name().eq_ignore_ascii_case(s) || s == (i + 1).to_string())
            .map(|(_, l)| *l)
            .ok_or_else(|| ConfigError(format!("unknown level '{s}'; valid: novice, casual, strong, master")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn levels_parse_by_name_and_number() {
        assert_eq!("MASTER".parse::<Level>().unwrap(), Level::Master);
        assert_eq!("1".parse::<Level>().unwrap(), Level::Novice);
        let e = "grandmaster".parse::<Level>().unwrap_err();
        assert!(e.0.contains("novice, casual, strong, master"), "{e}");
        for l in Level::ALL {
            assert_eq!(l.to_string().parse::<Level>().unwrap(), l);
        }
        assert!(Level::Novice < Level::Master);
    }
}

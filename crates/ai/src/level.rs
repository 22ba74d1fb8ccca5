//! The named playing levels, from one a first-time player can beat to the strongest, and the
//! configuration each stands for when a game gives no tuned one of its own.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

use crate::config::{Algorithm, AlphaBetaParams, Budget, ConfigError, MctsParams, SearchConfig};

/// A playing level. Each game maps every level to a [`SearchConfig`] through
/// [`Knowledge::level_config`](crate::Knowledge::level_config); the budgets of the three lower
/// levels are iteration counts or depths, so they play the same on any machine, and the
/// Master's is a time (at most 2.4 s a move). The budgets were set per game where the levels
/// measured evenly spaced (docs/strength.md, "Levels").
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Level {
    /// For a first game: a one-move look with noisy judgement (alpha-beta games) or a small
    /// search that sometimes prefers a good-looking second choice (MCTS games). It never misses
    /// a win in one and its moves look purposeful, but it is easy to outplay.
    Novice,
    /// A warm-up: a modest search (three plies, or 1,500 playouts; two plies in Kōnane and
    /// Kansho, 200 playouts in ConHex, 600 in Qyshinsu, where those measured one step above
    /// the Novice).
    Casual,
    /// Strong: the game's best algorithm with a fixed budget of nodes or playouts a move, set
    /// per game about halfway (in rating) between the Casual and the Master: a few to a few
    /// hundred milliseconds here. Until 2026-12-06 it had 0.8 s a move, which rated within 230
    /// of the Master (level with it in Kōnane, Kansho and Qyshinsu) and, in Kōnane and Kansho,
    /// 760–910 above the Casual.
    Strong,
    /// The strongest: the game's best algorithm with 2.4 s a move.
    Master,
}

impl Level {
    /// Every level, weakest first.
    pub const ALL: [Level; 4] = [Level::Novice, Level::Casual, Level::Strong, Level::Master];

    /// The level one step weaker (`None` for the Novice).
    pub fn weaker(self) -> Option<Level> {
        let i = Level::ALL.iter().position(|l| *l == self)?;
        Level::ALL.get(i.checked_sub(1)?).copied()
    }

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
            Level::Strong => "Looks several moves ahead and punishes mistakes; the step between Casual and Master.",
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
            Level::Strong => (Algorithm::Mcts(params), Budget::iterations(STRONG_PLAYOUTS)),
            Level::Master => (Algorithm::Mcts(params), Budget::millis(MASTER_MS)),
        };
        SearchConfig::new(algorithm, budget, 0)
    }

    /// The configuration for a game whose evaluation is good enough for alpha-beta at every
    /// level: a noisy one-ply look for `Novice` (greedy, with slips), a noisy three-ply search
    /// for `Casual`, both with the game's one shared evaluation (`plain_view`), and `params`
    /// for the two strong ones: [`STRONG_NODES`] a move for `Strong`, the Master's time for
    /// `Master`.
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
            Level::Strong => (algorithm(params.noise), Budget::iterations(STRONG_NODES)),
            // The Master alone plays perfectly where the game's solver reaches.
            Level::Master => (
                Algorithm::AlphaBeta(AlphaBetaParams { exact: true, ..params }),
                Budget::millis(MASTER_MS),
            ),
        };
        SearchConfig::new(algorithm, budget, 0)
    }
}

/// [`Level::Strong`]'s playouts a move where a game sets none of its own (each of Parlour's
/// games does: docs/strength.md).
pub const STRONG_PLAYOUTS: u64 = 20_000;
/// [`Level::Strong`]'s alpha-beta nodes a move where a game sets none of its own.
pub const STRONG_NODES: u64 = 20_000;
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
        assert_eq!(Level::Novice.weaker(), None);
        assert_eq!(Level::Master.weaker(), Some(Level::Strong));
    }
}

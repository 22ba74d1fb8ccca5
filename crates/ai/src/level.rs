//! The named playing levels, from one a first-time player can beat to the strongest, and the
//! configuration each stands for when a game gives no tuned one of its own.

use crate::config::{Algorithm, AlphaBetaParams, Budget, ConfigError, MctsParams, SearchConfig};

pub use parlour_rules::record::{Level, UnknownLevel};

impl From<UnknownLevel> for ConfigError {
    fn from(e: UnknownLevel) -> ConfigError {
        ConfigError(e.0)
    }
}

/// The configuration each [`Level`] stands for when a game gives no tuned one of its own (the
/// level itself is plain data in `parlour-rules`, which the save format names).
pub trait LevelConfig {
    /// The configuration for a game that has no tuned levels: MCTS with `params` for the two
    /// strong levels, and a small, softened MCTS for the weak ones.
    fn generic_config(self, params: MctsParams) -> SearchConfig;

    /// The configuration for a game whose evaluation is good enough for alpha-beta at every
    /// level: a noisy one-ply look for `Novice` (greedy, with slips), a noisy three-ply search
    /// for `Casual`, both with the game's one shared evaluation (`plain_view`), and `params`
    /// for the two strong ones: [`STRONG_NODES`] a move for `Strong`, the Master's time for
    /// `Master`.
    fn alphabeta_config(self, params: AlphaBetaParams) -> SearchConfig;
}

impl LevelConfig for Level {
    fn generic_config(self, params: MctsParams) -> SearchConfig {
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

    fn alphabeta_config(self, params: AlphaBetaParams) -> SearchConfig {
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

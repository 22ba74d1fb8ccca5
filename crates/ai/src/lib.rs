//! parlour-ai: search over the Parlour games' common interface ([`parlour_rules::Game`]).
//!
//! * [`search`] — the blocking core: Monte-Carlo tree search (plain UCT baseline, or enhanced
//!   with MCTS-Solver, tree reuse, informed/MAST playouts, RAVE, progressive bias) or
//!   iterative-deepening alpha-beta, chosen by a [`SearchConfig`]; [`Searcher`] keeps the tree
//!   and table between moves.
//! * [`SearchHandle`] / [`hint`] — the same search on a thread: poll, move now, cancel.
//! * [`Level`] — four named levels; each game maps them to configurations through
//!   [`Knowledge::level_config`].
//! * [`Knowledge`] — what the AI knows of a game beyond the rules (evaluation, playout policy,
//!   priors); implemented for the five Parlour games in [`games`].
//! * [`arena`] — AI-versus-AI series with a results table.
//!
//! No Bevy, no global state; all randomness comes from the configured seed.

mod alphabeta;
pub mod analysis;
pub mod arena;
mod config;
pub mod games;
mod handle;
mod knowledge;
mod level;
mod limits;
mod mcts;
mod plain_uct;
pub mod proof;
pub mod puzzles;
pub mod ratings;
mod result;
mod search;
pub mod solve;
pub mod solved;
mod stop;
pub mod tables;
mod tt;
mod words;

#[cfg(test)]
mod testgames;
#[cfg(test)]
mod tests;

pub use arena::{GameRecord, MatchOptions, MatchReport, Side, play_match, wilson};
pub use config::{
    Algorithm, AlphaBetaParams, Budget, CEILING_MS, ConfigError, MAX_SEARCH_DEPTH, MctsParams, SearchConfig,
};
pub use handle::{SearchHandle, hint};
pub use knowledge::{KeyHasher, Knowledge, mix64};
pub use level::{Level, LevelConfig, MASTER_MS, UnknownLevel};
pub use result::SearchResult;
pub use search::{Searcher, search};
pub use solve::{Outcome, Proven, Solution, Solvable, SolveConfig, Solver};
pub use stop::{StopFlag, StopRequest};

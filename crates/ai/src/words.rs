//! Reading a [`SearchConfig`] from `key=value` words (`genmove`, `match`, the client's and the
//! worker's options): the level, the algorithm, the budget, the seed and the tunables.

use crate::config::{Algorithm, Budget, ConfigError, MAX_SEARCH_DEPTH, SearchConfig, number};
use crate::knowledge::Knowledge;
use crate::level::Level;

impl SearchConfig {
    /// Reads a configuration from `key=value` words for the game `state` is a position of:
    /// `level=NAME` (the starting point, `default_level` when absent), `algo=uct|mcts|ab`
    /// (the game's tuned parameters for that algorithm), `ms=N`, `playouts=N` (alias
    /// `iterations`, `nodes`), `depth=N`, `seed=N`. Any of `ms`/`playouts`/`depth` replaces the
    /// level's budget as a whole, so `level=master playouts=5000` is reproducible. `depth=` is
    /// for alpha-beta (1 to [`MAX_SEARCH_DEPTH`]); a tree search refuses it with a sentence
    /// naming what to use instead. Without `ms=` the search stops at
    /// [`CEILING_MS`](crate::CEILING_MS) whatever else the words ask.
    ///
    /// Tunables for experiments, applied after the above: UCT/MCTS `c=`; MCTS `fpu=`,
    /// `solver=`, `reuse=`, `informed=` (0/1), `mast=` (ε), `rave=` (k), `pb=` (weight),
    /// `pbeval=` (0/1), `cutoff=`, `expand=`, `temp=`, `threads=`; alpha-beta `noise=`, `tt=` (bits),
    /// `killers=`, `history=`, `swindle=` (0/1); both `rep=` (0/1, a repeated position counts as a draw),
    /// `contempt=` and `avoid=` (margin; for alpha-beta both seats', `avoid2=` the second
    /// seat's alone, given after it). A tunable that does not apply to the algorithm is an error.
    pub fn parse<G: Knowledge>(state: &G, words: &[&str], default_level: Level) -> Result<Self, ConfigError> {
        let mut level = default_level;
        let mut algo: Option<&str> = None;
        let mut budget = Budget::default();
        let mut seed: Option<u64> = None;
        let mut tunables: Vec<(String, &str)> = Vec::new();
        for word in words {
            let (key, value) = word
                .split_once('=')
                .ok_or_else(|| ConfigError(format!("'{word}' is not of the form key=value")))?;
            let key = key.to_ascii_lowercase();
            match key.as_str() {
                "level" => level = value.parse()?,
                "algo" | "algorithm" => algo = Some(value),
                "ms" | "millis" => budget.millis = Some(number(&key, value)?),
                "playouts" | "iterations" | "nodes" => budget.iterations = Some(number(&key, value)?),
                "depth" => {
                    let d = number(&key, value)?;
                    budget.depth = Some(u32::try_from(d).map_err(|_| ConfigError(format!("depth {d} is too large")))?);
                }
                "seed" => seed = Some(number(&key, value)?),
                "c" | "fpu" | "solver" | "reuse" | "informed" | "mast" | "rave" | "pb" | "pbeval" | "cutoff"
                | "expand" | "temp" | "contempt" | "rep" | "avoid" | "avoid2" | "threads" | "noise" | "tt"
                | "killers" | "history" | "swindle" => tunables.push((key, value)),
                _ => {
                    return Err(ConfigError(format!(
                        "unknown setting '{key}'; valid: level, algo, ms, playouts, depth, seed"
                    )));
                }
            }
        }
        let mut cfg = state.level_config(level);
        if let Some(name) = algo {
            cfg.algorithm = match name.to_ascii_lowercase().as_str() {
                "uct" | "plain" => Algorithm::plain(),
                "mcts" => Algorithm::Mcts(state.mcts_params()),
                "ab" | "alphabeta" | "alpha-beta" => Algorithm::AlphaBeta(state.alphabeta_params()),
                "random" => Algorithm::Random,
                _ => {
                    return Err(ConfigError(format!(
                        "unknown algorithm '{name}'; valid: uct, mcts, ab, random"
                    )));
                }
            };
        }
        if !budget.is_unlimited() {
            cfg.budget = budget;
        }
        if let Some(seed) = seed {
            cfg.seed = seed;
        }
        for (key, value) in tunables {
            cfg.algorithm.tune(&key, value)?;
        }
        if let Some(d) = budget.depth {
            match cfg.algorithm {
                Algorithm::AlphaBeta(_) | Algorithm::Random => {}
                ref a => {
                    return Err(ConfigError(format!(
                        "depth= limits alpha-beta searches only; this search ({}) grows a tree, \
                         so give it playouts=N or ms=N instead (or algo=ab to search by depth)",
                        a.name()
                    )));
                }
            }
            if d == 0 || d > MAX_SEARCH_DEPTH {
                return Err(ConfigError(format!(
                    "depth {d} is out of range: alpha-beta searches 1 to {MAX_SEARCH_DEPTH} plies"
                )));
            }
        }
        Ok(cfg.bounded())
    }
}

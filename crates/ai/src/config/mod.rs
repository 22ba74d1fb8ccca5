//! What a search is asked to do: the algorithm with its tunables, the budget and the seed,
//! and how those are read from `key=value` words (`genmove`, `match`; the reading itself,
//! [`SearchConfig::parse`], is in `words.rs`).

use parlour_rules::Player;
use serde::{Deserialize, Serialize};
use thiserror::Error;

mod display;

/// Tunables of the enhanced Monte-Carlo tree search. Every enhancement can be switched off on
/// its own, which is how the measurements in `MEASUREMENTS.md` were taken.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct MctsParams {
    /// UCT exploration constant `C` in `q + C·sqrt(ln N / n)` (rewards are in `[0, 1]`).
    pub exploration: f32,
    /// Value given to a child never visited; anything ≥ 10 means "try every child once first".
    pub first_play_urgency: f32,
    /// MCTS-Solver: propagate proven wins and losses up the tree and play proven wins.
    pub solver: bool,
    /// Keep the subtree of the position reached when the same [`crate::Searcher`] is asked again.
    pub reuse_tree: bool,
    /// Playouts use the game's [`Knowledge::playout_move`](crate::Knowledge::playout_move)
    /// instead of uniform random moves.
    pub informed_playouts: bool,
    /// MAST: with probability `1 − mast_epsilon` a playout move is the one with the best
    /// average result so far (over all simulations); `1.0` switches MAST off.
    pub mast_epsilon: f32,
    /// RAVE equivalence parameter `k` (β = sqrt(k / (3n + k))); `0` switches RAVE off.
    pub rave: f32,
    /// Progressive bias weight `W` in `+ W·prior / (n + 1)`; `0` switches it off.
    pub progressive_bias: f32,
    /// The prior comes from the evaluation of the position after the move (true), or from the
    /// game's cheap [`Knowledge::move_prior`](crate::Knowledge::move_prior) (false).
    pub bias_from_eval: bool,
    /// Stop a playout after this many moves and score it with the evaluation; `0` plays to the end.
    pub playout_cutoff: u32,
    /// A leaf gets children once it has been visited this many times (≥ 1).
    pub expand_after: u32,
    /// The tree stops growing at this many nodes (memory cap; search goes on with playouts).
    pub max_nodes: u32,
    /// `0`: play the most visited move. Above 0: sample a move with probability ∝
    /// visits^(1/temperature) among moves with a fair share of visits (used by the weak levels).
    pub temperature: f32,
    /// Contempt for draws: a draw is worth `0.5 − contempt` to the side searching (and
    /// `0.5 + contempt` to its opponent), so against a weaker player it plays on rather than
    /// repeat. `0` scores draws as half a win.
    #[serde(default)]
    pub contempt: f32,
    /// Score a position that has occurred before in the game as a draw, as chess programs do
    /// (if leaving the cycle were better, it was better the first time too), so a side that is
    /// ahead looks for progress instead of walking into the third occurrence.
    #[serde(default)]
    pub repeat_draw: bool,
    /// At the root only: when the chosen move heads into a repetition (brings back a position
    /// the game has seen, or lets the opponent draw by repetition with its reply), play instead
    /// the most searched move that does not, if its value is at most this much lower, it is not
    /// proven lost and it has at least a tenth of the visits. `0` switches it off; not applied
    /// when `temperature` samples the move. Unlike contempt, the values inside the tree are
    /// untouched.
    #[serde(default)]
    pub avoid_repeat: f32,
    /// Root parallelism: this many trees grow side by side, one per thread, and the move is
    /// chosen from their root statistics added together. `1` (or `0`, read as `1`) searches on
    /// the calling thread alone. An iteration budget is shared out between the trees.
    #[serde(default = "one_thread")]
    pub threads: u32,
}

fn one_thread() -> u32 {
    1
}

impl Default for MctsParams {
    fn default() -> Self {
        MctsParams {
            exploration: 0.7,
            first_play_urgency: 10.0,
            solver: true,
            reuse_tree: true,
            informed_playouts: true,
            mast_epsilon: 1.0,
            rave: 0.0,
            progressive_bias: 0.0,
            bias_from_eval: false,
            playout_cutoff: 0,
            expand_after: 1,
            max_nodes: 3_000_000,
            temperature: 0.0,
            contempt: 0.0,
            repeat_draw: false,
            avoid_repeat: 0.0,
            threads: 1,
        }
    }
}

impl MctsParams {
    /// Every enhancement off: UCT with uniform random playouts, as in the baseline, but on the
    /// enhanced code path (for measuring what each enhancement adds).
    pub fn bare() -> Self {
        MctsParams {
            exploration: std::f32::consts::SQRT_2,
            solver: false,
            reuse_tree: false,
            informed_playouts: false,
            ..MctsParams::default()
        }
    }
}

/// Tunables of alpha-beta search.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct AlphaBetaParams {
    /// The transposition table has `2^tt_bits` entries.
    pub tt_bits: u8,
    /// Killer-move ordering (two per ply).
    pub killers: bool,
    /// History-heuristic ordering.
    pub history: bool,
    /// Deterministic noise added to leaf evaluations, as a fraction of the evaluation range
    /// (used by the weak levels; `0` for none). Derived from the seed, so still reproducible.
    pub noise: f32,
    /// Score a position that has occurred before in the game as a draw (see
    /// [`MctsParams::repeat_draw`]).
    #[serde(default)]
    pub repeat_draw: bool,
    /// In a position proven lost, with time left, play the losing move that leaves the
    /// opponent the fewest winning replies (see `swindle` in `search.rs`) rather than the move
    /// a tree search without the solver likes best.
    #[serde(default)]
    pub swindle: bool,
    /// Contempt for draws, as a fraction of the evaluation range: a draw (or a repeated position
    /// with `repeat_draw`) is worth `−contempt` to the side searching and `+contempt` to its
    /// opponent, so the searcher plays on from a level position. `0` scores draws as level.
    #[serde(default)]
    pub contempt: f32,
    /// Evaluate with [`Knowledge::evaluate`](crate::Knowledge::evaluate), the view both seats
    /// share, instead of [`Knowledge::evaluate_as`](crate::Knowledge::evaluate_as) the seat
    /// searching (the weak levels: in Sixteen Soldiers the general's territory view would make
    /// the Novice's general hard to pin).
    #[serde(default)]
    pub plain_view: bool,
    /// At the root only, with `repeat_draw`: a move that draws at once (or brings back a
    /// position the game has seen) counts this much less than a draw, as a fraction of the
    /// `[0, 1]` value scale, so the searcher plays on unless the draw is clearly better; among
    /// moves of equal value it always prefers one that keeps the game going. Unlike contempt,
    /// the values inside the tree are untouched. `0`: only the tie-break.
    #[serde(default)]
    pub avoid_repeat: f32,
    /// The second seat's `avoid_repeat` where it differs from the first's (board 4's soldiers,
    /// who take repetitions too readily at the first seat's margin); `None`: the same.
    #[serde(default)]
    pub second_avoid_repeat: Option<f32>,
    /// Ask [`Knowledge::exact_move`](crate::Knowledge::exact_move) first: perfect play where proven.
    #[serde(default)]
    pub exact: bool,
    /// Evaluate as this seat would whichever seat is searching (`None`: as the seat searching).
    /// The analysis sets it so that both sides' positions are judged by one evaluation: where
    /// the evaluation differs by seat (the Sixteen Soldiers' watchful general), a position's value
    /// would otherwise depend on whose turn it is (issue 73).
    #[serde(default)]
    pub view_as: Option<Player>,
    /// Report the mean of the last two completed depths' values (an odd and an even horizon)
    /// instead of the last one's, where neither is proven.
    #[serde(default)]
    pub two_depths: bool,
}

impl AlphaBetaParams {
    /// The root margin for a repetition when `seat` is searching.
    pub fn avoid_repeat_for(&self, seat: Player) -> f32 {
        match seat {
            Player::P1 => self.avoid_repeat,
            Player::P2 => self.second_avoid_repeat.unwrap_or(self.avoid_repeat),
        }
    }
}

impl Default for AlphaBetaParams {
    fn default() -> Self {
        AlphaBetaParams {
            tt_bits: 20,
            killers: true,
            history: true,
            noise: 0.0,
            repeat_draw: false,
            swindle: true,
            contempt: 0.0,
            plain_view: false,
            avoid_repeat: 0.0,
            second_avoid_repeat: None,
            exact: false,
            view_as: None,
            two_depths: false,
        }
    }
}

/// Which search runs.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub enum Algorithm {
    /// The project's plain UCT baseline: uniform random playouts to the end, `C = exploration`,
    /// most-visited move, no enhancement of any kind. Kept as the yardstick.
    PlainUct {
        /// Exploration constant (√2 is the textbook value).
        exploration: f32,
    },
    /// Monte-Carlo tree search with the enhancements chosen in [`MctsParams`].
    Mcts(MctsParams),
    /// Iterative-deepening alpha-beta with a transposition table and move ordering.
    AlphaBeta(AlphaBetaParams),
    /// A uniformly random legal move from the seeded generator: no search at all. The floor
    /// every other configuration is measured from, and what `genmove algo=random` plays.
    Random,
}

impl Algorithm {
    /// The plain UCT baseline with the textbook constant √2.
    pub fn plain() -> Self {
        Algorithm::PlainUct {
            exploration: std::f32::consts::SQRT_2,
        }
    }

    /// The algorithm's short name, as accepted by `algo=`.
    pub fn name(&self) -> &'static str {
        match self {
            Algorithm::PlainUct { .. } => "uct",
            Algorithm::Mcts(_) => "mcts",
            Algorithm::AlphaBeta(_) => "ab",
            Algorithm::Random => "random",
        }
    }
}

/// How long a search may run. Whichever limit is reached first ends it; with no limit at all a
/// search runs until stopped through its [`crate::StopFlag`]. Without `millis` the result is
/// reproducible bit for bit.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Budget {
    /// Wall-clock limit in milliseconds.
    pub millis: Option<u64>,
    /// Iteration limit: playouts for the tree searches, nodes for alpha-beta.
    pub iterations: Option<u64>,
    /// Depth limit for alpha-beta (ignored by the tree searches).
    pub depth: Option<u32>,
}

impl Budget {
    /// A time budget.
    pub fn millis(ms: u64) -> Self {
        Budget {
            millis: Some(ms),
            ..Budget::default()
        }
    }

    /// An iteration (playout or node) budget.
    pub fn iterations(n: u64) -> Self {
        Budget {
            iterations: Some(n),
            ..Budget::default()
        }
    }

    /// A depth budget (alpha-beta).
    pub fn depth(d: u32) -> Self {
        Budget {
            depth: Some(d),
            ..Budget::default()
        }
    }

    /// True when no limit is set.
    pub fn is_unlimited(&self) -> bool {
        self.millis.is_none() && self.iterations.is_none() && self.depth.is_none()
    }
}

/// Everything a search needs besides the position.
#[derive(Copy, Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct SearchConfig {
    /// The algorithm and its tunables.
    pub algorithm: Algorithm,
    /// The limits.
    pub budget: Budget,
    /// Seed of every random choice the search makes.
    pub seed: u64,
}

impl SearchConfig {
    /// A configuration from its parts.
    pub fn new(algorithm: Algorithm, budget: Budget, seed: u64) -> Self {
        SearchConfig {
            algorithm,
            budget,
            seed,
        }
    }

    /// The same configuration with another seed.
    pub fn with_seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The same configuration with another budget.
    pub fn with_budget(mut self, budget: Budget) -> Self {
        self.budget = budget;
        self
    }

    /// The same configuration, but never longer than [`CEILING_MS`] when it sets no time of
    /// its own: an iteration or depth budget alone (the weak levels, `playouts=`, `depth=`)
    /// could otherwise run for hours on a large board. Searches that finish sooner are
    /// unchanged, so reproducible budgets stay reproducible.
    pub fn bounded(mut self) -> Self {
        if self.budget.millis.is_none() {
            self.budget.millis = Some(CEILING_MS);
        }
        self
    }
}

/// The longest a search runs when nothing sets its time (`ms=`): 10 seconds.
pub const CEILING_MS: u64 = 10_000;

/// The deepest alpha-beta search (`depth=` at most this; iterative deepening stops there).
pub const MAX_SEARCH_DEPTH: u32 = 96;

impl Algorithm {
    /// Sets one tunable by its `key=value` name (see [`SearchConfig::parse`]).
    pub fn tune(&mut self, key: &str, value: &str) -> Result<(), ConfigError> {
        let f = || -> Result<f32, ConfigError> {
            value
                .parse::<f32>()
                .ok()
                .filter(|v| v.is_finite() && *v >= 0.0)
                .ok_or_else(|| ConfigError(format!("{key} must be a non-negative number, not '{value}'")))
        };
        let b = || -> Result<bool, ConfigError> {
            match value {
                "1" | "on" | "true" | "yes" => Ok(true),
                "0" | "off" | "false" | "no" => Ok(false),
                _ => Err(ConfigError(format!("{key} must be on or off, not '{value}'"))),
            }
        };
        let n = || number(key, value).map(|v| v.min(u64::from(u32::MAX)) as u32);
        match (self, key) {
            (Algorithm::PlainUct { exploration }, "c") => *exploration = f()?,
            (Algorithm::Mcts(p), "c") => p.exploration = f()?,
            (Algorithm::Mcts(p), "fpu") => p.first_play_urgency = f()?,
            (Algorithm::Mcts(p), "solver") => p.solver = b()?,
            (Algorithm::Mcts(p), "reuse") => p.reuse_tree = b()?,
            (Algorithm::Mcts(p), "informed") => p.informed_playouts = b()?,
            (Algorithm::Mcts(p), "mast") => p.mast_epsilon = f()?.min(1.0),
            (Algorithm::Mcts(p), "rave") => p.rave = f()?,
            (Algorithm::Mcts(p), "pb") => p.progressive_bias = f()?,
            (Algorithm::Mcts(p), "pbeval") => p.bias_from_eval = b()?,
            (Algorithm::Mcts(p), "cutoff") => p.playout_cutoff = n()?,
            (Algorithm::Mcts(p), "expand") => p.expand_after = n()?.max(1),
            (Algorithm::Mcts(p), "temp") => p.temperature = f()?,
            (Algorithm::Mcts(p), "contempt") => p.contempt = f()?.clamp(0.0, 0.5),
            (Algorithm::Mcts(p), "rep") => p.repeat_draw = b()?,
            (Algorithm::Mcts(p), "avoid") => p.avoid_repeat = f()?.clamp(0.0, 0.5),
            (Algorithm::Mcts(p), "threads") => p.threads = n()?.clamp(1, MAX_THREADS),
            (Algorithm::AlphaBeta(p), "rep") => p.repeat_draw = b()?,
            (Algorithm::AlphaBeta(p), "swindle") => p.swindle = b()?,
            (Algorithm::AlphaBeta(p), "exact") => p.exact = b()?,
            (Algorithm::AlphaBeta(p), "contempt") => p.contempt = f()?.clamp(0.0, 0.5),
            (Algorithm::AlphaBeta(p), "avoid") => {
                p.avoid_repeat = f()?.clamp(0.0, 0.5);
                p.second_avoid_repeat = None;
            }
            (Algorithm::AlphaBeta(p), "avoid2") => p.second_avoid_repeat = Some(f()?.clamp(0.0, 0.5)),
            (Algorithm::AlphaBeta(p), "noise") => p.noise = f()?,
            (Algorithm::AlphaBeta(p), "tt") => p.tt_bits = n()?.clamp(4, 28) as u8,
            (Algorithm::AlphaBeta(p), "killers") => p.killers = b()?,
            (Algorithm::AlphaBeta(p), "history") => p.history = b()?,
            (a, _) => return Err(ConfigError(format!("{key} is not a setting of {}", a.name()))),
        }
        Ok(())
    }
}

/// The most search threads `threads=` accepts.
pub const MAX_THREADS: u32 = 64;

/// A whole-number setting (`ms=`, `playouts=`, `seed=`, `cutoff=` ...).
pub(crate) fn number(key: &str, value: &str) -> Result<u64, ConfigError> {
    value
        .parse()
        .map_err(|_| ConfigError(format!("{key} must be a whole number, not '{value}'")))
}

/// A setting that could not be read; the message says what is wrong and what is valid.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct ConfigError(pub String);

//! The blocking core every caller goes through: [`search`] for one-off calls and [`Searcher`]
//! for a player that keeps what it learnt (the MCTS tree, the transposition table) between moves.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::alphabeta::AlphaBeta;
use crate::config::{Algorithm, AlphaBetaParams, Budget, SearchConfig};
use crate::knowledge::{Knowledge, mix64, seat_score, seat_to_move};
use crate::limits::Limits;
use crate::mcts::Mcts;
use crate::plain_uct;
use crate::result::SearchResult;
use crate::stop::StopFlag;

/// Searches `state` with `cfg` until the budget runs out or `stop` is set, and returns the best
/// move (`None` if cancelled). Runs on the calling thread (plus `threads − 1` more for an MCTS
/// with [`crate::MctsParams::threads`] above 1), no state kept between calls: with an iteration
/// or depth budget (no `millis`) the same inputs give the same result, bit for bit.
pub fn search<G: Knowledge>(state: &G, cfg: &SearchConfig, stop: &StopFlag) -> Option<SearchResult<G::Move>> {
    Searcher::new(*cfg).search(state, stop)
}

/// Every move loses against perfect play: spends what is left of the budget on a search without
/// the solver, whose most visited move is the one whose refutation is hardest to find, so a
/// fallible opponent has the best chance to go wrong (the solver alone would pick any losing
/// move, often the quickest loss). The result stays marked as a proven loss.
fn resist<G: Knowledge>(
    state: &G,
    params: &crate::config::MctsParams,
    limits: &Limits<'_>,
    rng: &mut ChaCha8Rng,
    lost: SearchResult<G::Move>,
) -> SearchResult<G::Move> {
    let open = crate::config::MctsParams {
        solver: false,
        reuse_tree: false,
        ..*params
    };
    let mut fresh = Mcts::new();
    let mut result = fresh.search(state, &open, limits, rng);
    if result.best.is_none() {
        return lost;
    }
    result.value = lost.value;
    result.proven = true;
    result.iterations += lost.iterations;
    result
}

/// Every move loses against perfect play, as alpha-beta proved within `lost.depth` plies: plays
/// the losing move that is hardest to refute. Each move is judged by the opponent's replies:
/// first, does any of them win at once (any opponent sees that); then what share of them keep
/// a forced win within the proven horizon (the fewer, the likelier a fallible opponent goes
/// wrong); then the position's evaluation. Uses the rest of the time budget; if that runs out
/// first, the best move judged so far is played (alpha-beta's own choice is judged first). The
/// result stays marked as a proven loss.
fn swindle<G: Knowledge>(
    state: &G,
    ab: &mut AlphaBeta<G>,
    params: &AlphaBetaParams,
    seed: u64,
    limits: &Limits<'_>,
    lost: SearchResult<G::Move>,
) -> SearchResult<G::Move> {
    let me = seat_to_move(state);
    let horizon = lost.depth;
    let quiet = AlphaBetaParams { noise: 0.0, ..*params };
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if let Some(first) = lost.best
        && let Some(i) = moves.iter().position(|&m| m == first)
    {
        moves.swap(0, i);
    }
    // (no reply wins at once, share of replies that do not refute, evaluation): larger is better.
    let mut best: Option<((bool, f32, f32), G::Move)> = None;
    let mut replies = Vec::new();
    let mut nodes = 0;
    // True when `g` is a proven loss for `me` within `depth` plies.
    let mut lost_for_me = |g: &G, depth: u32, nodes: &mut u64| -> Option<bool> {
        let r = ab.search(g, &quiet, Some(depth), seed, limits);
        *nodes += r.iterations;
        if limits.exhausted(0) {
            return None;
        }
        let mine = if seat_to_move(g) == me { r.value } else { 1.0 - r.value };
        Some(r.proven && mine < 0.25)
    };
    'moves: for &mv in &moves {
        let mut child = state.clone();
        child.apply(mv);
        let status = child.status();
        if let Some(score) = seat_score(&child, status, me) {
            // Ending the game: a draw (or a win) beats every losing move; losing at once is
            // the worst of all.
            let key = if score > 0.0 {
                (true, 1.0 + score, 0.0)
            } else {
                (false, -1.0, -1.0)
            };
            if best.is_none_or(|(k, _)| key > k) {
                best = Some((key, mv));
            }
            continue;
        }
        let eval = if seat_to_move(&child) == me {
            child.evaluate()
        } else {
            -child.evaluate()
        };
        let key = if seat_to_move(&child) == me {
            // Our move again: nothing for the opponent to get wrong yet.
            match lost_for_me(&child, horizon.saturating_sub(1).max(1), &mut nodes) {
                None => break 'moves,
                Some(lost) => (true, if lost { 0.0 } else { 1.0 }, eval),
            }
        } else {
            child.legal_moves(&mut replies);
            let (mut immediate, mut refuting) = (false, 0usize);
            for &r in &replies {
                let mut g = child.clone();
                g.apply(r);
                let status = g.status();
                if status.is_over() {
                    if seat_score(&g, status, me) == Some(0.0) {
                        immediate = true;
                        refuting += 1;
                    }
                    continue;
                }
                if horizon <= 2 || (params.repeat_draw && g.repeats()) {
                    continue;
                }
                match lost_for_me(&g, horizon - 2, &mut nodes) {
                    None => break 'moves,
                    Some(true) => refuting += 1,
                    Some(false) => {}
                }
            }
            let spared = 1.0 - refuting as f32 / replies.len().max(1) as f32;
            (!immediate, spared, eval)
        };
        if best.is_none_or(|(k, _)| key > k) {
            best = Some((key, mv));
        }
    }
    let Some((_, mv)) = best else { return lost };
    SearchResult {
        best: Some(mv),
        pv: vec![mv],
        iterations: lost.iterations + nodes,
        ..lost
    }
}

/// The solver's node budget for [`AlphaBetaParams::exact`](crate::AlphaBetaParams) when the
/// search has neither a time nor a node limit.
const EXACT_NODES: u64 = 2_000_000;

/// Perfect play where the game's solver proves the position ([`Knowledge::exact_move`]) within
/// the part of a time budget the game gives it ([`Knowledge::exact_ms`]: three quarters unless
/// the game says otherwise; alpha-beta searches with the rest when it cannot), or
/// within the node budget (without one, [`EXACT_NODES`]) so that a search without a clock
/// stays reproducible.
fn exact<G: Knowledge>(state: &G, budget: &crate::config::Budget, stop: &StopFlag) -> Option<SearchResult<G::Move>> {
    match budget.millis {
        Some(ms) => state.exact_move(Some(state.exact_ms(ms)), None, false, stop),
        None => state.exact_move(None, Some(budget.iterations.unwrap_or(EXACT_NODES)), false, stop),
    }
}

/// A player's search that keeps its MCTS tree (when `reuse_tree` is on) and its transposition
/// table between calls, so the next move starts from what it already knows. Given the same
/// sequence of calls it gives the same results.
pub struct Searcher<G: Knowledge> {
    cfg: SearchConfig,
    /// One tree per search thread (the first is searched on the calling thread).
    mcts: Vec<Mcts<G>>,
    alphabeta: Option<AlphaBeta<G>>,
}

impl<G: Knowledge> Searcher<G> {
    /// A searcher with nothing learnt yet.
    pub fn new(cfg: SearchConfig) -> Self {
        Searcher {
            cfg,
            mcts: Vec::new(),
            alphabeta: None,
        }
    }

    /// The configuration in use.
    pub fn config(&self) -> &SearchConfig {
        &self.cfg
    }

    /// Changes the configuration; what was learnt is kept only if the algorithm is unchanged.
    pub fn set_config(&mut self, cfg: SearchConfig) {
        if cfg.algorithm != self.cfg.algorithm {
            self.clear();
        }
        self.cfg = cfg;
    }

    /// Forgets everything learnt (e.g. after an undo or a new game).
    pub fn clear(&mut self) {
        self.mcts.clear();
        self.alphabeta = None;
    }

    /// Searches `state`; see [`search`]. Returns `None` when cancelled through `stop`.
    pub fn search(&mut self, state: &G, stop: &StopFlag) -> Option<SearchResult<G::Move>> {
        let was_fresh = self.mcts.is_empty() && self.alphabeta.is_none();
        let limits = Limits::new(&self.cfg.budget, stop);
        if state.status().is_over() {
            return Some(SearchResult::immediate(None));
        }
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        if moves.len() <= 1 {
            return Some(SearchResult::immediate(moves.first().copied()));
        }
        let seed = mix64(self.cfg.seed, state.hash_key() ^ u64::from(state.ply()).rotate_left(40));
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut result = match self.cfg.algorithm {
            Algorithm::PlainUct { exploration } => plain_uct::search(state, exploration, &limits, &mut rng),
            Algorithm::Mcts(params) => {
                let threads = params.threads.max(1) as usize;
                self.mcts.truncate(threads);
                self.mcts.resize_with(threads, Mcts::new);
                let result = if threads == 1 {
                    self.mcts[0].search(state, &params, &limits, &mut rng)
                } else {
                    Mcts::search_parallel(&mut self.mcts, state, &params, &limits, &mut rng, seed)
                };
                if params.solver && result.proven && result.value < 0.25 && !limits.cancelled() {
                    resist(state, &params, &limits, &mut rng, result)
                } else {
                    result
                }
            }
            Algorithm::AlphaBeta(params)
                if let Some(perfect) = params
                    .exact
                    .then(|| state.table_move(seed).or_else(|| exact(state, &self.cfg.budget, stop)))
                    .flatten() =>
            {
                perfect
            }
            Algorithm::AlphaBeta(params) => {
                let budget = self.cfg.budget;
                let ab = self.alphabeta.get_or_insert_with(|| AlphaBeta::new(&params, &budget));
                // Where the game gave its solver more than three quarters of the move and the
                // solver proved nothing, alpha-beta still gets its quarter of the budget.
                let late = params.exact
                    && budget
                        .millis
                        .is_some_and(|ms| limits.elapsed_ms() > ms - ms / 4 && state.exact_ms(ms) > ms * 3 / 4);
                let quarter = late.then(|| {
                    let millis = budget.millis.map(|ms| ms / 4);
                    Limits::new(&Budget { millis, ..budget }, stop)
                });
                let limits = quarter.as_ref().unwrap_or(&limits);
                let result = ab.search(state, &params, self.cfg.budget.depth, self.cfg.seed, limits);
                // Alpha-beta stops as soon as it proves the loss, often within milliseconds; with
                // a time budget the rest goes to resisting. (A depth or node budget stays
                // reproducible and bounded, so it is left as it is.)
                if result.proven && result.value < 0.25 && self.cfg.budget.millis.is_some() && !limits.exhausted(0) {
                    if params.swindle {
                        swindle(state, ab, &params, self.cfg.seed, limits, result)
                    } else {
                        resist(state, &state.mcts_params(), limits, &mut rng, result)
                    }
                } else {
                    result
                }
            }
            Algorithm::Random => SearchResult::immediate(Some(moves[rng.random_range(0..moves.len())])),
        };
        if limits.cancelled() {
            return None;
        }
        if result.best.is_none_or(|b| !moves.contains(&b)) {
            // Never hand back anything but a legal move: should what was kept between moves ever
            // disagree with the position, forget it and search once more from scratch.
            // (In this crate's own tests it is a failure: the tests must see such a bug.)
            if cfg!(test) {
                panic!("{} returned {:?}, not a legal move", self.cfg, result.best);
            }
            if was_fresh {
                // Nothing kept to blame: a bug in the search itself. A legal move beats none.
                return Some(SearchResult::immediate(moves.first().copied()));
            }
            self.clear();
            return self.search(state, stop);
        }
        result.elapsed_ms = limits.elapsed_ms();
        Some(result)
    }
}

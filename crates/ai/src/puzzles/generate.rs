//! The generator: seeded self-play between the levels from varied random openings, and every
//! position reached offered to [`find`]; what is found is rated, given its themes and written
//! down as a [`Puzzle`].

use std::collections::{BTreeMap, HashSet};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::check::verify_counted;
use super::find::{FindConfig, Found, Reject, find, level_finds, rating};
use super::game::PuzzleGame;
use super::oracle::Oracle;
use super::puzzle::{Puzzle, options_text};
use crate::{Level, StopFlag, mix64};

/// What a generation run does.
#[derive(Clone, Debug)]
pub struct GenConfig {
    /// Puzzles wanted.
    pub count: usize,
    /// The run's seed: the same seed, options and build make the same puzzles.
    pub seed: u64,
    /// How far the finder looks.
    pub find: FindConfig,
    /// The solver's node budget per question.
    pub solver_nodes: u64,
    /// The solver's table.
    pub tt_bytes: usize,
    /// Positions before this ply are not offered.
    pub min_ply: u32,
    /// A self-play game stops after this many plies.
    pub max_plies: u32,
    /// At most this many puzzles from one game.
    pub per_game: usize,
    /// Self-play games to play at most (a run that finds too few stops there).
    pub max_games: u64,
    /// A puzzle whose re-verification visits more nodes than this is dropped.
    pub verify_nodes: u64,
    /// When set, only positions this many plies or fewer from the self-play game's end are
    /// offered (games whose wins the bounded search can only reach near the end).
    pub last_plies: Option<u32>,
    /// When set, the run stops after this many seconds with what it has found.
    pub max_seconds: Option<u64>,
    /// At each position offered, this many positions after another (random) move are offered
    /// too: what the players could have reached, where real play gives too few puzzles.
    pub branch: usize,
}

impl Default for GenConfig {
    fn default() -> Self {
        GenConfig {
            count: 10,
            seed: 1,
            find: FindConfig::default(),
            solver_nodes: 2_000_000,
            tt_bytes: 64 << 20,
            min_ply: 2,
            max_plies: 300,
            per_game: 3,
            max_games: 100_000,
            verify_nodes: 100_000,
            last_plies: None,
            max_seconds: None,
            branch: 0,
        }
    }
}

/// A run's counts.
#[derive(Clone, Debug, Default)]
pub struct GenStats {
    /// Self-play games played.
    pub games: u64,
    /// Positions offered to the finder.
    pub positions: u64,
    /// Puzzles found.
    pub found: u64,
    /// Positions rejected, by reason.
    pub rejected: BTreeMap<Reject, u64>,
}

/// The levels that play the games (the Master's 2.4 s a move is too slow for volume).
const PLAYERS: [Level; 3] = [Level::Novice, Level::Casual, Level::Strong];

/// One self-play game: its moves, and the levels that played them (first mover first).
fn self_play<G: PuzzleGame>(options: &G::Options, rng: &mut ChaCha8Rng, max_plies: u32) -> (Vec<G::Move>, [Level; 2]) {
    let levels = [PLAYERS[rng.random_range(0..3)], PLAYERS[rng.random_range(0..3)]];
    let mut state = G::new(options);
    let mut moves = Vec::new();
    let mut buf = Vec::new();
    let opening = rng.random_range(0..=4);
    while !state.status().is_over() && moves.len() < max_plies as usize {
        let mv = if moves.len() < opening {
            state.random_move(rng, &mut buf)
        } else {
            let seat = (moves.len() % 2) as u64;
            let level = levels[seat as usize];
            let cfg = state.level_config(level).with_seed(rng.random::<u64>() ^ seat);
            crate::search(&state, &cfg, &StopFlag::new()).and_then(|r| r.best)
        };
        let Some(mv) = mv else { break };
        state.apply(mv);
        moves.push(mv);
    }
    (moves, levels)
}

/// A puzzle's short id: the game and a hash of its options and moves.
pub fn puzzle_id(game: &str, options: &str, before: &[String]) -> String {
    let mut h = 0xcbf2_9ce4_8422_2325u64;
    for b in options
        .bytes()
        .chain(b"|".iter().copied())
        .chain(before.join(" ").bytes())
    {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{game}-{:08x}", h >> 32)
}

/// Writes a found line down: rating, themes, id.
pub(super) fn write_down<G: PuzzleGame>(
    start: &G,
    before: &[G::Move],
    found: &Found<G>,
    source: String,
    seed: u64,
) -> Puzzle {
    let options = options_text::<G>(start.options());
    let mut replay = G::new(start.options());
    let mut before_text = Vec::new();
    for &m in before {
        before_text.push(replay.format_move(&m));
        replay.apply(m);
    }
    let mut steps = Vec::new();
    let mut line_text = Vec::new();
    let mut s = start.clone();
    for &m in &found.line {
        line_text.push(s.format_move(&m));
        let mut st = Vec::new();
        s.apply_recorded(m, &mut st);
        steps.push(st);
    }
    let first = found.line[0];
    let novice = level_finds(start, Level::Novice, first, seed);
    let casual = level_finds(start, Level::Casual, first, seed);
    let solver_moves = found.line.len().div_ceil(2);
    Puzzle {
        id: puzzle_id(G::ID, &options, &before_text),
        game: G::ID.into(),
        options,
        before: before_text,
        line: line_text,
        rating: rating(solver_moves, found.choices, novice, casual),
        themes: G::themes(start, &found.line, &steps)
            .into_iter()
            .map(str::to_string)
            .collect(),
        method: found.method,
        source,
    }
}

/// One run's working state: its counts, oracle and the positions already offered.
struct Run<'a, G: PuzzleGame> {
    cfg: &'a GenConfig,
    stats: GenStats,
    oracle: Oracle<G>,
    seen: HashSet<u64>,
}

impl<G: PuzzleGame> Run<'_, G> {
    /// Offers one position (reached by `before`); the puzzle, checked, when it is one.
    fn offer(
        &mut self,
        state: &G,
        before: &[G::Move],
        source: &dyn Fn() -> String,
        seed: u64,
    ) -> Option<(Puzzle, usize)> {
        self.stats.positions += 1;
        let outcome = if self.seen.insert(state.hash_key()) {
            find(state, &mut self.oracle, &self.cfg.find)
        } else {
            Err(Reject::Seen)
        };
        self.oracle.clear_bounded();
        let found = match outcome {
            Ok(found) => found,
            Err(r) => {
                *self.stats.rejected.entry(r).or_insert(0) += 1;
                return None;
            }
        };
        let p = write_down(state, before, &found, source(), seed);
        match verify_counted(&p) {
            Ok(n) if n <= self.cfg.verify_nodes => {
                self.stats.found += 1;
                Some((p, found.line.len()))
            }
            _ => {
                *self.stats.rejected.entry(Reject::Costly).or_insert(0) += 1;
                None
            }
        }
    }
}

/// Plays games and finds puzzles until `cfg.count` are found (or `cfg.max_games` played),
/// handing each puzzle and the counts so far to `on_puzzle`, and the counts after each
/// position offered to `on_progress`.
pub fn generate<G: PuzzleGame>(
    options: &G::Options,
    cfg: &GenConfig,
    on_puzzle: &mut dyn FnMut(&Puzzle, &GenStats),
    on_progress: &mut dyn FnMut(&GenStats),
) -> GenStats {
    let mut run = Run::<G> {
        cfg,
        stats: GenStats::default(),
        oracle: Oracle::new(cfg.tt_bytes, cfg.solver_nodes),
        seen: HashSet::new(),
    };
    let mut game_no = 0u64;
    let started = web_time::Instant::now();
    let out_of_time = || cfg.max_seconds.is_some_and(|s| started.elapsed().as_secs() >= s);
    let done = |run: &Run<G>| run.stats.found as usize >= cfg.count || out_of_time();
    while !done(&run) && game_no < cfg.max_games {
        let mut rng = ChaCha8Rng::seed_from_u64(mix64(cfg.seed, game_no));
        let (moves, levels) = self_play::<G>(options, &mut rng, cfg.max_plies);
        run.stats.games += 1;
        let mut state = G::new(options);
        let mut from_this = 0;
        let near_end = cfg.last_plies.map_or(0, |n| moves.len().saturating_sub(n as usize));
        let mut skip_until = near_end.max(cfg.min_ply as usize);
        let seed = mix64(cfg.seed, game_no);
        let source = |ply: usize, varied: &str| {
            format!(
                "seed {} game {game_no} ply {ply}{varied} ({} v {})",
                cfg.seed,
                levels[0].name(),
                levels[1].name()
            )
        };
        for ply in 0..=moves.len() {
            if ply >= skip_until && from_this < cfg.per_game && !done(&run) {
                if let Some((p, len)) = run.offer(&state, &moves[..ply], &|| source(ply, ""), seed) {
                    from_this += 1;
                    skip_until = ply + len + 1;
                    on_puzzle(&p, &run.stats);
                }
                // Other moves than the game's here: positions the players could have reached.
                let mut buf = Vec::new();
                for _ in 0..cfg.branch {
                    let Some(alt) = state.random_move(&mut rng, &mut buf) else {
                        break;
                    };
                    let mut child = state.clone();
                    child.apply(alt);
                    let mut before = moves[..ply].to_vec();
                    before.push(alt);
                    let varied = format!(" varied by {}", state.format_move(&alt));
                    if from_this < cfg.per_game
                        && !done(&run)
                        && let Some((p, _)) = run.offer(&child, &before, &|| source(ply, &varied), seed)
                    {
                        from_this += 1;
                        on_puzzle(&p, &run.stats);
                    }
                }
                on_progress(&run.stats);
            }
            continue_after(&mut state, &moves, ply);
        }
        on_progress(&run.stats);
        game_no += 1;
    }
    run.stats
}

/// Plays the game's move at `ply`, if there is one.
fn continue_after<G: PuzzleGame>(state: &mut G, moves: &[G::Move], ply: usize) {
    if ply < moves.len() {
        state.apply(moves[ply]);
    }
}

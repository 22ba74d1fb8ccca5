//! What the AI may know about a game beyond the rules: an evaluation, a playout policy, move
//! priors and keys, and which search each level uses. Every method has a default, so any
//! [`Game`] becomes searchable with an empty `impl Knowledge for MyGame {}`.

use std::hash::{Hash, Hasher};

use parlour_rules::{Game, Player, Status};
use rand::Rng;

use crate::config::{AlphaBetaParams, MctsParams, SearchConfig};
use crate::level::{Level, LevelConfig};

/// Per-game knowledge used by the searches.
///
/// **Point of view:** every value here (evaluation, priors) is from the view of the **side to
/// move** in `self`, on a scale where `+1` (evaluation) or `1` (prior) is best for that side.
pub trait Knowledge: Game {
    /// True when [`Knowledge::evaluate`] is informative. Searches that need an evaluation
    /// (alpha-beta, playout cut-offs, progressive bias from evaluations) fall back to playing
    /// on when it is false.
    const HAS_EVALUATION: bool = false;

    /// Size of the move-key space used by [`Knowledge::move_key`] (MAST, RAVE, history tables).
    const MOVE_KEYS: usize = 4096;

    /// Heuristic value of this (ongoing) position in `[-1, 1]` for the side to move:
    /// `+1` a sure win, `-1` a sure loss, `0` even. Never called on finished games.
    fn evaluate(&self) -> f32 {
        0.0
    }

    /// [`Knowledge::evaluate`] as the seat `searcher` judges it, for a game whose knowledge one
    /// side uses better than the other (Sixteen Soldiers: the general's watch on his territory,
    /// which in the soldiers' hands herds him too well). Same point of view and scale as
    /// `evaluate`; alpha-beta calls it with the seat that is searching (unless its parameters
    /// ask for the plain view). Default: `evaluate`, for both seats.
    fn evaluate_as(&self, _searcher: Player) -> f32 {
        self.evaluate()
    }

    /// Whether the side to move wins with perfect play, where a table shipped with the program
    /// says so (Kōnane's solved openings) — no search. The review's analysis trusts it over any
    /// estimate. Default: `None`.
    fn known_result(&self) -> Option<bool> {
        None
    }

    /// The side to move's score with perfect play — `1` a forced win, `0.5` a draw neither side
    /// can break, `0` a forced loss — where a table knows it (a shipped one, or an exact table
    /// built on this machine: the Sixteen Soldiers'). The review judges by it and the hint says
    /// it. Default: [`Knowledge::known_result`]'s win or loss.
    fn known_score(&self) -> Option<f32> {
        self.known_result().map(|win| if win { 1.0 } else { 0.0 })
    }

    /// Perfect play where this game's exact solver reaches: the move and its proven result
    /// (see [`crate::solve::perfect_move`]; with `every_winning` every winning move the budget
    /// lets it prove, for a hint), or `None` — the default: no solver for this game or this
    /// board, or nothing proven within `millis` / `max_nodes`, or `stop` set. Asked first by a
    /// search whose [`AlphaBetaParams::exact`] is on (the Master).
    fn exact_move(
        &self,
        _millis: Option<u64>,
        _max_nodes: Option<u64>,
        _every_winning: bool,
        _stop: &crate::stop::StopFlag,
    ) -> Option<crate::result::SearchResult<Self::Move>> {
        None
    }

    /// The move an exact table gives, where one is present for this game and its rules and
    /// answers the position (`seed` chooses among equal moves), or `None` — the default: no
    /// tables for this game. Asked before [`Knowledge::exact_move`] by the Master.
    fn table_move(&self, _seed: u64) -> Option<crate::result::SearchResult<Self::Move>> {
        None
    }

    /// How long the Master's move may give [`Knowledge::exact_move`] when its budget is `ms`:
    /// three quarters by default, alpha-beta searching with the rest when nothing is proven.
    /// A game may allow more where its solver is known to settle the position soon after.
    fn exact_ms(&self, ms: u64) -> u64 {
        ms * 3 / 4
    }

    /// A cheap prior for the legal move `mv` in `[0, 1]` (`1` most promising for the side to
    /// move). Orders alpha-beta's moves and feeds MCTS's progressive bias. Default: `0.5`.
    fn move_prior(&self, _mv: &Self::Move) -> f32 {
        0.5
    }

    /// A small integer below [`Knowledge::MOVE_KEYS`] naming `mv` independently of the position
    /// where possible (e.g. its destination cell), so statistics about a move carry over between
    /// positions. Default: a hash of the move.
    fn move_key(&self, mv: &Self::Move) -> usize {
        let mut h = KeyHasher::default();
        mv.hash(&mut h);
        (h.finish() % Self::MOVE_KEYS as u64) as usize
    }

    /// The move a playout plays here (only called on ongoing positions). Default: uniform random
    /// via [`Game::random_move`]. Games override with a cheap, randomised, better-than-random
    /// policy ("informed playouts"); `buf` is scratch space.
    fn playout_move<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<Self::Move>) -> Option<Self::Move> {
        self.random_move(rng, buf)
    }

    /// The seat (person) playing `colour` in this position. Searches reason about seats, so a
    /// move that exchanges colours between the players (ConHex's swap) is valued for the person
    /// who makes it. Default: seats are colours.
    fn seat_of(&self, colour: Player) -> Player {
        colour
    }

    /// True when this ongoing position has occurred before in the game, so that one more cycle
    /// ends it in a repetition draw. Searches with `repeat_draw` score it as a draw. Default:
    /// never (games without a repetition rule).
    fn repeats(&self) -> bool {
        false
    }

    /// This game's tuned MCTS parameters (for this variant).
    fn mcts_params(&self) -> MctsParams {
        MctsParams::default()
    }

    /// This game's tuned alpha-beta parameters (for this variant).
    fn alphabeta_params(&self) -> AlphaBetaParams {
        AlphaBetaParams::default()
    }

    /// The configuration each level uses for this game and variant (seed 0; set your own).
    fn level_config(&self, level: Level) -> SearchConfig {
        level.generic_config(self.mcts_params())
    }
}

/// A small, fast, deterministic hasher (FxHash's mixing) for move keys and noise: the standard
/// library's hasher is slower and not promised to stay the same between Rust versions.
#[derive(Default)]
pub struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        // A final avalanche so that the low bits (used modulo small tables) depend on every input bit.
        let mut x = self.0;
        x ^= x >> 33;
        x = x.wrapping_mul(0xff51_afd7_ed55_8ccd);
        x ^= x >> 33;
        x
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.write_u64(b as u64);
        }
    }

    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }

    fn write_u16(&mut self, i: u16) {
        self.write_u64(i as u64);
    }

    fn write_u32(&mut self, i: u32) {
        self.write_u64(i as u64);
    }

    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }

    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x517c_c1b7_2722_0a95);
    }
}

/// Mixes two 64-bit values into a well-spread one (SplitMix64's finaliser); used to derive
/// per-position seeds and evaluation noise from the configured seed.
pub fn mix64(a: u64, b: u64) -> u64 {
    let mut z = a ^ b.wrapping_add(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// The seat (person) to move in `state`.
#[inline]
pub(crate) fn seat_to_move<G: Knowledge>(state: &G) -> Player {
    state.seat_of(state.side_to_move())
}

/// The result of `status` (a status of `state`) for `seat`: 1 win, 0.5 draw, 0 loss, `None`
/// while ongoing.
#[inline]
pub(crate) fn seat_score<G: Knowledge>(state: &G, status: Status, seat: Player) -> Option<f32> {
    match status {
        Status::Ongoing => None,
        Status::Draw { .. } => Some(0.5),
        Status::Win { winner, .. } => Some(if state.seat_of(winner) == seat { 1.0 } else { 0.0 }),
    }
}

//! Is the analysis coherent (issue 73)? A win chance is a property of the position, not of whose
//! turn it is, and the value of a position is the value of its best move: over many plies where
//! the move played was the analysis's own best, the mover's chance after the move should equal,
//! on average, its chance before. Kansho's analysis once gave the mover +13 to +19 points for its
//! own best move (a side-to-move intercept in the win-chance curve, fitted for an evaluation that
//! has since changed), and its graph was a saw.
//!
//! [`casual_game`] plays the games measured (the Casual level against itself, from a few seeded
//! random plies), and [`Coherence::of`] measures the analyses of them: the mean gain of the best
//! moves with its 95 % interval, and the share of plies where the first side's chance turns
//! against the direction of the ply before (a saw). `cargo run --release -p parlour-ai --example
//! coherence` prints it for every game and variant; a test keeps a small version.

use parlour_rules::{GameId, Player};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{Analysis, PlyAnalysis};
use crate::knowledge::Knowledge;
use crate::level::Level;
use crate::search::Searcher;
use crate::stop::StopFlag;

/// Every game and variant the coherence is measured on, as `id k=v …`: Kansho, Kōnane 8×8,
/// ConHex, Qyshinsu, the Sixteen Soldiers' boards 1–4 under the fair rules, and Monk and Water.
pub const EVERY_VARIANT: [&str; 9] = [
    "kansho",
    "konane size=8x8",
    "conhex",
    "qyshinsu",
    "soldiers variant=board1 rules=fair",
    "soldiers variant=board2 rules=fair",
    "soldiers variant=board3 rules=fair",
    "soldiers variant=board4 rules=fair",
    "soldiers variant=monk",
];

/// A game's id and its options as key–value pairs.
pub type Spec<'a> = (GameId, Vec<(&'a str, &'a str)>);

/// A game and its options written as in [`EVERY_VARIANT`] (`id k=v …`), read into the game's id
/// and its option pairs.
pub fn read_spec(spec: &str) -> Result<Spec<'_>, String> {
    let mut words = spec.split_whitespace();
    let id: GameId = words
        .next()
        .ok_or("no game named")?
        .parse()
        .map_err(|e| format!("{e}"))?;
    let pairs = words
        .map(|w| w.split_once('=').ok_or(format!("{w}: not key=value")))
        .collect::<Result<_, _>>()?;
    Ok((id, pairs))
}

/// One game of the Casual level against itself from `start`: `opening` uniformly random plies
/// first (seeded by `seed`), then the Casual's moves (its search seeded by `seed` too), until the
/// game ends or `max_plies` moves have been played. The moves, opening included.
pub fn casual_game<G: Knowledge>(start: &G, opening: u32, max_plies: u32, seed: u64) -> Vec<G::Move> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut at = start.clone();
    let mut buf = Vec::new();
    let mut moves = Vec::new();
    let cfg = at.level_config(Level::Casual).with_seed(seed);
    let mut searcher = Searcher::new(cfg);
    while !at.status().is_over() && (moves.len() as u32) < max_plies {
        let mv = if (moves.len() as u32) < opening {
            at.random_move(&mut rng, &mut buf)
        } else {
            searcher.search(&at, &StopFlag::new()).and_then(|r| r.best)
        };
        let Some(mv) = mv else { break };
        at.apply(mv);
        moves.push(mv);
    }
    moves
}

/// The coherence of a set of analysed games.
#[derive(Clone, Debug, PartialEq)]
pub struct Coherence {
    /// Games measured.
    pub games: usize,
    /// Plies whose result was not proven before or after the move.
    pub unproven: usize,
    /// Of those, the plies where the move played was the analysis's best.
    pub best: usize,
    /// The mean of `after − before` (points, mover's view) over the `best` plies.
    pub mean_gain: f64,
    /// Its 95 % interval, with the plies of one game counted as one cluster (they are not
    /// independent): `mean ± 1.96 · SE`, SE the cluster-robust standard error.
    pub interval: (f64, f64),
    /// The mean of `after − before` over every unproven ply (a played move can lose, never gain,
    /// on average).
    pub mean_all: f64,
    /// Of the unproven plies that follow an unproven ply, the share where the first side's chance
    /// moved against the direction it moved at the ply before (0.5 is a random walk's; a saw is
    /// near 1).
    pub saw: f64,
}

/// The mover's gain of one ply, in points, when nothing about it was proven.
fn unproven_gain(p: &PlyAnalysis) -> Option<f64> {
    p.proven.is_none().then(|| f64::from(p.after - p.before))
}

impl Coherence {
    /// Measures `analyses` (each a whole game from its start).
    pub fn of(analyses: &[Analysis]) -> Coherence {
        let mut best: Vec<Vec<f64>> = Vec::new();
        let (mut all, mut unproven) = (0.0, 0usize);
        let (mut turns, mut pairs) = (0usize, 0usize);
        for a in analyses {
            let mut mine = Vec::new();
            let first = a.plies.first().map_or(Player::P1, |p| p.mover);
            // The first side's chance after each ply, `None` where the ply was proven.
            let mut last_step: Option<f64> = None;
            for p in &a.plies {
                let Some(gain) = unproven_gain(p) else {
                    last_step = None;
                    continue;
                };
                unproven += 1;
                all += gain;
                if p.played == p.best() {
                    mine.push(gain);
                }
                let step = if p.mover == first { gain } else { -gain };
                if let Some(before) = last_step
                    && before.abs() > 0.05
                    && step.abs() > 0.05
                {
                    pairs += 1;
                    if before.signum() != step.signum() {
                        turns += 1;
                    }
                }
                last_step = Some(step);
            }
            best.push(mine);
        }
        let n: usize = best.iter().map(Vec::len).sum();
        let mean = best.iter().flatten().sum::<f64>() / n.max(1) as f64;
        // Cluster-robust variance of the mean: the squared sums of each game's residuals.
        let clusters = best.iter().filter(|g| !g.is_empty()).count();
        // One game gives no spread: the interval is then unbounded.
        let half = if clusters > 1 {
            let scale = clusters as f64 / (clusters as f64 - 1.0);
            let squares: f64 = best
                .iter()
                .map(|g| g.iter().map(|x| x - mean).sum::<f64>().powi(2))
                .sum();
            1.96 * (scale * squares).sqrt() / n as f64
        } else {
            f64::INFINITY
        };
        Coherence {
            games: analyses.len(),
            unproven,
            best: n,
            mean_gain: mean,
            interval: (mean - half, mean + half),
            mean_all: all / unproven.max(1) as f64,
            saw: turns as f64 / pairs.max(1) as f64,
        }
    }

    /// One Markdown table row: `| name | games | unproven plies | best plies | mean gain | 95 % |
    /// mean of every ply | saw |`.
    pub fn row(&self, name: &str) -> String {
        format!(
            "| {name} | {} | {} | {} | {:+.2} | {:+.2} … {:+.2} | {:+.2} | {:.0} % |",
            self.games,
            self.unproven,
            self.best,
            self.mean_gain,
            self.interval.0,
            self.interval.1,
            self.mean_all,
            100.0 * self.saw
        )
    }

    /// The header of [`Coherence::row`]'s table.
    pub const HEADER: &'static str = "| game | games | unproven plies | best-move plies | mean gain of the best move | 95 % | mean of every move | saw |\n|---|---|---|---|---|---|---|---|";
}

//! `parlour-engine bench`: uniformly random playouts per second for every game and variant,
//! on one thread, from a fixed seed, after a warm-up.

use std::time::{Duration, Instant};

use parlour_rules::{Game, GameId, random_playout, split_pairs, with_game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// The seed every bench run starts from.
pub const BENCH_SEED: u64 = 0x5eed_0f9a_710e;

/// A safety cap on one playout's length (no game here comes near it).
const MAX_PLIES: u32 = 100_000;

/// One measured row.
#[derive(Debug, Clone)]
pub struct BenchRow {
    /// Game and options, e.g. `konane size=8x8`.
    pub label: String,
    /// Complete random games played in the measured window.
    pub playouts: u64,
    /// Moves played in the measured window.
    pub plies: u64,
    /// Length of the measured window.
    pub elapsed: Duration,
}

impl BenchRow {
    /// Complete random games per second.
    pub fn playouts_per_sec(&self) -> f64 {
        self.playouts as f64 / self.elapsed.as_secs_f64()
    }

    /// Moves per second.
    pub fn moves_per_sec(&self) -> f64 {
        self.plies as f64 / self.elapsed.as_secs_f64()
    }
}

/// Plays random games from `options` for `warmup`, then counts games and moves for `measure`.
pub fn bench_game<G: Game>(
    options: &[&str],
    warmup: Duration,
    measure: Duration,
) -> Result<BenchRow, crate::session::SessionError> {
    let pairs = split_pairs(options)?;
    let opts = G::parse_options(&pairs)?;
    let start = G::new(&opts);
    let mut rng = ChaCha8Rng::seed_from_u64(BENCH_SEED);
    let mut buf = Vec::with_capacity(256);
    let mut run = |window: Duration| {
        let (mut playouts, mut plies) = (0u64, 0u64);
        let t0 = Instant::now();
        loop {
            let mut state = start.clone();
            let (_, n) = random_playout(&mut state, &mut rng, &mut buf, MAX_PLIES);
            playouts += 1;
            plies += u64::from(n);
            // Checking the clock every game is cheap next to a whole game.
            if t0.elapsed() >= window {
                return (playouts, plies, t0.elapsed());
            }
        }
    };
    run(warmup);
    let (playouts, plies, elapsed) = run(measure);
    let mut label = G::ID.to_string();
    for w in options {
        label.push(' ');
        label.push_str(w);
    }
    Ok(BenchRow {
        label,
        playouts,
        plies,
        elapsed,
    })
}

/// Every game and variant the bench covers, as (id, options).
pub const BENCH_SET: &[(&str, &[&str])] = &[
    ("kansho", &[]),
    ("konane", &["size=8x8"]),
    ("conhex", &[]),
    ("qyshinsu", &[]),
    ("soldiers", &["variant=board1"]),
    ("soldiers", &["variant=board2"]),
    ("soldiers", &["variant=board3"]),
    ("soldiers", &["variant=board4"]),
    ("soldiers", &["variant=monk"]),
];

/// Benchmarks one entry of [`BENCH_SET`] (or any id with options).
pub fn bench_entry(
    id: &str,
    options: &[&str],
    warmup: Duration,
    measure: Duration,
) -> Result<BenchRow, crate::session::SessionError> {
    let game: GameId = id.parse()?;
    with_game!(game, G => bench_game::<G>(options, warmup, measure))
}

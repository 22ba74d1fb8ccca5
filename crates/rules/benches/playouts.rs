//! Uniformly random playouts from the start of every game and variant, one thread, a fixed
//! seed: the rules' speed as the tree searches meet it (a playout is most of an MCTS iteration).
//! `cargo bench -p parlour-rules --bench playouts`; divan prints each playout's time and, as
//! "item/s", playouts a second. The figures in README.md and docs/performance.md come from here.

use divan::Bencher;
use divan::counter::ItemsCount;
use parlour_rules::{Game, GameId, random_playout, split_pairs, with_game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    divan::main();
}

/// Every game and variant, as the engine's `bench` lists them.
const SET: &[&str] = &[
    "kansho",
    "konane size=8x8",
    "conhex",
    "qyshinsu",
    "soldiers variant=board1",
    "soldiers variant=board2",
    "soldiers variant=board3",
    "soldiers variant=board4",
    "soldiers variant=monk",
];

#[divan::bench(args = SET, sample_count = 5000, sample_size = 10)]
fn playout(bencher: Bencher, entry: &str) {
    let words: Vec<&str> = entry.split_whitespace().collect();
    let game: GameId = words[0].parse().expect("a game of the set");
    with_game!(game, G => playouts::<G>(bencher, &words[1..]))
}

fn playouts<G: Game>(bencher: Bencher, options: &[&str]) {
    let pairs = split_pairs(options).expect("key=value options");
    let start = G::new(&G::parse_options(&pairs).expect("options of the set"));
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed_0f9a_710e);
    let mut buf = Vec::with_capacity(256);
    bencher.counter(ItemsCount::new(1u32)).bench_local(|| {
        let mut state = start.clone();
        random_playout(&mut state, &mut rng, &mut buf, 100_000)
    });
}

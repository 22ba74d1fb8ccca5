//! One search of the Strong level from each game's start, on a fixed budget and seed, one
//! thread: alpha-beta games (Kansho, Kōnane, Sixteen Soldiers) to a fixed depth, tree-search
//! games (ConHex, Qyshinsu) for a fixed number of playouts. `cargo bench -p parlour-ai --bench
//! search`; the figures in docs/performance.md come from here.

use divan::Bencher;
use parlour_ai::{Knowledge, Level, SearchConfig, StopFlag, search};
use parlour_rules::{Game, GameId, split_pairs, with_game};

fn main() {
    divan::main();
}

/// (game and options, the search's budget).
const SET: &[&str] = &[
    "kansho | depth=4",
    "konane size=8x8 | depth=7",
    "conhex | playouts=4000 threads=1",
    "qyshinsu | playouts=4000 threads=1",
    "soldiers variant=board1 | depth=7",
];

#[divan::bench(args = SET, sample_count = 10)]
fn strong(bencher: Bencher, entry: &str) {
    let (game, budget) = entry.split_once(" | ").expect("game | budget");
    let words: Vec<&str> = game.split_whitespace().collect();
    let id: GameId = words[0].parse().expect("a game of the set");
    with_game!(id, G => searches::<G>(bencher, &words[1..], budget))
}

fn searches<G: Game + Knowledge>(bencher: Bencher, options: &[&str], budget: &str) {
    let pairs = split_pairs(options).expect("key=value options");
    let start = G::new(&G::parse_options(&pairs).expect("options of the set"));
    let words: Vec<&str> = budget.split_whitespace().chain(["seed=1"]).collect();
    let cfg = SearchConfig::parse(&start, &words, Level::Strong).expect("a budget the game takes");
    bencher.bench_local(|| search(&start, &cfg, &StopFlag::new()).expect("a move from the start"));
}

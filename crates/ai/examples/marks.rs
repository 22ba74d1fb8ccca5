//! Do the review's marks find the mistakes (issue 73)? Games of the Novice against the Master
//! (seats alternating, two seeded random plies first), each analysed twice: at the review's
//! budget and with ten times as much. A move is an *error* when the longer analysis finds it
//! lost at least 10 points (or threw a proven win away). Prints per game and variant: the
//! Novice's errors by the longer analysis and how many of its moves the review marks `mistake`
//! or `blunder`, how many of those marks the longer analysis agrees with, and the Master's moves
//! the review marks worse than `inaccuracy` where the longer analysis finds no error.
//!
//! `cargo run --release -p parlour-ai --example marks -- [--games N] [--nodes N] [--playouts N]
//! [--master-nodes N] [--detail] ["game k=v …" …]` (defaults: 6 games; the review's budget 100,000 nodes
//! or 10,000 playouts, ten times that for the check; the Master 200,000 nodes or 20,000
//! playouts a move; Kansho). `--detail` prints each error and each marked move, both analyses
//! side by side, to standard error.

use parlour_ai::analysis::coherence::read_spec;
use parlour_ai::analysis::{Analysis, Mark, analyse};
use parlour_ai::{Algorithm, Budget, Knowledge, Level, Searcher, StopFlag};
use parlour_rules::{Game, Player, with_game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Games longer than this are cut.
const MAX_PLIES: u32 = 120;

/// A game of the Novice (in seat `novice`) against the Master.
fn novice_against_master<G: Knowledge>(start: &G, novice: Player, master: Budget, seed: u64) -> Vec<G::Move> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut at = start.clone();
    let mut buf = Vec::new();
    let mut moves = Vec::new();
    let mut weak = Searcher::new(at.level_config(Level::Novice).with_seed(seed));
    let mut strong = Searcher::new(at.level_config(Level::Master).with_budget(master).with_seed(seed));
    while !at.status().is_over() && (moves.len() as u32) < MAX_PLIES {
        let mv = if moves.len() < 2 {
            at.random_move(&mut rng, &mut buf)
        } else if at.side_to_move() == novice {
            weak.search(&at, &StopFlag::new()).and_then(|r| r.best)
        } else {
            strong.search(&at, &StopFlag::new()).and_then(|r| r.best)
        };
        let Some(mv) = mv else { break };
        at.apply(mv);
        moves.push(mv);
    }
    moves
}

/// Counts over one side's moves.
#[derive(Default)]
struct Tally {
    moves: u32,
    /// Errors by the longer analysis.
    errors: u32,
    /// Marked mistake or blunder by the review.
    marked: u32,
    /// Marked and an error.
    agreed: u32,
    /// Marked mistake or blunder, not an error.
    false_marks: u32,
    /// The sum of the review's losses and of the check's, over the moves neither proved.
    losses: (f64, f64),
    /// Moves neither analysis proved anything of.
    unproven: u32,
}

fn tally(review: &Analysis, check: &Analysis, side: Player, detail: bool, t: &mut Tally) {
    for (r, c) in review.plies.iter().zip(&check.plies) {
        if r.mover != side {
            continue;
        }
        let error = c.loss >= 10.0 || c.proven == Some((true, false));
        let marked = r.mark >= Mark::Mistake;
        if detail && (error || marked) {
            eprintln!(
                "  ply {:3} {:?} {:8} review {:5.1}→{:5.1} loss {:5.1} {:?} {:?} best {:?} | check {:5.1}→{:5.1} loss {:5.1} {:?} {:?} best {:?}",
                r.ply,
                r.mover,
                r.played,
                r.before,
                r.after,
                r.loss,
                r.mark,
                r.proven,
                r.best_line.first(),
                c.before,
                c.after,
                c.loss,
                c.mark,
                c.proven,
                c.best_line.first()
            );
        }
        t.moves += 1;
        t.errors += u32::from(error);
        t.marked += u32::from(marked);
        t.agreed += u32::from(marked && error);
        t.false_marks += u32::from(marked && !error);
        if r.proven.is_none() && c.proven.is_none() {
            t.unproven += 1;
            t.losses.0 += f64::from(r.loss);
            t.losses.1 += f64::from(c.loss);
        }
    }
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let flag = |name: &str| {
        args.iter()
            .position(|a| a == name)
            .and_then(|i| args.get(i + 1))
            .map(|v| v.parse::<u64>().expect("a whole number"))
    };
    let games = flag("--games").unwrap_or(6);
    let nodes = flag("--nodes").unwrap_or(100_000);
    let playouts = flag("--playouts").unwrap_or(10_000);
    let named: Vec<&str> = args
        .iter()
        .enumerate()
        .filter(|(i, a)| !a.starts_with("--") && (*i == 0 || !args[i - 1].starts_with("--")))
        .map(|(_, a)| a.as_str())
        .collect();
    let specs = if named.is_empty() { vec!["kansho"] } else { named };
    println!(
        "| game | games | Novice moves | Novice errors (10× search) | Novice marked mistake or blunder | of them errors | Master moves | Master marked mistake or blunder without an error |"
    );
    println!("|---|---|---|---|---|---|---|---|");
    for spec in specs {
        let (id, pairs) = read_spec(spec).expect("a game and its options");
        let (novice, master) = with_game!(id, G => {
            let start = G::new(&G::parse_options(&pairs).expect("valid options"));
            let mcts = matches!(start.level_config(Level::Master).algorithm, Algorithm::Mcts(_));
            let review = Budget::iterations(if mcts { playouts } else { nodes });
            let check = Budget::iterations(10 * if mcts { playouts } else { nodes });
            let master_budget = Budget::iterations(flag("--master-nodes").unwrap_or(2 * if mcts { playouts } else { nodes }));
            let (mut n, mut m) = (Tally::default(), Tally::default());
            for i in 0..games {
                let novice = if i % 2 == 0 { Player::P1 } else { Player::P2 };
                let moves = novice_against_master(&start, novice, master_budget, 9000 + i);
                let stop = StopFlag::new();
                let a = analyse(&start, &moves, review, i, &stop, |_| {}).expect("not cancelled");
                let b = analyse(&start, &moves, check, i, &stop, |_| {}).expect("not cancelled");
                // The first two plies were random: judged like the rest, but as nobody's.
                let skip = |x: &Analysis| Analysis { plies: x.plies[2.min(x.plies.len())..].to_vec() };
                let detail = args.iter().any(|a| a == "--detail");
                tally(&skip(&a), &skip(&b), novice, detail, &mut n);
                tally(&skip(&a), &skip(&b), novice.other(), detail, &mut m);
                eprint!("\r{spec}: {} of {games} games", i + 1);
            }
            eprintln!();
            for (who, t) in [("Novice", &n), ("Master", &m)] {
                let k = f64::from(t.unproven.max(1));
                eprintln!(
                    "{spec}: the {who}'s mean loss over {} unproven moves: review {:.2}, check {:.2} points",
                    t.unproven,
                    t.losses.0 / k,
                    t.losses.1 / k
                );
            }
            (n, m)
        });
        println!(
            "| {spec} | {games} | {} | {} | {} | {} | {} | {} |",
            novice.moves, novice.errors, novice.marked, novice.agreed, master.moves, master.false_marks
        );
    }
}

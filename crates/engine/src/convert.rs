//! `tables play`: does a level convert? It plays a series on a Sixteen Soldiers board against
//! a side moving uniformly at random, in each seat, and judges every game by the board's table:
//! the share won and drawn (by repetition, by the no-capture rule), and whether every position
//! the table proves won for the level was won within its distance.

use parlour_ai::tables::{Table, Value};
use parlour_ai::{Knowledge, Level, Searcher, StopFlag};
use parlour_rules::soldiers::{Soldiers, SoldiersOptions};
use parlour_rules::{Game, Player, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use web_time::Instant;

/// One seat's series against random moves.
#[derive(Default, Debug)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// Won, lost.
    pub won: u32,
    /// Lost.
    pub lost: u32,
    /// Drawn by repetition.
    pub repetitions: u32,
    /// Drawn otherwise (the no-capture rule).
    pub other_draws: u32,
    /// Plies of all games.
    pub plies: u64,
    /// Games that reached a position the table proves won for the level.
    pub reached_won: u32,
    /// Of those, games not won within the first such position's distance.
    pub late: u32,
    /// The level's moves, and those not answered from a table (searched).
    pub moves: u64,
    /// Moves the level searched (no table answer).
    pub searched: u64,
    /// The level's moves in a position the table answers as won or drawn, and of those the
    /// blunders: a win turned into a draw or a loss, a draw into a loss.
    pub judged: u64,
    /// Blunders (see `judged`).
    pub blunders: u64,
}

/// The category of a value for the side it belongs to: 2 won, 1 drawn, 0 lost.
fn rank(v: Value) -> u8 {
    match v {
        Value::Win(_) => 2,
        Value::Draw | Value::Over => 1,
        Value::Loss(_) => 0,
    }
}

/// Whether `mv` in `s` throws away part of the value the table gives the mover, where the
/// table answers both sides of the move: `None` where it cannot tell.
fn blunder(table: &Table, s: &Soldiers, mv: parlour_rules::soldiers::Move) -> Option<bool> {
    let before = table.probe(s)?;
    if matches!(before, Value::Loss(_)) {
        return None;
    }
    let mut next = s.clone();
    next.apply(mv);
    let after = match next.status() {
        Status::Win { winner, .. } if winner == s.side_to_move() => Value::Win(1),
        Status::Win { .. } => Value::Loss(1),
        Status::Draw { .. } => Value::Draw,
        Status::Ongoing if next.side_to_move() == s.side_to_move() => table.probe(&next)?,
        Status::Ongoing => table.probe(&next)?.for_mover(),
    };
    Some(rank(after) < rank(before))
}

impl Tally {
    /// One line: the seat's figures.
    pub fn line(&self, seat: &str) -> String {
        let share = |n: u32| 100.0 * f64::from(n) / f64::from(self.games.max(1));
        format!(
            "as the {seat}: {} games, won {} ({:.1} %), drawn by repetition {} ({:.1} %), other draws {}, lost {}; \
             {:.1} plies a game; {} games reached a table-won position, {} not won within its distance; \
             {} of {} moves searched (no table answer); blunders {} of {} moves in won or drawn positions ({:.2} %)",
            self.games,
            self.won,
            share(self.won),
            self.repetitions,
            share(self.repetitions),
            self.other_draws,
            self.lost,
            self.plies as f64 / f64::from(self.games.max(1)),
            self.reached_won,
            self.late,
            self.searched,
            self.moves,
            self.blunders,
            self.judged,
            100.0 * self.blunders as f64 / self.judged.max(1) as f64
        )
    }
}

/// Plays `games` games with `level` in `seat` against random moves, judged by `table`.
pub fn series(
    options: &SoldiersOptions,
    table: &Table,
    level: Level,
    ms: Option<u64>,
    seat: Player,
    games: u32,
    seed: u64,
) -> Tally {
    let mut t = Tally::default();
    let mut buf = Vec::new();
    for g in 0..games {
        let game_seed = seed.wrapping_mul(1_000_003).wrapping_add(u64::from(g));
        let mut rng = ChaCha8Rng::seed_from_u64(game_seed);
        let mut s = Soldiers::new(options);
        let mut cfg = s.level_config(level).with_seed(game_seed);
        if let Some(ms) = ms {
            cfg.budget.millis = Some(ms);
        }
        let mut player = Searcher::new(cfg);
        let mut deadline: Option<u32> = None;
        while !s.status().is_over() {
            let mv = if s.side_to_move() == seat {
                if let Some(Value::Win(p)) = table.probe(&s) {
                    deadline = Some(deadline.map_or(s.ply() + p, |d| d.min(s.ply() + p)));
                }
                let Some(r) = player.search(&s, &StopFlag::new()) else {
                    break;
                };
                t.moves += 1;
                if r.iterations > 0 {
                    t.searched += 1;
                }
                let Some(mv) = r.best else { break };
                if let Some(b) = blunder(table, &s, mv) {
                    t.judged += 1;
                    t.blunders += u64::from(b);
                }
                mv
            } else {
                match s.random_move(&mut rng, &mut buf) {
                    Some(mv) => mv,
                    None => break,
                }
            };
            s.apply(mv);
        }
        t.games += 1;
        t.plies += u64::from(s.ply());
        match s.status() {
            Status::Win { winner, .. } if winner == seat => t.won += 1,
            Status::Win { .. } => t.lost += 1,
            Status::Draw { reason: "repetition" } => t.repetitions += 1,
            _ => t.other_draws += 1,
        }
        if let Some(d) = deadline {
            t.reached_won += 1;
            let won = matches!(s.status(), Status::Win { winner, .. } if winner == seat);
            if !won || s.ply() > d {
                t.late += 1;
            }
        }
    }
    t
}

/// Both seats' series, as the report's lines.
pub fn report(
    options: &SoldiersOptions,
    table: &Table,
    level: Level,
    ms: Option<u64>,
    games: u32,
    seed: u64,
) -> String {
    let started = Instant::now();
    let start = Soldiers::new(options);
    let mut out = format!(
        "{} ({}), the {level} against random moves, {games} games a seat, seed {seed}:",
        options.variant.board().name(),
        parlour_ai::tables::rules_text(options)
    );
    for seat in [Player::P2, Player::P1] {
        let t = series(options, table, level, ms, seat, games, seed);
        out.push('\n');
        out.push_str(&t.line(start.side_name(seat)));
    }
    out.push_str(&format!("\n({:.1} s)", started.elapsed().as_secs_f64()));
    out
}

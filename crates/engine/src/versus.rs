//! `parlour-engine versus`: two engine programs (say, today's build and one built from an older
//! revision) play a series through the line protocol, refereed here: paired random openings
//! with the seats swapped inside each pair, and a table of the score with its 95 % interval.
//!
//! The referee holds its own copy of the game, checks every move an engine answers and passes
//! it to the other engine with `play`; an engine that answers an illegal move, a malformed reply
//! or nothing loses that game (the table counts it). It speaks only the protocol's oldest
//! commands (`game`, `setmoves`, `genmove`, `play`), so any revision's engine can take part.

use std::fmt;
use std::io::{BufRead, BufReader, Write};
use std::path::PathBuf;
use std::process::{Child, ChildStdin, ChildStdout, Command, ExitCode, Stdio};
use std::time::Instant;

use parlour_ai::{Knowledge, mix64};
use parlour_rules::{Game, GameId, Player, Status, split_pairs, with_game};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// A series between two engine programs, through the protocol.
///
/// Each pair of games starts from the same random opening, A taking the first seat in one and
/// the second in the other. With --playouts both sides search a fixed number of playouts (MCTS
/// games) or nodes (alpha-beta games) a move instead of their time, so the result does not
/// depend on how busy the machine is.
#[derive(clap::Args, Debug)]
pub struct VersusArgs {
    /// The game and its options, e.g. --game konane size=8x8.
    #[arg(long, required = true, num_args = 1.., value_names = ["ID", "KEY=VALUE"])]
    game: Vec<String>,
    /// Engine A's program (default: this program).
    #[arg(long = "a-engine", value_name = "PATH")]
    a_engine: Option<PathBuf>,
    /// Engine B's program (default: this program).
    #[arg(long = "b-engine", value_name = "PATH")]
    b_engine: Option<PathBuf>,
    /// A's genmove words.
    #[arg(long, value_name = "SETTINGS", default_value = "level=master")]
    a: String,
    /// B's genmove words.
    #[arg(long, value_name = "SETTINGS", default_value = "level=master")]
    b: String,
    /// Both sides search this many playouts (or nodes) a move, whatever their level's time.
    #[arg(long, value_name = "N")]
    playouts: Option<u64>,
    /// Games in the series (rounded up to whole pairs).
    #[arg(long, value_name = "N", default_value_t = 20)]
    games: u32,
    #[command(flatten)]
    play: SeriesPlay,
    /// Print only the table.
    #[arg(long)]
    quiet: bool,
}

/// How the games of a series start and end (shared by `versus` and `ladder`).
#[derive(clap::Args, Debug)]
pub struct SeriesPlay {
    /// Random moves at the start of each pair of games.
    #[arg(long, value_name = "N", default_value_t = 2)]
    pub opening: u32,
    /// Seed of the openings and of every search's seed.
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
    /// A game still going after this many moves is scored a draw.
    #[arg(long = "max-plies", value_name = "N", default_value_t = 600)]
    pub max_plies: u32,
}

/// An engine program speaking the protocol on its stdin and stdout.
struct Engine {
    child: Child,
    input: ChildStdin,
    output: BufReader<ChildStdout>,
}

impl Engine {
    fn start(path: &PathBuf) -> Result<Engine, String> {
        let mut child = Command::new(path)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .map_err(|e| format!("cannot start {}: {e}", path.display()))?;
        let input = child.stdin.take().ok_or("no stdin")?;
        let output = BufReader::new(child.stdout.take().ok_or("no stdout")?);
        Ok(Engine { child, input, output })
    }

    /// Sends one command and reads its reply: `Ok(text)` after `= `, `Err(text)` after `? `
    /// or when the engine closed its output.
    fn ask(&mut self, line: &str) -> Result<String, String> {
        writeln!(self.input, "{line}").map_err(|e| format!("the engine's input: {e}"))?;
        self.input.flush().map_err(|e| format!("the engine's input: {e}"))?;
        let mut reply = String::new();
        loop {
            let mut text = String::new();
            let n = self
                .output
                .read_line(&mut text)
                .map_err(|e| format!("the engine's output: {e}"))?;
            if n == 0 {
                return Err(format!("the engine ended its output after '{line}'"));
            }
            let text = text.trim_end();
            if text.is_empty() && !reply.is_empty() {
                break;
            }
            if !text.is_empty() {
                if !reply.is_empty() {
                    reply.push('\n');
                }
                reply.push_str(text);
            }
        }
        if let Some(ok) = reply.strip_prefix('=') {
            Ok(ok.trim().to_string())
        } else if let Some(bad) = reply.strip_prefix('?') {
            Err(bad.trim().to_string())
        } else {
            Err(format!("a reply without = or ?: '{reply}'"))
        }
    }
}

impl Drop for Engine {
    fn drop(&mut self) {
        let _ = writeln!(self.input, "quit");
        let _ = self.input.flush();
        let _ = self.child.wait();
    }
}

/// The tally of a series, from A's side.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Tally {
    /// Games played.
    pub games: u32,
    /// A's wins, B's wins, draws.
    pub wins_a: u32,
    /// B's wins.
    pub wins_b: u32,
    /// Drawn or adjudicated games.
    pub draws: u32,
    /// Games lost by a side's bad answer (illegal move, no reply): (A's, B's).
    pub forfeits: (u32, u32),
    /// Per side: moves searched and their total milliseconds.
    pub searched: [(u32, u128); 2],
    /// Pair scores of A (0, 0.5, …, 2), one per finished pair.
    pub pairs: Vec<f64>,
}

impl Tally {
    /// A's score in `[0, 1]`.
    pub fn score(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (f64::from(self.wins_a) + 0.5 * f64::from(self.draws)) / f64::from(self.games)
    }

    /// The 95 % interval of A's score from the spread of the pair scores (a pair is one
    /// opening played from both seats, so an opening that favours a seat does not widen it),
    /// or Wilson's interval over the games when fewer than two pairs finished.
    pub fn interval(&self) -> (f64, f64) {
        let n = self.pairs.len();
        if n < 2 {
            return parlour_ai::wilson(self.score(), self.games);
        }
        let mean = self.pairs.iter().sum::<f64>() / n as f64 / 2.0;
        let var = self.pairs.iter().map(|p| (p / 2.0 - mean).powi(2)).sum::<f64>() / (n - 1) as f64;
        // Never narrower than a single game's worth of doubt: with every pair alike the sample
        // spread is zero, which says nothing about the next pair.
        let half = (1.96 * (var / n as f64).sqrt()).max(0.5 / n as f64);
        ((mean - half).max(0.0), (mean + half).min(1.0))
    }
}

impl fmt::Display for Tally {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |i: usize| self.searched[i].1 as f64 / f64::from(self.searched[i].0.max(1));
        writeln!(
            f,
            "  games {}: A won {}, B won {}, drawn {}",
            self.games, self.wins_a, self.wins_b, self.draws
        )?;
        if self.forfeits != (0, 0) {
            writeln!(
                f,
                "  lost by a bad answer: A {}, B {}",
                self.forfeits.0, self.forfeits.1
            )?;
        }
        writeln!(f, "  ms a move: A {:.0}, B {:.0}", ms(0), ms(1))?;
        let (lo, hi) = self.interval();
        write!(
            f,
            "  score of A: {:.1} % (95 % interval {:.1}–{:.1} %, {} pairs)",
            100.0 * self.score(),
            100.0 * lo,
            100.0 * hi,
            self.pairs.len()
        )
    }
}

/// The words a side's genmove sends: its settings, the shared budget, and a seed of its own.
fn genmove_words(settings: &str, playouts: Option<u64>, seed: u64) -> String {
    let mut words: Vec<String> = settings
        .split_whitespace()
        .filter(|w| playouts.is_none() || !w.starts_with("ms=") && !w.starts_with("playouts="))
        .map(str::to_string)
        .collect();
    if let Some(n) = playouts {
        words.push(format!("playouts={n}"));
    }
    words.push(format!("seed={seed}"));
    format!("genmove {}", words.join(" "))
}

/// How one game ended, from A's side: 1 win, 0.5 draw, 0 loss, and which side forfeited.
struct Ending {
    score: f64,
    forfeit: Option<usize>,
    text: String,
}

/// What every game of a series shares: the start, the `game` command, the settings, the two
/// engines and the tally so far.
struct Series<'a, G> {
    start: G,
    game_line: String,
    m: &'a VersusArgs,
    engines: [Engine; 2],
    tally: Tally,
}

impl<G: Game + Knowledge> Series<'_, G> {
    /// Plays one game from `opening` with A in `a_seat`, counting each side's moves and time.
    fn play_one(&mut self, opening: &[String], a_seat: Player, game_seed: u64) -> Result<Ending, String> {
        let (start, m, game_line) = (&self.start, self.m, self.game_line.as_str());
        let (engines, tally) = (&mut self.engines, &mut self.tally);
        let words = [m.a.as_str(), m.b.as_str()];
        let mut state = start.clone();
        for mv in opening {
            let parsed = state.parse_move(mv).map_err(|e| e.to_string())?;
            state.apply(parsed);
        }
        for e in engines.iter_mut() {
            e.ask(game_line).map_err(|e| format!("'{game_line}': {e}"))?;
            if !opening.is_empty() {
                e.ask(&format!("setmoves {}", opening.join(" ")))?;
            }
        }
        let mut plies = opening.len() as u32;
        let side_of = |seat: Player| usize::from(seat != a_seat);
        while !state.status().is_over() && plies < m.play.max_plies {
            let mover = side_of(state.seat_of(state.side_to_move()));
            let seed = mix64(game_seed, u64::from(plies));
            let t = Instant::now();
            let answer = engines[mover].ask(&genmove_words(words[mover], m.playouts, seed));
            tally.searched[mover].0 += 1;
            tally.searched[mover].1 += t.elapsed().as_millis();
            let checked = answer.and_then(|text| {
                let mv = state.parse_move(&text).map_err(|e| format!("'{text}': {e}"))?;
                state.check(&mv).map_err(|e| format!("'{text}': {e}"))?;
                Ok((text, mv))
            });
            let (text, mv) = match checked {
                Ok(found) => found,
                Err(why) => {
                    let score = if mover == 0 { 0.0 } else { 1.0 };
                    let text = format!("{} forfeits at ply {plies}: {why}", ["A", "B"][mover]);
                    return Ok(Ending {
                        score,
                        forfeit: Some(mover),
                        text,
                    });
                }
            };
            engines[1 - mover]
                .ask(&format!("play {text}"))
                .map_err(|e| format!("play {text}: {e}"))?;
            state.apply(mv);
            plies += 1;
        }
        let (score, text) = match state.status() {
            Status::Win { winner, reason } => {
                let a_won = state.seat_of(winner) == a_seat;
                let who = if a_won { "A" } else { "B" };
                (
                    if a_won { 1.0 } else { 0.0 },
                    format!("{who} wins as {} ({reason})", state.side_name(winner)),
                )
            }
            Status::Draw { reason } => (0.5, format!("draw ({reason})")),
            Status::Ongoing => (0.5, format!("draw (adjudicated after {plies} plies)")),
        };
        Ok(Ending {
            score,
            forfeit: None,
            text: format!("{text}, {plies} plies"),
        })
    }
}

/// A random opening of `plies` moves from `start` (shorter if the game ends first).
fn random_opening<G: Game>(start: &G, plies: u32, rng: &mut ChaCha8Rng) -> Vec<String> {
    let mut state = start.clone();
    let mut buf = Vec::new();
    let mut moves = Vec::new();
    for _ in 0..plies {
        if state.status().is_over() {
            break;
        }
        let Some(mv) = state.random_move(rng, &mut buf) else {
            break;
        };
        moves.push(state.format_move(&mv));
        state.apply(mv);
    }
    moves
}

fn series<G: Game + Knowledge>(m: &VersusArgs) -> Result<Tally, String> {
    let words: Vec<&str> = m.game[1..].iter().map(String::as_str).collect();
    let pairs = split_pairs(&words).map_err(|e| e.to_string())?;
    let options = G::parse_options(&pairs).map_err(|e| e.to_string())?;
    let start = G::new(&options);
    let game_line = format!("game {}", m.game.join(" "));
    let me = std::env::current_exe().map_err(|e| e.to_string())?;
    let a_path = m.a_engine.clone().unwrap_or_else(|| me.clone());
    let b_path = m.b_engine.clone().unwrap_or(me);
    let engines = [Engine::start(&a_path)?, Engine::start(&b_path)?];
    crate::say!(
        "{} — A: {} ({})  B: {} ({}){}",
        G::display_name(&options),
        m.a,
        a_path.display(),
        m.b,
        b_path.display(),
        m.playouts
            .map_or(String::new(), |n| format!(", both at {n} playouts a move"))
    );
    let mut series = Series {
        start: start.clone(),
        game_line,
        m,
        engines,
        tally: Tally::default(),
    };
    for pair in 0..m.games.div_ceil(2) {
        let mut rng = ChaCha8Rng::seed_from_u64(mix64(m.play.seed, u64::from(pair)));
        let opening = random_opening(&start, m.play.opening, &mut rng);
        let mut pair_score = 0.0;
        for (k, a_seat) in [Player::P1, Player::P2].into_iter().enumerate() {
            let index = pair * 2 + k as u32;
            let game_seed = mix64(m.play.seed ^ 0x7665_7273_7573, u64::from(index));
            let end = series.play_one(&opening, a_seat, game_seed)?;
            series.tally.games += 1;
            match end.score {
                s if s > 0.75 => series.tally.wins_a += 1,
                s if s < 0.25 => series.tally.wins_b += 1,
                _ => series.tally.draws += 1,
            }
            match end.forfeit {
                Some(0) => series.tally.forfeits.0 += 1,
                Some(_) => series.tally.forfeits.1 += 1,
                None => {}
            }
            pair_score += end.score;
            if !m.quiet {
                let seat = start.side_name(a_seat);
                crate::say!(
                    "game {:>3}: A as {seat:<8} {} [opening {}]",
                    index + 1,
                    end.text,
                    opening.join(" ")
                );
            }
        }
        series.tally.pairs.push(pair_score);
    }
    Ok(series.tally)
}

/// Runs the series `m` describes and prints its table.
pub fn run(m: &VersusArgs) -> ExitCode {
    let result = match m.game[0].parse::<GameId>() {
        Ok(game) => with_game!(game, G => series::<G>(m).map(|t| t.to_string())),
        Err(e) => Err(e.to_string()),
    };
    crate::finish("versus", result)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_shared_budget_replaces_each_sides_time_and_every_move_has_its_seed() {
        assert_eq!(
            genmove_words("level=master ms=500", Some(9000), 7),
            "genmove level=master playouts=9000 seed=7"
        );
        assert_eq!(genmove_words("level=casual", None, 3), "genmove level=casual seed=3");
    }

    #[test]
    fn the_interval_comes_from_the_pairs_and_is_never_empty() {
        let mut t = Tally {
            games: 8,
            wins_a: 4,
            wins_b: 4,
            pairs: vec![1.0, 1.0, 1.0, 1.0],
            ..Tally::default()
        };
        // Every opening split one-one: the score is a half, and the interval is not a point.
        let (lo, hi) = t.interval();
        assert!((t.score() - 0.5).abs() < 1e-9);
        assert!(lo < 0.5 && hi > 0.5, "{lo} {hi}");
        // Openings won twice and lost twice: the same score, a wider interval.
        t.pairs = vec![2.0, 0.0, 2.0, 0.0];
        let (lo2, hi2) = t.interval();
        assert!(hi2 - lo2 > hi - lo, "{lo2}..{hi2} against {lo}..{hi}");
    }
}

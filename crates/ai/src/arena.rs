//! AI-versus-AI series: two configurations play a number of games of one game, alternating
//! seats, and the result is summed up with a confidence interval. Used by `parlour-engine
//! match` and by the measurements that chose each game's levels.

use std::fmt;
use std::time::Instant;

use parlour_rules::{Player, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;

use crate::config::SearchConfig;
use crate::knowledge::{Knowledge, mix64, seat_to_move};
use crate::search::Searcher;
use crate::stop::StopFlag;

/// How a series is played.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub struct MatchOptions {
    /// Number of games; seats alternate, configuration A taking `P1` in the even-numbered ones.
    pub games: u32,
    /// Uniformly random moves played at the start of each game (the same for both games of a
    /// seat-swapped pair), so that deterministic players do not repeat one game.
    pub opening_plies: u32,
    /// A game still going after this many moves is scored a draw (`adjudicated`).
    pub max_plies: u32,
    /// Seed of the openings and of each game's search seeds.
    pub seed: u64,
}

impl MatchOptions {
    /// `games` games, no random opening, 2,000 moves at most, seed 0.
    pub fn games(games: u32) -> Self {
        MatchOptions {
            games,
            opening_plies: 0,
            max_plies: 2000,
            seed: 0,
        }
    }
}

/// Which configuration of the two.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Side {
    /// The first configuration.
    A,
    /// The second configuration.
    B,
}

/// One finished game of a series.
#[derive(Clone, Debug, Serialize)]
pub struct GameRecord {
    /// 0-based game number.
    pub index: u32,
    /// The seat configuration A played (a seat is a person: in ConHex a swap gives the seats
    /// each other's colours; the names below are the seats' starting colours).
    pub a_seat: Player,
    /// The rule page's names of the seats (`P1`, `P2`).
    pub side_names: [&'static str; 2],
    /// The final status (an adjudicated game is a draw with reason `adjudicated`).
    pub status: Status,
    /// Which configuration won (`None`: a draw).
    pub winner: Option<Side>,
    /// Moves played, opening included.
    pub plies: u32,
    /// Per configuration (A, B): moves searched, total milliseconds, total iterations.
    pub searched: [(u32, u64, u64); 2],
    /// The moves in the game's notation.
    pub moves: Vec<String>,
}

impl fmt::Display for GameRecord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let seat = |p: Player| self.side_names[p.index()];
        let result = match self.status {
            Status::Win { winner, reason } => format!("{} wins ({reason})", seat(winner)),
            Status::Draw { reason } => format!("draw ({reason})"),
            Status::Ongoing => "unfinished".to_string(),
        };
        let who = match self.winner {
            Some(Side::A) => "A",
            Some(Side::B) => "B",
            None => "-",
        };
        let ms = |i: usize| self.searched[i].1 as f64 / self.searched[i].0.max(1) as f64;
        write!(
            f,
            "game {:>3}: A {:<8} B {:<8} {:<28} winner {who}  {:>3} plies  ms/move A {:.0} B {:.0}",
            self.index + 1,
            seat(self.a_seat),
            seat(self.a_seat.other()),
            result,
            self.plies,
            ms(0),
            ms(1)
        )
    }
}

/// The summary of a series.
#[derive(Clone, Debug, Serialize)]
pub struct MatchReport {
    /// The game's display name.
    pub game: String,
    /// Descriptions of configurations A and B.
    pub labels: [String; 2],
    /// The seats' names (`P1`, `P2`).
    pub side_names: [&'static str; 2],
    /// Games played.
    pub games: u32,
    /// `wins[c][s]`: wins of configuration `c` (0 = A, 1 = B) playing seat `s` (0 = P1).
    pub wins: [[u32; 2]; 2],
    /// Drawn games.
    pub draws: u32,
    /// Per configuration: moves searched, total milliseconds, total iterations.
    pub searched: [(u32, u64, u64); 2],
}

impl MatchReport {
    /// A's score: (wins + draws / 2) / games, in `[0, 1]`.
    pub fn score_a(&self) -> f64 {
        if self.games == 0 {
            return 0.5;
        }
        (f64::from(self.wins[0][0] + self.wins[0][1]) + 0.5 * f64::from(self.draws)) / f64::from(self.games)
    }

    /// The 95 % Wilson score interval of A's score.
    pub fn confidence_95(&self) -> (f64, f64) {
        wilson(self.score_a(), self.games)
    }

    /// Average milliseconds per searched move of configuration `c` (0 = A, 1 = B).
    pub fn ms_per_move(&self, c: usize) -> f64 {
        self.searched[c].1 as f64 / f64::from(self.searched[c].0.max(1))
    }

    /// Iterations per second of configuration `c` (playouts or nodes).
    pub fn iterations_per_second(&self, c: usize) -> f64 {
        self.searched[c].2 as f64 * 1000.0 / (self.searched[c].1.max(1) as f64)
    }
}

/// The 95 % Wilson interval for a proportion `p` observed over `n` trials.
pub fn wilson(p: f64, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_964_f64;
    let n = f64::from(n);
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * (p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt() / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

impl fmt::Display for MatchReport {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(f, "{}: {} games", self.game, self.games)?;
        writeln!(f, "  A = {}", self.labels[0])?;
        writeln!(f, "  B = {}", self.labels[1])?;
        let h1 = format!("wins as {}", self.side_names[0]);
        let h2 = format!("wins as {}", self.side_names[1]);
        writeln!(
            f,
            "     {h1:>16} {h2:>16} {:>6} {:>12} {:>12}",
            "total", "ms/move", "iter/s"
        )?;
        for (c, name) in ["A", "B"].iter().enumerate() {
            writeln!(
                f,
                "  {name}  {:>16} {:>16} {:>6} {:>12.1} {:>12.0}",
                self.wins[c][0],
                self.wins[c][1],
                self.wins[c][0] + self.wins[c][1],
                self.ms_per_move(c),
                self.iterations_per_second(c)
            )?;
        }
        writeln!(f, "  draws: {}", self.draws)?;
        let (lo, hi) = self.confidence_95();
        write!(
            f,
            "  score of A: {:.1} % (95 % CI {:.1}–{:.1} %)",
            100.0 * self.score_a(),
            100.0 * lo,
            100.0 * hi
        )
    }
}

/// Plays `opts.games` games between configurations `a` and `b`, starting each from
/// `new_game(index)`, alternating seats, and calls `on_game` after each game. Each game uses a
/// fresh [`Searcher`] per side (so tree reuse works within a game) seeded from the
/// configuration's seed and the game number.
pub fn play_match<G: Knowledge>(
    mut new_game: impl FnMut(u32) -> G,
    a: &SearchConfig,
    b: &SearchConfig,
    opts: &MatchOptions,
    mut on_game: impl FnMut(&GameRecord),
) -> MatchReport {
    let mut report = MatchReport {
        game: String::new(),
        labels: [a.to_string(), b.to_string()],
        side_names: ["", ""],
        games: 0,
        wins: [[0; 2]; 2],
        draws: 0,
        searched: [(0, 0, 0); 2],
    };
    let stop = StopFlag::new();
    let mut buf = Vec::new();
    for index in 0..opts.games {
        let mut state = new_game(index);
        if index == 0 {
            report.game = G::display_name(state.options());
            report.side_names = [state.side_name(Player::P1), state.side_name(Player::P2)];
        }
        let a_seat = if index % 2 == 0 { Player::P1 } else { Player::P2 };
        let game_seed = mix64(opts.seed, u64::from(index));
        let mut searchers = [
            Searcher::new(a.with_seed(mix64(a.seed, game_seed))),
            Searcher::new(b.with_seed(mix64(b.seed, game_seed ^ 1))),
        ];
        let mut opening_rng = ChaCha8Rng::seed_from_u64(mix64(opts.seed, u64::from(index / 2) | 1 << 40));
        let mut record = GameRecord {
            index,
            a_seat,
            side_names: [state.side_name(Player::P1), state.side_name(Player::P2)],
            status: Status::Ongoing,
            winner: None,
            plies: 0,
            searched: [(0, 0, 0); 2],
            moves: Vec::new(),
        };
        while !state.status().is_over() && record.plies < opts.max_plies {
            let mv = if record.plies < opts.opening_plies {
                state.random_move(&mut opening_rng, &mut buf)
            } else {
                let c = if seat_to_move(&state) == a_seat { 0 } else { 1 };
                let t = Instant::now();
                let result = searchers[c].search(&state, &stop);
                let ms = t.elapsed().as_millis() as u64;
                let s = &mut record.searched[c];
                s.0 += 1;
                s.1 += ms;
                s.2 += result.as_ref().map_or(0, |r| r.iterations);
                result.and_then(|r| r.best)
            };
            let Some(mv) = mv else { break };
            // A search must never hand back an illegal move; if one does, stop with everything
            // needed to replay it rather than corrupt the game.
            state.legal_moves(&mut buf);
            assert!(
                buf.contains(&mv),
                "{} played the illegal move {mv:?} at ply {} (A: {}, B: {}, A seat {:?}); moves so far: {}",
                if record.plies < opts.opening_plies {
                    "the opening"
                } else if seat_to_move(&state) == a_seat {
                    "configuration A"
                } else {
                    "configuration B"
                },
                record.plies,
                a,
                b,
                a_seat,
                record.moves.join(" ")
            );
            record.moves.push(state.format_move(&mv));
            state.apply(mv);
            record.plies += 1;
        }
        record.status = match state.status() {
            Status::Ongoing => Status::Draw { reason: "adjudicated" },
            s => s,
        };
        // Seats, not colours: after a ConHex swap the players have exchanged colours.
        record.winner = match record.status {
            Status::Win { winner, .. } => Some(if state.seat_of(winner) == a_seat {
                Side::A
            } else {
                Side::B
            }),
            _ => None,
        };
        match record.status {
            Status::Win { winner, .. } => {
                let seat = state.seat_of(winner);
                let c = if seat == a_seat { 0 } else { 1 };
                report.wins[c][seat.index()] += 1;
            }
            _ => report.draws += 1,
        }
        for c in 0..2 {
            report.searched[c].0 += record.searched[c].0;
            report.searched[c].1 += record.searched[c].1;
            report.searched[c].2 += record.searched[c].2;
        }
        report.games += 1;
        on_game(&record);
    }
    report
}

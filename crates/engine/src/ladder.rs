//! `parlour-engine ladder`: a round robin of AI configurations (by default the four levels, each
//! at its own budget) on one game, turned into Elo ratings with the first player at 1000.
//!
//! The ratings are the Bradley–Terry maximum-likelihood fit of every pairing's score (a draw
//! counts half a win each way), with one virtual draw added to each pairing so that a clean
//! sweep gives a finite gap rather than an infinite one (the prior BayesElo uses). Intervals are
//! the profile likelihood's (see [`intervals`]).

use std::fmt::Write as _;
use std::path::PathBuf;
use std::process::ExitCode;

use parlour_ai::{Knowledge, Level, MatchOptions, SearchConfig, mix64, play_match};
use parlour_rules::{Game, GameId, split_pairs, with_game};

/// A round robin of configurations on one game, with Elo ratings (the first at 1000).
///
/// Every pair of configurations plays --games games (seats alternating, each pair of games from
/// one random opening). Prints each pairing's score, then a table of ratings with 95 %
/// intervals, then one `ratings` line for docs/strength.md.
#[derive(clap::Args, Debug)]
pub struct LadderArgs {
    /// The game and its options, e.g. --game konane size=8x8.
    #[arg(long, required = true, num_args = 1.., value_names = ["ID", "KEY=VALUE"])]
    game: Vec<String>,
    /// The configurations, each one quoted argument of genmove's words; the first is the anchor
    /// (1000). Default: the four levels, weakest first.
    #[arg(long, num_args = 1.., value_name = "SETTINGS")]
    players: Vec<String>,
    /// Games per pairing.
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: u32,
    /// Play only the pairings of players at most K apart in --players (1: each player with
    /// the next, a chain from the weakest to the strongest). Default: every pairing.
    #[arg(long, value_name = "K", value_parser = clap::value_parser!(u32).range(1..))]
    neighbours: Option<u32>,
    /// Play nothing: rate the players of earlier ladders' outputs instead, from their pairing
    /// lines ("A against B: 7.5/12 …"). Runs of one game can be joined this way (split over
    /// two processes, or resumed). The first of --players, or else the first player read, is
    /// the anchor.
    #[arg(long, value_name = "LOG", num_args = 1..)]
    from: Vec<PathBuf>,
    #[command(flatten)]
    play: crate::versus::SeriesPlay,
}

/// One pairing's result: players `i` and `j`, the games they played and `i`'s score in them
/// (a win 1, a draw ½).
#[derive(Clone, Debug, PartialEq)]
pub struct Pairing {
    /// The first player's index.
    pub i: usize,
    /// The second player's index.
    pub j: usize,
    /// `i`'s total score.
    pub score: f64,
    /// The games played.
    pub games: f64,
}

/// Reads one pairing line of a ladder's output, `  A against B: 7.5/12 (…)`, as the two
/// players' names, A's score and the games.
pub fn read_pairing(line: &str) -> Option<(String, String, f64, f64)> {
    let (a, rest) = line.trim().split_once(" against ")?;
    let (b, rest) = rest.split_once(": ")?;
    let (score, rest) = rest.split_once('/')?;
    let games = rest.split_whitespace().next()?;
    let (score, games): (f64, f64) = (score.parse().ok()?, games.parse().ok()?);
    (score >= 0.0 && score <= games).then(|| (a.to_string(), b.to_string(), score, games))
}

/// Elo ratings of `n` players from their pairings, player 0 at 1000: the maximum-likelihood
/// Bradley–Terry strengths (one virtual draw added to every pairing), by the MM iteration.
pub fn fit_elo(n: usize, pairings: &[Pairing]) -> Vec<f64> {
    // wins[i]: i's total score (virtual draws included); games[i][j]: games between them.
    let mut wins = vec![0.0; n];
    let mut games = vec![vec![0.0; n]; n];
    for p in pairings {
        let (s, g) = with_prior(p);
        wins[p.i] += s;
        wins[p.j] += g - s;
        games[p.i][p.j] += g;
        games[p.j][p.i] += g;
    }
    let mut gamma = vec![1.0f64; n];
    for _ in 0..10_000 {
        let mut next = gamma.clone();
        for i in 0..n {
            let denom: f64 = (0..n)
                .filter(|&j| j != i)
                .map(|j| games[i][j] / (gamma[i] + gamma[j]))
                .sum();
            if denom > 0.0 {
                next[i] = wins[i] / denom;
            }
        }
        // Player 0 is the anchor.
        let anchor = next[0];
        next.iter_mut().for_each(|g| *g /= anchor);
        let change = next
            .iter()
            .zip(&gamma)
            .map(|(a, b)| (a.ln() - b.ln()).abs())
            .fold(0.0, f64::max);
        gamma = next;
        if change < 1e-10 {
            break;
        }
    }
    gamma.iter().map(|g| 1000.0 + 400.0 * g.log10()).collect()
}

/// Each pairing's total score for `i` and its number of games, with one virtual draw added.
fn with_prior(p: &Pairing) -> (f64, f64) {
    (p.score + 0.5, p.games + 1.0)
}

/// The log-likelihood of strengths `gamma` (one virtual draw in each pairing included).
fn log_likelihood(gamma: &[f64], pairings: &[Pairing]) -> f64 {
    pairings
        .iter()
        .map(|p| {
            let (s, g) = with_prior(p);
            let e = gamma[p.i] / (gamma[p.i] + gamma[p.j]);
            s * e.ln() + (g - s) * (1.0 - e).ln()
        })
        .sum()
}

/// The strengths of maximum likelihood with player 0 at 1 and player `k` held at `held`, the
/// others free (the MM iteration, one player at a time).
fn fit_holding(n: usize, pairings: &[Pairing], k: usize, held: f64) -> Vec<f64> {
    let mut gamma = vec![1.0f64; n];
    gamma[k] = held;
    for _ in 0..2_000 {
        let mut change = 0.0f64;
        for i in (1..n).filter(|&i| i != k) {
            let (mut wins, mut denom) = (0.0, 0.0);
            for p in pairings.iter().filter(|p| p.i == i || p.j == i) {
                let (s, g) = with_prior(p);
                let other = if p.i == i { p.j } else { p.i };
                wins += if p.i == i { s } else { g - s };
                denom += g / (gamma[i] + gamma[other]);
            }
            if denom > 0.0 {
                let next = wins / denom;
                change = change.max((next.ln() - gamma[i].ln()).abs());
                gamma[i] = next;
            }
        }
        if change < 1e-9 {
            break;
        }
    }
    gamma
}

/// The 95 % interval of each player's rating from the profile likelihood: the ratings at which
/// the likelihood, the other players refitted, falls 1.92 (half of χ² with one degree of
/// freedom at 95 %) below its best. It is asymmetric where it should be: a 4–0 sweep alone does
/// not rule out two equal players (about 1000 to 2200 against an anchor of 1000), a 40–0 one
/// puts the winner above about 1400. (A bootstrap resamples a sweep only into sweeps and gave
/// intervals two points wide.) The anchor's interval is its own rating.
pub fn intervals(n: usize, pairings: &[Pairing], ratings: &[f64]) -> Vec<(f64, f64)> {
    let to_gamma = |r: f64| 10f64.powf((r - 1000.0) / 400.0);
    let best: Vec<f64> = ratings.iter().map(|&r| to_gamma(r)).collect();
    let top = log_likelihood(&best, pairings);
    (0..n)
        .map(|k| {
            if k == 0 {
                return (ratings[0], ratings[0]);
            }
            // How far below the best the likelihood is with k at rating r.
            let drop = |r: f64| top - log_likelihood(&fit_holding(n, pairings, k, to_gamma(r)), pairings);
            let edge = |step: f64| {
                // Walk out until the drop passes 1.92, then bisect.
                let (mut inside, mut outside) = (ratings[k], ratings[k] + step);
                while drop(outside) < 1.92 && (outside - ratings[k]).abs() < 4000.0 {
                    inside = outside;
                    outside += step;
                }
                for _ in 0..40 {
                    let mid = (inside + outside) / 2.0;
                    if drop(mid) < 1.92 {
                        inside = mid;
                    } else {
                        outside = mid;
                    }
                }
                (inside + outside) / 2.0
            };
            (edge(-100.0), edge(100.0))
        })
        .collect()
}

fn round_robin<G: Game + Knowledge>(l: &LadderArgs) -> Result<String, String> {
    let words: Vec<&str> = l.game[1..].iter().map(String::as_str).collect();
    let pairs = split_pairs(&words).map_err(|e| e.to_string())?;
    let options = G::parse_options(&pairs).map_err(|e| e.to_string())?;
    let start = G::new(&options);
    let players: Vec<String> = if l.players.is_empty() {
        Level::ALL.iter().map(|lv| format!("level={}", lv.name())).collect()
    } else {
        l.players.clone()
    };
    let configs = players
        .iter()
        .map(|text| {
            let words: Vec<&str> = text.split_whitespace().collect();
            SearchConfig::parse(&start, &words, Level::Strong).map_err(|e| format!("'{text}': {e}"))
        })
        .collect::<Result<Vec<_>, _>>()?;
    crate::say!(
        "{}: a round robin of {} players, {} games a pairing",
        G::display_name(&options),
        players.len(),
        l.games
    );
    let mut pairings = Vec::new();
    for i in 0..configs.len() {
        let last = l
            .neighbours
            .map_or(configs.len(), |k| (i + 1 + k as usize).min(configs.len()));
        for j in i + 1..last {
            let opts = MatchOptions {
                games: l.games,
                opening_plies: l.play.opening,
                max_plies: l.play.max_plies,
                seed: mix64(l.play.seed, (i * 64 + j) as u64),
            };
            let mut score = 0.0;
            let report = play_match(
                |_| start.clone(),
                &configs[i],
                &configs[j],
                &opts,
                |record| {
                    score += match record.winner {
                        Some(parlour_ai::Side::A) => 1.0,
                        Some(parlour_ai::Side::B) => 0.0,
                        None => 0.5,
                    }
                },
            );
            crate::say!(
                "  {} against {}: {score}/{} ({:.0} and {:.0} ms a move)",
                players[i],
                players[j],
                l.games,
                report.ms_per_move(0),
                report.ms_per_move(1)
            );
            pairings.push(Pairing {
                i,
                j,
                score,
                games: f64::from(l.games),
            });
        }
    }
    Ok(table(l, &players, &pairings))
}

/// The pairings read from earlier ladders' outputs (`--from`), and their players: those of
/// --players first, in that order, then any other in the order read.
fn read_logs(l: &LadderArgs) -> Result<(Vec<String>, Vec<Pairing>), String> {
    let mut players = l.players.clone();
    let index = |name: &str, players: &mut Vec<String>| match players.iter().position(|p| p == name) {
        Some(k) => k,
        None => {
            players.push(name.to_string());
            players.len() - 1
        }
    };
    let mut pairings = Vec::new();
    for path in &l.from {
        let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
        for (a, b, score, games) in text.lines().filter_map(read_pairing) {
            if a == b {
                return Err(format!("{}: '{a}' against itself is no pairing", path.display()));
            }
            let (i, j) = (index(&a, &mut players), index(&b, &mut players));
            pairings.push(Pairing { i, j, score, games });
        }
    }
    if pairings.is_empty() {
        return Err("no pairing lines (\"A against B: 7.5/12\") in the logs".to_string());
    }
    if let Some(idle) = (0..players.len()).find(|&k| !pairings.iter().any(|p| p.i == k || p.j == k)) {
        return Err(format!("'{}' played no game in the logs", players[idle]));
    }
    Ok((players, pairings))
}

/// The ratings table and the `ratings` line for `players` from `pairings`.
fn table(l: &LadderArgs, players: &[String], pairings: &[Pairing]) -> String {
    let ratings = fit_elo(players.len(), pairings);
    let intervals = intervals(players.len(), pairings, &ratings);
    let mut out = String::new();
    let mut line = format!("ratings {}:", l.game.join(" "));
    for (k, name) in players.iter().enumerate() {
        let (lo, hi) = intervals[k];
        let _ = writeln!(out, "  {name:<28} {:>6.0}   95 % {:>5.0}–{:<5.0}", ratings[k], lo, hi);
        let _ = write!(
            line,
            " {}={:.0}[{:.0},{:.0}]",
            name.replace(' ', ","),
            ratings[k],
            lo,
            hi
        );
    }
    out.push_str(&line);
    out
}

/// Runs the round robin `l` describes.
pub fn run(l: &LadderArgs) -> ExitCode {
    let result = if l.from.is_empty() {
        match l.game[0].parse::<GameId>() {
            Ok(game) => with_game!(game, G => round_robin::<G>(l)),
            Err(e) => Err(e.to_string()),
        }
    } else {
        read_logs(l).map(|(players, pairings)| table(l, &players, &pairings))
    };
    crate::finish("ladder", result)
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    /// Games between players of known ratings, each result drawn from Elo's expectation.
    fn simulate(truth: &[f64], games: usize, seed: u64) -> Vec<Pairing> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut out = Vec::new();
        for i in 0..truth.len() {
            for j in i + 1..truth.len() {
                let p = 1.0 / (1.0 + 10f64.powf((truth[j] - truth[i]) / 400.0));
                let score = (0..games).filter(|_| rng.random::<f64>() < p).count() as f64;
                out.push(Pairing {
                    i,
                    j,
                    score,
                    games: games as f64,
                });
            }
        }
        out
    }

    #[test]
    fn the_fit_finds_known_ratings_again_and_the_intervals_hold_them() {
        let truth = [1000.0, 1300.0, 1650.0, 1800.0];
        let pairings = simulate(&truth, 400, 5);
        let fitted = fit_elo(4, &pairings);
        assert!((fitted[0] - 1000.0).abs() < 1e-6, "the anchor moved: {fitted:?}");
        for (f, t) in fitted.iter().zip(truth) {
            assert!((f - t).abs() < 60.0, "fitted {fitted:?}, truth {truth:?}");
        }
        let intervals = intervals(4, &pairings, &fitted);
        for (k, (lo, hi)) in intervals.iter().enumerate().skip(1) {
            assert!(
                *lo < fitted[k] && fitted[k] < *hi,
                "{k}: {lo}..{hi} misses {}",
                fitted[k]
            );
            assert!(
                *lo < truth[k] + 80.0 && truth[k] - 80.0 < *hi,
                "{k}: {lo}..{hi} far from {}",
                truth[k]
            );
        }
    }

    #[test]
    fn a_clean_sweep_gives_a_large_finite_gap_and_fewer_games_a_wider_interval() {
        let sweep = |games: usize| {
            vec![Pairing {
                i: 0,
                j: 1,
                score: 0.0,
                games: games as f64,
            }]
        };
        let r10 = fit_elo(2, &sweep(10));
        let r40 = fit_elo(2, &sweep(40));
        assert!(r10[1].is_finite() && r10[1] > 1300.0, "{r10:?}");
        assert!(r40[1] > r10[1], "more evidence, a larger gap: {r10:?} {r40:?}");
        // An even match: the same rating, an interval either side.
        let even = vec![Pairing {
            i: 0,
            j: 1,
            score: 10.0,
            games: 20.0,
        }];
        let r = fit_elo(2, &even);
        assert!((r[1] - 1000.0).abs() < 1e-6, "{r:?}");
        let (lo, hi) = intervals(2, &even, &r)[1];
        assert!(lo < 1000.0 && hi > 1000.0, "{lo}..{hi}");
        // Four games of a sweep are weak evidence, forty stronger: the interval of a 4–0 is
        // hundreds of points wide and reaches down near the anchor, a 40–0's lies well above it.
        let (lo4, hi4) = intervals(2, &sweep(4), &fit_elo(2, &sweep(4)))[1];
        let (lo40, hi40) = intervals(2, &sweep(40), &r40)[1];
        assert!(lo4 < 1100.0 && hi4 > 1700.0, "{lo4}..{hi4}");
        assert!(
            lo40 > 1300.0 && lo40 < r40[1] && r40[1] < hi40,
            "{lo40}..{hi40} around {}",
            r40[1]
        );
    }

    #[test]
    fn a_pairing_line_reads_back_and_anything_else_does_not() {
        let line = "  level=strong nodes=20000 against level=strong: 2.5/12 (23 and 640 ms a move)";
        assert_eq!(
            read_pairing(line),
            Some(("level=strong nodes=20000".into(), "level=strong".into(), 2.5, 12.0))
        );
        for bad in [
            "Kōnane 8×8: a round robin of 3 players, 12 games a pairing",
            "  a against b: 13/12 (1 and 2 ms a move)",
            "  a against b: x/12",
            "ratings konane: level=novice=1000[1000,1000]",
        ] {
            assert_eq!(read_pairing(bad), None, "{bad}");
        }
    }
}

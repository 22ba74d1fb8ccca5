//! `parlour-engine match`: an AI-versus-AI series between two configurations on one game,
//! seats alternating, with a line per game and a final table.

use std::process::ExitCode;

use parlour_ai::{Knowledge, Level, MatchOptions, SearchConfig, play_match};
use parlour_rules::{Game, GameId, split_pairs, with_game};

/// An AI-versus-AI series between configuration A and configuration B, alternating seats.
///
/// SETTINGS is one quoted argument of genmove's words, e.g. --a "level=master" --b "algo=uct
/// ms=2400". Prints one line per game, then wins by seat, draws, average time per move and A's
/// score with a 95 % confidence interval.
#[derive(clap::Args, Debug)]
pub struct MatchArgs {
    /// The game and its options, e.g. --game soldiers variant=board2.
    #[arg(long, required = true, num_args = 1.., value_names = ["ID", "KEY=VALUE"])]
    game: Vec<String>,
    /// Configuration A.
    #[arg(long, value_name = "SETTINGS", default_value = "level=strong")]
    a: String,
    /// Configuration B.
    #[arg(long, value_name = "SETTINGS", default_value = "level=novice")]
    b: String,
    /// Games in the series.
    #[arg(long, value_name = "N", default_value_t = 10)]
    games: u32,
    /// Random moves at the start of each pair of games, so deterministic players do not repeat
    /// one game.
    #[arg(long, value_name = "N", default_value_t = 0)]
    opening: u32,
    /// Seed of the openings and of each game's search seeds.
    #[arg(long, value_name = "N", default_value_t = 0)]
    seed: u64,
    /// A game still going after this many moves is scored a draw.
    #[arg(long = "max-plies", value_name = "N", default_value_t = 2000)]
    max_plies: u32,
    /// Print only the table.
    #[arg(long)]
    quiet: bool,
    /// Also print each game's moves.
    #[arg(long)]
    moves: bool,
}

impl MatchArgs {
    fn options(&self) -> MatchOptions {
        MatchOptions {
            games: self.games,
            opening_plies: self.opening,
            max_plies: self.max_plies,
            seed: self.seed,
        }
    }
}

fn series<G: Game + Knowledge>(m: &MatchArgs) -> Result<(), String> {
    let words: Vec<&str> = m.game[1..].iter().map(String::as_str).collect();
    let pairs = split_pairs(&words).map_err(|e| e.to_string())?;
    let options = G::parse_options(&pairs).map_err(|e| e.to_string())?;
    let start = G::new(&options);
    let cfg = |text: &str| -> Result<SearchConfig, String> {
        let words: Vec<&str> = text.split_whitespace().collect();
        SearchConfig::parse(&start, &words, Level::Strong).map_err(|e| e.to_string())
    };
    let (a, b) = (cfg(&m.a)?, cfg(&m.b)?);
    crate::say!("{} — A: {a}  B: {b}", G::display_name(&options));
    let (quiet, moves) = (m.quiet, m.moves);
    let report = play_match(
        |_| start.clone(),
        &a,
        &b,
        &m.options(),
        |record| {
            if !quiet {
                crate::say!("{record}");
                if moves {
                    crate::say!("           {}", record.moves.join(" "));
                }
            }
        },
    );
    crate::say!("{report}");
    Ok(())
}

/// Runs the series `m` describes.
pub fn run(m: &MatchArgs) -> ExitCode {
    let result = match m.game[0].parse::<GameId>() {
        Ok(game) => with_game!(game, G => series::<G>(m)),
        Err(e) => Err(e.to_string()),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("parlour-engine match: {e}");
            ExitCode::from(2)
        }
    }
}

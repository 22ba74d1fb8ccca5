//! One game in progress behind an object-safe interface, so the protocol can hold any of the
//! five games, and the registry that builds one from a game id and `key=value` options.

use parlour_ai::solve::{Solvable, SolveConfig, reply_text};
use parlour_ai::{Knowledge, Level, SearchConfig, StopFlag};
use parlour_rules::dynamic::{DynGame, Played};
use parlour_rules::{Game, GameId, perft, split_pairs, with_game};

/// A game in progress as the protocol sees it: text in, text out.
pub trait Session: Send {
    /// The game's engine id.
    fn id(&self) -> &'static str;
    /// The side names in turn order: the side that moves first from the start, then the other.
    fn side_names(&self) -> [&'static str; 2];
    /// A copy to try things on.
    fn clone_box(&self) -> Box<dyn Session>;
    /// Whose turn it is in turn order (0 = the side that moved first), `None` once the game is
    /// over.
    fn turn(&self) -> Option<usize>;
    /// Legal moves in canonical notation, sorted in plain byte order.
    fn legal(&self) -> Vec<String>;
    /// Plays a move given as text; replies with its canonical notation.
    fn play(&mut self, text: &str) -> Result<String, String>;
    /// Lets the AI choose and play a move, configured by `genmove`'s `key=value` words
    /// (see [`GENMOVE_DEFAULT_LEVEL`]); replies with its canonical notation.
    /// `cap_ms`, when given, shortens every search to at most that many milliseconds (the
    /// fuzz harness; the protocol itself bounds searches at the AI's ceiling).
    fn genmove(&mut self, words: &[&str], cap_ms: Option<u64>) -> Result<String, String>;
    /// Takes back the last move.
    fn undo(&mut self) -> Result<(), String>;
    /// `ongoing <side>`, `win <side> <reason>` or `draw <reason>`.
    fn status(&self) -> String;
    /// A text picture of the position and one line per counter.
    fn show(&self) -> String;
    /// The moves played so far in canonical notation.
    fn history(&self) -> Vec<String>;
    /// Resets and plays `moves`; on failure the session is left as it was.
    fn setmoves(&mut self, moves: &[&str]) -> Result<(), String>;
    /// perft from the current position; fails rather than run for hours when the count would
    /// need more than `max_positions` positions to be played ([`PERFT_MAX_POSITIONS`] in the
    /// protocol).
    fn perft(&self, depth: u32, max_positions: u64) -> Result<u64, String>;
    /// Solves the current position exactly within `ms` milliseconds: `win <side> <plies>
    /// <moves…>`, `draw` or `unknown` (the protocol's `solve` reply without `= `). Never
    /// changes the game.
    fn solve(&self, ms: u64) -> String;
    /// Analyses the game so far, each position searched for `ms` milliseconds: the protocol's
    /// `analyse` lines, one per ply, each handed to `on_line` as soon as it is done. Never
    /// changes the game.
    fn analyse(&self, ms: u64, on_line: &mut dyn FnMut(String));
}

/// A [`Session`] over one concrete game: the rules' [`Played`] (the start position plus a
/// stack of positions, so undo is exact and cheap) and the AI's commands over it.
pub struct GameSession<G: Game> {
    played: Played<G>,
}

impl<G: Game> GameSession<G> {
    /// A session starting from `start`.
    pub fn new(start: G) -> Self {
        GameSession {
            played: Played::new(start),
        }
    }
}

/// Text form of a status, as the protocol's `status` reply prints it.
pub use parlour_rules::dynamic::status_text;

impl<G: Game + Knowledge + Solvable + 'static> Session for GameSession<G> {
    fn id(&self) -> &'static str {
        G::ID
    }

    fn side_names(&self) -> [&'static str; 2] {
        self.played.side_names()
    }

    fn clone_box(&self) -> Box<dyn Session> {
        Box::new(GameSession {
            played: self.played.clone(),
        })
    }

    fn turn(&self) -> Option<usize> {
        self.played.turn()
    }

    fn legal(&self) -> Vec<String> {
        self.played.legal()
    }

    fn play(&mut self, text: &str) -> Result<String, String> {
        self.played.play(text).map_err(|e| e.to_string())
    }

    fn genmove(&mut self, words: &[&str], cap_ms: Option<u64>) -> Result<String, String> {
        let state = self.played.current();
        let mut cfg = SearchConfig::parse(state, words, GENMOVE_DEFAULT_LEVEL).map_err(|e| e.to_string())?;
        if let Some(cap) = cap_ms {
            cfg.budget.millis = Some(cfg.budget.millis.map_or(cap, |ms| ms.min(cap)));
        }
        if state.status().is_over() {
            return Err("the game is over".into());
        }
        let result = parlour_ai::search(state, &cfg, &StopFlag::new());
        let mv = result
            .and_then(|r| r.best)
            .ok_or_else(|| "the AI found no move".to_string())?;
        let mut next = state.clone();
        next.play(mv)
            .map_err(|e| format!("internal error: the AI chose an illegal move ({e})"))?;
        let canonical = state.format_move(&mv);
        self.played.push(next, mv);
        Ok(canonical)
    }

    fn undo(&mut self) -> Result<(), String> {
        self.played.undo().map_err(|e| e.to_string())
    }

    fn status(&self) -> String {
        self.played.status_text()
    }

    fn show(&self) -> String {
        self.played.show()
    }

    fn history(&self) -> Vec<String> {
        self.played.history()
    }

    fn setmoves(&mut self, moves: &[&str]) -> Result<(), String> {
        self.played = self.played.replayed(moves).map_err(|e| e.to_string())?;
        Ok(())
    }

    fn perft(&self, depth: u32, max_positions: u64) -> Result<u64, String> {
        let mut budget = max_positions;
        bounded_perft(self.played.current(), depth, &mut budget).ok_or_else(|| {
            format!("perft {depth} would play more than {max_positions} positions here; try a smaller depth")
        })
    }

    fn solve(&self, ms: u64) -> String {
        let state = self.played.current();
        if let Some(reply) = crate::tables::solve_reply(state) {
            return reply;
        }
        let cfg = SolveConfig {
            millis: Some(ms),
            ..SolveConfig::default()
        };
        reply_text(state, &parlour_ai::solve::solve(state, &cfg))
    }

    fn analyse(&self, ms: u64, on_line: &mut dyn FnMut(String)) {
        let start = self.played.start();
        let budget = parlour_ai::Budget::millis(ms);
        let stop = StopFlag::new();
        parlour_ai::analysis::analyse(start, self.played.moves(), budget, 0, &stop, |p| {
            on_line(p.protocol_line(start))
        });
    }
}

/// The budget per position of `analyse` when no `ms=` is given: a 60-ply game in under a
/// minute.
pub const ANALYSE_DEFAULT_MS: u64 = 800;

/// The budget of `solve` when no `ms=` is given.
pub const SOLVE_DEFAULT_MS: u64 = 10_000;

/// The most positions one `perft` command may play (leaves are counted without playing them),
/// so that no command can keep the engine busy for hours.
pub const PERFT_MAX_POSITIONS: u64 = 5_000_000;

/// perft that gives up (`None`) once it has played `budget` positions.
fn bounded_perft<G: Game>(state: &G, depth: u32, budget: &mut u64) -> Option<u64> {
    if depth <= 1 {
        return Some(if depth == 0 { 1 } else { perft(state, 1) });
    }
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    let mut sum = 0;
    for mv in moves {
        *budget = budget.checked_sub(1)?;
        let mut next = state.clone();
        next.apply(mv);
        sum += bounded_perft(&next, depth - 1, budget)?;
    }
    Some(sum)
}

/// The level `genmove` plays at when no `level=` is given.
pub const GENMOVE_DEFAULT_LEVEL: Level = Level::Strong;

/// Why a session could not be started: each shows as the sentence the protocol answers with.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SessionError {
    /// No game has that id.
    #[error(transparent)]
    UnknownGame(#[from] parlour_rules::UnknownGame),
    /// The game refuses the options.
    #[error(transparent)]
    Options(#[from] parlour_rules::OptionsError),
    /// A move of the list given cannot be played.
    #[error("{0}")]
    Moves(String),
}

impl From<SessionError> for String {
    fn from(e: SessionError) -> String {
        e.to_string()
    }
}

fn make<G: Game + Knowledge + Solvable>(pairs: &[(&str, &str)]) -> Result<Box<dyn Session>, SessionError> {
    let options = G::parse_options(pairs)?;
    Ok(Box::new(GameSession::new(G::new(&options))))
}

/// A game from its id, its options as pairs and the moves played (an online game as stored).
pub fn session_from(
    id: &str,
    options: &[(String, String)],
    moves: &[String],
) -> Result<Box<dyn Session>, SessionError> {
    let game: GameId = id.to_ascii_lowercase().parse()?;
    let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let mut session = with_game!(game, G => make::<G>(&pairs))?;
    let moves: Vec<&str> = moves.iter().map(String::as_str).collect();
    session.setmoves(&moves).map_err(SessionError::Moves)?;
    Ok(session)
}

/// Starts a game from its id (aliases accepted, case-insensitive) and `key=value` words.
pub fn new_session(id: &str, opts: &[&str]) -> Result<Box<dyn Session>, SessionError> {
    let game: GameId = id.to_ascii_lowercase().parse()?;
    let pairs = split_pairs(opts)?;
    with_game!(game, G => make::<G>(&pairs))
}

/// The `games` listing of one game type: one line per variant, `<id> <options…>  <name>`, each
/// option with the values it takes on that variant (a run of numbers as `first..last`); options
/// that do not apply to a variant (Sixteen Soldiers' rule switches on Monk and Water) are left out.
fn catalogue_lines<G: Game>() -> Vec<String> {
    let specs = G::option_specs();
    let others = |variant: Option<&str>, options: &G::Options| -> String {
        let mut out = String::new();
        for s in specs.iter().filter(|s| s.key != "variant") {
            if G::option_value(options, s.key).is_none() {
                continue;
            }
            let values: Vec<&str> = match variant {
                Some(v) => s
                    .values
                    .iter()
                    .copied()
                    .filter(|x| G::parse_options(&[("variant", v), (s.key, x)]).is_ok())
                    .collect(),
                None => s.values.to_vec(),
            };
            let numbers: Option<Vec<u32>> = values.iter().map(|x| x.parse().ok()).collect();
            let text = match numbers {
                Some(n) if n.len() > 3 && n.windows(2).all(|w| w[1] == w[0] + 1) => {
                    format!("{}..{}", n[0], n[n.len() - 1])
                }
                _ => values.join("|"),
            };
            out.push_str(&format!(" {}={text}", s.key));
        }
        out
    };
    match specs.iter().find(|s| s.key == "variant") {
        Some(variant) => variant
            .values
            .iter()
            .filter_map(|v| {
                let options = G::parse_options(&[("variant", v)]).ok()?;
                Some(format!(
                    "{} variant={v}{}  {}",
                    G::ID,
                    others(Some(v), &options),
                    G::display_name(&options)
                ))
            })
            .collect(),
        None => vec![format!(
            "{}{}  {}",
            G::ID,
            others(None, &G::Options::default()),
            G::display_name(&G::Options::default())
        )],
    }
}

/// Every game and variant, one line each, as the `games` command prints them.
pub fn catalogue() -> Vec<String> {
    GameId::ALL
        .into_iter()
        .flat_map(|g| with_game!(g, G => catalogue_lines::<G>()))
        .collect()
}

//! One puzzle as the files write it: reading and writing its columns, and the refusals.

use parlour_rules::{Game, GameId};
use thiserror::Error;

use super::oracle::Method;

/// One puzzle.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    /// A short id, unique within its file.
    pub id: String,
    /// The game's engine id.
    pub game: String,
    /// The options, `key=value` space-separated (empty for the defaults).
    pub options: String,
    /// The moves from the start to the puzzle's position.
    pub before: Vec<String>,
    /// The solution: the solver's moves at even indices, the replies between them.
    pub line: Vec<String>,
    /// The starting rating.
    pub rating: u32,
    /// Themes a player would name.
    pub themes: Vec<String>,
    /// How the wins are proven.
    pub method: Method,
    /// The game it came from (seed, game number, ply).
    pub source: String,
}

/// Why a puzzle line could not be read or does not hold; [`PuzzleFileError`] names the line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PuzzleError {
    /// The line does not have the nine columns.
    #[error("it has {0} columns separated by '|' where a puzzle has 9")]
    Columns(usize),
    /// The game id is not one of Parlour's.
    #[error("'{0}' is not one of Parlour's games")]
    Game(String),
    /// The options are refused by the game.
    #[error("its options are refused: {0}")]
    Options(String),
    /// The rating is not a number.
    #[error("its rating '{0}' is not a whole number")]
    Rating(String),
    /// The proof column is not `solver` or `h=N`.
    #[error("its proof '{0}' is neither 'solver' nor 'h=N'")]
    Proof(String),
    /// The solution is empty or ends with a reply.
    #[error("its solution must be an odd number of moves, the solver's first and last")]
    Shape,
    /// A move before the puzzle is not legal.
    #[error("move {index} before the puzzle, '{text}', cannot be played: {reason}")]
    Before {
        /// 1-based.
        index: usize,
        /// The move.
        text: String,
        /// Why.
        reason: String,
    },
    /// A move of the solution is not legal.
    #[error("move {index} of the solution, '{text}', cannot be played: {reason}")]
    Illegal {
        /// 1-based.
        index: usize,
        /// The move.
        text: String,
        /// Why.
        reason: String,
    },
    /// At one of the solver's turns the solution's move is not the only winning move.
    #[error("at move {index} of the solution the side to move has {wins} winning moves, not exactly one")]
    NotUnique {
        /// 1-based.
        index: usize,
        /// How many win.
        wins: usize,
    },
    /// The solution's move at a solver's turn does not win.
    #[error("move {index} of the solution, '{text}', does not win")]
    NotWinning {
        /// 1-based.
        index: usize,
        /// The move.
        text: String,
    },
    /// The solver ran out of budget.
    #[error("its proof at move {0} of the solution could not be redone within the budget")]
    Budget(usize),
}

/// A refused line of a puzzle file, named.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("line {line} of the puzzle file is refused: {error}")]
pub struct PuzzleFileError {
    /// 1-based line number.
    pub line: usize,
    /// Why.
    pub error: PuzzleError,
}

fn words(text: &str) -> Vec<String> {
    match text.trim() {
        "-" => Vec::new(),
        t => t.split_whitespace().map(str::to_string).collect(),
    }
}

fn or_dash(text: String) -> String {
    if text.is_empty() { "-".into() } else { text }
}

impl Puzzle {
    /// Reads one line of a puzzle file (not checked against the rules).
    pub fn parse(line: &str) -> Result<Puzzle, PuzzleError> {
        let cols: Vec<&str> = line.split('|').map(str::trim).collect();
        if cols.len() != 9 {
            return Err(PuzzleError::Columns(cols.len()));
        }
        let game: GameId = cols[1].parse().map_err(|_| PuzzleError::Game(cols[1].into()))?;
        let rating = cols[5].parse().map_err(|_| PuzzleError::Rating(cols[5].into()))?;
        let method = Method::parse(cols[7]).ok_or_else(|| PuzzleError::Proof(cols[7].into()))?;
        let line = words(cols[4]);
        if line.len().is_multiple_of(2) {
            return Err(PuzzleError::Shape);
        }
        let themes = match cols[6] {
            "-" | "" => Vec::new(),
            t => t.split(',').map(|s| s.trim().to_string()).collect(),
        };
        Ok(Puzzle {
            id: cols[0].into(),
            game: game.id().into(),
            options: words(cols[2]).join(" "),
            before: words(cols[3]),
            line,
            rating,
            themes,
            method,
            source: cols[8].into(),
        })
    }

    /// The export's seven columns.
    pub fn export_line(&self) -> String {
        format!(
            "{}|{}|{}|{}|{}|{}|{}",
            self.id,
            self.game,
            or_dash(self.options.clone()),
            or_dash(self.before.join(" ")),
            self.line.join(" "),
            self.rating,
            or_dash(self.themes.join(","))
        )
    }

    /// The file's nine columns.
    pub fn file_line(&self) -> String {
        format!("{}|{}|{}", self.export_line(), self.method.text(), self.source)
    }

    /// How many moves the player makes.
    pub fn solver_moves(&self) -> usize {
        self.line.len().div_ceil(2)
    }
}

/// Reads a puzzle file; the first bad line is refused with its number.
pub fn parse_file(text: &str) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        out.push(Puzzle::parse(t).map_err(|error| PuzzleFileError { line: i + 1, error })?);
    }
    Ok(out)
}

/// The position of a game given as options text and moves, or why not.
pub(crate) fn replay<G: Game>(options: &str, moves: &[String]) -> Result<G, PuzzleError> {
    let words: Vec<&str> = options.split_whitespace().collect();
    let pairs = parlour_rules::split_pairs(&words).map_err(|e| PuzzleError::Options(e.to_string()))?;
    let opts = G::parse_options(&pairs).map_err(|e| PuzzleError::Options(e.to_string()))?;
    let mut state = G::new(&opts);
    for (i, m) in moves.iter().enumerate() {
        parlour_rules::play_text(&mut state, m).map_err(|e| PuzzleError::Before {
            index: i + 1,
            text: m.clone(),
            reason: e.to_string(),
        })?;
    }
    Ok(state)
}

/// A game's options as the puzzle column writes them.
pub fn options_text<G: Game>(options: &G::Options) -> String {
    G::option_pairs(options)
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ")
}

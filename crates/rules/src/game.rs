//! The one interface every game implements, and the algorithms written once against it
//! (perft, playing from notation, random moves).
//!
//! Modelled on OpenSpiel's `State` (legal actions, apply, terminal, returns, clone) and
//! shakmaty's `Position` (typed moves, `play` returning a typed error, no allocation per move).

use std::fmt::Debug;
use std::hash::Hash;

use rand::Rng;
use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};
use thiserror::Error;

/// One of the two seats. `P1` is the side a game's rule page lists first in its engine
/// names (`white`, `white`, `blue`, `black`, `general`/`monk`); who *moves* first is the
/// game's business (`Game::side_to_move` of a new state).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Player {
    /// The first-named side.
    P1,
    /// The second-named side.
    P2,
}

impl Player {
    /// Both players, `P1` first.
    pub const BOTH: [Player; 2] = [Player::P1, Player::P2];

    /// The other player.
    #[inline]
    pub fn other(self) -> Player {
        match self {
            Player::P1 => Player::P2,
            Player::P2 => Player::P1,
        }
    }

    /// 0 for `P1`, 1 for `P2`: an index into per-player arrays.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }
}

/// Where a game stands.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize)]
pub enum Status {
    /// Still being played.
    Ongoing,
    /// Won; `reason` is the rule page's single lower-case end word (e.g. `no-moves`,
    /// `connection`, or a Kansho result name such as `domination`).
    Win {
        /// Who won.
        winner: Player,
        /// The rule page's end reason.
        reason: &'static str,
    },
    /// Drawn, with the rule page's reason (e.g. `repetition`, `equal-scores`).
    Draw {
        /// The rule page's end reason.
        reason: &'static str,
    },
}

impl Status {
    /// True once the game is over.
    #[inline]
    pub fn is_over(self) -> bool {
        !matches!(self, Status::Ongoing)
    }

    /// The result from `player`'s point of view: 1 win, 0.5 draw, 0 loss; `None` while ongoing.
    pub fn score_for(self, player: Player) -> Option<f64> {
        match self {
            Status::Ongoing => None,
            Status::Draw { .. } => Some(0.5),
            Status::Win { winner, .. } => Some(if winner == player { 1.0 } else { 0.0 }),
        }
    }
}

/// Why a move could not be played. Shown to players and engine users as a sentence.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PlayError {
    /// The game has already ended.
    #[error("the game is over")]
    GameOver,
    /// The move is well formed but not legal here.
    #[error("illegal move {notation}: {reason}")]
    Illegal {
        /// The move in the game's notation.
        notation: String,
        /// Why it is illegal, as a sentence fragment.
        reason: String,
    },
}

/// A move text that could not be read. The message says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct NotationError(pub String);

impl NotationError {
    /// Builds an error from anything printable.
    pub fn new(msg: impl Into<String>) -> Self {
        NotationError(msg.into())
    }
}

/// Game options that could not be read (unknown key, bad value). The message lists the valid ones.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct OptionsError(pub String);

impl From<OptionsError> for String {
    fn from(e: OptionsError) -> String {
        e.0
    }
}

/// One option a game offers in the engine's `game` command and the new-game dialog.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// The key, as in `key=value`.
    pub key: &'static str,
    /// The values offered (for a free-form option such as Kōnane's `size`, the suggested ones).
    pub values: &'static [&'static str],
    /// The default value.
    pub default: &'static str,
    /// One sentence that says what the option does, shown to players.
    pub help: &'static str,
}

/// A named number the HUD and the engine's `show` display (hands, scores, captures…).
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Counter {
    /// What is counted, e.g. `white hand`.
    pub label: String,
    /// The count.
    pub value: i64,
}

impl Counter {
    /// A counter from a label and a value.
    pub fn new(label: impl Into<String>, value: impl TryInto<i64>) -> Self {
        Counter {
            label: label.into(),
            value: value.try_into().unwrap_or(i64::MAX),
        }
    }
}

/// The interface every game implements. States are cheap to clone; the hot path
/// (`legal_moves` into a reused buffer, `apply`) allocates nothing per move.
pub trait Game: Clone + Debug + Send + Sync + Serialize + DeserializeOwned + 'static {
    /// A move: small and `Copy`.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + Serialize + DeserializeOwned + 'static;
    /// One step of the staged record of what a move did, in the rules' order, for the
    /// client to animate stage by stage.
    type Step: Clone + Debug + PartialEq + Send + Sync + Serialize + 'static;
    /// The options chosen when the game was set up.
    type Options: Clone + Debug + Default + PartialEq + Send + Sync + Serialize + DeserializeOwned + 'static;

    /// The engine id (`kansho`, `konane`, `conhex`, `qyshinsu`, `soldiers`).
    const ID: &'static str;
    /// The name shown to players.
    const NAME: &'static str;
    /// True for a game that is over exactly when the side to move has no legal move (Kōnane):
    /// [`random_playout`] then skips `status` before each move and lets `random_move`'s `None`
    /// end the game.
    const OVER_WHEN_NO_MOVES: bool = false;

    /// The options this game offers, with their defaults and one-sentence explanations.
    fn option_specs() -> &'static [OptionSpec];
    /// Reads `key=value` options; unknown keys or bad values fail with a message listing the
    /// valid ones. Missing keys take their defaults.
    fn parse_options(pairs: &[(&str, &str)]) -> Result<Self::Options, OptionsError>;
    /// The options as `key=value` pairs, in `option_specs` order (for saves and `games`).
    fn option_pairs(options: &Self::Options) -> Vec<(String, String)>;
    /// The value in force of option `key` under `options`, or `None` where the option does not
    /// apply to them (the new-game dialog and `games` offer only the options that do).
    fn option_value(options: &Self::Options, key: &str) -> Option<String> {
        Self::option_pairs(options)
            .into_iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v)
            .or_else(|| {
                Self::option_specs()
                    .iter()
                    .find(|s| s.key == key)
                    .map(|s| s.default.to_string())
            })
    }
    /// The display name for these options (a variant's own name where it has one).
    fn display_name(_options: &Self::Options) -> String {
        Self::NAME.to_string()
    }

    /// The start position.
    fn new(options: &Self::Options) -> Self;
    /// The options this game was set up with.
    fn options(&self) -> &Self::Options;

    /// The side to move (meaningless once the game is over).
    fn side_to_move(&self) -> Player;
    /// The rule page's lower-case name of a side (`white`, `blue`, `general`…).
    fn side_name(&self, player: Player) -> &'static str;
    /// Moves played so far.
    fn ply(&self) -> u32;

    /// Clears `out` and fills it with every legal move (none once the game is over).
    fn legal_moves(&self, out: &mut Vec<Self::Move>);
    /// Plays a move known to be legal: the fast path for search. Behaviour on an illegal move
    /// is unspecified (it may panic in debug builds) but never unsafe.
    fn apply(&mut self, mv: Self::Move);
    /// Plays a move known to be legal, appending the staged record of what it did to `steps`.
    fn apply_recorded(&mut self, mv: Self::Move, steps: &mut Vec<Self::Step>);
    /// The current status.
    fn status(&self) -> Status;
    /// A 64-bit key of the position (Zobrist-style) for transposition tables; equal
    /// positions give equal keys.
    fn hash_key(&self) -> u64;

    /// The move in the rule page's canonical notation.
    fn format_move(&self, mv: &Self::Move) -> String;
    /// Reads a move in the rule page's notation (case-insensitive). Succeeding says only that
    /// the text names a move; legality is `play`'s business.
    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError>;

    /// A text picture of the position (engine `show`).
    fn render(&self) -> String;
    /// Every counter the game has (hands, board counts, captures…), for `show` and the HUD.
    fn counters(&self) -> Vec<Counter>;

    /// Why `mv` is illegal here, as a sentence fragment. Games may override with specifics.
    fn illegal_reason(&self, _mv: &Self::Move) -> String {
        "that move is not allowed in this position".to_string()
    }

    /// True when `mv` is legal here.
    fn is_legal(&self, mv: &Self::Move) -> bool {
        if self.status().is_over() {
            return false;
        }
        let mut buf = Vec::new();
        self.legal_moves(&mut buf);
        buf.contains(mv)
    }

    /// Plays `mv` after checking it; on error nothing changes.
    fn play(&mut self, mv: Self::Move) -> Result<(), PlayError> {
        self.check(&mv)?;
        self.apply(mv);
        Ok(())
    }

    /// Plays `mv` after checking it and appends its staged record; on error nothing changes.
    fn play_recorded(&mut self, mv: Self::Move, steps: &mut Vec<Self::Step>) -> Result<(), PlayError> {
        self.check(&mv)?;
        self.apply_recorded(mv, steps);
        Ok(())
    }

    /// `Ok` when `mv` may be played now.
    fn check(&self, mv: &Self::Move) -> Result<(), PlayError> {
        if self.status().is_over() {
            return Err(PlayError::GameOver);
        }
        if !self.is_legal(mv) {
            return Err(PlayError::Illegal {
                notation: self.format_move(mv),
                reason: self.illegal_reason(mv),
            });
        }
        Ok(())
    }

    /// A uniformly random legal move, using `buf` as scratch; `None` when there is none.
    /// Games may override with something faster that keeps the distribution uniform.
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<Self::Move>) -> Option<Self::Move> {
        self.legal_moves(buf);
        if buf.is_empty() {
            None
        } else {
            Some(buf[rng.random_range(0..buf.len())])
        }
    }
}

/// Either kind of error from reading and playing a move given as text.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum MoveTextError {
    /// The text is not a move.
    #[error("{0}")]
    Notation(#[from] NotationError),
    /// The move cannot be played.
    #[error("{0}")]
    Play(#[from] PlayError),
}

/// Parses and plays a move given as text; on error nothing changes.
pub fn play_text<G: Game>(state: &mut G, text: &str) -> Result<G::Move, MoveTextError> {
    let mv = state.parse_move(text)?;
    state.play(mv)?;
    Ok(mv)
}

/// Number of move sequences of length `depth` from `state` (a rules self-check).
/// A finished game has no moves, so it counts as 0 sequences beyond depth 0.
pub fn perft<G: Game>(state: &G, depth: u32) -> u64 {
    fn go<G: Game>(state: &G, depth: u32, bufs: &mut Vec<Vec<G::Move>>) -> u64 {
        if depth == 0 {
            return 1;
        }
        let mut moves = bufs.pop().unwrap_or_default();
        state.legal_moves(&mut moves);
        let total = if depth == 1 {
            moves.len() as u64
        } else {
            let mut sum = 0;
            for &mv in &moves {
                let mut next = state.clone();
                next.apply(mv);
                sum += go(&next, depth - 1, bufs);
            }
            sum
        };
        bufs.push(moves);
        total
    }
    go(state, depth, &mut Vec::new())
}

/// Plays uniformly random moves until the game ends (or `max_plies` more moves have been
/// played) and returns the final status and how many moves were played.
pub fn random_playout<G: Game, R: Rng + ?Sized>(
    state: &mut G,
    rng: &mut R,
    buf: &mut Vec<G::Move>,
    max_plies: u32,
) -> (Status, u32) {
    let mut plies = 0;
    while plies < max_plies {
        if !G::OVER_WHEN_NO_MOVES {
            let status = state.status();
            if status.is_over() {
                return (status, plies);
            }
        }
        match state.random_move(rng, buf) {
            Some(mv) => state.apply(mv),
            None => break,
        }
        plies += 1;
    }
    (state.status(), plies)
}

/// Splits `key=value` words into pairs; a word without `=` is an error.
pub fn split_pairs<'a>(words: &[&'a str]) -> Result<Vec<(&'a str, &'a str)>, OptionsError> {
    words
        .iter()
        .map(|w| {
            w.split_once('=')
                .ok_or_else(|| OptionsError(format!("option '{w}' is not of the form key=value")))
        })
        .collect()
}

/// Reads options against `specs` for games whose options are all plain choices: unknown
/// keys and values outside `values` fail with a message listing the valid ones. Returns
/// the chosen value for each spec, in spec order.
pub fn choose_options<'a>(
    game: &str,
    specs: &'static [OptionSpec],
    pairs: &[(&'a str, &'a str)],
) -> Result<Vec<&'static str>, OptionsError> {
    let mut chosen: Vec<&'static str> = specs.iter().map(|s| s.default).collect();
    for &(key, value) in pairs {
        let Some(i) = specs.iter().position(|s| s.key.eq_ignore_ascii_case(key)) else {
            let valid: Vec<&str> = specs.iter().map(|s| s.key).collect();
            return Err(OptionsError(if valid.is_empty() {
                format!("{game} takes no options (got '{key}')")
            } else {
                format!("{game} has no option '{key}'; valid: {}", valid.join(", "))
            }));
        };
        let spec = &specs[i];
        let Some(v) = spec.values.iter().find(|v| v.eq_ignore_ascii_case(value)) else {
            return Err(OptionsError(format!(
                "{game} option {} cannot be '{value}'; valid: {}",
                spec.key,
                spec.values.join(", ")
            )));
        };
        chosen[i] = v;
    }
    Ok(chosen)
}

#[cfg(test)]
mod tests {
    use super::*;

    const SPECS: &[OptionSpec] = &[OptionSpec {
        key: "swap",
        values: &["on", "off"],
        default: "on",
        help: "x",
    }];

    #[test]
    fn choose_options_defaults_and_errors() {
        assert_eq!(choose_options("g", SPECS, &[]).unwrap(), vec!["on"]);
        assert_eq!(choose_options("g", SPECS, &[("SWAP", "Off")]).unwrap(), vec!["off"]);
        let e = choose_options("g", SPECS, &[("swop", "on")]).unwrap_err();
        assert!(e.0.contains("valid: swap"), "{e}");
        let e = choose_options("g", SPECS, &[("swap", "maybe")]).unwrap_err();
        assert!(e.0.contains("on, off"), "{e}");
        assert!(split_pairs(&["a=b", "c"]).is_err());
    }

    #[test]
    fn player_other_and_status_scores() {
        assert_eq!(Player::P1.other(), Player::P2);
        assert_eq!(Player::P2.index(), 1);
        let w = Status::Win {
            winner: Player::P2,
            reason: "no-moves",
        };
        assert_eq!(w.score_for(Player::P2), Some(1.0));
        assert_eq!(w.score_for(Player::P1), Some(0.0));
        assert_eq!(Status::Draw { reason: "repetition" }.score_for(Player::P1), Some(0.5));
        assert!(!Status::Ongoing.is_over());
    }
}

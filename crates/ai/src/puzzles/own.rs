//! Puzzles from the player's own games: the reviewed game's positions where the player had a
//! winning move and played another (the review marked a mistake or a blunder, or a proven win
//! was thrown away), each put to the generator's own test ([`find`]: exactly one winning move,
//! proven by the game's method, the line through the forced replies) and re-verified as the
//! generator re-verifies its finds ([`verify_counted`]). Nothing here is a second checker: a
//! position is a puzzle from the player's game exactly when it would be one from self-play.

use parlour_rules::record::{Mark, PlyAnalysis};
use parlour_rules::{GameId, Player, with_game};

use super::check::verify_counted;
use super::find::{FindConfig, find};
use super::game::PuzzleGame;
use super::generate::{GenConfig, write_down};
use super::oracle::Oracle;
use super::puzzle::{Puzzle, PuzzleError, PuzzleFileError, replay};
use crate::StopFlag;

/// True when the analysis of `ply` says its mover may have had a win and let it go: the move is
/// marked a mistake or a blunder, or it turned a proven win into a proven loss.
pub fn thrown_away(ply: &PlyAnalysis) -> bool {
    ply.mark >= Mark::Mistake || ply.proven == Some((true, false))
}

/// The plies (from 1) of `sides`' moves that [`thrown_away`] picks, in order.
pub fn candidates(plies: &[PlyAnalysis], sides: &[Player]) -> Vec<u32> {
    plies
        .iter()
        .filter(|p| sides.contains(&p.mover) && thrown_away(p))
        .map(|p| p.ply)
        .collect()
}

/// The puzzles of a reviewed game of `game` (options as `key=value` words) played `record` (every
/// move's notation from the start): at each candidate ply of `sides` (see [`candidates`]) the
/// position before the move, kept when it passes the generator's test, its answer is not the
/// move played, and its re-verification costs no more than the generator allows. `source` names
/// the game a puzzle came from, given the ply. Stops early (with what it found) once `stop` is
/// cancelled. A record that does not replay is refused.
pub fn from_game(
    game: GameId,
    options: &str,
    record: &[String],
    plies: &[PlyAnalysis],
    sides: &[Player],
    source: &dyn Fn(u32) -> String,
    stop: &StopFlag,
) -> Result<Vec<Puzzle>, PuzzleError> {
    with_game!(game, G => from_game_of::<G>(options, record, plies, sides, source, stop))
}

fn from_game_of<G: PuzzleGame>(
    options: &str,
    record: &[String],
    plies: &[PlyAnalysis],
    sides: &[Player],
    source: &dyn Fn(u32) -> String,
    stop: &StopFlag,
) -> Result<Vec<Puzzle>, PuzzleError> {
    let gen_cfg = GenConfig::default();
    let cfg = FindConfig::default();
    let start: G = replay(options, &[])?;
    let mut state = start.clone();
    let mut moves = Vec::with_capacity(record.len());
    for (i, text) in record.iter().enumerate() {
        let mv = parlour_rules::play_text(&mut state, text).map_err(|e| PuzzleError::Before {
            index: i + 1,
            text: text.clone(),
            reason: e.to_string(),
        })?;
        moves.push(mv);
    }
    let mut oracle = Oracle::<G>::new(gen_cfg.tt_bytes, gen_cfg.solver_nodes);
    let mut out: Vec<Puzzle> = Vec::new();
    for ply in candidates(plies, sides) {
        if stop.is_cancelled() {
            break;
        }
        let at = ply as usize - 1;
        if at >= moves.len() {
            continue;
        }
        let mut position = start.clone();
        for &m in &moves[..at] {
            position.apply(m);
        }
        let found = find(&position, &mut oracle, &cfg);
        oracle.clear_bounded();
        let Ok(found) = found else { continue };
        if found.line[0] == moves[at] {
            continue;
        }
        let seed = crate::mix64(u64::from(ply), record.len() as u64);
        let p = write_down(&position, &moves[..at], &found, source(ply), seed);
        let cheap = verify_counted(&p).is_ok_and(|n| n <= gen_cfg.verify_nodes);
        if cheap && !out.iter().any(|o| o.id == p.id) {
            out.push(p);
        }
    }
    Ok(out)
}

/// Reads the player's own puzzles, one a line in the puzzle file's format: each line that
/// cannot be read, or whose moves cannot be played, is refused with its line named and skipped;
/// a puzzle whose id was already read is skipped as a duplicate.
pub fn read_own(text: &str) -> (Vec<Puzzle>, Vec<PuzzleFileError>) {
    let mut kept: Vec<Puzzle> = Vec::new();
    let mut refused = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let t = line.trim();
        if t.is_empty() || t.starts_with('#') {
            continue;
        }
        match Puzzle::parse(t).and_then(|p| playable(&p).map(|()| p)) {
            Ok(p) if kept.iter().any(|k| k.id == p.id) => {}
            Ok(p) => kept.push(p),
            Err(error) => refused.push(PuzzleFileError { line: i + 1, error }),
        }
    }
    (kept, refused)
}

/// Whether every move of a puzzle, before it and of its solution, can be played.
fn playable(p: &Puzzle) -> Result<(), PuzzleError> {
    let game: GameId = p.game.parse().map_err(|_| PuzzleError::Game(p.game.clone()))?;
    with_game!(game, G => {
        let mut state: G = replay(&p.options, &p.before)?;
        for (i, text) in p.line.iter().enumerate() {
            parlour_rules::play_text(&mut state, text).map_err(|e| PuzzleError::Illegal {
                index: i + 1,
                text: text.clone(),
                reason: e.to_string(),
            })?;
        }
        Ok(())
    })
}

/// Adds `found` to `own` (the player's puzzles), leaving out those already there (by id);
/// returns how many were added.
pub fn merge(own: &mut Vec<Puzzle>, found: &[Puzzle]) -> usize {
    let before = own.len();
    for p in found {
        if !own.iter().any(|o| o.id == p.id) {
            own.push(p.clone());
        }
    }
    own.len() - before
}

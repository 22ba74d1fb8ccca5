//! The walkthroughs' scripts: for each game, steps of real moves, each with what it shows in
//! words, played from the start position or from a position a step sets up (the rule books'
//! worked examples, which no short line of moves from the start reaches). The moves are the
//! rule pages' notation; a test plays every step through the rules and checks what each step
//! says happens does happen (a capture, a cell claimed, markers discarded, the reply's
//! positions), and that Back shows exactly the position Next left.
//!
//! The types a script is made of are in `script`; each game's script in its own file.

mod conhex;
mod kansho;
mod konane;
mod qyshinsu;
mod script;
mod soldiers;
#[cfg(test)]
mod tests;

use parlour_rules::GameId;
use parlour_rules::soldiers::Variant;

use crate::games::any_match::AnyMatch;
use crate::games::build::{match_from_moves, match_from_position};

pub use script::{Lesson, Start};

use conhex::CONHEX;
use kansho::KANSHO;
use konane::KONANE;
use qyshinsu::QYSHINSU;
use soldiers::{MONK_AND_WATER, SOLDIERS_BOARD1, SOLDIERS_BOARD2, SOLDIERS_BOARD3, SOLDIERS_BOARD4};

/// Plays `moves` (notation, separated by spaces) on `m` at once.
fn play(m: &mut dyn AnyMatch, moves: &str) -> Result<(), String> {
    for text in moves.split_whitespace() {
        let tokens = m.parse(text).map_err(|e| format!("{text}: {e}"))?;
        if !m.play_now(&tokens) {
            return Err(format!("{text} is not legal here"));
        }
    }
    Ok(())
}

/// The match at step `k` of `lesson`: from the position set up by the last step at or before
/// `k` that has a [`Start`] (the start position if none has), with the moves of the steps from
/// there up to `k` played at once — `k`'s own moves too when `played`. Next into a step with a
/// start shows `match_at(k, false)` and then animates the step's moves; Back shows
/// `match_at(k - 1, true)`, the very position Next had left there.
pub fn match_at(lesson: &Lesson, k: usize, played: bool) -> Result<Box<dyn AnyMatch>, String> {
    let steps = &lesson.steps[..=k];
    let from = steps.iter().rposition(|s| s.start.is_some()).unwrap_or(0);
    let setup = lesson.setup();
    let mut m = match steps[from].start {
        None => match_from_moves(&setup, "")?,
        Some(Start::Moves(moves)) => match_from_moves(&setup, moves)?,
        Some(Start::Position(text)) => match_from_position(&setup, text)?,
    };
    let upto = if played { k + 1 } else { k };
    for step in &lesson.steps[from..upto] {
        play(m.as_mut(), step.moves)?;
    }
    Ok(m)
}

/// The walkthrough for a game and its options (Sixteen Soldiers: each board its own, played
/// under the seed's rules, the new-game dialog's default).
pub fn lesson(game: GameId, options: &[(String, String)]) -> &'static Lesson {
    let variant = options.iter().find(|(k, _)| k == "variant").map(|(_, v)| v.as_str());
    match game {
        GameId::Kansho => &KANSHO,
        GameId::Konane => &KONANE,
        GameId::ConHex => &CONHEX,
        GameId::Qyshinsu => &QYSHINSU,
        GameId::Soldiers => match variant.and_then(Variant::from_id) {
            Some(Variant::Board2) => &SOLDIERS_BOARD2,
            Some(Variant::Board3) => &SOLDIERS_BOARD3,
            Some(Variant::Board4) => &SOLDIERS_BOARD4,
            Some(Variant::Monk) => &MONK_AND_WATER,
            Some(Variant::Board1) | None => &SOLDIERS_BOARD1,
        },
    }
}

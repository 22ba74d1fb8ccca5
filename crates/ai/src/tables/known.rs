//! What the tables proved of each board's start, shipped with the program for the new-game
//! dialog ("Solved: a draw with perfect play"): copied from the builds' `tables openings`
//! (docs/soldiers-fair-rules.md, "The truth"), and compared with a table wherever one is
//! present by the engine's tests.

use parlour_rules::Game;
use parlour_rules::soldiers::{Soldiers, SoldiersOptions, Variant};

use super::file::rules_text;

/// A start's exact result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Solved {
    /// Neither side can force a win.
    Draw,
    /// The soldiers (or the water, in Monk and Water) force a win in this many plies.
    SoldiersWin(u32),
    /// The general (or the monk) forces a win in this many plies.
    GeneralWins(u32),
}

/// The starts solved so far: the options (read as the engine's `--options`) and the result.
/// Two option texts whose rules in force are the same name the same start.
pub const KNOWN: &[(&str, Solved)] = &[
    ("variant=board1", Solved::SoldiersWin(6)),
    // The fair set (custodian=off) is not fair: a forced win, only a longer one.
    ("variant=board1 rules=fair", Solved::SoldiersWin(32)),
    ("variant=board2 rules=fair", Solved::SoldiersWin(32)),
    ("variant=monk", Solved::SoldiersWin(29)),
];

/// The result the tables proved for the start under `options`, where one was built.
pub fn solved(options: &SoldiersOptions) -> Option<Solved> {
    let rules = rules_text(options);
    KNOWN.iter().find_map(|&(text, s)| {
        let pairs: Vec<(&str, &str)> = text.split_whitespace().filter_map(|w| w.split_once('=')).collect();
        let o = Soldiers::parse_options(&pairs).ok()?;
        (o.variant == options.variant && rules_text(&o) == rules).then_some(s)
    })
}

/// The new-game dialog's line: what is proven of the start with perfect play, or that it is not
/// solved (board 3 is too large for a table; the others' other rule sets not built yet).
pub fn solved_line(options: &SoldiersOptions) -> String {
    let start = Soldiers::new(options);
    // "the soldiers win", "the general wins", "the water wins".
    let side = |p| {
        let name = start.side_name(p);
        (name, if name.ends_with('s') { "win" } else { "wins" })
    };
    match solved(options) {
        Some(Solved::Draw) => "Solved: a draw with perfect play.".into(),
        Some(Solved::SoldiersWin(n)) => {
            let (name, verb) = side(parlour_rules::Player::P2);
            format!("Solved: the {name} {verb} in {n} plies with perfect play.")
        }
        Some(Solved::GeneralWins(n)) => {
            let (name, verb) = side(parlour_rules::Player::P1);
            format!("Solved: the {name} {verb} in {n} plies with perfect play.")
        }
        None if options.variant == Variant::Board3 => "Not solved: this board is too large for an exact table.".into(),
        None => "Not solved under these rules yet (no exact table built).".into(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dialog_says_what_is_solved() {
        let parse = |t: &str| {
            let pairs: Vec<(&str, &str)> = t.split_whitespace().filter_map(|w| w.split_once('=')).collect();
            Soldiers::parse_options(&pairs).expect("options")
        };
        assert_eq!(
            solved_line(&parse("variant=board1")),
            "Solved: the soldiers win in 6 plies with perfect play."
        );
        assert_eq!(
            solved_line(&parse("variant=board1 rules=fair")),
            "Solved: the soldiers win in 32 plies with perfect play."
        );
        assert_eq!(
            solved_line(&parse("variant=monk")),
            "Solved: the water wins in 29 plies with perfect play."
        );
        assert!(solved_line(&parse("variant=board3")).starts_with("Not solved: "));
        assert_eq!(
            solved_line(&parse("variant=board2 rules=fair")),
            "Solved: the soldiers win in 32 plies with perfect play."
        );
        assert!(solved_line(&parse("variant=board4 rules=fair")).starts_with("Not solved under these rules"));
        // The same rules in force, named otherwise, are the same start.
        assert_eq!(
            solved(&parse("variant=board1 rules=fair custodian=on")),
            Some(Solved::SoldiersWin(6))
        );
    }
}

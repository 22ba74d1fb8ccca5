//! The position in a player's words: a card per side (what it holds, what it has captured,
//! what it has on the board), the rule that limits the turn when it is close to mattering, and
//! the rest behind "Details" — worked out from the rules' counters, which name the side they
//! belong to ("white hand", "captured by black", "soldiers left"). A test checks that every
//! counter of every game lands somewhere, so a renamed counter cannot vanish from the HUD.

use parlour_rules::{Counter, Player};

/// One side's card.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct SideCard {
    /// Pieces still to be placed, drawn as pieces.
    pub held: Option<i64>,
    /// The other side's pieces this side has taken.
    pub captured: Option<i64>,
    /// Other facts about the side: ("On the board", "12").
    pub lines: Vec<(String, String)>,
}

/// What the HUD shows about the position.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Scoreboard {
    /// The cards, by colour (index [`Player::index`]).
    pub sides: [SideCard; 2],
    /// The rule that limits play now, in a sentence (Sixteen Soldiers' no-capture count).
    pub rule: Option<String>,
    /// Everything else, for the "Details" fold; flags read yes or no.
    pub details: Vec<(String, String)>,
}

/// The scoreboard of a position from its counters; `names` are the two colours' names as the
/// counters spell them (`side_name`), `hunter` the side a hunt game's unnamed "captured"
/// belongs to (the general or monk).
pub fn scoreboard(names: [&str; 2], counters: &[Counter], hunter: Option<Player>) -> Scoreboard {
    let mut board = Scoreboard::default();
    let mut kinds: [Vec<String>; 2] = Default::default();
    let mut since_capture = None;
    let mut limit = None;
    for c in counters {
        let label = c.label.as_str();
        let v = c.value;
        let owner = Player::BOTH.into_iter().find_map(|p| {
            let name = names[p.index()];
            if let Some(rest) = label.strip_prefix(name).and_then(|r| r.strip_prefix(' ')) {
                Some((p, rest))
            } else if label == format!("captured by {name}") {
                Some((p, "captured"))
            } else {
                None
            }
        });
        match owner {
            Some((p, rest)) => {
                let card = &mut board.sides[p.index()];
                match rest {
                    "hand" => card.held = Some(v),
                    "captured" => card.captured = Some(v),
                    "on board" | "stones" => card.lines.push(("On the board".into(), v.to_string())),
                    "on ring" => card.lines.push(("On the ring".into(), v.to_string())),
                    "discarded" => card.lines.push(("Discarded".into(), v.to_string())),
                    "pegs" => card.lines.push(("Pegs placed".into(), v.to_string())),
                    "cells" => card.lines.push(("Cells claimed".into(), v.to_string())),
                    "left" => card.lines.push(("Left on the board".into(), v.to_string())),
                    "wins at" => {
                        let others = names[p.other().index()];
                        card.lines
                            .push(("Wins when".into(), format!("{v} or fewer {others} are left")));
                    }
                    kind if kind.starts_with("hand ") => {
                        *card.held.get_or_insert(0) += v;
                        if v > 0 {
                            kinds[p.index()].push(format!("{}×{v}", &kind[5..]));
                        }
                    }
                    other => card.lines.push((cap(other), v.to_string())),
                }
            }
            None => match label {
                "captured" => match hunter {
                    Some(h) => board.sides[h.index()].captured = Some(v),
                    None => board.details.push(("Captured".into(), v.to_string())),
                },
                "moves without capture" => since_capture = Some(v),
                "no-capture limit" => limit = Some(v),
                "apex reached" => board.details.push(("Apex reached".into(), yes_no(v))),
                "position occurrences" => board
                    .details
                    .push(("Times this position has occurred".into(), v.to_string())),
                "empty holes" => board.details.push(("Empty holes".into(), v.to_string())),
                other => board.details.push((cap(other), v.to_string())),
            },
        }
    }
    for p in Player::BOTH {
        if !kinds[p.index()].is_empty() {
            let line = kinds[p.index()].join("  ");
            board.sides[p.index()].lines.insert(0, ("In hand".into(), line));
        }
    }
    match (since_capture, limit) {
        (Some(n), Some(l)) => {
            if n > 0 {
                board.rule = Some(format!("{n} of {l} moves without a capture: at {l} the game is drawn."));
            }
            board
                .details
                .push(("Moves without a capture".into(), format!("{n} of {l}")));
        }
        (Some(n), None) => board.details.push(("Moves without a capture".into(), n.to_string())),
        (None, Some(l)) => board.details.push(("No-capture limit".into(), l.to_string())),
        (None, None) => {}
    }
    board
}

fn yes_no(v: i64) -> String {
    if v != 0 { "yes" } else { "no" }.to_string()
}

fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::build::new_match;

    fn board_of(game: &str, options: &[(&str, &str)], moves: &[&str]) -> (Scoreboard, Vec<Counter>) {
        let (b, c, _) = board_and_names(game, options, moves);
        (b, c)
    }

    fn board_and_names(
        game: &str,
        options: &[(&str, &str)],
        moves: &[&str],
    ) -> (Scoreboard, Vec<Counter>, [String; 2]) {
        let game: parlour_rules::GameId = game.parse().expect("a game");
        let (setup, _) = crate::games::build::setup_of(game, options, [None, None]);
        let mut m = new_match(&setup).expect("starts");
        for text in moves {
            let tokens = m.parse(text).expect("parses");
            assert!(m.play_now(&tokens), "{text}");
        }
        let names = Player::BOTH.map(|p| m.side_name(p));
        let hunter = game.hunter();
        let counters = m.counters();
        (scoreboard([&names[0], &names[1]], &counters, hunter), counters, names)
    }

    /// Every counter of every game shows up on a card, in the rule line or in the details.
    #[test]
    fn no_counter_is_lost() {
        for (game, options) in [
            ("kansho", vec![]),
            ("konane", vec![]),
            ("conhex", vec![]),
            ("qyshinsu", vec![]),
            ("soldiers", vec![("variant", "board1")]),
            ("soldiers", vec![("variant", "board4")]),
            ("soldiers", vec![("variant", "monk")]),
        ] {
            let (b, counters, names) = board_and_names(game, &options, &[]);
            let shown = b
                .sides
                .iter()
                .map(|s| s.lines.len() + usize::from(s.held.is_some()) + usize::from(s.captured.is_some()));
            let shown: usize = shown.sum::<usize>() + b.details.len();
            // Qyshinsu folds its kinds in hand into one number and one line per side.
            let kinds = counters
                .iter()
                .filter(|c| c.label.starts_with(&format!("{} hand ", names[0])))
                .count();
            let mut folded = if kinds > 0 { 2 * (kinds - 2) } else { 0 };
            // The no-capture count and its limit read as one line ("12 of 200").
            let has = |l: &str| counters.iter().any(|c| c.label == l);
            folded += usize::from(has("moves without capture") && has("no-capture limit"));
            assert_eq!(shown + folded, counters.len(), "{game}: {b:?} from {counters:?}");
        }
    }

    #[test]
    fn cards_speak_a_players_words() {
        let (b, _) = board_of("kansho", &[], &[]);
        assert_eq!(b.sides[0].held, Some(123));
        assert!(b.details.is_empty());
        let (b, _, names) = board_and_names("konane", &[], &["xa8", "xa7", "c8-a8"]);
        let black = names.iter().position(|n| n == "black").expect("a black side");
        assert_eq!(b.sides[black].captured, Some(1), "black's jump took a stone: {b:?}");
        assert_eq!(b.sides[1 - black].captured, Some(0));
        let (b, _) = board_of("soldiers", &[("variant", "board3")], &[]);
        assert_eq!(b.sides[0].captured, Some(0), "the general's captures are on his card");
        assert!(
            b.sides[0]
                .lines
                .iter()
                .any(|(k, v)| k == "Wins when" && v == "6 or fewer soldiers are left"),
            "{b:?}"
        );
        assert_eq!(b.rule, None, "no capture count until it counts");
        let (b, _) = board_of(
            "soldiers",
            &[("variant", "board3")],
            &["d5-e5", "c5-a5", "b3-a3", "a5-a6"],
        );
        assert!(
            b.rule.as_deref().is_some_and(|r| r.starts_with("2 of 200 moves")),
            "{b:?}"
        );
        let (b, _) = board_of("soldiers", &[("variant", "board1")], &[]);
        assert!(b.details.iter().any(|(k, v)| k == "Apex reached" && v == "no"), "{b:?}");
        let (b, _) = board_of("qyshinsu", &[], &[]);
        assert_eq!(b.sides[0].held, Some(12));
        assert_eq!(b.sides[0].lines[0].0, "In hand");
    }
}

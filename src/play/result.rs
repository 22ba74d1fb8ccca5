//! The result of a match in one line, as the caption, the result card and the page show it.

use parlour_rules::{Player, Status};

use crate::games::any_match::AnyMatch;
use crate::games::words::cap;

/// The result in one line.
pub fn result_line(m: &dyn AnyMatch, resigned: Option<Player>) -> String {
    if let Some(seat) = resigned {
        let colour = m.colour_of_seat(seat);
        let (loser, winner) = (m.side_name(colour), m.side_name(colour.other()));
        return format!(
            "{} {}: {} {}",
            cap(&loser),
            verb(&loser, "resign"),
            cap(&winner),
            verb(&winner, "win")
        );
    }
    match m.status() {
        Status::Ongoing => String::new(),
        Status::Win { winner, reason } => {
            let name = m.side_name(winner);
            // Kansho's result name says more than its reason word: "White wins — Technical
            // Victory (65–56)"; elsewhere the reason in words: "Blue wins (connection)".
            match m.result_text() {
                Some(t) => format!("{} {} — {t}", cap(&name), verb(&name, "win")),
                None => format!("{} {} ({})", cap(&name), verb(&name, "win"), words(reason)),
            }
        }
        Status::Draw { reason } => format!("A draw ({})", words(reason)),
    }
}

/// The result of a fall in one line: "Black lost on time: White wins". `seat` is the fallen
/// seat (person), in the client's terms.
pub fn time_line(m: &dyn AnyMatch, seat: Player) -> String {
    lost_line(m, seat, "lost on time")
}

/// The result of a game claimed from a player who left: "White left the game: Black wins".
/// `seat` is the seat (person) who left, in the client's terms.
pub fn left_line(m: &dyn AnyMatch, seat: Player) -> String {
    lost_line(m, seat, "left the game")
}

/// "<loser> <how>: <winner> wins".
fn lost_line(m: &dyn AnyMatch, seat: Player, how: &str) -> String {
    let colour = m.colour_of_seat(seat);
    let (loser, winner) = (m.side_name(colour), m.side_name(colour.other()));
    format!("{} {how}: {} {}", cap(&loser), cap(&winner), verb(&winner, "win"))
}

/// An engine reason word for players: "no-moves" → "no moves".
fn words(reason: impl std::fmt::Display) -> String {
    reason.to_string().replace('-', " ")
}

/// `verb` agreeing with a side's name: "soldiers win", "white wins", "water wins".
fn verb(side: &str, verb: &str) -> String {
    if side == "soldiers" {
        verb.to_string()
    } else {
        format!("{verb}s")
    }
}

//! Words for players, shared by every game.

/// The word with a capital first letter.
pub fn cap(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

use parlour_rules::Game;

/// A proven result in a player's words: for the side to move (`to_you`: "You can force a win
/// within 3 of your moves"), or for a side named ("The soldiers can force a win …").
pub fn proof_sentence<G: Game>(state: &G, p: parlour_ai::proof::Proof, to_you: bool) -> String {
    let n = p.winner_moves(state.side_to_move());
    let winner = state.side_name(p.winner);
    if to_you && p.winner == state.side_to_move() {
        format!("Proven: you can force a win within {n} of your moves.")
    } else if to_you {
        format!("Proven: the {winner} can force a win within {n} of their moves, whatever you play.")
    } else {
        format!("Under these rules the {winner} can force a win within {n} of their moves.")
    }
}

/// The hint's sentence for a position the solver or an exact table proved: who wins, and within
/// how many of the winner's moves when it measured it; or that it is a draw (a table's).
pub fn solved_sentence<G: Game>(state: &G, perfect: &parlour_ai::SearchResult<G::Move>) -> String {
    if perfect.end_in.is_none() && perfect.value == 0.5 {
        return "Proven: with perfect play neither side can force a win; this move keeps the draw.".to_string();
    }
    let me = state.side_to_move();
    let winner = if perfect.value > 0.5 { me } else { me.other() };
    match perfect.end_in {
        Some(plies) if perfect.winning.len() > 1 => format!(
            "{} Each of the {} arrows is a winning move.",
            proof_sentence(state, parlour_ai::proof::Proof { winner, plies }, true),
            perfect.winning.len()
        ),
        Some(plies) => proof_sentence(state, parlour_ai::proof::Proof { winner, plies }, true),
        None if perfect.winning.len() > 1 => format!(
            "Proven: you can force a win; each of the {} arrows is a winning move.",
            perfect.winning.len()
        ),
        None if winner == me => "Proven: you can force a win; this move keeps it.".to_string(),
        None => format!(
            "Proven: the {} can force a win whatever you play; this move holds out.",
            state.side_name(winner)
        ),
    }
}

const MONTHS: [&str; 12] = [
    "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
];

/// The day of Unix time `secs` (UTC), `6 Dec 2025` (Howard Hinnant's `civil_from_days`).
pub fn date(secs: i64) -> String {
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let day = doy - (153 * mp + 2) / 5 + 1;
    let month = if mp < 10 { mp + 3 } else { mp - 9 };
    let year = yoe + era * 400 + i64::from(month <= 2);
    format!("{day} {} {year}", MONTHS[(month - 1) as usize])
}

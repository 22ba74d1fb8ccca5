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

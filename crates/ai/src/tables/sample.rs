//! The table against the alpha-beta prover ([`crate::proof::prove`]) on random positions: the
//! prover's proofs are sound, so wherever it proves a win the table must hold the same winner
//! (a whole table within no more plies: a partial one's plies are only a bound), and a result
//! a whole table gives within the depth the prover finished must be one the prover found.

use parlour_rules::Game;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::table::Table;
use super::value::Value;
use crate::proof::prove;

/// What a comparison found.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Sampled {
    /// Positions compared (the table answers them, the game is not over).
    pub positions: u32,
    /// Of those, positions the prover proved.
    pub proven: u32,
    /// Disagreements, one sentence each with the position's picture.
    pub disagreements: Vec<String>,
}

/// Compares `positions` random positions of `table` (from `seed`) with the prover, each given
/// `ms` milliseconds and `depth` plies.
pub fn compare_with_prover(table: &Table, positions: u32, ms: u64, depth: u32, seed: u64) -> Sampled {
    let layout = table.layout();
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut out = Sampled::default();
    let exact = layout.complete();
    while out.positions < positions {
        let l = rng.random_range(0..layout.layers.len());
        let pos = layout.decode(l, rng.random_range(0..layout.layers[l].size));
        let Some(state) = pos.state(&layout.options) else {
            continue;
        };
        let Some(v) = table.probe(&state) else { continue };
        let Some(search) = prove(&state, ms, depth) else {
            continue;
        };
        out.positions += 1;
        let me = state.side_to_move();
        let wrong = match (search.proof, v) {
            (Some(p), Value::Win(t)) if p.winner == me && (t <= p.plies || !exact) => None,
            (Some(p), Value::Loss(t)) if p.winner != me && (t <= p.plies || !exact) => None,
            (Some(p), v) => Some(format!(
                "the prover finds a win for the {} within {} plies where the table holds {v:?}",
                state.side_name(p.winner),
                p.plies
            )),
            // It stops at once (depth 0) when the side to move has a single move.
            (None, Value::Win(t) | Value::Loss(t)) if exact && search.depth >= t => Some(format!(
                "the table holds {v:?} but the prover, {} plies deep, proves nothing",
                search.depth
            )),
            (None, _) => None,
        };
        out.proven += search.proof.is_some() as u32;
        if let Some(w) = wrong {
            let side = state.side_name(me);
            out.disagreements
                .push(format!("{w} ({side} to move)\n{}", state.render()));
        }
    }
    out
}

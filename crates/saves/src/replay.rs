//! Replaying a save's history from the start position: the check that it ends exactly on the
//! stored state.

use parlour_rules::Game;

use crate::error::LoadError;
use crate::format::SaveGame;

/// Checks that the save's history replays from the start position to its stored state.
pub fn verify(save: &SaveGame) -> Result<(), LoadError> {
    parlour_rules::with_game!(save.game, G => replay::<G>(save).map(drop))
}

/// Replays a save of game `G`: its options, the start position, and each move with the
/// position before it. Fails unless the last position equals the stored state.
#[allow(clippy::type_complexity)]
pub fn replay<G: Game>(save: &SaveGame) -> Result<(G, Vec<(G, G::Move, String)>), LoadError> {
    let stored: G = serde_json::from_str(&save.state).map_err(|_| LoadError::WrongGame(G::NAME.to_string()))?;
    let pairs: Vec<(&str, &str)> = save.options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let options = G::parse_options(&pairs).map_err(|e| LoadError::BadOptions(e.to_string()))?;
    let mut state = G::new(&options);
    let mut past = Vec::with_capacity(save.moves.len());
    for (i, text) in save.moves.iter().enumerate() {
        let bad = |reason: String| LoadError::BadHistory {
            index: i + 1,
            text: text.clone(),
            reason,
        };
        let mv = state.parse_move(text).map_err(|e| bad(e.to_string()))?;
        let before = state.clone();
        state.play(mv).map_err(|e| bad(e.to_string()))?;
        let canonical = before.format_move(&mv);
        past.push((before, mv, canonical));
    }
    // Compare as serialized values: the state types need not implement `PartialEq`.
    let replayed = serde_json::to_string(&state).map_err(|e| LoadError::Damaged(e.to_string()))?;
    let stored_v = serde_json::to_string(&stored).map_err(|e| LoadError::Damaged(e.to_string()))?;
    if replayed != stored_v || state.hash_key() != stored.hash_key() {
        return Err(LoadError::Mismatch);
    }
    Ok((state, past))
}

//! The games a save may hold: their engine ids, the names players know them by, and their
//! options in canonical form — read from the one registry, [`parlour_rules::GameId`].

use parlour_rules::{GameId, OptionsError};

/// The engine id of a game named by `id` in any case (and its other spellings, "qushinsu").
pub fn game_id(id: &str) -> Option<&'static str> {
    GameId::parse(id).map(GameId::id)
}

/// The options of game `game` (an engine id) in their canonical form (only what differs from
/// the defaults), or the rules' sentence that refuses them.
pub fn canonical_options(game: &str, options: &[(String, String)]) -> Result<Vec<(String, String)>, OptionsError> {
    match GameId::parse(game) {
        Some(g) if g.id() == game => g.canonical_options(options),
        _ => Err(OptionsError(format!("Parlour has no game called '{game}'."))),
    }
}

/// The name players know a game id by (aliases accepted).
pub fn game_name(id: &str) -> Option<&'static str> {
    GameId::parse(id).map(GameId::name)
}

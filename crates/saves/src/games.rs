//! The games a save may hold: their engine ids, the names players know them by, and their
//! options in canonical form — read from the one registry, [`parlour_rules::GameId`].

use parlour_rules::GameId;

/// Every game: engine id and the name players know it by, in menu order.
pub const GAMES: &[(&str, &str)] = &LISTED;

const LISTED: [(&str, &str); 5] = {
    let mut out = [("", ""); 5];
    let mut i = 0;
    while i < 5 {
        out[i] = (ID[i], NAME[i]);
        i += 1;
    }
    out
};

// `GameId::id` and `GameId::name` are not `const fn`s (they dispatch through the games'
// trait constants); these two lists are checked against them by a test.
const ID: [&str; 5] = ["kansho", "konane", "conhex", "qyshinsu", "soldiers"];
const NAME: [&str; 5] = ["Kansho", "Kōnane", "ConHex", "Qyshinsu", "Sixteen Soldiers"];

/// The engine id of a game named by `id` in any case (and its other spellings, "qushinsu").
pub fn game_id(id: &str) -> Option<&'static str> {
    GameId::parse(id).map(GameId::id)
}

/// The options of game `game` (an engine id) in their canonical form (only what differs from
/// the defaults), or the rules' sentence that refuses them.
pub fn canonical_options(game: &str, options: &[(String, String)]) -> Result<Vec<(String, String)>, String> {
    match GameId::parse(game) {
        Some(g) if g.id() == game => g.canonical_options(options),
        _ => Err(format!("Parlour has no game called '{game}'.")),
    }
}

/// The name players know a game id by (aliases accepted).
pub fn game_name(id: &str) -> Option<&'static str> {
    GameId::parse(id).map(GameId::name)
}

#[cfg(test)]
mod tests {
    #[test]
    fn the_list_is_the_registry_s() {
        let registry: Vec<(&str, &str)> = parlour_rules::GameId::ALL.iter().map(|g| (g.id(), g.name())).collect();
        assert_eq!(super::GAMES, &registry[..]);
    }
}

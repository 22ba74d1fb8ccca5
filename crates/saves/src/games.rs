//! The games a save may hold: their engine ids, the names players know them by, and their
//! options in canonical form.

use parlour_rules::{Game, conhex::ConHex, kansho::Kansho, konane::Konane, qyshinsu::Qyshinsu, soldiers::Soldiers};

/// Every game: engine id and the name players know it by, in menu order.
pub const GAMES: &[(&str, &str)] = &[
    ("kansho", "Kansho"),
    ("konane", "Kōnane"),
    ("conhex", "ConHex"),
    ("qyshinsu", "Qyshinsu"),
    ("soldiers", "Sixteen Soldiers"),
];

/// The engine id of a game named by `id` in any case (and the old spelling "qushinsu").
pub fn game_id(id: &str) -> Option<&'static str> {
    let id = if id.eq_ignore_ascii_case("qushinsu") {
        "qyshinsu"
    } else {
        id
    };
    GAMES.iter().find(|(g, _)| g.eq_ignore_ascii_case(id)).map(|(g, _)| *g)
}

/// The options of game `game` (an engine id) in their canonical form (only what differs from
/// the defaults), or the rules' sentence that refuses them.
pub fn canonical_options(game: &str, options: &[(String, String)]) -> Result<Vec<(String, String)>, String> {
    fn of<G: Game>(options: &[(String, String)]) -> Result<Vec<(String, String)>, String> {
        let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        G::parse_options(&pairs)
            .map(|o| G::option_pairs(&o))
            .map_err(|e| e.to_string())
    }
    match game {
        "kansho" => of::<Kansho>(options),
        "konane" => of::<Konane>(options),
        "conhex" => of::<ConHex>(options),
        "qyshinsu" => of::<Qyshinsu>(options),
        "soldiers" => of::<Soldiers>(options),
        other => Err(format!("Parlour has no game called '{other}'.")),
    }
}

/// The name players know a game id by (aliases accepted).
pub fn game_name(id: &str) -> Option<&'static str> {
    let id = if id.eq_ignore_ascii_case("qushinsu") {
        "qyshinsu"
    } else {
        id
    };
    GAMES
        .iter()
        .find(|(g, _)| g.eq_ignore_ascii_case(id))
        .map(|(_, name)| *name)
}

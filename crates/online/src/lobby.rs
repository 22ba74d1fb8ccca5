//! What the lobby needs of a game beyond the wire: the rating key that says which games share
//! a rating.

use parlour_rules::GameId;
use parlour_rules::dynamic::GameSetup;

/// The rating key of a game: its engine id, then, when its canonical options are not the
/// defaults' (and always for the Sixteen Soldiers, whose board and rule set are part of every
/// rating), `/` and those options as `key=value` joined by `,` — every option changes play
/// today, so a Kōnane 6×6 rating is not an 8×8 one and each Sixteen Soldiers board and rule set
/// has its own (`soldiers/variant=board2`).
pub fn rating_key(setup: &GameSetup) -> String {
    let id = setup.id();
    let options = setup.options();
    let defaults = GameSetup::new(id, &[]).map(|d| d.options()).unwrap_or_default();
    if options.is_empty() || (id != GameId::Soldiers && options == defaults) {
        return id.id().to_string();
    }
    let pairs: Vec<String> = options.iter().map(|(k, v)| format!("{k}={v}")).collect();
    format!("{}/{}", id.id(), pairs.join(","))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn key(game: &str, options: &[(&str, &str)]) -> String {
        let options: Vec<(String, String)> = options.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect();
        rating_key(&GameSetup::parse(game, &options).unwrap())
    }

    #[test]
    fn defaults_are_the_bare_id_and_options_make_their_own_key() {
        assert_eq!(key("conhex", &[]), "conhex");
        assert_eq!(key("kansho", &[]), "kansho");
        let small = key("konane", &[("size", "6x6")]);
        assert!(small.starts_with("konane/") && small.contains("size=6x6"), "{small}");
        assert_ne!(small, key("konane", &[]));
    }

    #[test]
    fn each_soldiers_board_and_rule_set_has_its_own_key() {
        let plain = key("soldiers", &[]);
        let board2 = key("soldiers", &[("variant", "board2")]);
        assert!(plain.starts_with("soldiers/variant="), "{plain}");
        assert!(board2.contains("variant=board2"), "{board2}");
        assert_ne!(plain, board2);
        // The same options in any order, any case of the id: one key.
        assert_eq!(key("SOLDIERS", &[("variant", "board2")]), board2);
    }
}

//! A game's options as a value (issue 72): [`GameOptions`], checked by the game's rules and
//! kept in canonical form (only what differs from the defaults), so whoever holds one — the
//! client's set-up, the new-game dialog, the lobby — never holds options the game refuses.
//! Text becomes options at the edges (a file, the command line, the wire) through
//! [`GameOptions::checked`]; the dialog changes one option at a time through
//! [`GameOptions::with`], which keeps the rest valid.

use std::fmt;

use crate::{GameId, OptionsError};

/// Options the game accepts, in canonical form. The game they belong to is kept beside them
/// (a set-up's game): every method that needs the rules takes it.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct GameOptions(Vec<(String, String)>);

impl GameOptions {
    /// `game`'s standard options: none chosen.
    pub fn standard(game: GameId) -> GameOptions {
        GameOptions(game.canonical_options(&[]).unwrap_or_default())
    }

    /// `pairs` checked by `game`'s rules, in canonical form; or the rules' sentence refusing
    /// them.
    pub fn checked(game: GameId, pairs: &[(String, String)]) -> Result<GameOptions, OptionsError> {
        Ok(GameOptions(game.canonical_options(pairs)?))
    }

    /// The options as `key=value` pairs (what the wire, the saves and the rules read).
    pub fn pairs(&self) -> &[(String, String)] {
        &self.0
    }

    /// Whether these are `game`'s standard options.
    pub fn is_standard(&self, game: GameId) -> bool {
        *self == GameOptions::standard(game)
    }

    /// The value in force of option `key` in `game`, or `None` where it does not apply.
    pub fn value(&self, game: GameId, key: &str) -> Option<String> {
        game.option_value(&self.0, key)
    }

    /// The value chosen for `key` (not a default), or `""`.
    pub fn chosen(&self, key: &str) -> &str {
        self.0.iter().find(|(k, _)| k == key).map_or("", |(_, v)| v.as_str())
    }

    fn set(&self, key: &str, value: &str) -> Vec<(String, String)> {
        let mut pairs: Vec<(String, String)> = self.0.iter().filter(|(k, _)| k != key).cloned().collect();
        pairs.push((key.to_string(), value.to_string()));
        pairs
    }

    /// Whether `key=value` goes with the other choices as they are.
    pub fn allows(&self, game: GameId, key: &str, value: &str) -> bool {
        game.canonical_options(&self.set(key, value)).is_ok()
    }

    /// These options with `key` set to `value`, kept valid: where the new value cannot go with
    /// the other choices (a rule switch on Monk and Water, a first side with no move), the
    /// choices it clashes with give way, the board first kept; unchanged where `value` is
    /// refused whatever the rest.
    pub fn with(&self, game: GameId, key: &str, value: &str) -> GameOptions {
        let variant: Vec<(String, String)> = self.0.iter().filter(|(k, _)| k == "variant").cloned().collect();
        for base in [self.clone(), GameOptions(variant), GameOptions::standard(game)] {
            if let Ok(o) = GameOptions::checked(game, &base.set(key, value)) {
                return o;
            }
        }
        self.clone()
    }
}

/// `key=value` separated by spaces.
impl fmt::Display for GameOptions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let text: Vec<String> = self.0.iter().map(|(k, v)| format!("{k}={v}")).collect();
        f.write_str(&text.join(" "))
    }
}

/// Written as its pairs. There is no `Deserialize`: options read from a file are checked
/// against their game where the file is read ([`GameOptions::checked`]).
impl serde::Serialize for GameOptions {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(s)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(p: &[(&str, &str)]) -> Vec<(String, String)> {
        p.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn options_are_checked_and_canonical() {
        let small = GameOptions::checked(GameId::Konane, &pairs(&[("size", "6x6")])).unwrap();
        assert_eq!(small.pairs(), pairs(&[("size", "6x6")]));
        assert_eq!(small.value(GameId::Konane, "size").as_deref(), Some("6x6"));
        assert_eq!(small.to_string(), "size=6x6");
        for game in GameId::ALL {
            let standard = GameOptions::standard(game);
            assert!(standard.is_standard(game));
            assert_eq!(GameOptions::checked(game, &[]), Ok(standard));
        }
        assert!(!small.is_standard(GameId::Konane));
        // Checking canonical options again changes nothing.
        assert_eq!(GameOptions::checked(GameId::Konane, small.pairs()), Ok(small.clone()));
        assert!(GameOptions::checked(GameId::Konane, &pairs(&[("size", "99x99")])).is_err());
        assert!(GameOptions::checked(GameId::Qyshinsu, &pairs(&[("size", "6x6")])).is_err());
        assert_eq!(serde_json::to_string(&small).unwrap(), r#"[["size","6x6"]]"#);
    }

    #[test]
    fn every_option_value_either_fits_or_makes_its_clashes_give_way() {
        for game in GameId::ALL {
            for spec in game.option_specs() {
                for value in spec.values {
                    let start = GameOptions::standard(game);
                    let changed = start.with(game, spec.key, value);
                    // Whatever gave way, the result is valid and canonical.
                    assert_eq!(
                        GameOptions::checked(game, changed.pairs()).as_ref(),
                        Ok(&changed),
                        "{game}"
                    );
                    // A value that fits is the value in force (where the option applies at all).
                    if start.allows(game, spec.key, value)
                        && let Some(now) = changed.value(game, spec.key)
                    {
                        assert_eq!(now, *value, "{game} {}", spec.key);
                    }
                }
            }
        }
    }
}

//! The one registry of games: [`GameId`] names each game as a type-checked value (its engine
//! id, its name for players, the spellings a player may type), and [`with_game!`](crate::with_game)
//! runs generic code for the game type behind an id. Every crate dispatches through these, so
//! adding a game is one variant here and the compiler lists every place that must learn it.

use std::fmt;
use std::str::FromStr;

use crate::game::{Game, OptionSpec};

/// One of the five games.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum GameId {
    /// Kansho.
    Kansho,
    /// Kōnane.
    Konane,
    /// ConHex.
    ConHex,
    /// Qyshinsu.
    Qyshinsu,
    /// The Sixteen Soldiers family (four boards, Monk and Water).
    Soldiers,
}

/// Runs `$body` with the type alias `$G` bound to the game type of `$id` (a [`GameId`]):
/// `with_game!(id, G => perft::<G>(&G::start(), 3))`.
#[macro_export]
macro_rules! with_game {
    ($id:expr, $G:ident => $body:expr) => {
        match $id {
            $crate::GameId::Kansho => {
                type $G = $crate::kansho::Kansho;
                $body
            }
            $crate::GameId::Konane => {
                type $G = $crate::konane::Konane;
                $body
            }
            $crate::GameId::ConHex => {
                type $G = $crate::conhex::ConHex;
                $body
            }
            $crate::GameId::Qyshinsu => {
                type $G = $crate::qyshinsu::Qyshinsu;
                $body
            }
            $crate::GameId::Soldiers => {
                type $G = $crate::soldiers::Soldiers;
                $body
            }
        }
    };
}

impl GameId {
    /// Every game, in the order the client and the docs list them.
    pub const ALL: [GameId; 5] = [
        GameId::Kansho,
        GameId::Konane,
        GameId::ConHex,
        GameId::Qyshinsu,
        GameId::Soldiers,
    ];

    /// The engine id (`kansho`, `konane`, `conhex`, `qyshinsu`, `soldiers`): the protocol's,
    /// the save files' and the server's word for the game.
    pub fn id(self) -> &'static str {
        with_game!(self, G => G::ID)
    }

    /// The game's name for players ("Kōnane", "Sixteen Soldiers").
    pub fn name(self) -> &'static str {
        with_game!(self, G => G::NAME)
    }

    /// The hunter's side in a hunt game (Sixteen Soldiers: the general, who moves first), or
    /// `None` in a game between equal sides.
    pub fn hunter(self) -> Option<crate::Player> {
        matches!(self, GameId::Soldiers).then_some(crate::Player::P1)
    }

    /// Whether a game of it can end drawn, under any options: Kansho (equal scores),
    /// Qyshinsu (a third repetition) and the Sixteen Soldiers (repetition, no capture for
    /// long) can; Kōnane (the side that cannot move loses) and ConHex (a connection game)
    /// cannot. A draw can be offered only where one can happen.
    pub fn has_draws(self) -> bool {
        !matches!(self, GameId::Konane | GameId::ConHex)
    }

    /// Whether this is the game `id` names (aliases accepted).
    pub fn is(self, id: &str) -> bool {
        GameId::parse(id) == Some(self)
    }

    /// Other spellings a player or an old file may use (`qushinsu`, `kōnane`).
    pub fn aliases(self) -> &'static [&'static str] {
        match self {
            GameId::Konane => &["kōnane"],
            GameId::Qyshinsu => crate::qyshinsu::ALIASES,
            _ => &[],
        }
    }

    /// The game named by `text`: its engine id or an alias, in any case.
    pub fn parse(text: &str) -> Option<GameId> {
        let text = text.trim().to_lowercase();
        GameId::ALL
            .into_iter()
            .find(|g| g.id() == text || g.aliases().contains(&text.as_str()))
    }

    /// The engine ids, for messages listing what is valid.
    pub fn ids() -> String {
        GameId::ALL.map(GameId::id).join(", ")
    }

    /// The options the game takes.
    pub fn option_specs(self) -> &'static [OptionSpec] {
        with_game!(self, G => G::option_specs())
    }

    /// `options` in their canonical form (only what differs from the defaults), or the rules'
    /// sentence that refuses them.
    pub fn canonical_options(self, options: &[(String, String)]) -> Result<Vec<(String, String)>, crate::OptionsError> {
        let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        with_game!(self, G => G::parse_options(&pairs).map(|o| G::option_pairs(&o)))
    }

    /// The value in force of option `key` under `options`, or `None` where it does not apply
    /// (or the options are refused).
    pub fn option_value(self, options: &[(String, String)], key: &str) -> Option<String> {
        let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        with_game!(self, G => G::parse_options(&pairs).ok().and_then(|o| G::option_value(&o, key)))
    }
}

impl fmt::Display for GameId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// A game id nobody knows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct UnknownGame(pub String);

impl fmt::Display for UnknownGame {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "unknown game '{}'; valid: {}", self.0, GameId::ids())
    }
}

impl std::error::Error for UnknownGame {}

/// Written as its engine id; read from the id or an alias in any case, so a file or a message
/// naming no game is refused where it is read.
impl serde::Serialize for GameId {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.serialize_str(self.id())
    }
}

impl<'de> serde::Deserialize<'de> for GameId {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        let text = <String as serde::Deserialize>::deserialize(d)?;
        text.parse().map_err(serde::de::Error::custom)
    }
}

impl FromStr for GameId {
    type Err = UnknownGame;

    fn from_str(s: &str) -> Result<Self, Self::Err> {
        GameId::parse(s).ok_or_else(|| UnknownGame(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_said_to_have_no_draws_never_end_drawn_in_random_games() {
        let mut seed = 0x9e37_79b9_7f4a_7c15_u64;
        for g in GameId::ALL.into_iter().filter(|g| !g.has_draws()) {
            for _ in 0..40 {
                let mut game = crate::dynamic::GameSetup::new(g, &[]).unwrap().start();
                while game.status() == crate::Status::Ongoing {
                    let legal = game.legal();
                    seed = seed
                        .wrapping_mul(6_364_136_223_846_793_005)
                        .wrapping_add(1_442_695_040_888_963_407);
                    game.play(&legal[(seed >> 33) as usize % legal.len()]).unwrap();
                }
                assert!(
                    !matches!(game.status(), crate::Status::Draw { .. }),
                    "{} drawn: {:?}",
                    g.id(),
                    game.history()
                );
            }
        }
        assert!(GameId::ALL.iter().any(|g| g.has_draws()));
    }

    #[test]
    fn a_game_id_is_written_as_its_engine_id_and_read_from_any_spelling() {
        for g in GameId::ALL {
            assert_eq!(serde_json::to_string(&g).unwrap(), format!("\"{}\"", g.id()));
            assert_eq!(
                serde_json::from_str::<GameId>(&format!("\"{}\"", g.id().to_uppercase())).unwrap(),
                g
            );
        }
        assert_eq!(
            serde_json::from_str::<GameId>("\"qushinsu\"").unwrap(),
            GameId::Qyshinsu
        );
        let refused = serde_json::from_str::<GameId>("\"chess\"").unwrap_err().to_string();
        assert!(refused.contains("unknown game 'chess'"), "{refused}");
    }

    #[test]
    fn only_the_hunt_has_a_hunter_and_ids_are_named_by_any_spelling() {
        for g in GameId::ALL {
            assert_eq!(g.hunter().is_some(), g == GameId::Soldiers, "{g}");
            assert!(g.is(g.id()) && g.is(&g.id().to_uppercase()));
        }
        assert_eq!(GameId::Soldiers.hunter(), Some(crate::Player::P1));
        assert!(GameId::Qyshinsu.is("qushinsu") && !GameId::Konane.is("soldiers"));
    }

    #[test]
    fn every_game_reads_back_from_its_id_and_its_aliases() {
        for g in GameId::ALL {
            assert_eq!(GameId::parse(g.id()), Some(g));
            assert_eq!(g.id().parse::<GameId>(), Ok(g));
            assert_eq!(GameId::parse(&g.id().to_uppercase()), Some(g));
            for a in g.aliases() {
                assert_eq!(GameId::parse(a), Some(g), "{a}");
            }
            assert!(!g.name().is_empty());
        }
        assert_eq!(GameId::parse("qushinsu"), Some(GameId::Qyshinsu));
        assert_eq!(GameId::parse("Kōnane"), Some(GameId::Konane));
        assert_eq!(GameId::Soldiers.name(), "Sixteen Soldiers");
        assert_eq!(GameId::Konane.name(), "Kōnane");
        let e = "chess".parse::<GameId>().unwrap_err();
        assert_eq!(
            e.to_string(),
            "unknown game 'chess'; valid: kansho, konane, conhex, qyshinsu, soldiers"
        );
    }

    #[test]
    fn options_are_made_canonical_by_the_game_they_belong_to() {
        let pairs = |p: &[(&str, &str)]| {
            p.iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect::<Vec<_>>()
        };
        assert_eq!(
            GameId::Konane.canonical_options(&pairs(&[("size", "8x8")])),
            Ok(pairs(&[("size", "8x8")]))
        );
        assert_eq!(
            GameId::Konane.canonical_options(&pairs(&[("size", "6x6")])),
            Ok(pairs(&[("size", "6x6")]))
        );
        assert!(GameId::Konane.canonical_options(&pairs(&[("size", "7x7")])).is_err());
        assert_eq!(
            GameId::Konane
                .option_value(&pairs(&[("size", "6x6")]), "size")
                .as_deref(),
            Some("6x6")
        );
        assert!(GameId::Konane.option_specs().iter().any(|s| s.key == "size"));
        assert!(GameId::Soldiers.option_specs().iter().any(|s| s.key == "variant"));
    }
}

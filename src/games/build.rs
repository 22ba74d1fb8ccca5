//! Making matches: new ones from a set-up, and from a save, a move list or a position; set-ups
//! from options read as text (`setup_of`; the options themselves are a typed value,
//! `parlour_rules::GameOptions`); the colour palettes.

use bevy::prelude::*;
use parlour_rules::record::Level;
use parlour_rules::{GameId, GameOptions, with_game};

pub use parlour_saves::settings::{Palette, Setup};

use super::any_match::{AnyMatch, MatchOf};
use super::client::ClientGame;

/// A match rebuilt from a save (see [`parlour_saves::decode`], which checks it first).
pub fn match_from_save(save: &parlour_saves::SaveGame) -> Result<Box<dyn AnyMatch>, parlour_saves::LoadError> {
    fn boxed<G: ClientGame>(s: &parlour_saves::SaveGame) -> Result<Box<dyn AnyMatch>, parlour_saves::LoadError> {
        Ok(Box::new(MatchOf::<G>::from_save(s)?))
    }
    with_game!(save.game, G => boxed::<G>(save))
}

/// A match of the game and options in `setup` after playing a pasted move list; on error
/// the sentence names the first move that fails.
pub fn match_from_moves(setup: &Setup, moves: &str) -> Result<Box<dyn AnyMatch>, String> {
    fn boxed<G: ClientGame>(options: &[(String, String)], moves: &str) -> Result<Box<dyn AnyMatch>, String> {
        let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let opts = G::parse_options(&pairs).map_err(|e| e.to_string())?;
        Ok(Box::new(MatchOf::<G>::from_moves(&opts, moves)?))
    }
    with_game!(setup.game, G => boxed::<G>(setup.options.pairs(), moves))
}

/// A match of the game in `setup` from a set-up position in the game's position text (see
/// [`ClientGame::from_position_text`]); its history starts there. The options of `setup` do
/// not apply: the position carries its own.
///
/// The save format replays moves from the start position, so such a match is not saved
/// ([`AnyMatch::set_up`]: Save says why, the autosave leaves it); only the walkthroughs use it.
pub fn match_from_position(setup: &Setup, text: &str) -> Result<Box<dyn AnyMatch>, String> {
    fn boxed<G: ClientGame>(text: &str) -> Result<Box<dyn AnyMatch>, String> {
        Ok(Box::new(MatchOf::from_position(G::from_position_text(text)?)))
    }
    with_game!(setup.game, G => boxed::<G>(text))
}

/// The moves played, in engine notation, one line: what "Copy moves" puts on the clipboard
/// and what pasting (or `--moves`) reads back.
pub fn move_list(m: &dyn AnyMatch) -> String {
    m.history().into_iter().map(|(_, t)| t).collect::<Vec<_>>().join(" ")
}

/// The colours of a [`Palette`] (the scheme itself is part of the settings file).
pub trait PaletteColours {
    /// The two sides' colours of `game` in this scheme; `classic` is the game's own pair.
    fn colours(self, game: GameId, classic: [Color; 2]) -> [Color; 2];
}

impl PaletteColours for Palette {
    fn colours(self, game: GameId, classic: [Color; 2]) -> [Color; 2] {
        match self {
            Palette::Classic => classic,
            Palette::ColourSafe => with_game!(game, G => G::colour_safe()),
        }
    }
}

/// The colour-safe palette's colours, from which each game picks its pair
/// ([`ClientGame::colour_safe`]): Okabe & Ito (2008), and a light and a dark that already differ
/// in brightness (the ring marks the dark side).
pub mod okabe_ito {
    use bevy::prelude::*;

    /// Blue, #0072B2.
    pub fn blue() -> Color {
        Color::srgb_u8(0x00, 0x72, 0xb2)
    }
    /// Orange, #E69F00.
    pub fn orange() -> Color {
        Color::srgb_u8(0xe6, 0x9f, 0x00)
    }
    /// Vermillion, #D55E00.
    pub fn vermillion() -> Color {
        Color::srgb_u8(0xd5, 0x5e, 0x00)
    }
    /// Yellow #F0E442 lightened towards white.
    pub fn light() -> Color {
        Color::srgb_u8(0xf0, 0xe4, 0x42).mix(&Color::WHITE, 0.55)
    }
    /// Near black.
    pub fn dark() -> Color {
        Color::srgb_u8(0x10, 0x10, 0x14)
    }
}

/// The game an id names, or the sentence that refuses it: where an id from a file, the page's
/// address or the wire becomes a [`GameId`].
pub fn game(id: &str) -> Result<GameId, String> {
    id.parse().map_err(|e: parlour_rules::UnknownGame| e.to_string())
}

fn make<G: ClientGame>(options: &[(String, String)]) -> Result<Box<dyn AnyMatch>, String> {
    let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let opts = G::parse_options(&pairs).map_err(|e| e.to_string())?;
    Ok(Box::new(MatchOf::<G>::new(&opts)))
}

/// A new match of the game and options in `setup`.
pub fn new_match(setup: &Setup) -> Result<Box<dyn AnyMatch>, String> {
    with_game!(setup.game, G => make::<G>(setup.options.pairs()))
}

/// A set-up of `game` with options read from text (the command line, a lesson's script, a
/// test): options the rules refuse give the game's usual ones, and the sentence that says so.
pub fn setup_of<K: AsRef<str>, V: AsRef<str>>(
    game: GameId,
    pairs: &[(K, V)],
    seats: [Option<Level>; 2],
) -> (Setup, Option<String>) {
    let pairs: Vec<(String, String)> = pairs
        .iter()
        .map(|(k, v)| (k.as_ref().to_string(), v.as_ref().to_string()))
        .collect();
    let (options, problem) = match GameOptions::checked(game, &pairs) {
        Ok(o) => (o, None),
        Err(e) => (
            GameOptions::standard(game),
            Some(format!("{}: {e}; the game opened with its usual options.", game.name())),
        ),
    };
    (Setup { game, options, seats }, problem)
}

/// The option specs of a game id.
pub fn option_specs(game: GameId) -> &'static [parlour_rules::OptionSpec] {
    game.option_specs()
}

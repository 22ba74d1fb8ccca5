//! Making matches: new ones from a set-up, and from a save, a move list or a position; the
//! games' options as the new-game dialog reads and sets them; the colour palettes.

use bevy::prelude::*;
use parlour_rules::{GameId, with_game};

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
    with_game!(setup.game, G => boxed::<G>(&setup.options, moves))
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
    with_game!(setup.game, G => make::<G>(&setup.options))
}

/// The value in force of option `key` in a game id with the options chosen, or `None` where it
/// does not apply (or the options are refused).
pub fn option_value(game: GameId, options: &[(String, String)], key: &str) -> Option<String> {
    game.option_value(options, key)
}

/// The options in their canonical form (only what differs from the defaults), or the sentence
/// that refuses them.
pub fn canonical_options(game: GameId, options: &[(String, String)]) -> Result<Vec<(String, String)>, String> {
    Ok(game.canonical_options(options)?)
}

/// `options` with `key=value` in place of any earlier value (not checked).
pub fn set_option(options: &[(String, String)], key: &str, value: &str) -> Vec<(String, String)> {
    let mut o: Vec<(String, String)> = options.iter().filter(|(k, _)| k != key).cloned().collect();
    o.push((key.to_string(), value.to_string()));
    o
}

/// `options` with `key` set to `value`, kept valid: where the new value cannot go with the
/// other choices (a rule switch on Monk and Water, a first side with no move), the choices it
/// clashes with give way, the board first kept. Canonical form.
pub fn with_option(game: GameId, options: &[(String, String)], key: &str, value: &str) -> Vec<(String, String)> {
    let set = |base: &[(String, String)]| set_option(base, key, value);
    let variant: Vec<(String, String)> = options.iter().filter(|(k, _)| k == "variant").cloned().collect();
    for base in [options, &variant[..], &[]] {
        if let Ok(o) = canonical_options(game, &set(base)) {
            return o;
        }
    }
    options.to_vec()
}

/// The option specs of a game id.
pub fn option_specs(game: GameId) -> &'static [parlour_rules::OptionSpec] {
    game.option_specs()
}

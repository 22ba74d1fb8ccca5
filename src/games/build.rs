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
    match GameId::parse(&save.game) {
        Some(game) => with_game!(game, G => boxed::<G>(save)),
        None => Err(parlour_saves::LoadError::UnknownGame(save.game.clone())),
    }
}

/// A match of the game and options in `setup` after playing a pasted move list; on error
/// the sentence names the first move that fails.
pub fn match_from_moves(setup: &Setup, moves: &str) -> Result<Box<dyn AnyMatch>, String> {
    fn boxed<G: ClientGame>(options: &[(String, String)], moves: &str) -> Result<Box<dyn AnyMatch>, String> {
        let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        let opts = G::parse_options(&pairs).map_err(|e| e.to_string())?;
        Ok(Box::new(MatchOf::<G>::from_moves(&opts, moves)?))
    }
    with_game!(game(&setup.game)?, G => boxed::<G>(&setup.options, moves))
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
    with_game!(game(&setup.game)?, G => boxed::<G>(text))
}

/// The moves played, in engine notation, one line: what "Copy moves" puts on the clipboard
/// and what pasting (or `--moves`) reads back.
pub fn move_list(m: &dyn AnyMatch) -> String {
    m.history().into_iter().map(|(_, t)| t).collect::<Vec<_>>().join(" ")
}

/// The colours of a [`Palette`] (the scheme itself is part of the settings file).
pub trait PaletteColours {
    /// The two sides' colours of `game` in this scheme; `classic` is the game's own pair.
    fn colours(self, game: &str, classic: [Color; 2]) -> [Color; 2];
}

impl PaletteColours for Palette {
    fn colours(self, game: &str, classic: [Color; 2]) -> [Color; 2] {
        // Okabe & Ito (2008): blue #0072B2, orange #E69F00, vermillion #D55E00, sky #56B4E9.
        let blue = Color::srgb_u8(0x00, 0x72, 0xb2);
        let orange = Color::srgb_u8(0xe6, 0x9f, 0x00);
        let light = Color::srgb_u8(0xf0, 0xe4, 0x42).mix(&Color::WHITE, 0.55);
        match (self, GameId::parse(game)) {
            (Palette::Classic, _) => classic,
            // Light against dark already differs in brightness; the ring marks the dark side.
            (Palette::ColourSafe, Some(GameId::Kansho | GameId::Konane)) => [light, Color::srgb_u8(0x10, 0x10, 0x14)],
            (Palette::ColourSafe, Some(GameId::Qyshinsu)) => [Color::srgb_u8(0x10, 0x10, 0x14), orange],
            (Palette::ColourSafe, Some(GameId::Soldiers)) => [Color::srgb_u8(0xd5, 0x5e, 0x00), light],
            (Palette::ColourSafe, _) => [blue, orange],
        }
    }
}

/// The game an id names, or the sentence that refuses it.
fn game(id: &str) -> Result<GameId, String> {
    id.parse().map_err(|e: parlour_rules::UnknownGame| e.to_string())
}

fn make<G: ClientGame>(options: &[(String, String)]) -> Result<Box<dyn AnyMatch>, String> {
    let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let opts = G::parse_options(&pairs).map_err(|e| e.to_string())?;
    Ok(Box::new(MatchOf::<G>::new(&opts)))
}

/// A new match of the game and options in `setup`.
pub fn new_match(setup: &Setup) -> Result<Box<dyn AnyMatch>, String> {
    with_game!(game(&setup.game)?, G => make::<G>(&setup.options))
}

/// The value in force of option `key` in a game id with the options chosen, or `None` where it
/// does not apply (or the options are refused).
pub fn option_value(game: &str, options: &[(String, String)], key: &str) -> Option<String> {
    GameId::parse(game)?.option_value(options, key)
}

/// The options in their canonical form (only what differs from the defaults), or the sentence
/// that refuses them.
pub fn canonical_options(game: &str, options: &[(String, String)]) -> Result<Vec<(String, String)>, String> {
    Ok(self::game(game)?.canonical_options(options)?)
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
pub fn with_option(game: &str, options: &[(String, String)], key: &str, value: &str) -> Vec<(String, String)> {
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
pub fn option_specs(game: &str) -> &'static [parlour_rules::OptionSpec] {
    GameId::parse(game).map_or(&[], GameId::option_specs)
}

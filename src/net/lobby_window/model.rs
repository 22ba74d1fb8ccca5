//! The lobby window's state, and how the lobby writes ratings, players, games and options.

use bevy::prelude::*;
use parlour_online::wire::{PlayerTag, Rated, SideChoice};
use parlour_rules::GameId;

use super::pace::PaceChoice;

/// The lobby window's fields.
#[derive(Resource, Debug, Clone)]
pub struct LobbyWindow {
    /// Shown.
    pub open: bool,
    /// Only this game's seeks and games (`None`: all).
    pub filter: Option<GameId>,
    /// The game of the seek to create.
    pub game: GameId,
    /// Rated (named accounts only).
    pub rated: bool,
    /// The side wanted.
    pub side: SideChoice,
    /// Limit the opponents' rating.
    pub limited: bool,
    /// The range, when limited.
    pub range: (u32, u32),
    /// The seek's clock.
    pub pace: PaceChoice,
    /// The custom clock: base minutes, seconds added a move.
    pub custom: (u32, u32),
    /// The name being typed.
    pub name: String,
    /// The last thing the lobby said.
    pub message: Option<String>,
}

impl Default for LobbyWindow {
    fn default() -> Self {
        LobbyWindow {
            open: false,
            filter: None,
            game: GameId::Konane,
            rated: false,
            side: SideChoice::Random,
            limited: false,
            range: (1200, 1800),
            pace: PaceChoice::Untimed,
            custom: (5, 3),
            name: String::new(),
            message: None,
        }
    }
}

/// A rating as shown: `1523`, `1500?` while provisional, `—` before the first rated game.
pub fn rating_text(rating: Option<&Rated>) -> String {
    match rating {
        Some(r) if r.provisional => format!("{}?", r.rating),
        Some(r) => r.rating.to_string(),
        None => "—".into(),
    }
}

/// A player as a table shows one: `ada 1523`.
pub fn player_text(tag: Option<&PlayerTag>) -> String {
    match tag {
        Some(t) => format!("{} {}", t.name, rating_text(t.rating.as_ref())),
        None => "(no account)".into(),
    }
}

pub(super) fn game_name(id: &str) -> String {
    id.parse::<GameId>()
        .map_or_else(|_| id.to_string(), |g| g.name().to_string())
}

pub(super) fn options_text(options: &[(String, String)]) -> String {
    if options.is_empty() {
        "standard".into()
    } else {
        options
            .iter()
            .map(|(k, v)| format!("{k}={v}"))
            .collect::<Vec<_>>()
            .join(" ")
    }
}

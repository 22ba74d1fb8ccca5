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
    /// Whether that was a confirmation rather than a refusal.
    pub message_ok: bool,
    /// The e-mail address being typed (notices of one's move).
    pub email: String,
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
            message_ok: false,
            email: String::new(),
        }
    }
}

/// A rating as shown: `1523`, or `1500?` while provisional (its deviation still large: lichess's
/// mark, explained on the leaderboard).
pub fn rating_text(rating: &Rated) -> String {
    if rating.provisional {
        format!("{}?", rating.rating)
    } else {
        rating.rating.to_string()
    }
}

/// A player as the lobby, its pages and the table show one: `ada 1523`, `bob 1500?` while
/// provisional, `cleo (new)` before a first rated game of the game shown; `(no account)` for a
/// seat no account holds (a friend's game by invite code).
pub fn player_text(tag: Option<&PlayerTag>) -> String {
    match tag {
        Some(PlayerTag { name, rating: Some(r) }) => format!("{name} {}", rating_text(r)),
        Some(PlayerTag { name, rating: None }) => format!("{name} (new)"),
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_player_reads_a_rating_a_provisional_one_and_none_yet() {
        let rated = |rating, provisional| Rated {
            rating,
            deviation: if provisional { 230 } else { 70 },
            games: 12,
            provisional,
        };
        let tag = |name: &str, rating| PlayerTag {
            name: name.into(),
            rating,
        };
        assert_eq!(rating_text(&rated(1523, false)), "1523");
        assert_eq!(rating_text(&rated(1500, true)), "1500?");
        assert_eq!(player_text(Some(&tag("ada", Some(rated(1523, false))))), "ada 1523");
        assert_eq!(player_text(Some(&tag("bob", Some(rated(1500, true))))), "bob 1500?");
        assert_eq!(player_text(Some(&tag("cleo", None))), "cleo (new)");
        assert_eq!(player_text(None), "(no account)");
    }
}

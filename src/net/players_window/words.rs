//! The player pages' words: a rating key, a date and a game's result as a player reads them.

use bevy_egui::egui;
use parlour_online::lobby_link::Page;
use parlour_online::wire::GameSummary;
use parlour_rules::GameId;

/// What a click on a page asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Clicked {
    /// The page of the player of this name.
    Player(String),
    /// The leaderboard of this rating key.
    Board(GameId, String),
    /// The finished game of this code, in the review.
    Review(String),
    /// The game of this code still being played, to watch.
    Watch(String),
}

/// A page's answer once it has come; until then a spinner, or the sentence that refuses it.
pub fn arrived<'a, T>(ui: &mut egui::Ui, page: Option<&'a Page<T>>) -> Option<&'a T> {
    match page {
        None | Some(Page::Waiting) => {
            ui.horizontal(|ui| {
                ui.spinner();
                ui.label("Asking the server…");
            });
            None
        }
        Some(Page::Refused(why)) => {
            ui.colored_label(egui::Color32::from_rgb(230, 120, 100), why);
            None
        }
        Some(Page::Here(answer)) => Some(answer),
    }
}

/// A game's name from its engine id (the id itself when unknown).
pub fn game_name(id: &str) -> String {
    id.parse::<GameId>()
        .map_or_else(|_| id.to_string(), |g| g.name().to_string())
}

/// A rating key as a player reads it: `Kōnane`, `Kōnane · size 6x6`, `Sixteen Soldiers · variant
/// board2, rules seed`.
pub fn key_name(key: &str) -> String {
    let (id, options) = key.split_once('/').unwrap_or((key, ""));
    let game = game_name(id);
    if options.is_empty() {
        return game;
    }
    let options: Vec<String> = options.split(',').map(|kv| kv.replace('=', " ")).collect();
    format!("{game} · {}", options.join(", "))
}

/// The game a rating key is of.
pub fn key_game(key: &str) -> Option<GameId> {
    key.split('/').next()?.parse().ok()
}

pub use crate::games::words::date;

/// Which seat (`0` first, `1` second) `name` played in `game`, if either.
pub fn seat_of(name: &str, game: &GameSummary) -> Option<usize> {
    game.players
        .iter()
        .position(|p| p.as_ref().is_some_and(|p| p.name.eq_ignore_ascii_case(name)))
}

/// The game's result for the player `name`: `won`, `lost`, `drawn`, `going on` (or the seat that
/// won, for a game the player is not in).
pub fn outcome(name: &str, game: &GameSummary) -> String {
    let Some(result) = game.result.as_deref() else {
        return "going on".into();
    };
    let won = match result {
        "first" => 0,
        "second" => 1,
        "draw" => return "drawn".into(),
        other => return other.into(),
    };
    match seat_of(name, game) {
        Some(seat) if seat == won => "won".into(),
        Some(_) => "lost".into(),
        None => format!("{result} won"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_and_keys_read_as_a_player_reads_them() {
        assert_eq!(date(0), "1 Jan 1970");
        assert_eq!(date(-86_400), "31 Dec 1969");
        assert_eq!(date(951_782_400), "29 Feb 2000");
        assert_eq!(date(1_765_000_000), "6 Dec 2025");
        assert_eq!(key_name("konane"), "Kōnane");
        assert_eq!(key_name("konane/size=6x6"), "Kōnane · size 6x6");
        assert_eq!(key_game("soldiers/variant=board2,rules=seed"), Some(GameId::Soldiers));
        assert_eq!(key_name("nosuch/a=b"), "nosuch · a b");
    }
}

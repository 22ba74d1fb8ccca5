//! The shipped puzzle set, one file a game under `assets/puzzles/`, built into the program.

use parlour_rules::GameId;

/// The shipped puzzle file of `game`.
pub fn shipped(game: GameId) -> &'static str {
    match game {
        GameId::Kansho => include_str!("../../../../assets/puzzles/kansho.txt"),
        GameId::Konane => include_str!("../../../../assets/puzzles/konane.txt"),
        GameId::ConHex => include_str!("../../../../assets/puzzles/conhex.txt"),
        GameId::Qyshinsu => include_str!("../../../../assets/puzzles/qyshinsu.txt"),
        GameId::Soldiers => include_str!("../../../../assets/puzzles/soldiers.txt"),
    }
}

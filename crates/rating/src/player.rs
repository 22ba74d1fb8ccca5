//! A player's rating as the server stores it, and how one rated game changes two of them: lila's
//! `Perf` (read with the deviation grown to now, written with the result limited, checked and
//! capped) around scalachess's `computeGame`, in the order lila's `PerfsUpdater` runs them.

use crate::constants::MAX_RATING_DELTA;
use crate::glicko::Glicko;
use crate::glicko::{at_least, at_most};
use crate::glicko2::{NoConvergence, rate_game};
use crate::outcome::Outcome;

/// One player's rating in one game and variant, as stored: the rating right after the last rated
/// game (its deviation not yet grown by the time since), the number of rated games, and when the
/// last one ended (Unix seconds; `None` before the first).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct PlayerRating {
    /// The rating as the last rated game left it.
    pub glicko: Glicko,
    /// How many rated games the player has played in this game and variant.
    pub games: u32,
    /// When the last rated game ended, in Unix seconds.
    pub last_game: Option<i64>,
}

impl PlayerRating {
    /// A player who has not played a rated game: [`Glicko::DEFAULT`], no games, no time.
    pub const NEW: PlayerRating = PlayerRating {
        glicko: Glicko::DEFAULT,
        games: 0,
        last_game: None,
    };

    /// The rating at `now` (Unix seconds), to show, pair on or rate a game with: the stored one
    /// with its deviation grown by the time since the last rated game ([`Glicko::deviation_after`];
    /// lila applies this whenever it reads a rating). A player with no rated game has no time away.
    pub fn live(&self, now: i64) -> Glicko {
        let elapsed = self.last_game.map_or(0, |last| now.saturating_sub(last));
        Glicko {
            deviation: self.glicko.deviation_after(elapsed),
            ..self.glicko
        }
    }

    /// Whether the rating is provisional at `now`: time away can make an established rating
    /// provisional again.
    pub fn provisional(&self, now: i64) -> bool {
        self.live(now).provisional()
    }

    /// What is stored after a game lila's way (`addOrReset`): the computed rating kept within
    /// [`MAX_RATING_DELTA`] of the rating before the game, reset to [`Glicko::DEFAULT`] if it
    /// fails [`Glicko::sane`], then capped; one game more, played at `now`.
    fn after_game(&self, before: &Glicko, computed: Glicko, now: i64) -> PlayerRating {
        let limited = Glicko {
            rating: at_least(
                at_most(computed.rating, before.rating + MAX_RATING_DELTA),
                before.rating - MAX_RATING_DELTA,
            ),
            ..computed
        };
        let kept = if limited.sane() { limited } else { Glicko::DEFAULT };
        PlayerRating {
            glicko: kept.cap(),
            games: self.games.saturating_add(1),
            last_game: Some(now),
        }
    }
}

impl Default for PlayerRating {
    fn default() -> Self {
        PlayerRating::NEW
    }
}

/// Rates one game that ended at `now` (Unix seconds) between `first` and `second`, `outcome` from
/// the first player's view, as lichess does: each rating is read live at `now`
/// ([`PlayerRating::live`]) and capped ([`Glicko::cap`]); both are updated at once by
/// [`rate_game`] (τ = 0.75, no deviation growth in the game itself), each against the other's
/// rating from before the game; each result is limited, checked and capped, and counts one game
/// more at `now`.
///
/// On [`NoConvergence`] nothing changes: lichess leaves both players as they were.
pub fn update(
    first: &PlayerRating,
    second: &PlayerRating,
    outcome: Outcome,
    now: i64,
) -> Result<(PlayerRating, PlayerRating), NoConvergence> {
    let (first_live, second_live) = (first.live(now), second.live(now));
    let (first_computed, second_computed) = rate_game(&first_live.cap(), &second_live.cap(), outcome)?;
    Ok((
        first.after_game(&first_live, first_computed, now),
        second.after_game(&second_live, second_computed, now),
    ))
}

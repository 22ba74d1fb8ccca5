//! A lobby game's players in memory, and its end recorded in the database: the result, and for
//! a rated game both ratings, in one transaction that only the first server to record it
//! commits (see [`crate::store::ratings`]).

use parlour_online::wire::Seat;

use super::{Entry, LobbySeats, Registry};
use crate::lobby::player_tag;
use crate::store::ratings::Finished;
use crate::store::{Store, now_secs};

impl<S: Store> Registry<S> {
    /// Reads a game's lobby players (none for a game made by invite code). A game found over
    /// (its end stored by a server killed before it recorded the result) is recorded now.
    pub(super) async fn load_lobby(&self, e: &mut Entry) {
        self.read_lobby(e).await;
        if e.lobby.is_some() {
            self.ended(e).await;
        }
    }

    async fn read_lobby(&self, e: &mut Entry) {
        match self.store.game_players(&e.stored.code).await {
            Ok(Some(g)) => {
                let now = now_secs();
                e.lobby = Some(LobbySeats {
                    players: [0, 1].map(|i| g.players[i].as_ref().map(|p| player_tag(p, now))),
                    rated: g.rated,
                });
            }
            Ok(None) => e.lobby = None,
            Err(err) => eprintln!("parlour-server: reading the players of {} failed: {err}", e.stored.code),
        }
    }

    /// When the game is over and made in the lobby, records its result (rating it when rated)
    /// unless that was done before; the players' new ratings are read back for the table.
    pub(super) async fn ended(&self, e: &mut Entry) {
        let (Some(result), Some(_)) = (e.result(), e.lobby.as_ref()) else {
            return;
        };
        let quit = e.quit().map(Seat::word);
        match self.store.finish(&e.stored.code, result, quit, now_secs()).await {
            Ok(Finished::Now(Some(_))) => self.read_lobby(e).await,
            Ok(_) => {}
            Err(err) => eprintln!("parlour-server: recording the end of {} failed: {err}", e.stored.code),
        }
    }
}

//! Whose move a game waits for, as the database has it now: what the notices and the "your
//! turn" list ask (issue 75, item 3).

use std::sync::Arc;

use parlour_online::wire::Seat;

use super::{Refusal, Registry};
use crate::notify::channels::Channels;
use crate::store::{Store, StoreError};

impl<S: Store> Registry<S> {
    /// The moves played and the seat to move of `code`, caught up with the database (another
    /// server may have stored a move); `None` once the game is over, or for an unknown game.
    pub async fn waiting(&self, code: &str) -> Result<Option<(u32, Seat)>, StoreError> {
        let entry = match self.entry(code).await {
            Ok(entry) => entry,
            Err(Refusal::Store(e)) => return Err(e),
            Err(_) => return Ok(None),
        };
        let mut e = entry.lock().await;
        self.reload(&mut e)
            .await
            .map_err(|r| StoreError::Damaged(r.to_string()))?;
        if e.ending().is_some() {
            return Ok(None);
        }
        Ok(e.session
            .turn()
            .map(|t| (e.stored.moves.len() as u32, Seat::BOTH[t.min(1)])))
    }

    /// By correspondence, while the game goes on: when the side to move loses on time.
    pub async fn deadline(&self, code: &str) -> Result<Option<i64>, StoreError> {
        match self.entry(code).await {
            Ok(entry) => Ok(entry.lock().await.deadline()),
            Err(Refusal::Store(e)) => Err(e),
            Err(_) => Ok(None),
        }
    }

    /// The ways notices leave this server, once set.
    pub fn channels(&self) -> Option<Arc<Channels>> {
        self.channels.get().cloned()
    }

    /// Sets the ways notices leave this server (once; later calls change nothing).
    pub fn set_channels(&self, channels: Arc<Channels>) {
        let _ = self.channels.set(channels);
    }
}

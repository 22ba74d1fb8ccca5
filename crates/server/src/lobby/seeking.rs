//! A connection's open seeks: polled in the database while any is open, so the seeker learns a
//! seek was taken even when another server process took it; kept alive by a heartbeat; deleted
//! when the connection closes.

use parlour_online::wire::Reply;
use tokio::time::{Duration, Instant};

use crate::store::{Store, now_secs};

/// How often an open seek is looked at in the database.
pub const POLL_EVERY: Duration = Duration::from_millis(400);
/// How often an open seek's heartbeat is rewritten.
pub const BEAT_EVERY: Duration = Duration::from_secs(5);

/// A connection's open seeks.
#[derive(Debug)]
pub struct Seeking {
    /// Each open seek and its account's id.
    ids: Vec<(u64, String)>,
    beaten: Instant,
}

impl Default for Seeking {
    fn default() -> Self {
        Seeking {
            ids: Vec::new(),
            beaten: Instant::now(),
        }
    }
}

impl Seeking {
    /// Whether no seek of this connection is open.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty()
    }

    /// Notes a seek posted on this connection by `account`.
    pub fn add(&mut self, id: u64, account: &str) {
        self.ids.push((id, account.to_string()));
    }

    /// Forgets a seek withdrawn.
    pub fn remove(&mut self, id: u64) {
        self.ids.retain(|(i, _)| *i != id);
    }

    /// Looks at the open seeks in the database: the first found taken is answered as
    /// [`Reply::Matched`] (and forgotten); seeks gone are forgotten; every [`BEAT_EVERY`] the
    /// others' heartbeats are rewritten.
    pub async fn poll<S: Store>(&mut self, store: &S) -> Option<Reply> {
        let beat = self.beaten.elapsed() >= BEAT_EVERY;
        if beat {
            self.beaten = Instant::now();
        }
        let mut matched = None;
        let mut keep = Vec::with_capacity(self.ids.len());
        for (id, account) in std::mem::take(&mut self.ids) {
            match store.seek(id as i64).await {
                Ok(Some(row)) => match row.taken {
                    Some((code, seat)) if matched.is_none() => matched = Some(Reply::Matched { id, code, seat }),
                    Some(_) => keep.push((id, account)),
                    None => {
                        if beat && let Err(e) = store.seek_alive(id as i64, now_secs()).await {
                            eprintln!("parlour-server: keeping seek {id} alive failed: {e}");
                        }
                        keep.push((id, account));
                    }
                },
                Ok(None) => {}
                Err(e) => {
                    eprintln!("parlour-server: looking at seek {id} failed: {e}");
                    keep.push((id, account));
                }
            }
        }
        self.ids = keep;
        matched
    }

    /// The connection is closing: its open seeks are deleted.
    pub async fn close<S: Store>(&mut self, store: &S) {
        for (id, account) in self.ids.drain(..) {
            if let Err(e) = store.drop_seek(id as i64, &account).await {
                eprintln!("parlour-server: withdrawing seek {id} failed: {e}");
            }
        }
    }
}

//! A connection's open seeks and pool entries: polled in the database while any is open, so the
//! seeker learns a seek was taken (or an entry paired) even when another server process did it;
//! kept alive by a heartbeat; deleted when the connection closes.

use parlour_online::wire::Reply;
use tokio::time::{Duration, Instant};

use crate::store::pools::EntryState;
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
    /// Each waiting pool entry and its account's id.
    pooled: Vec<(u64, String)>,
    beaten: Instant,
}

impl Default for Seeking {
    fn default() -> Self {
        Seeking {
            ids: Vec::new(),
            pooled: Vec::new(),
            beaten: Instant::now(),
        }
    }
}

impl Seeking {
    /// Whether no seek of this connection is open.
    pub fn is_empty(&self) -> bool {
        self.ids.is_empty() && self.pooled.is_empty()
    }

    /// Notes a seek posted on this connection by `account`.
    pub fn add(&mut self, id: u64, account: &str) {
        self.ids.push((id, account.to_string()));
    }

    /// Notes a pool entry joined on this connection by `account`: the account's other entry
    /// is gone (one entry an account), and so are its open seeks.
    pub fn add_pooled(&mut self, id: u64, account: &str) {
        self.pooled.retain(|(_, a)| a != account);
        self.ids.retain(|(_, a)| a != account);
        self.pooled.push((id, account.to_string()));
    }

    /// Forgets a seek or pool entry withdrawn.
    pub fn remove(&mut self, id: u64) {
        self.ids.retain(|(i, _)| *i != id);
        self.pooled.retain(|(i, _)| *i != id);
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
        if matched.is_none() {
            matched = self.poll_pooled(store, beat).await;
        }
        matched
    }

    /// [`Seeking::poll`] for the pool entries: one paired is answered as [`Reply::Matched`].
    async fn poll_pooled<S: Store>(&mut self, store: &S, beat: bool) -> Option<Reply> {
        let mut matched = None;
        let mut keep = Vec::with_capacity(self.pooled.len());
        for (id, account) in std::mem::take(&mut self.pooled) {
            match store.entry(id as i64).await {
                Ok(EntryState::Paired(code, seat)) if matched.is_none() => {
                    matched = Some(Reply::Matched { id, code, seat })
                }
                Ok(EntryState::Paired(..)) => keep.push((id, account)),
                Ok(EntryState::Waiting) => {
                    if beat && let Err(e) = store.pool_alive(id as i64, now_secs()).await {
                        eprintln!("parlour-server: keeping pool entry {id} alive failed: {e}");
                    }
                    keep.push((id, account));
                }
                Ok(EntryState::Gone) => {}
                Err(e) => {
                    eprintln!("parlour-server: looking at pool entry {id} failed: {e}");
                    keep.push((id, account));
                }
            }
        }
        self.pooled = keep;
        matched
    }

    /// The connection is closing: its open seeks and pool entries are deleted.
    pub async fn close<S: Store>(&mut self, store: &S) {
        for (id, account) in self.ids.drain(..) {
            if let Err(e) = store.drop_seek(id as i64, &account).await {
                eprintln!("parlour-server: withdrawing seek {id} failed: {e}");
            }
        }
        for (id, account) in self.pooled.drain(..) {
            if let Err(e) = store.leave_pool(id as i64, &account).await {
                eprintln!("parlour-server: leaving pool entry {id} failed: {e}");
            }
        }
    }
}

//! Whether the store is refusing writes: what the log says of it (the first failure and the
//! first success after failures, not every refused write, which on a full disk would fill the
//! log too) and what `/health` says.

use std::time::{Duration, Instant};

use crate::store::StoreError;

/// How long a refused write keeps `/health` at 503 (a full disk refuses the larger writes
/// while smaller ones may still fit: a balancer should send players elsewhere meanwhile).
const REFUSALS_STAND: Duration = Duration::from_secs(5);

/// Whether the store is refusing writes now, and how many it has refused since it began.
#[derive(Default)]
pub struct Trouble {
    why: Option<String>,
    refused: u64,
    /// When a write was last refused, and what `/health` says of it.
    last: Option<(Instant, String)>,
}

impl Trouble {
    /// Notes how a write went.
    pub fn note<T>(&mut self, result: &Result<T, StoreError>) {
        match result {
            Err(e) => {
                self.refused += 1;
                self.last = Some((Instant::now(), format!("cannot store ({}): {e}", e.for_player())));
                let why = e.to_string();
                if self.why.as_deref() != Some(why.as_str()) {
                    eprintln!(
                        "parlour-server: cannot store ({}): {why}; writes are refused until the database can store again",
                        e.for_player()
                    );
                    self.why = Some(why);
                }
            }
            Ok(_) => {
                if self.why.take().is_some() {
                    eprintln!(
                        "parlour-server: storing again ({} writes were refused meanwhile)",
                        self.refused
                    );
                    self.refused = 0;
                }
            }
        }
    }

    /// Whether the last write failed.
    pub fn failing(&self) -> bool {
        self.why.is_some()
    }

    /// What `/health` says of a write refused within [`REFUSALS_STAND`].
    pub fn lately(&self) -> Option<String> {
        let (at, said) = self.last.as_ref()?;
        (at.elapsed() < REFUSALS_STAND).then(|| said.clone())
    }
}

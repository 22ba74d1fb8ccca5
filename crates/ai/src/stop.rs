//! The stop flag shared between a running search and whoever started it.
//!
//! One atomic byte carries two requests: *move now* (finish with the best move found so far)
//! and *cancel* (finish with no move). Searches read it every iteration or every few nodes, so
//! either request is honoured within microseconds of work.

use std::sync::Arc;
use std::sync::atomic::{AtomicU8, Ordering};

const RUN: u8 = 0;
const MOVE_NOW: u8 = 1;
const CANCEL: u8 = 2;

/// What a [`StopFlag`] currently asks of the search.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub enum StopRequest {
    /// Keep searching until the budget runs out.
    Run,
    /// Stop and return the best move found so far.
    MoveNow,
    /// Stop and return nothing.
    Cancel,
}

/// A cheap, cloneable flag: clones share the same request.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicU8>);

impl StopFlag {
    /// A fresh flag asking the search to run.
    pub fn new() -> Self {
        StopFlag::default()
    }

    /// Asks the search to stop and return its best move so far. A pending cancel stays a cancel.
    pub fn move_now(&self) {
        self.0.fetch_max(MOVE_NOW, Ordering::Relaxed);
    }

    /// Asks the search to stop and return no move.
    pub fn cancel(&self) {
        self.0.store(CANCEL, Ordering::Relaxed);
    }

    /// Clears any request, so the flag can drive another search.
    pub fn reset(&self) {
        self.0.store(RUN, Ordering::Relaxed);
    }

    /// The current request.
    pub fn request(&self) -> StopRequest {
        match self.0.load(Ordering::Relaxed) {
            RUN => StopRequest::Run,
            MOVE_NOW => StopRequest::MoveNow,
            _ => StopRequest::Cancel,
        }
    }

    /// True when the search should stop, for either reason.
    #[inline]
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed) != RUN
    }

    /// True when the search has been cancelled.
    #[inline]
    pub fn is_cancelled(&self) -> bool {
        self.0.load(Ordering::Relaxed) == CANCEL
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn clones_share_and_cancel_beats_move_now() {
        let a = StopFlag::new();
        let b = a.clone();
        assert_eq!(a.request(), StopRequest::Run);
        b.move_now();
        assert_eq!(a.request(), StopRequest::MoveNow);
        a.cancel();
        b.move_now();
        assert!(a.is_cancelled());
        a.reset();
        assert!(!b.is_set());
    }
}

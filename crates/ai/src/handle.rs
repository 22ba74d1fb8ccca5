//! Searching without blocking: a search on its own thread over a cloned position, polled for
//! its result, told to move now or cancelled. A thin shell over [`Searcher::search`], the same
//! core the Bevy client calls inside its task pool with a cloned [`StopFlag`].

use std::sync::mpsc::{self, Receiver, TryRecvError};
use std::thread::{self, JoinHandle};

use crate::config::SearchConfig;
use crate::knowledge::Knowledge;
use crate::result::SearchResult;
use crate::search::Searcher;
use crate::stop::StopFlag;

/// What a finished search thread hands back.
type Finished<G> = (Option<SearchResult<<G as parlour_rules::Game>::Move>>, Searcher<G>);

/// A search running on its own thread. Dropping the handle cancels the search.
pub struct SearchHandle<G: Knowledge> {
    stop: StopFlag,
    rx: Receiver<Finished<G>>,
    thread: Option<JoinHandle<()>>,
    result: Option<SearchResult<G::Move>>,
    searcher: Option<Searcher<G>>,
    finished: bool,
}

impl<G: Knowledge> SearchHandle<G> {
    /// Starts searching `state` (moved in: pass a clone) with a fresh [`Searcher`].
    pub fn start(state: G, cfg: SearchConfig) -> Self {
        Self::start_with(Searcher::new(cfg), state)
    }

    /// Starts searching `state` with `searcher`, which keeps what it learnt; get it back with
    /// [`SearchHandle::take_searcher`] once the search has finished.
    pub fn start_with(mut searcher: Searcher<G>, state: G) -> Self {
        let stop = StopFlag::new();
        let flag = stop.clone();
        let (tx, rx) = mpsc::channel();
        let thread = thread::Builder::new()
            .name("parlour-ai".into())
            .spawn(move || {
                let result = searcher.search(&state, &flag);
                // The receiver may be gone (handle dropped); nothing to do then.
                let _ = tx.send((result, searcher));
            })
            .ok();
        let finished = thread.is_none();
        SearchHandle {
            stop,
            rx,
            thread,
            result: None,
            searcher: None,
            finished,
        }
    }

    /// The flag this search obeys (clone it to stop the search from elsewhere).
    pub fn stop_flag(&self) -> &StopFlag {
        &self.stop
    }

    /// Asks the search to finish now with its best move so far.
    pub fn move_now(&self) {
        self.stop.move_now();
    }

    /// Non-blocking: the result once the search has finished (returned once; later polls give
    /// `None`). A cancelled search never gives a result.
    pub fn poll(&mut self) -> Option<SearchResult<G::Move>> {
        self.receive(false);
        self.result.take()
    }

    /// True once the search thread has finished (with a result, or cancelled).
    pub fn is_finished(&mut self) -> bool {
        self.receive(false);
        self.finished
    }

    /// Blocks until the search finishes and returns its result (`None` if cancelled).
    pub fn wait(mut self) -> Option<SearchResult<G::Move>> {
        self.receive(true);
        self.result.take()
    }

    /// Cancels the search and waits for its thread to stop (well under a tenth of a second);
    /// returns the searcher so that it can be used again.
    pub fn cancel(mut self) -> Option<Searcher<G>> {
        self.stop.cancel();
        self.receive(true);
        self.searcher.take()
    }

    /// The searcher back, once the search has finished (for tree reuse on the next move).
    pub fn take_searcher(&mut self) -> Option<Searcher<G>> {
        self.receive(false);
        self.searcher.take()
    }

    fn receive(&mut self, block: bool) {
        if self.finished {
            return;
        }
        let got = if block {
            self.rx.recv().ok()
        } else {
            match self.rx.try_recv() {
                Ok(v) => Some(v),
                Err(TryRecvError::Empty) => return,
                Err(TryRecvError::Disconnected) => None,
            }
        };
        self.finished = true;
        if let Some((result, searcher)) = got {
            self.result = result;
            self.searcher = Some(searcher);
        }
        if let Some(t) = self.thread.take() {
            // The thread has sent its last message, so this join is immediate.
            let _ = t.join();
        }
    }
}

impl<G: Knowledge> Drop for SearchHandle<G> {
    fn drop(&mut self) {
        if !self.finished {
            self.stop.cancel();
        }
    }
}

/// A hint for the side to move in `state`: the same search as a computer move, on its own
/// thread. Poll the handle; the hint is the result's `best` (and `pv` for a longer line).
pub fn hint<G: Knowledge>(state: &G, cfg: SearchConfig) -> SearchHandle<G> {
    SearchHandle::start(state.clone(), cfg)
}

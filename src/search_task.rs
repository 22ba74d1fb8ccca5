//! Where the computer thinks: each search (a computer turn or a hint) runs on a thread of its
//! own, named [`SEARCH_THREAD`], polled each frame; the frame never waits for it. In the browser,
//! which has no threads, a timed search runs in slices of [`SLICE_MS`] at each poll (one per
//! frame) over a searcher that keeps its tree between slices, until its time is spent.
//!
//! Why not Bevy's `AsyncComputeTaskPool` (as `STYLE.md` suggests): on a two-core machine the
//! search and the frame share the cores, and a search thread can be given a lower scheduling
//! priority (Linux `nice`) so that the frame's threads always win a core when they need one,
//! without lowering anything else that runs on the pool. A named thread is also what
//! `--measure` leaves out of the client's own CPU per frame. Threads of a parallel search
//! started from it inherit both the name and the priority.

use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use crate::games::Token;

/// The name of every search thread (and of the threads a parallel search starts from it).
pub const SEARCH_THREAD: &str = "parlour-ai";

/// How much lower than the frame's threads the search is scheduled (a `nice` increment).
/// At 10 a busy frame thread gets about ten times the share of a busy search thread.
#[cfg(not(target_arch = "wasm32"))]
const SEARCH_NICENESS: i32 = 10;

/// Search threads the client gives the computer (root-parallel MCTS) unless `--ai-threads`
/// says otherwise. One: measured in the README ("The client"), two search threads on two cores
/// leave the frame no core of its own.
pub const CLIENT_SEARCH_THREADS: u32 = 1;

/// A running search: its result arrives once, through a channel (behind a mutex only so that
/// the task can sit in a resource; polling takes `&mut self` and never locks).
/// What a search found: the move as the tokens a player would click, and for a hint, what a
/// proof search could say about the position ("You can force a win …").
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Answer {
    /// The move.
    pub tokens: Vec<Token>,
    /// A proven result, in a sentence, when one was looked for and found.
    pub proven: Option<String>,
}

impl Answer {
    /// A move with nothing proven.
    pub fn tokens(tokens: Vec<Token>) -> Answer {
        Answer { tokens, proven: None }
    }
}

/// In the browser: how long one frame's slice of a search runs.
pub const SLICE_MS: u64 = 10;

/// One step of a search in the browser: `None` while it goes on, then its answer.
#[cfg(target_arch = "wasm32")]
type Step = Box<dyn FnMut() -> Option<Option<Answer>> + Send>;

pub struct AiTask {
    rx: Mutex<Receiver<Option<Answer>>>,
    /// In the browser: the search's next slice (run at each poll; behind a mutex only so that
    /// the task can sit in a resource).
    #[cfg(target_arch = "wasm32")]
    step: Option<Mutex<Step>>,
}

impl AiTask {
    /// Runs `work` on a new search thread at lowered priority (in the browser: whole, at the
    /// next poll, on the page's one thread — for short work; searches go through [`search`]).
    pub fn spawn(work: impl FnOnce() -> Option<Answer> + Send + 'static) -> AiTask {
        #[cfg(target_arch = "wasm32")]
        {
            let mut work = Some(work);
            AiTask::stepped(move || Some(work.take().and_then(|w| w())))
        }
        #[cfg(not(target_arch = "wasm32"))]
        {
            let (tx, rx) = mpsc::channel();
            let spawned = std::thread::Builder::new().name(SEARCH_THREAD.into()).spawn(move || {
                lower_priority();
                // The receiver is gone when the search was cancelled: nothing to do then.
                let _ = tx.send(work());
            });
            if let Err(e) = spawned {
                bevy::log::error!("could not start the search thread: {e}");
            }
            AiTask { rx: Mutex::new(rx) }
        }
    }

    /// A task whose `step` runs once per poll until it answers.
    #[cfg(target_arch = "wasm32")]
    fn stepped(step: impl FnMut() -> Option<Option<Answer>> + Send + 'static) -> AiTask {
        let (_tx, rx) = mpsc::channel();
        AiTask {
            rx: Mutex::new(rx),
            step: Some(Mutex::new(Box::new(step))),
        }
    }

    /// `None` while the search runs; then its move (`Some(None)` if it found none, or its
    /// thread could not start or failed).
    pub fn poll(&mut self) -> Option<Option<Answer>> {
        #[cfg(target_arch = "wasm32")]
        if let Some(step) = self.step.as_mut() {
            let answer = match step.get_mut() {
                Ok(step) => step(),
                Err(_) => Some(None),
            };
            if answer.is_some() {
                self.step = None;
            }
            return answer;
        }
        let Ok(rx) = self.rx.get_mut() else { return Some(None) };
        match rx.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(None),
        }
    }
}

/// Searches `state` with `cfg` (cancelled or cut short through `stop`) and hands the result to
/// `finish` for the answer. On the desktop: on a search thread. In the browser: a search with
/// only a time budget runs in slices of [`SLICE_MS`], one per poll, keeping its tree (or its
/// transposition table) between slices, until the budget is spent or "move now" is asked; a
/// search bounded by iterations or depth (the weaker levels: small) runs whole.
pub fn search<G>(
    state: G,
    cfg: parlour_ai::SearchConfig,
    stop: parlour_ai::StopFlag,
    finish: impl FnOnce(&G, parlour_ai::SearchResult<G::Move>, &parlour_ai::StopFlag) -> Option<Answer> + Send + 'static,
) -> AiTask
where
    G: parlour_ai::Knowledge + Send + 'static,
{
    #[cfg(not(target_arch = "wasm32"))]
    {
        AiTask::spawn(move || {
            let result = parlour_ai::search(&state, &cfg, &stop)?;
            finish(&state, result, &stop)
        })
    }
    #[cfg(target_arch = "wasm32")]
    {
        let timed_only = cfg.budget.iterations.is_none() && cfg.budget.depth.is_none();
        let Some(total) = cfg.budget.millis.filter(|_| timed_only) else {
            return AiTask::spawn(move || {
                let result = parlour_ai::search(&state, &cfg, &stop)?;
                finish(&state, result, &stop)
            });
        };
        let mut sliced = cfg;
        sliced.budget.millis = Some(SLICE_MS);
        if let parlour_ai::Algorithm::Mcts(p) = &mut sliced.algorithm {
            p.reuse_tree = true;
            p.threads = 1;
        }
        let mut searcher = parlour_ai::Searcher::new(sliced);
        let start = crate::platform::Instant::now();
        let mut best = None;
        let mut finish = Some(finish);
        AiTask::stepped(move || {
            if stop.is_cancelled() {
                return Some(None);
            }
            // Each slice answers for itself; a "move now" ends the search at the slice's end.
            let asked_now = stop.is_set();
            stop.reset();
            let result = searcher.search(&state, &stop);
            let proven = result.as_ref().is_some_and(|r| r.proven);
            if result.is_some() {
                best = result;
            }
            let spent = start.elapsed().as_millis() as u64 >= total;
            if !(asked_now || spent || proven) {
                return None;
            }
            let answer = best
                .take()
                .and_then(|r| finish.take().and_then(|f| f(&state, r, &stop)));
            Some(answer)
        })
    }
}

/// Lowers the calling thread's scheduling priority (Linux sets `nice` per thread).
#[cfg(not(target_arch = "wasm32"))]
fn lower_priority() {
    #[cfg(target_os = "linux")]
    // SAFETY: setpriority with `who = 0` changes only the calling thread's niceness; it reads
    // and writes no memory of ours.
    unsafe {
        libc::setpriority(libc::PRIO_PROCESS, 0, SEARCH_NICENESS);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn wait(task: &mut AiTask) -> Option<Answer> {
        loop {
            if let Some(r) = task.poll() {
                return r;
            }
            std::thread::sleep(std::time::Duration::from_millis(1));
        }
    }

    #[test]
    fn a_result_arrives_once_from_a_named_lowered_thread() {
        let mut task = AiTask::spawn(|| {
            let name = std::thread::current().name().map(str::to_string);
            assert_eq!(name.as_deref(), Some(SEARCH_THREAD));
            #[cfg(target_os = "linux")]
            {
                // SAFETY: getpriority reads the calling thread's niceness only.
                let nice = unsafe { libc::getpriority(libc::PRIO_PROCESS, 0) };
                assert!(nice >= SEARCH_NICENESS.min(19), "niceness {nice}");
            }
            Some(Answer::default())
        });
        assert_eq!(wait(&mut task), Some(Answer::default()));
    }

    #[test]
    fn a_failed_search_gives_no_move_rather_than_waiting_forever() {
        let mut task = AiTask::spawn(|| panic!("search failed"));
        assert_eq!(wait(&mut task), None);
    }
}

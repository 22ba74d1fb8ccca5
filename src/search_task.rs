//! Where the computer thinks: each search (a computer turn or a hint) runs on a thread of its
//! own, named [`SEARCH_THREAD`], polled each frame; the frame never waits for it.
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

pub struct AiTask {
    rx: Mutex<Receiver<Option<Answer>>>,
}

impl AiTask {
    /// Runs `work` on a new search thread at lowered priority.
    pub fn spawn(work: impl FnOnce() -> Option<Answer> + Send + 'static) -> AiTask {
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

    /// `None` while the search runs; then its move (`Some(None)` if it found none, or its
    /// thread could not start or failed).
    pub fn poll(&mut self) -> Option<Option<Answer>> {
        let Ok(rx) = self.rx.get_mut() else { return Some(None) };
        match rx.try_recv() {
            Ok(result) => Some(result),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(None),
        }
    }
}

/// Lowers the calling thread's scheduling priority (Linux sets `nice` per thread).
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

//! The review's analysis on a search thread: [`parlour_ai::analysis`] over a match's whole
//! record, each ply sent to the frame as soon as it is done, so the graph and the marks fill in
//! while the rest is analysed. Cancelled through its stop flag (and when the task is dropped).
//! Not in the browser yet: there the search worker would have to run it.

use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use parlour_ai::StopFlag;
use parlour_ai::analysis::PlyAnalysis;

/// How long the review searches each position: the engine's `analyse` default (a 60-ply game
/// in under a minute on two cores).
pub const REVIEW_MS: u64 = 800;

/// A running analysis.
pub struct AnalysisTask {
    rx: Mutex<Receiver<PlyAnalysis>>,
    stop: StopFlag,
    /// Plies to analyse.
    pub total: usize,
}

impl AnalysisTask {
    /// Moves the plies done since the last poll into `into`; true once nothing more will come.
    pub fn poll(&mut self, into: &mut Vec<PlyAnalysis>) -> bool {
        let Ok(rx) = self.rx.get_mut() else { return true };
        loop {
            match rx.try_recv() {
                Ok(p) => into.push(p),
                Err(TryRecvError::Empty) => return into.len() >= self.total,
                Err(TryRecvError::Disconnected) => return true,
            }
        }
    }
}

impl Drop for AnalysisTask {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

/// True where the review can run its analysis (not in the browser yet).
pub const AVAILABLE: bool = cfg!(not(target_arch = "wasm32"));

/// Starts analysing `moves` from `start` at [`REVIEW_MS`] a position on a search thread.
pub fn spawn_analysis<G: parlour_ai::Knowledge + Send + 'static>(start: G, moves: Vec<G::Move>) -> AnalysisTask
where
    G::Move: Send,
{
    let (tx, rx) = mpsc::channel();
    let stop = StopFlag::new();
    let total = moves.len();
    let flag = stop.clone();
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = super::search::AiTask::spawn(move || {
            let budget = parlour_ai::Budget::millis(REVIEW_MS);
            parlour_ai::analysis::analyse(&start, &moves, budget, 0, &flag, |p| {
                let _ = tx.send(p.clone());
            });
            None
        });
    }
    #[cfg(target_arch = "wasm32")]
    drop((start, moves, flag, tx));
    AnalysisTask {
        rx: Mutex::new(rx),
        stop,
        total,
    }
}

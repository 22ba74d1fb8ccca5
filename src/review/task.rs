//! A running analysis: a match's record ([`AnalysisJob`], made by the game) analysed on a search
//! thread, each ply sent to the frame as soon as it is done, so the review's graph and marks
//! fill in while the rest is analysed. Cancelled through its stop flag (and when the task is
//! dropped). In the browser the search worker runs it and sends each ply as it is done. What
//! the review keeps of it is [`super::analysis::ReviewAnalysis`].

use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use bevy::prelude::*;
use parlour_ai::StopFlag;
use parlour_ai::analysis::PlyAnalysis;

use crate::games::analysis::AnalysisJob;
#[cfg(not(target_arch = "wasm32"))]
use crate::games::search::AiTask;
#[cfg(target_arch = "wasm32")]
use crate::games::search::page_worker;

/// A running analysis.
pub struct AnalysisTask {
    rx: Mutex<Receiver<PlyAnalysis>>,
    stop: StopFlag,
    /// Plies of the whole record (those analysed before this task included).
    pub total: usize,
    /// In the browser: the search worker's request, and the plies before this task's.
    #[cfg(target_arch = "wasm32")]
    worker: Option<(u64, usize)>,
    /// Why the analysis stopped short, once it has (the worker failed, or refused the record).
    pub failed: Option<String>,
}

impl AnalysisTask {
    /// Moves the plies done since the last poll onto the end of `into` (which holds the plies
    /// before this task's); true once nothing more will come.
    pub fn poll(&mut self, into: &mut Vec<PlyAnalysis>) -> bool {
        #[cfg(target_arch = "wasm32")]
        if let Some((id, before)) = self.worker {
            for text in page_worker::take_plies(id) {
                match parlour_worker::read_ply(&text) {
                    Ok(mut p) => {
                        p.ply += before as u32;
                        into.push(p);
                    }
                    Err(e) => self.failed = Some(e.0),
                }
            }
            // Done at the worker's end message (which follows the last ply), not at the last
            // ply: a task dropped while its request is pending stops the worker.
            let Some(end) = page_worker::take(id) else {
                return self.failed.is_some();
            };
            self.worker = None;
            if let Err(e) = end.and_then(|text| parlour_worker::read_analysis_end(&text).map_err(String::from)) {
                self.failed = Some(e);
            }
            return true;
        }
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
        // In the browser a cancelled analysis stops the worker (a fresh one takes the next
        // search): it cannot be interrupted mid-search.
        #[cfg(target_arch = "wasm32")]
        if let Some((id, _)) = self.worker {
            page_worker::abandon(id);
        }
    }
}

/// Starts `job` on a search thread (in the browser: in the search worker,
/// `parlour_worker::answer_analysis`).
pub fn spawn(job: AnalysisJob) -> AnalysisTask {
    let (tx, rx) = mpsc::channel();
    let stop = StopFlag::new();
    let total = job.total;
    #[cfg(not(target_arch = "wasm32"))]
    {
        let flag = stop.clone();
        let run = job.run;
        let _ = AiTask::spawn(move || {
            run(&flag, &mut |p| {
                let _ = tx.send(p);
            });
            None
        });
        AnalysisTask {
            rx: Mutex::new(rx),
            stop,
            total,
            failed: None,
        }
    }
    #[cfg(target_arch = "wasm32")]
    {
        drop(tx);
        // On the page's one thread an analysis would hold every frame for its whole budget:
        // without the worker there is none.
        let id = page_worker::post_analysis(job.request);
        AnalysisTask {
            rx: Mutex::new(rx),
            stop,
            total,
            worker: id.map(|id| (id, job.before)),
            failed: id
                .is_none()
                .then(|| "The search worker, which runs the analysis in the browser, could not start.".to_string()),
        }
    }
}

//! The review's analysis on a search thread: [`parlour_ai::analysis`] over a match's whole
//! record, each ply sent to the frame as soon as it is done, so the graph and the marks fill in
//! while the rest is analysed. Cancelled through its stop flag (and when the task is dropped).
//! In the browser the search worker runs it and sends each ply as it is done. [`ReviewAnalysis`]
//! holds what was found for the match's record (and what a save keeps of it).

use std::collections::BTreeSet;
use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use bevy::prelude::*;
use parlour_ai::StopFlag;
use parlour_ai::analysis::{Mark, PlyAnalysis};

/// The review's analysis: the plies done so far for the record it was asked about.
#[derive(Resource, Default)]
pub struct ReviewAnalysis {
    /// The record (every move's notation) the plies are about.
    pub record: Vec<String>,
    /// The plies analysed, in order.
    pub plies: Vec<PlyAnalysis>,
    pub task: Option<AnalysisTask>,
    /// Set by the result card's "Review": start as soon as the review opens.
    pub requested: bool,
    /// Set by `--show lesson`: once analysed, learn from the mistakes of the first side with any.
    pub then_lesson: bool,
    /// The verdicts are hidden ("no spoilers", from the settings).
    pub hide: bool,
    /// Plies whose verdict the player asked to see while the verdicts are hidden.
    pub revealed: BTreeSet<usize>,
    /// Why the last analysis stopped short (in the browser: the worker failed), for the window.
    pub failed: Option<String>,
}

impl ReviewAnalysis {
    /// True while asked for or running (a screenshot waits for it).
    pub fn busy(&self) -> bool {
        self.requested || self.task.is_some() || self.then_lesson
    }

    /// True when ply `ply`'s verdict may be shown.
    pub fn shown(&self, ply: usize) -> bool {
        !self.hide || self.revealed.contains(&ply)
    }

    /// The analysis of ply `ply` (from 1), once done and not hidden.
    pub fn ply(&self, ply: usize) -> Option<&PlyAnalysis> {
        self.plies.get(ply.checked_sub(1)?).filter(|_| self.shown(ply))
    }

    /// The mark of ply `ply` (from 1), once analysed (and not hidden).
    pub fn mark(&self, ply: usize) -> Option<Mark> {
        self.ply(ply).map(|p| p.mark)
    }

    /// The plies marked mistake or blunder (none while the verdicts are hidden).
    pub fn mistakes(&self) -> Vec<usize> {
        if self.hide {
            return Vec::new();
        }
        self.plies
            .iter()
            .filter(|p| p.mark >= Mark::Mistake)
            .map(|p| p.ply as usize)
            .collect()
    }

    /// Keeps the analysis for the match's record (`record`, read only when `changed`: a move,
    /// an undo, a step of the replay), and takes in what the search thread found.
    pub fn follow(&mut self, record: impl FnOnce() -> Vec<String>, changed: bool) {
        if changed {
            let rec = record();
            if self.record != rec {
                // Another game, or moves since: what was analysed is about something else.
                self.task = None;
                self.plies.clear();
                self.revealed.clear();
                self.failed = None;
                self.record = rec;
            }
        }
        if let Some(task) = self.task.as_mut()
            && task.poll(&mut self.plies)
        {
            // (An analysis that ran to its end clears an earlier one's failure.)
            self.failed = task.failed.take();
            if let Some(why) = &self.failed {
                bevy::log::warn!("the review's analysis stopped: {why}");
            }
            self.task = None;
        }
    }

    /// The plies a save of the moves `moves` keeps: those about its moves (none when the
    /// analysis is about another record).
    pub fn for_save(&self, moves: &[String]) -> Vec<PlyAnalysis> {
        if !self.record.starts_with(moves) {
            return Vec::new();
        }
        self.plies.iter().take(moves.len()).cloned().collect()
    }

    /// Takes a loaded save's analysis as this record's (a review then reopens at once).
    pub fn adopt(&mut self, moves: &[String], plies: Vec<PlyAnalysis>) {
        self.task = None;
        self.revealed.clear();
        self.record = moves.to_vec();
        self.plies = plies;
    }
}

/// How long the review searches each position: the engine's `analyse` default (a 60-ply game
/// in under a minute on two cores).
pub const REVIEW_MS: u64 = 800;

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
            use super::search::page_worker;
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
            super::search::page_worker::abandon(id);
        }
    }
}

/// Starts analysing `moves` from `start` at [`REVIEW_MS`] a position on a search thread (in the
/// browser: in the search worker, `parlour_worker::answer_analysis`); the plies are numbered on
/// from `before` (the moves played before `start`, where an analysis that was cancelled goes on).
pub fn spawn_analysis<G: parlour_ai::Knowledge + Send + 'static>(
    start: G,
    moves: Vec<G::Move>,
    before: usize,
) -> AnalysisTask
where
    G::Move: Send,
{
    let (tx, rx) = mpsc::channel();
    let stop = StopFlag::new();
    let total = before + moves.len();
    let flag = stop.clone();
    #[cfg(not(target_arch = "wasm32"))]
    {
        let _ = super::search::AiTask::spawn(move || {
            let budget = parlour_ai::Budget::millis(REVIEW_MS);
            parlour_ai::analysis::analyse(&start, &moves, budget, 0, &flag, |p| {
                let mut p = p.clone();
                p.ply += before as u32;
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
        drop((flag, tx));
        // On the page's one thread an analysis would hold every frame for its whole budget:
        // without the worker there is none.
        let id = super::search::page_worker::post_analysis(parlour_worker::analysis_request(&start, &moves, REVIEW_MS));
        AnalysisTask {
            rx: Mutex::new(rx),
            stop,
            total,
            worker: id.map(|id| (id, before)),
            failed: id
                .is_none()
                .then(|| "The search worker, which runs the analysis in the browser, could not start.".to_string()),
        }
    }
}

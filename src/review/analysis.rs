//! What the review found: [`ReviewAnalysis`], the analysis of the match's record (the plies
//! done so far, the task still running, what a save keeps of it), and the review's own budget.
//! The task runs on a search thread ([`super::task`]); this is what the review keeps of it.

use std::collections::BTreeSet;

use bevy::prelude::*;
use parlour_ai::analysis::{Mark, PlyAnalysis};
use parlour_rules::Player;

use super::lesson::{Answers, Exercise};
use super::task::AnalysisTask;

/// How long the review searches each position: the engine's `analyse` default (a 60-ply game
/// in under a minute on two cores).
pub const REVIEW_MS: u64 = 800;

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

    /// The reviewed match as a source of exercises: `side`'s mistakes and blunders, each the
    /// position before it, any move near the computer's best counting as right, judged at the
    /// review's budget, with the computer's line to show after the verdict.
    pub fn exercises(&self, side: Player) -> Vec<Exercise> {
        self.plies
            .iter()
            .filter(|p| p.mover == side && p.mark >= Mark::Mistake && !p.best_line.is_empty())
            .map(|p| Exercise {
                ply: p.ply as usize,
                side,
                answers: Answers::NearBest,
                budget_ms: REVIEW_MS,
                line: p.best_line.clone(),
            })
            .collect()
    }
}

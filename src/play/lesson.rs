//! "Learn from your mistakes" (issue 47 item 4): after a review, one side's mistakes and
//! blunders one by one — the position before each set up, the player asked for a better move
//! (both seats people, `ReviewAction::Try`), the move tried judged by the same analysis as the
//! review (one ply at the review's budget: accepted when it is `best` or `good`, that is within
//! the inaccuracy threshold, proofs deciding where the position is proven), and then the
//! computer's line shown, whatever the verdict, or another try, or the next mistake.

use bevy::prelude::*;
use parlour_ai::analysis::{Mark, PlyAnalysis};
use parlour_rules::Player;

use crate::games::review::AnalysisTask;
use crate::play::board::{AnimQueue, Match, Resolution};
use crate::play::messages::GameCommand;
use crate::play::off_record::{OffRecord, ReviewAction};
use crate::state::Phase;

/// What the lesson's window asks.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum LessonAction {
    /// Go through `side`'s mistakes: each ply with the computer's line from before it.
    Start {
        side: Player,
        items: Vec<(usize, Vec<String>)>,
    },
    /// Try the same mistake again.
    Again,
    /// The computer's line from before the mistake (the review comes back after it).
    ShowLine,
    /// On to the next mistake (the end after the last).
    Next,
    /// Back to the review.
    End,
}

/// The lesson in progress.
#[derive(Resource, Default)]
pub struct Lesson {
    /// The side whose mistakes are gone through, while a lesson runs.
    pub side: Option<Player>,
    /// Its mistakes: the ply and the computer's line from the position before it.
    pub items: Vec<(usize, Vec<String>)>,
    /// The one being tried (an index into `items`).
    pub at: usize,
    judge: Option<AnalysisTask>,
    judged: Vec<PlyAnalysis>,
    /// What the analysis says of the move tried, once judged.
    pub verdict: Option<PlyAnalysis>,
}

impl Lesson {
    /// True while a lesson runs.
    pub fn active(&self) -> bool {
        self.side.is_some()
    }

    /// True while the move tried is being judged.
    pub fn judging(&self) -> bool {
        self.judge.is_some()
    }

    /// The mistake being tried: its ply and the computer's line.
    pub fn current(&self) -> Option<&(usize, Vec<String>)> {
        self.items.get(self.at)
    }

    /// Whether the move tried is good enough, once judged: within the inaccuracy threshold
    /// (`best` or `good`; a proven result already decided the mark).
    pub fn accepted(&self) -> Option<bool> {
        self.verdict.as_ref().map(|v| v.mark <= Mark::Good)
    }

    fn try_current(&mut self, actions: &mut MessageWriter<ReviewAction>) {
        self.judge = None;
        self.judged.clear();
        self.verdict = None;
        if let Some((ply, _)) = self.current() {
            actions.write(ReviewAction::Try { ply: *ply });
        }
    }
}

/// Reads the lesson's requests, judges the move tried once it is on the board, and takes in
/// the verdict.
pub(crate) fn lesson(
    mut asked: MessageReader<LessonAction>,
    mut lesson: ResMut<Lesson>,
    off: Res<OffRecord>,
    m: Res<Match>,
    (res, queue, phase): (Res<Resolution>, Res<AnimQueue>, Res<State<Phase>>),
    mut actions: MessageWriter<ReviewAction>,
    mut cmds: MessageWriter<GameCommand>,
) {
    // A request this frame changes the table only when `off_record` reads it (after this):
    // nothing on the table now is judged until then.
    let mut acted = false;
    for a in asked.read() {
        acted = true;
        match a {
            LessonAction::Start { side, items } => {
                if off.active() || items.is_empty() {
                    continue;
                }
                *lesson = Lesson {
                    side: Some(*side),
                    items: items.clone(),
                    ..Lesson::default()
                };
                lesson.try_current(&mut actions);
            }
            LessonAction::Again => {
                actions.write(ReviewAction::Return);
                lesson.try_current(&mut actions);
            }
            LessonAction::ShowLine => {
                actions.write(ReviewAction::Return);
                if let Some((ply, line)) = lesson.current().cloned() {
                    actions.write(ReviewAction::ShowLine { ply, line });
                }
            }
            LessonAction::Next => {
                actions.write(ReviewAction::Return);
                lesson.at += 1;
                if lesson.current().is_some() {
                    lesson.try_current(&mut actions);
                } else {
                    *lesson = Lesson::default();
                }
            }
            LessonAction::End => {
                actions.write(ReviewAction::Return);
                *lesson = Lesson::default();
            }
        }
    }
    let Some(&(ply, _)) = lesson.current() else { return };
    // The move tried is on the board: stop the table and ask the analysis.
    if !acted
        && lesson.active()
        && off.trying()
        && lesson.judge.is_none()
        && lesson.verdict.is_none()
        && m.0.plies() == ply
        && !res.active
        && queue.idle()
    {
        cmds.write(GameCommand::Review(true));
        lesson.judge = Some(m.0.spawn_analysis(ply - 1));
    }
    // The verdict is taken in only once the table stands still for it: a quick analysis (a
    // solved board answers at once) must not show a verdict while the move tried could still
    // be answered.
    let lesson = &mut *lesson;
    if *phase.get() == Phase::Reviewing
        && let Some(task) = lesson.judge.as_mut()
        && task.poll(&mut lesson.judged)
    {
        lesson.judge = None;
        lesson.verdict = lesson.judged.pop();
    }
}

/// The line, the branch and a lesson are forgotten when another match starts (a new one, a
/// loaded save, a pasted list), unless the table opens to go back to the review.
pub(crate) fn forget(mut off: ResMut<OffRecord>, mut lesson: ResMut<Lesson>) {
    if std::mem::take(&mut off.going_back) {
        return;
    }
    *off = OffRecord::default();
    *lesson = Lesson::default();
}

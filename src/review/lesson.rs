//! A player of exercises, and "Learn from your mistakes" (issue 47 item 4) played on it. An
//! [`Exercise`] is a position, the side to move there, the moves that count as right and a
//! judging budget; the [`Lesson`] goes through a list of them one by one — the position set up,
//! the player asked for a move (both seats people, `ReviewAction::Try`), the move tried judged
//! by the analysis (one ply at the exercise's budget; proofs deciding where the position is
//! proven), and then the computer's line shown, whatever the verdict, or another try, or the
//! next exercise. The reviewed match is one source of exercises (its mistakes and blunders,
//! `ReviewAnalysis::exercises`); a puzzle screen would be another.

use bevy::prelude::*;
use parlour_ai::analysis::{Mark, PlyAnalysis};
use parlour_rules::Player;

use super::branch::ReviewAction;
use super::task::{self, AnalysisTask};
use crate::play::board::{AnimQueue, Match, OffRecord, Resolution};
use crate::play::messages::GameCommand;
use crate::state::Phase;

/// One exercise: a position, the side to move there, the moves that count as right, and how
/// long the judge looks at the move tried.
#[derive(Clone, Debug, PartialEq)]
pub struct Exercise {
    /// The position: the one before move `ply` (from 1) of the match's record.
    pub ply: usize,
    /// The side to move there, whom the player plays.
    pub side: Player,
    /// The moves that count as right.
    pub answers: Answers,
    /// How long the judge searches the position, in milliseconds.
    pub budget_ms: u64,
    /// The computer's line from the position (notation), shown after the verdict.
    pub line: Vec<String>,
}

/// The moves that count as right in an exercise.
#[derive(Clone, Debug, PartialEq)]
pub enum Answers {
    /// Any move the judge marks `best` or `good`, that is within the inaccuracy threshold of
    /// its best (a proven result already decided the mark).
    NearBest,
    /// Only these moves (notation); the judge's verdict still says what the move tried is.
    Moves(Vec<String>),
}

impl Answers {
    /// Whether `verdict`, the judge's analysis of the move tried, is a right answer.
    pub fn accepts(&self, verdict: &PlyAnalysis) -> bool {
        match self {
            Answers::NearBest => verdict.mark <= Mark::Good,
            Answers::Moves(moves) => moves.contains(&verdict.played),
        }
    }
}

/// What the lesson's window asks.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum LessonAction {
    /// Go through these exercises, in order.
    Start(Vec<Exercise>),
    /// Try the same mistake again.
    Again,
    /// The computer's line from before the mistake (the review comes back after it).
    ShowLine,
    /// On to the next mistake (the end after the last).
    Next,
    /// Back to the review.
    End,
}

/// The lesson in progress: a list of exercises, played one by one.
#[derive(Resource, Default)]
pub struct Lesson {
    /// The exercises (none while no lesson runs).
    pub exercises: Vec<Exercise>,
    /// The one being tried (an index into `exercises`).
    pub at: usize,
    judge: Option<AnalysisTask>,
    judged: Vec<PlyAnalysis>,
    /// What the analysis says of the move tried, once judged.
    pub verdict: Option<PlyAnalysis>,
}

impl Lesson {
    /// True while a lesson runs.
    pub fn active(&self) -> bool {
        !self.exercises.is_empty()
    }

    /// True while the move tried is being judged.
    pub fn judging(&self) -> bool {
        self.judge.is_some()
    }

    /// The exercise being tried.
    pub fn current(&self) -> Option<&Exercise> {
        self.exercises.get(self.at)
    }

    /// Whether the move tried is a right answer, once judged (see [`Answers`]).
    pub fn accepted(&self) -> Option<bool> {
        let answers = &self.current()?.answers;
        self.verdict.as_ref().map(|v| answers.accepts(v))
    }

    fn try_current(&mut self, actions: &mut MessageWriter<ReviewAction>) {
        self.judge = None;
        self.judged.clear();
        self.verdict = None;
        if let Some(e) = self.current() {
            actions.write(ReviewAction::Try { ply: e.ply });
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
            LessonAction::Start(exercises) => {
                if off.active() || exercises.is_empty() {
                    continue;
                }
                *lesson = Lesson {
                    exercises: exercises.clone(),
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
                if let Some(e) = lesson.current() {
                    actions.write(ReviewAction::ShowLine {
                        ply: e.ply,
                        line: e.line.clone(),
                    });
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
    let Some((ply, budget)) = lesson.current().map(|e| (e.ply, e.budget_ms)) else {
        return;
    };
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
        lesson.judge = Some(task::spawn(m.0.analysis_job(ply - 1, budget)));
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

//! The review's two ways off the record (issue 47): "Show the best line" plays the computer's
//! line from the position before the chosen move, with every animation, and then puts the game
//! back as it was; "Play from here" branches off at the position shown — the person to move
//! against a level or another person at this computer — and "Back to the review" returns to the
//! reviewed game, its seats and its analysis as they were. A try (an exercise of `lesson`) is a
//! branch of one move from an exercise's position. The reviewed match kept aside meanwhile is
//! `play::board::OffRecord`, a match resource the rule systems read too.

use std::collections::VecDeque;

use bevy::prelude::*;
use parlour_ai::Level;

use crate::games::build::Setup;
use crate::play::board::{AnimQueue, Match, OffRecord, Resigned, Resolution, Selection, TableDirty};
use crate::play::input::start_resolving;
use crate::play::start::decide;
use crate::state::{Phase, Remote, Review};

/// What the review asks of the match.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum ReviewAction {
    /// Play `line` (notation) from the position before move `ply` (from 1), then come back.
    ShowLine { ply: usize, line: Vec<String> },
    /// Stop the line being shown (after the move on the table) and come back.
    StopLine,
    /// Play on from the position shown: the person to move against `against` (`None`: two
    /// people at this computer).
    Branch { against: Option<Level> },
    /// The person to move at move `ply` (from 1) tries another move there (learning from a
    /// mistake): the position before it, both seats people, until [`ReviewAction::Return`].
    Try { ply: usize },
    /// Back to the reviewed game (from the result card of a branch too: it opens the table
    /// with the match kept, and this is read there).
    Return,
}

/// The pause before each move of a line, and after its last before the game comes back.
const LINE_PAUSE: f32 = 0.6;

/// Reads the review's requests and plays a line's moves one by one.
pub(crate) fn off_record(
    mut actions: MessageReader<ReviewAction>,
    mut off: ResMut<OffRecord>,
    mut m: ResMut<Match>,
    mut setup: ResMut<Setup>,
    (mut review, remote): (ResMut<Review>, Res<Remote>),
    (mut sel, mut res, mut dirty, mut resigned): (
        ResMut<Selection>,
        ResMut<Resolution>,
        ResMut<TableDirty>,
        ResMut<Resigned>,
    ),
    (queue, time): (Res<AnimQueue>, Res<Time>),
    mut next_phase: ResMut<NextState<Phase>>,
) {
    for action in actions.read() {
        match action {
            ReviewAction::ShowLine { ply, line } => {
                if res.active || off.active() || *ply == 0 || *ply > m.0.plies() {
                    continue;
                }
                off.kept = Some(m.0.boxed_clone());
                off.seats = setup.seats;
                off.from = ply - 1;
                m.0.go_to(off.from);
                off.line = Some(line.iter().cloned().collect());
                off.wait = LINE_PAUSE;
                *sel = Selection::default();
                dirty.0 = true;
            }
            ReviewAction::StopLine => {
                if let Some(line) = off.line.as_mut() {
                    line.clear();
                    off.wait = 0.0;
                }
            }
            ReviewAction::Branch { against } => {
                if res.active || off.active() || remote.any() || m.0.status().is_over() {
                    continue;
                }
                off.kept = Some(m.0.boxed_clone());
                off.seats = setup.seats;
                off.from = m.0.plies();
                m.0.drop_future();
                let mover = m.0.seat_to_move();
                setup.seats[mover.index()] = None;
                setup.seats[mover.other().index()] = *against;
                review.0 = false;
                *sel = Selection::default();
                dirty.0 = true;
                resigned.0 = None;
                next_phase.set(decide(m.0.as_ref(), &setup, &remote, false));
            }
            ReviewAction::Try { ply } => {
                if res.active || off.active() || remote.any() || *ply == 0 || *ply > m.0.plies() + m.0.redo_len() {
                    continue;
                }
                // The reviewed game is kept at the move tried, so it comes back showing it.
                m.0.go_to(*ply);
                off.kept = Some(m.0.boxed_clone());
                off.seats = setup.seats;
                off.from = ply - 1;
                off.trying = true;
                m.0.go_to(off.from);
                m.0.drop_future();
                setup.seats = [None, None];
                review.0 = false;
                *sel = Selection::default();
                dirty.0 = true;
                resigned.0 = None;
                next_phase.set(decide(m.0.as_ref(), &setup, &remote, false));
            }
            ReviewAction::Return => {
                if off.line.is_some() || res.active {
                    continue;
                }
                let Some(kept) = off.kept.take() else { continue };
                m.0 = kept;
                off.trying = false;
                setup.seats = off.seats;
                review.0 = true;
                *sel = Selection::default();
                dirty.0 = true;
                resigned.0 = None;
                next_phase.set(Phase::Reviewing);
            }
        }
    }
    play_line(
        &mut off,
        &mut m,
        &mut sel,
        &mut res,
        &mut dirty,
        &queue,
        &time,
        &mut next_phase,
    );
}

/// The line's next move once the table is still, and the game put back after the last.
#[allow(clippy::too_many_arguments)]
fn play_line(
    off: &mut OffRecord,
    m: &mut Match,
    sel: &mut Selection,
    res: &mut Resolution,
    dirty: &mut TableDirty,
    queue: &AnimQueue,
    time: &Time,
    next_phase: &mut NextState<Phase>,
) {
    if off.line.is_none() || res.active || !queue.idle() {
        return;
    }
    off.wait -= time.delta_secs();
    if off.wait > 0.0 {
        return;
    }
    off.wait = LINE_PAUSE;
    let next = off.line.as_mut().and_then(VecDeque::pop_front);
    if let Some(text) = next {
        match m.0.parse(&text) {
            Ok(tokens) if m.0.begin(&tokens) => start_resolving(sel, res, next_phase),
            // Not a move here (it cannot happen with the analysis's own line): stop.
            _ => off.line = Some(VecDeque::new()),
        }
        return;
    }
    if let Some(kept) = off.kept.take() {
        m.0 = kept;
    }
    off.line = None;
    *sel = Selection::default();
    dirty.0 = true;
    next_phase.set(Phase::Reviewing);
}

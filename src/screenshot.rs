//! `--screenshot PATH`: once render pipelines are compiled (a number of frames) and every
//! animation has played, save the window as a PNG and exit.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::cli::Args;
use crate::play::board::AnimQueue;
use crate::play::board::OffRecord;
use crate::play::board::Resolution;
use crate::review::analysis::ReviewAnalysis;
use crate::review::lesson::Lesson;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, take_screenshot);
}

#[derive(Default)]
struct Progress {
    frames: u32,
    requested: bool,
}

fn take_screenshot(
    mut commands: Commands,
    args: Res<Args>,
    queue: Res<AnimQueue>,
    res: Res<Resolution>,
    mut progress: Local<Progress>,
    analysis: Res<ReviewAnalysis>,
    (lesson, off, own): (Res<Lesson>, Res<OffRecord>, Res<crate::puzzles::own::OwnPuzzles>),
    mut asking: Local<u32>,
) {
    let Some(path) = args.screenshot.clone() else { return };
    progress.frames += 1;
    let settled = queue.idle() && !res.active;
    // Never wait for ever: a game that keeps animating is shot after four times the frames.
    if progress.requested || progress.frames < args.frames || (!settled && progress.frames < args.frames * 4) {
        return;
    }
    // The review's analysis (`--show review`) is waited for, up to a few minutes of frames.
    // A lesson (`--show lesson`) is shot once its question is on the table, and drawn.
    if lesson.active() && off.trying() {
        *asking += 1;
    }
    let lesson_starting = args.show.as_deref() == Some("lesson") && *asking < 10;
    // So is the search for the player's own puzzles that follows it.
    if (analysis.busy() || own.task.is_some() || lesson_starting) && progress.frames < args.frames * 200 {
        return;
    }
    progress.requested = true;
    commands
        .spawn(Screenshot::primary_window())
        .observe(save_to_disk(path))
        .observe(|_: On<ScreenshotCaptured>, mut exit: MessageWriter<AppExit>| {
            exit.write(AppExit::Success);
        });
}

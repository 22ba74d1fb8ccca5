//! `--screenshot PATH`: after a number of frames (so render pipelines are compiled), save
//! the window as a PNG and exit.

use bevy::prelude::*;
use bevy::render::view::screenshot::{Screenshot, ScreenshotCaptured, save_to_disk};

use crate::cli::Args;

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Update, take_screenshot);
}

#[derive(Default)]
struct Progress {
    frames: u32,
    requested: bool,
}

fn take_screenshot(mut commands: Commands, args: Res<Args>, mut progress: Local<Progress>) {
    let Some(path) = args.screenshot.clone() else { return };
    progress.frames += 1;
    if progress.requested || progress.frames < args.frames {
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

//! Where the main thread's frame goes, by stage: the main thread's own CPU clock read between
//! Bevy's main schedules (a one-system schedule of this module's after each of them), so
//! `--measure` can say how much of a frame is input and state (First, PreUpdate and the state
//! transitions), the game's systems (Update), layout, propagation and the windows (PostUpdate),
//! Last, and the rest of the loop — the renderer's extraction of the world above all. Added only
//! when measuring. (Per system, `perf` says more: docs/performance.md.)

use std::time::Duration;

use bevy::app::MainScheduleOrder;
use bevy::ecs::schedule::ScheduleLabel;
use bevy::prelude::*;

/// The stages, in the order a frame runs them; the last is from `Last`'s end to the next
/// frame's start.
pub const STAGES: [&str; 5] = [
    "First and PreUpdate",
    "state transitions and Update",
    "PostUpdate",
    "Last",
    "extraction for the renderer and the rest of the loop",
];

/// A one-system schedule that notes the main thread's CPU clock after the schedule `index`
/// names (0 before First).
#[derive(ScheduleLabel, Clone, Debug, PartialEq, Eq, Hash)]
struct Mark(usize);

/// The main thread's CPU by stage.
#[derive(Resource, Default)]
pub struct StageClock {
    /// The clock at the last mark.
    last: Option<Duration>,
    /// The frame being timed, stage by stage.
    current: [Duration; STAGES.len()],
    /// The last whole frame.
    pub done: [Duration; STAGES.len()],
}

/// Adds the marks around the main schedules.
pub fn add(app: &mut App) {
    app.init_resource::<StageClock>();
    let mut order = app.world_mut().resource_mut::<MainScheduleOrder>();
    order.insert_before(First, Mark(0));
    order.insert_after(PreUpdate, Mark(1));
    order.insert_after(Update, Mark(2));
    order.insert_after(PostUpdate, Mark(3));
    order.insert_after(Last, Mark(4));
    for i in 0..=4 {
        app.add_systems(Mark(i), move |clock: ResMut<StageClock>| note(clock, i));
    }
}

/// Mark `i`: the time since the previous mark belongs to the stage that ended here (mark 0
/// ends the previous frame's last stage, which completes that frame).
fn note(mut clock: ResMut<StageClock>, i: usize) {
    let Some(now) = super::thread_cpu::this_thread() else {
        return;
    };
    if let Some(then) = clock.last {
        let stage = if i == 0 { STAGES.len() - 1 } else { i - 1 };
        clock.current[stage] += now.saturating_sub(then);
        if i == 0 {
            clock.done = std::mem::take(&mut clock.current);
        }
    }
    clock.last = Some(now);
}

//! `--measure PATH`: the figures the README reports about the client's smoothness. From
//! launch it times the first interactive frame (the table drawn, a player or the AI to move);
//! then it records a run of idle frames while a human is to move and every frame while the
//! strongest AI level searches, writes a small report to PATH and exits.
//!
//! Run it with a human to move, e.g. `parlour --game konane --moves "xd5 xd4" --measure out.txt`:
//! after the idle frames the measurement hands that seat to the strongest AI level.

use std::path::PathBuf;
use std::time::{Duration, Instant};

use bevy::prelude::*;

use parlour_ai::Level;

use crate::games::Setup;
use crate::play::{Match, Phase, Screen};

/// Idle frames to collect for the median.
const IDLE_FRAMES: usize = 120;
/// Frames to let pass after the table appears before timing, so shader pipelines are ready.
const SETTLE_FRAMES: u32 = 60;

/// When the process started (set by `main` before the app is built).
#[derive(Resource, Clone, Copy, Debug)]
pub struct LaunchInstant(pub Instant);

/// Where to write the report.
#[derive(Resource, Clone, Debug)]
pub struct MeasureTo(pub PathBuf);

#[derive(Default)]
struct Figures {
    first_interactive: Option<Duration>,
    frames_seen: u32,
    last: Option<Instant>,
    thinking: Vec<Duration>,
    idle: Vec<Duration>,
    asked_ai: bool,
    /// Every frame since the table appeared: (time since launch, frame time).
    timeline: Vec<(Duration, Duration)>,
    saw_thinking: bool,
    done: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, record.run_if(resource_exists::<MeasureTo>));
}

#[allow(clippy::too_many_arguments)]
fn record(
    launch: Res<LaunchInstant>,
    to: Res<MeasureTo>,
    screen: Res<State<Screen>>,
    phase: Option<Res<State<Phase>>>,
    mut next_phase: ResMut<NextState<Phase>>,
    m: Option<Res<Match>>,
    mut setup: Option<ResMut<Setup>>,
    mut figures: Local<Figures>,
    mut exit: MessageWriter<AppExit>,
) {
    let now = Instant::now();
    let delta = figures.last.map(|t| now - t);
    figures.last = Some(now);
    if figures.done || *screen.get() != Screen::Playing {
        return;
    }
    let Some(phase) = phase.map(|p| *p.get()) else { return };
    if figures.first_interactive.is_none() && matches!(phase, Phase::AwaitingInput | Phase::AiThinking) {
        figures.first_interactive = Some(now - launch.0);
    }
    figures.frames_seen += 1;
    let Some(delta) = delta else { return };
    figures.timeline.push((now - launch.0, delta));
    if figures.frames_seen < SETTLE_FRAMES {
        return;
    }
    // First a run of idle frames with a human to move, then the strongest level thinks for
    // that same seat, and every frame until its move arrives is recorded.
    match phase {
        Phase::AwaitingInput if !figures.asked_ai => {
            figures.idle.push(delta);
            if figures.idle.len() >= IDLE_FRAMES
                && let (Some(m), Some(setup)) = (m.as_ref(), setup.as_mut())
            {
                setup.seats[m.0.seat_to_move().index()] = Some(Level::Master);
                next_phase.set(Phase::AiThinking);
                figures.asked_ai = true;
            }
        }
        Phase::AiThinking if figures.asked_ai => {
            figures.saw_thinking = true;
            figures.thinking.push(delta);
        }
        _ if figures.saw_thinking => {
            figures.done = true;
            let report = report(&figures);
            info!("{report}");
            if let Err(e) = std::fs::write(&to.0, report) {
                error!("could not write {}: {e}", to.0.display());
            }
            exit.write(AppExit::Success);
        }
        _ => {}
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

fn report(f: &Figures) -> String {
    let mut idle = f.idle.clone();
    idle.sort_unstable();
    let median = idle[idle.len() / 2];
    let worst = f.thinking.iter().copied().max().unwrap_or_default();
    // Pipelines compile in the first frames; the table is steady from the first frame that
    // is no slower than 1.5 times the median idle frame.
    let steady = f
        .timeline
        .iter()
        .find(|(_, d)| d.as_secs_f64() <= 1.5 * median.as_secs_f64())
        .map(|(t, _)| *t);
    let mut thinking = f.thinking.clone();
    thinking.sort_unstable();
    let thinking_median = thinking.get(thinking.len() / 2).copied().unwrap_or_default();
    format!(
        "launch to first interactive frame (table built, input accepted): {:.0} ms\n\
         launch to first steady frame (pipelines compiled): {:.0} ms\n\
         idle frames: {}, median {:.1} ms\n\
         frames while the AI searched: {}, median {:.1} ms, worst {:.1} ms\n\
         worst searching frame / median idle frame: {:.2}\n",
        f.first_interactive.map(ms).unwrap_or(f64::NAN),
        steady.map(ms).unwrap_or(f64::NAN),
        idle.len(),
        ms(median),
        thinking.len(),
        ms(thinking_median),
        ms(worst),
        ms(worst) / ms(median).max(1e-9),
    )
}

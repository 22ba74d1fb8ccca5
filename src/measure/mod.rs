//! `--measure PATH`: the figures `docs/performance.md` reports about the client's smoothness. From
//! launch it times the first interactive frame (the table drawn, a player or the AI to move);
//! then it records a run of idle frames while a human is to move, hands both seats to the
//! strongest AI level for [`SEARCH_TURNS`] searches and records every frame while it thinks,
//! writes a small report to PATH and exits.
//!
//! The figure that matters is the client's **own CPU per frame**: the CPU time its threads
//! used between one frame and the next, read from each thread's CPU clock, without the
//! threads of a software rasterizer (which on a real machine is the GPU) and without the
//! search thread (which works beside the frame, not for it). Wall time per frame is reported
//! too, but under a software rasterizer it measures the rasterizer.
//!
//! Run it with a human to move, e.g. `parlour --game konane --moves "xd5 xd4" --measure out.txt`.
//! `--measure-during review` records the frames while the review's analysis of the moves played
//! runs instead (to its end), and `--measure-during idle` only the idle frames
//! (`--measure-frames N` of them, for a profiler that only needs the frames at rest).

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use crate::platform::Instant;

use bevy::prelude::*;

use parlour_ai::Level;

use crate::ai::AiTurn;
use crate::cli::MeasureDuring;
use crate::games::build::Setup;
use crate::games::search::CLIENT_SEARCH_THREADS;
use crate::play::board::Match;
use crate::play::messages::GameCommand;
use crate::review::analysis::ReviewAnalysis;
use crate::state::{Phase, Screen};

mod stages;
mod thread_cpu;

/// Frames to let pass after the table appears before timing, so shader pipelines are ready.
const SETTLE_FRAMES: u32 = 60;
/// Computer turns to record (the master plays both seats), so the worst frame while it
/// searches is the worst of many.
const SEARCH_TURNS: u32 = 3;

/// When the process started (set by `main` before the app is built).
#[derive(Resource, Clone, Copy, Debug)]
pub struct LaunchInstant(pub Instant);

/// Where to write the report, what runs during the frames measured after the idle ones, and
/// how many idle frames to record.
#[derive(Resource, Clone, Debug)]
pub struct MeasureTo {
    path: PathBuf,
    during: MeasureDuring,
    idle_frames: usize,
}

/// One frame: wall time and the client's own CPU since the previous frame.
#[derive(Clone, Copy, Debug, Default)]
struct Frame {
    wall: Duration,
    cpu: Option<Duration>,
}

#[derive(Default)]
struct Figures {
    first_interactive: Option<Duration>,
    frames_seen: u32,
    last: Option<Instant>,
    clocks: thread_cpu::ThreadClocks,
    /// The frames measured after the idle ones: while the AI searches, or the review's
    /// analysis runs.
    thinking: Vec<Frame>,
    idle: Vec<Frame>,
    /// The idle run is over: the AI was asked to play, or the review to analyse.
    asked_ai: bool,
    searches: u32,
    was_thinking: bool,
    /// CPU by thread group over the measured frames (idle and searching).
    by_thread: BTreeMap<String, Duration>,
    /// The main thread's CPU by stage over the measured frames.
    by_stage: [Duration; stages::STAGES.len()],
    done: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, record.run_if(resource_exists::<MeasureTo>));
}

/// Measures this app (`--measure`): adds what finds Bevy's render thread, which has no name of
/// its own. An exclusive system runs on the thread that runs its schedule (non-send systems
/// would run on the main thread), so one in the render app's schedule is on the render
/// thread; once it has told its id, it is skipped.
pub fn measure_to(app: &mut App, path: PathBuf, during: MeasureDuring, idle_frames: u32) {
    app.insert_resource(MeasureTo {
        path,
        during,
        idle_frames: idle_frames as usize,
    });
    stages::add(app);
    if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
        render.add_systems(
            bevy::render::Render,
            thread_cpu::note_render_thread.run_if(thread_cpu::render_thread_unknown),
        );
    }
}

fn record(
    launch: Res<LaunchInstant>,
    to: Res<MeasureTo>,
    screen: Res<State<Screen>>,
    phase: Option<Res<State<Phase>>>,
    mut next_phase: ResMut<NextState<Phase>>,
    m: Option<Res<Match>>,
    mut setup: Option<ResMut<Setup>>,
    mut analysis: ResMut<ReviewAnalysis>,
    mut cmds: MessageWriter<GameCommand>,
    ai: Res<AiTurn>,
    stage_clock: Option<Res<stages::StageClock>>,
    mut figures: Local<Figures>,
    mut exit: MessageWriter<AppExit>,
) {
    let now = Instant::now();
    let wall = figures.last.map(|t| now - t);
    figures.last = Some(now);
    let cpu = figures.clocks.sample();
    if figures.done || *screen.get() != Screen::Playing {
        return;
    }
    let Some(phase) = phase.map(|p| *p.get()) else { return };
    if figures.first_interactive.is_none() && matches!(phase, Phase::AwaitingInput | Phase::AiThinking) {
        figures.first_interactive = Some(now - launch.0);
    }
    figures.frames_seen += 1;
    let Some(wall) = wall else { return };
    if figures.frames_seen < SETTLE_FRAMES {
        return;
    }
    let frame = Frame {
        wall,
        cpu: cpu.as_ref().map(|c| c.own),
    };
    let thinking = phase == Phase::AiThinking;
    if thinking && !figures.was_thinking && figures.asked_ai {
        figures.searches += 1;
    }
    figures.was_thinking = thinking;
    // First a run of idle frames with a human to move; then, as asked, the strongest level
    // plays both seats and every frame while it thinks is recorded, or the review analyses the
    // moves played and every frame until it is done is recorded.
    let measured = if !figures.asked_ai {
        if phase != Phase::AwaitingInput {
            return;
        }
        figures.idle.push(frame);
        if figures.idle.len() >= to.idle_frames {
            match to.during {
                MeasureDuring::Search => {
                    if let (Some(_), Some(setup)) = (m.as_ref(), setup.as_mut()) {
                        setup.seats = [Some(Level::Master); 2];
                        next_phase.set(Phase::AiThinking);
                        figures.asked_ai = true;
                    }
                }
                MeasureDuring::Review => {
                    cmds.write(GameCommand::Review(true));
                    analysis.requested = true;
                    figures.asked_ai = true;
                }
                MeasureDuring::Idle => figures.asked_ai = true,
            }
        }
        true
    } else {
        let over = match to.during {
            MeasureDuring::Search => {
                !thinking && figures.searches > 0 && (figures.searches >= SEARCH_TURNS || phase == Phase::GameOver)
            }
            MeasureDuring::Review => !analysis.busy(),
            MeasureDuring::Idle => true,
        };
        if over {
            figures.done = true;
            let threads = ai.threads.unwrap_or(CLIENT_SEARCH_THREADS);
            let report = report(&figures, to.during, threads);
            info!("{report}");
            if let Err(e) = std::fs::write(&to.path, report) {
                error!("could not write {}: {e}", to.path.display());
            }
            exit.write(AppExit::Success);
            return;
        }
        let busy = match to.during {
            MeasureDuring::Search => thinking,
            _ => true,
        };
        if busy {
            figures.thinking.push(frame);
        }
        busy
    };
    if measured && let Some(cpu) = cpu {
        for (group, d) in cpu.by_group {
            *figures.by_thread.entry(group).or_default() += d;
        }
    }
    if measured && let Some(stage_clock) = stage_clock {
        for (total, d) in figures.by_stage.iter_mut().zip(stage_clock.done) {
            *total += d;
        }
    }
}

fn ms(d: Duration) -> f64 {
    d.as_secs_f64() * 1000.0
}

/// The median and the worst of some durations (zero when there are none).
fn median_worst(mut v: Vec<Duration>) -> (Duration, Duration) {
    v.sort_unstable();
    (
        v.get(v.len() / 2).copied().unwrap_or_default(),
        v.last().copied().unwrap_or_default(),
    )
}

fn report(f: &Figures, during: MeasureDuring, threads: u32) -> String {
    let wall = |v: &[Frame]| median_worst(v.iter().map(|x| x.wall).collect());
    let cpu = |v: &[Frame]| -> Option<(Duration, Duration)> {
        v.iter().map(|x| x.cpu).collect::<Option<Vec<_>>>().map(median_worst)
    };
    let (idle_wall, _) = wall(&f.idle);
    let (think_wall, think_wall_worst) = wall(&f.thinking);
    let (busy, busy_long) = match during {
        MeasureDuring::Search => ("the AI searches", format!("{} searches", f.searches)),
        MeasureDuring::Review => ("the review analyses", "the review's analysis".to_string()),
        MeasureDuring::Idle => ("nothing else runs", "nothing".to_string()),
    };
    let mut out = String::new();
    match (cpu(&f.idle), cpu(&f.thinking)) {
        (Some((idle, idle_worst)), Some((think, think_worst))) => {
            out += &format!(
                "client CPU per frame (own threads, rasterizer excluded): idle median {:.1} ms, worst while {busy} {:.1} ms\n\
                 client CPU per frame while {busy}: median {:.1} ms over {} frames of {busy_long}\n\
                 client CPU per frame idle: worst {:.1} ms over {} frames\n",
                ms(idle),
                ms(think_worst),
                ms(think),
                f.thinking.len(),
                ms(idle_worst),
                f.idle.len(),
            );
        }
        _ => out += "client CPU per frame: not measured (per-thread CPU clocks are read on Linux only)\n",
    }
    out += &format!(
        "launch to first interactive frame (table built, input accepted; drawn a frame later): {:.0} ms\n\
         wall time per frame (the rasterizer included): idle median {:.1} ms over {} frames; \
         while {busy} median {:.1} ms, worst {:.1} ms ({:.2} × the idle median)\n",
        f.first_interactive.map(ms).unwrap_or(f64::NAN),
        ms(idle_wall),
        f.idle.len(),
        ms(think_wall),
        ms(think_wall_worst),
        ms(think_wall_worst) / ms(idle_wall).max(1e-9),
    );
    if let Some((rss, peak)) = thread_cpu::resident_memory() {
        out += &format!(
            "resident memory: {:.0} MB (peak {:.0} MB)\n",
            rss as f64 / 1e6,
            peak as f64 / 1e6
        );
    }
    out += &format!(
        "build: {}; AI search threads: {threads}\n",
        if cfg!(debug_assertions) {
            "dev (debug assertions on)"
        } else {
            "optimised"
        }
    );
    if !f.by_thread.is_empty() {
        let frames = (f.idle.len() + f.thinking.len()).max(1) as f64;
        out += "CPU per measured frame by thread (ms; * = not the client's own):";
        let mut groups: Vec<_> = f.by_thread.iter().collect();
        groups.sort_by(|a, b| b.1.cmp(a.1));
        for (group, d) in groups {
            let mark = if thread_cpu::is_own(group) { "" } else { "*" };
            out += &format!(" {group}{mark} {:.1};", ms(*d) / frames);
        }
        out.pop();
        out += "\n";
    }
    if f.by_stage.iter().any(|d| !d.is_zero()) {
        let frames = (f.idle.len() + f.thinking.len()).max(1) as f64;
        out += "main thread by stage (ms per measured frame):";
        for (stage, d) in stages::STAGES.iter().zip(f.by_stage) {
            out += &format!(" {stage} {:.2};", ms(d) / frames);
        }
        out.pop();
        out += "\n";
    }
    out
}

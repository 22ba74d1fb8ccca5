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

use std::collections::BTreeMap;
use std::path::PathBuf;
use std::time::Duration;

use crate::platform::Instant;

use bevy::prelude::*;

use parlour_ai::Level;

use crate::games::build::Setup;
use crate::play::board::Match;
use crate::state::{Phase, Screen};

/// Idle frames to collect for the median.
const IDLE_FRAMES: usize = 60;
/// Frames to let pass after the table appears before timing, so shader pipelines are ready.
const SETTLE_FRAMES: u32 = 60;
/// Computer turns to record (the master plays both seats), so the worst frame while it
/// searches is the worst of many.
const SEARCH_TURNS: u32 = 3;

/// When the process started (set by `main` before the app is built).
#[derive(Resource, Clone, Copy, Debug)]
pub struct LaunchInstant(pub Instant);

/// Where to write the report.
#[derive(Resource, Clone, Debug)]
pub struct MeasureTo(pub PathBuf);

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
    thinking: Vec<Frame>,
    idle: Vec<Frame>,
    asked_ai: bool,
    searches: u32,
    was_thinking: bool,
    /// CPU by thread group over the measured frames (idle and searching).
    by_thread: BTreeMap<String, Duration>,
    done: bool,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(Last, record.run_if(resource_exists::<MeasureTo>));
}

/// Measures this app (`--measure`): adds what finds Bevy's render thread, which has no name of
/// its own. An exclusive system runs on the thread that runs its schedule (non-send systems
/// would run on the main thread), so one in the render app's schedule is on the render
/// thread; once it has told its id, it is skipped.
pub fn measure_to(app: &mut App, path: PathBuf) {
    app.insert_resource(MeasureTo(path));
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
    ai: Res<crate::ai::AiTurn>,
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
    let mut measured = false;
    // First a run of idle frames with a human to move, then the strongest level plays both
    // seats, and every frame while it thinks is recorded.
    match phase {
        Phase::AwaitingInput if !figures.asked_ai => {
            figures.idle.push(frame);
            measured = true;
            if figures.idle.len() >= IDLE_FRAMES
                && let (Some(_), Some(setup)) = (m.as_ref(), setup.as_mut())
            {
                setup.seats = [Some(Level::Master); 2];
                next_phase.set(Phase::AiThinking);
                figures.asked_ai = true;
            }
        }
        Phase::AiThinking if figures.asked_ai => {
            figures.thinking.push(frame);
            measured = true;
        }
        _ if figures.asked_ai
            && figures.searches > 0
            && (figures.searches >= SEARCH_TURNS || phase == Phase::GameOver) =>
        {
            figures.done = true;
            let threads = ai.threads.unwrap_or(crate::games::search::CLIENT_SEARCH_THREADS);
            let report = report(&figures, threads);
            info!("{report}");
            if let Err(e) = std::fs::write(&to.0, report) {
                error!("could not write {}: {e}", to.0.display());
            }
            exit.write(AppExit::Success);
        }
        _ => {}
    }
    if measured && let Some(cpu) = cpu {
        for (group, d) in cpu.by_group {
            *figures.by_thread.entry(group).or_default() += d;
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

fn report(f: &Figures, threads: u32) -> String {
    let wall = |v: &[Frame]| median_worst(v.iter().map(|x| x.wall).collect());
    let cpu = |v: &[Frame]| -> Option<(Duration, Duration)> {
        v.iter().map(|x| x.cpu).collect::<Option<Vec<_>>>().map(median_worst)
    };
    let (idle_wall, _) = wall(&f.idle);
    let (think_wall, think_wall_worst) = wall(&f.thinking);
    let mut out = String::new();
    match (cpu(&f.idle), cpu(&f.thinking)) {
        (Some((idle, _)), Some((think, think_worst))) => {
            out += &format!(
                "client CPU per frame (own threads, rasterizer excluded): idle median {:.1} ms, worst while the AI searches {:.1} ms\n\
                 client CPU per frame while the AI searches: median {:.1} ms over {} frames of {} searches\n",
                ms(idle),
                ms(think_worst),
                ms(think),
                f.thinking.len(),
                f.searches,
            );
        }
        _ => out += "client CPU per frame: not measured (per-thread CPU clocks are read on Linux only)\n",
    }
    out += &format!(
        "launch to first interactive frame (table built, input accepted; drawn a frame later): {:.0} ms\n\
         wall time per frame (the rasterizer included): idle median {:.1} ms over {} frames; \
         while the AI searches median {:.1} ms, worst {:.1} ms ({:.2} × the idle median)\n",
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
    out
}

/// Per-thread CPU clocks of this process, read through the kernel (Linux only; elsewhere the
/// measurement reports no per-thread figures).
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
mod thread_cpu {
    use std::collections::BTreeMap;
    #[cfg(target_os = "linux")]
    use std::collections::HashMap;
    use std::sync::atomic::{AtomicI32, Ordering};
    use std::time::Duration;

    /// Thread names of Mesa's software Vulkan (lavapipe, llvmpipe) and its worker queues:
    /// on a machine with a GPU that work is the GPU's.
    const RASTERIZER: &[&str] = &["llvmpipe", "lavapipe", "lvp", "lp:", "disk$", "gallivm"];

    /// The group of the process's main thread.
    pub const MAIN: &str = "main";
    /// The group of Bevy's render thread.
    pub const RENDER: &str = "render";
    /// The group of threads started without a name other than main and render: under Mesa's
    /// software Vulkan those are lavapipe's queue threads, which run the command buffers
    /// (a profile with `perf` finds them in `libvulkan_lvp.so` and JIT-compiled shaders), so
    /// they count as the rasterizer's.
    pub const UNNAMED: &str = "unnamed (Mesa's queue)";

    /// The render thread's id, once it has run a frame.
    static RENDER_TID: AtomicI32 = AtomicI32::new(0);

    /// Notes the calling thread as the render thread (an exclusive system in the render
    /// app's `Render` schedule).
    pub fn note_render_thread(_world: &mut bevy::prelude::World) {
        #[cfg(target_os = "linux")]
        // SAFETY: gettid takes no arguments and only returns the caller's id.
        RENDER_TID.store(unsafe { libc::gettid() }, Ordering::Relaxed);
    }

    /// True until the render thread has told its id.
    pub fn render_thread_unknown() -> bool {
        RENDER_TID.load(Ordering::Relaxed) == 0
    }

    /// Whether a thread group is one of the client's own, frame-serving threads.
    pub fn is_own(group: &str) -> bool {
        group != crate::games::search::SEARCH_THREAD
            && group != UNNAMED
            // Mesa names some threads "<process>:<queue>", e.g. "parlour:disk$0". No allocation:
            // this runs for every thread at every frame while measuring.
            && !std::iter::once(group)
                .chain(group.split(':').skip(1))
                .any(|part| RASTERIZER.iter().any(|p| part.starts_with(p)))
    }

    /// The group a thread is counted in: main, render, unnamed, or its name without its
    /// trailing number, so `llvmpipe-0` … `llvmpipe-7` add up together.
    #[cfg(target_os = "linux")]
    fn classify(tid: i32, name: &str, process: &str) -> String {
        if tid == std::process::id() as i32 {
            MAIN.to_string()
        } else if tid == RENDER_TID.load(Ordering::Relaxed) {
            RENDER.to_string()
        } else if name == process {
            UNNAMED.to_string()
        } else {
            group(name)
        }
    }

    fn group(name: &str) -> String {
        name.trim_end_matches(|c: char| c.is_ascii_digit() || c == '-' || c == ' ' || c == '(' || c == ')')
            .to_string()
    }

    /// CPU used since the previous sample.
    pub struct Sample {
        /// By the client's own threads.
        pub own: Duration,
        /// By thread group (name without its number).
        pub by_group: BTreeMap<String, Duration>,
    }

    /// The clocks seen so far: thread id → (group, CPU nanoseconds at the last sample).
    #[derive(Default)]
    pub struct ThreadClocks {
        #[cfg(target_os = "linux")]
        seen: HashMap<i32, (String, u64)>,
        #[cfg(target_os = "linux")]
        process: Option<String>,
        #[cfg(target_os = "linux")]
        primed: bool,
    }

    #[cfg(target_os = "linux")]
    impl ThreadClocks {
        /// Reads every thread's CPU clock. `None` the first time (nothing to compare with) or
        /// when the thread list cannot be read.
        pub fn sample(&mut self) -> Option<Sample> {
            let tasks = std::fs::read_dir("/proc/self/task").ok()?;
            let process = self
                .process
                .get_or_insert_with(|| comm(std::process::id() as i32))
                .clone();
            let mut out = Sample {
                own: Duration::ZERO,
                by_group: BTreeMap::new(),
            };
            let mut alive = HashMap::with_capacity(self.seen.len());
            for entry in tasks.flatten() {
                let Some(tid) = entry.file_name().to_str().and_then(|s| s.parse::<i32>().ok()) else {
                    continue;
                };
                let Some(now) = thread_clock(tid) else { continue };
                let (group, before) = match self.seen.remove(&tid) {
                    // The render thread makes itself known after its first frame.
                    Some((g, before)) if g != UNNAMED || tid != RENDER_TID.load(Ordering::Relaxed) => (g, before),
                    // A thread started since the last sample used all its CPU since then.
                    known => (classify(tid, &comm(tid), &process), known.map_or(0, |k| k.1)),
                };
                let used = Duration::from_nanos(now.saturating_sub(before));
                if is_own(&group) {
                    out.own += used;
                }
                *out.by_group.entry(group.clone()).or_default() += used;
                alive.insert(tid, (group, now));
            }
            self.seen = alive;
            let primed = std::mem::replace(&mut self.primed, true);
            primed.then_some(out)
        }
    }

    #[cfg(not(target_os = "linux"))]
    impl ThreadClocks {
        /// Per-thread clocks are read on Linux only.
        pub fn sample(&mut self) -> Option<Sample> {
            None
        }
    }

    /// A thread's name (`comm`), or "" when it cannot be read.
    #[cfg(target_os = "linux")]
    fn comm(tid: i32) -> String {
        std::fs::read_to_string(format!("/proc/self/task/{tid}/comm"))
            .map(|s| s.trim_end().to_string())
            .unwrap_or_default()
    }

    /// CPU nanoseconds a thread of this process has used: its kernel CPU clock, whose id is
    /// made from the thread id as the kernel's `MAKE_THREAD_CPUCLOCK(tid, CPUCLOCK_SCHED)`.
    #[cfg(target_os = "linux")]
    fn thread_clock(tid: i32) -> Option<u64> {
        let clock = ((!tid) << 3) | 6;
        let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
        // SAFETY: `ts` is a valid, writable timespec; an id of a thread that has exited gives
        // an error, not undefined behaviour.
        let rc = unsafe { libc::clock_gettime(clock, &mut ts) };
        (rc == 0).then(|| ts.tv_sec as u64 * 1_000_000_000 + ts.tv_nsec as u64)
    }

    /// Resident memory now and at its peak, in bytes (`VmRSS`, `VmHWM`).
    pub fn resident_memory() -> Option<(u64, u64)> {
        let status = std::fs::read_to_string("/proc/self/status").ok()?;
        let field = |key: &str| -> Option<u64> {
            let line = status.lines().find(|l| l.starts_with(key))?;
            let kb: u64 = line[key.len()..].trim().trim_end_matches("kB").trim().parse().ok()?;
            Some(kb * 1024)
        };
        Some((field("VmRSS:")?, field("VmHWM:")?))
    }

    #[cfg(all(test, target_os = "linux"))]
    mod tests {
        use super::*;

        #[test]
        fn a_busy_thread_shows_its_cpu_under_its_own_name() {
            let mut clocks = ThreadClocks::default();
            assert!(clocks.sample().is_none(), "the first sample only primes");
            // The thread spins until it has used 60 ms of its own CPU (not of the wall clock,
            // which a loaded machine stretches), says so, and stays alive to be sampled.
            let (done, spun) = std::sync::mpsc::channel();
            let busy = std::thread::Builder::new()
                .name("busy-7".into())
                .spawn(move || {
                    let own_cpu = || {
                        let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
                        // SAFETY: a valid clock id and a valid out-pointer.
                        unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
                        Duration::new(ts.tv_sec as u64, ts.tv_nsec as u32)
                    };
                    let mut x = 0u64;
                    while own_cpu() < Duration::from_millis(60) {
                        x = x.wrapping_mul(31).wrapping_add(1);
                    }
                    std::hint::black_box(x);
                    let _ = done.send(());
                    std::thread::sleep(Duration::from_millis(300));
                })
                .unwrap();
            spun.recv().expect("the busy thread spun");
            let s = clocks.sample().expect("second sample");
            let busy_cpu = s.by_group.get("busy").copied().unwrap_or_default();
            assert!(busy_cpu >= Duration::from_millis(40), "busy thread used {busy_cpu:?}");
            assert!(s.own >= busy_cpu);
            busy.join().unwrap();
        }

        #[test]
        fn rasterizer_and_search_threads_are_not_the_clients_own() {
            assert!(is_own("main"));
            assert!(is_own("Compute Task Pool (1)"));
            assert!(!is_own("llvmpipe-3"));
            assert!(!is_own("lavapipe0"));
            assert!(!is_own(crate::games::search::SEARCH_THREAD));
            assert!(!is_own("parlour:disk$"));
            assert!(!is_own("lp:rast"));
            assert!(!is_own(UNNAMED));
            assert!(is_own(MAIN) && is_own(RENDER));
            let me = std::process::id() as i32;
            assert_eq!(classify(me, "parlour", "parlour"), MAIN);
            assert_eq!(classify(me + 1, "parlour", "parlour"), UNNAMED);
            assert_eq!(classify(me + 1, "IO Task Pool (0)", "parlour"), "IO Task Pool");
            assert_eq!(group("llvmpipe-3"), "llvmpipe");
            assert_eq!(group("Compute Task Pool (1)"), "Compute Task Pool");
        }

        #[test]
        fn resident_memory_is_read() {
            let (rss, peak) = resident_memory().expect("status");
            assert!(rss > 0 && peak >= rss);
        }
    }
}

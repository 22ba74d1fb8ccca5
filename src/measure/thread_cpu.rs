//! Per-thread CPU clocks of this process, read through the kernel (Linux only; elsewhere the
//! measurement reports no per-thread figures).

#![cfg_attr(not(target_os = "linux"), allow(dead_code))]

use crate::games::search::SEARCH_THREAD;
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
    group != SEARCH_THREAD
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

/// The calling thread's CPU time (Linux only).
pub fn this_thread() -> Option<Duration> {
    #[cfg(target_os = "linux")]
    {
        // SAFETY: gettid takes no arguments and only returns the caller's id.
        thread_clock(unsafe { libc::gettid() }).map(Duration::from_nanos)
    }
    #[cfg(not(target_os = "linux"))]
    None
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
        assert!(!is_own(SEARCH_THREAD));
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

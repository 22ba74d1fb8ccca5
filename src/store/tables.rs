//! The Sixteen Soldiers' exact tables in the client: which boards and rule sets a player can
//! build a table for, whether each is on disk, and a build running in the background — on a
//! thread of its own at lowered priority, reporting how far it is, cancellable at any moment,
//! written under a temporary name and renamed at its end (`parlour_ai::tables::make`, the
//! engine's `tables build` path), so a cancelled or failed build leaves nothing behind. One
//! build at a time: each holds most of a gigabyte.
//!
//! Not in the browser: the page has neither threads to spare nor files to keep a table in; the
//! Settings say tables are a desktop feature there.

#[cfg(not(target_arch = "wasm32"))]
use std::path::{Path, PathBuf};

use bevy::prelude::*;
#[cfg(not(target_arch = "wasm32"))]
use parlour_rules::Game;
#[cfg(not(target_arch = "wasm32"))]
use parlour_rules::soldiers::{Soldiers, SoldiersOptions};

#[cfg(not(target_arch = "wasm32"))]
pub use desktop::Build;

/// The boards and rule sets a table can be built for, as a player names them, with the
/// options they are (the engine's `--options`): boards 1, 2 and 4 under the rules as the
/// sources give them and under the fair set, and Monk and Water. Board 3 is too large.
#[cfg(not(target_arch = "wasm32"))]
pub const SETS: &[(&str, &str)] = &[
    ("Board 1, rules as given", "variant=board1"),
    ("Board 1, fair rules", "variant=board1 rules=fair"),
    ("Board 2, rules as given", "variant=board2"),
    ("Board 2, fair rules", "variant=board2 rules=fair"),
    ("Board 4, rules as given", "variant=board4"),
    ("Board 4, fair rules", "variant=board4 rules=fair"),
    ("Monk and Water", "variant=monk"),
];

/// The options of an entry of [`SETS`].
#[cfg(not(target_arch = "wasm32"))]
pub fn set_options(text: &str) -> SoldiersOptions {
    let pairs: Vec<(&str, &str)> = text.split_whitespace().filter_map(|w| w.split_once('=')).collect();
    Soldiers::parse_options(&pairs).unwrap_or_default()
}

/// The folder tables are looked for in and built into: `PARLOUR_TABLES`, else the data
/// folder's `tables/` (what the store was told at start).
#[cfg(not(target_arch = "wasm32"))]
pub fn tables_dir(data: &Path) -> PathBuf {
    parlour_ai::tables::store::dir().unwrap_or_else(|| data.join("tables"))
}

/// A size in bytes as a player reads it: "671 MB", "1.2 GB".
#[cfg(not(target_arch = "wasm32"))]
pub fn size_text(bytes: u64) -> String {
    match bytes {
        b if b >= 1_000_000_000 => format!("{:.1} GB", b as f64 / 1e9),
        b if b >= 1_000_000 => format!("{} MB", b / 1_000_000),
        b if b >= 1_000 => format!("{} kB", b / 1_000),
        b => format!("{b} bytes"),
    }
}

/// A duration in minutes as a player reads it: "about 25 min", "about 1.9 h".
#[cfg(not(target_arch = "wasm32"))]
pub fn minutes_text(minutes: f64) -> String {
    if minutes >= 90.0 {
        format!("about {:.1} h", minutes / 60.0)
    } else {
        format!("about {} min", minutes.max(1.0).round() as u64)
    }
}

/// The tables' state in the Settings: the build running (if any), what the last one came to,
/// and each set's presence as last looked at.
#[derive(Resource, Default)]
pub struct TableBuilds {
    /// The build running, with the index in [`SETS`] it builds.
    #[cfg(not(target_arch = "wasm32"))]
    pub running: Option<(usize, Build)>,
    /// The last build's end, in a sentence, with its index in [`SETS`].
    #[cfg(not(target_arch = "wasm32"))]
    pub last: Option<(usize, String)>,
    /// Each set's presence, looked at when the Settings show it (at most once a second).
    #[cfg(not(target_arch = "wasm32"))]
    pub presence: Vec<parlour_ai::tables::store::Presence>,
    /// When the presence was last looked at (seconds since start).
    #[cfg(not(target_arch = "wasm32"))]
    pub looked: Option<f64>,
}

#[cfg(not(target_arch = "wasm32"))]
impl TableBuilds {
    /// Looks at each set's file again if the last look is older than a second (`now`: seconds
    /// since start) or never happened.
    pub fn look(&mut self, dir: &Path, now: f64) {
        if self.looked.is_some_and(|t| now - t < 1.0) && self.presence.len() == SETS.len() {
            return;
        }
        self.looked = Some(now);
        self.presence = SETS
            .iter()
            .map(|(_, o)| parlour_ai::tables::store::presence(&set_options(o), dir))
            .collect();
    }
}

/// Keeps the build polled every frame (its end noted, the presence looked at again).
pub(super) fn plugin(app: &mut App) {
    app.init_resource::<TableBuilds>();
    #[cfg(not(target_arch = "wasm32"))]
    app.add_systems(Update, poll_build);
}

#[cfg(not(target_arch = "wasm32"))]
fn poll_build(mut builds: ResMut<TableBuilds>) {
    let Some((i, build)) = builds.running.as_mut() else {
        return;
    };
    let i = *i;
    if let Some(end) = build.poll() {
        builds.running = None;
        builds.looked = None;
        builds.last = Some((i, end.sentence(SETS[i].0)));
    }
}

#[cfg(not(target_arch = "wasm32"))]
mod desktop {
    use std::path::Path;
    use std::sync::atomic::{AtomicU64, Ordering};
    use std::sync::mpsc::{Receiver, TryRecvError, channel};
    use std::sync::{Arc, Mutex};
    use std::time::Duration;

    use parlour_ai::StopFlag;
    use parlour_ai::tables::make;
    use parlour_rules::soldiers::SoldiersOptions;

    use crate::platform::Instant;

    /// How a build ended.
    #[derive(Clone, Debug, PartialEq, Eq)]
    pub enum Finished {
        /// Written: the file's size in bytes.
        Built(u64),
        /// Cancelled; nothing written.
        Cancelled,
        /// Failed: why, in a sentence.
        Failed(String),
    }

    impl Finished {
        /// What the Settings say of it, for the table called `what`.
        pub fn sentence(&self, what: &str) -> String {
            match self {
                Finished::Built(bytes) => format!("{what}: built ({}).", super::size_text(*bytes)),
                Finished::Cancelled => format!("{what}: cancelled; nothing was written."),
                Finished::Failed(why) => format!("{what}: the build failed: {why}."),
            }
        }
    }

    /// Progress is kept in millionths.
    const SCALE: f64 = 1e6;

    /// A table being built on a thread of its own.
    pub struct Build {
        stop: StopFlag,
        progress: Arc<AtomicU64>,
        started: Instant,
        /// The end, once (behind a mutex only so that the build can sit in a resource; polling
        /// takes `&mut self` and never locks).
        end: Mutex<Receiver<Finished>>,
    }

    impl Build {
        /// Starts building the whole table of `options` into `dir`.
        pub fn start(options: SoldiersOptions, dir: &Path) -> Build {
            Build::start_to(options, None, dir)
        }

        /// Starts building the table of `options` up to `top` soldiers (`None`: the board's
        /// start; fewer only for tests) into `dir`.
        pub fn start_to(options: SoldiersOptions, top: Option<u32>, dir: &Path) -> Build {
            let stop = StopFlag::new();
            let progress = Arc::new(AtomicU64::new(0));
            let (tx, end) = channel();
            let (s, p, dir) = (stop.clone(), progress.clone(), dir.to_path_buf());
            let spawned = std::thread::Builder::new()
                .name("parlour-tables".into())
                .spawn(move || {
                    crate::games::search::lower_priority();
                    let mut heard = |phase: &str, done, total| {
                        let f = (make::fraction(phase, done, total) * SCALE) as u64;
                        p.fetch_max(f, Ordering::Relaxed);
                    };
                    let end = match make::build_file(&options, top, 0, &dir, &s, &mut heard) {
                        Ok((table, _)) => Finished::Built(table.bytes() as u64),
                        Err(parlour_ai::tables::BuildError::Cancelled) => Finished::Cancelled,
                        Err(e) => Finished::Failed(e.to_string()),
                    };
                    let _ = tx.send(end);
                });
            if let Err(e) = spawned {
                bevy::log::error!("could not start the table build: {e}");
            }
            Build {
                stop,
                progress,
                started: Instant::now(),
                end: Mutex::new(end),
            }
        }

        /// How far it is, 0–1 (never less than before).
        pub fn fraction(&self) -> f32 {
            (self.progress.load(Ordering::Relaxed) as f64 / SCALE) as f32
        }

        /// The time left, estimated from the time taken so far and the fraction done (`None`
        /// until a fiftieth is done).
        pub fn left(&self) -> Option<Duration> {
            let f = f64::from(self.fraction());
            (f >= 0.02).then(|| self.started.elapsed().mul_f64((1.0 - f) / f))
        }

        /// Asks the build to stop; [`Build::poll`] reports the end (within a moment).
        pub fn cancel(&self) {
            self.stop.cancel();
        }

        /// True once a cancel was asked.
        pub fn cancelling(&self) -> bool {
            self.stop.is_cancelled()
        }

        /// `None` while it runs; then how it ended.
        pub fn poll(&mut self) -> Option<Finished> {
            let Ok(end) = self.end.get_mut() else {
                return Some(Finished::Failed("its thread stopped unexpectedly".into()));
            };
            match end.try_recv() {
                Ok(end) => Some(end),
                Err(TryRecvError::Empty) => None,
                Err(TryRecvError::Disconnected) => Some(Finished::Failed("its thread stopped unexpectedly".into())),
            }
        }
    }
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::desktop::Finished;
    use super::*;

    fn wait(build: &mut Build) -> Finished {
        let started = std::time::Instant::now();
        loop {
            if let Some(end) = build.poll() {
                return end;
            }
            assert!(started.elapsed().as_secs() < 120, "the build did not end");
            std::thread::sleep(std::time::Duration::from_millis(5));
        }
    }

    /// A small table (the general wins at one soldier left, at most three soldiers) built in
    /// the background: progress complete, the file there and found; a cancelled one leaves
    /// nothing.
    #[test]
    fn a_background_build_finishes_or_cancels_cleanly() {
        let dir = std::env::temp_dir().join(format!("parlour-client-tables-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        let o = set_options("variant=board1 rules=fair threshold=1");
        let mut build = Build::start_to(o, Some(3), &dir);
        let end = wait(&mut build);
        assert!(matches!(end, Finished::Built(b) if b > 1000), "{end:?}");
        assert_eq!(build.fraction(), 1.0);
        assert!(parlour_ai::tables::store::table_in(&o, &dir).is_some());
        assert!(end.sentence("Board 1").starts_with("Board 1: built ("));

        let other = set_options("variant=board4 threshold=1");
        let mut build = Build::start_to(other, Some(3), &dir);
        build.cancel();
        assert!(build.cancelling());
        assert_eq!(wait(&mut build), Finished::Cancelled);
        assert_eq!(
            parlour_ai::tables::store::presence(&other, &dir),
            parlour_ai::tables::store::Presence::Missing
        );
        let names: Vec<_> = std::fs::read_dir(&dir)
            .expect("folder")
            .filter_map(Result::ok)
            .map(|e| e.file_name().to_string_lossy().into_owned())
            .collect();
        assert_eq!(names.len(), 1, "{names:?}");
        let _ = std::fs::remove_dir_all(&dir);
    }

    #[test]
    fn every_set_is_a_board_with_a_table_and_sizes_read_plainly() {
        for (name, text) in SETS {
            let pairs: Vec<(&str, &str)> = text.split_whitespace().filter_map(|w| w.split_once('=')).collect();
            assert!(Soldiers::parse_options(&pairs).is_ok(), "{name}: {text}");
            assert!(parlour_ai::tables::make::cost(&set_options(text)).is_some(), "{name}");
        }
        assert_eq!(size_text(671_260_400), "671 MB");
        assert_eq!(size_text(2_638_215_000), "2.6 GB");
        assert_eq!(minutes_text(29.1), "about 29 min");
        assert_eq!(minutes_text(114.0), "about 1.9 h");
    }
}

//! The player's settings, kept in `settings.json` beside the saves (same crash-safe write):
//! volume and mute, animation speed (instant included), camera mode, colour palette, UI
//! scale, the last new-game choices, and which games' guided start has been shown. A missing
//! file gives the defaults; an unreadable one gives the defaults with a notice (and is kept
//! as `settings.bad.json`). Changes are written half a second after the last one.

use std::path::{Path, PathBuf};

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};
use serde::{Deserialize, Serialize};

use crate::anim::AnimSpeed;
use crate::audio::Volume;
use crate::games::{Palette, Setup};

/// How fast moves are animated.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum Speed {
    /// Half speed.
    Slow,
    /// As designed.
    #[default]
    Normal,
    /// Twice as fast.
    Fast,
    /// No animation: each step lands at once.
    Instant,
}

impl Speed {
    /// Every speed, slowest first.
    pub const ALL: [Speed; 4] = [Speed::Slow, Speed::Normal, Speed::Fast, Speed::Instant];

    /// The factor on animation time (0 = instant).
    pub fn factor(self) -> f32 {
        match self {
            Speed::Slow => 0.5,
            Speed::Normal => 1.0,
            Speed::Fast => 2.0,
            Speed::Instant => 0.0,
        }
    }

    /// Its name in the settings window.
    pub fn label(self) -> &'static str {
        match self {
            Speed::Slow => "Slow",
            Speed::Normal => "Normal",
            Speed::Fast => "Fast",
            Speed::Instant => "Instant",
        }
    }
}

/// How the camera frames a new board.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub enum CameraMode {
    /// A three-quarter view that can be orbited.
    #[default]
    Perspective,
    /// Straight down on the board.
    TopDown,
}

/// Everything the player chose that outlives a session.
#[derive(Resource, Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(default)]
pub struct Settings {
    /// Sound level, 0 to 1.
    pub volume: f32,
    /// True to play no sound.
    pub muted: bool,
    /// Animation speed.
    pub speed: Speed,
    /// Camera framing of a new board.
    pub camera: CameraMode,
    /// Piece colours.
    pub palette: Palette,
    /// Size of the controls and text (1 = normal).
    pub ui_scale: f32,
    /// The new-game dialog's last choices.
    pub last_setup: Setup,
    /// Games whose guided start has been offered.
    pub guided: Vec<String>,
}

impl Default for Settings {
    fn default() -> Self {
        Settings {
            volume: 0.7,
            muted: false,
            speed: Speed::Normal,
            camera: CameraMode::Perspective,
            palette: Palette::Classic,
            ui_scale: 1.0,
            last_setup: Setup::default(),
            guided: Vec::new(),
        }
    }
}

/// The smallest and largest UI scale offered.
pub const UI_SCALE: (f32, f32) = (0.75, 2.0);

impl Settings {
    /// Values from a hand-edited file brought into range.
    fn sanitized(mut self) -> Self {
        self.volume = if self.volume.is_finite() {
            self.volume.clamp(0.0, 1.0)
        } else {
            0.7
        };
        self.ui_scale = if self.ui_scale.is_finite() {
            self.ui_scale.clamp(UI_SCALE.0, UI_SCALE.1)
        } else {
            1.0
        };
        if crate::cli::game_name(&self.last_setup.game).is_none() {
            self.last_setup = Setup::default();
        }
        // Options the game refuses (a hand edit, a switch from another version) are dropped,
        // so the new-game dialog never opens on a game it cannot start.
        match crate::games::canonical_options(&self.last_setup.game, &self.last_setup.options) {
            Ok(options) => self.last_setup.options = options,
            Err(_) => self.last_setup.options.clear(),
        }
        self
    }

    /// The settings in a file's bytes, brought into range, or why they cannot be read.
    pub fn decode(bytes: &[u8]) -> Result<Settings, String> {
        serde_json::from_slice::<Settings>(bytes)
            .map(Settings::sanitized)
            .map_err(|e| e.to_string())
    }

    /// Reads the settings in `dir`: the defaults when there is no file; the defaults and a
    /// sentence for the player when the file cannot be used (the file is kept aside).
    pub fn load(dir: &Path) -> (Settings, Option<String>) {
        let path = dir.join("settings.json");
        let bytes = match std::fs::read(&path) {
            Ok(b) => b,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => return (Settings::default(), None),
            Err(e) => {
                return (
                    Settings::default(),
                    Some(format!(
                        "Your settings could not be read ({e}); the defaults are in use."
                    )),
                );
            }
        };
        match Settings::decode(&bytes) {
            Ok(s) => (s, None),
            Err(e) => {
                let _ = std::fs::copy(&path, dir.join("settings.bad.json"));
                (
                    Settings::default(),
                    Some(format!(
                        "Your settings file is damaged ({e}); the defaults are in use, and the old file was kept as settings.bad.json."
                    )),
                )
            }
        }
    }

    /// Writes the settings to `dir` crash-safely.
    pub fn store(&self, dir: &Path) -> std::io::Result<()> {
        let text = serde_json::to_string_pretty(self).map_err(std::io::Error::other)?;
        crate::save::write_atomic(&dir.join("settings.json"), text.as_bytes())
    }
}

/// The data directory (saves and settings).
#[derive(Resource, Clone, Debug)]
pub struct DataDir(pub PathBuf);

/// A sentence for the player about settings or saves, and whether it reports a problem.
#[derive(Resource, Default, Debug, Clone)]
pub struct Notice {
    /// The sentence (empty: nothing to say).
    pub text: String,
    /// True for a problem (shown in red).
    pub error: bool,
    /// Seconds it has been shown.
    pub age: f32,
}

impl Notice {
    /// Shows `text`.
    pub fn set(&mut self, text: impl Into<String>, error: bool) {
        self.text = text.into();
        self.error = error;
        self.age = 0.0;
    }
}

#[derive(Resource, Default)]
struct Unsaved(Option<f32>);

/// The settings as last read from or written to disk: a change made in the very first frame
/// (the guided start noting a game) is still written.
#[derive(Resource)]
struct OnDisk(Settings);

/// Loads the settings into the app (before the first frame, so the new-game dialog and the
/// first board already use them) and keeps them applied and written.
pub(super) fn plugin(app: &mut App) {
    let dir = crate::save::data_dir();
    let (settings, notice) = Settings::load(&dir);
    let mut n = Notice::default();
    if let Some(text) = notice {
        n.set(text, true);
    }
    app.insert_resource(settings.last_setup.clone())
        .insert_resource(OnDisk(settings.clone()))
        .insert_resource(settings)
        .insert_resource(n)
        .insert_resource(DataDir(dir))
        .init_resource::<Unsaved>()
        .add_systems(Update, (apply, persist))
        .add_systems(EguiPrimaryContextPass, ui_scale)
        .add_systems(Last, write_on_exit.after(bevy::window::ExitSystems));
}

fn apply(
    settings: Res<Settings>,
    mut volume: ResMut<Volume>,
    mut speed: ResMut<AnimSpeed>,
    mut cam: ResMut<crate::camera::OrbitCam>,
    mut unsaved: ResMut<Unsaved>,
    on_disk: Res<OnDisk>,
) {
    if !settings.is_changed() {
        return;
    }
    volume.level = settings.volume;
    volume.muted = settings.muted;
    speed.0 = settings.speed.factor();
    let top = settings.camera == CameraMode::TopDown;
    if cam.top_down_home != top {
        cam.top_down_home = top;
        cam.reset();
    }
    if *settings != on_disk.0 {
        unsaved.0 = Some(0.0);
    }
}

fn persist(
    time: Res<Time>,
    settings: Res<Settings>,
    dir: Res<DataDir>,
    mut unsaved: ResMut<Unsaved>,
    mut notice: ResMut<Notice>,
    mut on_disk: ResMut<OnDisk>,
) {
    notice.age += time.delta_secs();
    let Some(t) = unsaved.0.as_mut() else { return };
    *t += time.delta_secs();
    // A slider drag changes the settings every frame; write once it rests.
    if *t >= 0.5 {
        unsaved.0 = None;
        match settings.store(&dir.0) {
            Ok(()) => on_disk.0 = settings.clone(),
            Err(e) => notice.set(format!("Your settings could not be saved: {e}."), true),
        }
    }
}

fn write_on_exit(mut exit: MessageReader<AppExit>, settings: Res<Settings>, dir: Res<DataDir>, unsaved: Res<Unsaved>) {
    if exit.read().next().is_some() && unsaved.0.is_some() {
        let _ = settings.store(&dir.0);
    }
}

fn ui_scale(mut contexts: EguiContexts, settings: Res<Settings>) -> Result {
    let ctx = contexts.ctx_mut()?;
    if (ctx.zoom_factor() - settings.ui_scale).abs() > 0.001 {
        ctx.set_zoom_factor(settings.ui_scale);
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn dir(name: &str) -> PathBuf {
        let d = std::env::temp_dir().join(format!("parlour-settings-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&d);
        std::fs::create_dir_all(&d).expect("dir");
        d
    }

    #[test]
    fn settings_round_trip_and_tolerate_bad_files() {
        let d = dir("rt");
        assert_eq!(
            Settings::load(&d),
            (Settings::default(), None),
            "no file: defaults, no notice"
        );
        let s = Settings {
            volume: 0.25,
            muted: true,
            speed: Speed::Instant,
            camera: CameraMode::TopDown,
            palette: Palette::ColourSafe,
            ui_scale: 1.5,
            last_setup: Setup {
                game: "conhex".into(),
                options: vec![("swap".into(), "off".into())],
                seats: [Some(parlour_ai::Level::Strong), None],
            },
            guided: vec!["kansho".into()],
        };
        s.store(&d).expect("written");
        assert_eq!(Settings::load(&d), (s.clone(), None));
        // A partial file keeps what it has and defaults the rest.
        std::fs::write(d.join("settings.json"), r#"{"volume": 9, "ui_scale": 0.1}"#).expect("w");
        let (p, n) = Settings::load(&d);
        assert!(n.is_none());
        assert_eq!((p.volume, p.ui_scale, p.speed), (1.0, UI_SCALE.0, Speed::Normal));
        // A corrupt file: defaults, a sentence, and the file kept aside.
        std::fs::write(d.join("settings.json"), b"{\"volume\": 0.3, \"mut").expect("w");
        let (p, n) = Settings::load(&d);
        assert_eq!(p, Settings::default());
        assert!(n.is_some_and(|n| n.contains("damaged")));
        assert!(d.join("settings.bad.json").exists());
        let _ = std::fs::remove_dir_all(&d);
    }

    /// Thousands of damaged settings files — bytes flipped, cut, repeated or replaced by
    /// plausible values in the wrong place — never panic: each decodes to settings in range
    /// whose last game starts, or to a reason.
    #[test]
    fn damaged_settings_never_break_the_loader() {
        use rand::{Rng, SeedableRng};
        let good = serde_json::to_vec(&Settings {
            last_setup: Setup {
                game: "soldiers".into(),
                options: vec![("variant".into(), "board2".into()), ("custodian".into(), "off".into())],
                seats: [None, Some(parlour_ai::Level::Master)],
            },
            ..Settings::default()
        })
        .expect("settings serialize");
        let words: [&[u8]; 10] = [
            b"null",
            b"-1e309",
            b"\"monk\"",
            b"[]",
            b"{}",
            b"\"x=y\"",
            b"1e308",
            b"\"soldiers\"",
            b"true",
            b"\"\\u0000\"",
        ];
        let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(18);
        for _ in 0..4000 {
            let mut b = good.clone();
            for _ in 0..rng.random_range(1..4) {
                let i = rng.random_range(0..b.len());
                match rng.random_range(0..4) {
                    0 => b[i] = rng.random(),
                    1 => b.truncate(i),
                    2 => {
                        let w = words[rng.random_range(0..words.len())];
                        let end = (i + rng.random_range(0..8)).min(b.len());
                        b.splice(i..end, w.iter().copied());
                    }
                    _ => {
                        let piece = b[i..].to_vec();
                        b.extend(piece);
                    }
                }
                if b.is_empty() {
                    break;
                }
            }
            match Settings::decode(&b) {
                Ok(s) => {
                    assert!((0.0..=1.0).contains(&s.volume) && (UI_SCALE.0..=UI_SCALE.1).contains(&s.ui_scale));
                    assert!(crate::games::new_match(&s.last_setup).is_ok(), "{:?}", s.last_setup);
                }
                Err(e) => assert!(!e.is_empty()),
            }
        }
    }
}

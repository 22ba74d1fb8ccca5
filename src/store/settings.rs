//! The player's settings in play: loaded before the first frame, applied to the UI scale, and
//! written half a second after the last change (and on exit). The camera, the sound and the
//! animations read the `Settings` resource themselves, where they use it. The file itself — its fields,
//! decoding with damaged files refused or brought into range, the crash-safe write — is
//! `parlour_saves::settings`, without Bevy, where the `settings` fuzz target reaches it.

use std::path::PathBuf;

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiPrimaryContextPass};

use crate::state::Notice;

pub use parlour_saves::settings::{CameraMode, Settings, Speed, UI_SCALE};

/// The data directory (saves and settings).
#[derive(Resource, Clone, Debug)]
pub struct DataDir(pub PathBuf);

#[derive(Resource, Default)]
struct Unsaved(Option<f32>);

/// The settings as last read from or written to disk: a change made in the very first frame
/// (the guided start noting a game) is still written.
#[derive(Resource)]
struct OnDisk(Settings);

/// Loads the settings into the app (before the first frame, so the new-game dialog and the
/// first board already use them) and keeps them applied and written.
pub(super) fn plugin(app: &mut App) {
    let dir = parlour_saves::data_dir();
    // The exact tables the Master plays from: PARLOUR_TABLES, else the data folder's tables/.
    if std::env::var_os("PARLOUR_TABLES").is_none_or(|d| d.is_empty()) {
        parlour_ai::tables::store::set_dir(Some(dir.join("tables")));
    }
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
        .add_systems(Update, (note_change, persist))
        .add_systems(EguiPrimaryContextPass, ui_scale)
        .add_systems(Last, write_on_exit.after(bevy::window::ExitSystems));
}

/// A change not yet on disk starts the wait before it is written.
fn note_change(settings: Res<Settings>, mut unsaved: ResMut<Unsaved>, on_disk: Res<OnDisk>) {
    if !settings.is_changed() {
        return;
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

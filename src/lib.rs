//! The Parlour client (Bevy): a 3D tabletop for the five games, hot-seat and against the AI.
//!
//! Plugins, one per file: [`play`] (screens, phases, the rule systems), [`anim`] (steps as
//! animations), [`ai`] (searches on the task pool) form the logic, which runs headless in
//! tests; `view`, `camera`, `hud`, `audio` and `screenshot` draw, listen and play sounds.
//! What each game adds lives in [`games`].

pub mod ai;
pub mod anim;
mod audio;
mod camera;
pub mod cli;
pub mod games;
mod hud;
pub mod measure;
pub mod play;
mod rules_text;
mod rules_view;
pub mod save;
mod screenshot;
pub mod settings;
mod store;
mod view;

use bevy::prelude::*;

/// True while the pause menu is open.
#[derive(Resource, Default, Debug)]
pub struct Paused(pub bool);

/// The game logic without any rendering, window or sound: states, rule systems,
/// animations (transforms only) and AI turns. Tests add it to `MinimalPlugins` +
/// `StatesPlugin`.
pub fn logic_plugin(app: &mut App) {
    app.init_resource::<Paused>()
        .add_plugins((play::plugin, anim::plugin, ai::plugin));
}

/// Where the assets are, as an absolute path (Bevy reads a relative one against the
/// executable's folder): `BEVY_ASSET_ROOT` or `CARGO_MANIFEST_DIR` when set (cargo run), else
/// `assets` in the working folder, else `assets` beside the executable, else the checkout the
/// binary was built from.
fn asset_root() -> String {
    if let Ok(dir) = std::env::var("BEVY_ASSET_ROOT").or_else(|_| std::env::var("CARGO_MANIFEST_DIR")) {
        return format!("{dir}/assets");
    }
    let fonts = |d: &std::path::Path| d.join("fonts").exists();
    let here = std::env::current_dir().map(|d| d.join("assets")).ok();
    let beside = std::env::current_exe()
        .ok()
        .and_then(|e| e.parent().map(|p| p.join("assets")));
    let built = std::path::PathBuf::from(concat!(env!("CARGO_MANIFEST_DIR"), "/assets"));
    [here, beside, Some(built.clone())]
        .into_iter()
        .flatten()
        .find(|d| fonts(d))
        .unwrap_or(built)
        .to_string_lossy()
        .into_owned()
}

/// Builds the client app from its command-line options.
pub fn app(args: cli::Args) -> App {
    let mut app = App::new();
    app.insert_resource(measure::LaunchInstant(std::time::Instant::now()));
    let title = match &args.game {
        Some(g) => format!("Parlour — {}", cli::game_name(g).unwrap_or("Parlour")),
        None => "Parlour".to_string(),
    };
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title,
                    resolution: (1280, 800).into(),
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: asset_root(),
                ..default()
            }),
    )
    // Bevy's default plugins bring picking's input and hover logic but no backend: the board's
    // spots are hit by a ray through the meshes (egui's windows still take the pointer first).
    .add_plugins(bevy::picking::mesh_picking::MeshPickingPlugin)
    .add_plugins(bevy_egui::EguiPlugin::default())
    .add_plugins(logic_plugin)
    .add_plugins((
        view::plugin,
        camera::plugin,
        hud::plugin,
        audio::plugin,
        screenshot::plugin,
        measure::plugin,
        settings::plugin,
        store::plugin,
    ));
    if let Some(path) = &args.measure {
        app.insert_resource(measure::MeasureTo(path.clone()));
    }
    if let Some(game) = &args.game {
        app.insert_resource(games::Setup {
            game: game.clone(),
            options: args.options.clone(),
            seats: args.seats,
        })
        .insert_resource(play::StartMoves(args.moves.clone()));
        app.world_mut()
            .resource_mut::<NextState<play::Screen>>()
            .set(play::Screen::Playing);
    }
    app.insert_resource(args);
    app
}

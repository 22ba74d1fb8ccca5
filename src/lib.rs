//! The Parlour client (Bevy): a 3D tabletop for the five games, hot-seat and against the AI.
//!
//! Plugins, one per file, a folder per thing a player sees: [`state`] (screens and phases) and
//! [`schedule`] (the system sets, chained once) are leaves every module reads; [`play`] (the
//! rule systems), [`review`] (the review's analysis, ways off the record and lesson), [`anim`]
//! (steps as animations), [`ai`] (searches on a thread of their own) and [`net`]'s link form
//! the logic ([`logic_plugin`]), which runs headless in tests; `table` (the room, the boards,
//! the pieces, the camera), `screens`, `teach`, `hud`, `audio`, `store` and `screenshot` draw,
//! listen, keep and play sounds. What each game adds lives in [`games`]; what differs in the
//! browser, in [`platform`]. `ARCHITECTURE.md` has the map.

pub mod ai;
pub mod anim;
mod audio;
pub mod cli;
pub mod dev;
pub mod games;
mod hud;
pub mod measure;
pub mod net;
pub mod platform;
pub mod play;
pub mod puzzles;
pub mod review;
pub mod schedule;
pub use parlour_saves as save;
mod screens;
mod screenshot;
pub mod state;
mod store;
/// The settings applied and written (the client's part; the file format is `parlour_saves::settings`).
pub use store::settings;
mod table;
mod teach;
mod theme;

use bevy::prelude::*;

/// The game logic without any rendering, window or sound: states, rule systems,
/// animations (transforms only) and AI turns. Tests add it to `MinimalPlugins` +
/// `StatesPlugin`.
pub fn logic_plugin(app: &mut App) {
    app.init_resource::<state::Paused>().add_plugins((
        schedule::plugin,
        play::plugin,
        review::plugin,
        puzzles::plugin,
        anim::plugin,
        ai::plugin,
        net::logic_plugin,
        net::timing::plugin,
    ));
}

/// Builds the client app from its command-line options.
pub fn app(args: cli::Args) -> App {
    let mut app = App::new();
    app.insert_resource(measure::LaunchInstant(platform::Instant::now()));
    let title = match &args.game {
        Some(g) => format!("Parlour — {}", g.name()),
        None => "Parlour".to_string(),
    };
    app.add_plugins(
        DefaultPlugins
            .set(WindowPlugin {
                primary_window: Some(Window {
                    title,
                    resolution: args.window.into(),
                    // In the browser: the page's canvas, sized by the page (the whole viewport,
                    // following rotation and resizes) rather than by --window.
                    canvas: cfg!(target_arch = "wasm32").then(|| "#parlour".to_string()),
                    fit_canvas_to_parent: true,
                    ..default()
                }),
                ..default()
            })
            .set(AssetPlugin {
                file_path: platform::asset_root(),
                ..default()
            })
            // A screenshot waits for a number of frames: with pipelines compiled in the frame
            // that first needs them, that number is small and the picture is never half-drawn.
            .set(bevy::render::RenderPlugin {
                synchronous_pipeline_compilation: args.screenshot.is_some(),
                ..default()
            }),
        // Gamepads (gilrs polled for them on a thread of its own, 0.2–0.5 ms of the client's
        // CPU a frame), scenes and animation clips are not compiled in at all: see the list of
        // Bevy's features in Cargo.toml.
    )
    // Bevy's default plugins bring picking's input and hover logic but no backend: the board's
    // spots are hit by a ray through the meshes (egui's windows still take the pointer first).
    .add_plugins(bevy::picking::mesh_picking::MeshPickingPlugin)
    .add_plugins(bevy_egui::EguiPlugin::default())
    .add_plugins(logic_plugin)
    .add_plugins((
        theme::layout::plugin,
        table::plugin,
        screens::plugin,
        teach::plugin,
        hud::plugin,
        audio::plugin,
        screenshot::plugin,
        measure::plugin,
        store::plugin,
        net::lobby::plugin,
        net::lobby_window::plugin,
        net::players_window::plugin,
        dev::page_state::plugin,
    ));
    app.world_mut().resource_mut::<ai::AiTurn>().threads = args.ai_threads;
    if let Some(path) = &args.measure {
        measure::measure_to(&mut app, path.clone(), args.measure_during, args.measure_frames);
    }
    if let Some(game) = args.game {
        let (setup, refused) = games::build::setup_of(game, &args.options, args.seats);
        app.insert_resource(setup)
            .insert_resource(play::board::StartMoves(args.moves.clone()))
            .insert_resource(play::board::StartProblems(refused.into_iter().collect()));
        app.world_mut()
            .resource_mut::<NextState<state::Screen>>()
            .set(state::Screen::Playing);
    }
    app.insert_resource(args);
    if std::env::var("PARLOUR_EXECUTOR").as_deref() != Ok("multi") {
        single_threaded_schedules(&mut app);
    }
    app
}

/// Runs every schedule of the app and of its render sub-app on one thread (the main thread and
/// the render thread, still pipelined), instead of handing systems out to the task pools. On
/// two cores the per-system hand-offs cost more than they win: measured with `--measure`
/// (`docs/performance.md`, "The client"), the client's own CPU per frame in the player's build fell from
/// 9.5 ms to 5.9 ms idle and from 15.9 ms to 9.9 ms at worst while the master searched
/// (Kōnane). Set `PARLOUR_EXECUTOR=multi` to measure Bevy's multi-threaded executor instead.
fn single_threaded_schedules(app: &mut App) {
    fn one_thread(world: &mut World) {
        if let Some(mut schedules) = world.get_resource_mut::<Schedules>() {
            for (_, schedule) in schedules.iter_mut() {
                schedule.set_executor(bevy::ecs::schedule::SingleThreadedExecutor::new());
            }
        }
    }
    one_thread(app.world_mut());
    if let Some(render) = app.get_sub_app_mut(bevy::render::RenderApp) {
        one_thread(render.world_mut());
    }
}

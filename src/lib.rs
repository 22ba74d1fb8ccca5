//! The Parlour client (Bevy). For now: a window with a lit table, a camera and the chosen
//! game's name; the full tabletop is built plugin by plugin on top of this.

pub mod cli;
mod screenshot;
mod table;

use bevy::prelude::*;

/// Builds the client app from its command-line options.
pub fn app(args: cli::Args) -> App {
    let mut app = App::new();
    let title = format!("Parlour — {}", cli::game_name(&args.game).unwrap_or("Parlour"));
    app.add_plugins(DefaultPlugins.set(WindowPlugin {
        primary_window: Some(Window { title, resolution: (1280, 800).into(), ..default() }),
        ..default()
    }))
    .insert_resource(args)
    .add_plugins((table::plugin, screenshot::plugin));
    app
}

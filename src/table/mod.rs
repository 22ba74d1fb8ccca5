//! The table and the room it stands in: surfaces made in code (`surfaces`), the table, cloth,
//! lights and air around every board (`room`), lathe-turned pieces (`turned`) and the keyboard
//! cursor over the spots (`cursor`); the boards and pieces themselves, dressed on these
//! surfaces: the shared looks and each match's materials (`materials`), the meshes boards are
//! built from (`mesh`), the board of each kind (`board`), the pieces and cell tints (`pieces`),
//! picking (`picking`), highlights (`highlight`) and labels and the window's title (`labels`);
//! the orbit camera (`camera`).

pub mod board;
pub mod camera;
pub mod cursor;
pub mod highlight;
pub mod labels;
pub mod materials;
pub mod mesh;
pub mod picking;
pub mod pieces;
pub mod room;
pub mod surfaces;
pub mod turned;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::cli::Args;
use crate::play::board::Match;
use crate::review::arrows::draw_shown_moves;
use crate::schedule::GameSet;
use crate::state::Screen;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((surfaces::plugin, room::plugin, cursor::plugin, view, camera::plugin));
}

/// The tabletop as the player sees it: the board generated from the game's geometry, meshes
/// and materials for spots, pieces and cells, picking observers that turn clicks into
/// `MoveInput`, highlights (hover, choices, legal targets, the last move, the hint) and labels.
fn view(app: &mut App) {
    app.init_resource::<picking::Hovered>()
        .add_systems(Startup, materials::setup_assets)
        .add_systems(
            Update,
            labels::window_title.run_if(resource_exists_and_changed::<Match>.or_else(state_changed::<Screen>)),
        )
        .add_systems(
            Update,
            picking::taps.in_set(GameSet::Input).run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            Update,
            (
                board::dress_board,
                // The review's arrows stand over the spots as dressed this frame.
                picking::dress_spots.before(draw_shown_moves),
                pieces::dress_pieces,
                pieces::dress_tints,
            )
                .in_set(GameSet::Present),
        )
        .add_systems(
            Update,
            highlight::highlight_spots
                .in_set(GameSet::Present)
                .after(picking::dress_spots)
                .run_if(in_state(Screen::Playing).or_else(in_state(Screen::Results)))
                .run_if(not(card_picture)),
        )
        .add_systems(
            Update,
            highlight::mark_decisive
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).or_else(in_state(Screen::Results))),
        )
        .add_systems(
            Update,
            highlight::lift_hovered
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(EguiPrimaryContextPass, labels::paint_labels);
}

/// True when the window is a picture of the board alone (`--show card`): no labels, no
/// highlights.
fn card_picture(args: Option<Res<Args>>) -> bool {
    args.is_some_and(|a| a.show.as_deref() == Some("card"))
}

//! The table and the room it stands in: surfaces made in code (`surfaces`), the table, cloth,
//! lights and air around every board (`room`), lathe-turned pieces (`turned`) and the keyboard
//! cursor over the spots (`cursor`); the boards and pieces themselves, dressed on these
//! surfaces, with picking and highlights (`view`); the orbit camera (`camera`).

pub mod camera;
pub mod cursor;
pub mod room;
pub mod surfaces;
pub mod turned;
pub mod view;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((
        surfaces::plugin,
        room::plugin,
        cursor::plugin,
        view::plugin,
        camera::plugin,
    ));
}

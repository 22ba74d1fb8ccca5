//! The table and the room it stands in: surfaces made in code (`surfaces`), the table, cloth,
//! lights and air around every board (`room`), lathe-turned pieces (`turned`) and the keyboard
//! cursor over the spots (`cursor`). The boards and pieces themselves are dressed in `view`, on
//! these surfaces.

pub mod cursor;
pub mod room;
pub mod surfaces;
pub mod turned;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((surfaces::plugin, room::plugin, cursor::plugin));
}

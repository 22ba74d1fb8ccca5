//! What the player sees around the match: the title screen's live backdrop (`backdrop`) and the
//! new-game chooser's game cards (`chooser`); the title card, the rest of the new-game dialog
//! and the result card are drawn in `hud`.

pub mod backdrop;
pub mod chooser;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((backdrop::plugin, chooser::plugin));
}

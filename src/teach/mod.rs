//! Teaching the games: the rules window (F1) with diagrams drawn from the real board and the
//! guided start (`rules_view`, words in `rules_text`, diagrams in `diagram`), and "How to play"
//! walkthroughs played on the 3D board step by step (`walkthrough`, scripts in `lessons`).

pub mod diagram;
pub mod lessons;
pub mod rules_text;
pub mod rules_view;
pub mod walkthrough;

use bevy::prelude::*;

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((rules_view::plugin, walkthrough::plugin));
}

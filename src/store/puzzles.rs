//! The puzzle record (`puzzles::record`) read at start and written after each change, as
//! `puzzles.json` beside the settings: on disk, or in the browser in the page's storage
//! (`parlour_saves::disk`, the same seam the settings use).

use bevy::prelude::*;

use super::settings::DataDir;
use crate::puzzles::record::PuzzleRecord;
use crate::state::Notice;

const FILE: &str = "puzzles.json";

pub(super) fn plugin(app: &mut App) {
    let dir = parlour_saves::data_dir();
    let record = parlour_saves::disk::read(&dir.join(FILE))
        .map(|bytes| PuzzleRecord::from_text(&bytes))
        .unwrap_or_default();
    app.insert_resource(record).add_systems(Update, write);
}

/// Writes the record whenever it changed (after a puzzle: rarely).
fn write(record: Res<PuzzleRecord>, dir: Res<DataDir>, mut notice: ResMut<Notice>) {
    if !record.is_changed() || record.is_added() {
        return;
    }
    let path = dir.0.join(FILE);
    if let Err(e) = parlour_saves::disk::write_atomic(&path, record.to_text().as_bytes()) {
        notice.set(format!("Your puzzle rating could not be saved: {e}."), true);
    }
}

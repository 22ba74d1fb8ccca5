//! The puzzle record (`puzzles::record`) read at start and written after each change, as
//! `puzzles.json` beside the settings, and the player's own puzzles (`puzzles::own`) as
//! `own-puzzles.txt` beside it, one a line in the puzzle file's format: on disk, or in the
//! browser in the page's storage (`parlour_saves::disk`, the same seam the settings use). A
//! line of the own puzzles that cannot be read or played is refused with a sentence, shown
//! once, and left out (the file is written again without it at the next puzzle found).

use bevy::prelude::*;
use parlour_ai::puzzles::own::read_own;

use super::settings::DataDir;
use crate::puzzles::own::OwnPuzzles;
use crate::puzzles::record::PuzzleRecord;
use crate::state::Notice;

const FILE: &str = "puzzles.json";
/// The player's own puzzles.
const OWN_FILE: &str = "own-puzzles.txt";

pub(super) fn plugin(app: &mut App) {
    let dir = parlour_saves::data_dir();
    let record = parlour_saves::disk::read(&dir.join(FILE))
        .map(|bytes| PuzzleRecord::from_text(&bytes))
        .unwrap_or_default();
    let text = parlour_saves::disk::read(&dir.join(OWN_FILE))
        .map(|bytes| String::from_utf8_lossy(&bytes).into_owned())
        .unwrap_or_default();
    let (puzzles, refused) = read_own(&text);
    let own = OwnPuzzles {
        puzzles,
        refused: refused
            .iter()
            .map(|e| format!("Your own puzzles ({OWN_FILE}): {e}; it is skipped."))
            .collect(),
        ..default()
    };
    app.insert_resource(record)
        .insert_resource(own)
        .add_systems(Update, (write, write_own));
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

/// Writes the player's own puzzles when some were added; says once what was refused on reading.
fn write_own(mut own: ResMut<OwnPuzzles>, dir: Res<DataDir>, mut notice: ResMut<Notice>) {
    if !own.refused.is_empty() {
        let refused = std::mem::take(&mut own.refused);
        bevy::log::warn!("{}", refused.join(" "));
        notice.set(refused.join(" "), true);
    }
    if !own.unsaved {
        return;
    }
    own.unsaved = false;
    let mut text = String::from("# Puzzles from your own games (Parlour): one a line, as docs/puzzles.md describes.\n");
    for p in &own.puzzles {
        text.push_str(&p.file_line());
        text.push('\n');
    }
    let path = dir.0.join(OWN_FILE);
    if let Err(e) = parlour_saves::disk::write_atomic(&path, text.as_bytes()) {
        notice.set(format!("Your own puzzles could not be saved: {e}."), true);
    }
}

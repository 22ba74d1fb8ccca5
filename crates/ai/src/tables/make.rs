//! Building a table into its folder, the one path the engine's `tables build` and the client's
//! Settings share: solved and checked in memory (cancellable, with progress), then written under
//! a temporary name and renamed, so that a build stopped or failed leaves no file that looks
//! like a table, and the store told so that its next lookup finds the new one.
//!
//! What a build costs is estimated here too, from the table's size: time at the rate measured
//! on the project's 2-core machine (2.6 µs a position on one core, build and check together),
//! memory the table's bytes plus one byte per position of its largest layer
//! (docs/soldiers-fair-rules.md, "Exact tables").

use std::path::{Path, PathBuf};

use parlour_rules::soldiers::{SoldiersOptions, Variant};

use super::index::Layout;
use super::store;
use super::table::Table;
use super::types::BuildError;
use crate::stop::StopFlag;

/// Microseconds a position takes to build and check, measured on board 1 (one core).
const MICROS_PER_POSITION: f64 = 2.6;

/// What building a whole table costs.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Cost {
    /// Positions in the table (its file's bytes, near enough).
    pub positions: u64,
    /// Memory while it is built, in bytes.
    pub memory: u64,
    /// Minutes on one core of the machine it was measured on.
    pub minutes: f64,
}

/// The soldiers at the start of `options`' board: the top of its whole table.
pub fn start_soldiers(options: &SoldiersOptions) -> u32 {
    options.variant.board().soldier_starts().len() as u32
}

/// What the whole table of `options` costs to build, or `None` for board 3 (too large).
pub fn cost(options: &SoldiersOptions) -> Option<Cost> {
    if options.variant == Variant::Board3 {
        return None;
    }
    let layout = Layout::new(options, start_soldiers(options), 0);
    let positions = layout.total();
    let largest = layout.layers.iter().map(|l| l.size).max().unwrap_or(0);
    Some(Cost {
        positions,
        memory: positions + largest,
        minutes: positions as f64 * MICROS_PER_POSITION / 60e6,
    })
}

/// How far a build is, 0–1, from what its progress reports (`phase` `solve` or `check`, the
/// positions done of `total`): the solve and the check take about half each.
pub fn fraction(phase: &str, done: u64, total: u64) -> f64 {
    let part = (done as f64 / total.max(1) as f64).clamp(0.0, 1.0);
    match phase {
        "check" => 0.5 + part / 2.0,
        _ => part / 2.0,
    }
}

/// Builds the table of `options` from `bottom` up to `top` soldiers (`None`: the board's start)
/// and writes it to `dir` (see the module's notes); `stop` cancels it, `progress` hears it as
/// [`Table::build`] says. The table and where it was written.
pub fn build_file(
    options: &SoldiersOptions,
    top: Option<u32>,
    bottom: u32,
    dir: &Path,
    stop: &StopFlag,
    progress: &mut dyn FnMut(&str, u64, u64),
) -> Result<(Table, PathBuf), BuildError> {
    let top = top.unwrap_or_else(|| start_soldiers(options));
    let table = Table::build_until(options, top, bottom, stop, progress)?;
    save(table, dir, stop)
}

/// Writes a table just built or extended to `dir` (unless `stop` was set meanwhile) and tells
/// the store.
pub fn save(table: Table, dir: &Path, stop: &StopFlag) -> Result<(Table, PathBuf), BuildError> {
    if stop.is_set() {
        return Err(BuildError::Cancelled);
    }
    let path = table.save(dir).map_err(|e| BuildError::Write(e.to_string()))?;
    store::forget(&table.layout.options, dir);
    Ok((table, path))
}

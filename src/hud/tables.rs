//! The Settings' "Exact tables (Sixteen Soldiers)" section: each board and rule set a table can
//! be built for, whether its table is on disk and how large, and a Build button that builds it
//! in the background with a progress bar, the time left and Cancel (`store::tables`). What a
//! build costs is said before it starts. In the browser: a sentence that tables are a desktop
//! feature.

use std::path::Path;

use bevy_egui::egui;
#[cfg(not(target_arch = "wasm32"))]
use parlour_ai::tables::make;
#[cfg(not(target_arch = "wasm32"))]
use parlour_ai::tables::store::Presence;

use crate::store::tables::TableBuilds;
#[cfg(not(target_arch = "wasm32"))]
use crate::store::tables::{SETS, minutes_text, set_options, size_text};

/// What the section says first: what a table is for and what building one costs.
#[cfg(not(target_arch = "wasm32"))]
pub const INTRO: &str = "A table holds the exact result of every position of one board under one set of rules. \
     Where one is built, the Master plays perfectly and the hint and the review give exact results. \
     Building one takes about 20–60 minutes and 0.6–1 GB of memory (board 4 as given: about 2 hours \
     and 3 GB); it runs in the background while you play.";

/// What a row shows in its middle column and which button it offers.
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Debug, PartialEq)]
pub enum RowState {
    /// Not built: the cost of building it.
    Missing(String),
    /// On disk (or in use), its size.
    Present(String),
    /// On disk but unusable: why.
    Bad(String),
    /// Being built: how far, 0–1, and the text on the bar.
    Building(f32, String),
}

#[cfg(not(target_arch = "wasm32"))]
impl RowState {
    /// The button the row offers: "Build", "Build again", "Cancel" or none.
    pub fn action(&self) -> Option<&'static str> {
        match self {
            RowState::Missing(_) => Some("Build"),
            RowState::Bad(_) => Some("Build again"),
            RowState::Building(..) => Some("Cancel"),
            RowState::Present(_) => None,
        }
    }
}

/// The state of the row of `options` from its presence on disk and its build, if one runs
/// (`fraction` done, `left` estimated, `cancelling` asked).
#[cfg(not(target_arch = "wasm32"))]
pub fn row_state(
    options: &parlour_rules::soldiers::SoldiersOptions,
    presence: &Presence,
    building: Option<(f32, Option<std::time::Duration>, bool)>,
) -> RowState {
    if let Some((f, left, cancelling)) = building {
        let when = match (cancelling, left) {
            (true, _) => "stopping…".to_string(),
            (false, Some(left)) => format!("{} left", minutes_left(left.as_secs_f64() / 60.0)),
            (false, None) => "estimating the time left…".to_string(),
        };
        return RowState::Building(f, format!("{:.0} % — {when}", f * 100.0));
    }
    match presence {
        Presence::Loaded(bytes) => RowState::Present(format!("Present, {}, in use", size_text(*bytes))),
        Presence::OnDisk(bytes) => RowState::Present(format!("Present, {}", size_text(*bytes))),
        Presence::Bad(why) => RowState::Bad(why.clone()),
        Presence::Missing => RowState::Missing(match make::cost(options) {
            Some(c) => format!(
                "Not built: {}, {} of memory",
                minutes_text(c.minutes),
                size_text(c.memory)
            ),
            None => "Too large for a table".to_string(),
        }),
    }
}

/// Minutes left as a player reads them: "about 12 min", "under a minute".
#[cfg(not(target_arch = "wasm32"))]
fn minutes_left(minutes: f64) -> String {
    if minutes < 1.0 {
        "under a minute".to_string()
    } else {
        minutes_text(minutes)
    }
}

/// The section, drawn inside the Settings window (`now`: seconds since start, `data`: the data
/// folder).
pub(super) fn section(ui: &mut egui::Ui, builds: &mut TableBuilds, data: &Path, now: f64, open: bool) {
    egui::CollapsingHeader::new("Exact tables (Sixteen Soldiers)")
        .default_open(open)
        .show(ui, |ui| {
            ui.set_max_width(600.0);
            body(ui, builds, data, now);
        });
}

#[cfg(target_arch = "wasm32")]
fn body(ui: &mut egui::Ui, _builds: &mut TableBuilds, _data: &Path, _now: f64) {
    ui.label(
        "Exact tables are a desktop feature: the browser can neither build nor keep them. \
         Here the computer searches on every board.",
    );
}

#[cfg(not(target_arch = "wasm32"))]
fn body(ui: &mut egui::Ui, builds: &mut TableBuilds, data: &Path, now: f64) {
    use crate::store::tables::{Build, tables_dir};

    let dir = tables_dir(data);
    builds.look(&dir, now);
    ui.label(INTRO);
    ui.add_space(4.0);
    let busy = builds.running.is_some();
    let mut start = None;
    egui::Grid::new("tables")
        .num_columns(3)
        .spacing([12.0, 6.0])
        .show(ui, |ui| {
            for (i, (name, text)) in SETS.iter().enumerate() {
                let options = set_options(text);
                let building = builds
                    .running
                    .as_ref()
                    .filter(|(r, _)| *r == i)
                    .map(|(_, b)| (b.fraction(), b.left(), b.cancelling()));
                let presence = builds.presence.get(i).cloned().unwrap_or(Presence::Missing);
                let state = row_state(&options, &presence, building);
                ui.label(*name);
                match &state {
                    RowState::Missing(t) | RowState::Present(t) => {
                        ui.label(t);
                    }
                    RowState::Bad(why) => {
                        ui.label(egui::RichText::new("Damaged or for other rules (hover for why)").strong())
                            .on_hover_text(why);
                    }
                    RowState::Building(f, t) => {
                        ui.add(egui::ProgressBar::new(*f).text(t.as_str()).desired_width(240.0));
                    }
                }
                match state.action() {
                    Some("Cancel") => {
                        if ui.button("Cancel").clicked()
                            && let Some((_, b)) = builds.running.as_ref()
                        {
                            b.cancel();
                        }
                    }
                    Some(action) => {
                        let b = ui
                            .add_enabled(!busy, egui::Button::new(action))
                            .on_disabled_hover_text("One table is built at a time.");
                        if b.clicked() {
                            start = Some((i, options));
                        }
                    }
                    None => {
                        ui.label("");
                    }
                }
                ui.end_row();
            }
            ui.label("Board 3");
            ui.label("Too large for a table (26 soldiers on 45 points): the computer searches.");
            ui.label("");
            ui.end_row();
        });
    if let Some((i, options)) = start {
        builds.running = Some((i, Build::start(options, &dir)));
        builds.last = None;
    }
    if let Some((_, last)) = &builds.last {
        ui.label(last);
    }
    ui.label(egui::RichText::new(format!("Folder: {}", dir.display())).small().weak());
}

#[cfg(all(test, not(target_arch = "wasm32")))]
mod tests {
    use super::*;

    #[test]
    fn each_state_offers_its_button_and_says_what_it_costs() {
        let board1 = set_options("variant=board1 rules=fair");
        let missing = row_state(&board1, &Presence::Missing, None);
        assert_eq!(missing.action(), Some("Build"));
        assert!(
            matches!(&missing, RowState::Missing(t) if t.starts_with("Not built: about ") && t.contains(" MB of memory")),
            "{missing:?}"
        );
        let present = row_state(&board1, &Presence::OnDisk(671_260_400), None);
        assert_eq!(present, RowState::Present("Present, 671 MB".into()));
        assert_eq!(present.action(), None);
        let bad = row_state(&board1, &Presence::Bad("The table x is corrupt.".into()), None);
        assert_eq!(bad.action(), Some("Build again"));
        let minutes = std::time::Duration::from_secs(12 * 60);
        let running = row_state(&board1, &Presence::Missing, Some((0.25, Some(minutes), false)));
        assert_eq!(running, RowState::Building(0.25, "25 % — about 12 min left".into()));
        assert_eq!(running.action(), Some("Cancel"));
        let early = row_state(&board1, &Presence::Missing, Some((0.0, None, false)));
        assert!(matches!(early, RowState::Building(_, t) if t.ends_with("estimating the time left…")));
        let stopping = row_state(&board1, &Presence::Missing, Some((0.5, Some(minutes), true)));
        assert!(matches!(stopping, RowState::Building(_, t) if t.ends_with("stopping…")));
    }
}

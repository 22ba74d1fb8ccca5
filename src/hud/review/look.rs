//! How the review names and colours things, shared by its windows (a leaf).

use bevy_egui::egui;
use parlour_ai::analysis::Mark;
use parlour_rules::Player;

use crate::games::any_match::AnyMatch;
use crate::games::words::cap;
use crate::theme::palette::mark_rgb;

/// The colour a mark is shown in (none for best and good moves).
pub fn mark_colour(mark: Mark) -> Option<egui::Color32> {
    mark_rgb(mark).map(|[r, g, b]| egui::Color32::from_rgb(r, g, b))
}

/// A side's name, capitalised.
pub(super) fn side_title(m: &dyn AnyMatch, p: Player) -> String {
    cap(&m.side_name(p))
}

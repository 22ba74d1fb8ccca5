//! The client's own colours beside egui's theme.

use bevy_egui::egui;

/// The gold of the side to move and of headings.
pub const GOLD: egui::Color32 = egui::Color32::from_rgb(236, 196, 112);

/// The colour of a review mark (the move list's `?!`, `?`, `??`, the graph's dots and the
/// played move drawn on the table); none for the best and good moves.
pub fn mark_rgb(mark: parlour_ai::analysis::Mark) -> Option<[u8; 3]> {
    use parlour_ai::analysis::Mark;
    match mark {
        Mark::Best | Mark::Good => None,
        Mark::Inaccuracy => Some([230, 200, 70]),
        Mark::Mistake => Some([240, 140, 50]),
        Mark::Blunder => Some([235, 70, 60]),
    }
}

/// The colour of the computer's preferred move on the review's table and in its window.
pub const BEST_RGB: [u8; 3] = [90, 205, 120];

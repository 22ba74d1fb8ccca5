//! The compact bar's online line (a small screen has no room for the desktop's line above the
//! table): a lamp for the connection, then each player's name and rating beside their side's
//! disc, the side that moves first first; while the friend has not come, the invite code and a
//! finger-sized "Copy".

use bevy_egui::egui;

use crate::games::any_match::AnyMatch;
use crate::net::OnlineStatus;
use crate::net::lobby_window::player_text;

/// The line, for `m` in the sides' colours `colours`; with `room` (a landscape screen's column)
/// the server's last sentence above it too.
pub(super) fn online_line(
    ui: &mut egui::Ui,
    m: &dyn AnyMatch,
    colours: [egui::Color32; 2],
    status: &OnlineStatus,
    room: bool,
) {
    if room && let Some(said) = &status.message {
        ui.label(egui::RichText::new(said).small().italics());
    }
    let lamp = if status.link == "connected" {
        egui::Color32::from_rgb(110, 200, 120)
    } else {
        egui::Color32::from_rgb(230, 170, 80)
    };
    let disc = |ui: &mut egui::Ui, colour: egui::Color32, radius: f32| {
        let (rect, _) = ui.allocate_exact_size(egui::vec2(2.0 * radius + 2.0, 14.0), egui::Sense::hover());
        ui.painter().circle_filled(rect.center(), radius, colour);
    };
    if status.waiting_for_friend {
        ui.horizontal(|ui| {
            disc(ui, lamp, 4.0);
            ui.label(
                egui::RichText::new(format!("Invite code {}", status.code))
                    .small()
                    .strong(),
            );
            // A finger's 44 pixels tall: the touch style's, on every small screen.
            let copy = ui.button("Copy");
            if copy.clicked() {
                ui.ctx().copy_text(status.code.clone());
            }
        });
        return;
    }
    ui.horizontal_wrapped(|ui| {
        ui.spacing_mut().item_spacing.x = 4.0;
        disc(ui, lamp, 4.0);
        let Some(first) = status.first.filter(|_| status.players.iter().any(Option::is_some)) else {
            let what = if status.watching { "watching" } else { status.link };
            ui.label(egui::RichText::new(format!("Online · {what}")).small());
            return;
        };
        for (i, seat) in [first, first.other()].into_iter().enumerate() {
            if i == 1 {
                ui.label(egui::RichText::new("–").small().weak());
            }
            disc(ui, colours[m.colour_of_seat(seat).index()], 5.0);
            ui.label(egui::RichText::new(player_text(status.players[i].as_ref())).small());
        }
        if status.watching {
            ui.label(egui::RichText::new("· watching").small().weak());
        }
    });
}

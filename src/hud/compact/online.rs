//! The compact bar's online line (a small screen has no room for the desktop's line above the
//! table): a lamp for the connection, then each player's name and rating beside their side's
//! disc, the side that moves first first; while the friend has not come, the invite code and a
//! finger-sized "Copy". Under them, on a live clock, both clocks on one line.

use bevy_egui::egui;

use crate::games::any_match::AnyMatch;
use crate::games::words::cap;
use crate::net::OnlineStatus;
use crate::net::clock::clocks_compact;
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
    // The names and the clocks are words only: lines as tall as their text, not a finger's
    // rows, so the bar's fixed height holds them and the counts under them.
    ui.scope(|ui| {
        ui.spacing_mut().interact_size.y = 0.0;
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
    });
    // A live clock: both sides' on one line under the names, the running one lit.
    let first = status.first.unwrap_or(parlour_rules::Player::P1);
    let labels = [first, first.other()].map(|p| cap(&m.side_name(m.colour_of_seat(p))));
    clocks_compact(ui, &status.clock, &labels);
}

#[cfg(test)]
mod tests {
    use bevy_egui::egui;
    use parlour_online::wire::{PlayerTag, Rated};
    use parlour_rules::{GameId, Player};

    use super::*;
    use crate::games::build::{new_match, setup_of};

    /// The line drawn once in a phone's 330-pixel column with a finger's style: its words, and
    /// the rects of what a finger can press.
    fn line(status: &OnlineStatus) -> (Vec<String>, Vec<egui::Rect>) {
        let ctx = egui::Context::default();
        ctx.all_styles_mut(|s| {
            s.spacing.interact_size.y = 44.0;
            s.interaction.selectable_labels = false;
        });
        let m = new_match(&setup_of::<&str, &str>(GameId::Konane, &[], [None, None]).0).unwrap();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(330.0, 400.0))),
            ..Default::default()
        };
        let colours = [egui::Color32::BLACK, egui::Color32::WHITE];
        let mut out = ctx.run_ui(input, |ui| online_line(ui, m.as_ref(), colours, status, false));
        out.textures_delta.clear();
        let mut words = Vec::new();
        for s in &out.shapes {
            if let egui::Shape::Text(t) = &s.shape {
                words.push(t.galley.text().to_string());
            }
        }
        let taps = crate::theme::layout::taps(&ctx);
        (words, taps)
    }

    /// How tall the line is in that column.
    fn height(status: &OnlineStatus) -> f32 {
        let ctx = egui::Context::default();
        ctx.all_styles_mut(|s| s.spacing.interact_size.y = 44.0);
        let m = new_match(&setup_of::<&str, &str>(GameId::Konane, &[], [None, None]).0).unwrap();
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(330.0, 400.0))),
            ..Default::default()
        };
        let colours = [egui::Color32::BLACK, egui::Color32::WHITE];
        let mut tall = 0.0;
        let mut out = ctx.run_ui(input, |ui| {
            let top = ui.cursor().top();
            online_line(ui, m.as_ref(), colours, status, false);
            tall = ui.cursor().top() - top;
        });
        out.textures_delta.clear();
        tall
    }

    #[test]
    fn a_live_clock_is_one_short_line_under_the_names() {
        let tag = |name: &str| PlayerTag {
            name: name.into(),
            rating: None,
        };
        let mut status = OnlineStatus {
            active: true,
            code: "abcdefgh23".into(),
            link: "connected",
            players: [Some(tag("Ada_L")), Some(tag("Bob_K"))],
            first: Some(Player::P1),
            ..Default::default()
        };
        let names = height(&status);
        // The names are words only: a line of text, not a finger's 44-pixel row.
        assert!(names < 30.0, "the names' line is {names} tall");
        status.clock = crate::net::clock::ClockLine {
            control: Some(parlour_clock::TimeControl::new(180, 2).unwrap()),
            view: Some(parlour_clock::ClockView {
                remaining_ms: [174_000, 115_000],
                running: Some(Player::P1),
                first_move_ms: None,
            }),
            warned: [false; 2],
        };
        let (words, taps) = line(&status);
        assert!(words.iter().any(|w| w.ends_with(" 2:54")), "{words:?}");
        assert!(words.iter().any(|w| w.ends_with(" 1:55")), "{words:?}");
        assert!(taps.is_empty(), "nothing to press: {taps:?}");
        // The bar's height is fixed: the clocks add one line of text, not a finger's row.
        let clocks = height(&status) - names;
        assert!(clocks < 30.0, "the clocks' line is {clocks} tall");
    }

    #[test]
    fn the_bar_names_both_players_with_their_ratings_and_a_finger_copies_the_code() {
        let tag = |name: &str, rating, provisional| PlayerTag {
            name: name.into(),
            rating: Some(Rated {
                rating,
                deviation: 90,
                games: 9,
                provisional,
            }),
        };
        let mut status = OnlineStatus {
            active: true,
            code: "abcdefgh23".into(),
            link: "connected",
            players: [Some(tag("Ada_L", 1720, false)), Some(tag("Bob_K", 1500, true))],
            first: Some(Player::P1),
            ..Default::default()
        };
        let (words, taps) = line(&status);
        assert_eq!(words, ["Ada_L 1720", "–", "Bob_K 1500?"]);
        assert!(taps.is_empty(), "nothing to press: {taps:?}");
        // A player without a rated game of this kind yet is new, not a dash.
        status.players[1] = Some(PlayerTag {
            name: "Cleo".into(),
            rating: None,
        });
        assert_eq!(line(&status).0, ["Ada_L 1720", "–", "Cleo (new)"]);
        // A friend's game before the friend comes: the code, and Copy at a finger's size.
        status.waiting_for_friend = true;
        status.players = [None, None];
        let (words, taps) = line(&status);
        assert!(words.iter().any(|w| w.contains("abcdefgh23")), "{words:?}");
        assert_eq!(taps.len(), 1);
        assert!(taps[0].height() >= 43.5 && taps[0].right() <= 330.0, "{taps:?}");
    }
}

//! The lobby's "Create a seek": the game, the options last chosen for it in New game, rated or
//! casual, the side, a rating range, the clock; "Post the seek", or "Play now" (quick pairing
//! by rating, untimed).
//! While one is open, what it waits for and Cancel.

use bevy_egui::egui;
use parlour_online::client::lobby::SeekOptions;
use parlour_online::lobby_link::LobbyLink;
use parlour_online::wire::{RatingRange, SideChoice};
use parlour_rules::GameId;

use super::model::{LobbyWindow, game_name, options_text};
use super::pace::{pace_of, pace_picker};
use crate::store::settings::Settings;
use crate::theme::layout::mark_target;

/// "Create a seek": the game (with the options last chosen for it), rated or casual, the side,
/// a rating range; or the seek open, to cancel.
pub(super) fn create_section(ui: &mut egui::Ui, link: &mut LobbyLink, w: &mut LobbyWindow, settings: &Settings) {
    ui.heading("Create a seek");
    if let Some(own) = link.own_seek() {
        let secs = own.since.elapsed().as_secs();
        let waiting = if own.pool {
            format!("Looking for an opponent near your rating… ({secs} s)")
        } else {
            format!("Waiting for someone to accept your {} seek…", game_name(&own.game))
        };
        ui.horizontal(|ui| {
            ui.spinner();
            ui.label(waiting);
            if ui.button("Cancel").clicked() {
                link.cancel_seek();
            }
        });
        return;
    }
    let named = link.account().is_some_and(|a| a.named);
    ui.horizontal_wrapped(|ui| {
        egui::ComboBox::from_id_salt("seek-game")
            .selected_text(w.game.name())
            .show_ui(ui, |ui| {
                for id in GameId::ALL {
                    ui.selectable_value(&mut w.game, id, id.name());
                }
            });
        ui.add_enabled(named, egui::Checkbox::new(&mut w.rated, "Rated"))
            .on_disabled_hover_text("Only a named account plays rated games");
        w.rated &= named;
    });
    let options = if settings.last_setup.game == w.game {
        settings.last_setup.options.pairs().to_vec()
    } else {
        Vec::new()
    };
    ui.label(format!(
        "Options: {} (as last chosen in New game)",
        options_text(&options)
    ));
    ui.horizontal_wrapped(|ui| {
        ui.label("You play");
        ui.radio_value(&mut w.side, SideChoice::First, "first");
        ui.radio_value(&mut w.side, SideChoice::Second, "second");
        ui.radio_value(&mut w.side, SideChoice::Random, "either");
    });
    ui.horizontal_wrapped(|ui| {
        ui.checkbox(&mut w.limited, "Opponents rated");
        ui.add_enabled(
            w.limited,
            egui::DragValue::new(&mut w.range.0).range(600..=3500).speed(10),
        );
        ui.label("to");
        ui.add_enabled(
            w.limited,
            egui::DragValue::new(&mut w.range.1).range(600..=3500).speed(10),
        );
    });
    pace_picker(ui, w.game, &mut w.pace, &mut w.custom);
    let range = w.limited.then(|| RatingRange {
        lo: w.range.0.min(w.range.1),
        hi: w.range.0.max(w.range.1),
    });
    let (post, now) = ui
        .horizontal(|ui| {
            let post = ui.add_enabled(link.account().is_some(), egui::Button::new("Post the seek"));
            // Quick pairing by rating (lichess's pools), each clock its own pool: rated for a
            // named account.
            let now = ui.add_enabled(link.account().is_some(), egui::Button::new("Play now"));
            (
                post,
                now.on_hover_text("Paired with a player near your rating who wants the same clock"),
            )
        })
        .inner;
    mark_target(ui.ctx(), "lobby-seek", post.rect);
    let sent = if post.clicked() {
        pace_of(w.pace, w.custom).and_then(|pace| {
            let seek = SeekOptions {
                options,
                rated: w.rated,
                side: w.side,
                range,
                pace,
            };
            link.seek(w.game.id(), seek)
        })
    } else if now.clicked() {
        pace_of(w.pace, w.custom).and_then(|pace| link.play_now(w.game.id(), options, named, pace))
    } else {
        Ok(())
    };
    if let Err(e) = sent {
        w.message = Some(e);
    }
}

//! A game's leaderboard: the game and its rating key chosen (the standard options' first), then
//! rank, name, rating, deviation and games of its active, non-provisional players, best first;
//! a name opens that player's page.

use bevy_egui::egui;
use parlour_online::lobby_link::{Leaderboard, Page};
use parlour_rules::GameId;

use super::view::key_choices;
use super::words::{Clicked, arrived, key_name};
use crate::net::lobby_window::rating_text;

/// The game and key choosers; a choice asks for that leaderboard.
pub fn choosers(ui: &mut egui::Ui, game: GameId, key: &str, last: Option<&[(String, String)]>) -> Option<Clicked> {
    let mut chosen = None;
    ui.horizontal_wrapped(|ui| {
        let mut g = game;
        egui::ComboBox::from_id_salt("board-game")
            .selected_text(g.name())
            .show_ui(ui, |ui| {
                for id in GameId::ALL {
                    ui.selectable_value(&mut g, id, id.name());
                }
            });
        if g != game {
            chosen = Some(Clicked::Board(g, super::view::standard_key(g)));
        }
        let keys = key_choices(game, last);
        if keys.len() > 1 {
            let mut k = key.to_string();
            egui::ComboBox::from_id_salt("board-key")
                .selected_text(options_of(&k))
                .show_ui(ui, |ui| {
                    for (i, each) in keys.iter().enumerate() {
                        let text = if i == 0 {
                            format!("{} (standard)", options_of(each))
                        } else {
                            options_of(each)
                        };
                        ui.selectable_value(&mut k, each.clone(), text);
                    }
                });
            if k != key {
                chosen = Some(Clicked::Board(game, k));
            }
        }
    });
    chosen
}

/// A key's options as the key chooser shows them (`standard` for none).
fn options_of(key: &str) -> String {
    match key_name(key).split_once(" · ") {
        Some((_, options)) => options.to_string(),
        None => "standard".into(),
    }
}

/// The leaderboard of `key` as it stands: the rows, the sentence for none, a wait or a refusal.
/// Returns the player whose name was clicked.
pub fn leaderboard(ui: &mut egui::Ui, game: GameId, key: &str, page: Option<&Page<Leaderboard>>) -> Option<Clicked> {
    let board = arrived(ui, page)?;
    if board.rows.is_empty() {
        let name = if key_name(key).contains(" · ") {
            key_name(key)
        } else {
            game.name().to_string()
        };
        ui.label(egui::RichText::new(format!("Nobody has a rating in {name} yet — play a rated game.")).strong());
        ui.label(
            egui::RichText::new(
                "Players are listed once their rating is settled (no ? after it) and while they have \
                 played a rated game in the last 30 days.",
            )
            .small()
            .weak(),
        );
        return None;
    }
    let mut clicked = None;
    egui::Grid::new("leaderboard")
        .striped(true)
        .num_columns(3)
        .spacing([8.0, 2.0])
        .show(ui, |ui| {
            // Three columns fit a phone's width with a name of 20 letters: the deviation and the
            // games under the rating.
            for heading in ["#", "Player", "Rating"] {
                ui.label(egui::RichText::new(heading).small().weak());
            }
            ui.end_row();
            for (rank, (name, rated)) in board.rows.iter().enumerate() {
                ui.label(format!("{}", rank + 1));
                let button = ui
                    .add(egui::Button::new(egui::RichText::new(name).strong()).frame(false))
                    .on_hover_text("This player's page");
                if button.clicked() {
                    clicked = Some(Clicked::Player(name.clone()));
                }
                ui.vertical(|ui| {
                    ui.spacing_mut().item_spacing.y = 0.0;
                    ui.label(egui::RichText::new(rating_text(rated)).strong());
                    let games = if rated.games == 1 { "game" } else { "games" };
                    ui.label(
                        egui::RichText::new(format!("±{} · {} {games}", rated.deviation, rated.games))
                            .small()
                            .weak(),
                    );
                });
                ui.end_row();
            }
        });
    clicked
}

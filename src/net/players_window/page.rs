//! A player's page: the name, each rating (provisional ones as `1500?`) with its deviation and
//! games, their history as a graph, and the recent games — opponent, game, result, rated or
//! casual, the day — each with "Review" (or "Watch" while it goes on); the share of lobby games
//! the player finished (issue 75).

use bevy_egui::egui;
use parlour_online::lobby_link::{Page, PlayerPage};
use parlour_online::wire::GameSummary;

use super::graph::{graph, lines};
use super::words::{Clicked, arrived, date, game_name, key_game, key_name, outcome, seat_of};
use crate::net::lobby_window::{player_text, rating_text};
use crate::theme::layout::mark_target;

/// The page as it stands: the page, a wait or a refusal. `me`: this player's own name; `narrow`:
/// a phone's width (the graph shorter, each game on two lines). Returns what was clicked.
pub fn player_page(
    ui: &mut egui::Ui,
    page: Option<&Page<PlayerPage>>,
    me: Option<&str>,
    narrow: bool,
) -> Option<Clicked> {
    let page = arrived(ui, page)?;
    let mut clicked = None;
    let yours = me.is_some_and(|m| m.eq_ignore_ascii_case(&page.name));
    ui.heading(if yours {
        format!("{} (you)", page.name)
    } else {
        page.name.clone()
    });
    clicked = ratings(ui, page).or(clicked);
    if let Some(line) = finished_line(page) {
        ui.label(line);
    }
    ui.separator();
    ui.label(egui::RichText::new("Rating history").strong());
    if page.history.is_empty() {
        ui.label(egui::RichText::new("The graph starts with the first rated game.").italics());
    } else {
        let keys: Vec<String> = page.ratings.iter().map(|r| r.key.clone()).collect();
        graph(ui, &lines(&page.history, &keys), if narrow { 150.0 } else { 190.0 });
    }
    ui.separator();
    ui.label(egui::RichText::new("Recent games").strong());
    if page.recent.is_empty() {
        ui.label(egui::RichText::new("No games yet.").italics());
    }
    for (i, g) in page.recent.iter().enumerate() {
        clicked = recent_game(ui, &page.name, g, i, narrow).or(clicked);
    }
    clicked
}

/// "Finished 95 % of 40 games (left 2)": the share of lobby games the player saw through.
pub fn finished_line(page: &PlayerPage) -> Option<String> {
    let f = page.finished;
    (f.games > 0).then(|| {
        let games = if f.games == 1 { "game" } else { "games" };
        match f.left {
            0 => format!("Finished all {} {games}", f.games),
            left => format!("Finished {} % of {} {games} (left {left})", f.percent(), f.games),
        }
    })
}

/// Each rating key's rating, deviation and rated games; a key opens its leaderboard.
fn ratings(ui: &mut egui::Ui, page: &PlayerPage) -> Option<Clicked> {
    if page.ratings.is_empty() {
        ui.label(egui::RichText::new("No rated games yet: every rating starts at 1500?.").italics());
        return None;
    }
    let mut clicked = None;
    let played: u32 = page.ratings.iter().map(|r| r.rating.games).sum();
    ui.label(format!(
        "{played} rated game{} played",
        if played == 1 { "" } else { "s" }
    ));
    // A line each, wrapping (a Sixteen Soldiers key is long for a phone's table).
    for row in &page.ratings {
        ui.horizontal_wrapped(|ui| {
            let button = ui
                .add(egui::Button::new(key_name(&row.key)).frame(false))
                .on_hover_text("This game's leaderboard");
            if button.clicked()
                && let Some(game) = key_game(&row.key)
            {
                clicked = Some(Clicked::Board(game, row.key.clone()));
            }
            ui.label(egui::RichText::new(rating_text(&row.rating)).strong().size(17.0));
            let games = row.rating.games;
            ui.label(
                egui::RichText::new(format!(
                    "±{} · {games} game{}",
                    row.rating.deviation,
                    if games == 1 { "" } else { "s" }
                ))
                .weak(),
            );
        });
    }
    clicked
}

/// One recent game: "Review" (or "Watch"), then the opponent (whose name opens their page), the
/// game, the result for this page's player, rated or casual, and the day it ended.
fn recent_game(ui: &mut egui::Ui, name: &str, g: &GameSummary, i: usize, narrow: bool) -> Option<Clicked> {
    let mut clicked = None;
    let opponent = seat_of(name, g).and_then(|s| g.players[1 - s].as_ref());
    let details = format!(
        "{} · {} · {} · {}",
        game_name(&g.game),
        outcome(name, g),
        if g.rated { "rated" } else { "casual" },
        g.ended_at.map_or_else(|| format!("{} moves so far", g.moves), date)
    );
    ui.push_id(("recent", i), |ui| {
        ui.horizontal(|ui| {
            let (label, ask) = if g.result.is_some() {
                ("Review", Clicked::Review(g.code.clone()))
            } else {
                ("Watch", Clicked::Watch(g.code.clone()))
            };
            let button = ui.button(label);
            if i == 0 {
                mark_target(ui.ctx(), "player-review", button.rect);
            }
            if button.clicked() {
                clicked = Some(ask);
            }
            let mut about = |ui: &mut egui::Ui| {
                ui.horizontal_wrapped(|ui| {
                    ui.label("vs");
                    match opponent {
                        Some(o) => {
                            let text = player_text(Some(o));
                            if ui.add(egui::Button::new(text).frame(false)).clicked() {
                                clicked = Some(Clicked::Player(o.name.clone()));
                            }
                        }
                        None => {
                            ui.label("(no account)");
                        }
                    }
                });
                ui.label(egui::RichText::new(&details).small());
            };
            if narrow {
                ui.vertical(|ui| about(ui));
            } else {
                ui.horizontal_wrapped(|ui| about(ui));
            }
        });
    });
    clicked
}

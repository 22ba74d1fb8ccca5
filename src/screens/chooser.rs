//! The new-game chooser's cards: one per game, with a picture of its board rendered by the
//! client itself (`scripts/gallery.sh` makes `assets/cards/<game>.png` with `--show card`), its
//! name and a line on what it is like. The rest of the dialog (options, players) is in `hud`.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, EguiTextureHandle, egui};
use parlour_rules::GameId;

use crate::games::client::about;
use crate::theme::keyboard::way_in;
use crate::theme::palette::GOLD;

/// The cards' pictures, loaded once at start-up.
#[derive(Resource, Default)]
pub struct CardPictures(Vec<(GameId, Handle<Image>)>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<CardPictures>().add_systems(Startup, load_pictures);
}

fn load_pictures(assets: Res<AssetServer>, mut pictures: ResMut<CardPictures>) {
    pictures.0 = GameId::ALL
        .map(|id| (id, assets.load(format!("cards/{id}.png"))))
        .into();
}

/// The egui textures of the pictures that have loaded, by game id.
pub fn textures(
    contexts: &mut EguiContexts,
    pictures: &CardPictures,
    assets: &AssetServer,
) -> Vec<(GameId, egui::TextureId)> {
    pictures
        .0
        .iter()
        .filter(|(_, h)| assets.is_loaded(h.id()))
        .map(|(id, h)| (*id, contexts.add_image(EguiTextureHandle::Strong(h.clone()))))
        .collect()
}

/// Draws the five cards in a row; returns the game clicked (or chosen from the keyboard), if any.
pub fn cards(ui: &mut egui::Ui, chosen: GameId, pictures: &[(GameId, egui::TextureId)]) -> Option<GameId> {
    let mut clicked = None;
    let gold = GOLD;
    ui.horizontal(|ui| {
        for id in GameId::ALL {
            let on = chosen == id;
            let frame = egui::Frame::group(ui.style())
                .fill(if on {
                    egui::Color32::from_rgba_unmultiplied(90, 70, 30, 110)
                } else {
                    egui::Color32::from_rgba_unmultiplied(0, 0, 0, 60)
                })
                .stroke(if on {
                    egui::Stroke::new(2.0, gold)
                } else {
                    egui::Stroke::new(1.0, egui::Color32::from_gray(80))
                })
                .inner_margin(egui::Margin::same(6));
            // The card senses clicks from the start (a frame's own response senses only the
            // pointer, and would let the keyboard focus go).
            let response = ui
                .scope_builder(egui::UiBuilder::new().sense(egui::Sense::click()), |ui| {
                    frame.show(ui, |ui| {
                        ui.set_width(146.0);
                        ui.vertical(|ui| {
                            let size = egui::vec2(146.0, 91.0);
                            match pictures.iter().find(|(g, _)| *g == id) {
                                Some((_, tex)) => {
                                    ui.add(egui::Image::new((*tex, size)).corner_radius(4));
                                }
                                None => {
                                    let (rect, _) = ui.allocate_exact_size(size, egui::Sense::hover());
                                    ui.painter().rect_filled(rect, 4.0, egui::Color32::from_rgb(70, 45, 28));
                                }
                            }
                            let title = egui::RichText::new(id.name()).size(16.0).strong();
                            // Not selectable: the text must not take the card's clicks.
                            ui.add(egui::Label::new(if on { title.color(gold) } else { title }).selectable(false));
                            ui.add(
                                egui::Label::new(egui::RichText::new(about(id).tagline).small())
                                    .wrap()
                                    .selectable(false),
                            );
                        });
                    })
                })
                .response
                .on_hover_cursor(egui::CursorIcon::PointingHand);
            // The keyboard: the first arrow lands on the chosen card, Left and Right walk the
            // row, Enter or Space chooses; the focused card is ringed.
            if on {
                way_in(ui, &response);
            }
            if response.has_focus() {
                ui.painter().rect_stroke(
                    response.rect.expand(3.0),
                    6.0,
                    egui::Stroke::new(2.0, egui::Color32::WHITE),
                    egui::StrokeKind::Outside,
                );
            }
            if response.clicked() {
                clicked = Some(id);
            }
        }
    });
    clicked
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::theme::keyboard::tests::{pass, pass_events};

    #[test]
    fn the_cards_are_chosen_from_the_keyboard() {
        use egui::Key::*;
        let ctx = egui::Context::default();
        let mut chosen = GameId::Konane;
        let mut step = |keys: &[egui::Key]| {
            let mut got = None;
            pass(&ctx, keys, |ui| got = cards(ui, chosen, &[]));
            if let Some(g) = got {
                chosen = g;
            }
            got
        };
        assert_eq!(step(&[]), None);
        // The first arrow lands on the chosen card; Enter on it chooses it again.
        assert_eq!(step(&[ArrowRight]), None);
        assert_eq!(step(&[Enter]), Some(GameId::Konane));
        // Right walks to the next card (after a frame to place it), Enter chooses it.
        assert_eq!(step(&[ArrowRight]), None);
        assert_eq!(step(&[]), None);
        assert_eq!(step(&[Enter]), GameId::ALL.get(2).copied());
        assert_eq!(step(&[ArrowLeft]), None);
        assert_eq!(step(&[]), None);
        assert_eq!(step(&[Space]), Some(GameId::Konane));
    }

    #[test]
    fn a_click_on_a_cards_name_chooses_it() {
        let ctx = egui::Context::default();
        let mut got = None;
        // The first card's name, under its picture.
        let at = egui::pos2(40.0, 118.0);
        let button = |pressed| egui::Event::PointerButton {
            pos: at,
            button: egui::PointerButton::Primary,
            pressed,
            modifiers: egui::Modifiers::NONE,
        };
        for events in [
            vec![],
            vec![egui::Event::PointerMoved(at)],
            vec![button(true)],
            vec![button(false)],
        ] {
            pass_events(&ctx, events, |ui| got = got.or(cards(ui, GameId::Konane, &[])));
        }
        assert_eq!(got, Some(GameId::Kansho));
    }
}

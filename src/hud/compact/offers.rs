//! A small screen's offers in an online game (issue 74): the desktop has them on its line above
//! the table, which a phone has no room for. Upright, a strip of finger-sized buttons just above
//! the caption, which the camera keeps clear of the board (`table::camera::OFFER_STRIP`); on its
//! side, in the left column under the bar. What the strip says and what each button asks are
//! `net::offers`'s, the same as the desktop's.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};

use super::{Sheet, drawn};
use crate::net::offers::{buttons, choices};
use crate::net::{NetCommand, OnlineStatus};
use crate::state::Screen;
use crate::table::camera::{CAPTION_STRIP, LANDSCAPE_COLUMN};
use crate::theme::layout::{Layout, LayoutKind};

/// The strip, for a seated player in an online game on a small screen, while playing and on
/// the result card (the rematch); not while the sheet covers the bottom of an upright screen.
pub(in crate::hud) fn offer_strip(
    mut contexts: EguiContexts,
    screen: Res<State<Screen>>,
    layout: Res<Layout>,
    status: Res<OnlineStatus>,
    sheet: Res<Sheet>,
    mut net: MessageWriter<NetCommand>,
) -> Result {
    let playing = *screen.get() == Screen::Playing;
    let portrait = layout.kind == LayoutKind::Portrait;
    if !layout.compact()
        || !status.active
        || status.watching
        || status.waiting_for_friend
        || !(playing || *screen.get() == Screen::Results)
        || (portrait && playing && sheet.0)
    {
        return Ok(());
    }
    let (said, asks) = choices(&status.offers);
    if said.is_none() && asks.is_empty() {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let screen = ctx.content_rect();
    let (anchor, offset, width) = place(
        layout.kind,
        screen,
        drawn(ctx, "bar").filter(|_| playing),
        drawn(ctx, "caption"),
    );
    let mut asked = None;
    egui::Window::new("offers")
        .title_bar(false)
        .resizable(false)
        .anchor(anchor, offset)
        .fixed_size([width, 0.0])
        .frame(egui::Frame::window(&ctx.global_style()).inner_margin(egui::Margin::symmetric(10, 6)))
        .show(ctx, |ui| asked = buttons(ui, &status.offers, true));
    if let Some(ask) = asked {
        net.write(NetCommand::Offer(ask));
    }
    Ok(())
}

/// Where the strip stands on the `screen`, and its width: upright, across the screen just above
/// the caption (`caption`, where it was drawn, if it was: taller than its strip, it lifts the
/// offers); on its side, in the column under the bar (`bar`, where it was drawn while playing).
fn place(
    kind: LayoutKind,
    screen: egui::Rect,
    bar: Option<egui::Rect>,
    caption: Option<egui::Rect>,
) -> (egui::Align2, [f32; 2], f32) {
    if kind == LayoutKind::Portrait {
        let above = caption.map_or(0.0, |c| screen.bottom() - c.top() + 6.0);
        (
            egui::Align2::CENTER_BOTTOM,
            [0.0, -above.max(CAPTION_STRIP)],
            screen.width() - 16.0,
        )
    } else {
        let top = bar.map_or(8.0, |b| b.bottom() + 6.0);
        (egui::Align2::LEFT_TOP, [8.0, top], LANDSCAPE_COLUMN - 16.0)
    }
}

#[cfg(test)]
mod tests {
    use bevy_egui::egui;
    use parlour_online::wire::OfferKind;

    use super::*;
    use crate::net::offers::OfferLine;
    use crate::table::camera::OFFER_STRIP;

    /// The strip drawn once on a 390 × 844 phone with a finger's style, where `place` puts it:
    /// its rect and the rects of what a finger can press.
    fn strip(line: &OfferLine) -> (egui::Rect, Vec<egui::Rect>) {
        let ctx = egui::Context::default();
        ctx.all_styles_mut(|s| {
            s.spacing.interact_size.y = 44.0;
            s.interaction.selectable_labels = false;
            s.spacing.button_padding = egui::vec2(12.0, 10.0);
            s.spacing.item_spacing = egui::vec2(8.0, 6.0);
            for (style, size) in [(egui::TextStyle::Body, 15.5), (egui::TextStyle::Button, 16.0)] {
                s.text_styles.get_mut(&style).unwrap().size = size;
            }
        });
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(390.0, 844.0));
        let input = egui::RawInput {
            screen_rect: Some(screen),
            ..Default::default()
        };
        let mut rect = egui::Rect::NOTHING;
        for _ in 0..2 {
            // Twice: a window's size is known from its first pass.
            let mut out = ctx.run_ui(input.clone(), |ui| {
                let (anchor, offset, width) = place(LayoutKind::Portrait, screen, None, None);
                let shown = egui::Window::new("offers")
                    .title_bar(false)
                    .resizable(false)
                    .anchor(anchor, offset)
                    .fixed_size([width, 0.0])
                    .frame(egui::Frame::window(ui.style()).inner_margin(egui::Margin::symmetric(10, 6)))
                    .show(ui.ctx(), |ui| buttons(ui, line, true));
                rect = shown.unwrap().response.rect;
            });
            out.textures_delta.clear();
        }
        let taps = crate::theme::layout::taps(&ctx);
        // The buttons, not the window's own background.
        let taps = taps
            .into_iter()
            .filter(|t| !t.contains_rect(rect.shrink(2.0)))
            .collect();
        (rect, taps)
    }

    #[test]
    fn an_upright_phone_has_the_offers_at_a_fingers_size_in_the_strip_kept_for_them() {
        let mut line = OfferLine {
            has_draws: true,
            ..Default::default()
        };
        let answer = OfferLine {
            offer: Some((false, OfferKind::Takeback)),
            ..line.clone()
        };
        line.offer = None;
        for (line, n) in [(&line, 2), (&answer, 2)] {
            let (rect, taps) = strip(line);
            assert_eq!(taps.len(), n, "{line:?}: {taps:?} in {rect:?}");
            // Above the caption's strip, within the strip the camera keeps free of the board.
            assert!(rect.bottom() <= 844.0 - CAPTION_STRIP + 0.5, "{rect:?}");
            assert!(rect.top() >= 844.0 - CAPTION_STRIP - OFFER_STRIP - 0.5, "{rect:?}");
            for t in taps {
                assert!(t.height() >= 43.5 && rect.contains_rect(t), "{t:?} in {rect:?}");
            }
        }
    }

    #[test]
    fn on_its_side_the_strip_stands_in_the_column_under_the_bar() {
        let screen = egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(844.0, 390.0));
        let bar = egui::Rect::from_min_max(egui::pos2(8.0, 6.0), egui::pos2(208.0, 230.0));
        let (anchor, offset, width) = place(LayoutKind::Landscape, screen, Some(bar), None);
        assert_eq!(anchor, egui::Align2::LEFT_TOP);
        assert_eq!(offset, [8.0, 236.0]);
        assert!(width <= LANDSCAPE_COLUMN - 16.0);
        // On the result card, with no bar, at the column's top.
        assert_eq!(place(LayoutKind::Landscape, screen, None, None).1, [8.0, 8.0]);
    }
}

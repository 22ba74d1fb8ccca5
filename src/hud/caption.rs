//! Over the table while playing: the caption at the bottom (what is happening, or what to do),
//! why the last click was refused (by the pointer), and the choice buttons for the part of a
//! move that is not a spot.

use bevy::prelude::*;
use bevy_egui::egui;

use crate::games::any_match::AnyMatch;
use crate::games::effects::Sfx;
use crate::games::parts::Token;
use crate::games::words::cap;
use crate::play::board::{Caption, Selection};
use crate::play::messages::{MoveInput, PlaySfx};
use crate::state::Phase;
use crate::table::camera::LANDSCAPE_COLUMN;
use crate::theme::layout::{Layout, LayoutKind};

/// The caption window at the bottom, when there is something to say.
pub(super) fn caption(
    ctx: &egui::Context,
    m: &dyn AnyMatch,
    phase: Option<Phase>,
    sel: &Selection,
    caption: &Caption,
    layout: &Layout,
) {
    let text = caption_text(m, phase, sel, caption, layout);
    // Nothing to say (e.g. between the last animation and the result screen): no empty box.
    if !text.is_empty() {
        let (x, size) = beside_hud(layout);
        let shown = egui::Window::new("caption")
            .title_bar(false)
            .resizable(false)
            .anchor(
                egui::Align2::CENTER_BOTTOM,
                [x, -14.0 + if layout.compact() { 6.0 } else { 0.0 }],
            )
            .max_width(layout.max_width(720.0, 8.0))
            .show(ctx, |ui| {
                ui.label(egui::RichText::new(text).size(size));
            });
        // The offers' strip stands clear of it (`compact::offers`).
        if let Some(shown) = shown {
            super::compact::note_rect(ctx, "caption", shown.response.rect);
        }
    }
}

/// Where the bottom windows stand across (clear of the side window or the landscape column),
/// and the caption's text size.
fn beside_hud(layout: &Layout) -> (f32, f32) {
    match layout.kind {
        LayoutKind::Desktop => (-130.0, 17.0),
        LayoutKind::Portrait => (0.0, 15.0),
        LayoutKind::Landscape => (LANDSCAPE_COLUMN / 2.0, 15.0),
    }
}

/// The caption: what is happening, or what to do.
fn caption_text(m: &dyn AnyMatch, phase: Option<Phase>, sel: &Selection, caption: &Caption, layout: &Layout) -> String {
    // On a small screen it is a finger that taps, not a mouse that clicks.
    let click = if layout.compact() { "Tap" } else { "Click" };
    let prompt = if phase == Some(Phase::AwaitingInput) {
        if sel.can_stop {
            format!("{click} a highlighted spot to go on, or the piece again to stop here")
        } else if sel.prefix.is_empty() {
            format!("{}: your move", cap(&m.side_name(m.to_move())))
        } else if sel.next.iter().any(|t| matches!(t, Token::Choice(_))) {
            "Choose with the buttons just above".to_string()
        } else if let Some(p) = m.part_prompt(&sel.prefix) {
            p
        } else {
            format!(
                "Choose one of the highlighted spots ({} the piece again to put it back)",
                click.to_lowercase()
            )
        }
    } else {
        caption.0.clone()
    };
    if phase == Some(Phase::AwaitingInput) && !caption.0.is_empty() && sel.prefix.is_empty() {
        // "Red: 4-stone rule: act at 8 or 12 · your move", not "… · Red: your move".
        let side = format!("{}: ", cap(&m.side_name(m.to_move())));
        match (caption.0.starts_with(&side), prompt.strip_prefix(&side)) {
            (true, Some(rest)) => format!("{}  ·  {rest}", caption.0),
            _ => format!("{}  ·  {prompt}", caption.0),
        }
    } else {
        prompt
    }
}

/// Why the last click was refused, by the pointer, until the next click or the turn ends.
pub(super) fn refusal(ctx: &egui::Context, phase: Option<Phase>, sel: &Selection) {
    if phase == Some(Phase::AwaitingInput)
        && let Some(why) = &sel.refusal
        && let Some(at) = ctx.pointer_latest_pos()
    {
        egui::Area::new(egui::Id::new("refusal"))
            .fixed_pos(at + egui::vec2(16.0, 18.0))
            .order(egui::Order::Tooltip)
            .interactable(false)
            .show(ctx, |ui| {
                egui::Frame::popup(ui.style())
                    .fill(egui::Color32::from_rgb(60, 24, 20))
                    .stroke(egui::Stroke::new(1.0, egui::Color32::from_rgb(220, 110, 80)))
                    .show(ui, |ui| {
                        ui.set_max_width(300.0);
                        ui.label(egui::RichText::new(why).color(egui::Color32::from_rgb(255, 220, 200)));
                    });
            });
    }
}

/// Choice buttons for the part of a move that is not a spot (not while paused).
pub(super) fn choices(
    ctx: &egui::Context,
    m: &dyn AnyMatch,
    phase: Option<Phase>,
    sel: &Selection,
    paused: bool,
    sfx: &mut MessageWriter<PlaySfx>,
    input: &mut MessageWriter<MoveInput>,
    layout: &Layout,
) {
    let choices: Vec<u8> = sel
        .next
        .iter()
        .filter_map(|t| if let Token::Choice(c) = t { Some(*c) } else { None })
        .collect();
    if phase == Some(Phase::AwaitingInput) && !choices.is_empty() && !paused {
        egui::Window::new("choose")
            .title_bar(false)
            .resizable(false)
            .anchor(egui::Align2::CENTER_BOTTOM, [beside_hud(layout).0, -64.0])
            .show(ctx, |ui| {
                ui.horizontal(|ui| {
                    ui.label(if sel.prefix.is_empty() { "Or:" } else { "Which stone?" });
                    for c in choices {
                        if ui.button(egui::RichText::new(m.choice_label(c)).size(16.0)).clicked() {
                            sfx.write(PlaySfx(Sfx::Click));
                            input.write(MoveInput::Click(Token::Choice(c)));
                        }
                    }
                });
            });
    }
}

//! The playing screen on a small screen (a phone upright or on its side, a small tablet
//! upright): a compact bar with whose turn it is, the sides' counts and the last move — at the
//! top of a portrait screen, in a column at the left of a landscape one — and a sheet that
//! slides up with the rest of the side window (the cards, the move list, the controls, rules
//! and settings). Also the touch style every window gets on such a screen: buttons at least
//! 44 pixels tall, text a finger's reader can read. In an online game, `online` puts the
//! players in the bar and `offers` the offers' buttons in a strip of their own.

use bevy::prelude::*;
use bevy_egui::{EguiContexts, egui};
use parlour_rules::Player;

use super::cards::egui_colour;
use super::scoreboard::Scoreboard;
use crate::games::any_match::AnyMatch;
use crate::games::build::{Palette, PaletteColours};
use crate::games::words::cap;
use crate::play::result::result_line;
use crate::state::Phase;
use crate::table::camera::{LANDSCAPE_COLUMN, PORTRAIT_BAR};
use crate::theme::layout::mark_target;
use crate::theme::layout::{InputSeen, Layout, LayoutKind};
use crate::theme::palette::GOLD;

pub(super) mod offers;
mod online;

/// Whether the sheet with the rest of the side window is up (small screens only).
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq, Eq)]
pub struct Sheet(pub bool);

/// The height of a touch target (logical pixels): Apple's and Google's guidance, about 44.
pub const TOUCH_TARGET: f32 = 44.0;

/// Every window's style for the screen and the hand in use: on a small screen, or once a
/// finger has touched any screen (a tablet on its side gets the desktop's layout, but is still
/// played by fingers), taller buttons and sliders with more room between them, slightly larger
/// text, and a press as long as the finger likes; otherwise the desktop's as egui made it.
pub(super) fn touch_style(
    mut contexts: EguiContexts,
    layout: Res<Layout>,
    seen: Res<InputSeen>,
    mut was: Local<Option<bool>>,
) -> Result {
    let finger = layout.compact() || seen.touch;
    if *was == Some(finger) {
        return Ok(());
    }
    let ctx = contexts.ctx_mut()?;
    let desktop = egui::Style::default();
    ctx.all_styles_mut(|s| {
        if finger {
            s.spacing.interact_size.y = TOUCH_TARGET;
            s.spacing.button_padding = egui::vec2(12.0, 10.0);
            s.spacing.item_spacing = egui::vec2(8.0, 6.0);
            s.spacing.slider_width = 150.0;
            s.spacing.icon_width = 22.0;
            s.spacing.icon_width_inner = 12.0;
            for (style, size) in [
                (egui::TextStyle::Body, 15.5),
                (egui::TextStyle::Button, 16.0),
                (egui::TextStyle::Small, 12.5),
            ] {
                if let Some(font) = s.text_styles.get_mut(&style) {
                    font.size = size;
                }
            }
        } else {
            s.spacing = desktop.spacing.clone();
            s.text_styles = desktop.text_styles.clone();
        }
    });
    // A button under a finger is pressed when the finger lifts, however long it rested there
    // (as on the phones' own buttons); a mouse's click keeps egui's 0.8 s.
    ctx.options_mut(|o| o.input_options.max_click_duration = if finger { 30.0 } else { 0.8 });
    *was = Some(finger);
    Ok(())
}

/// What the bar shows, gathered by the playing screen.
pub(super) struct BarView<'a> {
    /// The match.
    pub m: &'a dyn AnyMatch,
    /// The sides' counts.
    pub board: &'a Scoreboard,
    /// The phase (the computer thinking, the game over).
    pub phase: Option<Phase>,
    /// Who plays each seat.
    pub seats: [Option<parlour_ai::Level>; 2],
    /// The palette (the sides' discs).
    pub palette: Palette,
    /// Seconds the computer has thought.
    pub thinking: f32,
    /// The online game's players and connection, in one.
    pub online: Option<&'a crate::net::OnlineStatus>,
}

/// The side window's frame for the layout in force — at the top right of a desktop, in the
/// sheet on a small screen (with the compact bar drawn) — or none while the sheet is down; and
/// whether the bar's "Move now" was pressed.
pub(super) fn side_window(
    ctx: &egui::Context,
    layout: &Layout,
    view: &BarView,
    sheet: &mut Sheet,
) -> (Option<egui::Window<'static>>, bool) {
    if !layout.compact() {
        let window = egui::Window::new("hud")
            .title_bar(false)
            .resizable(false)
            .anchor(egui::Align2::RIGHT_TOP, [-8.0, 8.0])
            // As tall as its contents (the playing screen scrolls them on a short screen).
            .min_width(250.0)
            .max_width(250.0);
        return (Some(window), false);
    }
    let move_now = bar(ctx, layout, view, sheet);
    (sheet_window(ctx, layout, sheet.0), move_now)
}

/// How the side window's contents scroll: within the sheet on a small screen; on a desktop-sized
/// one only where they would run off a short screen (a tablet on its side at a finger's sizes),
/// as tall as they are otherwise.
pub(super) fn side_scroll(ctx: &egui::Context, layout: &Layout) -> egui::ScrollArea {
    if layout.compact() {
        return egui::ScrollArea::vertical();
    }
    let tall = if layout.height > 0.0 {
        (layout.height / ctx.zoom_factor() - 40.0).max(120.0)
    } else {
        f32::INFINITY
    };
    egui::ScrollArea::vertical().min_scrolled_height(tall).max_height(tall)
}

/// The compact bar, with the button that raises and lowers the sheet. Returns whether "Move
/// now" was asked for.
fn bar(ctx: &egui::Context, layout: &Layout, view: &BarView, sheet: &mut Sheet) -> bool {
    let portrait = layout.kind == LayoutKind::Portrait;
    let (anchor, width) = if portrait {
        (egui::Align2::CENTER_TOP, layout.width - 16.0)
    } else {
        (egui::Align2::LEFT_TOP, LANDSCAPE_COLUMN - 16.0)
    };
    let mut move_now = false;
    let shown = egui::Window::new("bar")
        .title_bar(false)
        .resizable(false)
        .anchor(anchor, [if portrait { 0.0 } else { 8.0 }, 6.0])
        .fixed_size([width.max(120.0), 0.0])
        .frame(egui::Frame::window(&ctx.global_style()).inner_margin(egui::Margin::symmetric(10, 6)))
        .show(ctx, |ui| {
            ui.set_max_height(if portrait {
                PORTRAIT_BAR - 16.0
            } else {
                layout.height - 16.0
            });
            let m = view.m;
            let over = view.phase == Some(Phase::GameOver);
            if portrait {
                ui.horizontal(|ui| {
                    turn(ui, view, over);
                    ui.with_layout(egui::Layout::right_to_left(egui::Align::Center), |ui| {
                        sheet_button(ui, sheet);
                    });
                });
            } else {
                ui.label(egui::RichText::new(m.title()).strong());
                turn(ui, view, over);
            }
            if let Some(status) = view.online {
                let colours = view.palette.colours(m.game_id(), m.palette()).map(egui_colour);
                online::online_line(ui, m, colours, status, !portrait);
            }
            if view.phase == Some(Phase::AiThinking) {
                ui.horizontal(|ui| {
                    ui.spinner();
                    ui.label(format!("Thinking… {:.1} s", view.thinking));
                    move_now = ui.button("Move now").clicked();
                });
            }
            counts(ui, view);
            if let Some((p, text)) = m.history().last() {
                ui.label(
                    egui::RichText::new(format!("Last: {} {text}", cap(&m.side_name(*p))))
                        .small()
                        .weak(),
                );
            }
            if !portrait {
                sheet_button(ui, sheet);
            }
        });
    // The offers' strip stands clear of it (`offers`).
    if let Some(shown) = shown {
        note_rect(ctx, "bar", shown.response.rect);
    }
    move_now
}

/// Whose turn it is, or the result.
fn turn(ui: &mut egui::Ui, view: &BarView, over: bool) {
    let m = view.m;
    let text = if over {
        result_line(m, None)
    } else {
        let side = m.to_move();
        let seat = Player::BOTH
            .into_iter()
            .find(|s| m.colour_of_seat(*s) == side)
            .unwrap_or(side);
        let who = if view.seats[seat.index()].is_some() {
            "the computer"
        } else {
            "to move"
        };
        match who {
            "to move" => format!("{} to move", cap(&m.side_name(side))),
            _ => format!("{} ({who})", cap(&m.side_name(side))),
        }
    };
    ui.label(egui::RichText::new(text).size(16.0).strong().color(GOLD));
}

/// Each side's disc, name and the count that matters most (held, else on the board), with
/// what it has captured.
fn counts(ui: &mut egui::Ui, view: &BarView) {
    let m = view.m;
    let colours = view.palette.colours(m.game_id(), m.palette()).map(egui_colour);
    // Words only, nothing to press: each line (a narrow bar wraps them onto two) as tall as its
    // text, not a finger's row, or the bar's fixed height cuts the last line over them.
    ui.scope(|ui| {
        ui.spacing_mut().interact_size.y = 0.0;
        ui.horizontal_wrapped(|ui| {
            for p in Player::BOTH {
                let card = &view.board.sides[p.index()];
                let mut parts = vec![cap(&m.side_name(p))];
                if let Some(n) = card.held {
                    parts.push(format!("holds {n}"));
                } else if let Some((k, v)) = card.lines.iter().find(|(k, _)| k != "Wins when") {
                    // The count, not the hunter's winning line (the rules window has that).
                    parts.push(short_count(k, v));
                }
                if let Some(n) = card.captured.filter(|n| *n > 0) {
                    parts.push(format!("took {n}"));
                }
                let (rect, _) = ui.allocate_exact_size(egui::vec2(14.0, 14.0), egui::Sense::hover());
                let stroke = egui::Stroke::new(1.0, egui::Color32::from_gray(150));
                ui.painter().circle_filled(rect.center(), 6.0, colours[p.index()]);
                ui.painter().circle_stroke(rect.center(), 6.0, stroke);
                ui.label(egui::RichText::new(parts.join(" · ")).small());
                ui.add_space(6.0);
            }
        });
    });
}

/// A side's count in a few words: "18 on board", "3 left", "pegs placed 9".
fn short_count(label: &str, value: &str) -> String {
    match label {
        "On the board" => format!("{value} on board"),
        "On the ring" => format!("{value} on ring"),
        "Left on the board" => format!("{value} left"),
        _ => format!("{} {value}", label.to_lowercase()),
    }
}

/// The button that raises the sheet (or lowers it).
fn sheet_button(ui: &mut egui::Ui, sheet: &mut Sheet) {
    let text = if sheet.0 { "× Close" } else { "☰ Moves & menu" };
    let button = ui.add(egui::Button::new(text).min_size(egui::vec2(TOUCH_TARGET, TOUCH_TARGET)));
    mark_target(ui.ctx(), "sheet", button.rect);
    if button.clicked() {
        sheet.0 = !sheet.0;
    }
}

/// The sheet's window: from the bottom of a portrait screen (sliding up as it opens), at the
/// right of a landscape one; its content scrolls.
fn sheet_window(ctx: &egui::Context, layout: &Layout, open: bool) -> Option<egui::Window<'static>> {
    let shown = ctx.animate_bool_with_time(egui::Id::new("sheet-up"), open, 0.18);
    if shown <= 0.0 {
        return None;
    }
    let portrait = layout.kind == LayoutKind::Portrait;
    let height = if portrait {
        layout.height * 0.62
    } else {
        layout.height - 16.0
    };
    let width = if portrait {
        layout.width - 16.0
    } else {
        layout.max_width(330.0, 8.0)
    };
    // Slides in from below (or from the right) as it opens.
    let window = egui::Window::new("hud").title_bar(false).resizable(false);
    Some(if portrait {
        window
            .anchor(egui::Align2::CENTER_BOTTOM, [0.0, (1.0 - shown) * height - 8.0])
            .fixed_size([width, height])
    } else {
        window
            .anchor(egui::Align2::RIGHT_TOP, [(1.0 - shown) * width - 8.0, 8.0])
            .fixed_size([width, height])
    })
}

/// Notes where a window the offers' strip (`offers`) keeps clear of — `"bar"`, `"caption"` —
/// was drawn this pass.
pub(super) fn note_rect(ctx: &egui::Context, name: &'static str, rect: egui::Rect) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(egui::Id::new(("parlour-drawn", name)), (rect, pass)));
}

/// Where the window `name` was drawn, if it was in this pass or the last.
fn drawn(ctx: &egui::Context, name: &'static str) -> Option<egui::Rect> {
    let pass = ctx.cumulative_pass_nr();
    let (rect, at) = ctx.data(|d| d.get_temp::<(egui::Rect, u64)>(egui::Id::new(("parlour-drawn", name))))?;
    (at + 1 >= pass).then_some(rect)
}

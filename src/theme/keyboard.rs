//! The dialogs from the keyboard. egui already moves the focus with Tab and the arrow keys and
//! clicks the focused control with Enter or Space; what a player who never touches the mouse
//! also needs is a way in and a way out. Here: the first arrow key pressed in a dialog lands on
//! its first control (Tab does so by itself), Enter with nothing focused takes the dialog's
//! default choice (Start, New game, Next), and Escape closes the dialog.

use bevy::prelude::*;
use bevy_egui::egui;

/// What a key asks of the dialog being drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ask {
    /// Enter with no control focused: the dialog's default choice.
    Default,
    /// Escape: close the dialog.
    Close,
}

/// True while a dialog that takes the keyboard is open over the table (the pause menu, the load
/// list, the settings, the move-list box, the rules, the online dialog, a walkthrough): the
/// board's keyboard cursor and the table's shortcuts leave the keys to it. Set at the end of
/// each egui pass, read in the next frame's input systems.
#[derive(Resource, Default, Debug)]
pub struct DialogUp(pub bool);

/// The key, if any, that asks something of a dialog this frame. Call it before the dialog's
/// controls are laid out: a focused control takes Enter itself (egui clicks it).
pub fn ask(ctx: &egui::Context) -> Option<Ask> {
    let focused = ctx.memory(|m| m.focused().is_some());
    ctx.input(|i| {
        if i.key_pressed(egui::Key::Escape) {
            Some(Ask::Close)
        } else if !focused && i.modifiers.is_none() && i.key_pressed(egui::Key::Enter) {
            Some(Ask::Default)
        } else {
            None
        }
    })
}

/// Gives `first` the keyboard focus when an arrow key is pressed while no control has it, so the
/// arrows find their way into the dialog (from there egui moves the focus between controls).
pub fn way_in(ui: &egui::Ui, first: &egui::Response) {
    let unfocused = ui.memory(|m| m.focused().is_none());
    let arrow = ui.input(|i| {
        [
            egui::Key::ArrowUp,
            egui::Key::ArrowDown,
            egui::Key::ArrowLeft,
            egui::Key::ArrowRight,
        ]
        .into_iter()
        .any(|k| i.key_pressed(k))
    });
    if unfocused && arrow {
        first.request_focus();
        // The arrow brought the focus in; it does not also move it on from there.
        ui.memory_mut(|m| m.move_focus(egui::FocusDirection::None));
    }
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;

    /// One egui pass with these keys pressed; `ui` draws the dialog.
    pub(crate) fn pass(ctx: &egui::Context, keys: &[egui::Key], ui: impl FnMut(&mut egui::Ui)) {
        let events = keys
            .iter()
            .map(|&key| egui::Event::Key {
                key,
                physical_key: None,
                pressed: true,
                repeat: false,
                modifiers: egui::Modifiers::NONE,
            })
            .collect();
        pass_events(ctx, events, ui);
    }

    /// One egui pass with these input events.
    pub(crate) fn pass_events(ctx: &egui::Context, events: Vec<egui::Event>, mut ui: impl FnMut(&mut egui::Ui)) {
        let input = egui::RawInput {
            screen_rect: Some(egui::Rect::from_min_size(egui::Pos2::ZERO, egui::vec2(1280.0, 800.0))),
            events,
            ..Default::default()
        };
        ctx.run_ui(input, |root| ui(root)).drop_without_applying_deltas();
    }

    /// A dialog of three buttons in a column, as the title card and the pause menu are; returns
    /// what was asked and which button was clicked in each pass.
    fn menu(ctx: &egui::Context, keys: &[egui::Key]) -> (Option<Ask>, Option<usize>) {
        let mut asked = None;
        let mut clicked = None;
        pass(ctx, keys, |ui| {
            asked = ask(ui.ctx());
            let first = ui.button("New game");
            way_in(ui, &first);
            let mut responses = vec![first];
            responses.push(ui.button("Load"));
            responses.push(ui.button("Quit"));
            clicked = responses.iter().position(|r| r.clicked());
        });
        (asked, clicked)
    }

    #[test]
    fn enter_takes_the_default_escape_closes_and_the_arrows_walk_the_controls() {
        use egui::Key::*;
        let ctx = egui::Context::default();
        // Nothing focused: Enter is the dialog's default, Escape closes it, nothing is clicked.
        assert_eq!(menu(&ctx, &[]), (None, None));
        assert_eq!(menu(&ctx, &[Enter]), (Some(Ask::Default), None));
        assert_eq!(menu(&ctx, &[Escape]), (Some(Ask::Close), None));
        // The first arrow lands on the first control; Enter then clicks it, not the default.
        assert_eq!(menu(&ctx, &[ArrowDown]), (None, None));
        assert_eq!(menu(&ctx, &[Enter]), (None, Some(0)));
        // Down moves to the next control, Space clicks it.
        assert_eq!(menu(&ctx, &[ArrowDown]), (None, None));
        assert_eq!(menu(&ctx, &[]), (None, None));
        assert_eq!(menu(&ctx, &[Space]), (None, Some(1)));
        // Escape lets go of the focus and closes; Enter is then the default again.
        assert_eq!(menu(&ctx, &[Escape]), (Some(Ask::Close), None));
        assert_eq!(menu(&ctx, &[Enter]), (Some(Ask::Default), None));
    }
}

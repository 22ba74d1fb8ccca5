//! Every screen's controls with bevy_egui: the title, the new-game dialog, the playing HUD
//! (whose turn, counters, move list, undo/redo, hint, AI thinking with "move now", resign,
//! camera and sound), choice buttons for multi-part moves, the pause menu, the rules card
//! and the result screen; and the keyboard shortcuts U, R, H, F1 and Esc.
//!
//! A file per window: `title`, `new_game`, `panel` (the in-game window, which also draws
//! `caption` and `pause`), `results`, `dialogs` (`load`, `settings`, `paste`) and `notice`;
//! `review/` (the review window: its graph, its keys and actions, the lesson's window);
//! `puzzles` (the title's puzzles card and the puzzle's window over the table);
//! `compact` (a small screen's bar and the sheet that slides up with the side window's
//! content); `scoreboard` (the rules' counters as a card per side, pure and tested) and `cards`
//! (drawing them); `page` (the browser only: the game in the page's address, the Back button);
//! `keys` and `show` listen; `common` holds what they share. This file only registers them.

mod caption;
mod cards;
mod common;
mod compact;
mod dialogs;
mod keys;
mod load;
mod new_game;
mod notice;
mod page;
mod panel;
mod paste;
mod pause;
mod puzzles;
mod results;
pub mod review;
pub mod scoreboard;
mod settings;
mod show;
mod tables;
mod title;

use bevy::prelude::*;
use bevy_egui::EguiPrimaryContextPass;

use crate::schedule::GameSet;
use crate::state::Demo;
use crate::state::Screen;
use crate::teach::rules_view::ShowRules;
use crate::teach::rules_view::rules_window;
use crate::theme::keyboard::DialogUp;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<ShowRules>()
        .init_resource::<Demo>()
        .init_resource::<common::Dialogs>()
        .init_resource::<compact::Sheet>()
        .init_resource::<DialogUp>()
        .init_resource::<puzzles::PuzzleMenu>()
        .add_systems(Update, (keys::note_dialogs, keys::keys).chain().in_set(GameSet::Input))
        .add_systems(Update, (show::show_at_start, show::puzzle_step).in_set(GameSet::Input))
        // The page's address and the Back button: the browser's alone.
        .add_systems(
            Update,
            page::page_history
                .in_set(GameSet::Input)
                .run_if(|| cfg!(target_arch = "wasm32")),
        )
        .add_systems(
            Update,
            review::review_keys
                .in_set(GameSet::Input)
                .after(keys::note_dialogs)
                .run_if(in_state(Screen::Playing)),
        )
        .add_systems(
            EguiPrimaryContextPass,
            (
                compact::touch_style,
                title::title,
                puzzles::menu,
                new_game::new_game,
                panel::playing,
                pause::menu,
                results::results,
                compact::offers::offer_strip,
                review::review,
                puzzles::window,
                rules_window,
                dialogs::dialogs,
                notice::notice,
            )
                .chain(),
        );
}

//! The browser page around the game: the address of the game in progress kept in the page's
//! URL, and the browser's Back button closing the window on top or returning to the title
//! rather than leaving the site (the page's side is `platform::history`). Registered in the
//! browser build only.

use bevy::prelude::*;

use super::common::Dialogs;
use super::compact::Sheet;
use crate::games::build::Setup;
use crate::net::OnlineStatus;
use crate::net::lobby::OnlineDialog;
use crate::platform::history::{GameAddress, hold_back, page_address, set_address, take_back};
use crate::play::board::Match;
use crate::state::{Demo, Paused, Screen};
use crate::teach::rules_view::ShowRules;

pub(super) fn page_history(
    screen: Res<State<Screen>>,
    mut next: ResMut<NextState<Screen>>,
    m: Option<Res<Match>>,
    setup: Res<Setup>,
    demo: Res<Demo>,
    online: Res<OnlineStatus>,
    (mut dialogs, mut rules, mut lobby, mut paused, mut sheet): (
        ResMut<Dialogs>,
        ResMut<ShowRules>,
        ResMut<OnlineDialog>,
        ResMut<Paused>,
        ResMut<Sheet>,
    ),
    mut shown: Local<String>,
) {
    // Back: the window on top closes; with none, a game or a dialog goes back to the title.
    let mut to_title = false;
    if take_back() {
        if dialogs.load || dialogs.settings || dialogs.paste {
            (dialogs.load, dialogs.settings, dialogs.paste) = (false, false, false);
        } else if rules.0 {
            rules.0 = false;
        } else if lobby.open {
            lobby.open = false;
        } else if paused.0 {
            paused.0 = false;
        } else if sheet.0 {
            sheet.0 = false;
        } else if *screen.get() != Screen::Title {
            next.set(Screen::Title);
            to_title = true;
        }
    }
    // Bound for the title: no entry of ours is needed any more (the next Back leaves the page).
    let up = !to_title && *screen.get() != Screen::Title
        || dialogs.load
        || dialogs.settings
        || dialogs.paste
        || rules.0
        || lobby.open
        || paused.0;
    hold_back(up);
    // The address: the game in progress (not a demo), else the page's own — worked out again
    // only when one of those changed, not every frame.
    let changed =
        screen.is_changed() || demo.is_changed() || online.is_changed() || m.as_ref().is_some_and(|m| m.is_changed());
    if !changed {
        return;
    }
    let playing = matches!(*screen.get(), Screen::Playing | Screen::Results) && !demo.0;
    let game = m.as_ref().filter(|_| playing).map(|m| GameAddress {
        game: m.0.game_id(),
        options: m.0.options(),
        seats: setup.seats,
        moves: m.0.history().into_iter().map(|(_, t)| t).collect(),
    });
    let code = if playing && online.active {
        online.code.as_str()
    } else {
        ""
    };
    let address = page_address(code, game.as_ref());
    if *shown != address {
        set_address(&address);
        *shown = address;
    }
}

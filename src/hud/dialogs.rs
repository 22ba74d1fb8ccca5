//! The smaller windows over any screen: the load list, the settings and the move-list box
//! (one system, so Escape closes whichever are open).

use bevy::prelude::*;
use bevy_egui::EguiContexts;

use super::common::Dialogs;
use super::{load, paste, settings};
use crate::play::board::Match;
use crate::state::Screen;
use crate::store::settings::{DataDir, Settings};
use crate::store::tables::TableBuilds;
use crate::store::{PasteError, SaveList, StoreAction};
use crate::theme::keyboard::Ask;
use crate::theme::keyboard::ask;

/// The load list, the settings and the move-list box.
pub(super) fn dialogs(
    mut contexts: EguiContexts,
    mut dialogs: ResMut<Dialogs>,
    mut settings: ResMut<Settings>,
    list: Res<SaveList>,
    mut store: MessageWriter<StoreAction>,
    mut paste: ResMut<PasteError>,
    m: Option<Res<Match>>,
    screen: Res<State<Screen>>,
    dir: Res<DataDir>,
    (mut builds, time): (ResMut<TableBuilds>, Res<Time>),
) -> Result {
    let ctx = contexts.ctx_mut()?;
    if ask(ctx) == Some(Ask::Close) {
        dialogs.load = false;
        dialogs.settings = false;
        dialogs.paste = false;
    }
    if dialogs.load {
        load::window(ctx, &mut dialogs, &list, &dir, &mut store);
    }
    if dialogs.settings {
        settings::window(
            ctx,
            &mut dialogs,
            &mut settings,
            &mut builds,
            &dir.0,
            time.elapsed_secs_f64(),
        );
    }
    if dialogs.paste && *screen.get() == Screen::Playing {
        paste::window(ctx, &mut dialogs, &mut paste, m.as_deref(), &mut store);
    }
    // A successful set-up closes the box.
    if paste.is_changed() && paste.0.is_none() && !paste.is_added() {
        dialogs.paste = false;
    }
    Ok(())
}

//! The list of saved games, each with Load (and, in the browser, Download).

use bevy::prelude::*;
use bevy_egui::egui;
use parlour_saves::SaveEntry;

use super::common::Dialogs;
use crate::platform::SAVES_IN_PAGE;
use crate::store::settings::DataDir;
use crate::store::{SaveList, StoreAction};
use crate::theme::keyboard::way_in;

/// The "Load a saved game" window; closing it (or loading) clears `dialogs.load`.
pub(super) fn window(
    ctx: &egui::Context,
    dialogs: &mut ResMut<Dialogs>,
    list: &SaveList,
    dir: &DataDir,
    store: &mut MessageWriter<StoreAction>,
) {
    let mut open = true;
    egui::Window::new("Load a saved game")
        .open(&mut open)
        .collapsible(false)
        .resizable(false)
        .default_width(460.0)
        .anchor(egui::Align2::CENTER_CENTER, [0.0, 0.0])
        .show(ctx, |ui| {
            where_saves_are(ui, dir, store);
            ui.separator();
            if list.0.is_empty() {
                ui.label("There are no saved games yet. Save one from the game's panel or the menu (Esc).");
            }
            egui::ScrollArea::vertical().max_height(360.0).show(ui, |ui| {
                for (i, entry) in list.0.iter().enumerate() {
                    ui.horizontal(|ui| {
                        save_row(ui, i, entry, dialogs, store);
                    });
                    ui.separator();
                }
            });
        });
    if !open {
        dialogs.load = false;
    }
}

/// Where the saves are, and how to take one elsewhere: files on the desktop, the page's
/// storage (with Download and Upload) in the browser.
fn where_saves_are(ui: &mut egui::Ui, dir: &DataDir, store: &mut MessageWriter<StoreAction>) {
    if SAVES_IN_PAGE {
        ui.label(
            "Your saves are kept in this browser. Download one to keep it as a file or to play it \
             in another browser; Upload adds a save file to this list.",
        );
        if ui.button("Upload a save file…").clicked() {
            store.write(StoreAction::Upload);
        }
    } else {
        ui.label(
            egui::RichText::new(format!(
                "Saves are files in {}: copy one to keep it or to play it on another computer.",
                parlour_saves::saves_dir(&dir.0).display()
            ))
            .small(),
        );
    }
}

/// One save: Load (the first takes the keyboard), Download in the browser, what it is and
/// how old.
fn save_row(
    ui: &mut egui::Ui,
    i: usize,
    entry: &SaveEntry,
    dialogs: &mut ResMut<Dialogs>,
    store: &mut MessageWriter<StoreAction>,
) {
    let auto = entry.name == parlour_saves::AUTOSAVE.trim_end_matches(".json");
    let load = ui.button("Load");
    if i == 0 {
        way_in(ui, &load);
    }
    if load.clicked() {
        store.write(StoreAction::Load(entry.path.clone()));
        dialogs.load = false;
    }
    if SAVES_IN_PAGE && ui.button("Download").clicked() {
        store.write(StoreAction::Download(entry.path.clone()));
    }
    ui.vertical(|ui| {
        match &entry.summary {
            Ok(what) => ui.label(egui::RichText::new(what).strong()),
            Err(why) => ui.label(
                egui::RichText::new(format!("Cannot be loaded. {why}")).color(egui::Color32::from_rgb(230, 110, 90)),
            ),
        };
        ui.label(
            egui::RichText::new(format!(
                "{}{} · {}",
                if auto { "saved on exit · " } else { "" },
                parlour_saves::age_words(entry.age_secs),
                entry.name
            ))
            .small(),
        );
    });
}

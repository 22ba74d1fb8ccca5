//! Saving and loading in the running client: the Save and Load actions of the HUD and the
//! pause menu, setting up a position from a pasted move list, the autosave when the app
//! exits and the offer to resume it on the title screen. The file format and every check
//! live in [`crate::save`]; a refused file changes nothing and its sentence is shown.

mod puzzles;
pub mod settings;
pub mod tables;

use std::path::PathBuf;

use bevy::prelude::*;

use crate::cli::Args;
use crate::games::build::Setup;
use crate::games::build::match_from_moves;
use crate::games::build::match_from_save;
use crate::platform::pick_upload;
use crate::play::board::Match;
use crate::play::board::OffRecord;
use crate::play::board::Resolution;
use crate::review::analysis::ReviewAnalysis;
use crate::state::Demo;
use crate::state::{KeepMatch, Notice, Review, Screen};
use crate::store::settings::DataDir;
use parlour_saves::{self as save, AUTOSAVE, SaveEntry};

/// A request about saved games.
#[derive(Message, Clone, Debug, PartialEq)]
pub enum StoreAction {
    /// Save the game in progress as a new file.
    Save,
    /// Load the save at this path (replacing the game in progress only if it is sound).
    Load(PathBuf),
    /// Set up the current game by playing this move list from its start position.
    SetUp(String),
    /// Hand the save at this path to the player as a file (the browser's download).
    Download(PathBuf),
    /// Ask the player for a save file to add (the browser's file picker).
    Upload,
}

/// The autosaved game that can be resumed, found at start-up.
#[derive(Resource, Default, Debug, Clone)]
pub struct ResumeOffer(pub Option<(PathBuf, String)>);

/// The saves on disk, re-read when the load list opens.
#[derive(Resource, Default, Debug, Clone)]
pub struct SaveList(pub Vec<SaveEntry>);

/// The last refusal of a pasted move list (shown under the text box).
#[derive(Resource, Default, Debug, Clone)]
pub struct PasteError(pub Option<String>);

pub(super) fn plugin(app: &mut App) {
    app.add_plugins((settings::plugin, puzzles::plugin, tables::plugin));
    app.add_message::<StoreAction>()
        .init_resource::<ResumeOffer>()
        .init_resource::<SaveList>()
        .init_resource::<PasteError>()
        .add_systems(Startup, find_resume)
        .add_systems(Update, (act, take_uploads))
        // After the window plugin turns "the last window closed" into an exit in this frame.
        .add_systems(Last, autosave_on_exit.after(bevy::window::ExitSystems));
}

/// Re-reads the saves folder into [`SaveList`].
pub fn refresh(dir: &DataDir, list: &mut SaveList) {
    list.0 = save::list(&save::saves_dir(&dir.0));
}

fn find_resume(dir: Res<DataDir>, mut offer: ResMut<ResumeOffer>, args: Option<Res<Args>>) {
    if args.is_some_and(|a| a.game.is_some()) {
        return;
    }
    let path = save::saves_dir(&dir.0).join(AUTOSAVE);
    // Only a sound save of an unfinished game is offered; anything else stays on disk untouched.
    if let Ok(s) = save::load(&path)
        && let Ok(m) = match_from_save(&s)
        && !m.status().is_over()
    {
        offer.0 = Some((path, save::summary(&s)));
    }
}

fn act(
    mut actions: MessageReader<StoreAction>,
    mut commands: Commands,
    dir: Res<DataDir>,
    m: Option<Res<Match>>,
    mut setup: ResMut<Setup>,
    mut notice: ResMut<Notice>,
    mut list: ResMut<SaveList>,
    mut paste: ResMut<PasteError>,
    res: Res<Resolution>,
    mut next: ResMut<NextState<Screen>>,
    mut analysis: ResMut<ReviewAnalysis>,
) {
    for action in actions.read() {
        match action {
            StoreAction::Save => {
                let Some(m) = m.as_ref() else { continue };
                if m.0.set_up() {
                    notice.set(
                        "This worked example starts from a set-up position, and a save replays its moves from \
                         the start: it cannot be saved. Nothing was written.",
                        true,
                    );
                    continue;
                }
                let stamp = web_time::SystemTime::now()
                    .duration_since(web_time::UNIX_EPOCH)
                    .map(|d| d.as_secs())
                    .unwrap_or(0);
                let path = save::saves_dir(&dir.0).join(format!("{}-{stamp}.json", m.0.game_id()));
                let mut game = m.0.to_save(setup.seats);
                game.analysis = analysis.for_save(&game.moves);
                match save::store(&path, &game) {
                    Ok(()) => notice.set(
                        format!("Saved: {} moves of {}.", m.0.history().len(), m.0.title()),
                        false,
                    ),
                    Err(e) => notice.set(format!("The game could not be saved: {e}. Nothing was changed."), true),
                }
                refresh(&dir, &mut list);
            }
            StoreAction::Load(path) => {
                if res.active {
                    notice.set("Wait for the move to finish, then load.", true);
                    continue;
                }
                let loaded = save::load(path).and_then(|s| match_from_save(&s).map(|m| (s, m)));
                match loaded {
                    Ok((s, loaded)) => {
                        notice.set(
                            format!("Loaded {} after {} moves.", loaded.title(), loaded.history().len()),
                            false,
                        );
                        *setup = Setup {
                            game: s.game,
                            options: parlour_rules::GameOptions::checked(s.game, &s.options)
                                .unwrap_or_else(|_| parlour_rules::GameOptions::standard(s.game)),
                            seats: s.players,
                        };
                        // A review of it reopens at once with the analysis it was saved with.
                        analysis.adopt(&s.moves, s.analysis.clone());
                        commands.insert_resource(Match(loaded));
                        commands.insert_resource(KeepMatch(true));
                        commands.insert_resource(Review(false));
                        next.set(Screen::Playing);
                    }
                    Err(e) => notice.set(format!("{e} The game in progress is unchanged."), true),
                }
            }
            StoreAction::SetUp(text) => {
                if res.active {
                    continue;
                }
                match match_from_moves(&setup, text) {
                    Ok(built) => {
                        paste.0 = None;
                        notice.set(format!("Set up after {} moves.", built.history().len()), false);
                        commands.insert_resource(Match(built));
                        commands.insert_resource(KeepMatch(true));
                        commands.insert_resource(Review(false));
                        next.set(Screen::Playing);
                    }
                    Err(e) => paste.0 = Some(format!("{e} Nothing was changed.")),
                }
            }
            StoreAction::Download(path) => {
                let name = path.file_name().and_then(|n| n.to_str()).unwrap_or("parlour-save.json");
                let sent = parlour_saves::disk::read(path)
                    .map_err(|e| e.to_string())
                    .and_then(|bytes| crate::platform::download(name, &bytes));
                match sent {
                    Ok(()) => notice.set(
                        format!("Downloaded {name}: the browser puts it with your downloads. Upload it to play it here or in another browser."),
                        false,
                    ),
                    Err(e) => notice.set(format!("{name} could not be downloaded: {e}."), true),
                }
            }
            StoreAction::Upload => {
                if let Err(e) = pick_upload() {
                    notice.set(format!("No file can be chosen here: {e}."), true);
                }
            }
        }
    }
}

/// Adds the save files the player uploaded (the browser's file picker) to the saves, each
/// checked as a load checks it; a refused one is said why and adds nothing.
fn take_uploads(dir: Res<DataDir>, mut notice: ResMut<Notice>, mut list: ResMut<SaveList>) {
    for (name, bytes) in crate::platform::take_uploads() {
        match save::import(&save::saves_dir(&dir.0), &name, &bytes) {
            Ok(path) => {
                let what = save::load(&path).map(|s| save::summary(&s)).unwrap_or_default();
                notice.set(format!("Added {name}: {what}. It is in the list to load."), false);
            }
            Err(why) => notice.set(why.to_string(), true),
        }
        refresh(&dir, &mut list);
    }
}

fn autosave_on_exit(
    mut exit: MessageReader<AppExit>,
    dir: Res<DataDir>,
    m: Option<Res<Match>>,
    setup: Res<Setup>,
    demo: Option<Res<Demo>>,
    args: Option<Res<Args>>,
    (off, analysis): (Res<OffRecord>, Res<ReviewAnalysis>),
    puzzles: Option<Res<crate::puzzles::PuzzleHistory>>,
) {
    if exit.read().next().is_none() {
        return;
    }
    // A puzzle's position is not the player's game either: the last real game's autosave stays.
    if puzzles.is_some_and(|p| p.on_table) {
        return;
    }
    // A scripted run (screenshots, measurements) or a demo must not replace the player's own
    // game.
    if args.is_some_and(|a| a.screenshot.is_some() || a.measure.is_some()) || demo.is_some_and(|d| d.0) {
        return;
    }
    let Some(m) = m else { return };
    // A line or a branch off a reviewed game is not the player's game: the reviewed one is.
    let (m, seats) = off.reviewed().unwrap_or((m.0.as_ref(), setup.seats));
    // A worked example's set-up position cannot be saved (see `AnyMatch::set_up`): the
    // autosave of the player's last real game stays.
    if m.history().is_empty() || m.set_up() {
        return;
    }
    let path = save::saves_dir(&dir.0).join(AUTOSAVE);
    let mut game = m.to_save(seats);
    game.analysis = analysis.for_save(&game.moves);
    if let Err(e) = save::store(&path, &game) {
        error!("autosave failed: {e}");
    }
}

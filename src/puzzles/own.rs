//! Puzzles from the player's own games (issue 77): once the review has analysed a game, the
//! positions where a person at this computer had a winning move and played another are put to
//! the generator's test (`parlour_ai::puzzles::own`) on a thread of their own, never in the
//! frame; those that pass join the player's puzzles, kept beside the puzzle record
//! (`store::puzzles`), named by the game they came from. They are practice: never rated, so
//! that the shipped set's ratings are not distorted by positions nobody rated.

use std::sync::Mutex;
use std::sync::mpsc::{self, Receiver, TryRecvError};

use bevy::prelude::*;
use parlour_ai::Level;
use parlour_ai::StopFlag;
use parlour_ai::analysis::PlyAnalysis;
use parlour_ai::puzzles::Puzzle;
use parlour_ai::puzzles::own::merge;
use parlour_rules::{GameId, Player};

use crate::games::build::Setup;
use crate::games::words::{cap, date};
use crate::play::board::Match;
use crate::review::analysis::ReviewAnalysis;
use crate::state::Remote;

/// The player's own puzzles, and the search for more in the game last reviewed.
#[derive(Resource, Default)]
pub struct OwnPuzzles {
    /// Every puzzle kept, oldest first.
    pub puzzles: Vec<Puzzle>,
    /// The record of the game last searched (or being searched).
    pub searched: Option<Vec<String>>,
    /// The ids of the puzzles that game gave (kept before or new).
    pub this_game: Vec<String>,
    /// The search going on.
    pub task: Option<OwnTask>,
    /// Puzzles were added since the store last wrote them.
    pub unsaved: bool,
    /// The sentences of the stored lines refused when they were read (shown once).
    pub refused: Vec<String>,
}

impl OwnPuzzles {
    /// The player's puzzles of `game`.
    pub fn of_game(&self, game: GameId) -> Vec<&Puzzle> {
        self.puzzles.iter().filter(|p| p.game == game.id()).collect()
    }

    /// The puzzles the game `record` gave, once it was searched (`None` before, or while the
    /// search goes on).
    pub fn from_record(&self, record: &[String]) -> Option<Vec<&Puzzle>> {
        if self.task.is_some() || self.searched.as_deref() != Some(record) {
            return None;
        }
        Some(self.puzzles.iter().filter(|p| self.this_game.contains(&p.id)).collect())
    }

    /// True while the game `record` is being searched.
    pub fn searching(&self, record: &[String]) -> bool {
        self.task.is_some() && self.searched.as_deref() == Some(record)
    }

    /// The next puzzle not in `played`: of the game just reviewed (`this_game`), or of all the
    /// player's puzzles of `game`.
    pub fn next(&self, this_game: bool, game: GameId, played: &[String]) -> Option<Puzzle> {
        self.puzzles
            .iter()
            .filter(|p| {
                if this_game {
                    self.this_game.contains(&p.id)
                } else {
                    p.game == game.id()
                }
            })
            .find(|p| !played.contains(&p.id))
            .cloned()
    }

    /// Takes in a search's finds: the new ones added, the game's own listed.
    fn take(&mut self, found: Vec<Puzzle>) {
        self.this_game = found.iter().map(|p| p.id.clone()).collect();
        if merge(&mut self.puzzles, &found) > 0 {
            self.unsaved = true;
        }
    }
}

/// The search for puzzles in one reviewed game, on its own thread (cancelled when dropped).
pub struct OwnTask {
    rx: Mutex<Receiver<Vec<Puzzle>>>,
    stop: StopFlag,
}

impl Drop for OwnTask {
    fn drop(&mut self) {
        self.stop.cancel();
    }
}

/// Everything the search needs, taken from the frame (in the browser, where nothing is searched,
/// only built and dropped).
#[cfg_attr(target_arch = "wasm32", allow(dead_code))]
struct Job {
    game: GameId,
    options: String,
    record: Vec<String>,
    plies: Vec<PlyAnalysis>,
    sides: Vec<Player>,
    /// "From your game of 8 Dec 2026 against the Casual": the source's words before the move.
    from: String,
}

impl OwnTask {
    /// Starts the search (in the browser, where it would run in the frame, nothing is searched:
    /// the task ends with none).
    fn spawn(job: Job) -> OwnTask {
        let (tx, rx) = mpsc::channel();
        let stop = StopFlag::new();
        #[cfg(not(target_arch = "wasm32"))]
        {
            let flag = stop.clone();
            let _ = std::thread::Builder::new()
                .name("parlour-own-puzzles".into())
                .spawn(move || {
                    let source = |ply: u32| format!("{}, move {ply}", job.from);
                    let found = parlour_ai::puzzles::own::from_game(
                        job.game,
                        &job.options,
                        &job.record,
                        &job.plies,
                        &job.sides,
                        &source,
                        &flag,
                    );
                    let _ = tx.send(found.unwrap_or_default());
                });
        }
        #[cfg(target_arch = "wasm32")]
        {
            let _ = tx.send(Vec::new());
            drop(job);
        }
        OwnTask {
            rx: Mutex::new(rx),
            stop,
        }
    }

    /// The puzzles found, once the search is over.
    fn poll(&mut self) -> Option<Vec<Puzzle>> {
        let Ok(rx) = self.rx.get_mut() else {
            return Some(Vec::new());
        };
        match rx.try_recv() {
            Ok(found) => Some(found),
            Err(TryRecvError::Empty) => None,
            Err(TryRecvError::Disconnected) => Some(Vec::new()),
        }
    }
}

/// The sides the people at this computer played (by colour, as the analysis names movers), and
/// the words naming their opponent: "against the Casual", or "at one table" between people.
pub fn own_sides(
    m: &dyn crate::games::any_match::AnyMatch,
    seats: [Option<Level>; 2],
    remote: &Remote,
) -> (Vec<Player>, String) {
    let mut sides = Vec::new();
    let mut against = "at one table".to_string();
    for (i, seat) in [Player::P1, Player::P2].into_iter().enumerate() {
        match seats[i] {
            None if !remote.0[i] => sides.push(m.colour_of_seat(seat)),
            Some(level) => against = format!("against the {}", cap(level.name())),
            None => against = "online".to_string(),
        }
    }
    (sides, against)
}

/// Once the review has analysed the whole record of a game from its start, searches it for the
/// player's puzzles (once a record), and takes in what the search found.
pub(super) fn look_for_puzzles(
    mut own: ResMut<OwnPuzzles>,
    analysis: Res<ReviewAnalysis>,
    m: Option<Res<Match>>,
    (setup, remote): (Res<Setup>, Res<Remote>),
    on_table: Option<Res<super::session::PuzzleSession>>,
) {
    if let Some(task) = own.task.as_mut() {
        if let Some(found) = task.poll() {
            own.task = None;
            own.take(found);
        }
        return;
    }
    let done = analysis.task.is_none()
        && analysis.failed.is_none()
        && !analysis.record.is_empty()
        && analysis.plies.len() == analysis.record.len();
    if !done || on_table.is_some() || own.searched.as_ref() == Some(&analysis.record) {
        return;
    }
    let Some(m) = m else { return };
    let m = m.0.as_ref();
    own.searched = Some(analysis.record.clone());
    own.this_game.clear();
    if m.set_up() {
        return;
    }
    let (sides, against) = own_sides(m, setup.seats, &remote);
    if sides.is_empty() {
        return;
    }
    let secs = web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64);
    let options = m
        .options()
        .into_iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(" ");
    own.task = Some(OwnTask::spawn(Job {
        game: m.game_id(),
        options,
        record: analysis.record.clone(),
        plies: analysis.plies.clone(),
        sides,
        from: format!("From your game of {} {against}", date(secs)),
    }));
}

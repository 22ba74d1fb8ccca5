//! Puzzles on the table (issue 77): a shipped puzzle (`parlour_ai::puzzles`) set up on the 3D
//! board — the moves before it played off the record as a loaded list is —, the player asked for
//! the winning move, each move tried judged by the attempt (`parlour_ai::puzzles::Attempt`): a
//! right one answered by the line's reply after a short pause, a wrong one shown, explained
//! when a search finds the refutation in time ([`flow`]), and taken back; a hint that rings
//! the piece to move, the solution played out, the next puzzle near the player's rating, a
//! streak, the daily puzzle. The rating and the best streak are [`record`]'s.
//!
//! Why not the review's `Lesson`: its exercises are positions of a reviewed match judged by
//! the analysis, one move each; a puzzle has no reviewed match, is judged by its proven line
//! and goes on through the opponent's replies. Both put a position on the table and wait for a
//! move; the puzzle does it the walkthrough's way (a match set up, clicks held while the
//! computer moves).

pub mod flow;
pub mod own;
pub mod record;
pub mod session;

use bevy::prelude::*;
use parlour_ai::puzzles::{Puzzle, choose, parse_file, shipped};

use crate::games::build::{Setup, setup_of};
use crate::play::board::StartMoves;
use crate::play::start::start_match;
use crate::schedule::GameSet;
use crate::state::{Notice, Screen, Teaching};
use own::OwnPuzzles;
use record::PuzzleRecord;
pub use session::{Ask, Mode, PlayOwn, PuzzleAction, PuzzleHistory, PuzzleSession, Stage};

/// A puzzle chosen, to begin once its table is up.
#[derive(Resource, Default)]
pub struct PuzzleRequest(Option<(Ask, Puzzle)>);

/// Today as days since 1 January 1970 (UTC), for the daily puzzle.
pub fn today() -> u64 {
    web_time::SystemTime::now()
        .duration_since(web_time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() / 86_400)
}

/// The next puzzle `ask` gives: near the player's rating in `game`, the streak's next, the
/// day's, or the next of the player's own not yet played in this visit. `None` when there is
/// none (a theme with every puzzle of a streak played, every own puzzle played).
pub fn choose_puzzle(
    ask: &Ask,
    record: &PuzzleRecord,
    history: &PuzzleHistory,
    own: &OwnPuzzles,
) -> Option<(Ask, Puzzle)> {
    if ask.mode.own() {
        let p = own.next(ask.mode == Mode::FromGame, ask.game, &history.played)?;
        let game = p.game.parse().ok()?;
        let ask = Ask {
            game,
            theme: None,
            ..ask.clone()
        };
        return Some((ask, p));
    }
    if ask.mode == Mode::Daily {
        let (game, p) = choose::daily(today())?;
        let ask = Ask {
            game,
            theme: None,
            ..ask.clone()
        };
        return Some((ask, p));
    }
    let puzzles = parse_file(shipped(ask.game)).ok()?;
    let theme = ask.theme.as_deref();
    let i = match ask.mode {
        Mode::Streak => choose::rising(&puzzles, theme, history.streak_last, &history.played)?,
        _ => {
            let rating = record.rated(ask.game).rating;
            // Varied by how many were played, so "Next" after a takeback is another puzzle.
            let pick = history.played.len() as u64 * 7 + today();
            choose::near(&puzzles, rating, theme, &history.played, pick)?
        }
    };
    Some((ask.clone(), puzzles[i].clone()))
}

/// A puzzle's options as (key, value) pairs.
pub fn option_pairs(puzzle: &Puzzle) -> Vec<(String, String)> {
    puzzle
        .options
        .split_whitespace()
        .filter_map(|w| w.split_once('='))
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect()
}

/// Puts `chosen` on the table: the game set up with both seats people, the moves before the
/// puzzle to be played as the match starts, the screen (re)opened.
pub fn open(
    chosen: (Ask, Puzzle),
    req: &mut PuzzleRequest,
    setup: &mut Setup,
    start: &mut StartMoves,
    next: &mut NextState<Screen>,
) {
    *setup = setup_of(chosen.0.game, &option_pairs(&chosen.1), [None, None]).0;
    start.0 = chosen.1.before.clone();
    req.0 = Some(chosen);
    next.set(Screen::Playing);
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<PuzzleRequest>()
        .init_resource::<PuzzleHistory>()
        .init_resource::<PuzzleRecord>()
        .init_resource::<OwnPuzzles>()
        .add_message::<PuzzleAction>()
        .add_message::<PlayOwn>()
        .add_systems(Update, (own::look_for_puzzles, play_own))
        .add_systems(OnEnter(Screen::Playing), begin.after(start_match))
        .add_systems(OnExit(Screen::Playing), end)
        .add_systems(
            Update,
            (flow::actions, flow::watch)
                .chain()
                .in_set(GameSet::Input)
                .run_if(in_state(Screen::Playing).and_then(resource_exists::<PuzzleSession>)),
        );
}

/// Opens the first of the player's own puzzles asked for (`PlayOwn`), from the review, the
/// result card or the title's card; says so when there is none left.
fn play_own(
    mut asked: MessageReader<PlayOwn>,
    (record, history, own): (Res<PuzzleRecord>, Res<PuzzleHistory>, Res<OwnPuzzles>),
    (mut req, mut setup, mut start, mut next): (
        ResMut<PuzzleRequest>,
        ResMut<Setup>,
        ResMut<StartMoves>,
        ResMut<NextState<Screen>>,
    ),
    notice: Option<ResMut<Notice>>,
) {
    let Some(a) = asked.read().last() else { return };
    let ask = Ask {
        mode: a.mode,
        game: a.game,
        theme: None,
    };
    match choose_puzzle(&ask, &record, &history, &own) {
        Some(chosen) => open(chosen, &mut req, &mut setup, &mut start, &mut next),
        None => {
            if let Some(mut n) = notice {
                n.set(NONE_LEFT_OWN, false);
            }
        }
    }
}

/// Said when every puzzle asked for of the player's own has been played in this visit.
pub const NONE_LEFT_OWN: &str = "Every puzzle from your games of that kind has been played in this visit.";

fn begin(mut commands: Commands, mut req: ResMut<PuzzleRequest>, mut history: ResMut<PuzzleHistory>) {
    history.on_table = req.0.is_some();
    if let Some((ask, puzzle)) = req.0.take() {
        let repeat = history.played.contains(&puzzle.id);
        history.played.push(puzzle.id.clone());
        commands.insert_resource(PuzzleSession {
            repeat,
            ..PuzzleSession::new(ask, puzzle)
        });
    }
}

/// The puzzle leaves with its table; the moves before it are not played into the next match.
fn end(
    mut commands: Commands,
    session: Option<Res<PuzzleSession>>,
    req: Res<PuzzleRequest>,
    mut teaching: ResMut<Teaching>,
    mut start: ResMut<StartMoves>,
) {
    if session.is_none() {
        return;
    }
    commands.remove_resource::<PuzzleSession>();
    teaching.0 = false;
    if req.0.is_none() {
        start.0.clear();
    }
}

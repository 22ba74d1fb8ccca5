//! Puzzles played headless: a Kōnane puzzle's right answers are answered by the line's replies and
//! it ends solved and rated; a wrong answer is shown, explained, taken back, and never counts as
//! solved; a puzzle of every game plays through on the table.

mod common;

use std::time::Duration;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use common::until;
use parlour::games::build::Setup;
use parlour::play::board::{Match, StartMoves};
use parlour::play::messages::MoveInput;
use parlour::puzzles::record::PuzzleRecord;
use parlour::puzzles::{Ask, Mode, PuzzleRequest, PuzzleSession, Stage, open};
use parlour::state::Screen;
use parlour_ai::puzzles::{Puzzle, answer_is_correct, parse_file, shipped};
use parlour_rules::konane::Konane;
use parlour_rules::{Game, GameId};

/// A headless app with a Kōnane `puzzle` on the table, its player to move.
fn app_with(puzzle: &Puzzle) -> App {
    app_for(GameId::Konane, puzzle)
}

/// A headless app with `puzzle` of `game` on the table, its player to move.
fn app_for(game: GameId, puzzle: &Puzzle) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)))
        .add_plugins(parlour::logic_plugin);
    app.update();
    open_puzzle(&mut app, game, puzzle);
    assert_eq!(
        plies(&app),
        puzzle.before.len(),
        "the moves before the puzzle are played"
    );
    app
}

/// Asks for `puzzle` as the title's card or "Next puzzle" do, and waits until it is on the
/// table with its player to move.
fn open_puzzle(app: &mut App, game: GameId, puzzle: &Puzzle) {
    let ask = Ask {
        mode: Mode::Rated,
        game,
        theme: None,
    };
    let chosen = (ask, puzzle.clone());
    app.world_mut()
        .run_system_once(
            move |mut req: ResMut<PuzzleRequest>,
                  mut setup: ResMut<Setup>,
                  mut start: ResMut<StartMoves>,
                  mut next: ResMut<NextState<Screen>>| {
                open(chosen.clone(), &mut req, &mut setup, &mut start, &mut next);
            },
        )
        .unwrap();
    let id = puzzle.id.clone();
    assert!(until(app, 200, |a| {
        a.world()
            .get_resource::<PuzzleSession>()
            .is_some_and(|s| s.puzzle.id == id && s.stage == Stage::Find && plies(a) == s.base)
    }));
}

fn plies(app: &App) -> usize {
    app.world().get_resource::<Match>().map_or(0, |m| m.0.plies())
}

fn session(app: &App) -> &PuzzleSession {
    app.world().resource::<PuzzleSession>()
}

fn play(app: &mut App, text: &str) {
    let tokens = app.world().resource::<Match>().0.parse(text).expect("a move here");
    app.world_mut().write_message(MoveInput::Whole(tokens));
}

fn rating(app: &App) -> f64 {
    app.world().resource::<PuzzleRecord>().rated(GameId::Konane).rating
}

#[test]
fn a_konane_puzzle_answered_right_is_replied_to_and_solved() {
    let set = parse_file(shipped(GameId::Konane)).unwrap();
    let p = set.iter().find(|p| p.line.len() >= 3).expect("a puzzle with a reply");
    let mut app = app_with(p);
    let base = p.before.len();
    for k in (0..p.line.len()).step_by(2) {
        play(&mut app, &p.line[k]);
        if k + 1 < p.line.len() {
            // The reply is played by itself, after a pause, and the player is asked again.
            assert!(until(&mut app, 400, |a| session(a).stage == Stage::Find
                && plies(a) == base + k + 2));
            assert_eq!(
                app.world().resource::<Match>().0.history()[base + k + 1].1,
                p.line[k + 1]
            );
            assert_eq!(session(&app).attempt.result(), None);
        }
    }
    assert!(until(&mut app, 400, |a| session(a).stage == Stage::Done));
    let s = session(&app);
    assert!(s.attempt.solved);
    assert_eq!(s.attempt.result(), Some(true));
    assert_eq!(plies(&app), base + p.line.len());
    assert!(rating(&app) > 1500.0, "solving raised the rating: {}", rating(&app));

    // The next puzzle replaces it on the table, from its own position.
    let q = set
        .iter()
        .find(|q| q.id != p.id && q.options != p.options)
        .expect("another board");
    open_puzzle(&mut app, GameId::Konane, q);
    assert_eq!(plies(&app), q.before.len());
    assert_eq!(session(&app).attempt.result(), None);
}

#[test]
fn a_wrong_answer_is_shown_taken_back_and_not_solved() {
    let set = parse_file(shipped(GameId::Konane)).unwrap();
    let (p, wrong) = set
        .iter()
        .find_map(|p| {
            let mut state = Konane::new(&Konane::parse_options(&[("size", "6x6")]).ok()?);
            for m in &p.before {
                parlour_rules::play_text(&mut state, m).ok()?;
            }
            let mut legal = Vec::new();
            state.legal_moves(&mut legal);
            let wrong = legal
                .iter()
                .map(|m| state.format_move(m))
                .find(|t| !answer_is_correct(p, 0, t))?;
            Some((p, wrong))
        })
        .expect("a puzzle with a wrong move");
    let mut app = app_with(p);
    let base = p.before.len();
    play(&mut app, &wrong);
    // The wrong move is on the board for a while…
    assert!(until(&mut app, 200, |a| matches!(
        session(a).stage,
        Stage::Wrong { .. }
    )));
    assert_eq!(plies(&app), base + 1);
    // …then taken back, with the reason said.
    assert!(until(&mut app, 400, |a| session(a).stage == Stage::Find && plies(a) == base));
    let s = session(&app);
    let (tried, why) = s.wrong.clone().expect("the wrong move remembered");
    assert_eq!(tried, wrong);
    let why = why.expect("a reason");
    assert!(why.starts_with("After this, White answers "), "{why}");
    assert!(why.ends_with(" and has the last move."), "{why}");
    assert!(!s.attempt.solved);
    assert_eq!(s.attempt.result(), Some(false));
    assert!(rating(&app) < 1500.0, "failing lowered the rating: {}", rating(&app));
    // Solving it now still does not count.
    let before = rating(&app);
    play(&mut app, &p.line[0]);
    assert!(until(&mut app, 400, |a| session(a).attempt.ply >= 1));
    assert_eq!(session(&app).attempt.result(), Some(false));
    assert_eq!(rating(&app), before, "rated once");
}

/// A puzzle of every game played through its solution on the table: each move of the line is a
/// move the table takes in the game's notation, each reply comes by itself, and it ends solved.
#[test]
fn a_puzzle_of_every_game_plays_through_to_solved() {
    for game in GameId::ALL {
        let set = parse_file(shipped(game)).unwrap();
        let p = set.iter().max_by_key(|p| (p.line.len(), p.before.len())).unwrap();
        let mut app = app_for(game, p);
        let base = p.before.len();
        for k in (0..p.line.len()).step_by(2) {
            play(&mut app, &p.line[k]);
            if k + 1 < p.line.len() {
                let replied = until(&mut app, 600, |a| {
                    session(a).stage == Stage::Find && plies(a) == base + k + 2
                });
                assert!(replied, "{}: no reply after {}", p.id, p.line[k]);
            }
        }
        assert!(
            until(&mut app, 600, |a| session(a).stage == Stage::Done),
            "{}: not done",
            p.id
        );
        assert_eq!(session(&app).attempt.result(), Some(true), "{}", p.id);
    }
}

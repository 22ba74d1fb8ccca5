//! Puzzles from the player's own games, headless: a Kōnane 4×6 game between two people at this
//! computer in which Black let the only winning move go, once its review's analysis is in,
//! is searched off the frame and gives one puzzle; "Solve it" puts it on the table, where it
//! is solved with the winning move and not rated.

mod common;

use std::time::Duration;

use bevy::ecs::system::RunSystemOnce;
use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use common::until;
use parlour::games::build::{Setup, setup_of};
use parlour::play::board::{Match, StartMoves};
use parlour::play::messages::MoveInput;
use parlour::puzzles::own::OwnPuzzles;
use parlour::puzzles::record::PuzzleRecord;
use parlour::puzzles::{Mode, PlayOwn, PuzzleSession, Stage};
use parlour::review::analysis::ReviewAnalysis;
use parlour::state::Screen;
use parlour_ai::analysis::analyse;
use parlour_ai::{Budget, StopFlag};
use parlour_rules::konane::{Konane, KonaneOptions};
use parlour_rules::{Game, GameId};

/// xb3 xa3 on 4×6, where Black wins only by d3-b3 (docs/solved.md), and another move of Black's.
fn thrown_record() -> Vec<String> {
    let mut at = Konane::new(&KonaneOptions::parse_size("4x6").unwrap());
    for t in ["xb3", "xa3"] {
        parlour_rules::play_text(&mut at, t).unwrap();
    }
    let mut legal = Vec::new();
    at.legal_moves(&mut legal);
    let other = legal.iter().map(|m| at.format_move(m)).find(|t| t != "d3-b3").unwrap();
    vec!["xb3".into(), "xa3".into(), other]
}

fn plies(app: &App) -> usize {
    app.world().get_resource::<Match>().map_or(0, |m| m.0.plies())
}

#[test]
fn a_reviewed_game_offers_its_puzzle_and_it_is_solved_unrated() {
    let record = thrown_record();
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)))
        .add_plugins(parlour::logic_plugin);
    app.update();
    // The game on the table, two people at this computer.
    let moves = record.clone();
    app.world_mut()
        .run_system_once(
            move |mut setup: ResMut<Setup>, mut start: ResMut<StartMoves>, mut next: ResMut<NextState<Screen>>| {
                *setup = setup_of(GameId::Konane, &[("size", "4x6")], [None, None]).0;
                start.0 = moves.clone();
                next.set(Screen::Playing);
            },
        )
        .unwrap();
    assert!(until(&mut app, 200, |a| plies(a) == record.len()));
    // The review's analysis of it, as the review's task leaves it.
    let start = Konane::new(&KonaneOptions::parse_size("4x6").unwrap());
    let mut at = start.clone();
    let moves: Vec<_> = record
        .iter()
        .map(|t| parlour_rules::play_text(&mut at, t).unwrap())
        .collect();
    let budget = Budget {
        millis: None,
        iterations: Some(200_000),
        depth: None,
    };
    let analysed = analyse(&start, &moves, budget, 1, &StopFlag::new(), |_| {}).unwrap();
    {
        let mut review = app.world_mut().resource_mut::<ReviewAnalysis>();
        review.record = record.clone();
        review.plies = analysed.plies;
    }
    // Searched off the frame: the frames go on while it runs, then the offer is one puzzle.
    assert!(until(&mut app, 2000, |a| a
        .world()
        .resource::<OwnPuzzles>()
        .from_record(&record)
        .is_some()));
    let own = app.world().resource::<OwnPuzzles>();
    let found = own.from_record(&record).unwrap();
    assert_eq!(found.len(), 1);
    let puzzle = found[0].clone();
    assert_eq!(puzzle.line[0], "d3-b3");
    assert!(
        puzzle.source.starts_with("From your game of ") && puzzle.source.ends_with(" at one table, move 3"),
        "{}",
        puzzle.source
    );
    assert!(own.unsaved, "kept for the store to write");
    // "Solve it": the puzzle on the table, Black to find d3-b3.
    app.world_mut().write_message(PlayOwn {
        mode: Mode::FromGame,
        game: GameId::Konane,
    });
    let id = puzzle.id.clone();
    assert!(until(&mut app, 200, |a| a
        .world()
        .get_resource::<PuzzleSession>()
        .is_some_and(|s| s.puzzle.id == id
            && s.stage == Stage::Find
            && plies(a) == s.base)));
    let base = puzzle.before.len();
    for k in (0..puzzle.line.len()).step_by(2) {
        let tokens = app.world().resource::<Match>().0.parse(&puzzle.line[k]).unwrap();
        app.world_mut().write_message(MoveInput::Whole(tokens));
        if k + 1 < puzzle.line.len() {
            assert!(until(&mut app, 400, |a| {
                let s = a.world().resource::<PuzzleSession>();
                s.stage == Stage::Find && plies(a) == base + k + 2
            }));
        }
    }
    assert!(until(&mut app, 400, |a| a.world().resource::<PuzzleSession>().stage
        == Stage::Done));
    let s = app.world().resource::<PuzzleSession>();
    assert_eq!(s.attempt.result(), Some(true));
    assert_eq!(s.ask.mode, Mode::FromGame);
    assert_eq!(s.change, Some(0.0), "practice: not rated");
    let rated = app.world().resource::<PuzzleRecord>().rated(GameId::Konane);
    assert_eq!(rated.tries, 0, "the shipped set's rating is untouched");
    // Once played, there is no other of this game to offer.
    let own = app.world().resource::<OwnPuzzles>();
    assert_eq!(own.next(true, GameId::Konane, std::slice::from_ref(&id)), None);
    assert_eq!(own.next(false, GameId::Konane, &[]).map(|p| p.id), Some(id));
}

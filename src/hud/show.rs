//! `--show WHAT`: a window opened at start, for screenshots.

use bevy::prelude::*;

use super::common::Dialogs;
use crate::cli::Args;
use crate::games::build::{Setup, move_list};
use crate::play::board::Match;
use crate::play::board::StartMoves;
use crate::play::messages::GameCommand;
use crate::puzzles::record::PuzzleRecord;
use crate::puzzles::{Ask, Mode, PuzzleHistory, PuzzleRequest, choose_puzzle, open};
use crate::review::analysis::ReviewAnalysis;
use crate::state::Screen;
use crate::store::settings::DataDir;
use crate::store::{SaveList, StoreAction, refresh};
use crate::teach::rules_view::ShowRules;
use crate::teach::walkthrough::WalkthroughRequest;
use crate::teach::walkthrough::request;

/// `--show WHAT`: opens a window once the first screen is up (for screenshots).
pub(super) fn show_at_start(
    args: Option<Res<Args>>,
    mut done: Local<u32>,
    m: Option<Res<Match>>,
    mut rules: ResMut<ShowRules>,
    mut dialogs: ResMut<Dialogs>,
    mut cmds: MessageWriter<GameCommand>,
    mut store: MessageWriter<StoreAction>,
    (dir, mut list, mut next, mut analysis): (
        Res<DataDir>,
        ResMut<SaveList>,
        ResMut<NextState<Screen>>,
        ResMut<ReviewAnalysis>,
    ),
    (mut walk, mut setup, mut start): (ResMut<WalkthroughRequest>, ResMut<Setup>, ResMut<StartMoves>),
    (mut puzzle, record, mut menu, own): (
        ResMut<PuzzleRequest>,
        Res<PuzzleRecord>,
        ResMut<super::puzzles::PuzzleMenu>,
        Res<crate::puzzles::own::OwnPuzzles>,
    ),
) {
    let Some(what) = args.as_ref().and_then(|a| a.show.clone()) else {
        return;
    };
    // Wait a few frames so the match and its table exist.
    *done += 1;
    if *done != 5 {
        return;
    }
    match what.as_str() {
        "rules" => rules.0 = true,
        "settings" => dialogs.settings = true,
        // The settings with the exact tables' section unfolded.
        "tables" => {
            dialogs.settings = true;
            dialogs.tables = true;
        }
        "load" => {
            refresh(&dir, &mut list);
            dialogs.load = true;
        }
        "paste" => {
            dialogs.paste = true;
            // Show the refusal of a list with a bad move at its end.
            let moves = m.map(|m| move_list(m.0.as_ref())).unwrap_or_default();
            dialogs.paste_text = format!("{moves} zz99").trim().to_string();
            store.write(StoreAction::SetUp(dialogs.paste_text.clone()));
        }
        "replay" => {
            cmds.write(GameCommand::ReplayBack);
            cmds.write(GameCommand::ReplayBack);
        }
        // The replay with the review's analysis (the screenshot waits for it).
        "review" => {
            cmds.write(GameCommand::Review(true));
            analysis.requested = true;
        }
        // The hint for the side to move (drawn once found: every winning move where proven).
        "hint" => {
            cmds.write(GameCommand::Hint);
        }
        // The same, then learning from the mistakes of the first side with any.
        "lesson" => {
            cmds.write(GameCommand::Review(true));
            analysis.requested = true;
            analysis.then_lesson = true;
        }
        // The new-game dialog on the game and options of the command line.
        "newgame" => next.set(Screen::NewGame),
        // A rated puzzle of the command line's game (its window over the table); with
        // puzzle-hint its hint asked for, with puzzle-wrong a wrong move tried (`puzzle_step`).
        "puzzles" | "puzzle-hint" | "puzzle-wrong" => {
            if let Some(m) = m {
                let ask = Ask {
                    mode: Mode::Rated,
                    game: m.0.game_id(),
                    theme: None,
                };
                if let Some(chosen) = choose_puzzle(&ask, &record, &PuzzleHistory::default(), &own) {
                    open(chosen, &mut puzzle, &mut setup, &mut start, &mut next);
                }
            }
        }
        // The title's puzzles card.
        "puzzle-menu" => {
            menu.open = true;
            next.set(Screen::Title);
        }
        "walk" => {
            if let Some(m) = m {
                let (game, options) = (m.0.game_id(), m.0.options());
                request(game, &options, &mut walk, &mut setup, &mut start, &mut next);
            }
        }
        _ => {}
    }
}

/// `--show puzzle-hint`: the hint of the puzzle opened, once it is on the table;
/// `--show puzzle-wrong`: a wrong move tried there (the first legal move that does not win).
pub(super) fn puzzle_step(
    args: Option<Res<Args>>,
    session: Option<Res<crate::puzzles::PuzzleSession>>,
    m: Option<Res<Match>>,
    mut done: Local<bool>,
    mut asked: MessageWriter<crate::puzzles::PuzzleAction>,
    mut input: MessageWriter<crate::play::messages::MoveInput>,
) {
    let what = args.as_ref().and_then(|a| a.show.as_deref());
    let (Some(s), Some(m)) = (session, m) else { return };
    if *done || !s.finding() || m.0.plies() != s.base {
        return;
    }
    match what {
        Some("puzzle-hint") => {
            *done = true;
            asked.write(crate::puzzles::PuzzleAction::Hint);
        }
        Some("puzzle-wrong") => {
            *done = true;
            let p = &s.puzzle;
            let wrong = parlour_rules::dynamic::GameSetup::parse(&p.game, &crate::puzzles::option_pairs(p))
                .ok()
                .and_then(|g| g.replay(&p.before).ok())
                .and_then(|g| {
                    g.legal()
                        .into_iter()
                        .find(|t| !parlour_ai::puzzles::answer_is_correct(p, 0, t))
                });
            if let Some(tokens) = wrong.and_then(|t| m.0.parse(&t).ok()) {
                input.write(crate::play::messages::MoveInput::Whole(tokens));
            }
        }
        _ => {}
    }
}

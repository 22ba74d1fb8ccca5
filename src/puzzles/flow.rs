//! A puzzle as it goes on the table, frame by frame once the table is still: the move the
//! player made judged, the reply played after a pause, a wrong move held while its refutation
//! is looked for (a search on the computer's thread, never in the frame; in the browser a small
//! one) and then taken back, the solution played out, and the attempt counted once.

use bevy::prelude::*;
use parlour_ai::puzzles::Answered;
use parlour_ai::puzzles::refute::{Refutation, refutation};
use parlour_rules::GameId;

use super::record::PuzzleRecord;
use super::session::{Mode, PuzzleAction, PuzzleHistory, PuzzleSession, Stage};
use crate::games::any_match::AnyMatch;
use crate::games::effects::Sfx;
use crate::games::parts::Token;
use crate::games::search::{AiTask, Answer};
use crate::games::words::cap;
use crate::play::board::{AnimQueue, Caption, GameOverTimer, Match, Resolution, Selection, TableDirty};
use crate::play::messages::{GameCommand, MoveInput, PlaySfx};
use crate::state::{Phase, Teaching};

/// The pause before the opponent's reply, and between the moves of the solution shown.
pub const REPLY_PAUSE: f32 = 0.7;
/// How long a wrong move stays on the board at least.
pub const WRONG_PAUSE: f32 = 1.2;
/// How long a wrong move waits at most for its refutation.
pub const REFUTE_WAIT: f32 = 4.0;

/// The nodes the refutation's search may visit: on the desktop a search thread's few seconds;
/// in the browser, where it runs in the frame, a few milliseconds' worth.
const REFUTE_NODES: u64 = if cfg!(target_arch = "wasm32") {
    20_000
} else {
    3_000_000
};

/// The hint and "Show the solution".
pub(super) fn actions(
    mut asked: MessageReader<PuzzleAction>,
    mut s: ResMut<PuzzleSession>,
    m: Res<Match>,
    mut sel: ResMut<Selection>,
    mut record: ResMut<PuzzleRecord>,
    mut history: ResMut<PuzzleHistory>,
) {
    for a in asked.read() {
        if !s.finding() {
            continue;
        }
        let s = &mut *s;
        match a {
            PuzzleAction::Hint => {
                let Some(text) = s.attempt.hint(&s.puzzle) else {
                    continue;
                };
                let first =
                    m.0.parse(text)
                        .ok()
                        .and_then(|t| t.into_iter().find(|t| matches!(t, Token::Spot(_))));
                sel.prefix.clear();
                sel.hint = first.into_iter().collect();
                sel.hint_ring = true;
            }
            PuzzleAction::Show => {
                let moves = s.attempt.show(&s.puzzle);
                *sel = Selection::default();
                s.stage = Stage::Showing { moves, wait: 0.2 };
            }
        }
        count(s, &mut record, &mut history);
    }
}

/// Counts the attempt once its result is known: the rating of a rated or daily puzzle, the
/// streak of a streak.
fn count(s: &mut PuzzleSession, record: &mut PuzzleRecord, history: &mut PuzzleHistory) {
    let Some(solved) = s.attempt.result() else { return };
    if s.change.is_some() {
        return;
    }
    match s.ask.mode {
        Mode::Rated | Mode::Daily if s.repeat => s.change = Some(0.0),
        // The player's own positions are practice: rating them would mix unrated puzzles
        // into a rating measured against the shipped set.
        Mode::Own | Mode::FromGame => s.change = Some(0.0),
        Mode::Rated | Mode::Daily => {
            s.change = Some(record.rate(s.ask.game, s.puzzle.rating, solved));
        }
        Mode::Streak => {
            s.change = Some(0.0);
            if solved {
                history.streak += 1;
                history.streak_last = Some(s.puzzle.rating);
                record.best_streak = record.best_streak.max(history.streak);
            } else {
                history.streak = 0;
                history.streak_last = None;
            }
        }
    }
}

/// A side as a sentence names it inside: "White", "Blue", or with the hunt games' pieces "the
/// general", "the soldiers" (and whether that is plural, for the verb).
pub fn side_words(game: GameId, name: &str) -> (String, bool) {
    if game == GameId::Soldiers {
        (format!("the {name}"), name.ends_with('s'))
    } else {
        (cap(name), false)
    }
}

/// The words after a wrong move, once its refutation is known; `opponent` as [`side_words`]
/// gives it.
pub fn reason(game: GameId, opponent: &(String, bool), found: Option<Refutation>) -> String {
    let (who, plural) = opponent;
    let s = if *plural { "" } else { "s" };
    match found {
        Some(Refutation::Reply(reply)) => {
            let how = match (game, plural) {
                (GameId::Konane, _) => "has the last move",
                (_, false) => "wins by force",
                (_, true) => "win by force",
            };
            format!("After this, {who} answer{s} {reply} and {how}.")
        }
        Some(Refutation::LosesAtOnce) => "That move loses at once.".into(),
        None => "That does not win.".into(),
    }
}

/// Looks for the refutation of `tried` on a search thread (in the browser: at the next poll).
fn spawn_refutation(s: &PuzzleSession, tried: &str, opponent: (String, bool)) -> AiTask {
    let (puzzle, ply, tried) = (s.puzzle.clone(), s.attempt.ply, tried.to_string());
    let game = s.ask.game;
    AiTask::spawn(move || {
        let found = refutation(&puzzle, ply, &tried, REFUTE_NODES);
        Some(Answer {
            tokens: Vec::new(),
            proven: Some(reason(game, &opponent, found)),
            also: Vec::new(),
        })
    })
}

/// Steps the puzzle on once the table is still.
pub(super) fn watch(
    mut s: ResMut<PuzzleSession>,
    m: Res<Match>,
    (res, queue, dirty, phase): (Res<Resolution>, Res<AnimQueue>, Res<TableDirty>, Res<State<Phase>>),
    time: Res<Time>,
    mut input: MessageWriter<MoveInput>,
    mut cmds: MessageWriter<GameCommand>,
    mut sfx: MessageWriter<PlaySfx>,
    (mut teaching, mut timer, mut caption): (ResMut<Teaching>, ResMut<GameOverTimer>, ResMut<Caption>),
    (mut record, mut history): (ResMut<PuzzleRecord>, ResMut<PuzzleHistory>),
) {
    // The result card waits: the puzzle's own window says how it ended.
    timer.0 = 0.0;
    let held = !s.finding();
    if teaching.0 != held {
        teaching.0 = held;
    }
    let dt = time.delta_secs();
    let s = &mut *s;
    if let Stage::Wrong { waited, .. } = &mut s.stage {
        *waited += dt;
    }
    if let Some(task) = s.refuting.as_mut()
        && let Some(answer) = task.poll()
    {
        s.refuting = None;
        if let Some((_, why)) = s.wrong.as_mut() {
            *why = Some(
                answer
                    .and_then(|a| a.proven)
                    .unwrap_or_else(|| reason(s.ask.game, &(String::new(), false), None)),
            );
        }
    }
    if res.active || !queue.idle() || dirty.0 || *phase.get() == Phase::Resolving {
        return;
    }
    let plies = m.0.plies();
    let at = s.base + s.attempt.ply;
    match &mut s.stage {
        Stage::Find => {
            if plies == at {
                s.side = m.0.to_move();
            } else if plies == at + 1 {
                tried(s, m.0.as_ref(), &mut sfx);
                count(s, &mut record, &mut history);
            }
        }
        Stage::Reply { wait, text } => {
            *wait -= dt;
            if *wait <= 0.0 {
                match m.0.parse(text) {
                    Ok(tokens) => {
                        input.write(MoveInput::Whole(tokens));
                        s.stage = Stage::Replying;
                    }
                    // A shipped puzzle's line is verified by a test; this guards a file edited by hand.
                    Err(e) => {
                        error!("puzzle {} reply {text}: {e}", s.puzzle.id);
                        s.stage = Stage::Done;
                    }
                }
            }
        }
        Stage::Replying => {
            if plies == at + 1 {
                s.attempt.replied();
                s.stage = Stage::Find;
            }
        }
        Stage::Wrong { wait, waited } => {
            *wait -= dt;
            let known = s.wrong.as_ref().is_some_and(|(_, why)| why.is_some());
            if *wait <= 0.0 && (known || *waited >= REFUTE_WAIT) {
                if let Some((_, why)) = s.wrong.as_mut().filter(|(_, why)| why.is_none()) {
                    *why = Some(reason(s.ask.game, &(String::new(), false), None));
                }
                s.refuting = None;
                cmds.write(GameCommand::Undo);
                s.stage = Stage::TakingBack;
            }
        }
        Stage::TakingBack => {
            if plies == at {
                // What the wrong move did is no longer on the board.
                caption.0.clear();
                s.stage = Stage::Find;
            }
        }
        Stage::Showing { moves, wait } => {
            *wait -= dt;
            if *wait > 0.0 {
                return;
            }
            *wait = REPLY_PAUSE;
            if moves.is_empty() {
                s.stage = Stage::Done;
                return;
            }
            let text = moves.remove(0);
            match m.0.parse(&text) {
                Ok(tokens) => {
                    input.write(MoveInput::Whole(tokens));
                }
                Err(e) => {
                    error!("puzzle {} solution {text}: {e}", s.puzzle.id);
                    s.stage = Stage::Done;
                }
            }
        }
        Stage::Done => {}
    }
}

/// The player's move is on the board: judged, and the next stage set.
fn tried(s: &mut PuzzleSession, m: &dyn AnyMatch, sfx: &mut MessageWriter<PlaySfx>) {
    let Some((_, text)) = m.history().last().cloned() else {
        return;
    };
    match s.attempt.answer(&s.puzzle, &text) {
        Answered::Reply(reply) => {
            s.wrong = None;
            s.stage = Stage::Reply {
                wait: REPLY_PAUSE,
                text: reply,
            };
        }
        Answered::Solved => {
            s.wrong = None;
            s.stage = Stage::Done;
        }
        Answered::Wrong => {
            sfx.write(PlaySfx(Sfx::Invalid));
            let opponent = side_words(s.ask.game, &m.side_name(m.to_move()));
            s.refuting = Some(spawn_refutation(s, &text, opponent));
            s.wrong = Some((text, None));
            s.stage = Stage::Wrong {
                wait: WRONG_PAUSE,
                waited: 0.0,
            };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_refutation_is_said_in_the_games_words() {
        let white = side_words(GameId::Konane, "white");
        let found = Some(Refutation::Reply("c3-c5".into()));
        assert_eq!(
            reason(GameId::Konane, &white, found.clone()),
            "After this, White answers c3-c5 and has the last move."
        );
        let soldiers = side_words(GameId::Soldiers, "soldiers");
        assert_eq!(soldiers, ("the soldiers".to_string(), true));
        assert_eq!(
            reason(GameId::Soldiers, &soldiers, found),
            "After this, the soldiers answer c3-c5 and win by force."
        );
        assert_eq!(reason(GameId::ConHex, &white, None), "That does not win.");
        assert_eq!(
            side_words(GameId::Soldiers, "general"),
            ("the general".to_string(), false)
        );
    }
}

//! A player's requests: take back, replay, resigning. The computer's part of each (stopping
//! its search, hints, moving now) is `ai`'s, and an online resignation `net`'s: they read the
//! same messages.

use bevy::prelude::*;

use crate::games::build::Setup;
use crate::games::effects::Sfx;
use crate::play::board::OffRecord;
use crate::play::board::{Match, Resigned, Resolution, Selection, TableDirty};
use crate::play::input::start_resolving;
use crate::play::messages::{GameCommand, PlaySfx};
use crate::play::start::decide;
use crate::state::Notice;
use crate::state::{Phase, Remote, Review, Screen};

pub(crate) fn handle_commands(
    mut cmds: MessageReader<GameCommand>,
    mut m: ResMut<Match>,
    setup: Res<Setup>,
    mut res: ResMut<Resolution>,
    mut review: ResMut<Review>,
    mut sel: ResMut<Selection>,
    mut dirty: ResMut<TableDirty>,
    mut resigned: ResMut<Resigned>,
    mut next_phase: ResMut<NextState<Phase>>,
    mut next_screen: ResMut<NextState<Screen>>,
    mut sfx: MessageWriter<PlaySfx>,
    (remote, mut notice): (Res<Remote>, Option<ResMut<Notice>>),
    off: Res<OffRecord>,
) {
    for cmd in cmds.read() {
        // While the review's line is on the table, nothing else moves on it; while a move is
        // tried in a mistake's place, nothing is taken back or replayed.
        let tried = off.trying() && !matches!(cmd, GameCommand::Review(_) | GameCommand::Hint);
        if (res.active || off.showing_line() || tried) && *cmd != GameCommand::MoveNow {
            continue;
        }
        if remote.any() && matches!(cmd, GameCommand::Undo | GameCommand::Redo | GameCommand::Resign) {
            // The server holds the game: nothing is taken back; a seated player resigns
            // through the server (the result comes back from it, stored), a watcher cannot.
            let seated = !remote.0.iter().all(|r| *r);
            if *cmd == GameCommand::Resign && seated && !m.0.status().is_over() {
                continue; // `net` sends it to the server
            }
            if let Some(n) = notice.as_mut() {
                n.set(
                    if *cmd == GameCommand::Resign {
                        "Only a player at the table can resign; you are watching."
                    } else {
                        "In an online game a move is taken back only by agreement: Ask to take back, above the table."
                    },
                    false,
                );
            }
            sfx.write(PlaySfx(Sfx::Invalid));
            continue;
        }
        match cmd {
            GameCommand::Undo | GameCommand::Redo => {
                let undo = *cmd == GameCommand::Undo;
                let mut changed = false;
                loop {
                    let ok = if undo { m.0.undo() } else { m.0.redo() };
                    if !ok {
                        break;
                    }
                    changed = true;
                    let human = setup.seats[m.0.seat_to_move().index()].is_none();
                    let any_human = setup.seats.iter().any(Option::is_none);
                    if human || !any_human {
                        break;
                    }
                }
                if changed {
                    *sel = Selection::default();
                    dirty.0 = true;
                    resigned.0 = None;
                    next_phase.set(decide(m.0.as_ref(), &setup, &remote, review.0));
                    sfx.write(PlaySfx(Sfx::Click));
                } else {
                    sfx.write(PlaySfx(Sfx::Invalid));
                }
            }
            GameCommand::Review(on) => {
                review.0 = *on;
                *sel = Selection::default();
                next_phase.set(decide(m.0.as_ref(), &setup, &remote, review.0));
            }
            GameCommand::ReplayStart | GameCommand::ReplayBack | GameCommand::ReplayEnd | GameCommand::ReplayTo(_) => {
                review.0 = true;
                let at = m.0.history().len();
                let total = at + m.0.redo_len();
                let target = match *cmd {
                    GameCommand::ReplayStart => 0,
                    GameCommand::ReplayBack => at.saturating_sub(1),
                    GameCommand::ReplayTo(n) => n.min(total),
                    _ => total,
                };
                m.0.go_to(target);
                let changed = m.0.plies() != at;
                *sel = Selection::default();
                dirty.0 = true;
                resigned.0 = None;
                next_phase.set(Phase::Reviewing);
                sfx.write(PlaySfx(if changed { Sfx::Click } else { Sfx::Invalid }));
            }
            GameCommand::ReplayForward => {
                review.0 = true;
                if m.0.redo_begin() {
                    // The move plays again through every rule stage with its animations.
                    start_resolving(&mut sel, &mut res, &mut next_phase);
                } else {
                    sfx.write(PlaySfx(Sfx::Invalid));
                }
            }
            // The computer's searches and hints: `ai` reads these itself.
            GameCommand::Hint | GameCommand::MoveNow => {}
            GameCommand::Resign => {
                if !m.0.status().is_over() {
                    resigned.0 = Some(m.0.seat_to_move());
                    next_screen.set(Screen::Results);
                }
            }
        }
    }
}

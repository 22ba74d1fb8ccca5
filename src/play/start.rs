//! Starting a match: the table cleared and spawned, the match built from the set-up (or kept),
//! the start moves played, and the first phase decided.

use bevy::prelude::*;

use crate::games::any_match::AnyMatch;
use crate::games::build::Palette;
use crate::games::build::new_match;
use crate::games::build::{PaletteColours, Setup};
use crate::games::parts::Table;
use crate::play::board::AnimQueue;
use crate::play::board::{
    BoardRoot, Caption, CellTint, Match, Resigned, Resolution, Selection, Spot, StartMoves, StartProblems, TableDirty,
    Tabletop,
};
use crate::state::Notice;
use crate::state::{KeepMatch, Phase, Remote, Review};

/// Despawns the table.
pub fn clear_table(mut commands: Commands, q: Query<Entity, With<Tabletop>>) {
    for e in &q {
        commands.entity(e).despawn();
    }
}

/// Builds the match from [`Setup`] (or keeps the one in place, see [`KeepMatch`]), plays the
/// start moves and spawns the table.
pub fn start_match(
    mut commands: Commands,
    setup: Res<Setup>,
    mut keep: ResMut<KeepMatch>,
    existing: Option<Res<Match>>,
    (mut review, remote): (ResMut<Review>, Res<Remote>),
    mut queue: ResMut<AnimQueue>,
    settings: Option<Res<parlour_saves::settings::Settings>>,
    (start, mut refused): (Res<StartMoves>, ResMut<StartProblems>),
    old: Query<Entity, With<Tabletop>>,
    mut dirty: ResMut<TableDirty>,
    mut sel: ResMut<Selection>,
    mut res: ResMut<Resolution>,
    mut resigned: ResMut<Resigned>,
    mut caption: ResMut<Caption>,
    mut next_phase: ResMut<NextState<Phase>>,
    mut notice: Option<ResMut<Notice>>,
) {
    for e in &old {
        commands.entity(e).despawn();
    }
    queue.steps.clear();
    queue.active = None;
    let kept = std::mem::take(&mut keep.0) && existing.is_some();
    if !kept {
        review.0 = false;
    }
    let fresh = if kept {
        None
    } else {
        let (fresh, more) = fresh_match(&setup, &start.0);
        let mut problems = std::mem::take(&mut refused.0);
        problems.extend(more);
        // A bad --options or --moves opens the game anyway, and says what was refused.
        if !problems.is_empty()
            && let Some(n) = notice.as_mut()
        {
            n.set(problems.join(" "), true);
        }
        fresh
    };
    let m: &dyn AnyMatch = match (&fresh, &existing) {
        (Some(f), _) => f.as_ref(),
        (None, Some(e)) => e.0.as_ref(),
        (None, None) => return,
    };
    let palette = settings
        .map(|s| s.palette)
        .unwrap_or_default()
        .colours(m.game_id(), m.palette());
    spawn_table(&mut commands, m, palette);
    *sel = Selection::default();
    *res = Resolution::default();
    resigned.0 = None;
    caption.0.clear();
    dirty.0 = true;
    next_phase.set(decide(m, &setup, &remote, review.0));
    if let Some(f) = fresh {
        commands.insert_resource(Match(f));
    }
}

/// Rebuilds the table around the match in progress when the colour palette changes, so the new
/// colours (and the colour-blind-safe palette's rings) show at once, not from the next board.
pub(crate) fn repaint_on_palette_change(
    mut commands: Commands,
    settings: Option<Res<parlour_saves::settings::Settings>>,
    mut last: Local<Option<Palette>>,
    res: Res<Resolution>,
    queue: Res<AnimQueue>,
) {
    let Some(now) = settings.map(|s| s.palette) else { return };
    let Some(before) = *last else {
        *last = Some(now);
        return;
    };
    // A move being resolved finishes first (rebuilding would drop its remaining stages).
    if before == now || res.active || !queue.idle() {
        return;
    }
    *last = Some(now);
    commands.insert_resource(KeepMatch(true));
    commands.run_system_cached(start_match);
}

/// A match built from `setup` with the start moves played.
fn fresh_match(setup: &Setup, start: &[String]) -> (Option<Box<dyn AnyMatch>>, Vec<String>) {
    let mut problems = Vec::new();
    let mut m = match new_match(setup) {
        Ok(m) => m,
        Err(e) => {
            let name = setup.game.name();
            problems.push(format!("{name}: {e}; the game opened with its usual options."));
            let fallback = Setup {
                game: setup.game,
                options: parlour_rules::GameOptions::standard(setup.game),
                seats: setup.seats,
            };
            match new_match(&fallback) {
                Ok(m) => m,
                Err(e) => {
                    problems.push(format!("{name} cannot start: {e}."));
                    return (None, problems);
                }
            }
        }
    };
    for (i, text) in start.iter().enumerate() {
        let refused = match m.parse(text) {
            Ok(tokens) if m.play_now(&tokens) => continue,
            Ok(_) => format!("move {} '{text}' is not legal here", i + 1),
            Err(e) => format!("move {} '{text}': {e}", i + 1),
        };
        let opened = match i {
            0 => "at the start".to_string(),
            1 => "after the move before it".to_string(),
            n => format!("after the {n} moves before it"),
        };
        problems.push(format!("--moves: {refused}; the game opened {opened}."));
        break;
    }
    for p in &problems {
        error!("{p}");
    }
    (Some(m), problems)
}

/// Spawns the board, its spots and (ConHex) its cells for `m`.
pub fn spawn_table(commands: &mut Commands, m: &dyn AnyMatch, palette: [Color; 2]) {
    let table = m.table();
    if let Table::ConHex { cells, .. } = &table {
        for i in 0..cells.len() {
            commands.spawn((
                CellTint {
                    cell: i as u16,
                    colour: None,
                    glow: false,
                },
                Transform::default(),
                Visibility::default(),
            ));
        }
    }
    commands.spawn((
        BoardRoot {
            game: m.game_id(),
            table,
            palette,
        },
        Transform::default(),
        Visibility::default(),
    ));
    for s in m.spots() {
        commands.spawn((Spot { id: s.id }, Transform::from_translation(s.pos), Name::new(s.name)));
    }
}

/// The phase a match at rest is in (`review`: the replay controls are in use).
pub fn decide(m: &dyn AnyMatch, setup: &Setup, remote: &Remote, review: bool) -> Phase {
    if review {
        Phase::Reviewing
    } else if m.status().is_over() {
        Phase::GameOver
    } else if remote.0[m.seat_to_move().index()] {
        Phase::Remote
    } else if setup.seats[m.seat_to_move().index()].is_some() {
        Phase::AiThinking
    } else {
        Phase::AwaitingInput
    }
}

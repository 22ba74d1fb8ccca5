//! Showing what can be done and what was done: the spots lit for hover, the choices, the
//! legal targets, the last move and the hint; the hovered piece lifted a little on a person's
//! turn; gold rings round the spots that decided a finished game.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use crate::games::parts::Token;
use crate::play::board::AnimQueue;
use crate::play::board::Resolution;
use crate::play::board::{Match, Piece, Selection, Spot, Tabletop};
use crate::state::Phase;
use crate::table::materials::{Look3d, MatchMats};
use crate::table::picking::Hovered;
use crate::teach::rules_view::Guide;

/// A piece lifted because the pointer is over its spot: where it rests.
#[derive(Component)]
pub struct Lifted(Vec3);

/// How far a hovered piece rises.
const LIFT: f32 = 0.12;

/// Lifts the piece under the pointer a little while it is a person's turn, and sets it down
/// when the pointer leaves (or the turn ends, or a move starts to animate).
pub(super) fn lift_hovered(
    mut commands: Commands,
    hovered: Res<Hovered>,
    phase: Option<Res<State<Phase>>>,
    queue: Res<AnimQueue>,
    spots: Query<(&Spot, &Transform), Without<Piece>>,
    mut pieces: Query<(Entity, &mut Transform, Option<&Lifted>), With<Piece>>,
) {
    let human = phase.is_some_and(|p| *p.get() == Phase::AwaitingInput) && queue.idle();
    let at = hovered
        .0
        .filter(|_| human)
        .and_then(|id| spots.iter().find(|(s, _)| s.id == id))
        .map(|(_, tf)| tf.translation);
    for (e, mut tf, lifted) in &mut pieces {
        let over = at.is_some_and(|p| Vec2::new(tf.translation.x - p.x, tf.translation.z - p.z).length() < 0.2);
        match (over, lifted) {
            (true, None) => {
                commands.entity(e).insert(Lifted(tf.translation));
                tf.translation.y += LIFT;
            }
            (false, Some(Lifted(rest))) => {
                // Set down where it was lifted; a piece the move has taken elsewhere stays there.
                if tf.translation.xz() == rest.xz() {
                    tf.translation.y = rest.y;
                }
                commands.entity(e).remove::<Lifted>();
            }
            _ => {}
        }
    }
}

/// A gold ring round a spot that decided the game (the pinned general).
#[derive(Component)]
pub(super) struct DecisiveMark(u16);

/// Rings the spots that decided a finished game, and takes the rings away when it is not
/// finished (undo, replay).
pub(super) fn mark_decisive(
    mut commands: Commands,
    m: Option<Res<Match>>,
    look: Res<Look3d>,
    spots: Query<(&Spot, &Transform)>,
    marks: Query<(Entity, &DecisiveMark)>,
    res: Res<Resolution>,
) {
    let want = match &m {
        Some(m) if !res.active => m.0.decisive_spots(),
        _ => Vec::new(),
    };
    for (e, mark) in &marks {
        if !want.contains(&mark.0) {
            commands.entity(e).despawn();
        }
    }
    for id in want {
        if marks.iter().any(|(_, mark)| mark.0 == id) {
            continue;
        }
        if let Some((_, tf)) = spots.iter().find(|(s, _)| s.id == id) {
            commands.spawn((
                Tabletop,
                DecisiveMark(id),
                Mesh3d(look.ring.clone()),
                MeshMaterial3d(look.gold.clone()),
                Transform::from_translation(tf.translation + Vec3::Y * 0.02).with_scale(Vec3::new(0.5, 0.3, 0.5)),
                Pickable::IGNORE,
                NotShadowCaster,
            ));
        }
    }
}

/// Lights each spot for what it is now: under the pointer, chosen, hinted, a legal target (or
/// start, where the game or the guide shows them), part of the last move, or none of these.
pub(super) fn highlight_spots(
    mut spots: Query<(&Spot, &mut MeshMaterial3d<StandardMaterial>)>,
    hovered: Res<Hovered>,
    sel: Res<Selection>,
    m: Option<Res<Match>>,
    phase: Option<Res<State<Phase>>>,
    look: Res<Look3d>,
    mats: Option<Res<MatchMats>>,
    guide: Option<Res<Guide>>,
) {
    let (Some(m), Some(mats)) = (m, mats) else { return };
    let human = phase.is_some_and(|p| *p.get() == Phase::AwaitingInput);
    let last: Vec<u16> =
        m.0.last_tokens()
            .iter()
            .filter_map(|t| if let Token::Spot(s) = t { Some(*s) } else { None })
            .collect();
    let spot_of = |t: &Token| if let Token::Spot(s) = t { Some(*s) } else { None };
    let selected: Vec<u16> = sel.prefix.iter().filter_map(spot_of).collect();
    let starts = m.0.show_starts() || guide.is_some_and(|g| g.active());
    let targets: Vec<u16> = if human && (starts || !sel.prefix.is_empty()) {
        sel.next.iter().filter_map(spot_of).collect()
    } else {
        Vec::new()
    };
    let hint: Vec<u16> = sel.hint.iter().filter_map(spot_of).collect();
    for (spot, mut material) in &mut spots {
        let id = spot.id;
        let want = if human && hovered.0 == Some(id) {
            &look.hover
        } else if selected.contains(&id) {
            &look.selected
        } else if hint.contains(&id) {
            &look.hint
        } else if targets.contains(&id) {
            if sel.prefix.is_empty() {
                &look.start
            } else {
                &look.target
            }
        } else if last.contains(&id) {
            &look.last
        } else {
            &mats.spot
        };
        if material.0 != *want {
            material.0 = want.clone();
        }
    }
}

//! The review's moves drawn on the table ([`ShownMoves`]): the move played, in its mark's
//! colour, and the computer's preferred move in green (and, for a hint in a proven win, every
//! winning move in the hint's colour) — a move of several spots (Kōnane's jump
//! path, a soldier's step or capture chain) as arrows from spot to spot over the pieces, a move
//! of one spot (Kansho's placement, ConHex's peg, Qyshinsu's stone) as a ring round it.

use std::collections::HashMap;

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use crate::games::parts::Token;
use crate::play::board::{Selection, ShownMoves, Spot, Tabletop};
use crate::theme::palette::{BEST_RGB, mark_rgb};

/// A piece of a drawn move.
#[derive(Component)]
pub(crate) struct MoveArrow;

/// How high over the board the arrows float (over Kōnane's stones and Qyshinsu's, below a
/// soldier's head).
const ARROW_HEIGHT: f32 = 0.42;

/// The meshes and the materials by colour, made once.
#[derive(Default)]
pub(crate) struct ArrowLook {
    meshes: Option<[Handle<Mesh>; 3]>,
    colours: HashMap<[u8; 3], Handle<StandardMaterial>>,
}

impl ArrowLook {
    fn material(&mut self, materials: &mut Assets<StandardMaterial>, rgb: [u8; 3]) -> Handle<StandardMaterial> {
        self.colours
            .entry(rgb)
            .or_insert_with(|| {
                materials.add(StandardMaterial {
                    base_color: Color::srgba_u8(rgb[0], rgb[1], rgb[2], 215),
                    unlit: true,
                    alpha_mode: AlphaMode::Blend,
                    ..default()
                })
            })
            .clone()
    }
}

/// The hint's colour (the spots' hint highlight).
const HINT_RGB: [u8; 3] = [217, 89, 230];

/// Draws [`ShownMoves`], and every winning move of a hint in a proven win, afresh whenever
/// they change (or the table was rebuilt under them).
#[allow(clippy::too_many_arguments)]
pub(crate) fn draw_shown_moves(
    mut commands: Commands,
    (shown, sel): (Res<ShownMoves>, Res<Selection>),
    mut drawn: Local<(ShownMoves, Vec<Vec<Token>>)>,
    mut look: Local<ArrowLook>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    spots: Query<(&Spot, &Transform)>,
    arrows: Query<Entity, With<MoveArrow>>,
) {
    // One hinted move is lit on its spots; several (all of a proven win's) are drawn as arrows.
    let hints: Vec<Vec<Token>> = if sel.hint_also.is_empty() && !sel.hint_ring {
        Vec::new()
    } else {
        std::iter::once(sel.hint.clone())
            .chain(sel.hint_also.iter().cloned())
            .collect()
    };
    let wanted = !shown.played.is_empty() || !shown.best.is_empty() || !hints.is_empty();
    if drawn.0 == *shown && drawn.1 == hints && (arrows.is_empty() != wanted || spots.is_empty()) {
        return;
    }
    for e in &arrows {
        commands.entity(e).despawn();
    }
    if spots.is_empty() {
        // Not on the table yet: drawn once its spots are.
        *drawn = Default::default();
        return;
    }
    *drawn = (shown.clone(), hints.clone());
    let [shaft, head, ring] = look
        .meshes
        .get_or_insert_with(|| {
            [
                meshes.add(Cuboid::new(1.0, 1.0, 1.0)),
                meshes.add(Cone::new(0.5, 1.0)),
                meshes.add(Torus::new(0.62, 0.86)),
            ]
        })
        .clone();
    let at = |t: &Token| match t {
        Token::Spot(id) => spots.iter().find(|(s, _)| s.id == *id).map(|(_, tf)| tf.translation),
        Token::Choice(_) => None,
    };
    let unit = spacing(&spots);
    let played_rgb = shown.mark.and_then(mark_rgb).unwrap_or(if shown.best.is_empty() {
        BEST_RGB
    } else {
        [120, 165, 235]
    });
    let moves = [(&shown.played, played_rgb), (&shown.best, BEST_RGB)]
        .into_iter()
        .chain(hints.iter().map(|h| (h, HINT_RGB)));
    for (tokens, rgb) in moves {
        let path: Vec<Vec3> = tokens.iter().filter_map(at).collect();
        let material = look.material(&mut materials, rgb);
        let mut spawn = |mesh: &Handle<Mesh>, tf: Transform| {
            commands.spawn((
                Tabletop,
                MoveArrow,
                Mesh3d(mesh.clone()),
                MeshMaterial3d(material.clone()),
                tf,
                Pickable::IGNORE,
                NotShadowCaster,
            ));
        };
        match path.as_slice() {
            [] => {}
            [one] => spawn(
                &ring,
                Transform::from_translation(*one + Vec3::Y * 0.03).with_scale(Vec3::new(0.62, 0.3, 0.62) * unit),
            ),
            _ => {
                for pair in path.windows(2) {
                    let (shaft_tf, head_tf) = arrow(pair[0], pair[1], unit);
                    spawn(&shaft, shaft_tf);
                    spawn(&head, head_tf);
                }
            }
        }
    }
}

/// The distance between neighbouring spots (1 on most boards).
fn spacing(spots: &Query<(&Spot, &Transform)>) -> f32 {
    let points: Vec<Vec3> = spots.iter().take(64).map(|(_, tf)| tf.translation).collect();
    let nearest = points
        .iter()
        .enumerate()
        .flat_map(|(i, a)| points[i + 1..].iter().map(move |b| a.distance(*b)))
        .filter(|d| *d > 0.05)
        .fold(f32::INFINITY, f32::min);
    if nearest.is_finite() { nearest.min(1.5) } else { 1.0 }
}

/// The shaft and the head of an arrow from `a` to `b`, flat over the board.
fn arrow(a: Vec3, b: Vec3, unit: f32) -> (Transform, Transform) {
    let lift = Vec3::Y * ARROW_HEIGHT;
    let (a, b) = (a + lift, b + lift);
    let d = (b - a).normalize_or(Vec3::X);
    let side = d.cross(Vec3::Y).normalize_or(Vec3::Z);
    // Local y along the arrow, local x across it, local z up: scaling z keeps it flat.
    let turn = Quat::from_mat3(&Mat3::from_cols(side, d, side.cross(d)));
    let head_len = 0.32 * unit;
    let from = a + d * 0.12 * unit;
    let tip = b - d * 0.05 * unit;
    let neck = tip - d * head_len;
    let length = (neck - from).length().max(0.01);
    let shaft = Transform {
        translation: (from + neck) / 2.0,
        rotation: turn,
        scale: Vec3::new(0.1 * unit, length, 0.03 * unit),
    };
    let head = Transform {
        translation: neck + d * head_len / 2.0,
        rotation: turn,
        scale: Vec3::new(0.3 * unit, head_len, 0.06 * unit),
    };
    (shaft, head)
}

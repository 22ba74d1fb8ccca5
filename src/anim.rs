//! Playing the rules' staged steps as animations, one step after another: drops, flips, hops
//! along arcs, captures lifting off, Kansho discards rolling into the hole and falling into
//! the box, ConHex cells taking their colour. Only transforms and components change here, so
//! it runs headless too.

use bevy::prelude::*;
use parlour_saves::settings::Settings;

use crate::games::effects::Anim;
use crate::play::board::{Active, AnimQueue, Caption, CellTint, Piece, piece_bundle};
use crate::play::messages::PlaySfx;
use crate::schedule::GameSet;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<AnimQueue>()
        .add_systems(Update, play.in_set(GameSet::Animate));
}

fn ease_in_out(t: f32) -> f32 {
    if t < 0.5 {
        4.0 * t * t * t
    } else {
        1.0 - (-2.0 * t + 2.0).powi(3) / 2.0
    }
}

fn play(
    mut commands: Commands,
    time: Res<Time>,
    settings: Option<Res<Settings>>,
    mut queue: ResMut<AnimQueue>,
    mut caption: ResMut<Caption>,
    mut sfx: MessageWriter<PlaySfx>,
    mut pieces: Query<(Entity, &mut Piece, &mut Transform)>,
    mut tints: Query<&mut CellTint>,
) {
    // How fast animations play (1 = normal, 0 = instant): the player's setting, normal
    // without one (a headless test).
    let speed = settings.map_or(1.0, |s| s.speed.factor());
    let queue = &mut *queue;
    if queue.active.is_none() {
        let Some(step) = queue.steps.pop_front() else { return };
        caption.0 = step.caption.clone();
        if let Some(s) = step.sound {
            sfx.write(PlaySfx(s));
        }
        let parts = step
            .parts
            .iter()
            .map(|part| begin(part, &mut commands, &pieces, &mut tints))
            .collect();
        queue.active = Some(Active { step, t: 0.0, parts });
        return;
    }
    let Some(active) = queue.active.as_mut() else { return };
    active.t += time.delta_secs() * speed;
    // Speed 0 is the "instant" setting: every step lands on the frame after it starts.
    let p = if speed <= 0.0 {
        1.0
    } else {
        (active.t / active.step.secs.max(0.01)).min(1.0)
    };
    let n_tints = active
        .step
        .parts
        .iter()
        .filter(|a| matches!(a, Anim::Tint { .. }))
        .count()
        .max(1);
    let mut tint_i = 0;
    for (part, start) in active.step.parts.iter().zip(&active.parts) {
        if let Anim::Tint { cell, colour } = part {
            // The tint spreads: each cell takes its colour a little after the one before.
            let at = tint_i as f32 / n_tints as f32 * 0.7;
            tint_i += 1;
            if p >= at {
                for mut t in &mut tints {
                    if t.cell == *cell && t.colour != *colour {
                        t.colour = *colour;
                    }
                }
            }
            continue;
        }
        let Some((e, from)) = *start else { continue };
        let Ok((_, mut piece, mut tf)) = pieces.get_mut(e) else {
            continue;
        };
        pose(part, from, p, &mut piece, &mut tf);
        if p >= 1.0 {
            land(part, from, &mut piece, &mut tf, || {
                commands.entity(e).despawn();
            });
        }
    }
    if p >= 1.0 {
        queue.active = None;
        queue.finished += 1;
    }
}

/// A step's part as the step starts: the piece it moves (spawned first for a drop) and where
/// that piece starts, or nothing for the parts that move no piece (a glow is lit at once).
fn begin(
    part: &Anim,
    commands: &mut Commands,
    pieces: &Query<(Entity, &mut Piece, &mut Transform)>,
    tints: &mut Query<&mut CellTint>,
) -> Option<(Entity, Vec3)> {
    match part {
        Anim::Drop { key, pos, look } => {
            let start = *pos + Vec3::Y * 1.6;
            let e = commands.spawn(piece_bundle(*key, *look, start)).id();
            Some((e, start))
        }
        Anim::Lift { key } | Anim::Flip { key, .. } | Anim::Travel { key, .. } | Anim::Discard { key, .. } => pieces
            .iter()
            .find(|(_, p, _)| p.key == *key)
            .map(|(e, _, t)| (e, t.translation)),
        Anim::Glow { cells } => {
            for mut t in tints.iter_mut() {
                if cells.contains(&t.cell) {
                    t.glow = true;
                }
            }
            None
        }
        Anim::Tint { .. } => None,
    }
}

/// A moving piece `p` of the way (0 to 1) through its part of a step that began at `from`
/// (the piece itself is marked changed only when its look turns over).
fn pose(part: &Anim, from: Vec3, p: f32, piece: &mut Mut<Piece>, tf: &mut Mut<Transform>) {
    match part {
        Anim::Drop { pos, .. } => {
            let k = p * p;
            tf.translation = from.lerp(*pos, k);
        }
        Anim::Lift { .. } => {
            let k = ease_in_out(p);
            tf.translation = from + Vec3::Y * 1.4 * k;
            tf.scale = Vec3::splat((1.0 - k).max(0.01));
        }
        Anim::Flip { look, .. } => {
            tf.translation = from + Vec3::Y * 0.35 * (p * std::f32::consts::PI).sin();
            tf.rotation = Quat::from_rotation_x(std::f32::consts::PI * ease_in_out(p));
            if p >= 0.5 && piece.look != *look {
                piece.look = *look;
            }
        }
        Anim::Travel { path, hop, .. } => {
            let n = path.len().max(1);
            let k = ease_in_out(p) * n as f32;
            let i = (k.floor() as usize).min(n - 1);
            let f = k - i as f32;
            let a = if i == 0 { from } else { path[i - 1] };
            let b = path.get(i).copied().unwrap_or(from);
            let lift = if *hop {
                0.6 * (f * std::f32::consts::PI).sin()
            } else {
                0.0
            };
            tf.translation = a.lerp(b, f) + Vec3::Y * lift;
        }
        Anim::Discard { via, to, .. } => {
            let split = 0.5;
            if p < split {
                let k = ease_in_out(p / split);
                let dir = (*via - from).with_y(0.0);
                tf.translation = from.lerp(*via, k);
                // Rolling: turn about the axis across the direction of travel.
                let axis = Vec3::Y.cross(dir).try_normalize().unwrap_or(Vec3::X);
                tf.rotation = Quat::from_axis_angle(axis, dir.length() * k * 4.0);
            } else {
                let k = (p - split) / (1.0 - split);
                let k = k * k;
                tf.translation = via.lerp(*to, k);
                tf.rotation = Quat::IDENTITY.slerp(Quat::from_rotation_x(0.3), 1.0 - k);
            }
        }
        Anim::Tint { .. } | Anim::Glow { .. } => {}
    }
}

/// A moving piece at the end of its part: exactly where it lands, with its new key and look
/// (`despawn` is called for a lifted piece).
fn land(part: &Anim, from: Vec3, piece: &mut Mut<Piece>, tf: &mut Mut<Transform>, despawn: impl FnOnce()) {
    match part {
        Anim::Drop { pos, .. } => tf.translation = *pos,
        Anim::Lift { .. } => despawn(),
        Anim::Flip { look, .. } => {
            tf.translation = from;
            tf.rotation = Quat::IDENTITY;
            piece.look = *look;
        }
        Anim::Travel { path, to_key, .. } => {
            tf.translation = path.last().copied().unwrap_or(from);
            piece.key = *to_key;
        }
        Anim::Discard { to, to_key, .. } => {
            tf.translation = *to;
            tf.rotation = Quat::IDENTITY;
            piece.key = *to_key;
        }
        Anim::Tint { .. } | Anim::Glow { .. } => {}
    }
}

//! Clicking the board: each spot gets its mesh and the picking observers that turn a click
//! into `MoveInput` and keep track of the spot under the pointer.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use crate::games::parts::Token;
use crate::play::board::{Selection, Spot};
use crate::play::messages::MoveInput;
use crate::table::camera::{Gesture, OrbitCam};
use crate::table::materials::MatchMats;

/// The spot under the pointer.
#[derive(Resource, Default)]
pub struct Hovered(pub Option<u16>);

pub(super) fn dress_spots(
    mut commands: Commands,
    spots: Query<Entity, (With<Spot>, Without<Mesh3d>)>,
    mats: Option<Res<MatchMats>>,
) {
    let Some(mats) = mats else { return };
    for e in &spots {
        commands
            .entity(e)
            .insert((
                Mesh3d(mats.spot_mesh.clone()),
                MeshMaterial3d(mats.spot.clone()),
                NotShadowCaster,
            ))
            .observe(on_click)
            .observe(on_over)
            .observe(on_out);
    }
}

fn on_click(ev: On<Pointer<Click>>, spots: Query<&Spot>, mut out: MessageWriter<MoveInput>) {
    // A finger's taps are read by `taps`, with a wider reach than the spot's mesh.
    if ev.event.button != PointerButton::Primary || matches!(ev.pointer_id, bevy::picking::pointer::PointerId::Touch(_))
    {
        return;
    }
    if let Ok(s) = spots.get(ev.entity) {
        out.write(MoveInput::Click(Token::Spot(s.id)));
    }
}

fn on_over(ev: On<Pointer<Over>>, spots: Query<&Spot>, mut hovered: ResMut<Hovered>) {
    if let Ok(s) = spots.get(ev.entity) {
        hovered.0 = Some(s.id);
    }
}

fn on_out(ev: On<Pointer<Out>>, spots: Query<&Spot>, mut hovered: ResMut<Hovered>) {
    if let Ok(s) = spots.get(ev.entity)
        && hovered.0 == Some(s.id)
    {
        hovered.0 = None;
    }
}

/// How far from a spot's centre a finger's tap still takes it (logical pixels): about half of
/// the 44-pixel touch target, wherever the spot's own mesh is smaller on the screen.
pub const TOUCH_REACH: f32 = 26.0;

/// A finger's tap on the table (not on a window, not the end of an orbit or a pinch): the spot
/// nearest the tap within [`TOUCH_REACH`] — one the move being entered may take first, then any
/// — is clicked; a tap that reaches none puts back the piece lifted, and a second such tap soon
/// after the first resets the view.
pub(super) fn taps(
    touches: Res<Touches>,
    gesture: Res<Gesture>,
    spots: Query<(&Spot, &GlobalTransform)>,
    cams: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    sel: Res<Selection>,
    mut contexts: bevy_egui::EguiContexts,
    mut out: MessageWriter<MoveInput>,
    mut cam: ResMut<OrbitCam>,
    time: Res<Time<Real>>,
    mut last_miss: Local<Option<(f32, Vec2)>>,
) {
    let Some((camera, cam_tf)) = cams.iter().next() else {
        return;
    };
    for touch in touches.iter_just_released() {
        let at = touch.position();
        if gesture.moved || touch.start_position().distance(at) > Gesture::SLOP {
            continue;
        }
        if let Ok(ctx) = contexts.ctx_mut() {
            let p = bevy_egui::egui::pos2(at.x / ctx.zoom_factor(), at.y / ctx.zoom_factor());
            if ctx
                .layer_id_at(p)
                .is_some_and(|l| l.order != bevy_egui::egui::Order::Background)
            {
                continue;
            }
        }
        let offered = |id: u16| sel.next.contains(&Token::Spot(id));
        let nearest = |want: &dyn Fn(u16) -> bool| {
            spots
                .iter()
                .filter(|(s, _)| want(s.id))
                .filter_map(|(s, tf)| {
                    let v = camera.world_to_viewport(cam_tf, tf.translation()).ok()?;
                    Some((s.id, v.distance(at)))
                })
                .filter(|(_, d)| *d <= TOUCH_REACH)
                .min_by(|a, b| a.1.total_cmp(&b.1))
        };
        match nearest(&offered).or_else(|| nearest(&|_| true)) {
            Some((id, _)) => {
                *last_miss = None;
                out.write(MoveInput::Click(Token::Spot(id)));
            }
            None => {
                let now = time.elapsed_secs();
                if last_miss.is_some_and(|(t, p)| now - t < 0.45 && p.distance(at) < 40.0) {
                    cam.reset();
                    *last_miss = None;
                } else {
                    *last_miss = Some((now, at));
                }
                if !sel.prefix.is_empty() {
                    out.write(MoveInput::Cancel);
                }
            }
        }
    }
}

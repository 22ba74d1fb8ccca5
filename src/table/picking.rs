//! Clicking the board: each spot gets its mesh and the picking observers that turn a click
//! into `MoveInput` and keep track of the spot under the pointer.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use crate::games::parts::Token;
use crate::play::board::Spot;
use crate::play::messages::MoveInput;
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
    if ev.event.button != PointerButton::Primary {
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

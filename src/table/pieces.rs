//! Dressing the pieces and the cells: each piece's turned mesh in its side's material, with
//! its head, pips or inlay, and the colour-blind marking ring when the palette asks for it;
//! each claimed cell tinted in its owner's colour.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use crate::games::parts::Shape;
use crate::play::board::{BoardRoot, CellTint, Piece};
use crate::table::materials::{Look3d, MatchMats};

/// The ring that marks the second-named side's pieces in the colour-blind-safe palette.
#[derive(Component)]
pub struct Marking;

/// Where the marking ring sits on a piece: height, radius.
fn ring_place(shape: Shape) -> (f32, f32) {
    match shape {
        Shape::Marker => (0.074, 0.1),
        Shape::Stone => (0.25, 0.17),
        Shape::Peg => (0.2, 0.12),
        Shape::Hunter => (0.45, 0.2),
        Shape::Soldier => (0.225, 0.14),
        Shape::Kind(_) => (0.165, 0.3),
    }
}

/// The marking ring for a piece of `shape` and `colour` on a board of `palette`: a light ring
/// on a dark piece, a dark one on a light piece.
fn marking(look: &Look3d, palette: Option<[Color; 2]>, shape: Shape, colour: u8) -> impl Bundle {
    let c = palette.map(|p| p[usize::from(colour.min(1))]).unwrap_or(Color::BLACK);
    let material = if c.luminance() > 0.3 {
        look.ring_dark.clone()
    } else {
        look.ring_light.clone()
    };
    let (y, r) = ring_place(shape);
    (
        Marking,
        Mesh3d(look.ring.clone()),
        MeshMaterial3d(material),
        Transform::from_xyz(0.0, y, 0.0).with_scale(Vec3::new(r, 0.35 * r, r)),
        Pickable::IGNORE,
        NotShadowCaster,
    )
}

/// Dresses new pieces, and keeps every piece's material and marking ring up with its side.
pub(super) fn dress_pieces(
    mut commands: Commands,
    added: Query<(Entity, &Piece), Without<Mesh3d>>,
    mut changed: Query<(Entity, &Piece, &mut MeshMaterial3d<StandardMaterial>, Option<&Children>), Changed<Piece>>,
    markings: Query<(), With<Marking>>,
    look: Res<Look3d>,
    mats: Option<Res<MatchMats>>,
    settings: Option<Res<parlour_saves::settings::Settings>>,
    boards: Query<&BoardRoot>,
) {
    let Some(mats) = mats else { return };
    let marks = settings.is_some_and(|s| s.palette.marks());
    let palette = boards.iter().next().map(|b| b.palette);
    for (e, piece, _, children) in &changed {
        if added.contains(e) || !marks {
            continue;
        }
        // A piece that changed sides gains or loses its ring.
        let has = children.is_some_and(|c| c.iter().any(|k| markings.contains(k)));
        let want = piece.look.colour == 1;
        if has && !want {
            for k in children.into_iter().flatten() {
                if markings.contains(*k) {
                    commands.entity(*k).despawn();
                }
            }
        } else if want && !has {
            commands
                .entity(e)
                .with_child(marking(&look, palette, piece.look.shape, piece.look.colour));
        }
    }
    for (e, piece) in &added {
        if marks && piece.look.colour == 1 {
            commands
                .entity(e)
                .with_child(marking(&look, palette, piece.look.shape, piece.look.colour));
        }
        dress_piece(&mut commands.entity(e), piece, &look, &mats);
    }
    for (_, piece, mut m, _) in &mut changed {
        let want = &mats.side[usize::from(piece.look.colour.min(1))];
        if m.0 != *want {
            m.0 = want.clone();
        }
    }
}

/// Gives a new piece its mesh and its side's material, and the general his gold head, the Old
/// Stone its gold inlay, a numbered stone its pips.
fn dress_piece(ec: &mut EntityCommands, piece: &Piece, look: &Look3d, mats: &MatchMats) {
    let material = mats.side[usize::from(piece.look.colour.min(1))].clone();
    let mesh = match piece.look.shape {
        Shape::Marker => look.marker.clone(),
        Shape::Stone => look.stone.clone(),
        Shape::Peg => look.peg.clone(),
        Shape::Hunter => look.hunter.clone(),
        Shape::Soldier => look.soldier.clone(),
        Shape::Kind(_) => look.qstone.clone(),
    };
    ec.insert((Mesh3d(mesh), MeshMaterial3d(material), Pickable::IGNORE));
    match piece.look.shape {
        Shape::Hunter => {
            ec.with_child((
                Mesh3d(look.head.clone()),
                MeshMaterial3d(look.gold.clone()),
                Pickable::IGNORE,
            ));
        }
        Shape::Kind(0) => {
            ec.with_child((
                Mesh3d(look.pip.clone()),
                MeshMaterial3d(look.gold.clone()),
                // Inlaid: a flat gold disc flush with the stone's face.
                Transform::from_xyz(0.0, 0.158, 0.0).with_scale(Vec3::new(2.6, 0.12, 2.6)),
                Pickable::IGNORE,
            ));
        }
        Shape::Kind(n) => {
            for i in 0..n {
                let a = f32::from(i) * std::f32::consts::TAU / f32::from(n) + std::f32::consts::FRAC_PI_2;
                let r = if n == 1 { 0.0 } else { 0.19 };
                ec.with_child((
                    Mesh3d(look.pip.clone()),
                    MeshMaterial3d(look.pip_mat.clone()),
                    // Engraved and filled: a flat dot in the stone's face, not a bead on it.
                    Transform::from_xyz(r * a.cos(), 0.158, -r * a.sin()).with_scale(Vec3::new(1.0, 0.15, 1.0)),
                    Pickable::IGNORE,
                ));
            }
        }
        _ => {}
    }
}

/// Gives each new cell tint its cell's mesh, and every tint the material of the cell's owner
/// (glowing when it asks to), or the empty cell's.
pub(super) fn dress_tints(
    mut commands: Commands,
    added: Query<(Entity, &CellTint), Without<Mesh3d>>,
    mut all: Query<(&CellTint, &mut MeshMaterial3d<StandardMaterial>)>,
    mats: Option<Res<MatchMats>>,
) {
    let Some(mats) = mats else { return };
    for (e, t) in &added {
        if let Some(mesh) = mats.cells.get(usize::from(t.cell)) {
            commands.entity(e).insert((
                Mesh3d(mesh.clone()),
                MeshMaterial3d(mats.cell_empty.clone()),
                Pickable::IGNORE,
                NotShadowCaster,
            ));
        }
    }
    for (t, mut m) in &mut all {
        let want = match (t.colour, t.glow) {
            (Some(c), true) => &mats.cell_glow[usize::from(c.min(1))],
            (Some(c), false) => &mats.cell_side[usize::from(c.min(1))],
            (None, _) => &mats.cell_empty,
        };
        if m.0 != *want {
            m.0 = want.clone();
        }
    }
}

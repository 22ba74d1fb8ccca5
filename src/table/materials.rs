//! The looks every board shares and each match's own: the meshes of the pieces, the highlight
//! materials and the labels' font (made once at start-up), and the sides' and spots' materials
//! (made for each board as it is dressed).

use bevy::prelude::*;

use crate::table::turned::{self, lathe};

/// Shared meshes and materials.
#[derive(Resource)]
pub struct Look3d {
    pub(super) marker: Handle<Mesh>,
    pub(super) stone: Handle<Mesh>,
    pub(super) peg: Handle<Mesh>,
    pub(super) hunter: Handle<Mesh>,
    pub(super) head: Handle<Mesh>,
    pub(super) soldier: Handle<Mesh>,
    pub(super) qstone: Handle<Mesh>,
    pub(super) pip: Handle<Mesh>,
    pub(super) ring: Handle<Mesh>,
    pub(super) ring_light: Handle<StandardMaterial>,
    pub(super) ring_dark: Handle<StandardMaterial>,

    /// Highlight materials.
    pub(super) hover: Handle<StandardMaterial>,
    pub(super) target: Handle<StandardMaterial>,
    pub(super) selected: Handle<StandardMaterial>,
    pub(super) last: Handle<StandardMaterial>,
    pub(super) hint: Handle<StandardMaterial>,
    pub(super) start: Handle<StandardMaterial>,
    pub(super) gold: Handle<StandardMaterial>,
    pub(super) pip_mat: Handle<StandardMaterial>,
}

/// Per-match materials: the sides' colours, the spots' base.
#[derive(Resource)]
pub struct MatchMats {
    pub(super) side: [Handle<StandardMaterial>; 2],
    pub(super) cell_side: [Handle<StandardMaterial>; 2],
    pub(super) cell_glow: [Handle<StandardMaterial>; 2],
    pub(super) cell_empty: Handle<StandardMaterial>,
    pub(super) spot: Handle<StandardMaterial>,
    pub(super) spot_mesh: Handle<Mesh>,
    pub(super) cells: Vec<Handle<Mesh>>,
}

/// A plain material of colour `c`.
pub(super) fn mat(materials: &mut Assets<StandardMaterial>, c: Color, rough: f32) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: c,
        perceptual_roughness: rough,
        ..default()
    })
}

/// A material of colour `c` that glows a little (highlights, claimed cells).
pub(super) fn glow(materials: &mut Assets<StandardMaterial>, c: Color) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: c,
        emissive: LinearRgba::from(c) * 0.6,
        perceptual_roughness: 0.5,
        ..default()
    })
}

/// Makes the shared looks, once at start-up.
pub(super) fn setup_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    let m = &mut *materials;
    commands.insert_resource(Look3d {
        marker: meshes.add(lathe(turned::MARKER, 32)),
        stone: meshes.add(
            Sphere::new(0.3)
                .mesh()
                .uv(24, 14)
                .scaled_by(Vec3::new(1.0, 0.55, 1.0))
                .translated_by(Vec3::Y * 0.12),
        ),
        peg: meshes.add(lathe(turned::PEG, 28)),
        hunter: meshes.add(lathe(turned::GENERAL, 36)),
        head: meshes.add(Sphere::new(0.13).mesh().uv(20, 12).translated_by(Vec3::Y * 0.74)),
        soldier: meshes.add(lathe(turned::SOLDIER, 28)),
        qstone: meshes.add(lathe(turned::QSTONE, 36)),
        pip: meshes.add(Sphere::new(0.055).mesh().uv(10, 6)),
        ring: meshes.add(Torus::new(0.62, 0.86)),
        ring_light: glow(m, Color::srgb(0.97, 0.95, 0.88)),
        ring_dark: mat(m, Color::srgb(0.05, 0.05, 0.06), 0.5),

        hover: glow(m, Color::srgb(0.95, 0.85, 0.35)),
        target: glow(m, Color::srgb(0.30, 0.80, 0.45)),
        selected: glow(m, Color::srgb(0.95, 0.55, 0.15)),
        last: glow(m, Color::srgb(0.35, 0.60, 0.95)),
        hint: glow(m, Color::srgb(0.85, 0.35, 0.90)),
        start: mat(m, Color::srgb(0.45, 0.62, 0.42), 0.7),
        gold: glow(m, Color::srgb(0.85, 0.68, 0.25)),
        pip_mat: mat(m, Color::srgb(0.95, 0.85, 0.55), 0.4),
    });
}

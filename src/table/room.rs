//! The room around the board: a walnut table with a cloth mat under every board, a warm key
//! light with soft shadows, hemispheric light from the room (warm above, dark below) for the
//! sides the lamp does not reach, and fog that lets the far end of the table fade into a dim
//! room instead of a flat colour.

use bevy::light::{CascadeShadowConfigBuilder, NotShadowCaster};
use bevy::pbr::{DistanceFog, FogFalloff};
use bevy::prelude::*;

use super::surfaces::Surfaces;
use crate::play::board::Tabletop;

/// The colour of the room far away (and of the fog that reaches it).
pub const ROOM: Color = Color::srgb(0.075, 0.058, 0.048);

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(ROOM))
        // The environment light on the camera does the ambient work; this is a floor for it.
        .insert_resource(GlobalAmbientLight {
            color: Color::srgb(1.0, 0.9, 0.8),
            brightness: 60.0,
            ..default()
        })
        .add_systems(Startup, spawn_lights)
        .add_systems(Update, dress_camera);
}

fn spawn_lights(mut commands: Commands) {
    // A warm lamp high over the players' shoulders.
    commands.spawn((
        DirectionalLight {
            color: Color::srgb(1.0, 0.92, 0.80),
            illuminance: 7500.0,
            shadow_maps_enabled: true,
            ..default()
        },
        Transform::from_xyz(4.0, 12.0, 6.0).looking_at(Vec3::ZERO, Vec3::Y),
        // The whole table fits in the first cascade: crisp, soft-edged shadows where the
        // pieces are, none wasted on the dark room.
        CascadeShadowConfigBuilder {
            num_cascades: 2,
            minimum_distance: 0.1,
            first_cascade_far_bound: 18.0,
            maximum_distance: 40.0,
            overlap_proportion: 0.2,
        }
        .build(),
    ));
    // A dim cool fill from the far side, as from a window across the room.
    commands.spawn((
        PointLight {
            color: Color::srgb(0.75, 0.82, 1.0),
            intensity: 350_000.0,
            range: 50.0,
            shadow_maps_enabled: false,
            ..default()
        },
        Transform::from_xyz(-8.0, 7.0, -9.0),
    ));
}

/// Gives the 3D camera the room's light and air once it exists.
fn dress_camera(mut commands: Commands, cams: Query<Entity, Added<Camera3d>>, mut images: ResMut<Assets<Image>>) {
    for cam in &cams {
        let mut env = EnvironmentMapLight::hemispherical_gradient(
            &mut images,
            Color::srgb(1.0, 0.86, 0.68),
            Color::srgb(0.42, 0.32, 0.25),
            Color::srgb(0.08, 0.06, 0.05),
        );
        env.intensity = 900.0;
        commands.entity(cam).insert((
            env,
            DistanceFog {
                color: ROOM,
                falloff: FogFalloff::Linear { start: 18.0, end: 42.0 },
                ..default()
            },
        ));
    }
}

/// Spawns the table the board stands on, its top at `y`, and a cloth mat of half-size `mat`
/// (x, z) under the board; both belong to the table of the match (despawned with it).
pub fn spawn_table(
    commands: &mut Commands,
    meshes: &mut Assets<Mesh>,
    materials: &mut Assets<StandardMaterial>,
    surfaces: &Surfaces,
    y: f32,
    mat: Vec2,
) {
    let (w, d, t) = (30.0, 20.0, 0.6);
    let walnut = materials.add(StandardMaterial {
        base_color_texture: Some(surfaces.walnut.clone()),
        perceptual_roughness: 0.42,
        reflectance: 0.4,
        // Planks about 2.5 units wide across the table.
        uv_transform: bevy::math::Affine2::from_scale(Vec2::new(3.0, 2.5)),
        ..default()
    });
    commands.spawn((
        Tabletop,
        Mesh3d(meshes.add(Cuboid::new(w, t, d))),
        MeshMaterial3d(walnut),
        Transform::from_xyz(0.0, y - t / 2.0, 0.0),
        Pickable::IGNORE,
    ));
    let cloth = materials.add(StandardMaterial {
        base_color: Color::srgb(0.36, 0.10, 0.09),
        base_color_texture: Some(surfaces.cloth.clone()),
        perceptual_roughness: 0.95,
        reflectance: 0.2,
        uv_transform: bevy::math::Affine2::from_scale(mat / 2.5),
        ..default()
    });
    commands.spawn((
        Tabletop,
        Mesh3d(meshes.add(Cuboid::new(2.0 * mat.x, 0.02, 2.0 * mat.y))),
        MeshMaterial3d(cloth),
        Transform::from_xyz(0.0, y + 0.01, 0.0),
        Pickable::IGNORE,
        NotShadowCaster,
    ));
}

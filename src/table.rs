//! The tabletop scene: table, light, camera and the game's name.

use bevy::prelude::*;

use crate::cli::{Args, game_name};

pub(super) fn plugin(app: &mut App) {
    app.insert_resource(ClearColor(Color::srgb(0.09, 0.08, 0.10)))
        .add_systems(Startup, setup);
}

fn setup(
    mut commands: Commands,
    args: Res<Args>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
) {
    commands.spawn((
        Mesh3d(meshes.add(Cylinder::new(6.0, 0.3))),
        MeshMaterial3d(materials.add(StandardMaterial {
            base_color: Color::srgb(0.36, 0.22, 0.12),
            perceptual_roughness: 0.6,
            ..default()
        })),
        Transform::from_xyz(0.0, -0.15, 0.0),
    ));
    commands.spawn((
        DirectionalLight { illuminance: 9000.0, shadow_maps_enabled: true, ..default() },
        Transform::from_xyz(4.0, 10.0, 3.0).looking_at(Vec3::ZERO, Vec3::Y),
    ));
    commands.spawn((Camera3d::default(), Transform::from_xyz(0.0, 9.0, 9.0).looking_at(Vec3::ZERO, Vec3::Y)));
    let name = game_name(&args.game).unwrap_or("Parlour");
    commands.spawn((
        Text::new(format!("Parlour · {name}")),
        TextFont { font_size: FontSize::Px(36.0), ..default() },
        Node { position_type: PositionType::Absolute, top: px(16), left: px(20), ..default() },
    ));
}

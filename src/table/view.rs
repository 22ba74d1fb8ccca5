//! The tabletop as the player sees it: lights, the board generated from the game's geometry,
//! meshes and materials for spots, pieces and cells, picking observers that turn clicks into
//! `MoveInput`, highlights (hover, choices, legal targets, the last move, the hint) and labels.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;

use crate::games::parts::{Shape, Table, Token};
use crate::play::board::{BoardRoot, CellTint, Match, Piece, Selection, Spot, Tabletop};
use crate::play::messages::MoveInput;
use crate::schedule::GameSet;
use crate::state::{Phase, Screen};
use crate::table::turned::{self, lathe};

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<Hovered>()
        .add_systems(Startup, setup_assets)
        .add_systems(
            Update,
            window_title.run_if(resource_exists_and_changed::<Match>.or_else(state_changed::<Screen>)),
        )
        .add_systems(
            Update,
            (dress_board, dress_spots, dress_pieces, dress_tints).in_set(GameSet::Present),
        )
        .add_systems(
            Update,
            highlight_spots
                .in_set(GameSet::Present)
                .after(dress_spots)
                .run_if(in_state(Screen::Playing).or_else(in_state(Screen::Results)))
                .run_if(not(card_picture)),
        )
        .add_systems(
            Update,
            mark_decisive
                .in_set(GameSet::Present)
                .run_if(in_state(Screen::Playing).or_else(in_state(Screen::Results))),
        )
        .add_systems(
            Update,
            lift_hovered.in_set(GameSet::Present).run_if(in_state(Screen::Playing)),
        )
        .add_systems(Update, place_labels.in_set(GameSet::Present).after(dress_spots));
}

/// True when the window is a picture of the board alone (`--show card`): no labels, no
/// highlights.
fn card_picture(args: Option<Res<crate::cli::Args>>) -> bool {
    args.is_some_and(|a| a.show.as_deref() == Some("card"))
}

/// A piece lifted because the pointer is over its spot: where it rests.
#[derive(Component)]
pub struct Lifted(Vec3);

/// How far a hovered piece rises.
const LIFT: f32 = 0.12;

/// Lifts the piece under the pointer a little while it is a person's turn, and sets it down
/// when the pointer leaves (or the turn ends, or a move starts to animate).
fn lift_hovered(
    mut commands: Commands,
    hovered: Res<Hovered>,
    phase: Option<Res<State<Phase>>>,
    queue: Res<crate::play::board::AnimQueue>,
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
struct DecisiveMark(u16);

/// Rings the spots that decided a finished game, and takes the rings away when it is not
/// finished (undo, replay).
fn mark_decisive(
    mut commands: Commands,
    m: Option<Res<Match>>,
    look: Res<Look3d>,
    spots: Query<(&Spot, &Transform)>,
    marks: Query<(Entity, &DecisiveMark)>,
    res: Res<crate::play::board::Resolution>,
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

/// The spot under the pointer.
#[derive(Resource, Default)]
pub struct Hovered(pub Option<u16>);

/// Shared meshes and materials.
#[derive(Resource)]
pub struct Look3d {
    marker: Handle<Mesh>,
    stone: Handle<Mesh>,
    peg: Handle<Mesh>,
    hunter: Handle<Mesh>,
    head: Handle<Mesh>,
    soldier: Handle<Mesh>,
    qstone: Handle<Mesh>,
    pip: Handle<Mesh>,
    ring: Handle<Mesh>,
    ring_light: Handle<StandardMaterial>,
    ring_dark: Handle<StandardMaterial>,

    /// Highlight materials.
    hover: Handle<StandardMaterial>,
    target: Handle<StandardMaterial>,
    selected: Handle<StandardMaterial>,
    last: Handle<StandardMaterial>,
    hint: Handle<StandardMaterial>,
    start: Handle<StandardMaterial>,
    gold: Handle<StandardMaterial>,
    pip_mat: Handle<StandardMaterial>,
    /// The fonts for labels.
    pub font: Handle<Font>,
}

/// Per-match materials: the sides' colours, the spots' base.
#[derive(Resource)]
pub struct MatchMats {
    side: [Handle<StandardMaterial>; 2],
    cell_side: [Handle<StandardMaterial>; 2],
    cell_glow: [Handle<StandardMaterial>; 2],
    cell_empty: Handle<StandardMaterial>,
    spot: Handle<StandardMaterial>,
    spot_mesh: Handle<Mesh>,
    cells: Vec<Handle<Mesh>>,
}

/// A label that follows a point on the table.
#[derive(Component)]
pub struct WorldLabel(pub Vec3);

fn mat(materials: &mut Assets<StandardMaterial>, c: Color, rough: f32) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: c,
        perceptual_roughness: rough,
        ..default()
    })
}

fn glow(materials: &mut Assets<StandardMaterial>, c: Color) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: c,
        emissive: LinearRgba::from(c) * 0.6,
        perceptual_roughness: 0.5,
        ..default()
    })
}

fn setup_assets(
    mut commands: Commands,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    assets: Res<AssetServer>,
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
        font: assets.load("fonts/DejaVuSans.ttf"),
    });
}

fn cuboid(meshes: &mut Assets<Mesh>, size: Vec3) -> Mesh3d {
    Mesh3d(meshes.add(Cuboid::new(size.x, size.y, size.z)))
}

/// A flat polygon (fan from its centroid) at height `y`.
fn polygon(points: &[Vec3], y: f32) -> Mesh {
    use bevy::asset::RenderAssetUsages;
    use bevy::mesh::{Indices, PrimitiveTopology};
    let c = points.iter().copied().sum::<Vec3>() / points.len().max(1) as f32;
    let mut pos = vec![[c.x, y, c.z]];
    pos.extend(points.iter().map(|p| [p.x, y, p.z]));
    let n = points.len() as u32;
    let mut idx = Vec::new();
    for i in 0..n {
        let (a, b) = (1 + i, 1 + (i + 1) % n);
        // Wind each triangle so it faces up whatever the outline's direction.
        let (pa, pb) = (points[i as usize], points[((i + 1) % n) as usize]);
        let up = (pa - c).cross(pb - c).y > 0.0;
        if up {
            idx.extend([0, a, b]);
        } else {
            idx.extend([0, b, a]);
        }
    }
    let normals = vec![[0.0, 1.0, 0.0]; pos.len()];
    let uvs = vec![[0.0, 0.0]; pos.len()];
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::default())
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, pos)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_indices(Indices::U32(idx))
}

/// A thin bar from `a` to `b` at height `y`.
fn bar(meshes: &mut Assets<Mesh>, a: Vec3, b: Vec3, y: f32, width: f32) -> (Mesh3d, Transform) {
    let d = (b - a).with_y(0.0);
    let mid = (a + b) / 2.0;
    (
        cuboid(meshes, Vec3::new(d.length() + width, 0.02, width)),
        Transform::from_xyz(mid.x, y, mid.z).with_rotation(Quat::from_rotation_y(-d.z.atan2(d.x))),
    )
}

fn convex_hull(points: &[Vec3]) -> Vec<Vec3> {
    let mut p: Vec<Vec2> = points.iter().map(|v| Vec2::new(v.x, v.z)).collect();
    p.sort_by(|a, b| a.x.total_cmp(&b.x).then(a.y.total_cmp(&b.y)));
    p.dedup();
    if p.len() < 3 {
        return points.to_vec();
    }
    let cross = |o: Vec2, a: Vec2, b: Vec2| (a - o).perp_dot(b - o);
    let mut hull: Vec<Vec2> = Vec::new();
    for pass in 0..2 {
        let start = hull.len();
        let iter: Box<dyn Iterator<Item = &Vec2>> = if pass == 0 {
            Box::new(p.iter())
        } else {
            Box::new(p.iter().rev())
        };
        for &q in iter {
            while hull.len() >= start + 2 && cross(hull[hull.len() - 2], hull[hull.len() - 1], q) <= 0.0 {
                hull.pop();
            }
            hull.push(q);
        }
        hull.pop();
    }
    hull.into_iter().map(|v| Vec3::new(v.x, 0.0, v.y)).collect()
}

#[allow(clippy::too_many_arguments)]
fn dress_board(
    mut commands: Commands,
    boards: Query<&BoardRoot, Added<BoardRoot>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    look: Res<Look3d>,
    surfaces: Res<crate::table::surfaces::Surfaces>,
    mut cam: ResMut<crate::table::camera::OrbitCam>,
    args: Option<Res<crate::cli::Args>>,
) {
    let Some(root) = boards.iter().next() else { return };
    let meshes = &mut *meshes;
    let materials = &mut *materials;
    let grained = |materials: &mut Assets<StandardMaterial>, c: Color, rough: f32| {
        materials.add(StandardMaterial {
            base_color: c,
            base_color_texture: Some(surfaces.grain.clone()),
            perceptual_roughness: rough,
            ..default()
        })
    };
    let wood = grained(materials, Color::srgb(0.74, 0.50, 0.29), 0.55);
    let dark_wood = grained(materials, Color::srgb(0.36, 0.22, 0.12), 0.6);
    let ink = mat(materials, Color::srgb(0.12, 0.10, 0.09), 0.8);
    let [c0, c1] = root.palette;
    // Pieces carry a fine stone grain under the side's colour (so the palette still decides the
    // colour); how polished they are is the game's material: Kōnane's lava and coral are rough,
    // Qyshinsu's engraved stones and the hunt games' turned counters are smooth.
    let rough = match root.game {
        "konane" => 0.85,
        "qyshinsu" => 0.32,
        "soldiers" => 0.42,
        _ => 0.3,
    };
    let piece = |materials: &mut Assets<StandardMaterial>, c: Color| {
        materials.add(StandardMaterial {
            base_color: c,
            base_color_texture: Some(surfaces.speckle.clone()),
            perceptual_roughness: rough,
            ..default()
        })
    };
    let side = [piece(materials, c0), piece(materials, c1)];
    let soft = |c: Color, k: f32| c.mix(&Color::srgb(0.93, 0.89, 0.80), k);
    let cell_side = [mat(materials, soft(c0, 0.35), 0.8), mat(materials, soft(c1, 0.35), 0.8)];
    let cell_glow = [glow(materials, soft(c0, 0.1)), glow(materials, soft(c1, 0.1))];
    let cell_empty = mat(materials, Color::srgb(0.90, 0.85, 0.74), 0.85);
    let spot;
    let spot_mesh;
    let mut cells = Vec::new();
    let mut table_y = -0.25;
    let mat_half;
    let mut labels: Vec<(Vec3, String)> = Vec::new();
    let tab = Tabletop;
    match &root.table {
        Table::Hex { size, box_y } => {
            table_y = box_y - 0.03;
            mat_half = Vec2::new(7.5, 6.5);
            spot = mat(materials, Color::srgb(0.78, 0.58, 0.36), 0.6);
            spot_mesh = meshes.add(
                Cylinder::new(size * 0.93, 0.12)
                    .mesh()
                    .resolution(6)
                    .build()
                    .translated_by(-Vec3::Y * 0.06),
            );
            // The discard box under the hole: a floor and four walls, open at the top.
            let (w, d, h) = (4.6, 2.6, 0.5);
            commands.spawn((
                tab,
                cuboid(meshes, Vec3::new(w, 0.06, d)),
                MeshMaterial3d(dark_wood.clone()),
                Transform::from_xyz(0.0, *box_y, 0.0),
            ));
            for (x, z, sx, sz) in [
                (0.0, d / 2.0, w, 0.06),
                (0.0, -d / 2.0, w, 0.06),
                (w / 2.0, 0.0, 0.06, d),
                (-w / 2.0, 0.0, 0.06, d),
                (0.0, 0.0, 0.04, d),
            ] {
                commands.spawn((
                    tab,
                    cuboid(meshes, Vec3::new(sx, h, sz)),
                    MeshMaterial3d(wood.clone()),
                    Transform::from_xyz(x, box_y + h / 2.0, z),
                ));
            }
            // The hole's rim, and legs holding the board over the box.
            commands.spawn((
                tab,
                Mesh3d(meshes.add(Torus::new(size * 2.1, size * 2.4))),
                MeshMaterial3d(look.gold.clone()),
                Transform::from_xyz(0.0, -0.05, 0.0),
                NotShadowCaster,
            ));
            for k in 0..6 {
                let a = k as f32 * std::f32::consts::TAU / 6.0 + 0.5;
                let r = 3.4;
                let hgt = -table_y;
                commands.spawn((
                    tab,
                    Mesh3d(meshes.add(Cylinder::new(0.08, hgt))),
                    MeshMaterial3d(dark_wood.clone()),
                    Transform::from_xyz(r * a.cos(), table_y + hgt / 2.0 - 0.12, r * a.sin()),
                ));
            }
        }
        Table::Grid { w, h, pitch } => {
            let (sx, sz) = (f32::from(*w) * pitch + 0.5, f32::from(*h) * pitch + 0.5);
            mat_half = Vec2::new(sx / 2.0 + 1.2, sz / 2.0 + 1.2);
            commands.spawn((
                tab,
                cuboid(meshes, Vec3::new(sx, 0.25, sz)),
                MeshMaterial3d(wood.clone()),
                Transform::from_xyz(0.0, -0.125, 0.0),
            ));
            spot = mat(materials, Color::srgb(0.33, 0.21, 0.12), 0.8);
            spot_mesh = meshes.add(Cylinder::new(0.33, 0.03).mesh().resolution(28).build());
            let rim = meshes.add(Torus::new(0.30, 0.36));
            let (w0, h0) = ((f32::from(*w) - 1.0) / 2.0, (f32::from(*h) - 1.0) / 2.0);
            for f in 0..*w {
                for r in 0..*h {
                    let p = Vec3::new((f32::from(f) - w0) * pitch, 0.0, -(f32::from(r) - h0) * pitch);
                    commands.spawn((
                        tab,
                        Mesh3d(rim.clone()),
                        MeshMaterial3d(dark_wood.clone()),
                        Transform::from_translation(p).with_scale(Vec3::new(1.0, 0.4, 1.0)),
                        Pickable::IGNORE,
                    ));
                }
            }
            for f in 0..*w {
                labels.push((
                    Vec3::new((f32::from(f) - w0) * pitch, 0.0, (h0 + 0.85) * pitch),
                    ((b'a' + f) as char).to_string(),
                ));
            }
            for r in 0..*h {
                labels.push((
                    Vec3::new(-(w0 + 0.85) * pitch, 0.0, -(f32::from(r) - h0) * pitch),
                    (r + 1).to_string(),
                ));
            }
        }
        Table::ConHex { cells: outlines, unit } => {
            let half = 5.0 * unit + 0.6;
            mat_half = Vec2::splat(half + 1.2);
            commands.spawn((
                tab,
                cuboid(meshes, Vec3::new(2.0 * half, 0.25, 2.0 * half)),
                MeshMaterial3d(wood.clone()),
                Transform::from_xyz(0.0, -0.125, 0.0),
            ));
            let e = 5.0 * unit;
            let strip = 0.22;
            for (x, z, sx, sz, c) in [
                (0.0, -e - 0.3, 2.0 * e, strip, 0),
                (0.0, e + 0.3, 2.0 * e, strip, 0),
                (-e - 0.3, 0.0, strip, 2.0 * e, 1),
                (e + 0.3, 0.0, strip, 2.0 * e, 1),
            ] {
                commands.spawn((
                    tab,
                    cuboid(meshes, Vec3::new(sx, 0.04, sz)),
                    MeshMaterial3d(side[c].clone()),
                    Transform::from_xyz(x, 0.0, z),
                ));
            }
            let bar_mesh_mat = ink.clone();
            let mut seen = std::collections::HashSet::new();
            for outline in outlines {
                cells.push(meshes.add(polygon(outline, 0.004)));
                for i in 0..outline.len() {
                    let (a, b) = (outline[i], outline[(i + 1) % outline.len()]);
                    let key = {
                        let k = |v: Vec3| ((v.x * 100.0) as i32, (v.z * 100.0) as i32);
                        let (ka, kb) = (k(a), k(b));
                        if ka < kb { (ka, kb) } else { (kb, ka) }
                    };
                    if seen.insert(key) {
                        let (mesh, tf) = bar(meshes, a, b, 0.01, 0.035);
                        commands.spawn((
                            tab,
                            mesh,
                            MeshMaterial3d(bar_mesh_mat.clone()),
                            tf,
                            Pickable::IGNORE,
                            NotShadowCaster,
                        ));
                    }
                }
            }
            spot = ink.clone();
            spot_mesh = meshes.add(
                Cylinder::new(0.13, 0.03)
                    .mesh()
                    .resolution(20)
                    .build()
                    .translated_by(Vec3::Y * 0.015),
            );
        }
        Table::Ring { r } => {
            mat_half = Vec2::new(7.2, r + 2.4);
            commands.spawn((
                tab,
                Mesh3d(meshes.add(Cylinder::new(r + 1.2, 0.25).mesh().resolution(64).build())),
                MeshMaterial3d(wood.clone()),
                Transform::from_xyz(0.0, -0.125, 0.0),
            ));
            for (rr, t) in [(r - 0.7, 0.04), (r + 0.7, 0.04)] {
                commands.spawn((
                    tab,
                    Mesh3d(meshes.add(Torus::new(rr - t, rr + t))),
                    MeshMaterial3d(ink.clone()),
                    Transform::from_xyz(0.0, 0.0, 0.0).with_scale(Vec3::new(1.0, 0.3, 1.0)),
                    Pickable::IGNORE,
                ));
            }
            for k in 0..12 {
                let a = std::f32::consts::FRAC_PI_2 - (k as f32 + 0.5) * std::f32::consts::TAU / 12.0;
                let dir = Vec3::new(a.cos(), 0.0, -a.sin());
                let (mesh, tf) = bar(meshes, dir * (r - 0.7), dir * (r + 0.7), 0.005, 0.04);
                commands.spawn((tab, mesh, MeshMaterial3d(ink.clone()), tf, Pickable::IGNORE));
            }
            for p in 1..=12u8 {
                let pos = crate::games::qyshinsu_ring_pos(p);
                labels.push((pos * ((r + 1.0) / r), p.to_string()));
            }
            // Trays for the stones in hand.
            for x in [-5.2, 5.2] {
                commands.spawn((
                    tab,
                    cuboid(meshes, Vec3::new(2.4, 0.1, 5.6)),
                    MeshMaterial3d(dark_wood.clone()),
                    Transform::from_xyz(x, -0.05, 0.0),
                ));
            }
            spot = mat(materials, Color::srgb(0.42, 0.27, 0.15), 0.7);
            spot_mesh = meshes.add(Cylinder::new(0.5, 0.03).mesh().resolution(32).build());
        }
        Table::Lines { edges, refuge, half } => {
            mat_half = *half + Vec2::splat(1.2);
            commands.spawn((
                tab,
                cuboid(meshes, Vec3::new(2.0 * half.x, 0.25, 2.0 * half.y)),
                MeshMaterial3d(wood.clone()),
                Transform::from_xyz(0.0, -0.125, 0.0),
            ));
            let hull = convex_hull(refuge);
            if hull.len() >= 3 {
                let shade = mat(materials, Color::srgb(0.42, 0.52, 0.66), 0.9);
                commands.spawn((
                    tab,
                    Mesh3d(meshes.add(polygon(&hull, 0.003))),
                    MeshMaterial3d(shade),
                    Pickable::IGNORE,
                ));
            }
            for (a, b) in edges {
                let (mesh, tf) = bar(meshes, *a, *b, 0.006, 0.04);
                commands.spawn((
                    tab,
                    mesh,
                    MeshMaterial3d(ink.clone()),
                    tf,
                    Pickable::IGNORE,
                    NotShadowCaster,
                ));
            }
            spot = ink.clone();
            spot_mesh = meshes.add(
                Cylinder::new(0.17, 0.03)
                    .mesh()
                    .resolution(20)
                    .build()
                    .translated_by(Vec3::Y * 0.01),
            );
        }
    }
    crate::table::room::spawn_table(&mut commands, meshes, materials, &surfaces, table_y, mat_half);
    // A chooser picture (`--show card`) is the board alone, without coordinates.
    let card = args
        .as_ref()
        .filter(|a| a.show.as_deref() == Some("card"))
        .map(|a| a.window);
    if card.is_some() {
        labels.clear();
    }
    for (pos, text) in labels {
        commands.spawn((
            tab,
            WorldLabel(pos),
            Text::new(text),
            TextFont {
                font: look.font.clone().into(),
                font_size: FontSize::Px(18.0),
                ..default()
            },
            TextColor(Color::srgb(0.95, 0.92, 0.85)),
            Node {
                position_type: PositionType::Absolute,
                ..default()
            },
            Pickable::IGNORE,
        ));
    }
    match card {
        Some((w, h)) => {
            // The board with a little of the cloth round it (Kansho's board stands above a
            // mat laid wide for its legs and box).
            let view = match root.table {
                Table::Hex { .. } => Vec2::splat(3.7),
                _ => mat_half - Vec2::splat(0.7),
            };
            cam.frame_card(view, w as f32 / h as f32);
        }
        None => cam.frame(root.game),
    }
    commands.insert_resource(MatchMats {
        side,
        cell_side,
        cell_glow,
        cell_empty,
        spot,
        spot_mesh,
        cells,
    });
}

/// The window's title names the game on the table ("Parlour — Kōnane"), or just "Parlour".
fn window_title(
    m: Option<Res<Match>>,
    screen: Res<State<Screen>>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    let Ok(mut window) = windows.single_mut() else { return };
    let title = match (&m, screen.get()) {
        (Some(m), Screen::Playing | Screen::Results) => format!("Parlour — {}", m.0.title()),
        _ => "Parlour".to_string(),
    };
    if window.title != title {
        window.title = title;
    }
}

fn dress_spots(
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

#[allow(clippy::type_complexity, clippy::too_many_arguments)]
fn dress_pieces(
    mut commands: Commands,
    added: Query<(Entity, &Piece), Without<Mesh3d>>,
    mut changed: Query<(Entity, &Piece, &mut MeshMaterial3d<StandardMaterial>, Option<&Children>), Changed<Piece>>,
    markings: Query<(), With<Marking>>,
    look: Res<Look3d>,
    mats: Option<Res<MatchMats>>,
    settings: Option<Res<crate::store::settings::Settings>>,
    boards: Query<&BoardRoot>,
) {
    let Some(mats) = mats else { return };
    let marks = settings.is_some_and(|s| s.palette.marks());
    // A light ring on a dark piece, a dark one on a light piece.
    let ring_mat = |colour: u8| {
        let c = boards
            .iter()
            .next()
            .map(|b| b.palette[usize::from(colour.min(1))])
            .unwrap_or(Color::BLACK);
        if c.luminance() > 0.3 {
            look.ring_dark.clone()
        } else {
            look.ring_light.clone()
        }
    };
    let ring = |shape: Shape, colour: u8| {
        let (y, r) = ring_place(shape);
        (
            Marking,
            Mesh3d(look.ring.clone()),
            MeshMaterial3d(ring_mat(colour)),
            Transform::from_xyz(0.0, y, 0.0).with_scale(Vec3::new(r, 0.35 * r, r)),
            Pickable::IGNORE,
            NotShadowCaster,
        )
    };
    for (e, piece, mut m, children) in &mut changed {
        if added.contains(e) || !marks {
            continue;
        }
        let has = children.is_some_and(|c| c.iter().any(|k| markings.contains(k)));
        let want = piece.look.colour == 1;
        if has && !want {
            for k in children.into_iter().flatten() {
                if markings.contains(*k) {
                    commands.entity(*k).despawn();
                }
            }
        } else if want && !has {
            commands.entity(e).with_child(ring(piece.look.shape, piece.look.colour));
        }
        let _ = &mut m;
    }
    for (e, piece) in &added {
        if marks && piece.look.colour == 1 {
            commands.entity(e).with_child(ring(piece.look.shape, piece.look.colour));
        }
        let material = mats.side[usize::from(piece.look.colour.min(1))].clone();
        let mesh = match piece.look.shape {
            Shape::Marker => look.marker.clone(),
            Shape::Stone => look.stone.clone(),
            Shape::Peg => look.peg.clone(),
            Shape::Hunter => look.hunter.clone(),
            Shape::Soldier => look.soldier.clone(),
            Shape::Kind(_) => look.qstone.clone(),
        };
        let mut ec = commands.entity(e);
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
    for (_, piece, mut m, _) in &mut changed {
        let want = &mats.side[usize::from(piece.look.colour.min(1))];
        if m.0 != *want {
            m.0 = want.clone();
        }
    }
}

fn dress_tints(
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

#[allow(clippy::too_many_arguments)]
fn highlight_spots(
    mut spots: Query<(&Spot, &mut MeshMaterial3d<StandardMaterial>)>,
    hovered: Res<Hovered>,
    sel: Res<Selection>,
    m: Option<Res<Match>>,
    phase: Option<Res<State<Phase>>>,
    look: Res<Look3d>,
    mats: Option<Res<MatchMats>>,
    guide: Option<Res<crate::teach::rules_view::Guide>>,
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

fn place_labels(
    mut labels: Query<(&WorldLabel, &mut Node, &ComputedNode)>,
    cams: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
) {
    let Some((cam, gt)) = cams.iter().next() else { return };
    for (label, mut node, computed) in &mut labels {
        if let Ok(v) = cam.world_to_viewport(gt, label.0) {
            let size = computed.size() * computed.inverse_scale_factor();
            let (left, top) = (px(v.x - size.x / 2.0), px(v.y - size.y / 2.0));
            // Written only when they move: a changed node makes the UI lay itself out again.
            if node.left != left || node.top != top {
                node.left = left;
                node.top = top;
            }
        }
    }
}

//! The board generated from the game's geometry, dressed on the table when a match's board
//! appears: each kind of board (Kansho's hex board over its box, Kōnane's grid, ConHex's cells,
//! Qyshinsu's ring, the hunt games' lines) built by its own function, then the table under it,
//! the labels, the camera's framing and the match's materials.

use bevy::light::NotShadowCaster;
use bevy::prelude::*;
use parlour_rules::GameId;

use crate::cli::Args;
use crate::games::client::about;
use crate::games::parts::Table;
use crate::games::qyshinsu_ring_pos;
use crate::play::board::{BoardRoot, Tabletop};
use crate::table::camera::OrbitCam;
use crate::table::labels::spawn_labels;
use crate::table::materials::{Look3d, MatchMats, glow, mat};
use crate::table::mesh::{bar, convex_hull, cuboid, polygon};
use crate::table::room::spawn_table;
use crate::table::surfaces::Surfaces;
use crate::theme::layout::Layout;

/// What building a board needs: the commands and assets to add to, and the woods and ink every
/// board is made of.
struct Kit<'a, 'w, 's> {
    commands: &'a mut Commands<'w, 's>,
    meshes: &'a mut Assets<Mesh>,
    materials: &'a mut Assets<StandardMaterial>,
    wood: Handle<StandardMaterial>,
    dark_wood: Handle<StandardMaterial>,
    ink: Handle<StandardMaterial>,
}

/// What a board's own building leaves for the rest: its spots' look, its cells' meshes (ConHex),
/// where the table stands, how far the mat reaches and the coordinates to label.
struct Built {
    spot: Handle<StandardMaterial>,
    spot_mesh: Handle<Mesh>,
    cells: Vec<Handle<Mesh>>,
    table_y: f32,
    mat_half: Vec2,
    labels: Vec<(Vec3, String)>,
}

impl Built {
    /// A board on the usual table height, with no cells and no labels yet.
    fn new(spot: Handle<StandardMaterial>, spot_mesh: Handle<Mesh>, mat_half: Vec2) -> Self {
        Built {
            spot,
            spot_mesh,
            cells: Vec::new(),
            table_y: -0.25,
            mat_half,
            labels: Vec::new(),
        }
    }
}

pub(super) fn dress_board(
    mut commands: Commands,
    boards: Query<&BoardRoot, Added<BoardRoot>>,
    mut meshes: ResMut<Assets<Mesh>>,
    mut materials: ResMut<Assets<StandardMaterial>>,
    look: Res<Look3d>,
    surfaces: Res<Surfaces>,
    mut cam: ResMut<OrbitCam>,
    args: Option<Res<Args>>,
    layout: Res<Layout>,
) {
    let Some(root) = boards.iter().next() else { return };
    let meshes = &mut *meshes;
    let materials = &mut *materials;
    let wood = grained(materials, &surfaces, Color::srgb(0.74, 0.50, 0.29), 0.55);
    let dark_wood = grained(materials, &surfaces, Color::srgb(0.36, 0.22, 0.12), 0.6);
    let ink = mat(materials, Color::srgb(0.12, 0.10, 0.09), 0.8);
    let [c0, c1] = root.palette;
    let side = [
        piece_material(materials, &surfaces, root.game, c0),
        piece_material(materials, &surfaces, root.game, c1),
    ];
    let soft = |c: Color, k: f32| c.mix(&Color::srgb(0.93, 0.89, 0.80), k);
    let cell_side = [mat(materials, soft(c0, 0.35), 0.8), mat(materials, soft(c1, 0.35), 0.8)];
    let cell_glow = [glow(materials, soft(c0, 0.1)), glow(materials, soft(c1, 0.1))];
    let cell_empty = mat(materials, Color::srgb(0.90, 0.85, 0.74), 0.85);
    let mut kit = Kit {
        commands: &mut commands,
        meshes: &mut *meshes,
        materials: &mut *materials,
        wood,
        dark_wood,
        ink,
    };
    let mut built = match &root.table {
        Table::Hex { size, box_y } => hex(&mut kit, *size, *box_y, &look.gold),
        Table::Grid { w, h, pitch } => grid(&mut kit, *w, *h, *pitch),
        Table::ConHex { cells, unit } => conhex(&mut kit, cells, *unit, &side),
        Table::Ring { r } => ring(&mut kit, *r),
        Table::Lines { edges, refuge, half } => lines(&mut kit, edges, refuge, *half),
    };
    spawn_table(
        &mut commands,
        meshes,
        materials,
        &surfaces,
        built.table_y,
        built.mat_half,
    );
    // A chooser picture (`--show card`) is the board alone, without coordinates.
    let card = args
        .as_ref()
        .filter(|a| a.show.as_deref() == Some("card"))
        .map(|a| a.window);
    if card.is_some() {
        built.labels.clear();
    }
    spawn_labels(&mut commands, built.labels);
    // The board with a little of the cloth round it (Kansho's board stands above a mat laid
    // wide for its legs and box).
    let view = match root.table {
        Table::Hex { .. } => Vec2::splat(3.7),
        _ => built.mat_half - Vec2::splat(0.7),
    };
    match card {
        Some((w, h)) => cam.frame_card(view, w as f32 / h as f32),
        None => cam.frame_board(root.game, view, &layout),
    }
    commands.insert_resource(MatchMats {
        side,
        cell_side,
        cell_glow,
        cell_empty,
        spot: built.spot,
        spot_mesh: built.spot_mesh,
        cells: built.cells,
    });
}

/// Wood of colour `c`, with the board's grain.
fn grained(
    materials: &mut Assets<StandardMaterial>,
    surfaces: &Surfaces,
    c: Color,
    rough: f32,
) -> Handle<StandardMaterial> {
    materials.add(StandardMaterial {
        base_color: c,
        base_color_texture: Some(surfaces.grain.clone()),
        perceptual_roughness: rough,
        ..default()
    })
}

/// A side's pieces in `game`, of colour `c`. Pieces carry a fine stone grain under the side's
/// colour (so the palette still decides the colour); how polished they are is the game's
/// material: Kōnane's lava and coral are rough, Qyshinsu's engraved stones and the hunt games'
/// turned counters are smooth.
fn piece_material(
    materials: &mut Assets<StandardMaterial>,
    surfaces: &Surfaces,
    game: GameId,
    c: Color,
) -> Handle<StandardMaterial> {
    let rough = about(game).roughness;
    materials.add(StandardMaterial {
        base_color: c,
        base_color_texture: Some(surfaces.speckle.clone()),
        perceptual_roughness: rough,
        ..default()
    })
}

/// Kansho: hexagonal cells of `size` over the discard box at `box_y`, the hole's gold rim and
/// the legs; the table stands lower, under the box.
fn hex(kit: &mut Kit, size: f32, box_y: f32, gold: &Handle<StandardMaterial>) -> Built {
    let table_y = box_y - 0.03;
    let spot = mat(kit.materials, Color::srgb(0.78, 0.58, 0.36), 0.6);
    let spot_mesh = kit.meshes.add(
        Cylinder::new(size * 0.93, 0.12)
            .mesh()
            .resolution(6)
            .build()
            .translated_by(-Vec3::Y * 0.06),
    );
    // The discard box under the hole: a floor and four walls, open at the top.
    let (w, d, h) = (4.6, 2.6, 0.5);
    kit.commands.spawn((
        Tabletop,
        cuboid(kit.meshes, Vec3::new(w, 0.06, d)),
        MeshMaterial3d(kit.dark_wood.clone()),
        Transform::from_xyz(0.0, box_y, 0.0),
    ));
    for (x, z, sx, sz) in [
        (0.0, d / 2.0, w, 0.06),
        (0.0, -d / 2.0, w, 0.06),
        (w / 2.0, 0.0, 0.06, d),
        (-w / 2.0, 0.0, 0.06, d),
        (0.0, 0.0, 0.04, d),
    ] {
        kit.commands.spawn((
            Tabletop,
            cuboid(kit.meshes, Vec3::new(sx, h, sz)),
            MeshMaterial3d(kit.wood.clone()),
            Transform::from_xyz(x, box_y + h / 2.0, z),
        ));
    }
    // The hole's rim, and legs holding the board over the box.
    kit.commands.spawn((
        Tabletop,
        Mesh3d(kit.meshes.add(Torus::new(size * 2.1, size * 2.4))),
        MeshMaterial3d(gold.clone()),
        Transform::from_xyz(0.0, -0.05, 0.0),
        NotShadowCaster,
    ));
    for k in 0..6 {
        let a = k as f32 * std::f32::consts::TAU / 6.0 + 0.5;
        let r = 3.4;
        let hgt = -table_y;
        kit.commands.spawn((
            Tabletop,
            Mesh3d(kit.meshes.add(Cylinder::new(0.08, hgt))),
            MeshMaterial3d(kit.dark_wood.clone()),
            Transform::from_xyz(r * a.cos(), table_y + hgt / 2.0 - 0.12, r * a.sin()),
        ));
    }
    Built {
        table_y,
        ..Built::new(spot, spot_mesh, Vec2::new(7.5, 6.5))
    }
}

/// Kōnane: a `w × h` board of squares `pitch` wide, a rimmed hollow at each square, files and
/// ranks labelled.
fn grid(kit: &mut Kit, w: u8, h: u8, pitch: f32) -> Built {
    let (sx, sz) = (f32::from(w) * pitch + 0.5, f32::from(h) * pitch + 0.5);
    let mat_half = Vec2::new(sx / 2.0 + 1.2, sz / 2.0 + 1.2);
    kit.commands.spawn((
        Tabletop,
        cuboid(kit.meshes, Vec3::new(sx, 0.25, sz)),
        MeshMaterial3d(kit.wood.clone()),
        Transform::from_xyz(0.0, -0.125, 0.0),
    ));
    let spot = mat(kit.materials, Color::srgb(0.33, 0.21, 0.12), 0.8);
    let spot_mesh = kit.meshes.add(Cylinder::new(0.33, 0.03).mesh().resolution(28).build());
    let mut built = Built::new(spot, spot_mesh, mat_half);
    let rim = kit.meshes.add(Torus::new(0.30, 0.36));
    let (w0, h0) = ((f32::from(w) - 1.0) / 2.0, (f32::from(h) - 1.0) / 2.0);
    for f in 0..w {
        for r in 0..h {
            let p = Vec3::new((f32::from(f) - w0) * pitch, 0.0, -(f32::from(r) - h0) * pitch);
            kit.commands.spawn((
                Tabletop,
                Mesh3d(rim.clone()),
                MeshMaterial3d(kit.dark_wood.clone()),
                Transform::from_translation(p).with_scale(Vec3::new(1.0, 0.4, 1.0)),
                Pickable::IGNORE,
            ));
        }
    }
    for f in 0..w {
        built.labels.push((
            Vec3::new((f32::from(f) - w0) * pitch, 0.0, (h0 + 0.85) * pitch),
            ((b'a' + f) as char).to_string(),
        ));
    }
    for r in 0..h {
        built.labels.push((
            Vec3::new(-(w0 + 0.85) * pitch, 0.0, -(f32::from(r) - h0) * pitch),
            (r + 1).to_string(),
        ));
    }
    built
}

/// ConHex: the square board of the grid `unit`, each side's edge strips in its colour, each
/// cell's outline drawn once and its mesh kept for the tints; pegs go in small holes.
fn conhex(kit: &mut Kit, outlines: &[Vec<Vec3>], unit: f32, side: &[Handle<StandardMaterial>; 2]) -> Built {
    let half = 5.0 * unit + 0.6;
    let mat_half = Vec2::splat(half + 1.2);
    kit.commands.spawn((
        Tabletop,
        cuboid(kit.meshes, Vec3::new(2.0 * half, 0.25, 2.0 * half)),
        MeshMaterial3d(kit.wood.clone()),
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
        kit.commands.spawn((
            Tabletop,
            cuboid(kit.meshes, Vec3::new(sx, 0.04, sz)),
            MeshMaterial3d(side[c].clone()),
            Transform::from_xyz(x, 0.0, z),
        ));
    }
    let bar_mesh_mat = kit.ink.clone();
    let mut cells = Vec::new();
    let mut seen = std::collections::HashSet::new();
    for outline in outlines {
        cells.push(kit.meshes.add(polygon(outline, 0.004)));
        for i in 0..outline.len() {
            let (a, b) = (outline[i], outline[(i + 1) % outline.len()]);
            let key = {
                let k = |v: Vec3| ((v.x * 100.0) as i32, (v.z * 100.0) as i32);
                let (ka, kb) = (k(a), k(b));
                if ka < kb { (ka, kb) } else { (kb, ka) }
            };
            if seen.insert(key) {
                let (mesh, tf) = bar(kit.meshes, a, b, 0.01, 0.035);
                kit.commands.spawn((
                    Tabletop,
                    mesh,
                    MeshMaterial3d(bar_mesh_mat.clone()),
                    tf,
                    Pickable::IGNORE,
                    NotShadowCaster,
                ));
            }
        }
    }
    let spot = kit.ink.clone();
    let spot_mesh = kit.meshes.add(
        Cylinder::new(0.13, 0.03)
            .mesh()
            .resolution(20)
            .build()
            .translated_by(Vec3::Y * 0.015),
    );
    Built {
        cells,
        ..Built::new(spot, spot_mesh, mat_half)
    }
}

/// Qyshinsu: a round board with the ring of radius `r` between two circles, twelve ticks
/// between the positions, the positions numbered, and a tray each side for the stones in hand.
fn ring(kit: &mut Kit, r: f32) -> Built {
    let mat_half = Vec2::new(7.2, r + 2.4);
    kit.commands.spawn((
        Tabletop,
        Mesh3d(
            kit.meshes
                .add(Cylinder::new(r + 1.2, 0.25).mesh().resolution(64).build()),
        ),
        MeshMaterial3d(kit.wood.clone()),
        Transform::from_xyz(0.0, -0.125, 0.0),
    ));
    for (rr, t) in [(r - 0.7, 0.04), (r + 0.7, 0.04)] {
        kit.commands.spawn((
            Tabletop,
            Mesh3d(kit.meshes.add(Torus::new(rr - t, rr + t))),
            MeshMaterial3d(kit.ink.clone()),
            Transform::from_xyz(0.0, 0.0, 0.0).with_scale(Vec3::new(1.0, 0.3, 1.0)),
            Pickable::IGNORE,
        ));
    }
    for k in 0..12 {
        let a = std::f32::consts::FRAC_PI_2 - (k as f32 + 0.5) * std::f32::consts::TAU / 12.0;
        let dir = Vec3::new(a.cos(), 0.0, -a.sin());
        let (mesh, tf) = bar(kit.meshes, dir * (r - 0.7), dir * (r + 0.7), 0.005, 0.04);
        kit.commands
            .spawn((Tabletop, mesh, MeshMaterial3d(kit.ink.clone()), tf, Pickable::IGNORE));
    }
    let mut labels = Vec::new();
    for p in 1..=12u8 {
        let pos = qyshinsu_ring_pos(p);
        labels.push((pos * ((r + 1.0) / r), p.to_string()));
    }
    // Trays for the stones in hand.
    for x in [-5.2, 5.2] {
        kit.commands.spawn((
            Tabletop,
            cuboid(kit.meshes, Vec3::new(2.4, 0.1, 5.6)),
            MeshMaterial3d(kit.dark_wood.clone()),
            Transform::from_xyz(x, -0.05, 0.0),
        ));
    }
    let spot = mat(kit.materials, Color::srgb(0.42, 0.27, 0.15), 0.7);
    let spot_mesh = kit.meshes.add(Cylinder::new(0.5, 0.03).mesh().resolution(32).build());
    Built {
        labels,
        ..Built::new(spot, spot_mesh, mat_half)
    }
}

/// A hunt board: a slab of `half` extents, the refuge shaded by its hull, the `edges` inked.
fn lines(kit: &mut Kit, edges: &[(Vec3, Vec3)], refuge: &[Vec3], half: Vec2) -> Built {
    let mat_half = half + Vec2::splat(1.2);
    kit.commands.spawn((
        Tabletop,
        cuboid(kit.meshes, Vec3::new(2.0 * half.x, 0.25, 2.0 * half.y)),
        MeshMaterial3d(kit.wood.clone()),
        Transform::from_xyz(0.0, -0.125, 0.0),
    ));
    let hull = convex_hull(refuge);
    if hull.len() >= 3 {
        let shade = mat(kit.materials, Color::srgb(0.42, 0.52, 0.66), 0.9);
        kit.commands.spawn((
            Tabletop,
            Mesh3d(kit.meshes.add(polygon(&hull, 0.003))),
            MeshMaterial3d(shade),
            Pickable::IGNORE,
        ));
    }
    for (a, b) in edges {
        let (mesh, tf) = bar(kit.meshes, *a, *b, 0.006, 0.04);
        kit.commands.spawn((
            Tabletop,
            mesh,
            MeshMaterial3d(kit.ink.clone()),
            tf,
            Pickable::IGNORE,
            NotShadowCaster,
        ));
    }
    let spot = kit.ink.clone();
    let spot_mesh = kit.meshes.add(
        Cylinder::new(0.17, 0.03)
            .mesh()
            .resolution(20)
            .build()
            .translated_by(Vec3::Y * 0.01),
    );
    Built::new(spot, spot_mesh, mat_half)
}

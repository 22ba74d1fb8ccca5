//! Meshes the boards are built from: boxes, flat polygons, thin bars along a line, and the
//! convex hull that outlines a refuge.

use bevy::prelude::*;

/// A box of `size`, centred on its transform.
pub(super) fn cuboid(meshes: &mut Assets<Mesh>, size: Vec3) -> Mesh3d {
    Mesh3d(meshes.add(Cuboid::new(size.x, size.y, size.z)))
}

/// A flat polygon (fan from its centroid) at height `y`.
pub(super) fn polygon(points: &[Vec3], y: f32) -> Mesh {
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
pub(super) fn bar(meshes: &mut Assets<Mesh>, a: Vec3, b: Vec3, y: f32, width: f32) -> (Mesh3d, Transform) {
    let d = (b - a).with_y(0.0);
    let mid = (a + b) / 2.0;
    (
        cuboid(meshes, Vec3::new(d.length() + width, 0.02, width)),
        Transform::from_xyz(mid.x, y, mid.z).with_rotation(Quat::from_rotation_y(-d.z.atan2(d.x))),
    )
}

/// The convex hull of `points` on the table's plane (their heights dropped), in order round it.
pub(super) fn convex_hull(points: &[Vec3]) -> Vec<Vec3> {
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

//! Turned pieces: meshes made by spinning a profile around the vertical axis, as a wood-turner
//! makes them — the hunt games' general and monk (a tall figure with a collar and a neck for
//! the head), the soldiers' bevelled counters, Qyshinsu's rounded stones.

use bevy::asset::RenderAssetUsages;
use bevy::mesh::{Indices, PrimitiveTopology};
use bevy::prelude::*;

/// A mesh turned from `profile`: (radius, height) points from the bottom centre up to the top
/// centre, spun through `segments` steps. Normals follow the profile's slope, so a bevel
/// catches the light; each profile point is its own ring of vertices (smooth shading between
/// them, which is how turned wood looks).
pub fn lathe(profile: &[(f32, f32)], segments: u32) -> Mesh {
    let n = profile.len();
    let mut positions = Vec::with_capacity(n * (segments as usize + 1));
    let mut normals = Vec::with_capacity(positions.capacity());
    let mut uvs = Vec::with_capacity(positions.capacity());
    // The profile's outward normal at each point: the average of its two segments' normals.
    let seg_normal = |a: (f32, f32), b: (f32, f32)| {
        let (dr, dy) = (b.0 - a.0, b.1 - a.1);
        Vec2::new(dy, -dr).normalize_or(Vec2::X)
    };
    let profile_normals: Vec<Vec2> = (0..n)
        .map(|i| {
            let before = (i > 0).then(|| seg_normal(profile[i - 1], profile[i]));
            let after = (i + 1 < n).then(|| seg_normal(profile[i], profile[i + 1]));
            match (before, after) {
                (Some(a), Some(b)) => (a + b).normalize_or(a),
                (Some(a), None) | (None, Some(a)) => a,
                (None, None) => Vec2::Y,
            }
        })
        .collect();
    let total: f32 = profile
        .windows(2)
        .map(|w| Vec2::new(w[1].0 - w[0].0, w[1].1 - w[0].1).length())
        .sum::<f32>()
        .max(1e-6);
    let mut run = 0.0;
    for (i, &(r, y)) in profile.iter().enumerate() {
        if i > 0 {
            run += Vec2::new(r - profile[i - 1].0, y - profile[i - 1].1).length();
        }
        for s in 0..=segments {
            let a = s as f32 / segments as f32 * std::f32::consts::TAU;
            let (sin, cos) = a.sin_cos();
            positions.push([r * cos, y, r * sin]);
            let nn = profile_normals[i];
            normals.push([nn.x * cos, nn.y, nn.x * sin]);
            uvs.push([s as f32 / segments as f32, run / total]);
        }
    }
    let ring = segments + 1;
    let mut indices = Vec::with_capacity((n - 1) * segments as usize * 6);
    for i in 0..(n as u32).saturating_sub(1) {
        for s in 0..segments {
            let (a, b) = (i * ring + s, (i + 1) * ring + s);
            indices.extend([a, b, a + 1, a + 1, b, b + 1]);
        }
    }
    Mesh::new(PrimitiveTopology::TriangleList, RenderAssetUsages::RENDER_WORLD)
        .with_inserted_attribute(Mesh::ATTRIBUTE_POSITION, positions)
        .with_inserted_attribute(Mesh::ATTRIBUTE_NORMAL, normals)
        .with_inserted_attribute(Mesh::ATTRIBUTE_UV_0, uvs)
        .with_inserted_indices(Indices::U32(indices))
}

/// The general (and the monk): a broad foot, a tapering robe, a collar and a neck that the
/// gold head sits on — about 0.66 tall.
pub const GENERAL: &[(f32, f32)] = &[
    (0.0, 0.0),
    (0.29, 0.0),
    (0.30, 0.03),
    (0.29, 0.07),
    (0.24, 0.10),
    (0.20, 0.13),
    (0.17, 0.22),
    (0.14, 0.38),
    (0.125, 0.50),
    (0.18, 0.53),
    (0.185, 0.56),
    (0.16, 0.58),
    (0.09, 0.61),
    (0.08, 0.66),
    (0.0, 0.66),
];

/// A soldier: a counter with a bevelled rim and a shallow dish on top, 0.22 tall.
pub const SOLDIER: &[(f32, f32)] = &[
    (0.0, 0.0),
    (0.19, 0.0),
    (0.21, 0.025),
    (0.215, 0.06),
    (0.21, 0.17),
    (0.19, 0.215),
    (0.16, 0.22),
    (0.13, 0.205),
    (0.0, 0.20),
];

/// A Qyshinsu stone: a low disc with rounded shoulders, 0.16 tall, 0.36 across the middle.
pub const QSTONE: &[(f32, f32)] = &[
    (0.0, 0.0),
    (0.32, 0.0),
    (0.355, 0.025),
    (0.365, 0.08),
    (0.355, 0.13),
    (0.32, 0.16),
    (0.0, 0.16),
];

/// A ConHex peg, 0.6 long: a shaft (the 0.12 below the spot goes into the board's hole, and
/// shows while the peg drops in), a flange resting on the board, a waisted body and a domed
/// head.
pub const PEG: &[(f32, f32)] = &[
    (0.0, -0.12),
    (0.045, -0.12),
    (0.05, -0.11),
    (0.05, 0.0),
    (0.125, 0.0),
    (0.135, 0.02),
    (0.13, 0.045),
    (0.09, 0.06),
    (0.075, 0.09),
    (0.068, 0.18),
    (0.072, 0.26),
    (0.085, 0.29),
    (0.10, 0.33),
    (0.107, 0.37),
    (0.10, 0.41),
    (0.085, 0.44),
    (0.06, 0.465),
    (0.03, 0.477),
    (0.0, 0.48),
];

/// A Kansho marker, 0.15 across the middle and 0.076 tall: a rounded rim, a turned groove
/// inside it and a low dome (so a flipped marker catches the light as it turns).
pub const MARKER: &[(f32, f32)] = &[
    (0.0, 0.0),
    (0.138, 0.0),
    (0.148, 0.01),
    (0.153, 0.03),
    (0.15, 0.05),
    (0.14, 0.062),
    (0.122, 0.068),
    (0.112, 0.063),
    (0.101, 0.067),
    (0.06, 0.073),
    (0.0, 0.076),
];

#[cfg(test)]
mod tests {
    use super::*;
    use bevy::mesh::VertexAttributeValues;

    #[test]
    fn turned_meshes_are_closed_and_lit_from_outside() {
        for (name, profile) in [
            ("general", GENERAL),
            ("soldier", SOLDIER),
            ("stone", QSTONE),
            ("peg", PEG),
            ("marker", MARKER),
        ] {
            let mesh = lathe(profile, 24);
            let Some(VertexAttributeValues::Float32x3(pos)) = mesh.attribute(Mesh::ATTRIBUTE_POSITION) else {
                panic!("{name}: positions")
            };
            let Some(VertexAttributeValues::Float32x3(nor)) = mesh.attribute(Mesh::ATTRIBUTE_NORMAL) else {
                panic!("{name}: normals")
            };
            assert_eq!(pos.len(), profile.len() * 25, "{name}");
            // Starts and ends on the axis: no hole at the bottom or the top.
            assert_eq!((profile[0].0, profile[profile.len() - 1].0), (0.0, 0.0), "{name}");
            // Every normal points away from the axis, or upwards (a dish on top).
            for (p, n) in pos.iter().zip(nor) {
                let radial = Vec2::new(p[0], p[2]);
                let out = Vec2::new(n[0], n[2]);
                assert!(
                    radial.dot(out) >= -1e-4 || n[1] > 0.0,
                    "{name}: a normal points inwards at {p:?}"
                );
                assert!((Vec3::from(*n).length() - 1.0).abs() < 1e-3, "{name}: unit normals");
            }
            let Some(Indices::U32(idx)) = mesh.indices() else {
                panic!("{name}: indices")
            };
            assert_eq!(idx.len(), (profile.len() - 1) * 24 * 6, "{name}");
        }
    }
}

//! Surfaces made in code (nothing is downloaded or shipped as pictures): wood grain for the
//! boards, walnut planks for the table, woven cloth for the playing mat, and a speckled stone
//! grain for pieces. Each is a tileable greyscale-or-colour pattern from seeded value noise,
//! with its mipmaps built here too so a surface seen at a slant does not shimmer. Piece and
//! board colours multiply the texture, so the player's palette (the colour-blind one included)
//! still decides every colour.

use bevy::asset::RenderAssetUsages;
use bevy::image::{ImageAddressMode, ImageFilterMode, ImageSampler, ImageSamplerDescriptor};
use bevy::prelude::*;
use bevy::render::render_resource::{Extent3d, TextureDimension, TextureFormat};

/// The generated surfaces, ready for materials.
#[derive(Resource, Clone)]
pub struct Surfaces {
    /// A board's face: long, gently waving grain (multiplied by the board's wood colour).
    pub grain: Handle<Image>,
    /// The table: dark walnut planks with grain, in colour.
    pub walnut: Handle<Image>,
    /// The playing mat under the board: woven cloth (multiplied by its colour).
    pub cloth: Handle<Image>,
    /// Stone and counter grain: fine speckles (multiplied by the piece's colour).
    pub speckle: Handle<Image>,
}

pub(super) fn plugin(app: &mut App) {
    app.add_systems(PreStartup, make_surfaces);
}

fn make_surfaces(mut commands: Commands, mut images: ResMut<Assets<Image>>) {
    let mut add = |size: u32, rgba: Vec<u8>| images.add(image_with_mips(size, rgba));
    commands.insert_resource(Surfaces {
        grain: add(256, grain(256, 11)),
        walnut: add(512, walnut(512, 23)),
        cloth: add(256, cloth(256, 5)),
        speckle: add(128, speckle(128, 7)),
    });
}

/// A repeating, mipmapped sRGB texture of `size`×`size` pixels.
fn image_with_mips(size: u32, rgba: Vec<u8>) -> Image {
    let levels = mip_chain(size, rgba);
    let mut image = Image::new_uninit(
        Extent3d {
            width: size,
            height: size,
            depth_or_array_layers: 1,
        },
        TextureDimension::D2,
        TextureFormat::Rgba8UnormSrgb,
        RenderAssetUsages::RENDER_WORLD,
    );
    image.texture_descriptor.mip_level_count = levels.len() as u32;
    image.data = Some(levels.concat());
    image.sampler = ImageSampler::Descriptor(ImageSamplerDescriptor {
        address_mode_u: ImageAddressMode::Repeat,
        address_mode_v: ImageAddressMode::Repeat,
        mag_filter: ImageFilterMode::Linear,
        min_filter: ImageFilterMode::Linear,
        mipmap_filter: ImageFilterMode::Linear,
        anisotropy_clamp: 8,
        ..default()
    });
    image
}

/// The image and each half-size level down to 1×1 (2×2 box filter).
pub fn mip_chain(size: u32, rgba: Vec<u8>) -> Vec<Vec<u8>> {
    let mut levels = vec![rgba];
    let mut s = size as usize;
    while s > 1 {
        let prev = levels.last().expect("at least one level");
        let h = s / 2;
        let mut next = vec![0u8; h * h * 4];
        for y in 0..h {
            for x in 0..h {
                for c in 0..4 {
                    let at = |dx: usize, dy: usize| u32::from(prev[((2 * y + dy) * s + 2 * x + dx) * 4 + c]);
                    next[(y * h + x) * 4 + c] = ((at(0, 0) + at(1, 0) + at(0, 1) + at(1, 1) + 2) / 4) as u8;
                }
            }
        }
        levels.push(next);
        s = h;
    }
    levels
}

/// A repeatable hash of a lattice point, in [0, 1).
fn hash(x: i32, y: i32, seed: u32) -> f32 {
    let mut h =
        (x as u32).wrapping_mul(0x27d4_eb2d) ^ (y as u32).wrapping_mul(0x1656_67b1) ^ seed.wrapping_mul(0x9e37_79b9);
    h ^= h >> 15;
    h = h.wrapping_mul(0x85eb_ca6b);
    h ^= h >> 13;
    h = h.wrapping_mul(0xc2b2_ae35);
    h ^= h >> 16;
    (h >> 8) as f32 / (1u32 << 24) as f32
}

/// Smooth value noise at (x, y) on a lattice that repeats every `period` cells, in [0, 1).
fn noise(x: f32, y: f32, period: i32, seed: u32) -> f32 {
    let (x0, y0) = (x.floor(), y.floor());
    let (fx, fy) = (x - x0, y - y0);
    let (sx, sy) = (fx * fx * (3.0 - 2.0 * fx), fy * fy * (3.0 - 2.0 * fy));
    let (ix, iy) = (x0 as i32, y0 as i32);
    let at = |dx: i32, dy: i32| hash((ix + dx).rem_euclid(period), (iy + dy).rem_euclid(period), seed);
    let top = at(0, 0) + (at(1, 0) - at(0, 0)) * sx;
    let bottom = at(0, 1) + (at(1, 1) - at(0, 1)) * sx;
    top + (bottom - top) * sy
}

/// Fractal noise: `octaves` layers of [`noise`], each twice as fine and half as strong; the
/// texture coordinates `u`, `v` in [0, 1) repeat seamlessly.
pub fn fbm(u: f32, v: f32, base: i32, octaves: u32, seed: u32) -> f32 {
    let (mut sum, mut amp, mut norm, mut period) = (0.0, 1.0, 0.0, base);
    for o in 0..octaves {
        sum += amp * noise(u * period as f32, v * period as f32, period, seed.wrapping_add(o * 101));
        norm += amp;
        amp *= 0.5;
        period *= 2;
    }
    sum / norm
}

fn to_rgba(size: u32, f: impl Fn(f32, f32) -> [f32; 3]) -> Vec<u8> {
    let mut out = Vec::with_capacity((size * size * 4) as usize);
    for y in 0..size {
        for x in 0..size {
            let (u, v) = ((x as f32 + 0.5) / size as f32, (y as f32 + 0.5) / size as f32);
            let c = f(u, v);
            out.extend(c.map(|k| (k.clamp(0.0, 1.0) * 255.0).round() as u8));
            out.push(255);
        }
    }
    out
}

fn mix(a: [f32; 3], b: [f32; 3], t: f32) -> [f32; 3] {
    [
        a[0] + (b[0] - a[0]) * t,
        a[1] + (b[1] - a[1]) * t,
        a[2] + (b[2] - a[2]) * t,
    ]
}

/// Long grain along `u` for a board's face, light grey around 0.85 so it tints its colour.
pub fn grain(size: u32, seed: u32) -> Vec<u8> {
    to_rgba(size, |u, v| {
        // Rings: bands across v, bent by low-frequency noise so they wander like real grain.
        let warp = fbm(u, v, 2, 3, seed) * 3.0;
        let rings = ((v * 9.0 + warp) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
        let fibre = fbm(u * 0.25, v * 8.0, 8, 2, seed + 7);
        let k = 0.78 + 0.12 * rings.powf(3.0) + 0.10 * fibre;
        [k, k * 0.985, k * 0.97]
    })
}

/// Planks of wood in colour: `boards` boards across v, each with its own grain and tone.
pub fn planks(size: u32, seed: u32, base: [f32; 3], boards: u32) -> Vec<u8> {
    let dark = base.map(|c| c * 0.55);
    let light = base.map(|c| (c * 1.45).min(1.0));
    to_rgba(size, |u, v| {
        let row = (v * boards as f32).floor();
        let within = v * boards as f32 - row;
        let tone = hash(row as i32, 0, seed) * 0.35;
        // Straight grain with a slow wander, fine fibres along the board, each board its tone.
        let warp = fbm(u, v, 2, 3, seed + row as u32) * 0.9;
        let rings = ((within * 7.0 + warp + tone * 4.0) * std::f32::consts::TAU).sin() * 0.5 + 0.5;
        let fibre = fbm(u * 0.25, v * 32.0, 16, 2, seed + 3);
        let t = (0.30 + 0.25 * rings.powf(3.0) + 0.35 * fibre - tone + 0.15).clamp(0.0, 1.0);
        let mut c = mix(dark, light, t);
        // The seam between boards.
        let edge = within.min(1.0 - within) * size as f32 / boards as f32;
        if edge < 1.2 {
            c = c.map(|k| k * 0.45);
        }
        c
    })
}

/// The table: dark walnut.
pub fn walnut(size: u32, seed: u32) -> Vec<u8> {
    planks(size, seed, [0.30, 0.18, 0.10], 3)
}

/// Woven cloth: a fine over-under weave with a soft mottle, light grey so it tints its colour.
pub fn cloth(size: u32, seed: u32) -> Vec<u8> {
    to_rgba(size, |u, v| {
        let n = 64.0;
        let (wx, wy) = (
            (u * n * std::f32::consts::TAU).sin(),
            (v * n * std::f32::consts::TAU).sin(),
        );
        let weave = 0.5 + 0.25 * (wx * wy);
        let mottle = fbm(u, v, 4, 4, seed);
        let k = 0.62 + 0.22 * weave + 0.16 * mottle;
        [k, k, k]
    })
}

/// Speckled stone: fine grains and a few pits, light grey so it tints the piece's colour.
pub fn speckle(size: u32, seed: u32) -> Vec<u8> {
    to_rgba(size, |u, v| {
        let body = fbm(u, v, 4, 4, seed);
        let grains = noise(u * 64.0, v * 64.0, 64, seed + 9);
        let pit = if grains > 0.88 { 0.75 } else { 1.0 };
        let k = (0.80 + 0.2 * body) * pit;
        [k, k, k]
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn noise_repeats_seamlessly_and_stays_in_range() {
        for i in 0..50 {
            let v = i as f32 / 50.0;
            let (a, b) = (fbm(0.0, v, 4, 4, 3), fbm(1.0, v, 4, 4, 3));
            assert!((a - b).abs() < 1e-4, "left and right edges differ at {v}: {a} {b}");
            let (c, d) = (fbm(v, 0.0, 4, 4, 3), fbm(v, 1.0, 4, 4, 3));
            assert!((c - d).abs() < 1e-4, "top and bottom edges differ at {v}: {c} {d}");
            assert!((0.0..1.0).contains(&a));
        }
    }

    #[test]
    fn surfaces_have_a_full_mip_chain_and_real_texture() {
        for (name, size, rgba) in [
            ("grain", 64, grain(64, 1)),
            ("walnut", 64, walnut(64, 2)),
            ("cloth", 64, cloth(64, 3)),
            ("speckle", 64, speckle(64, 4)),
        ] {
            assert_eq!(rgba.len(), 64 * 64 * 4, "{name}");
            // Not flat: the brightest and darkest pixels differ visibly.
            let lum: Vec<u8> = rgba.chunks(4).map(|p| p[0]).collect();
            let (lo, hi) = (lum.iter().min().copied(), lum.iter().max().copied());
            assert!(
                hi.zip(lo).is_some_and(|(h, l)| h - l > 25),
                "{name} is flat: {lo:?}..{hi:?}"
            );
            let levels = mip_chain(size, rgba);
            assert_eq!(levels.len(), 7, "{name}: 64, 32, …, 1");
            assert_eq!(levels.last().map(Vec::len), Some(4));
        }
    }
}

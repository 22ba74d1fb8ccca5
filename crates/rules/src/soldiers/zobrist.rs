//! Zobrist keys: one per (piece kind, point), one for the side to move, one for the apex flag,
//! one per variant. Fixed constants so keys are the same in every run.

const fn mix(mut x: u64) -> u64 {
    x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    x ^ (x >> 31)
}
const fn table(seed: u64) -> [u64; 64] {
    let mut t = [0u64; 64];
    let mut i = 0;
    while i < 64 {
        t[i] = mix(seed.wrapping_mul(1000).wrapping_add(i as u64));
        i += 1;
    }
    t
}
pub(super) const HUNTER: [u64; 64] = table(1);
pub(super) const SOLDIER: [u64; 64] = table(2);
pub(super) const SIDE: u64 = mix(3_000_001);
pub(super) const APEX: u64 = mix(3_000_002);
pub(super) const VARIANT: [u64; 64] = table(4);
pub(super) const RULES: u64 = mix(5_000_003) | 1;

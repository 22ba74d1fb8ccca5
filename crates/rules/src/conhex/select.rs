//! Broadword bit selection: the `n`-th set bit of a hole set, branch-free, for the uniform random
//! move.

/// `SEL8[b][n]`: the position of the `n`-th (from 0) set bit of byte `b`.
const SEL8: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if b & (1 << bit) != 0 {
                t[b][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

const ONES8: u64 = 0x0101_0101_0101_0101;
const HIGH8: u64 = 0x8080_8080_8080_8080;

/// Per byte of `x`, the number of set bits in it and all lower bytes (the top byte holds the
/// total). Broadword arithmetic: the baseline x86-64 target has no `popcnt` instruction.
#[inline]
fn byte_prefix_counts(x: u64) -> u64 {
    let mut s = x.wrapping_sub((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    s.wrapping_mul(ONES8)
}

/// The index of the `n`-th (from 0) set bit of `x`, for `n` below its popcount. Branch-free
/// (Vigna's broadword select): a random playout makes every branch here a coin toss.
#[inline]
pub(super) fn select_bit(x: u128, n: u32) -> u32 {
    let lo = x as u64;
    let lo_total = (byte_prefix_counts(lo) >> 56) as u32;
    let high = n >= lo_total;
    let word = if high { (x >> 64) as u64 } else { lo };
    let k = u64::from(if high { n - lo_total } else { n });
    let sums = byte_prefix_counts(word);
    // one high bit per byte whose running count is still <= k: those bytes come before ours
    let before = ((k.wrapping_mul(ONES8) | HIGH8).wrapping_sub(sums)) & HIGH8;
    let place = (((before >> 7).wrapping_mul(ONES8) >> 56) * 8) as u32;
    let rank = k.wrapping_sub(((sums << 8) >> place) & 0xFF);
    let byte = ((word >> place) & 0xFF) as usize;
    u32::from(high) * 64 + place + u32::from(SEL8[byte][rank as usize & 7])
}

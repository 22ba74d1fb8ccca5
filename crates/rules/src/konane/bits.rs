//! The two bitboard widths Kōnane plays on: a native `u128` for boards whose padded layout fits
//! in 128 bits (every board up to 10×10 and most narrow rectangles, including the default 8×8),
//! and a six-word [`Wide`] set for the rest (up to 18 ranks of 19 bits = 342 bits).
//!
//! Both implement [`Bits`], so move generation is written once and monomorphised twice; the
//! state picks the width when it is created. A `u64` implements it too: the random jump of
//! playouts packs boards of at most 64 squares into one word (see `jumps.rs`).

use std::ops::{BitAnd, BitOr, BitXor, Not};

/// The operations jump generation needs from a set of squares.
pub(crate) trait Bits:
    Copy + Eq + BitAnd<Output = Self> + BitOr<Output = Self> + BitXor<Output = Self> + Not<Output = Self>
{
    /// The empty set.
    const ZERO: Self;
    /// Bits that exist in this width.
    const CAPACITY: u32;
    /// The set holding only bit `i`.
    fn single(i: u32) -> Self;
    /// Every bit moved up by `n` places; bits pushed out are lost. `n` is always below 64
    /// (two ranks of at most 19 bits).
    fn shl(self, n: u32) -> Self;
    /// Every bit moved down by `n` places (`n` below 64); bits pushed out are lost.
    fn shr(self, n: u32) -> Self;
    /// Every bit moved up by `d` places, down for negative `d`.
    #[inline]
    fn shift(self, d: i32) -> Self {
        if d >= 0 {
            self.shl(d as u32)
        } else {
            self.shr(d.unsigned_abs())
        }
    }
    /// Number of bits set, for the sparse sets of jump landings.
    fn count(self) -> u32;
    /// Index of the lowest set bit; meaningless on the empty set.
    fn lowest(self) -> u32;
    /// The set without its lowest bit.
    fn without_lowest(self) -> Self;
    /// True for the empty set.
    #[inline]
    fn is_zero(self) -> bool {
        self == Self::ZERO
    }
    /// True when bit `i` is set.
    #[inline]
    fn has(self, i: u32) -> bool {
        !(self & Self::single(i)).is_zero()
    }
}

impl Bits for u128 {
    const ZERO: Self = 0;
    const CAPACITY: u32 = 128;
    #[inline]
    fn single(i: u32) -> Self {
        1u128 << i
    }
    #[inline]
    fn shl(self, n: u32) -> Self {
        self.wrapping_shl(n)
    }
    #[inline]
    fn shr(self, n: u32) -> Self {
        self.wrapping_shr(n)
    }
    #[inline]
    fn count(self) -> u32 {
        if cfg!(target_feature = "popcnt") {
            self.count_ones()
        } else {
            // Baseline x86-64 has no popcount instruction: bit counts by shifts and masks, in
            // pairs, then nibbles (where both halves' counts add), then bytes, summed by one
            // multiply.
            fn nibbles(x: u64) -> u64 {
                let x = x - ((x >> 1) & 0x5555_5555_5555_5555);
                (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333)
            }
            let x = nibbles(self as u64) + nibbles((self >> 64) as u64);
            let sum = (x & 0x0f0f_0f0f_0f0f_0f0f) + ((x >> 4) & 0x0f0f_0f0f_0f0f_0f0f);
            (sum.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
        }
    }
    #[inline]
    fn lowest(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline]
    fn without_lowest(self) -> Self {
        self & self.wrapping_sub(1)
    }
}

/// The packed layout of boards of at most 64 squares (no padding), for the random jump.
impl Bits for u64 {
    const ZERO: Self = 0;
    const CAPACITY: u32 = 64;
    #[inline]
    fn single(i: u32) -> Self {
        1u64 << i
    }
    #[inline]
    fn shl(self, n: u32) -> Self {
        self << n
    }
    #[inline]
    fn shr(self, n: u32) -> Self {
        self >> n
    }
    #[inline]
    fn count(self) -> u32 {
        if cfg!(target_feature = "popcnt") {
            self.count_ones()
        } else {
            // As for `u128`, on one word.
            let x = self - ((self >> 1) & 0x5555_5555_5555_5555);
            let x = (x & 0x3333_3333_3333_3333) + ((x >> 2) & 0x3333_3333_3333_3333);
            let x = (x + (x >> 4)) & 0x0f0f_0f0f_0f0f_0f0f;
            (x.wrapping_mul(0x0101_0101_0101_0101) >> 56) as u32
        }
    }
    #[inline]
    fn lowest(self) -> u32 {
        self.trailing_zeros()
    }
    #[inline]
    fn without_lowest(self) -> Self {
        self & self.wrapping_sub(1)
    }
}

/// Number of words in a [`Wide`] set.
const WORDS: usize = 6;

/// A 384-bit set, word 0 holding bits 0..64.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub(crate) struct Wide([u64; WORDS]);

impl BitAnd for Wide {
    type Output = Self;
    #[inline]
    fn bitand(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
}

impl BitOr for Wide {
    type Output = Self;
    #[inline]
    fn bitor(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
}

impl BitXor for Wide {
    type Output = Self;
    #[inline]
    fn bitxor(self, o: Self) -> Self {
        Wide(std::array::from_fn(|i| self.0[i] ^ o.0[i]))
    }
}

impl Not for Wide {
    type Output = Self;
    #[inline]
    fn not(self) -> Self {
        Wide(std::array::from_fn(|i| !self.0[i]))
    }
}

impl Bits for Wide {
    const ZERO: Self = Wide([0; WORDS]);
    const CAPACITY: u32 = 64 * WORDS as u32;
    #[inline]
    fn single(i: u32) -> Self {
        let mut w = [0; WORDS];
        w[(i / 64) as usize] = 1 << (i % 64);
        Wide(w)
    }
    #[inline]
    fn shl(self, n: u32) -> Self {
        debug_assert!(n < 64);
        if n == 0 {
            return self;
        }
        let w = self.0;
        Wide(std::array::from_fn(|i| {
            let carry = if i > 0 { w[i - 1] >> (64 - n) } else { 0 };
            (w[i] << n) | carry
        }))
    }
    #[inline]
    fn shr(self, n: u32) -> Self {
        debug_assert!(n < 64);
        if n == 0 {
            return self;
        }
        let w = self.0;
        Wide(std::array::from_fn(|i| {
            let carry = if i + 1 < WORDS { w[i + 1] << (64 - n) } else { 0 };
            (w[i] >> n) | carry
        }))
    }
    #[inline]
    fn count(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    #[inline]
    fn lowest(self) -> u32 {
        for (i, w) in self.0.iter().enumerate() {
            if *w != 0 {
                return i as u32 * 64 + w.trailing_zeros();
            }
        }
        Self::CAPACITY
    }
    #[inline]
    fn without_lowest(mut self) -> Self {
        for w in self.0.iter_mut() {
            if *w != 0 {
                *w &= *w - 1;
                break;
            }
        }
        self
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The wide set must agree with u128 on the low 128 bits for every shift jump generation uses.
    #[test]
    fn wide_agrees_with_u128() {
        let x: u128 = 0x8000_0000_0000_0001_0123_4567_89ab_cdef;
        let wide = Wide([x as u64, (x >> 64) as u64, 0, 0, 0, 0]);
        for d in -40..=40 {
            let a = x.shift(d);
            let b = wide.shift(d);
            let low = (b.0[0] as u128) | ((b.0[1] as u128) << 64);
            assert_eq!(low, a, "shift {d}");
            if d <= 0 {
                assert_eq!(b.0[2], 0);
            } else {
                assert_eq!(b.0[2], (x >> (128 - d)) as u64, "carry into word 2 at shift {d}");
            }
        }
        assert_eq!(wide.count(), x.count());
        assert_eq!(x.count(), x.count_ones());
        assert_eq!(wide.lowest(), x.lowest());
        let top = Wide::single(383);
        assert_eq!(top.lowest(), 383);
        assert!(top.shift(1).is_zero());
        assert!(top.shift(-63).has(320));
        assert_eq!(Wide::single(200).without_lowest(), Wide::ZERO);
    }
}

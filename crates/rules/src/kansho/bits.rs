//! Bit-set helpers over [`Bits`], the 256-bit cell sets of the board.

use super::board::Bits;

#[inline]
pub fn has(b: &Bits, i: usize) -> bool {
    // i may be the sentinel 255: bit 255 is never set.
    (b[i >> 6] >> (i & 63)) & 1 != 0
}

#[inline]
pub fn set(b: &mut Bits, i: usize) {
    b[i >> 6] |= 1 << (i & 63);
}

#[inline]
pub fn clear(b: &mut Bits, i: usize) {
    b[i >> 6] &= !(1 << (i & 63));
}

#[inline]
pub fn count(b: &Bits) -> u32 {
    b.iter().map(|w| w.count_ones()).sum()
}

#[inline]
pub fn and(a: &Bits, b: &Bits) -> Bits {
    [a[0] & b[0], a[1] & b[1], a[2] & b[2], a[3] & b[3]]
}

#[inline]
pub fn or_assign(a: &mut Bits, b: &Bits) {
    for (x, y) in a.iter_mut().zip(b) {
        *x |= y;
    }
}

/// The set bits of `b`, ascending.
#[inline]
pub fn iter(b: Bits) -> Iter {
    Iter { words: b, w: 0 }
}

/// Iterator over set bits (see [`iter`]).
pub struct Iter {
    words: Bits,
    w: usize,
}

impl Iterator for Iter {
    type Item = usize;

    #[inline]
    fn next(&mut self) -> Option<usize> {
        while self.w < 4 {
            let x = self.words[self.w];
            if x != 0 {
                self.words[self.w] = x & (x - 1);
                return Some(self.w * 64 + x.trailing_zeros() as usize);
            }
            self.w += 1;
        }
        None
    }
}

/// Words `w` and `w + 1` of `b` as one 128-bit number (`w <= 2`).
#[inline]
pub fn window(b: &Bits, w: usize) -> u128 {
    u128::from(b[w]) | u128::from(b[w + 1]) << 64
}

/// The index of the `k`-th set bit (0-based), if there are more than `k`.
pub fn select(b: &Bits, mut k: u32) -> Option<usize> {
    for (w, &word) in b.iter().enumerate() {
        let c = word.count_ones();
        if k < c {
            let mut x = word;
            let mut base = 0;
            // Skip whole bytes first: at most 8 popcounts, then at most 7 bit clears.
            loop {
                let byte = (x & 0xff).count_ones();
                if k < byte {
                    break;
                }
                k -= byte;
                x >>= 8;
                base += 8;
            }
            for _ in 0..k {
                x &= x - 1;
            }
            return Some(w * 64 + base + x.trailing_zeros() as usize);
        }
        k -= c;
    }
    None
}

#[cfg(test)]
mod tests {
    use super::super::{bits, board::Bits};

    #[test]
    fn select_finds_the_kth_bit() {
        let b: Bits = [0b1010, 0, 1 << 63, 0xff00];
        let all: Vec<usize> = bits::iter(b).collect();
        assert_eq!(all, vec![1, 3, 191, 200, 201, 202, 203, 204, 205, 206, 207]);
        for (k, &i) in all.iter().enumerate() {
            assert_eq!(bits::select(&b, k as u32), Some(i));
        }
        assert_eq!(bits::select(&b, all.len() as u32), None);
    }
}

//! The random jump of playouts, without a move list: count the landings by direction, draw one,
//! find it. Boards of at most 64 squares (8×8 among them) are first packed from their padded
//! 128-bit planes into one 64-bit word per side, a bit per square and no padding, where every
//! shift, mask and count is one machine word's.

use rand::Rng;

use super::bits::Bits;
use super::moves::KonaneMove;
use super::planes::Planes;
use super::square::{Dir, Square};

/// What jump generation reads: the mover's stones, the other side's, the empty squares, and the
/// empty squares an east or a west hop may land on. On the padded layouts those are all the
/// empty squares (a hop off a side lands on padding, which is never empty); packed, they leave
/// out the two files a hop from the other side would wrap round to.
#[derive(Copy, Clone)]
pub(super) struct Sides<B> {
    own: B,
    enemy: B,
    empty: B,
    empty_east: B,
    empty_west: B,
}

impl<B: Bits> Planes<B> {
    /// The sides as this layout holds them, `mover` to move.
    #[inline(always)]
    pub(super) fn sides(&self, mover: usize) -> Sides<B> {
        let empty = self.empty();
        Sides {
            own: self.stones[mover],
            enemy: self.stones[1 - mover],
            empty,
            empty_east: empty,
            empty_west: empty,
        }
    }

    /// Jumps in each direction, [`Dir::ALL`] order.
    #[inline(always)]
    pub(super) fn count_jumps(&self, mover: usize, s: u32) -> [u16; 4] {
        landings(&self.sides(mover), s).counts.map(|n| n as u16)
    }
}

/// Bits of `files` consecutive files from `file` on, in every rank of a packed `w`×`h` board.
const fn file_mask(w: u32, h: u32, file: u32, files: u32) -> u64 {
    let mut m = 0;
    let mut r = 0;
    while r < h {
        m |= ((1 << files) - 1) << (r * w + file);
        r += 1;
    }
    m
}

/// The sides of a `W`×`H` board (`W * H` at most 64) packed from its padded planes: square
/// `(file, rank)` at bit `rank * W + file`, in the padded layout's order.
#[inline(always)]
fn packed_sides<const W: u32, const H: u32>(p: &Planes<u128>, mover: usize) -> Sides<u64> {
    let pack = |x: u128| {
        let mut t = 0;
        for r in 0..H {
            // Rank r starts at bit r * (W + 1); moved down by r it starts at r * W.
            t |= (x >> r) as u64 & (file_mask(W, 1, 0, W) << (r * W));
        }
        t
    };
    let (own, enemy) = (pack(p.stones[mover]), pack(p.stones[1 - mover]));
    let empty = const { file_mask(W, H, 0, W) } & !(own | enemy);
    Sides {
        own,
        enemy,
        empty,
        empty_east: empty & !const { file_mask(W, H, 0, 2) },
        empty_west: empty & !const { file_mask(W, H, W - 2, 2) },
    }
}

/// Per direction in [`Dir::ALL`] order: the squares a hop may land on (empty, an enemy stone just
/// before), the landings of the first hop, and the number of jumps (chains stop after any hop).
struct Landings<B> {
    m: [B; 4],
    first: [B; 4],
    counts: [u32; 4],
}

/// Where the jumps of `sides` land on a layout of stride `s`, by direction.
#[inline(always)]
fn landings<B: Bits>(sides: &Sides<B>, s: u32) -> Landings<B> {
    let Sides {
        own,
        enemy,
        empty,
        empty_east,
        empty_west,
    } = *sides;
    let m = [
        enemy.shl(s) & empty,
        enemy.shl(1) & empty_east,
        enemy.shr(s) & empty,
        enemy.shr(1) & empty_west,
    ];
    let first = [
        own.shl(2 * s) & m[0],
        own.shl(2) & m[1],
        own.shr(2 * s) & m[2],
        own.shr(2) & m[3],
    ];
    // The landing sets of one direction's chain lengths are disjoint (each lies two squares on
    // from the one before, which is empty), so one count of their union.
    let counts = [
        chain_union(first[0], m[0], |x| x.shl(2 * s)).count(),
        chain_union(first[1], m[1], |x| x.shl(2)).count(),
        chain_union(first[2], m[2], |x| x.shr(2 * s)).count(),
        chain_union(first[3], m[3], |x| x.shr(2)).count(),
    ];
    Landings { m, first, counts }
}

/// A uniformly random jump of `sides` on a layout of stride `s` as (from bit, dir, hops): the
/// `n`-th of [`Planes::push_jumps`]' order (direction, chain length, bit) for `n` drawn below their
/// number. Count the landings by direction, draw, then walk the drawn direction's chains again.
#[inline(always)]
pub(super) fn random_jump<B: Bits, R: Rng + ?Sized>(sides: &Sides<B>, s: u32, rng: &mut R) -> Option<(u32, Dir, u8)> {
    let Landings { m, first, counts } = landings(sides, s);
    let total = counts[0] + counts[1] + counts[2] + counts[3];
    if total == 0 {
        return None;
    }
    let mut n = rng.random_range(0..total);
    let mut i = 0;
    while i < 3 && n >= counts[i] {
        n -= counts[i];
        i += 1;
    }
    let (to, hops) = match i {
        0 => nth_in_chain(first[0], m[0], n, |x| x.shl(2 * s)),
        1 => nth_in_chain(first[1], m[1], n, |x| x.shl(2)),
        2 => nth_in_chain(first[2], m[2], n, |x| x.shr(2 * s)),
        _ => nth_in_chain(first[3], m[3], n, |x| x.shr(2)),
    }?;
    let dir = Dir::ALL[i];
    Some(((to as i32 - 2 * hops as i32 * dir.delta(s as i32)) as u32, dir, hops))
}

/// Every landing of one direction's chains: `first` the first hops', `m` where a hop may land,
/// `step` two squares on.
#[inline(always)]
fn chain_union<B: Bits>(first: B, m: B, step: impl Fn(B) -> B) -> B {
    // Chains of three hops are rare: the second and third hops without a branch, a loop beyond.
    let second = step(first) & m;
    let mut land = step(second) & m;
    let mut all = first | second | land;
    while !land.is_zero() {
        land = step(land) & m;
        all = all | land;
    }
    all
}

/// The `n`-th landing of one direction's chains (by chain length, then bit order) as (bit, hops).
#[inline(always)]
fn nth_in_chain<B: Bits>(mut land: B, m: B, mut n: u32, step: impl Fn(B) -> B) -> Option<(u32, u8)> {
    let mut hops = 1;
    while !land.is_zero() {
        let c = land.count();
        if n < c {
            for _ in 0..n {
                land = land.without_lowest();
            }
            return Some((land.lowest(), hops));
        }
        n -= c;
        land = step(land) & m;
        hops += 1;
    }
    None
}

/// The move of a jump (from bit, dir, hops) on a layout of stride `s`.
#[inline(always)]
pub(super) fn jump_move((from, dir, hops): (u32, Dir, u8), s: u32) -> KonaneMove {
    KonaneMove::Jump {
        from: Square::new((from % s) as u8, (from / s) as u8),
        dir,
        hops,
    }
}

/// [`random_jump`] as a move, with the padded layout's stride fixed at compile time.
pub(super) fn random_jump_const<const S: u32, B: Bits, R: Rng + ?Sized>(
    p: &Planes<B>,
    mover: usize,
    rng: &mut R,
) -> Option<KonaneMove> {
    random_jump(&p.sides(mover), S, rng).map(|j| jump_move(j, S))
}

/// [`random_jump`] as a move on a `W`×`H` board of at most 64 squares, packed into 64 bits.
pub(super) fn random_jump_packed<const W: u32, const H: u32, R: Rng + ?Sized>(
    p: &Planes<u128>,
    mover: usize,
    rng: &mut R,
) -> Option<KonaneMove> {
    const { assert!(W * H <= 64) };
    random_jump(&packed_sides::<W, H>(p, mover), W, rng).map(|j| jump_move(j, W))
}

//! The bitboard layer: layout numbers, the stone planes in either width, and jump generation by
//! shifts (every landing set; the counts and the random jump of playouts are in `jumps.rs`).

use super::bits::{Bits, Wide};
use super::moves::{KonaneMove, Phase};
use super::options::KonaneOptions;
use super::square::{BLACK, Dir, Square, WHITE};
use crate::game::Player;

/// Derived layout numbers.
#[derive(Copy, Clone, Debug)]
pub(super) struct Geo {
    pub(super) w: u32,
    pub(super) h: u32,
    /// Bits per rank: the files plus one padding bit.
    pub(super) s: u32,
}

impl Geo {
    pub(super) fn of(o: &KonaneOptions) -> Geo {
        Geo {
            w: o.width as u32,
            h: o.height as u32,
            s: o.width as u32 + 1,
        }
    }
    #[inline]
    pub(super) fn bit(&self, sq: Square) -> u32 {
        sq.rank as u32 * self.s + sq.file as u32
    }
    #[inline]
    pub(super) fn square(&self, bit: u32) -> Square {
        Square::new((bit % self.s) as u8, (bit / self.s) as u8)
    }
    pub(super) fn on_board(&self, sq: Square) -> bool {
        (sq.file as u32) < self.w && (sq.rank as u32) < self.h
    }
    /// The corners and the central 2×2, in any colour.
    pub(super) fn opening_squares(&self) -> [Square; 8] {
        let (w, h) = (self.w as u8, self.h as u8);
        let (cf, cr) = (w / 2 - 1, h / 2 - 1);
        [
            Square::new(0, 0),
            Square::new(w - 1, 0),
            Square::new(0, h - 1),
            Square::new(w - 1, h - 1),
            Square::new(cf, cr),
            Square::new(cf + 1, cr),
            Square::new(cf, cr + 1),
            Square::new(cf + 1, cr + 1),
        ]
    }
}

/// Stones of each colour (index by [`Player::index`]) plus the mask of real squares.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Planes<B> {
    pub(super) stones: [B; 2],
    pub(super) valid: B,
}

/// The board in whichever width fits it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Board {
    Small(Planes<u128>),
    Large(Planes<Wide>),
}

/// Runs `$e` with `$p` bound to the board's planes, whichever width they have.
macro_rules! with_planes {
    ($board:expr, $p:ident => $e:expr) => {
        match $board {
            Board::Small($p) => $e,
            Board::Large($p) => $e,
        }
    };
}
pub(super) use with_planes;

impl<B: Bits> Planes<B> {
    pub(super) fn start(geo: Geo) -> Self {
        let mut p = Planes {
            stones: [B::ZERO; 2],
            valid: B::ZERO,
        };
        for rank in 0..geo.h {
            for file in 0..geo.w {
                let sq = Square::new(file as u8, rank as u8);
                let b = B::single(geo.bit(sq));
                p.valid = p.valid | b;
                let c = sq.start_colour().index();
                p.stones[c] = p.stones[c] | b;
            }
        }
        p
    }

    #[inline]
    pub(super) fn empty(&self) -> B {
        self.valid & !(self.stones[0] | self.stones[1])
    }

    pub(super) fn stone(&self, bit: u32) -> Option<Player> {
        if self.stones[0].has(bit) {
            Some(Player::P1)
        } else if self.stones[1].has(bit) {
            Some(Player::P2)
        } else {
            None
        }
    }

    /// Calls `f(dir, hops, landings)` for every non-empty set of chain end squares in `dir`, by
    /// chain length; stops early (returning false) when `f` returns false.
    #[inline(always)]
    pub(super) fn each_landing_set_in(
        &self,
        mover: usize,
        s: u32,
        dir: Dir,
        f: &mut impl FnMut(Dir, u8, B) -> bool,
    ) -> bool {
        let own = self.stones[mover];
        let enemy = self.stones[1 - mover];
        let empty = self.empty();
        // One closure per direction so the shift's sign and (for files) amount are constants.
        match dir {
            Dir::North => chain(own, enemy, empty, dir, |x, k| x.shl(k * s), f),
            Dir::East => chain(own, enemy, empty, dir, |x, k| x.shl(k), f),
            Dir::South => chain(own, enemy, empty, dir, |x, k| x.shr(k * s), f),
            Dir::West => chain(own, enemy, empty, dir, |x, k| x.shr(k), f),
        }
    }

    /// [`Planes::each_landing_set_in`] over all four directions in [`Dir::ALL`] order.
    #[inline(always)]
    pub(super) fn each_landing_set(&self, mover: usize, s: u32, mut f: impl FnMut(Dir, u8, B) -> bool) {
        for dir in Dir::ALL {
            if !self.each_landing_set_in(mover, s, dir, &mut f) {
                return;
            }
        }
    }

    /// True when the mover has a jump: a single hop is enough.
    #[inline]
    pub(super) fn any_jump(&self, mover: usize, s: u32) -> bool {
        let own = self.stones[mover];
        let enemy = self.stones[1 - mover];
        let empty = self.empty();
        let reach = |x: B, y: B| !(x & y & empty).is_zero();
        reach(own.shl(2 * s), enemy.shl(s))
            || reach(own.shl(2), enemy.shl(1))
            || reach(own.shr(2 * s), enemy.shr(s))
            || reach(own.shr(2), enemy.shr(1))
    }

    pub(super) fn push_jumps(&self, mover: usize, geo: Geo, out: &mut Vec<KonaneMove>) {
        self.each_landing_set(mover, geo.s, |dir, hops, mut set| {
            let back = 2 * hops as i32 * dir.delta(geo.s as i32);
            while !set.is_zero() {
                let to = set.lowest() as i32;
                out.push(KonaneMove::Jump {
                    from: geo.square((to - back) as u32),
                    dir,
                    hops,
                });
                set = set.without_lowest();
            }
            true
        });
    }

    /// Squares the side to move may empty in the opening.
    pub(super) fn removals(&self, phase: Phase, geo: Geo) -> B {
        match phase {
            Phase::BlackRemoval => {
                let mut m = B::ZERO;
                for sq in geo.opening_squares() {
                    m = m | B::single(geo.bit(sq));
                }
                m & self.stones[BLACK.index()]
            }
            Phase::WhiteRemoval => {
                let hole = self.empty();
                let s = geo.s as i32;
                (hole.shift(1) | hole.shift(-1) | hole.shift(s) | hole.shift(-s)) & self.stones[WHITE.index()]
            }
            Phase::Jumping => B::ZERO,
        }
    }

    pub(super) fn toggle(&mut self, player: Player, bit: u32) {
        let i = player.index();
        self.stones[i] = self.stones[i] ^ B::single(bit);
    }

    pub(super) fn bits_of(set: B) -> impl Iterator<Item = u32> {
        let mut set = set;
        std::iter::from_fn(move || {
            if set.is_zero() {
                None
            } else {
                let i = set.lowest();
                set = set.without_lowest();
                Some(i)
            }
        })
    }
}

/// The landing sets of chains in one direction: `step(x, k)` moves a set `k` squares that way.
#[inline(always)]
pub(super) fn chain<B: Bits>(
    own: B,
    enemy: B,
    empty: B,
    dir: Dir,
    step: impl Fn(B, u32) -> B,
    f: &mut impl FnMut(Dir, u8, B) -> bool,
) -> bool {
    let m = step(enemy, 1) & empty;
    let mut land = step(own, 2) & m;
    let mut hops = 1;
    while !land.is_zero() {
        if !f(dir, hops, land) {
            return false;
        }
        land = step(land, 2) & m;
        hops += 1;
    }
    true
}

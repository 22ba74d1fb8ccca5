//! Kōnane (rule page `shared/rules/konane.md`): the W×H chequerboard of stones, the two opening
//! removals, orthogonal jump chains that may stop after any hop, loss on having no move, the
//! page's notation (`xe4`, `c3-c5-c7`) and the staged record of removals, hops and captures.
//!
//! Boards are bitboards with one padding file per rank (`stride = W + 1`), so a jump off the
//! right edge lands on a padding bit that is never a stone or an empty square, and a jump off the
//! left edge lands on the previous rank's padding bit. Jump generation is then a handful of shifts
//! per direction: with `M = enemy << d & empty`, the landing squares after one hop are
//! `own << 2d & M`, after two hops `(that) << 2d & M`, and so on — squares vacated by the chain lie
//! behind it and never matter. Counting moves is a bit count per landing set, so a uniform random
//! move needs no move list. Boards whose padded layout fits 128 bits (8×8 and up to 10×10) use a
//! native `u128`; larger ones a six-word set (see `bits.rs`).

mod bits;
#[cfg(test)]
mod tests;

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

use crate::game::{Counter, Game, NotationError, OptionSpec, OptionsError, Player, Status};
use bits::{Bits, Wide};

/// The smallest board side.
pub const MIN_SIDE: u8 = 4;
/// The largest board side (files `a..r`).
pub const MAX_SIDE: u8 = 18;

/// Black: the second-named side, which moves first.
const BLACK: Player = Player::P2;
/// White: the first-named side.
const WHITE: Player = Player::P1;

/// Board size. Any `W × H` with both sides even from 4 to 18, except the 4×4 square.
///
/// **Decision (4×4):** the page offers squares 6..18 and rectangles with even sides 4..18; a
/// square is listed separately and starts at 6, so 4×4 is not offered, while 4×6, 8×4, … are.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "SizeText", into = "SizeText")]
pub struct KonaneOptions {
    /// Files (columns), `a..`. Private so that only valid sizes exist.
    width: u8,
    /// Ranks (rows), `1..`.
    height: u8,
}

impl Default for KonaneOptions {
    fn default() -> Self {
        KonaneOptions { width: 8, height: 8 }
    }
}

/// The rule that valid sizes follow, quoted in every size error.
const SIZE_RULE: &str =
    "size must be WxH with W and H even from 4 to 18 (squares from 6x6; 4x4 is not offered), e.g. 8x8";

impl KonaneOptions {
    /// A validated size.
    pub fn new(width: u8, height: u8) -> Result<Self, OptionsError> {
        let side_ok = |s: u8| (MIN_SIDE..=MAX_SIDE).contains(&s) && s.is_multiple_of(2);
        if !side_ok(width) || !side_ok(height) || (width == MIN_SIDE && height == MIN_SIDE) {
            return Err(OptionsError(format!("konane {SIZE_RULE}; got {width}x{height}")));
        }
        Ok(KonaneOptions { width, height })
    }

    /// Reads `WxH` (case-insensitive `x`).
    pub fn parse_size(text: &str) -> Result<Self, OptionsError> {
        let bad = || OptionsError(format!("konane {SIZE_RULE}; got '{text}'"));
        let lower = text.trim().to_ascii_lowercase();
        let (w, h) = lower.split_once('x').ok_or_else(bad)?;
        let side = |s: &str| -> Result<u8, OptionsError> {
            if s.is_empty() || s.len() > 2 || !s.bytes().all(|b| b.is_ascii_digit()) || s.starts_with('0') {
                return Err(bad());
            }
            s.parse().map_err(|_| bad())
        };
        KonaneOptions::new(side(w)?, side(h)?)
    }

    /// Files (columns).
    pub fn width(&self) -> u8 {
        self.width
    }

    /// Ranks (rows).
    pub fn height(&self) -> u8 {
        self.height
    }

    /// The size as `WxH`.
    pub fn size_text(&self) -> String {
        format!("{}x{}", self.width, self.height)
    }
}

/// Serde form of [`KonaneOptions`]: the same `WxH` text as the engine option.
#[derive(Serialize, Deserialize)]
struct SizeText(String);

impl TryFrom<SizeText> for KonaneOptions {
    type Error = OptionsError;
    fn try_from(t: SizeText) -> Result<Self, OptionsError> {
        KonaneOptions::parse_size(&t.0)
    }
}

impl From<KonaneOptions> for SizeText {
    fn from(o: KonaneOptions) -> Self {
        SizeText(o.size_text())
    }
}

/// A square: `file` 0 = `a`, `rank` 0 = `1`; `a1` is bottom-left.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Square {
    /// Column, 0-based from the left.
    pub file: u8,
    /// Row, 0-based from the bottom.
    pub rank: u8,
}

impl Square {
    /// The square at `file`, `rank` (0-based).
    pub const fn new(file: u8, rank: u8) -> Self {
        Square { file, rank }
    }

    /// The colour of the stone that starts here: Black where `file + rank` is odd.
    pub fn start_colour(self) -> Player {
        if (self.file as u16 + self.rank as u16) % 2 == 1 {
            BLACK
        } else {
            WHITE
        }
    }

    /// The square `k` steps in `dir`, if it is on a `width × height` board.
    pub fn step(self, dir: Dir, k: i32, width: u8, height: u8) -> Option<Square> {
        let (df, dr) = dir.offset();
        let f = self.file as i32 + df * k;
        let r = self.rank as i32 + dr * k;
        ((0..width as i32).contains(&f) && (0..height as i32).contains(&r)).then(|| Square::new(f as u8, r as u8))
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        // Squares of malformed moves can be off any board; they still print, as `?`.
        match self.file {
            0..26 => write!(f, "{}{}", (b'a' + self.file) as char, self.rank as u32 + 1),
            _ => write!(f, "?{}", self.rank as u32 + 1),
        }
    }
}

/// A jump direction (orthogonal only).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Dir {
    /// Towards higher ranks.
    North,
    /// Towards higher files.
    East,
    /// Towards lower ranks.
    South,
    /// Towards lower files.
    West,
}

impl Dir {
    /// All four directions.
    pub const ALL: [Dir; 4] = [Dir::North, Dir::East, Dir::South, Dir::West];

    /// (file, rank) change of one square.
    pub fn offset(self) -> (i32, i32) {
        match self {
            Dir::North => (0, 1),
            Dir::East => (1, 0),
            Dir::South => (0, -1),
            Dir::West => (-1, 0),
        }
    }

    /// Bit-index change of one square for a layout of `stride` bits per rank.
    #[inline]
    fn delta(self, stride: i32) -> i32 {
        match self {
            Dir::North => stride,
            Dir::East => 1,
            Dir::South => -stride,
            Dir::West => -1,
        }
    }
}

/// A Kōnane move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KonaneMove {
    /// An opening removal of the mover's own stone (`xe4`).
    Remove(Square),
    /// A jump chain: the stone on `from` makes `hops` jumps in `dir` (`c3-c5-c7` is 2 hops north).
    Jump {
        /// Where the jumping stone starts.
        from: Square,
        /// The one direction of the whole chain.
        dir: Dir,
        /// Number of jumps, at least 1.
        hops: u8,
    },
}

impl KonaneMove {
    /// Every square the moving stone stands on, start first (a removal: just its square).
    /// Squares may be off the board for a move that is not legal on any board.
    pub fn path(&self) -> Vec<Square> {
        match *self {
            KonaneMove::Remove(sq) => vec![sq],
            KonaneMove::Jump { from, dir, hops } => {
                let (df, dr) = dir.offset();
                (0..=hops as i32)
                    .map(|k| {
                        Square::new(
                            (from.file as i32 + 2 * k * df) as u8,
                            (from.rank as i32 + 2 * k * dr) as u8,
                        )
                    })
                    .collect()
            }
        }
    }

    /// Where the stone ends (a removal: the emptied square).
    pub fn landing(&self) -> Square {
        match *self {
            KonaneMove::Remove(sq) => sq,
            KonaneMove::Jump { from, dir, hops } => {
                let (df, dr) = dir.offset();
                let k = 2 * hops as i32;
                Square::new((from.file as i32 + k * df) as u8, (from.rank as i32 + k * dr) as u8)
            }
        }
    }
}

/// One stage of what a move did, in order, for the client to animate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KonaneStep {
    /// An opening removal: `player` lifts its own stone off `square`.
    Removed {
        /// Whose stone.
        player: Player,
        /// Where it stood.
        square: Square,
    },
    /// One hop of a jump chain: `player`'s stone moves from `from` over `over` to `to`.
    Hop {
        /// Whose stone jumps.
        player: Player,
        /// Where this hop starts.
        from: Square,
        /// The enemy stone jumped (captured by the [`KonaneStep::Captured`] that follows).
        over: Square,
        /// Where this hop lands.
        to: Square,
    },
    /// The stone just jumped leaves the board.
    Captured {
        /// The captured stone's owner.
        player: Player,
        /// Where it stood.
        square: Square,
    },
}

/// The stage of the game, from the ply count.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Phase {
    /// Ply 0: Black removes a stone from a corner or the centre.
    BlackRemoval,
    /// Ply 1: White removes a stone next to the hole.
    WhiteRemoval,
    /// Every later ply: jumps.
    Jumping,
}

/// A position that cannot be set up (see [`Konane::from_rows`]).
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct SetupError(pub String);

/// Derived layout numbers.
#[derive(Copy, Clone, Debug)]
struct Geo {
    w: u32,
    h: u32,
    /// Bits per rank: the files plus one padding bit.
    s: u32,
}

impl Geo {
    fn of(o: &KonaneOptions) -> Geo {
        Geo {
            w: o.width as u32,
            h: o.height as u32,
            s: o.width as u32 + 1,
        }
    }
    #[inline]
    fn bit(&self, sq: Square) -> u32 {
        sq.rank as u32 * self.s + sq.file as u32
    }
    #[inline]
    fn square(&self, bit: u32) -> Square {
        Square::new((bit % self.s) as u8, (bit / self.s) as u8)
    }
    fn on_board(&self, sq: Square) -> bool {
        (sq.file as u32) < self.w && (sq.rank as u32) < self.h
    }
    /// The corners and the central 2×2, in any colour.
    fn opening_squares(&self) -> [Square; 8] {
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
struct Planes<B> {
    stones: [B; 2],
    valid: B,
}

/// The board in whichever width fits it.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Board {
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

impl<B: Bits> Planes<B> {
    fn start(geo: Geo) -> Self {
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
    fn empty(&self) -> B {
        self.valid & !(self.stones[0] | self.stones[1])
    }

    fn stone(&self, bit: u32) -> Option<Player> {
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
    fn each_landing_set_in(&self, mover: usize, s: u32, dir: Dir, f: &mut impl FnMut(Dir, u8, B) -> bool) -> bool {
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
    fn each_landing_set(&self, mover: usize, s: u32, mut f: impl FnMut(Dir, u8, B) -> bool) {
        for dir in Dir::ALL {
            if !self.each_landing_set_in(mover, s, dir, &mut f) {
                return;
            }
        }
    }

    /// True when the mover has a jump: a single hop is enough.
    #[inline]
    fn any_jump(&self, mover: usize, s: u32) -> bool {
        let own = self.stones[mover];
        let enemy = self.stones[1 - mover];
        let empty = self.empty();
        let reach = |x: B, y: B| !(x & y & empty).is_zero();
        reach(own.shl(2 * s), enemy.shl(s))
            || reach(own.shl(2), enemy.shl(1))
            || reach(own.shr(2 * s), enemy.shr(s))
            || reach(own.shr(2), enemy.shr(1))
    }

    /// Jumps in each direction, [`Dir::ALL`] order.
    #[inline(always)]
    fn count_jumps(&self, mover: usize, s: u32) -> [u16; 4] {
        let mut n = [0u16; 4];
        for (i, dir) in Dir::ALL.into_iter().enumerate() {
            self.each_landing_set_in(mover, s, dir, &mut |_, _, set| {
                n[i] += set.count() as u16;
                true
            });
        }
        n
    }

    /// The `n`-th jump in `dir` (by chain length, then bit order) as (from bit, hops).
    #[inline(always)]
    fn nth_jump_in(&self, mover: usize, s: u32, dir: Dir, mut n: u32) -> Option<(u32, u8)> {
        let mut found = None;
        self.each_landing_set_in(mover, s, dir, &mut |dir, hops, mut set| {
            let c = set.count();
            if n >= c {
                n -= c;
                return true;
            }
            for _ in 0..n {
                set = set.without_lowest();
            }
            let to = set.lowest() as i32;
            found = Some(((to - 2 * hops as i32 * dir.delta(s as i32)) as u32, hops));
            false
        });
        found
    }

    fn push_jumps(&self, mover: usize, geo: Geo, out: &mut Vec<KonaneMove>) {
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
    fn removals(&self, phase: Phase, geo: Geo) -> B {
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

    fn toggle(&mut self, player: Player, bit: u32) {
        let i = player.index();
        self.stones[i] = self.stones[i] ^ B::single(bit);
    }

    fn bits_of(set: B) -> impl Iterator<Item = u32> {
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
fn chain<B: Bits>(
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

/// A uniformly random jump as (from bit, dir, hops): count by direction, pick one, then
/// generate only that direction again.
#[inline(always)]
fn random_jump<B: Bits, R: Rng + ?Sized>(p: &Planes<B>, mover: usize, s: u32, rng: &mut R) -> Option<(u32, Dir, u8)> {
    let counts = p.count_jumps(mover, s);
    let total: u32 = counts.iter().map(|&n| n as u32).sum();
    if total == 0 {
        return None;
    }
    let mut n = rng.random_range(0..total);
    for (dir, count) in Dir::ALL.into_iter().zip(counts) {
        if n < count as u32 {
            let (from, hops) = p.nth_jump_in(mover, s, dir, n)?;
            return Some((from, dir, hops));
        }
        n -= count as u32;
    }
    None
}

/// [`random_jump`] with the stride fixed at compile time.
fn random_jump_const<const S: u32, B: Bits, R: Rng + ?Sized>(
    p: &Planes<B>,
    mover: usize,
    rng: &mut R,
) -> Option<(u32, Dir, u8)> {
    random_jump(p, mover, S, rng)
}

/// SplitMix64, usable in constants: the Zobrist keys are fixed across builds.
const fn splitmix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// Bits in the widest layout (18 ranks of 19 bits fit in 384).
const ZOBRIST_BITS: usize = 384;

/// Zobrist keys by colour and bit index.
static ZOBRIST: [[u64; ZOBRIST_BITS]; 2] = {
    let mut t = [[0; ZOBRIST_BITS]; 2];
    let mut i = 0;
    while i < 2 * ZOBRIST_BITS {
        t[i / ZOBRIST_BITS][i % ZOBRIST_BITS] = splitmix(0x4B6F_6E61_6E65_0000 + i as u64);
        i += 1;
    }
    t
};

/// Mixed in while White is to move.
const ZOBRIST_WHITE_TO_MOVE: u64 = splitmix(0x4B6F_6E61_6E65_FFFF);

/// A Kōnane position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(into = "KonaneRecord", try_from = "KonaneRecord")]
pub struct Konane {
    options: KonaneOptions,
    board: Board,
    ply: u32,
    hash: u64,
}

/// Serde form of [`Konane`], independent of the bitboard layout: the size, the ply and the rows
/// from the top rank down (`b` black, `w` white, `.` empty).
#[derive(Clone, Serialize, Deserialize)]
struct KonaneRecord {
    size: KonaneOptions,
    ply: u32,
    rows: Vec<String>,
}

impl From<Konane> for KonaneRecord {
    fn from(k: Konane) -> Self {
        KonaneRecord {
            size: k.options,
            ply: k.ply,
            rows: k.rows(),
        }
    }
}

impl TryFrom<KonaneRecord> for Konane {
    type Error = SetupError;
    fn try_from(r: KonaneRecord) -> Result<Self, SetupError> {
        let rows: Vec<&str> = r.rows.iter().map(String::as_str).collect();
        Konane::from_rows(&r.size, r.ply, &rows)
    }
}

impl Konane {
    fn geo(&self) -> Geo {
        Geo::of(&self.options)
    }

    /// Board width in files.
    pub fn width(&self) -> u8 {
        self.options.width
    }

    /// Board height in ranks.
    pub fn height(&self) -> u8 {
        self.options.height
    }

    /// The stage of the game.
    pub fn phase(&self) -> Phase {
        match self.ply {
            0 => Phase::BlackRemoval,
            1 => Phase::WhiteRemoval,
            _ => Phase::Jumping,
        }
    }

    /// Whose stone is on `sq` (`None` when empty or off the board).
    pub fn stone_at(&self, sq: Square) -> Option<Player> {
        let geo = self.geo();
        if !geo.on_board(sq) {
            return None;
        }
        with_planes!(&self.board, p => p.stone(geo.bit(sq)))
    }

    /// Stones `player` has on the board.
    pub fn stones(&self, player: Player) -> u32 {
        with_planes!(&self.board, p => Planes::bits_of(p.stones[player.index()]).count() as u32)
    }

    /// Stones of `player`'s colour that have left the board (opening removal included).
    pub fn lost(&self, player: Player) -> u32 {
        self.options.width as u32 * self.options.height as u32 / 2 - self.stones(player)
    }

    /// Every legal move of the stone on `from` (every stopping point of every chain), or the
    /// removal of `from` when that is legal: what the client highlights when a stone is picked up.
    pub fn moves_from(&self, from: Square) -> Vec<KonaneMove> {
        let mut all = Vec::new();
        self.legal_moves(&mut all);
        all.retain(|m| match *m {
            KonaneMove::Remove(sq) => sq == from,
            KonaneMove::Jump { from: f, .. } => f == from,
        });
        all
    }

    /// The rows from the top rank down: `b` black, `w` white, `.` empty.
    pub fn rows(&self) -> Vec<String> {
        (0..self.options.height)
            .rev()
            .map(|rank| {
                (0..self.options.width)
                    .map(|file| match self.stone_at(Square::new(file, rank)) {
                        Some(BLACK) => 'b',
                        Some(_) => 'w',
                        None => '.',
                    })
                    .collect()
            })
            .collect()
    }

    /// Sets up a position from rows (top rank first; `b`, `w`, `.`), with `ply` moves said to
    /// have been played (it fixes the phase and the side to move: Black at even plies). Stones
    /// must stand on their own colour's squares (jumps never change it); ply 0 needs the full
    /// board, ply 1 exactly one hole where Black may open, later plies at least two holes.
    pub fn from_rows(options: &KonaneOptions, ply: u32, rows: &[&str]) -> Result<Self, SetupError> {
        let options = KonaneOptions::new(options.width, options.height).map_err(|e| SetupError(e.0))?;
        let mut k = Konane::new(&options);
        k.ply = ply;
        if rows.len() != options.height as usize {
            return Err(SetupError(format!(
                "expected {} rows, got {}",
                options.height,
                rows.len()
            )));
        }
        let geo = k.geo();
        for (i, row) in rows.iter().enumerate() {
            let rank = options.height - 1 - i as u8;
            let cells: Vec<char> = row.chars().collect();
            if cells.len() != options.width as usize {
                return Err(SetupError(format!(
                    "rank {} has {} squares, expected {}",
                    rank + 1,
                    cells.len(),
                    options.width
                )));
            }
            for (file, c) in cells.into_iter().enumerate() {
                let sq = Square::new(file as u8, rank);
                let want = match c.to_ascii_lowercase() {
                    'b' => Some(BLACK),
                    'w' => Some(WHITE),
                    '.' => None,
                    _ => return Err(SetupError(format!("{sq}: '{c}' is not b, w or ."))),
                };
                if want.is_some_and(|p| p != sq.start_colour()) {
                    return Err(SetupError(format!(
                        "{sq} is a {} square",
                        k.side_name(sq.start_colour())
                    )));
                }
                if want.is_none() {
                    with_planes!(&mut k.board, p => p.toggle(sq.start_colour(), geo.bit(sq)));
                }
            }
        }
        let holes = options.width as u32 * options.height as u32 - k.stones(WHITE) - k.stones(BLACK);
        let ok = match ply {
            0 => holes == 0,
            1 => {
                holes == 1
                    && geo
                        .opening_squares()
                        .iter()
                        .any(|&sq| sq.start_colour() == BLACK && k.stone_at(sq).is_none())
            }
            _ => k.lost(WHITE) >= 1 && k.lost(BLACK) >= 1,
        };
        if !ok {
            return Err(SetupError(format!("{holes} empty squares do not fit ply {ply}")));
        }
        k.hash = k.compute_hash();
        Ok(k)
    }

    fn compute_hash(&self) -> u64 {
        let mut h = if self.side_to_move() == WHITE {
            ZOBRIST_WHITE_TO_MOVE
        } else {
            0
        };
        with_planes!(&self.board, p => {
            for player in Player::BOTH {
                for bit in Planes::bits_of(p.stones[player.index()]) {
                    h ^= ZOBRIST[player.index()][bit as usize];
                }
            }
        });
        h
    }

    /// Why `mv` cannot be played now, or `None` when it can.
    fn why_illegal(&self, mv: &KonaneMove) -> Option<String> {
        let geo = self.geo();
        let me = self.side_to_move();
        let (my, their) = (self.side_name(me), self.side_name(me.other()));
        let phase = self.phase();
        if phase == Phase::Jumping && self.status().is_over() {
            return Some("the game is over".into());
        }
        match (*mv, phase) {
            (KonaneMove::Remove(sq), Phase::BlackRemoval | Phase::WhiteRemoval) => {
                if !geo.on_board(sq) {
                    return Some(format!("{sq} is not on the board"));
                }
                if self.stone_at(sq) != Some(me) {
                    return Some(format!("{sq} does not hold a {my} stone; {my} removes one of its own"));
                }
                let allowed = with_planes!(&self.board, p => p.removals(phase, geo).has(geo.bit(sq)));
                if allowed {
                    None
                } else if phase == Phase::BlackRemoval {
                    Some("black's removal must be from a corner or one of the four central squares".into())
                } else {
                    Some("white must remove a stone orthogonally adjacent to the hole black made".into())
                }
            }
            (KonaneMove::Jump { .. }, Phase::BlackRemoval) => {
                Some("the game opens with black removing a stone from a corner or the centre (e.g. xe4)".into())
            }
            (KonaneMove::Jump { .. }, Phase::WhiteRemoval) => {
                Some("white must first remove a stone next to the hole black made".into())
            }
            (KonaneMove::Remove(_), Phase::Jumping) => {
                Some("the opening removals are over; every move is now a jump".into())
            }
            (KonaneMove::Jump { from, dir, hops }, Phase::Jumping) => {
                if !geo.on_board(from) {
                    return Some(format!("{from} is not on the board"));
                }
                if self.stone_at(from) != Some(me) {
                    return Some(format!("{from} does not hold a {my} stone"));
                }
                if hops == 0 {
                    return Some("a jump needs at least one hop".into());
                }
                let (w, h) = (self.options.width, self.options.height);
                for k in 0..hops as i32 {
                    let Some(over) = from.step(dir, 2 * k + 1, w, h) else {
                        return Some("the jump leaves the board".into());
                    };
                    if self.stone_at(over) != Some(me.other()) {
                        return Some(format!("there is no {their} stone on {over} to jump over"));
                    }
                    let Some(to) = from.step(dir, 2 * k + 2, w, h) else {
                        return Some("the jump leaves the board".into());
                    };
                    if self.stone_at(to).is_some() {
                        return Some(format!("{to} is not empty"));
                    }
                }
                None
            }
        }
    }

    /// Plays `mv`, reporting each stage to `record` (a no-op closure on the fast path).
    #[inline]
    fn apply_with(&mut self, mv: KonaneMove, mut record: impl FnMut(KonaneStep)) {
        let geo = self.geo();
        let me = self.side_to_move();
        let mut hash = self.hash ^ ZOBRIST_WHITE_TO_MOVE;
        match mv {
            KonaneMove::Remove(sq) => {
                let bit = geo.bit(sq);
                with_planes!(&mut self.board, p => p.toggle(me, bit));
                hash ^= ZOBRIST[me.index()][bit as usize];
                record(KonaneStep::Removed { player: me, square: sq });
            }
            KonaneMove::Jump { from, dir, hops } => {
                let d = dir.delta(geo.s as i32);
                let start = geo.bit(from) as i32;
                with_planes!(&mut self.board, p => {
                    for k in 0..hops as i32 {
                        let at = (start + 2 * k * d) as u32;
                        let over = (start + (2 * k + 1) * d) as u32;
                        let to = (start + (2 * k + 2) * d) as u32;
                        p.toggle(me.other(), over);
                        hash ^= ZOBRIST[me.other().index()][over as usize];
                        record(KonaneStep::Hop {
                            player: me,
                            from: geo.square(at),
                            over: geo.square(over),
                            to: geo.square(to),
                        });
                        record(KonaneStep::Captured { player: me.other(), square: geo.square(over) });
                    }
                    let end = (start + 2 * hops as i32 * d) as u32;
                    p.toggle(me, start as u32);
                    p.toggle(me, end);
                    hash ^= ZOBRIST[me.index()][start as usize] ^ ZOBRIST[me.index()][end as usize];
                });
            }
        }
        self.hash = hash;
        self.ply += 1;
    }

    fn count_moves(&self) -> [u16; 4] {
        let geo = self.geo();
        let phase = self.phase();
        let mover = self.side_to_move().index();
        with_planes!(&self.board, p => match phase {
            Phase::Jumping => p.count_jumps(mover, geo.s),
            _ => [p.removals(phase, geo).count() as u16, 0, 0, 0],
        })
    }

    /// Number of legal moves.
    pub fn move_count(&self) -> u32 {
        self.count_moves().iter().map(|&n| n as u32).sum()
    }
}

/// The option list.
static SPECS: [OptionSpec; 1] = [OptionSpec {
    key: "size",
    values: &[
        "6x6", "8x8", "10x10", "12x12", "14x14", "16x16", "18x18", "4x6", "6x4", "8x6", "6x8", "10x8", "8x10", "12x8",
        "8x12",
    ],
    default: "8x8",
    help: "Board size WxH (files x ranks): squares 6x6 to 18x18, or any rectangle with even sides from 4 to 18.",
}];

impl Game for Konane {
    type Move = KonaneMove;
    type Step = KonaneStep;
    type Options = KonaneOptions;

    const ID: &'static str = "konane";
    const NAME: &'static str = "Kōnane";

    fn option_specs() -> &'static [OptionSpec] {
        &SPECS
    }

    fn parse_options(pairs: &[(&str, &str)]) -> Result<KonaneOptions, OptionsError> {
        let mut options = KonaneOptions::default();
        for &(key, value) in pairs {
            if !key.eq_ignore_ascii_case("size") {
                return Err(OptionsError(format!("konane has no option '{key}'; valid: size")));
            }
            options = KonaneOptions::parse_size(value)?;
        }
        Ok(options)
    }

    fn option_pairs(options: &KonaneOptions) -> Vec<(String, String)> {
        vec![("size".to_string(), options.size_text())]
    }

    fn new(options: &KonaneOptions) -> Self {
        let geo = Geo::of(options);
        let board = if geo.h * geo.s <= u128::CAPACITY {
            Board::Small(Planes::start(geo))
        } else {
            Board::Large(Planes::start(geo))
        };
        let mut k = Konane {
            options: *options,
            board,
            ply: 0,
            hash: 0,
        };
        k.hash = k.compute_hash();
        k
    }

    fn options(&self) -> &KonaneOptions {
        &self.options
    }

    fn side_to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) { BLACK } else { WHITE }
    }

    fn side_name(&self, player: Player) -> &'static str {
        match player {
            Player::P1 => "white",
            Player::P2 => "black",
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut Vec<KonaneMove>) {
        out.clear();
        let geo = self.geo();
        let phase = self.phase();
        let mover = self.side_to_move().index();
        with_planes!(&self.board, p => match phase {
            Phase::Jumping => p.push_jumps(mover, geo, out),
            _ => out.extend(Planes::bits_of(p.removals(phase, geo)).map(|b| KonaneMove::Remove(geo.square(b)))),
        });
    }

    #[inline]
    fn apply(&mut self, mv: KonaneMove) {
        self.apply_with(mv, |_| {});
    }

    fn apply_recorded(&mut self, mv: KonaneMove, steps: &mut Vec<KonaneStep>) {
        self.apply_with(mv, |s| steps.push(s));
    }

    fn status(&self) -> Status {
        let me = self.side_to_move();
        if self.phase() != Phase::Jumping || with_planes!(&self.board, p => p.any_jump(me.index(), self.geo().s)) {
            Status::Ongoing
        } else {
            Status::Win {
                winner: self.side_to_move().other(),
                reason: "no-moves",
            }
        }
    }

    fn hash_key(&self) -> u64 {
        self.hash
    }

    fn format_move(&self, mv: &KonaneMove) -> String {
        match mv {
            KonaneMove::Remove(sq) => format!("x{sq}"),
            KonaneMove::Jump { .. } => mv.path().iter().map(|s| s.to_string()).collect::<Vec<_>>().join("-"),
        }
    }

    fn parse_move(&self, text: &str) -> Result<KonaneMove, NotationError> {
        let t = text.trim().to_ascii_lowercase();
        if t.is_empty() {
            return Err(NotationError::new(
                "empty move; expected a removal like xe4 or a jump like c3-c5",
            ));
        }
        if let Some(rest) = t.strip_prefix('x') {
            return Ok(KonaneMove::Remove(self.parse_square(rest)?));
        }
        let squares = t
            .split('-')
            .map(|s| self.parse_square(s))
            .collect::<Result<Vec<_>, _>>()?;
        if squares.len() < 2 {
            return Err(NotationError::new(format!(
                "'{t}' is neither a removal (x then a square, e.g. xe4) nor a jump (squares joined by '-', e.g. c3-c5)"
            )));
        }
        let mut dir = None;
        for pair in squares.windows(2) {
            let (a, b) = (pair[0], pair[1]);
            let df = b.file as i32 - a.file as i32;
            let dr = b.rank as i32 - a.rank as i32;
            let this = match (df, dr) {
                (0, 2) => Dir::North,
                (2, 0) => Dir::East,
                (0, -2) => Dir::South,
                (-2, 0) => Dir::West,
                _ if df != 0 && dr != 0 => {
                    return Err(NotationError::new(format!(
                        "{a}-{b} is diagonal; jumps go straight along a file or a rank"
                    )));
                }
                _ if df.abs() + dr.abs() == 1 => {
                    return Err(NotationError::new(format!(
                        "{a}-{b} is a one-square step; there are no quiet moves, a jump goes two squares"
                    )));
                }
                _ => {
                    return Err(NotationError::new(format!(
                        "{a}-{b} is not one jump; a jump lands two squares away, and a chain lists every landing"
                    )));
                }
            };
            if dir.is_some_and(|d| d != this) {
                return Err(NotationError::new(format!(
                    "'{t}' changes direction at {a}; a chain keeps one direction"
                )));
            }
            dir = Some(this);
        }
        match dir {
            Some(dir) => Ok(KonaneMove::Jump {
                from: squares[0],
                dir,
                hops: (squares.len() - 1) as u8,
            }),
            None => Err(NotationError::new("a jump needs at least two squares")),
        }
    }

    fn render(&self) -> String {
        let mut out = String::new();
        let rows = self.rows();
        for (i, row) in rows.iter().enumerate() {
            let rank = self.options.height as usize - i;
            out.push_str(&format!("{rank:>2} "));
            let cells: Vec<String> = row
                .chars()
                .map(|c| match c {
                    'b' => "B".to_string(),
                    'w' => "W".to_string(),
                    _ => ".".to_string(),
                })
                .collect();
            out.push_str(&cells.join(" "));
            out.push('\n');
        }
        out.push_str("   ");
        let files: Vec<String> = (0..self.options.width)
            .map(|f| ((b'a' + f) as char).to_string())
            .collect();
        out.push_str(&files.join(" "));
        out.push('\n');
        out
    }

    fn counters(&self) -> Vec<Counter> {
        let removed = |p: Player| match (p, self.ply) {
            (_, 0) => 0,
            (WHITE, 1) => 0,
            _ => 1,
        };
        vec![
            Counter::new("white stones", self.stones(WHITE)),
            Counter::new("black stones", self.stones(BLACK)),
            Counter::new("captured by white", self.lost(BLACK) - removed(BLACK)),
            Counter::new("captured by black", self.lost(WHITE) - removed(WHITE)),
        ]
    }

    fn illegal_reason(&self, mv: &KonaneMove) -> String {
        self.why_illegal(mv).unwrap_or_else(|| "that move is legal".to_string())
    }

    fn is_legal(&self, mv: &KonaneMove) -> bool {
        self.why_illegal(mv).is_none()
    }

    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<KonaneMove>) -> Option<KonaneMove> {
        if self.phase() != Phase::Jumping {
            self.legal_moves(buf);
            return (!buf.is_empty()).then(|| buf[rng.random_range(0..buf.len())]);
        }
        let geo = self.geo();
        let mover = self.side_to_move().index();
        // Common narrow boards get the stride as a constant, which makes the rank shifts cheap.
        let (from, dir, hops) = match &self.board {
            Board::Small(p) => match geo.s {
                7 => random_jump_const::<7, _, _>(p, mover, rng),
                9 => random_jump_const::<9, _, _>(p, mover, rng),
                11 => random_jump_const::<11, _, _>(p, mover, rng),
                s => random_jump(p, mover, s, rng),
            },
            Board::Large(p) => random_jump(p, mover, geo.s, rng),
        }?;
        Some(KonaneMove::Jump {
            from: geo.square(from),
            dir,
            hops,
        })
    }
}

impl Konane {
    fn parse_square(&self, s: &str) -> Result<Square, NotationError> {
        let (w, h) = (self.options.width, self.options.height);
        let last_file = (b'a' + w - 1) as char;
        let mut chars = s.chars();
        let bad = || {
            NotationError::new(format!(
                "'{s}' is not a square; a square is a file letter then a rank number, e.g. e4"
            ))
        };
        let file = match chars.next() {
            Some(c @ 'a'..='z') => c as u8 - b'a',
            _ => return Err(bad()),
        };
        let digits = chars.as_str();
        if digits.is_empty() || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        if digits.len() > 1 && digits.starts_with('0') {
            return Err(NotationError::new(format!(
                "'{s}': ranks are written without leading zeros"
            )));
        }
        if file >= w {
            return Err(NotationError::new(format!(
                "'{s}' is off the {w}x{h} board: files run a..{last_file}"
            )));
        }
        let rank: u32 = digits.parse().map_err(|_| bad())?;
        if rank == 0 || rank > h as u32 {
            return Err(NotationError::new(format!(
                "'{s}' is off the {w}x{h} board: ranks run 1..{h}"
            )));
        }
        Ok(Square::new(file, (rank - 1) as u8))
    }
}

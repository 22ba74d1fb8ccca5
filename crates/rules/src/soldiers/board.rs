//! The five boards of the Sixteen Soldiers family, read once from the rule book's data file
//! (`data/sixteen-soldiers-boards.json`, a byte-for-byte copy of the one in `shared/rules/`)
//! and turned into the bitmask tables the move generator and the capture rules work from.
//!
//! The data file is the single source of geometry and rule parameters: nothing here knows a
//! point name. Every capture acts along three consecutive points of one listed line, so the
//! tables are built from the lines' windows of three: the flanking pairs of each point
//! (intervention and custodian capture) and the jumps from each point (over, landing).
//!
//! This file holds the types and the read-only tables; `board/load.rs` reads the data file and
//! builds them.

mod load;

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::Player;

/// A point of a board: its index in the data file's `points` list (0-based, < 64).
pub type Point = u8;

/// The most landing points a jump chain can have (so that a [`Move`](super::Move) is 32 bytes).
/// No board comes near it (22 at most, on board 3): the loader proves a bound per board (see
/// [`Board::max_chain`]) and refuses data that exceeds it.
pub const MAX_HOPS: usize = 30;

/// The most flanking pairs (lines through a point) and jumps from a point the tables hold.
const MAX_PAIRS: usize = 8;
const MAX_JUMPS: usize = 8;
/// The most index differences the soldiers' edges may have (4 on the alquerque boards).
pub(crate) const MAX_SHIFTS: usize = 8;
/// No jump between these two points (the `over` table's filler).
pub(crate) const NO_POINT: u8 = u8::MAX;

/// The five variants, in the order of the `variant` option's values.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum Variant {
    /// `board1`: Himly/Culin's 29-point board, intervention and custodian capture.
    #[default]
    Board1,
    /// `board2`: the 31-point board with the privy hinged on `c5`.
    Board2,
    /// `board3`: the Nanking 5 × 9 grid with 26 soldiers and jumps.
    Board3,
    /// `board4`: Juroku Musashi, the Japanese board with jumps and three apex points.
    Board4,
    /// `monk`: Monk and Water, with the cloister rules.
    Monk,
}

impl Variant {
    /// Every variant, in option order.
    pub const ALL: [Variant; 5] = [
        Variant::Board1,
        Variant::Board2,
        Variant::Board3,
        Variant::Board4,
        Variant::Monk,
    ];
    /// The option values, in the same order as [`Variant::ALL`].
    pub const IDS: [&'static str; 5] = ["board1", "board2", "board3", "board4", "monk"];

    /// The variant's id (the `variant` option value and the data file's `id`).
    pub fn id(self) -> &'static str {
        Self::IDS[self as usize]
    }

    /// The variant with this id (case-insensitive).
    pub fn from_id(id: &str) -> Option<Variant> {
        Self::IDS
            .iter()
            .position(|v| v.eq_ignore_ascii_case(id))
            .map(|i| Self::ALL[i])
    }
}

/// How the hunter captures (`general_capture` in the data).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum CaptureKind {
    /// Moving onto a point between two soldiers on a line captures both, on every line at once.
    Intervention,
    /// Jumping along a line over an adjacent soldier onto the empty point beyond.
    Jump,
}

/// How the hunter wins through the refuge's apex. The data file's `apex_rule` says whether the
/// seed's apex rule applies; Monk and Water's cloister rule comes from the seed's own text and is
/// tied to that variant.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum ApexKind {
    /// No apex win.
    None,
    /// Reach an apex point, then make a move that ends outside the privy (switchable).
    Return,
    /// Step onto the apex while no soldier stands on a refuge exit (Monk and Water; always on).
    Cloister,
}

/// One variant's board, its rule parameters and the tables derived from them.
#[derive(Debug)]
pub struct Board {
    variant: Variant,
    name: String,
    geometry: String,
    names: Vec<String>,
    coords: Vec<(f64, f64)>,
    edges: Vec<(Point, Point)>,
    lines: Vec<Vec<Point>>,
    hunter_start: Point,
    soldier_starts: Vec<Point>,
    first: Player,
    capture: CaptureKind,
    multi_jump: bool,
    compulsory: bool,
    custodian: bool,
    threshold: u32,
    apex_kind: ApexKind,
    max_chain: usize,
    /// Every point of the board.
    pub(crate) all: u64,
    /// The refuge (privy / cloister).
    pub(crate) refuge: u64,
    /// The refuge's exits.
    pub(crate) exits: u64,
    /// The refuge's apex points.
    pub(crate) apex: u64,
    /// The board without the refuge: where soldiers may stand.
    pub(crate) main: u64,
    /// The points joined to each point by an edge.
    pub(crate) adj: [u64; 64],
    /// For each point B, the pairs {A, C} that flank it on some line, as two-bit masks.
    pub(crate) pairs: [[u64; MAX_PAIRS]; 64],
    pub(crate) pairs_len: [u8; 64],
    /// Every point any flanking pair of B covers (a quick "can anything be flanked here" test).
    pub(crate) pair_union: [u64; 64],
    /// For each point B, the jumps (over C, landing D) along a line.
    pub(crate) jumps: [[(u8, u8); MAX_JUMPS]; 64],
    pub(crate) jumps_len: [u8; 64],
    /// The points a jump from B passes over (a quick "can the hunter jump" test).
    pub(crate) jump_over: [u64; 64],
    /// `over[B * 64 + D]`: the point jumped when the hunter goes from B to D, or [`NO_POINT`].
    pub(crate) over: Vec<u8>,
    /// The soldiers' edges (both ends outside the refuge) grouped by index difference: `(d, m)`
    /// holds every edge {p, p + d} with p in `m`, so `(x & m) << d` moves a whole set of points
    /// along them at once. On the shipped boards (points numbered row by row) that is one shift
    /// per direction, which lets the soldiers' moves be counted with a handful of popcounts.
    pub(crate) shifts: [(u32, u64); MAX_SHIFTS],
    pub(crate) shifts_len: u8,
}

impl Board {
    /// The variant this board belongs to.
    pub fn variant(&self) -> Variant {
        self.variant
    }
    /// The variant's id (`board1` … `monk`).
    pub fn id(&self) -> &'static str {
        self.variant.id()
    }
    /// The variant's name, from the data.
    pub fn name(&self) -> &str {
        &self.name
    }
    /// The data's geometry tag (e.g. `CN-29`).
    pub fn geometry(&self) -> &str {
        &self.geometry
    }
    /// The number of points.
    pub fn len(&self) -> usize {
        self.names.len()
    }
    /// True when the board has no points (never, for the shipped data).
    pub fn is_empty(&self) -> bool {
        self.names.is_empty()
    }
    /// Every point, in data order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.names.len()).map(|p| p as Point)
    }
    /// A point's name (`c3`, `t_apex`, …).
    pub fn point_name(&self, p: Point) -> &str {
        self.names.get(p as usize).map_or("?", |n| n.as_str())
    }
    /// A point's coordinates from the data (y up).
    pub fn point_xy(&self, p: Point) -> (f64, f64) {
        self.coords[p as usize]
    }
    /// The point with this name (case-insensitive).
    pub fn point(&self, name: &str) -> Option<Point> {
        self.names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .map(|p| p as Point)
    }
    /// The edges of the drawing.
    pub fn edges(&self) -> &[(Point, Point)] {
        &self.edges
    }
    /// The straight lines of the drawing (captures act along three consecutive points of one).
    pub fn lines(&self) -> &[Vec<Point>] {
        &self.lines
    }
    /// True when `a` and `b` are joined by an edge.
    pub fn adjacent(&self, a: Point, b: Point) -> bool {
        self.adj[a as usize] >> b & 1 == 1
    }
    /// The points joined to `p` by an edge, as a bitmask (bit i = point i).
    pub fn neighbours(&self, p: Point) -> u64 {
        self.adj[p as usize]
    }
    /// The refuge (the general's privy, the monk's cloister) as a bitmask.
    pub fn refuge_mask(&self) -> u64 {
        self.refuge
    }
    /// The refuge's exits as a bitmask.
    pub fn exit_mask(&self) -> u64 {
        self.exits
    }
    /// The refuge's apex points as a bitmask.
    pub fn apex_mask(&self) -> u64 {
        self.apex
    }
    /// The points soldiers may stand on (the board without the refuge), as a bitmask.
    pub fn main_mask(&self) -> u64 {
        self.main
    }
    /// The pairs of points {A, C} that flank `p` on some line (intervention and custodian
    /// capture act on them), each as a two-bit mask.
    pub fn flanking_pairs(&self, p: Point) -> &[u64] {
        self.pairs_of(p)
    }
    /// The jumps from `p` along a line: (the point jumped over, the landing point).
    pub fn jumps(&self, p: Point) -> &[(Point, Point)] {
        self.jumps_from(p)
    }
    /// True when `p` is in the refuge.
    pub fn is_refuge(&self, p: Point) -> bool {
        self.refuge >> p & 1 == 1
    }
    /// The hunter's start point.
    pub fn hunter_start(&self) -> Point {
        self.hunter_start
    }
    /// The soldiers' start points.
    pub fn soldier_starts(&self) -> &[Point] {
        &self.soldier_starts
    }
    /// Who moves first under the seed's rules (a game's own rules: `Soldiers::rules`).
    pub fn first(&self) -> Player {
        self.first
    }
    /// How the hunter captures under the seed's rules.
    pub fn capture(&self) -> CaptureKind {
        self.capture
    }
    /// Whether the hunter may go on jumping in the same turn, under the seed's rules.
    pub fn multi_jump(&self) -> bool {
        self.multi_jump
    }
    /// Whether capturing is compulsory (and with multi-jump, only maximal chains are legal), under
    /// the seed's rules.
    pub fn compulsory(&self) -> bool {
        self.compulsory
    }
    /// Whether soldiers capture the general by custodian capture, under the seed's rules.
    pub fn custodian(&self) -> bool {
        self.custodian
    }
    /// The hunter wins when the soldiers are reduced to this many or fewer, under the seed's rules.
    pub fn threshold(&self) -> u32 {
        self.threshold
    }
    /// Which apex win the variant has (before the `apex` option is applied).
    pub fn apex_kind(&self) -> ApexKind {
        self.apex_kind
    }
    /// A proven upper bound on the landing points of any jump chain on this board: a chain uses
    /// each pair of points {B, D} with a capturable point between them at most once (that
    /// soldier is gone) and never leaves the set of pairs joined to its start.
    pub fn max_chain(&self) -> usize {
        self.max_chain
    }
    /// The hunter's name (`general`, or `monk` in Monk and Water).
    pub fn hunter_name(&self) -> &'static str {
        if self.variant == Variant::Monk {
            "monk"
        } else {
            "general"
        }
    }
    /// The soldiers' name (`soldiers`, or `water` in Monk and Water).
    pub fn soldiers_name(&self) -> &'static str {
        if self.variant == Variant::Monk {
            "water"
        } else {
            "soldiers"
        }
    }
    /// One soldier's name (`soldier`, or `water` in Monk and Water).
    pub fn soldier_noun(&self) -> &'static str {
        if self.variant == Variant::Monk {
            "water"
        } else {
            "soldier"
        }
    }
    /// The refuge's name (`privy`, or `cloister` in Monk and Water).
    pub fn refuge_name(&self) -> &'static str {
        if self.variant == Variant::Monk {
            "cloister"
        } else {
            "privy"
        }
    }

    /// The soldiers' edges grouped by index difference.
    #[inline]
    pub(crate) fn shifts(&self) -> &[(u32, u64)] {
        &self.shifts[..self.shifts_len as usize]
    }
    /// The jumps (over, landing) from `p`.
    #[inline]
    pub(crate) fn jumps_from(&self, p: Point) -> &[(u8, u8)] {
        &self.jumps[p as usize][..self.jumps_len[p as usize] as usize]
    }
    /// The flanking pairs of `p`.
    #[inline]
    pub(crate) fn pairs_of(&self, p: Point) -> &[u64] {
        &self.pairs[p as usize][..self.pairs_len[p as usize] as usize]
    }
    /// The point jumped going from `from` to `to`, if that is a jump along a line.
    #[inline]
    pub(crate) fn jumped(&self, from: Point, to: Point) -> Option<Point> {
        let o = self.over[(from as usize) << 6 | to as usize];
        (o != NO_POINT).then_some(o)
    }
}

/// What is wrong with a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError(String);

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DataError {}

/// The points of a bitmask, lowest first.
#[inline]
pub(crate) fn bits(mut m: u64) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        if m == 0 {
            None
        } else {
            let p = m.trailing_zeros() as Point;
            m &= m - 1;
            Some(p)
        }
    })
}

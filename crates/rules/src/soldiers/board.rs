//! The five boards of the Sixteen Soldiers family, read once from the rule book's data file
//! (`data/sixteen-soldiers-boards.json`, a byte-for-byte copy of the one in `shared/rules/`)
//! and turned into the bitmask tables the move generator and the capture rules work from.
//!
//! The data file is the single source of geometry and rule parameters: nothing here knows a
//! point name. Every capture acts along three consecutive points of one listed line, so the
//! tables are built from the lines' windows of three: the flanking pairs of each point
//! (intervention and custodian capture) and the jumps from each point (over, landing).

use std::fmt;
use std::sync::LazyLock;

use serde::{Deserialize, Serialize};

use crate::game::Player;

/// A point of a board: its index in the data file's `points` list (0-based, < 64).
pub type Point = u8;

/// The embedded data file. The crate keeps its own copy so that it builds on its own; a test
/// checks that the copy matches the rule book's.
pub(crate) const DATA: &str = include_str!("../../data/sixteen-soldiers-boards.json");

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

    /// The variant's board and rule parameters.
    pub fn board(self) -> &'static Board {
        &BOARDS[self as usize]
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

/// All five boards, in [`Variant::ALL`] order, loaded on first use.
///
/// The data is compiled into the crate and checked by this module's tests, so a failure here is
/// a build defect, not something a player or a file at run time can cause.
static BOARDS: LazyLock<Vec<Board>> =
    LazyLock::new(|| load(DATA).unwrap_or_else(|e| panic!("sixteen-soldiers-boards.json is invalid: {e}")));

/// What is wrong with a data file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DataError(String);

impl fmt::Display for DataError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for DataError {}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct FileData {
    boards: Vec<BoardData>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct BoardData {
    id: String,
    name: String,
    geometry: String,
    points: Vec<(String, f64, f64)>,
    edges: Vec<(String, String)>,
    lines: Vec<Vec<String>>,
    refuge: Vec<String>,
    refuge_exits: Vec<String>,
    apex: Vec<String>,
    hunter_start: String,
    soldier_starts: Vec<String>,
    first: String,
    general_capture: String,
    multi_jump: bool,
    compulsory_capture: bool,
    custodian: bool,
    general_wins_at_or_below: u32,
    apex_rule: bool,
}

/// Reads the data file and builds every variant's tables, checking the geometry on the way.
pub(crate) fn load(text: &str) -> Result<Vec<Board>, DataError> {
    let file: FileData = serde_json::from_str(text).map_err(|e| DataError(format!("not valid board data: {e}")))?;
    Variant::ALL
        .iter()
        .map(|&v| {
            let data = file
                .boards
                .iter()
                .find(|b| b.id == v.id())
                .ok_or_else(|| DataError(format!("no board with id '{}'", v.id())))?;
            build(v, data).map_err(|e| DataError(format!("{}: {}", v.id(), e.0)))
        })
        .collect()
}

fn build(variant: Variant, d: &BoardData) -> Result<Board, DataError> {
    let err = |m: String| DataError(m);
    let n = d.points.len();
    if n == 0 || n > 64 {
        return Err(err(format!("{n} points; a board needs 1 to 64")));
    }
    let names: Vec<String> = d.points.iter().map(|p| p.0.to_ascii_lowercase()).collect();
    for (i, name) in names.iter().enumerate() {
        if names[..i].contains(name) {
            return Err(err(format!("point '{name}' is listed twice")));
        }
        if name.is_empty() || name.contains(|c: char| c == '-' || c.is_whitespace()) {
            return Err(err(format!("point name '{name}' cannot be written in move notation")));
        }
    }
    let find = |name: &str| -> Result<Point, DataError> {
        names
            .iter()
            .position(|n| n.eq_ignore_ascii_case(name))
            .map(|p| p as Point)
            .ok_or_else(|| err(format!("unknown point '{name}'")))
    };
    let mask_of = |list: &[String]| -> Result<u64, DataError> {
        list.iter().try_fold(0u64, |m, name| Ok(m | 1u64 << find(name)?))
    };

    let mut adj = [0u64; 64];
    let mut edges = Vec::with_capacity(d.edges.len());
    for (a, b) in &d.edges {
        let (a, b) = (find(a)?, find(b)?);
        if a == b {
            return Err(err(format!("edge from '{}' to itself", names[a as usize])));
        }
        adj[a as usize] |= 1 << b;
        adj[b as usize] |= 1 << a;
        edges.push((a, b));
    }

    let refuge = mask_of(&d.refuge)?;
    let exits = mask_of(&d.refuge_exits)?;
    let apex = mask_of(&d.apex)?;
    let all = if n == 64 { u64::MAX } else { (1u64 << n) - 1 };
    if apex & !refuge != 0 || exits & refuge != 0 {
        return Err(err("apex points must lie in the refuge and exits outside it".into()));
    }

    let mut lines = Vec::with_capacity(d.lines.len());
    let mut pairs = [[0u64; MAX_PAIRS]; 64];
    let mut pairs_len = [0u8; 64];
    let mut pair_union = [0u64; 64];
    let mut jumps = [[(0u8, 0u8); MAX_JUMPS]; 64];
    let mut jumps_len = [0u8; 64];
    let mut jump_over = [0u64; 64];
    let mut over = vec![NO_POINT; 64 * 64];
    for line in &d.lines {
        let pts = line.iter().map(|p| find(p)).collect::<Result<Vec<_>, _>>()?;
        for w in pts.windows(2) {
            if adj[w[0] as usize] >> w[1] & 1 == 0 {
                return Err(err(format!(
                    "line points '{}' and '{}' are not joined by an edge",
                    names[w[0] as usize], names[w[1] as usize]
                )));
            }
        }
        for w in pts.windows(3) {
            let (a, b, c) = (w[0], w[1], w[2]);
            let pair = 1u64 << a | 1u64 << c;
            let (bi, len) = (b as usize, pairs_len[b as usize] as usize);
            if !pairs[bi][..len].contains(&pair) {
                if len == MAX_PAIRS {
                    return Err(err(format!("too many lines through '{}'", names[bi])));
                }
                pairs[bi][len] = pair;
                pairs_len[bi] += 1;
                pair_union[bi] |= pair;
            }
            for (from, to) in [(a, c), (c, a)] {
                let slot = &mut over[(from as usize) << 6 | to as usize];
                if *slot == b {
                    continue;
                }
                if *slot != NO_POINT {
                    return Err(err(format!(
                        "two different jumps lead from '{}' to '{}'",
                        names[from as usize], names[to as usize]
                    )));
                }
                *slot = b;
                let (fi, len) = (from as usize, jumps_len[from as usize] as usize);
                if len == MAX_JUMPS {
                    return Err(err(format!("too many jumps from '{}'", names[fi])));
                }
                jumps[fi][len] = (b, to);
                jumps_len[fi] += 1;
                jump_over[fi] |= 1 << b;
            }
        }
        lines.push(pts);
    }
    for from in 0..n {
        for to in 0..n {
            if over[from << 6 | to] != NO_POINT && adj[from] >> to & 1 == 1 {
                return Err(err(format!(
                    "'{}' to '{}' is both a step and a jump, so notation would be ambiguous",
                    names[from], names[to]
                )));
            }
        }
    }

    let hunter_start = find(&d.hunter_start)?;
    let soldier_starts = d
        .soldier_starts
        .iter()
        .map(|p| find(p))
        .collect::<Result<Vec<_>, _>>()?;
    let soldier_mask = soldier_starts.iter().fold(0u64, |m, &p| m | 1 << p);
    if soldier_mask.count_ones() as usize != soldier_starts.len()
        || soldier_mask >> hunter_start & 1 == 1
        || soldier_mask & refuge != 0
    {
        return Err(err("soldier starts repeat, cover the hunter or enter the refuge".into()));
    }
    let first = match d.first.as_str() {
        "general" | "monk" => Player::P1,
        "soldiers" | "water" => Player::P2,
        other => return Err(err(format!("first player '{other}' is neither general nor soldiers"))),
    };
    let capture = match d.general_capture.as_str() {
        "intervention" => CaptureKind::Intervention,
        "jump" => CaptureKind::Jump,
        other => return Err(err(format!("unknown capture kind '{other}'"))),
    };
    let apex_kind = if variant == Variant::Monk {
        ApexKind::Cloister
    } else if d.apex_rule && apex != 0 {
        ApexKind::Return
    } else {
        ApexKind::None
    };

    let mut shifts = [(0u32, 0u64); MAX_SHIFTS];
    let mut shifts_len = 0;
    for &(a, b) in &edges {
        if (1u64 << a | 1u64 << b) & refuge != 0 {
            continue;
        }
        let (lo, hi) = (a.min(b), a.max(b));
        let d = (hi - lo) as u32;
        match shifts[..shifts_len].iter_mut().find(|s| s.0 == d) {
            Some(s) => s.1 |= 1u64 << lo,
            None if shifts_len < MAX_SHIFTS => {
                shifts[shifts_len] = (d, 1u64 << lo);
                shifts_len += 1;
            }
            None => {
                return Err(err(format!(
                    "the soldiers' edges have more than {MAX_SHIFTS} index differences"
                )));
            }
        }
    }

    let max_chain = chain_bound(n, refuge, &over);
    if max_chain > MAX_HOPS {
        return Err(err(format!(
            "jump chains could reach {max_chain} hops, more than {MAX_HOPS}"
        )));
    }

    Ok(Board {
        variant,
        name: d.name.clone(),
        geometry: d.geometry.clone(),
        names,
        coords: d.points.iter().map(|p| (p.1, p.2)).collect(),
        edges,
        lines,
        hunter_start,
        soldier_starts,
        first,
        capture,
        multi_jump: d.multi_jump,
        compulsory: d.compulsory_capture,
        custodian: d.custodian,
        threshold: d.general_wins_at_or_below,
        apex_kind,
        max_chain,
        all,
        refuge,
        exits,
        apex,
        main: all & !refuge,
        adj,
        pairs,
        pairs_len,
        pair_union,
        jumps,
        jumps_len,
        jump_over,
        over,
        shifts,
        shifts_len: shifts_len as u8,
    })
}

/// The most hops any chain can make: the largest number of capturable jump pairs {B, D} in one
/// connected group of the "B jumps to D" graph (a chain stays in its group and each pair's
/// middle soldier can be taken once).
fn chain_bound(n: usize, refuge: u64, over: &[u8]) -> usize {
    let mut group: Vec<usize> = (0..n).collect();
    fn root(g: &mut [usize], mut x: usize) -> usize {
        while g[x] != x {
            g[x] = g[g[x]];
            x = g[x];
        }
        x
    }
    let capturable = |a: usize, c: usize| {
        let b = over[a << 6 | c];
        b != NO_POINT && refuge >> b & 1 == 0
    };
    for a in 0..n {
        for c in a + 1..n {
            if capturable(a, c) {
                let (ra, rc) = (root(&mut group, a), root(&mut group, c));
                group[ra] = rc;
            }
        }
    }
    let mut count = vec![0usize; n];
    for a in 0..n {
        for c in a + 1..n {
            if capturable(a, c) {
                let r = root(&mut group, a);
                count[r] += 1;
            }
        }
    }
    count.into_iter().max().unwrap_or(0)
}

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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn data_copy_matches_the_rule_book() {
        let shared = concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/../../../shared/rules/sixteen-soldiers-boards.json"
        )
        .to_string();
        match std::fs::read(&shared) {
            Ok(bytes) => assert!(bytes == DATA.as_bytes(), "crates/rules/data copy differs from {shared}"),
            Err(_) => eprintln!("{shared} not found; skipping the comparison"),
        }
    }

    #[test]
    fn every_variant_loads_with_its_parameters() {
        let boards = load(DATA).expect("shipped data loads");
        assert_eq!(boards.len(), 5);
        let b1 = Variant::Board1.board();
        assert_eq!(b1.name(), "Shap Luk Kon Tseung Kwan (Board 1)");
        assert_eq!((b1.len(), b1.soldier_starts().len(), b1.threshold()), (29, 16, 4));
        assert_eq!(
            (b1.capture(), b1.custodian(), b1.first()),
            (CaptureKind::Intervention, true, Player::P1)
        );
        let b2 = Variant::Board2.board();
        assert_eq!(
            (b2.len(), b2.apex_mask().count_ones(), b2.exit_mask().count_ones()),
            (31, 3, 1)
        );
        let b3 = Variant::Board3.board();
        assert_eq!((b3.len(), b3.soldier_starts().len(), b3.threshold()), (49, 26, 6));
        assert_eq!(
            (b3.capture(), b3.multi_jump(), b3.compulsory(), b3.first()),
            (CaptureKind::Jump, true, true, Player::P2)
        );
        let b4 = Variant::Board4.board();
        assert_eq!(
            (b4.len(), b4.refuge_mask().count_ones(), b4.apex_mask().count_ones()),
            (33, 8, 3)
        );
        assert!(!b4.custodian());
        let m = Variant::Monk.board();
        assert_eq!(
            (m.len(), m.soldier_starts().len(), m.threshold(), m.first()),
            (29, 15, 5, Player::P2)
        );
        assert_eq!(m.apex_kind(), ApexKind::Cloister);
        assert_eq!(m.point_name(m.hunter_start()), "c5");
        for v in Variant::ALL {
            assert!(v.board().max_chain() <= MAX_HOPS, "{v:?}");
            assert_eq!(v.board().id(), v.id());
        }
    }

    #[test]
    fn tables_follow_the_lines() {
        let b = Variant::Board1.board();
        let p = |n: &str| b.point(n).expect("point");
        // c3 is the middle of four lines: the row, the column and both long diagonals.
        assert_eq!(b.pairs_of(p("c3")).len(), 4);
        // b2 also sits on the short diagonal a3-b2-c1.
        assert!(b.pairs_of(p("b2")).contains(&(1 << p("a3") | 1 << p("c1"))));
        // c5 to t_apex jumps over t_c along the c column; c1 to e3 over d2.
        assert_eq!(b.jumped(p("c5"), p("t_apex")), Some(p("t_c")));
        assert_eq!(b.jumped(p("e3"), p("c1")), Some(p("d2")));
        assert_eq!(b.jumped(p("a1"), p("a2")), None);
        assert!(b.adjacent(p("b5"), p("t_l")) && !b.adjacent(p("a5"), p("t_l")));
        // The soldiers' edges on the alquerque square: along a row (+1), up a column (+5) and the
        // two diagonals (+4, +6).
        let mut deltas: Vec<u32> = b.shifts().iter().map(|s| s.0).collect();
        deltas.sort();
        assert_eq!(deltas, vec![1, 4, 5, 6]);
        let moved = |from: &str| {
            b.shifts()
                .iter()
                .fold(0u64, |acc, &(d, m)| acc | ((1u64 << p(from)) & m) << d)
        };
        assert_eq!(moved("c3"), 1 << p("d3") | 1 << p("b4") | 1 << p("c4") | 1 << p("d4"));
        assert_eq!(moved("c5"), 1 << p("d5"), "c5-t_c is not a soldiers' edge");
        // Board 3 is orthogonal: no diagonal jumps.
        let b3 = Variant::Board3.board();
        let q = |n: &str| b3.point(n).expect("point");
        assert_eq!(b3.jumped(q("a1"), q("c3")), None);
        assert_eq!(b3.jumped(q("c7"), q("c9")), Some(q("c8")));
        assert_eq!(b3.jumped(q("c8"), q("t_c")), Some(q("c9")));
    }

    #[test]
    fn broken_data_is_refused_with_a_reason() {
        let bad = DATA.replacen("[\"a1\", \"b1\"],", "[\"a1\", \"zz\"],", 1);
        let e = load(&bad).expect_err("unknown point");
        assert!(e.to_string().contains("unknown point 'zz'"), "{e}");
        let e = load("{\"boards\": []}").expect_err("no boards");
        assert!(e.to_string().contains("no board with id 'board1'"), "{e}");
    }
}

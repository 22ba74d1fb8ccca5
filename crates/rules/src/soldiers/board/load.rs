//! Reading the data file and building every variant's tables, checking the geometry on the
//! way; the boards themselves, loaded on first use.

use std::sync::LazyLock;

use serde::Deserialize;

use super::{
    ApexKind, Board, CaptureKind, DataError, MAX_HOPS, MAX_JUMPS, MAX_PAIRS, MAX_SHIFTS, NO_POINT, Point, Variant,
};
use crate::game::Player;

/// The embedded data file. The crate keeps its own copy so that it builds on its own; a test
/// checks that the copy matches the rule book's.
pub(crate) const DATA: &str = include_str!("../../../data/sixteen-soldiers-boards.json");

/// All five boards, in [`Variant::ALL`] order, loaded on first use.
///
/// The data is compiled into the crate and checked by this module's tests, so a failure here is
/// a build defect, not something a player or a file at run time can cause.
static BOARDS: LazyLock<Vec<Board>> =
    LazyLock::new(|| load(DATA).unwrap_or_else(|e| panic!("sixteen-soldiers-boards.json is invalid: {e}")));

impl Variant {
    /// The variant's board and rule parameters.
    pub fn board(self) -> &'static Board {
        &BOARDS[self as usize]
    }
}

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
    let names = point_names(d)?;
    let n = names.len();
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

    let LineTables {
        lines,
        pairs,
        pairs_len,
        pair_union,
        jumps,
        jumps_len,
        jump_over,
        over,
    } = line_tables(d, &names, &adj, find)?;

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
    let (first, capture, apex_kind) = rule_kinds(variant, d, apex)?;

    let (shifts, shifts_len) = soldier_shifts(&edges, refuge)?;
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

/// The points' names (lower case), checking their number and that each is unique and can be
/// written in move notation.
fn point_names(d: &BoardData) -> Result<Vec<String>, DataError> {
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
    Ok(names)
}

/// Who moves first, how the hunter captures and his apex rule, from the data's words (`apex`:
/// the board's apex points).
fn rule_kinds(variant: Variant, d: &BoardData, apex: u64) -> Result<(Player, CaptureKind, ApexKind), DataError> {
    let err = |m: String| DataError(m);
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
    Ok((first, capture, apex_kind))
}

/// The tables read off the lines' windows of three: each point's flanking pairs and jumps, and
/// the point jumped between any two points.
struct LineTables {
    lines: Vec<Vec<Point>>,
    pairs: [[u64; MAX_PAIRS]; 64],
    pairs_len: [u8; 64],
    pair_union: [u64; 64],
    jumps: [[(u8, u8); MAX_JUMPS]; 64],
    jumps_len: [u8; 64],
    jump_over: [u64; 64],
    over: Vec<u8>,
}

/// Builds the [`LineTables`] from the data's lines, checking that a line's consecutive points
/// are joined by an edge, that two jumps never share both ends, and that no jump is also a step.
fn line_tables(
    d: &BoardData,
    names: &[String],
    adj: &[u64; 64],
    find: impl Fn(&str) -> Result<Point, DataError>,
) -> Result<LineTables, DataError> {
    let err = |m: String| DataError(m);
    let n = names.len();
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
    Ok(LineTables {
        lines,
        pairs,
        pairs_len,
        pair_union,
        jumps,
        jumps_len,
        jump_over,
        over,
    })
}

/// The soldiers' edges (both ends outside the refuge) grouped by index difference, as
/// [`Board`]'s `shifts` holds them, and how many differences there are.
fn soldier_shifts(edges: &[(Point, Point)], refuge: u64) -> Result<([(u32, u64); MAX_SHIFTS], usize), DataError> {
    let err = |m: String| DataError(m);
    let mut shifts = [(0u32, 0u64); MAX_SHIFTS];
    let mut shifts_len = 0;
    for &(a, b) in edges {
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

    Ok((shifts, shifts_len))
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

#[cfg(test)]
mod tests {
    use super::super::*;
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

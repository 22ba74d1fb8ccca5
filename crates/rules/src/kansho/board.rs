//! The Kansho board: 252 hexagonal cells built from the rule page's formula (36 flowers on a
//! super-lattice around a 7-cell hole), their axial coordinates, neighbour tables and screen
//! layout. Everything is computed at compile time, so the hot path reads plain static arrays.

/// Number of cells on the board.
pub const CELLS: usize = 252;

/// Largest `|q|` or `|r|` of a board cell; the lookup square is `(2·RADIUS+1)²`.
pub const RADIUS: i32 = 10;

const SIDE: usize = (2 * RADIUS + 1) as usize;

/// Marks "no cell" in the neighbour tables. Bit 255 of a 256-bit board is never set, so a
/// lookup through this sentinel reads "not a marker" and "not empty" without a branch.
pub(crate) const NONE: u8 = 255;

/// A set of cells: bit `i` stands for cell index `i` (bits 252..255 are always clear).
pub type Bits = [u64; 4];

/// The six neighbour offsets `(dq, dr)` in ascending `(q, r)` order, so that a move's chosen
/// neighbours written in slot order are already in the notation's canonical order.
pub const NEIGHBOUR_SLOTS: [(i32, i32); 6] = [(-1, 0), (-1, 1), (0, -1), (0, 1), (1, -1), (1, 0)];

/// The hole `F((0, 0))`: markers are discarded through it; it is not part of the board.
pub const HOLE: [(i32, i32); 7] = [(0, 0), (1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// Hex distance between two axial positions.
pub const fn hex_distance(a: (i32, i32), b: (i32, i32)) -> i32 {
    let dq = a.0 - b.0;
    let dr = a.1 - b.1;
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// True when `(q, r)` belongs to one of the 36 flowers `F(C(i, j))`, super-distance 1..=3.
const fn in_board(q: i32, r: i32) -> bool {
    let mut i: i32 = -3;
    while i <= 3 {
        let mut j: i32 = -3;
        while j <= 3 {
            let sd = (i.abs() + j.abs() + (i + j).abs()) / 2;
            // C(i, j) = i·(2, 1) + j·(-1, 3)
            if sd >= 1 && sd <= 3 && hex_distance((q, r), (2 * i - j, i + 3 * j)) <= 1 {
                return true;
            }
            j += 1;
        }
        i += 1;
    }
    false
}

const fn set_bit(bits: &mut Bits, i: usize) {
    bits[i >> 6] |= 1 << (i & 63);
}

/// The precomputed board tables.
#[derive(Debug)]
pub struct Board {
    coords: [(i8, i8); CELLS],
    lookup: [[u8; SIDE]; SIDE],
    neighbours: [[u8; 6]; CELLS],
    neighbour_bits: [Bits; CELLS],
    window_word: [u8; CELLS],
    window_mask: [u128; CELLS],
    ball2: [Bits; CELLS],
    all: Bits,
}

impl Board {
    const fn build() -> Board {
        let mut b = Board {
            coords: [(0, 0); CELLS],
            lookup: [[NONE; SIDE]; SIDE],
            neighbours: [[NONE; 6]; CELLS],
            neighbour_bits: [[0; 4]; CELLS],
            window_word: [0; CELLS],
            window_mask: [0; CELLS],
            ball2: [[0; 4]; CELLS],
            all: [0; 4],
        };
        // Row-major order (r, then q) so indices read like the text picture.
        let mut n = 0;
        let mut r = -RADIUS;
        while r <= RADIUS {
            let mut q = -RADIUS;
            while q <= RADIUS {
                if in_board(q, r) {
                    assert!(n < CELLS, "the formula gives more than 252 cells");
                    b.coords[n] = (q as i8, r as i8);
                    b.lookup[(r + RADIUS) as usize][(q + RADIUS) as usize] = n as u8;
                    set_bit(&mut b.all, n);
                    n += 1;
                }
                q += 1;
            }
            r += 1;
        }
        assert!(n == CELLS, "the formula gives fewer than 252 cells");
        let mut i = 0;
        while i < CELLS {
            let (q, r) = (b.coords[i].0 as i32, b.coords[i].1 as i32);
            let mut s = 0;
            while s < 6 {
                let (nq, nr) = (q + NEIGHBOUR_SLOTS[s].0, r + NEIGHBOUR_SLOTS[s].1);
                let id = lookup_in(&b.lookup, nq, nr);
                b.neighbours[i][s] = id;
                if id != NONE {
                    set_bit(&mut b.neighbour_bits[i], id as usize);
                }
                s += 1;
            }
            // Neighbours lie within ±18 indices, so two consecutive words always hold them all.
            let mut w0 = if i >= 19 { (i - 19) / 64 } else { 0 };
            if w0 > 2 {
                w0 = 2;
            }
            b.window_word[i] = w0 as u8;
            let mut s = 0;
            while s < 6 {
                let n = b.neighbours[i][s];
                if n != NONE {
                    let off = n as usize - w0 * 64;
                    assert!(off < 128, "a neighbour outside the two-word window");
                    b.window_mask[i] |= 1u128 << off;
                }
                s += 1;
            }
            let mut j = 0;
            while j < CELLS {
                let other = (b.coords[j].0 as i32, b.coords[j].1 as i32);
                if hex_distance((q, r), other) <= 2 {
                    set_bit(&mut b.ball2[i], j);
                }
                j += 1;
            }
            i += 1;
        }
        b
    }

    /// Axial coordinates of cell index `i` (`i < CELLS`).
    #[inline]
    pub fn coords(&self, i: usize) -> (i32, i32) {
        let (q, r) = self.coords[i];
        (q as i32, r as i32)
    }

    /// The cell index at `(q, r)`, if that is a board cell (not the hole, not off the board).
    #[inline]
    pub fn index_of(&self, q: i32, r: i32) -> Option<usize> {
        match lookup_in(&self.lookup, q, r) {
            NONE => None,
            i => Some(i as usize),
        }
    }

    /// The neighbour table of cell `i`, in [`NEIGHBOUR_SLOTS`] order; off-board and hole
    /// positions hold a sentinel ≥ `CELLS`.
    #[inline]
    pub(crate) fn slots(&self, i: usize) -> &[u8; 6] {
        &self.neighbours[i]
    }

    /// The on-board neighbours of cell `i` as a set.
    #[inline]
    pub(crate) fn neighbour_bits(&self, i: usize) -> &Bits {
        &self.neighbour_bits[i]
    }

    /// The neighbours of cell `i` as a 128-bit mask over words `w, w + 1` of a [`Bits`]:
    /// neighbour tests on one cell become a couple of word operations.
    #[inline]
    pub(crate) fn window(&self, i: usize) -> (usize, u128) {
        (self.window_word[i] as usize, self.window_mask[i])
    }

    /// Every cell within hex distance 2 of cell `i` (itself included): the cells a placement
    /// at `i` can change plus their neighbours.
    #[inline]
    pub(crate) fn ball2(&self, i: usize) -> &Bits {
        &self.ball2[i]
    }

    /// Every board cell.
    #[inline]
    pub(crate) fn all(&self) -> &Bits {
        &self.all
    }

    /// The on-board neighbours of cell `i`, in [`NEIGHBOUR_SLOTS`] order.
    pub fn neighbours(&self, i: usize) -> impl Iterator<Item = usize> + '_ {
        self.neighbours[i].iter().filter(|&&n| n != NONE).map(|&n| n as usize)
    }
}

const fn lookup_in(lookup: &[[u8; SIDE]; SIDE], q: i32, r: i32) -> u8 {
    if q < -RADIUS || q > RADIUS || r < -RADIUS || r > RADIUS {
        NONE
    } else {
        lookup[(r + RADIUS) as usize][(q + RADIUS) as usize]
    }
}

/// The board, built at compile time from the rule page's formula.
pub static BOARD: Board = Board::build();

/// Screen position of axial `(q, r)` for flat-top hexes of size `s` (centre to corner), y up:
/// `x = 1.5·s·q`, `y = √3·s·(r + q/2)`.
pub fn layout(q: i32, r: i32, s: f32) -> (f32, f32) {
    let (q, r) = (q as f32, r as f32);
    (1.5 * s * q, 3f32.sqrt() * s * (r + q / 2.0))
}

/// True when `(q, r)` is one of the hole's seven positions.
pub fn is_hole(q: i32, r: i32) -> bool {
    HOLE.contains(&(q, r))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::kansho::bits;
    use crate::kansho::cell::Cell;

    /// The rule page's per-row fixture, copied independently of the formula.
    /// `(r, q ranges, cell count)`.
    type Row = (i32, &'static [(i32, i32)], usize);

    const ROWS: &[Row] = &[
        (-10, &[(3, 4)], 2),
        (-9, &[(2, 6)], 5),
        (-8, &[(0, 8)], 9),
        (-7, &[(-1, 10)], 12),
        (-6, &[(-3, 10)], 14),
        (-5, &[(-4, 9)], 14),
        (-4, &[(-6, 9)], 16),
        (-3, &[(-7, 9)], 17),
        (-2, &[(-7, 8)], 16),
        (-1, &[(-7, -1), (2, 8)], 14),
        (0, &[(-8, -2), (2, 8)], 14),
        (1, &[(-8, -2), (1, 7)], 14),
        (2, &[(-8, 7)], 16),
        (3, &[(-9, 7)], 17),
        (4, &[(-9, 6)], 16),
        (5, &[(-9, 4)], 14),
        (6, &[(-10, 3)], 14),
        (7, &[(-10, 1)], 12),
        (8, &[(-8, 0)], 9),
        (9, &[(-6, -2)], 5),
        (10, &[(-4, -3)], 2),
    ];

    fn on_board(q: i32, r: i32) -> bool {
        BOARD.index_of(q, r).is_some()
    }

    #[test]
    fn rows_match_the_rule_page_fixture() {
        let mut total = 0;
        for &(r, ranges, n) in ROWS {
            let expected: Vec<i32> = ranges.iter().flat_map(|&(a, b)| a..=b).collect();
            assert_eq!(expected.len(), n, "fixture row {r} is self-consistent");
            let got: Vec<i32> = (-15..=15).filter(|&q| on_board(q, r)).collect();
            assert_eq!(got, expected, "row r = {r}");
            total += n;
        }
        for r in [-15, -11, 11, 15] {
            assert!((-15..=15).all(|q| !on_board(q, r)), "row {r} is empty");
        }
        assert_eq!(total, CELLS);
    }

    #[test]
    fn indices_coords_and_lookup_agree() {
        let mut seen = std::collections::HashSet::new();
        for i in 0..CELLS {
            let (q, r) = BOARD.coords(i);
            assert_eq!(BOARD.index_of(q, r), Some(i));
            assert!(seen.insert((q, r)));
            let c = Cell::from_index(i).unwrap();
            assert_eq!(Cell::at(q, r), Some(c));
            assert_eq!(c.to_string(), format!("{q},{r}"));
        }
        // Row-major order.
        for i in 1..CELLS {
            let (q0, r0) = BOARD.coords(i - 1);
            let (q1, r1) = BOARD.coords(i);
            assert!((r0, q0) < (r1, q1));
        }
        assert_eq!(Cell::from_index(CELLS), None);
        assert_eq!(bits::count(BOARD.all()), CELLS as u32);
    }

    #[test]
    fn thirty_six_flowers_without_overlap_and_the_hole() {
        let mut owner = std::collections::HashMap::new();
        let mut flowers = [0; 4];
        for i in -3i32..=3 {
            for j in -3i32..=3 {
                let sd = (i.abs() + j.abs() + (i + j).abs()) / 2;
                if !(1..=3).contains(&sd) {
                    continue;
                }
                flowers[sd as usize] += 1;
                let c = (2 * i - j, i + 3 * j);
                let mut petals = vec![c];
                petals.extend(NEIGHBOUR_SLOTS.iter().map(|&(dq, dr)| (c.0 + dq, c.1 + dr)));
                for p in petals {
                    assert!(on_board(p.0, p.1), "flower cell {p:?} is on the board");
                    assert!(owner.insert(p, (i, j)).is_none(), "{p:?} is in two flowers");
                }
            }
        }
        assert_eq!(flowers, [0, 6, 12, 18]);
        assert_eq!(owner.len(), CELLS);
        for &(q, r) in &HOLE {
            assert!(is_hole(q, r));
            assert!(!on_board(q, r), "hole cell {q},{r} is not a board cell");
            assert!(hex_distance((q, r), (0, 0)) <= 1);
        }
        assert!(!is_hole(2, 0));
    }

    #[test]
    fn six_fold_rotation_but_no_mirror() {
        for i in 0..CELLS {
            let (q, r) = BOARD.coords(i);
            assert!(on_board(-r, q + r), "rotation of {q},{r}");
        }
        // The six axial mirror lines (and their rotations are the same set of reflections).
        type Map = fn(i32, i32) -> (i32, i32);
        let mirrors: [Map; 6] = [
            |q, r| (r, q),
            |q, r| (-q, q + r),
            |q, r| (q + r, -r),
            |q, r| (-r, -q),
            |q, r| (q, -q - r),
            |q, r| (-q - r, r),
        ];
        for m in mirrors {
            let broken = (0..CELLS).any(|i| {
                let (q, r) = BOARD.coords(i);
                let (a, b) = m(q, r);
                !on_board(a, b)
            });
            assert!(broken, "the board must not be mirror-symmetric");
        }
    }

    #[test]
    fn neighbour_histogram_hole_ring_and_edge() {
        let mut hist = [0; 7];
        let mut touching_hole = Vec::new();
        let mut touching_edge = 0;
        for i in 0..CELLS {
            let (q, r) = BOARD.coords(i);
            let n = BOARD.neighbours(i).count();
            hist[n] += 1;
            let around = NEIGHBOUR_SLOTS.iter().map(|&(dq, dr)| (q + dq, r + dr));
            let (mut hole, mut edge) = (false, false);
            for (a, b) in around {
                if is_hole(a, b) {
                    hole = true;
                } else if !on_board(a, b) {
                    edge = true;
                }
            }
            if hole {
                touching_hole.push((q, r));
            }
            if edge {
                touching_edge += 1;
            }
            for (s, &(dq, dr)) in NEIGHBOUR_SLOTS.iter().enumerate() {
                let expect = BOARD.index_of(q + dq, r + dr);
                let slot = BOARD.slots(i)[s];
                assert_eq!(expect, (slot != NONE).then_some(slot as usize));
            }
        }
        assert_eq!(hist, [0, 0, 0, 24, 24, 24, 180]);
        let mut ring: Vec<(i32, i32)> = (0..CELLS)
            .map(|i| BOARD.coords(i))
            .filter(|&c| hex_distance(c, (0, 0)) == 2)
            .collect();
        ring.sort();
        touching_hole.sort();
        assert_eq!(ring.len(), 12);
        assert_eq!(ring, touching_hole);
        assert_eq!(touching_edge, 60);
    }

    #[test]
    fn neighbour_slots_are_sorted_and_symmetric() {
        let mut sorted = NEIGHBOUR_SLOTS;
        sorted.sort();
        assert_eq!(sorted, NEIGHBOUR_SLOTS);
        for i in 0..CELLS {
            for j in BOARD.neighbours(i) {
                assert!(BOARD.neighbours(j).any(|k| k == i));
                assert_eq!(hex_distance(BOARD.coords(i), BOARD.coords(j)), 1);
                assert!(bits::has(BOARD.neighbour_bits(i), j));
            }
            assert_eq!(
                bits::count(BOARD.neighbour_bits(i)) as usize,
                BOARD.neighbours(i).count()
            );
            let (w, mask) = BOARD.window(i);
            let mut from_window: Vec<usize> = (0..128).filter(|b| mask >> b & 1 != 0).map(|b| w * 64 + b).collect();
            from_window.sort();
            let mut listed: Vec<usize> = BOARD.neighbours(i).collect();
            listed.sort();
            assert_eq!(from_window, listed);
            let ball = (0..CELLS)
                .filter(|&j| hex_distance(BOARD.coords(i), BOARD.coords(j)) <= 2)
                .count();
            assert_eq!(bits::count(BOARD.ball2(i)) as usize, ball);
        }
    }

    #[test]
    fn layout_follows_the_formula() {
        let s = 2.0;
        let (x, y) = layout(2, -1, s);
        assert!((x - 6.0).abs() < 1e-6);
        assert!(y.abs() < 1e-6);
        let (x, y) = layout(0, 1, s);
        assert!(x.abs() < 1e-6 && (y - 2.0 * 3f32.sqrt()).abs() < 1e-5);
        // Neighbouring cells are all the same distance apart (√3·s).
        let c = Cell::at(3, -2).unwrap();
        let (cx, cy) = c.screen_position(1.0);
        for n in c.neighbours() {
            let (nx, ny) = n.screen_position(1.0);
            assert!(((nx - cx).hypot(ny - cy) - 3f32.sqrt()).abs() < 1e-5);
        }
    }
}

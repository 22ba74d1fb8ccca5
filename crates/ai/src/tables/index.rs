//! The position index of a Sixteen Soldiers table: every position of a board and rule set a
//! table covers, numbered without gaps within its layer.
//!
//! A layer holds the positions with one number of soldiers and one value of the apex flag. In a
//! layer a position is `(soldier set, hunter point, side to move)`: the soldier set is ranked
//! among the subsets of that size of the points soldiers may stand on (the combinatorial number
//! system, colex order), the hunter by his rank among the points he may stand on that hold no
//! soldier, and the side to move is the lowest bit. The apex flag's layers hold only the privy's
//! points for the hunter where the general captures by intervention: with the flag set he wins
//! by any move that ends outside the privy, and only a jump chain can leave him outside it with
//! the flag set.

use parlour_rules::Player;
use parlour_rules::soldiers::{ApexKind, CaptureKind, Point, Rules, Soldiers, SoldiersOptions};

/// `C(n, k)` for `n, k ≤ 32`.
const fn binomials() -> [[u64; 33]; 33] {
    let mut c = [[0u64; 33]; 33];
    let mut n = 0;
    while n < 33 {
        c[n][0] = 1;
        let mut k = 1;
        while k <= n {
            c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            k += 1;
        }
        n += 1;
    }
    c
}
const BINOM: [[u64; 33]; 33] = binomials();

/// One layer: a soldier count and an apex flag, where its positions start in the table and
/// how many there are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Layer {
    /// Soldiers on the board.
    pub soldiers: u32,
    /// The apex flag (the hunter has reached an apex, apex rule in force).
    pub apex: bool,
    /// Where the hunter may stand: every point, or only the refuge.
    pub(crate) hunters: u64,
    /// Whether `hunters` includes the soldiers' points (then a soldier takes a hunter slot).
    pub(crate) shared: bool,
    /// Hunter slots per soldier set.
    pub(crate) slots: u64,
    /// Positions in the layer.
    pub size: u64,
    /// The layer's first position in the whole table.
    pub offset: u64,
}

/// The layers of one board and rule set, and the point tables the index needs.
#[derive(Clone, Debug)]
pub struct Layout {
    pub(crate) options: SoldiersOptions,
    pub(crate) rules: Rules,
    /// The points soldiers may stand on, lowest first.
    main: Vec<Point>,
    /// A point's place in `main` (or 255).
    main_rank: [u8; 64],
    /// The layers, lowest soldier count first; at one count the apex flag's layer first.
    pub layers: Vec<Layer>,
    /// `by_count[k][flag]`: the layer of `k` soldiers and that apex flag.
    by_count: Vec<[Option<usize>; 2]>,
    /// The fewest soldiers the table holds: a capture to fewer (above the hunter's threshold)
    /// leads out of a partial table, where nothing is known.
    pub bottom: u32,
}

/// A position decoded from the index.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Pos {
    /// The hunter's point.
    pub hunter: Point,
    /// The soldiers as a bitmask of points.
    pub soldiers: u64,
    /// The side to move.
    pub side: Player,
    /// The apex flag.
    pub apex: bool,
}

impl Pos {
    /// The position as a game state (no move played, fresh counters).
    pub fn state(&self, options: &SoldiersOptions) -> Option<Soldiers> {
        Soldiers::from_parts(options, self.hunter, self.soldiers, self.side, self.apex)
    }
}

impl Layout {
    /// The layers a table of `options` holds, from `bottom` up to `top` soldiers (the start's
    /// count for a whole board; fewer for a test): every count above the hunter's threshold,
    /// only those of the start's parity where he captures by intervention (two soldiers at a
    /// time), and the apex flag's layers where the apex rule is in force. A `bottom` above the
    /// threshold makes a partial table (see [`Layout::complete`]).
    pub fn new(options: &SoldiersOptions, top: u32, bottom: u32) -> Layout {
        let options = options.canonical();
        let rules = options.rules();
        let b = options.variant.board();
        let main: Vec<Point> = b.points().filter(|&p| b.main_mask() >> p & 1 == 1).collect();
        let mut main_rank = [u8::MAX; 64];
        for (i, &p) in main.iter().enumerate() {
            main_rank[p as usize] = i as u8;
        }
        let all: u64 = b.points().fold(0, |m, p| m | 1 << p);
        let apex = rules.apex && b.apex_kind() == ApexKind::Return;
        let mut layers = Vec::new();
        let mut by_count = vec![[None, None]; top as usize + 1];
        let mut offset = 0;
        let bottom = bottom.max(rules.threshold + 1);
        for k in bottom..=top.min(main.len() as u32) {
            if rules.capture == CaptureKind::Intervention && (top - k) % 2 == 1 {
                continue;
            }
            for flag in [true, false] {
                if flag && !apex {
                    continue;
                }
                let hunters = if flag && rules.capture == CaptureKind::Intervention {
                    b.refuge_mask()
                } else {
                    all
                };
                let shared = hunters & b.main_mask() != 0;
                let slots = hunters.count_ones() as u64 - if shared { k as u64 } else { 0 };
                let size = BINOM[main.len()][k as usize] * slots * 2;
                by_count[k as usize][flag as usize] = Some(layers.len());
                layers.push(Layer {
                    soldiers: k,
                    apex: flag,
                    hunters,
                    shared,
                    slots,
                    size,
                    offset,
                });
                offset += size;
            }
        }
        Layout {
            options,
            rules,
            main,
            main_rank,
            layers,
            by_count,
            bottom,
        }
    }

    /// True when every capture leads to a layer of the table or ends the game: then a draw is a
    /// draw and every distance exact. A partial table treats the layers below it as unknown
    /// (a move there neither wins nor loses), so its wins and losses are proven, with the
    /// distance an upper bound, and its draws mean nothing.
    pub fn complete(&self) -> bool {
        self.bottom <= self.rules.threshold + 1
    }

    /// Positions in the whole table.
    pub fn total(&self) -> u64 {
        self.layers.iter().map(|l| l.size).sum()
    }

    /// The layer of `k` soldiers and this apex flag, if the table has it.
    pub fn layer_of(&self, k: u32, apex: bool) -> Option<usize> {
        self.by_count.get(k as usize).and_then(|f| f[apex as usize])
    }

    /// The position at `index` of layer `l`.
    pub fn decode(&self, l: usize, index: u64) -> Pos {
        let layer = &self.layers[l];
        let side = if index & 1 == 0 { Player::P1 } else { Player::P2 };
        let rest = index >> 1;
        let (mut rank, slot) = (rest / layer.slots, rest % layer.slots);
        let mut soldiers = 0u64;
        for i in (1..=layer.soldiers as usize).rev() {
            // The largest c with C(c, i) <= rank.
            let mut c = i - 1;
            while BINOM[c + 1][i] <= rank {
                c += 1;
            }
            rank -= BINOM[c][i];
            soldiers |= 1 << self.main[c];
        }
        let free = layer.hunters & !soldiers;
        let hunter = nth_bit(free, slot as u32);
        Pos {
            hunter,
            soldiers,
            side,
            apex: layer.apex,
        }
    }

    /// The layer and index of a position, or `None` when the table does not hold it.
    pub fn encode(&self, pos: &Pos) -> Option<(usize, u64)> {
        let l = self.layer_of(pos.soldiers.count_ones(), pos.apex)?;
        let layer = &self.layers[l];
        if layer.hunters >> pos.hunter & 1 == 0 {
            return None;
        }
        let mut rank = 0u64;
        let mut m = pos.soldiers;
        let mut i = 1;
        while m != 0 {
            let p = m.trailing_zeros();
            m &= m - 1;
            let c = self.main_rank[p as usize];
            if c == u8::MAX {
                return None;
            }
            rank += BINOM[c as usize][i];
            i += 1;
        }
        let free = layer.hunters & !pos.soldiers;
        let slot = (free & ((1u64 << pos.hunter) - 1)).count_ones() as u64;
        let side = (pos.side == Player::P2) as u64;
        Some((l, (rank * layer.slots + slot) << 1 | side))
    }
}

/// The `n`-th lowest set bit of `m`.
fn nth_bit(mut m: u64, n: u32) -> Point {
    for _ in 0..n {
        m &= m - 1;
    }
    m.trailing_zeros() as Point
}

//! ConHex (Michail Antonow): pegs in holes claim the cells around them; Blue joins top and
//! bottom, Red left and right. This module owns the game state, its moves, the staged record
//! and the notation; `board` owns the geometry. Rules: `shared/rules/conhex.md`.
//!
//! **Sides are colours.** [`Player::P1`] is Blue (connects `N`–`S`, moves first) and
//! [`Player::P2`] is Red (`W`–`E`). `side_to_move`, `status` and every `Step` speak in colours,
//! as the engine protocol does. The swap (pie rule) leaves the board alone and keeps Red to
//! move; what it changes is which *seat* (person) plays which colour, which only the client
//! cares about: see [`ConHex::swapped`] and [`ConHex::seat_colour`]. Seats are also named with
//! `Player`: seat `P1` is the person who placed the first peg.
//!
//! Representation: one `u128` of holes per colour and one `u64` of owned cells per colour;
//! a peg tests only the (at most three) unowned cells its hole counts for, branch-free, and a
//! win is found by growing, per colour, the set of its cells joined to its first side (a
//! bitset flood from the newly claimed cells only) until it touches the second side.

mod board;
#[cfg(test)]
mod tests;

pub use board::{Board, CELLS, Cell, CellKind, HOLES, Hole, Side, board};

use board::TABLES;
use rand::Rng;
use serde::{Deserialize, Serialize};

use crate::game::{Counter, Game, NotationError, OptionSpec, OptionsError, Player, Status, choose_options};

/// Every hole.
const ALL_HOLES: u128 = (1 << HOLES) - 1;

/// A ConHex move.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum ConHexMove {
    /// Put a peg of the side to move in this hole (index into [`Board::holes`]).
    Peg(u8),
    /// The pie rule: Red's answer to Blue's first peg instead of placing one.
    Swap,
}

/// The options of a ConHex game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConHexOptions {
    /// Whether Red may `swap` on its first turn.
    pub swap: bool,
}

impl Default for ConHexOptions {
    fn default() -> Self {
        ConHexOptions { swap: true }
    }
}

/// One stage of what a move did, in the rules' order, for the client to animate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum ConHexStep {
    /// A peg went into a hole.
    Peg {
        /// The hole.
        hole: u8,
        /// Its colour.
        side: Player,
    },
    /// A cell became its owner's, for good (one step per cell, ascending, after the peg).
    Claim {
        /// The cell.
        cell: u8,
        /// Its new owner (always the mover).
        owner: Player,
    },
    /// The players exchanged colours; no peg moved and Red is to move again.
    Swap,
    /// The game is won: `chain` is a shortest chain of the winner's cells, in order from
    /// their first side (`N` for Blue, `W` for Red) to their second.
    Win {
        /// The winning colour.
        winner: Player,
        /// The cells to highlight.
        chain: Vec<u8>,
    },
}

/// A ConHex position. Serialised without its derived data; loading checks that the
/// position is one the rules can reach, so a corrupt save is an error, not a later panic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SavedConHex", into = "SavedConHex")]
pub struct ConHex {
    options: ConHexOptions,
    /// Holes holding each colour's pegs (index: `Player::index`).
    pegs: [u128; 2],
    /// Cells each colour owns.
    cells: [u64; 2],
    ply: u32,
    swapped: bool,
    winner: Option<Player>,
    /// Per colour, the owned cells joined to its first side (`N` for Blue, `W` for Red) — derived
    /// from `cells` and kept up to date, so a claim floods only what it newly joins.
    reach: [u64; 2],
    /// Zobrist key of pegs and cells only; the side to move and the open swap are mixed in
    /// by `hash_key` because they follow from `ply` and `swapped`.
    zobrist: u64,
}

/// The saved form of a [`ConHex`]: everything but the derived `reach` and Zobrist key.
#[derive(Clone, Serialize, Deserialize)]
struct SavedConHex {
    options: ConHexOptions,
    pegs: [u128; 2],
    cells: [u64; 2],
    ply: u32,
    swapped: bool,
    winner: Option<Player>,
}

impl From<ConHex> for SavedConHex {
    fn from(g: ConHex) -> Self {
        SavedConHex {
            options: g.options,
            pegs: g.pegs,
            cells: g.cells,
            ply: g.ply,
            swapped: g.swapped,
            winner: g.winner,
        }
    }
}

impl TryFrom<SavedConHex> for ConHex {
    type Error = String;

    fn try_from(s: SavedConHex) -> Result<Self, String> {
        let mut g = ConHex {
            options: s.options,
            pegs: s.pegs,
            cells: s.cells,
            ply: s.ply,
            swapped: s.swapped,
            winner: s.winner,
            reach: [0; 2],
            zobrist: 0,
        };
        g.reach = [g.reach_from_scratch(Player::P1), g.reach_from_scratch(Player::P2)];
        g.consistency()?;
        g.zobrist = g.zobrist_from_scratch();
        Ok(g)
    }
}

/// SplitMix64, run at compile time for the Zobrist keys.
const fn splitmix(state: u64) -> u64 {
    let mut z = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

const fn zobrist_keys<const N: usize>(salt: u64) -> [u64; N] {
    let mut out = [0u64; N];
    let mut i = 0;
    while i < N {
        out[i] = splitmix(
            salt.wrapping_mul(0x1_0000_0001)
                .wrapping_add((i as u64).wrapping_mul(0x632B_E59B_D9B4_E019)),
        );
        i += 1;
    }
    out
}

const PEG_KEYS: [[u64; HOLES]; 2] = [zobrist_keys(1), zobrist_keys(2)];
const CELL_KEYS: [[u64; CELLS]; 2] = [zobrist_keys(3), zobrist_keys(4)];
const KEY_RED_TO_MOVE: u64 = splitmix(0x00C0_4EE5);
const KEY_SWAP_OPEN: u64 = splitmix(0x53A9);

/// The two sides a colour joins, in the order its winning chain runs: Blue `N` then `S`,
/// Red `W` then `E` (for colouring the board's edges).
pub fn goal_sides(colour: Player) -> (Side, Side) {
    match colour {
        Player::P1 => (Side::N, Side::S),
        Player::P2 => (Side::W, Side::E),
    }
}

/// `SEL8[b][n]`: the position of the `n`-th (from 0) set bit of byte `b`.
const SEL8: [[u8; 8]; 256] = {
    let mut t = [[0u8; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut bit, mut n) = (0, 0);
        while bit < 8 {
            if b & (1 << bit) != 0 {
                t[b][n] = bit as u8;
                n += 1;
            }
            bit += 1;
        }
        b += 1;
    }
    t
};

const ONES8: u64 = 0x0101_0101_0101_0101;
const HIGH8: u64 = 0x8080_8080_8080_8080;

/// Per byte of `x`, the number of set bits in it and all lower bytes (the top byte holds the
/// total). Broadword arithmetic: the baseline x86-64 target has no `popcnt` instruction.
#[inline]
fn byte_prefix_counts(x: u64) -> u64 {
    let mut s = x.wrapping_sub((x >> 1) & 0x5555_5555_5555_5555);
    s = (s & 0x3333_3333_3333_3333) + ((s >> 2) & 0x3333_3333_3333_3333);
    s = (s + (s >> 4)) & 0x0F0F_0F0F_0F0F_0F0F;
    s.wrapping_mul(ONES8)
}

/// The index of the `n`-th (from 0) set bit of `x`, for `n` below its popcount. Branch-free
/// (Vigna's broadword select): a random playout makes every branch here a coin toss.
#[inline]
fn select_bit(x: u128, n: u32) -> u32 {
    let lo = x as u64;
    let lo_total = (byte_prefix_counts(lo) >> 56) as u32;
    let high = n >= lo_total;
    let word = if high { (x >> 64) as u64 } else { lo };
    let k = u64::from(if high { n - lo_total } else { n });
    let sums = byte_prefix_counts(word);
    // one high bit per byte whose running count is still <= k: those bytes come before ours
    let before = ((k.wrapping_mul(ONES8) | HIGH8).wrapping_sub(sums)) & HIGH8;
    let place = (((before >> 7).wrapping_mul(ONES8) >> 56) * 8) as u32;
    let rank = k.wrapping_sub(((sums << 8) >> place) & 0xFF);
    let byte = ((word >> place) & 0xFF) as usize;
    u32::from(high) * 64 + place + u32::from(SEL8[byte][rank as usize & 7])
}

impl ConHex {
    /// Checks everything the rules guarantee about a reachable position (used when loading
    /// a saved one, and by the tests after every move).
    fn consistency(&self) -> Result<(), String> {
        let t = &*TABLES;
        let [b, r] = self.pegs;
        if b & r != 0 || (b | r) & !ALL_HOLES != 0 {
            return Err("pegs overlap or lie off the board".into());
        }
        if self.cells[0] & self.cells[1] != 0 || (self.cells[0] | self.cells[1]) >> CELLS != 0 {
            return Err("cells owned twice or off the board".into());
        }
        let (nb, nr) = (b.count_ones(), r.count_ones());
        if nb != nr && nb != nr + 1 {
            return Err(format!("{nb} blue pegs and {nr} red pegs cannot happen"));
        }
        if self.ply != nb + nr + u32::from(self.swapped) || (self.swapped && (!self.options.swap || self.ply < 2)) {
            return Err(format!("ply {} does not fit the pegs and the swap", self.ply));
        }
        for k in 0..CELLS {
            let counts = [(b & t.cell_holes[k]).count_ones(), (r & t.cell_holes[k]).count_ones()];
            let ok = match self.cell_owner(k as u8) {
                Some(p) => counts[p.index()] >= t.need[k],
                None => counts.iter().all(|&n| n < t.need[k]),
            };
            if !ok {
                return Err(format!("cell {k} has the wrong owner for its pegs"));
            }
        }
        let connected = [self.connected(Player::P1), self.connected(Player::P2)];
        let ok = match self.winner {
            Some(w) => connected[w.index()] && !connected[w.other().index()],
            None => connected == [false, false] && nb + nr < HOLES as u32,
        };
        if !ok {
            return Err("the winner does not match the connections on the board".into());
        }
        if self.reach != [self.reach_from_scratch(Player::P1), self.reach_from_scratch(Player::P2)] {
            return Err("the cells joined to each first side are out of date".into());
        }
        Ok(())
    }

    /// The pegs-and-cells Zobrist key computed from nothing (the state keeps it up to date).
    fn zobrist_from_scratch(&self) -> u64 {
        let mut key = 0;
        for c in 0..2 {
            for (h, k) in PEG_KEYS[c].iter().enumerate() {
                if self.pegs[c] & (1 << h) != 0 {
                    key ^= k;
                }
            }
            for (cell, k) in CELL_KEYS[c].iter().enumerate() {
                if self.cells[c] & (1 << cell) != 0 {
                    key ^= k;
                }
            }
        }
        key
    }

    /// Whether the players have exchanged colours with `swap`: then the person who placed
    /// the first peg plays Red and the other person Blue.
    pub fn swapped(&self) -> bool {
        self.swapped
    }

    /// The colour a seat plays (seat `P1` placed the first peg of the game).
    pub fn seat_colour(&self, seat: Player) -> Player {
        if self.swapped { seat.other() } else { seat }
    }

    /// The seat playing a colour (the same exchange, read the other way).
    pub fn colour_seat(&self, colour: Player) -> Player {
        self.seat_colour(colour)
    }

    /// Who has a peg in `hole`, if anyone.
    pub fn hole_owner(&self, hole: u8) -> Option<Player> {
        if hole as usize >= HOLES {
            return None;
        }
        let bit = 1u128 << hole;
        Player::BOTH.into_iter().find(|p| self.pegs[p.index()] & bit != 0)
    }

    /// Who owns `cell`, if anyone.
    pub fn cell_owner(&self, cell: u8) -> Option<Player> {
        if cell as usize >= CELLS {
            return None;
        }
        let bit = 1u64 << cell;
        Player::BOTH.into_iter().find(|p| self.cells[p.index()] & bit != 0)
    }

    /// The holes holding `colour`'s pegs, as a bit set over hole indices.
    pub fn peg_mask(&self, colour: Player) -> u128 {
        self.pegs[colour.index()]
    }

    /// The cells `colour` owns, as a bit set over cell indices.
    pub fn cell_mask(&self, colour: Player) -> u64 {
        self.cells[colour.index()]
    }

    /// The winner, once there is one.
    pub fn winner(&self) -> Option<Player> {
        self.winner
    }

    /// True while Red may still answer with `swap` (the second move, swap on).
    pub fn swap_open(&self) -> bool {
        self.options.swap && self.ply == 1 && self.winner.is_none()
    }

    /// Once the game is won, a shortest chain of the winner's cells joining their sides, from
    /// their first side (`N` for Blue, `W` for Red) to the other. Corner cells count for
    /// both of their sides.
    pub fn winning_chain(&self) -> Option<Vec<u8>> {
        self.winner.and_then(|w| self.chain(w))
    }

    /// A shortest chain of `colour`'s cells joining its sides, if there is one.
    fn chain(&self, colour: Player) -> Option<Vec<u8>> {
        let t = &*TABLES;
        let own = self.cells[colour.index()];
        let (a, b) = goal_sides(colour);
        let (a, b) = (t.side_cells[a as usize] & own, t.side_cells[b as usize] & own);
        let mut parent = [u8::MAX; CELLS];
        let mut queue = [0u8; CELLS];
        let (mut head, mut tail) = (0, 0);
        let mut seen = a;
        let mut m = a;
        while m != 0 {
            queue[tail] = m.trailing_zeros() as u8;
            tail += 1;
            m &= m - 1;
        }
        while head < tail {
            let k = queue[head];
            head += 1;
            if b & (1 << k) != 0 {
                let mut chain = vec![k];
                let mut at = k;
                while parent[at as usize] != u8::MAX {
                    at = parent[at as usize];
                    chain.push(at);
                }
                chain.reverse();
                return Some(chain);
            }
            let mut next = t.nbrs[k as usize] & own & !seen;
            seen |= next;
            while next != 0 {
                let n = next.trailing_zeros() as usize;
                next &= next - 1;
                parent[n] = k;
                queue[tail] = n as u8;
                tail += 1;
            }
        }
        None
    }

    /// `colour`'s cells joined to its first side, flooded from nothing.
    fn reach_from_scratch(&self, colour: Player) -> u64 {
        let t = &*TABLES;
        let own = self.cells[colour.index()];
        let mut reach = t.side_cells[goal_sides(colour).0 as usize] & own;
        let mut frontier = reach;
        while frontier != 0 {
            let mut grow = 0;
            while frontier != 0 {
                grow |= t.nbrs[frontier.trailing_zeros() as usize];
                frontier &= frontier - 1;
            }
            frontier = grow & own & !reach;
            reach |= frontier;
        }
        reach
    }

    /// True when `colour`'s cells join its two sides (a full flood; the hot path keeps
    /// `reach` instead).
    fn connected(&self, colour: Player) -> bool {
        self.reach_from_scratch(colour) & TABLES.side_cells[goal_sides(colour).1 as usize] != 0
    }

    /// Grows `colour`'s `reach` after it claimed `new` cells; true when it now touches the
    /// second side, i.e. `colour` has just won.
    #[inline]
    fn extend_reach(&mut self, colour: Player, new: u64) -> bool {
        let t = &*TABLES;
        let c = colour.index();
        let (a, b) = goal_sides(colour);
        let own = self.cells[c];
        let mut reach = self.reach[c];
        // New cells on the first side or next to the reached region join it; the flood
        // below picks up whatever they connect, other new cells included.
        let mut seeds = new & t.side_cells[a as usize];
        let mut rest = new & !seeds;
        while rest != 0 {
            let k = rest.trailing_zeros() as usize;
            rest &= rest - 1;
            if t.nbrs[k] & reach != 0 {
                seeds |= 1 << k;
            }
        }
        if seeds == 0 {
            return false;
        }
        reach |= seeds;
        let mut frontier = seeds;
        loop {
            let mut grow = 0;
            while frontier != 0 {
                grow |= t.nbrs[frontier.trailing_zeros() as usize];
                frontier &= frontier - 1;
            }
            frontier = grow & own & !reach;
            if frontier == 0 {
                break;
            }
            reach |= frontier;
        }
        self.reach[c] = reach;
        reach & t.side_cells[b as usize] != 0
    }

    /// Puts `colour`'s peg in `hole` and claims what it earns; returns the cells claimed.
    /// Does not look for a win (the full-board test resolves whole boards with it).
    ///
    /// Branch-free over the hole's three (padded) cells: random playouts make every branch
    /// here unpredictable, and mispredictions were most of the cost.
    #[inline]
    fn place(&mut self, colour: Player, hole: usize) -> u64 {
        let t = &*TABLES;
        let c = colour.index();
        let own = self.pegs[c] | 1 << hole;
        self.pegs[c] = own;
        let mut zobrist = self.zobrist ^ PEG_KEYS[c][hole];
        let open = !(self.cells[0] | self.cells[1]);
        let mut claimed = 0u64;
        for s in &t.slots[hole] {
            // at least 2 of the cell's holes: y != 0; at least 3: z != 0
            let x = own & s.holes;
            let y = x & x.wrapping_sub(1);
            let z = y & y.wrapping_sub(1);
            let hit = u64::from((z | (y & s.need2)) != 0).wrapping_neg() & s.bit & open;
            claimed |= hit;
            zobrist ^= CELL_KEYS[c][s.cell] & u64::from(hit != 0).wrapping_neg();
        }
        self.zobrist = zobrist;
        self.cells[c] |= claimed;
        claimed
    }

    /// The board as the engine's `show` prints it: a half-unit grid, two characters per
    /// half unit across so the holes stand four apart.
    fn picture(&self) -> String {
        let b = board();
        const N: usize = 21;
        let mut grid = [[b' '; 2 * N - 1]; N];
        for k in 0..CELLS {
            let (col, row) = cell_mark(k);
            grid[row][2 * col] = match self.cell_owner(k as u8) {
                Some(Player::P1) => b'B',
                Some(Player::P2) => b'R',
                None => b'-',
            };
        }
        for (i, h) in b.holes.iter().enumerate() {
            grid[2 * (h.y as usize - 1)][4 * (h.x as usize - 1)] = match self.hole_owner(i as u8) {
                Some(Player::P1) => b'b',
                Some(Player::P2) => b'r',
                None => b'+',
            };
        }
        let mut out = String::from("      A   B   C   D   E   F   G   H   I   J   K\n");
        out.push_str("      N - - - - - - - - - - - - - - - - - - - N\n");
        for (r, line) in grid.iter().enumerate() {
            let label = if r % 2 == 0 {
                format!("{:>2}", r / 2 + 1)
            } else {
                "  ".to_string()
            };
            out.push_str(&format!("{label} W  {}  E\n", String::from_utf8_lossy(line)));
        }
        out.push_str("      S - - - - - - - - - - - - - - - - - - - S\n");
        out
    }
}

/// Where a cell's owner letter goes in the text picture: its outline's vertex average in
/// half units, nudged left off the centre hole.
fn cell_mark(k: usize) -> (usize, usize) {
    let outline = &board().cells[k].outline;
    let n = outline.len().max(1) as f64;
    let sx: f64 = outline.iter().map(|p| f64::from(p[0])).sum::<f64>() / n;
    let sy: f64 = outline.iter().map(|p| f64::from(p[1])).sum::<f64>() / n;
    let (mut col, row) = (((sx - 1.0) * 2.0).round() as usize, ((sy - 1.0) * 2.0).round() as usize);
    if col % 2 == 0 && row % 2 == 0 && TABLES.grid[row / 2 + 1][col / 2 + 1] != u8::MAX {
        col -= 1;
    }
    (col.min(20), row.min(20))
}

impl Game for ConHex {
    type Move = ConHexMove;
    type Step = ConHexStep;
    type Options = ConHexOptions;

    const ID: &'static str = "conhex";
    const NAME: &'static str = "ConHex";

    fn option_specs() -> &'static [OptionSpec] {
        const SPECS: &[OptionSpec] = &[OptionSpec {
            key: "swap",
            values: &["on", "off"],
            default: "on",
            help: "Red may answer Blue's first peg with swap, taking that peg and becoming Blue, \
                   so the first player has no reason to open too strongly.",
        }];
        SPECS
    }

    fn parse_options(pairs: &[(&str, &str)]) -> Result<Self::Options, OptionsError> {
        let chosen = choose_options(Self::ID, Self::option_specs(), pairs)?;
        Ok(ConHexOptions {
            swap: chosen.first().is_none_or(|v| *v == "on"),
        })
    }

    fn option_pairs(options: &Self::Options) -> Vec<(String, String)> {
        vec![("swap".to_string(), if options.swap { "on" } else { "off" }.to_string())]
    }

    fn new(options: &Self::Options) -> Self {
        ConHex {
            options: *options,
            pegs: [0; 2],
            cells: [0; 2],
            ply: 0,
            swapped: false,
            winner: None,
            reach: [0; 2],
            zobrist: 0,
        }
    }

    fn options(&self) -> &Self::Options {
        &self.options
    }

    /// The colour to move: Blue on even plies, Red on odd ones, shifted by one after a swap
    /// (Red places again right after swapping).
    fn side_to_move(&self) -> Player {
        if (self.ply & 1 == 1) != self.swapped {
            Player::P2
        } else {
            Player::P1
        }
    }

    fn side_name(&self, player: Player) -> &'static str {
        match player {
            Player::P1 => "blue",
            Player::P2 => "red",
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut Vec<Self::Move>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        let mut empty = ALL_HOLES & !(self.pegs[0] | self.pegs[1]);
        while empty != 0 {
            out.push(ConHexMove::Peg(empty.trailing_zeros() as u8));
            empty &= empty - 1;
        }
        if self.swap_open() {
            out.push(ConHexMove::Swap);
        }
    }

    fn apply(&mut self, mv: Self::Move) {
        match mv {
            ConHexMove::Peg(h) => {
                let colour = self.side_to_move();
                debug_assert!((h as usize) < HOLES && (self.pegs[0] | self.pegs[1]) & (1 << h) == 0);
                // Only the mover gains cells, so only the mover can have just won, and only
                // if this peg claimed something.
                let new = self.place(colour, h as usize);
                if new != 0 && self.extend_reach(colour, new) {
                    self.winner = Some(colour);
                }
            }
            ConHexMove::Swap => self.swapped = true,
        }
        self.ply += 1;
    }

    fn apply_recorded(&mut self, mv: Self::Move, steps: &mut Vec<Self::Step>) {
        let colour = self.side_to_move();
        let before = self.cells[colour.index()];
        self.apply(mv);
        match mv {
            ConHexMove::Peg(hole) => {
                steps.push(ConHexStep::Peg { hole, side: colour });
                let mut claimed = self.cells[colour.index()] & !before;
                while claimed != 0 {
                    let cell = claimed.trailing_zeros() as u8;
                    claimed &= claimed - 1;
                    steps.push(ConHexStep::Claim { cell, owner: colour });
                }
                if let Some(chain) = self.winning_chain() {
                    steps.push(ConHexStep::Win { winner: colour, chain });
                }
            }
            ConHexMove::Swap => steps.push(ConHexStep::Swap),
        }
    }

    fn status(&self) -> Status {
        match self.winner {
            Some(winner) => Status::Win {
                winner,
                reason: "connection",
            },
            None => Status::Ongoing,
        }
    }

    fn hash_key(&self) -> u64 {
        let mut key = self.zobrist;
        if self.side_to_move() == Player::P2 {
            key ^= KEY_RED_TO_MOVE;
        }
        if self.swap_open() {
            key ^= KEY_SWAP_OPEN;
        }
        key
    }

    fn format_move(&self, mv: &Self::Move) -> String {
        match *mv {
            ConHexMove::Peg(h) => match board().holes.get(h as usize) {
                Some(hole) => hole.name.clone(),
                None => format!("hole#{h}"),
            },
            ConHexMove::Swap => "swap".to_string(),
        }
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError> {
        let text = text.trim();
        if text.eq_ignore_ascii_case("swap") {
            return Ok(ConHexMove::Swap);
        }
        let bad = || {
            NotationError::new(format!(
                "'{text}' is not a ConHex move: give a hole as column letter A-K and row 1-11 (e.g. F6), or swap"
            ))
        };
        let mut chars = text.chars();
        let col = chars.next().filter(char::is_ascii_alphabetic).ok_or_else(bad)?;
        let digits = chars.as_str();
        if digits.is_empty() || digits.len() > 2 || !digits.bytes().all(|b| b.is_ascii_digit()) {
            return Err(bad());
        }
        let col = col.to_ascii_uppercase();
        let row: u8 = digits.parse().map_err(|_| bad())?;
        if !('A'..='K').contains(&col) {
            return Err(NotationError::new(format!(
                "{col}{row}: there is no column {col} (columns are A-K)"
            )));
        }
        if !(1..=11).contains(&row) {
            return Err(NotationError::new(format!(
                "{col}{row}: there is no row {row} (rows are 1-11)"
            )));
        }
        let x = col as u8 - b'A' + 1;
        match TABLES.grid[row as usize][x as usize] {
            u8::MAX => Err(NotationError::new(format!(
                "{col}{row} is not a hole on the ConHex board (that point has no hole)"
            ))),
            h => Ok(ConHexMove::Peg(h)),
        }
    }

    fn render(&self) -> String {
        let status = match self.winner {
            Some(w) => format!("{} wins by connection", self.side_name(w)),
            None => format!("{} to move", self.side_name(self.side_to_move())),
        };
        let seats = if self.swapped { ", colours swapped" } else { "" };
        format!(
            "ConHex, ply {}: {status}{seats}\nblue joins N-S, red W-E; b/r peg, + empty hole, B/R owned cell, - open cell\n{}",
            self.ply,
            self.picture()
        )
    }

    fn counters(&self) -> Vec<Counter> {
        vec![
            Counter::new("blue pegs", self.pegs[0].count_ones()),
            Counter::new("red pegs", self.pegs[1].count_ones()),
            Counter::new("blue cells", self.cells[0].count_ones()),
            Counter::new("red cells", self.cells[1].count_ones()),
            Counter::new("empty holes", (ALL_HOLES & !(self.pegs[0] | self.pegs[1])).count_ones()),
        ]
    }

    fn illegal_reason(&self, mv: &Self::Move) -> String {
        if self.winner.is_some() {
            return "the game is over".to_string();
        }
        match *mv {
            ConHexMove::Peg(h) if h as usize >= HOLES => format!("there is no hole number {h}"),
            ConHexMove::Peg(h) => match self.hole_owner(h) {
                Some(p) => format!("{} already holds a {} peg", self.format_move(mv), self.side_name(p)),
                None => "that move is not allowed in this position".to_string(),
            },
            ConHexMove::Swap if !self.options.swap => "swap is switched off in this game".to_string(),
            ConHexMove::Swap if self.ply == 0 => "blue places the first peg; swap is red's answer to it".to_string(),
            ConHexMove::Swap => "swap is only allowed as the second move of the game".to_string(),
        }
    }

    fn is_legal(&self, mv: &Self::Move) -> bool {
        if self.winner.is_some() {
            return false;
        }
        match *mv {
            ConHexMove::Peg(h) => (h as usize) < HOLES && (self.pegs[0] | self.pegs[1]) & (1 << h) == 0,
            ConHexMove::Swap => self.swap_open(),
        }
    }

    /// Uniform over the legal moves without building the list: pick an index, then find that
    /// empty hole by bit selection (the swap, when open, is the last index).
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R, _buf: &mut Vec<Self::Move>) -> Option<Self::Move> {
        if self.winner.is_some() {
            return None;
        }
        let empty = ALL_HOLES & !(self.pegs[0] | self.pegs[1]);
        // Every move but the swap fills a hole, so the empty count needs no popcount.
        let holes = HOLES as u32 - (self.ply - u32::from(self.swapped));
        let n = holes + u32::from(self.swap_open());
        if n == 0 {
            return None;
        }
        let r = rng.random_range(0..n);
        Some(if r == holes {
            ConHexMove::Swap
        } else {
            ConHexMove::Peg(select_bit(empty, r) as u8)
        })
    }
}

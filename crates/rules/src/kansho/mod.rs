//! Kansho (rules: `shared/rules/kansho.md`): the game state, its staged turn resolution
//! (place → discard surrounded areas → solo waves → next turn), legality, notation and the
//! [`Game`] implementation. The board geometry ([`Board`], [`Cell`]) lives in `board.rs`, the
//! result table ([`result_name`], [`Victory`]) in `result.rs`.
//!
//! Each resolution stage is a public method so the client can run the stages as ordered systems
//! and animate each one; [`Game::apply`] runs the same methods without recording.

mod board;
mod result;
#[cfg(test)]
mod tests;

use std::fmt;

use rand::Rng;
use serde::{Deserialize, Serialize};
use thiserror::Error;

pub use board::{BOARD, Bits, Board, CELLS, Cell, HOLE, NEIGHBOUR_SLOTS, RADIUS, hex_distance, is_hole, layout};
pub use result::{Victory, classify, result_display, result_name};

use crate::game::{Counter, Game, NotationError, OptionSpec, OptionsError, Player, Status, choose_options};
use board::{NONE, bits};

/// Markers each player starts with in hand.
pub const HAND_SIZE: u8 = 123;

/// Options of a Kansho game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KanshoOptions {
    /// Who places the first marker (White by default).
    pub first: Player,
}

impl Default for KanshoOptions {
    fn default() -> Self {
        KanshoOptions { first: Player::P1 }
    }
}

const OPTION_SPECS: &[OptionSpec] = &[OptionSpec {
    key: "first",
    values: &["white", "black"],
    default: "white",
    help: "Which side places the first marker; the rule book says there is no advantage and players may draw lots.",
}];

/// A move: the centre cell, plus the neighbours chosen when the short-hand rule applies.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KanshoMove {
    /// The empty cell the marker is placed on.
    pub centre: Cell,
    /// The chosen neighbours: bit `s` is the neighbour in [`NEIGHBOUR_SLOTS`] slot `s`. Zero
    /// unless the hand is short, when exactly `hand − 1` needing neighbours must be chosen.
    pub picks: u8,
}

impl KanshoMove {
    /// A placement at `centre` with no neighbour choice (the usual move).
    pub fn at(centre: Cell) -> KanshoMove {
        KanshoMove { centre, picks: 0 }
    }

    /// A placement at `centre` choosing `chosen` neighbours; `None` if one is not a neighbour.
    pub fn choosing(centre: Cell, chosen: &[Cell]) -> Option<KanshoMove> {
        let mut picks = 0;
        for &c in chosen {
            picks |= 1 << slot_of(centre, c)?;
        }
        Some(KanshoMove { centre, picks })
    }

    /// The chosen neighbours in notation order.
    pub fn chosen(&self) -> impl Iterator<Item = Cell> + '_ {
        let slots = if self.centre.index() < CELLS {
            *BOARD.slots(self.centre.index())
        } else {
            [NONE; 6]
        };
        (0..6)
            .filter(move |s| self.picks >> s & 1 != 0 && slots[*s] != NONE)
            .filter_map(move |s| Cell::from_index(slots[s].into()))
    }
}

/// The [`NEIGHBOUR_SLOTS`] slot of `n` around `centre`, if `n` is its neighbour.
fn slot_of(centre: Cell, n: Cell) -> Option<usize> {
    let (q, r) = centre.coords();
    let (nq, nr) = n.coords();
    NEIGHBOUR_SLOTS
        .iter()
        .position(|&(dq, dr)| (q + dq, r + dr) == (nq, nr))
}

/// One step of a move's staged record, in the order the rules resolve it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum KanshoStep {
    /// The centre marker is put on an empty cell (costs 1).
    Placed {
        /// The centre.
        cell: Cell,
        /// The mover.
        colour: Player,
    },
    /// An empty neighbour of the centre receives one of the mover's markers (costs 1).
    Filled {
        /// The neighbour.
        cell: Cell,
        /// The mover.
        colour: Player,
    },
    /// An opponent's marker next to the centre goes to the discard box and the mover's takes
    /// its place (costs 1).
    Replaced {
        /// The neighbour.
        cell: Cell,
        /// The mover, whose marker now stands there.
        colour: Player,
        /// The owner of the marker that left.
        old: Player,
    },
    /// A surrounded area (no empty neighbour) rolls into the hole: opponent areas first,
    /// then the mover's. One step per area.
    AreaDiscarded {
        /// Whose area.
        colour: Player,
        /// Its cells, ascending.
        cells: Vec<Cell>,
    },
    /// One wave of solo markers (at most one same-colour neighbour) is discarded, of either
    /// colour. Waves repeat until none qualifies.
    SoloWave {
        /// 1 for the first wave of the move, then 2, 3…
        index: u8,
        /// The discarded markers with their colours, by ascending cell.
        cells: Vec<(Cell, Player)>,
    },
    /// The turn ends and `next` moves; `repeat` when the mover goes again because the
    /// opponent's hand is empty.
    TurnPassed {
        /// Who moves next.
        next: Player,
        /// True for a repeat turn.
        repeat: bool,
    },
    /// Both hands are empty: the game is over.
    GameEnded {
        /// White's markers on the board.
        white: u8,
        /// Black's markers on the board.
        black: u8,
        /// The winner, or `None` for equal scores.
        winner: Option<Player>,
        /// The result name, or `None` for a draw.
        result: Option<Victory>,
    },
}

/// A set-up position that breaks the rules' invariants.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{0}")]
pub struct PositionError(pub String);

/// Where a move is between its stages (idle between moves).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
struct Pending {
    /// The centre of the move being resolved, `NONE` between moves.
    centre: u8,
    /// Cells whose same-colour neighbour count may have dropped since the last wave check;
    /// everything else still has at least two (the invariant between moves).
    dirty: Bits,
    /// Solo waves run so far.
    wave: u8,
}

impl Pending {
    const IDLE: Pending = Pending {
        centre: NONE,
        dirty: [0; 4],
        wave: 0,
    };
}

/// Zobrist keys, generated at compile time from a fixed-seed splitmix64.
struct Zobrist {
    cell: [[u64; CELLS]; 2],
    hand: [[u64; HAND_SIZE as usize + 1]; 2],
    side: u64,
}

const fn splitmix(state: u64) -> (u64, u64) {
    let s = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = s;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    (s, z ^ (z >> 31))
}

const fn build_zobrist() -> Zobrist {
    let mut z = Zobrist {
        cell: [[0; CELLS]; 2],
        hand: [[0; HAND_SIZE as usize + 1]; 2],
        side: 0,
    };
    let mut state = 0x4B41_4E53_484F_u64; // "KANSHO"
    let mut c = 0;
    while c < 2 {
        let mut i = 0;
        while i < CELLS {
            let (s, v) = splitmix(state);
            state = s;
            z.cell[c][i] = v;
            i += 1;
        }
        let mut h = 0;
        while h <= HAND_SIZE as usize {
            let (s, v) = splitmix(state);
            state = s;
            z.hand[c][h] = v;
            h += 1;
        }
        c += 1;
    }
    z.side = splitmix(state).1;
    z
}

static ZOBRIST: Zobrist = build_zobrist();

/// A Kansho position. Cheap to clone (plain arrays); P1 is White, P2 is Black.
///
/// Reading one back with serde checks it like [`Kansho::from_position`] (and recomputes the
/// hash), so a damaged file gives an error rather than a state that could panic later.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "KanshoFields")]
pub struct Kansho {
    options: KanshoOptions,
    /// Each colour's markers on the board, indexed by `Player::index`.
    markers: [Bits; 2],
    hand: [u8; 2],
    discarded: [u8; 2],
    to_move: Player,
    ply: u32,
    /// Kept up to date by every change, so `hash_key` is free.
    hash: u64,
    pending: Pending,
}

/// [`Kansho`]'s fields as read from a file, before they are checked.
#[derive(Deserialize)]
struct KanshoFields {
    options: KanshoOptions,
    markers: [Bits; 2],
    hand: [u8; 2],
    discarded: [u8; 2],
    to_move: Player,
    ply: u32,
    // The stored hash is ignored (serde skips unknown fields) and recomputed.
    pending: Pending,
}

impl TryFrom<KanshoFields> for Kansho {
    type Error = PositionError;

    fn try_from(f: KanshoFields) -> Result<Kansho, PositionError> {
        let all = BOARD.all();
        for ((w, b), a) in f.markers[0].iter().zip(&f.markers[1]).zip(all) {
            if (w | b) & !a != 0 {
                return Err(PositionError("a marker lies off the board".to_string()));
            }
            if w & b != 0 {
                return Err(PositionError("a cell holds two markers".to_string()));
            }
        }
        let mut s = Kansho {
            options: f.options,
            markers: f.markers,
            hand: f.hand,
            discarded: f.discarded,
            to_move: f.to_move,
            ply: f.ply,
            hash: 0,
            pending: f.pending,
        };
        for p in Player::BOTH {
            let i = p.index();
            let total = u32::from(s.hand[i]) + u32::from(s.on_board(p)) + u32::from(s.discarded[i]);
            if total != u32::from(HAND_SIZE) {
                return Err(PositionError(format!(
                    "{} has {total} markers in hand, on the board and in the discard box, not {HAND_SIZE}",
                    side_name(p)
                )));
            }
        }
        if s.pending.centre == NONE {
            s.pending = Pending::IDLE;
            s.check_invariants()?;
        } else if usize::from(s.pending.centre) >= CELLS || bits::and(&s.pending.dirty, all) != s.pending.dirty {
            return Err(PositionError(
                "the move in progress names cells off the board".to_string(),
            ));
        }
        s.hash = s.compute_hash();
        Ok(s)
    }
}

/// Why a move is illegal, turned into a sentence by `illegal_reason`.
enum Illegal {
    GameOver,
    NotACell,
    Occupied(Cell),
    NotANeighbour,
    NoChoice { left: u8 },
    AlreadyYours(Cell),
    WrongCount { left: u8, need: u32 },
}

impl fmt::Display for Illegal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Illegal::GameOver => write!(f, "the game is over"),
            Illegal::NotACell => write!(f, "the centre is not a cell of the board"),
            Illegal::Occupied(c) => write!(f, "cell {c} is occupied"),
            Illegal::NotANeighbour => write!(f, "a chosen neighbour is not a cell of the board next to the centre"),
            Illegal::NoChoice { left: 0 } => {
                write!(f, "the centre uses your last marker, so no neighbours can be chosen")
            }
            Illegal::NoChoice { .. } => write!(
                f,
                "you have enough markers for every neighbour that needs one, so neighbours are not chosen"
            ),
            Illegal::AlreadyYours(c) => write!(f, "neighbour {c} already holds your marker"),
            Illegal::WrongCount { left, need } => write!(
                f,
                "you have {left} marker{} left after the centre for {need} neighbours that need one: \
                 you must choose exactly {left}",
                if *left == 1 { "" } else { "s" }
            ),
        }
    }
}

impl Kansho {
    /// The owner of the marker on `cell`, if any.
    pub fn owner(&self, cell: Cell) -> Option<Player> {
        let i = cell.index();
        if bits::has(&self.markers[0], i) {
            Some(Player::P1)
        } else if bits::has(&self.markers[1], i) {
            Some(Player::P2)
        } else {
            None
        }
    }

    /// Markers `player` still has in hand.
    pub fn hand(&self, player: Player) -> u8 {
        self.hand[player.index()]
    }

    /// `player`'s markers in the discard box.
    pub fn discarded(&self, player: Player) -> u8 {
        self.discarded[player.index()]
    }

    /// `player`'s markers on the board (the score once the game is over).
    pub fn on_board(&self, player: Player) -> u8 {
        bits::count(&self.markers[player.index()]) as u8
    }

    /// The set of `player`'s markers (bit `i` = cell index `i`).
    pub fn marker_bits(&self, player: Player) -> &Bits {
        &self.markers[player.index()]
    }

    /// The empty cells as a set.
    pub fn empty_bits(&self) -> Bits {
        let all = BOARD.all();
        let (w, b) = (&self.markers[0], &self.markers[1]);
        [
            all[0] & !(w[0] | b[0]),
            all[1] & !(w[1] | b[1]),
            all[2] & !(w[2] | b[2]),
            all[3] & !(w[3] | b[3]),
        ]
    }

    /// True while a move's stages have started but `stage_end_turn` has not run yet.
    pub fn in_progress(&self) -> bool {
        self.pending.centre != NONE
    }

    /// When placing at `centre` falls under the short-hand rule with at least one marker left
    /// to place, how many neighbours the mover must choose and the neighbours to choose from
    /// (for the client's picker); `None` otherwise.
    pub fn neighbour_choice(&self, centre: Cell) -> Option<(u8, Vec<Cell>)> {
        let c = centre.index();
        let me = self.to_move.index();
        if c >= CELLS || self.hand[me] == 0 {
            return None;
        }
        let need = self.needing(c, me);
        let left = self.hand[me].saturating_sub(1);
        if left == 0 || u32::from(left) >= need.count_ones() {
            return None;
        }
        let from = KanshoMove { centre, picks: need }.chosen().collect();
        Some((left, from))
    }

    /// A position set up directly: `cells[i]` is the marker on cell index `i`, `hands` the
    /// markers in White's and Black's hands, `to_move` the side to move. The discard box holds
    /// the rest of each colour's 123 markers. Fails unless the position could arise in play:
    /// at most 123 markers per colour, every marker with at least two same-colour neighbours,
    /// every area with an empty neighbour, and the side to move holding markers (unless both
    /// hands are empty: a finished game).
    pub fn from_position(cells: &[Option<Player>], hands: [u8; 2], to_move: Player) -> Result<Kansho, PositionError> {
        if cells.len() != CELLS {
            return Err(PositionError(format!(
                "a position has {CELLS} cells, not {}",
                cells.len()
            )));
        }
        let mut s = Kansho::new(&KanshoOptions { first: to_move });
        for (i, c) in cells.iter().enumerate() {
            if let Some(p) = c {
                bits::set(&mut s.markers[p.index()], i);
            }
        }
        for p in Player::BOTH {
            let total = u32::from(s.on_board(p)) + u32::from(hands[p.index()]);
            if total > u32::from(HAND_SIZE) {
                return Err(PositionError(format!(
                    "{} has {total} markers on the board and in hand; a player has only {HAND_SIZE}",
                    side_name(p)
                )));
            }
            s.hand[p.index()] = hands[p.index()];
            s.discarded[p.index()] = HAND_SIZE - total as u8;
        }
        s.check_invariants()?;
        s.hash = s.compute_hash();
        Ok(s)
    }

    /// What holds between moves: every marker has two same-colour neighbours, every area an
    /// empty neighbour, and the side to move has markers unless the game is over.
    fn check_invariants(&self) -> Result<(), PositionError> {
        if let Some(c) = self.solo_markers().first() {
            let p = self.owner(*c).unwrap_or(Player::P1);
            return Err(PositionError(format!(
                "the {} marker on {c} has fewer than two {} neighbours, so it would have been discarded",
                side_name(p),
                side_name(p)
            )));
        }
        if let Some((p, area)) = self.surrounded_areas().first() {
            let cell = bits::iter(*area)
                .next()
                .and_then(Cell::from_index)
                .map(|c| c.to_string())
                .unwrap_or_default();
            return Err(PositionError(format!(
                "the {} area at {cell} has no empty neighbour, so it would have been discarded",
                side_name(*p)
            )));
        }
        let (me, them) = (self.hand[self.to_move.index()], self.hand[self.to_move.other().index()]);
        if me == 0 && them > 0 {
            return Err(PositionError(format!(
                "{} has no markers in hand, so it cannot be {}'s turn",
                side_name(self.to_move),
                side_name(self.to_move)
            )));
        }
        Ok(())
    }

    /// [`Kansho::from_position`] from lists of White's and Black's cells as axial `(q, r)`.
    pub fn from_coords(
        white: &[(i32, i32)],
        black: &[(i32, i32)],
        hands: [u8; 2],
        to_move: Player,
    ) -> Result<Kansho, PositionError> {
        let mut cells = [None; CELLS];
        for (list, p) in [(white, Player::P1), (black, Player::P2)] {
            for &(q, r) in list {
                let Some(c) = Cell::at(q, r) else {
                    return Err(PositionError(format!("{q},{r} is not a cell of the board")));
                };
                if cells[c.index()].replace(p).is_some() {
                    return Err(PositionError(format!("{q},{r} is listed twice")));
                }
            }
        }
        Kansho::from_position(&cells, hands, to_move)
    }

    /// Slots around `c` whose neighbour is on the board and not `me`'s: they need a marker.
    #[inline]
    fn needing(&self, c: usize, me: usize) -> u8 {
        let own = &self.markers[me];
        let mut need = 0;
        for (s, &n) in BOARD.slots(c).iter().enumerate() {
            if n != NONE && !bits::has(own, n as usize) {
                need |= 1 << s;
            }
        }
        need
    }

    #[inline]
    fn put(&mut self, colour: usize, i: usize) {
        bits::set(&mut self.markers[colour], i);
        self.hash ^= ZOBRIST.cell[colour][i];
    }

    #[inline]
    fn take(&mut self, colour: usize, i: usize) {
        bits::clear(&mut self.markers[colour], i);
        self.hash ^= ZOBRIST.cell[colour][i];
    }

    /// Stage 1: the centre marker and the filled or replaced neighbours, paid from hand. With a
    /// short hand only `mv`'s chosen neighbours are filled.
    pub fn stage_place(&mut self, mv: KanshoMove, mut rec: Option<&mut Vec<KanshoStep>>) {
        let me = self.to_move.index();
        let them = 1 - me;
        let c = mv.centre.index();
        debug_assert!(c < CELLS && !bits::has(&self.markers[them], c) && !bits::has(&self.markers[me], c));
        let old_hand = self.hand[me];
        let mut hand = old_hand.saturating_sub(1);
        self.put(me, c);
        if let Some(r) = rec.as_deref_mut() {
            r.push(KanshoStep::Placed {
                cell: mv.centre,
                colour: self.to_move,
            });
        }
        let need = self.needing(c, me);
        let picks = if u32::from(hand) >= need.count_ones() {
            need
        } else {
            mv.picks & need
        };
        let slots = *BOARD.slots(c);
        for (s, &n) in slots.iter().enumerate() {
            if picks >> s & 1 == 0 || hand == 0 {
                continue;
            }
            let n = n as usize;
            let cell = Cell::from_index(n).unwrap_or(mv.centre);
            if bits::has(&self.markers[them], n) {
                self.take(them, n);
                self.discarded[them] += 1;
                if let Some(r) = rec.as_deref_mut() {
                    r.push(KanshoStep::Replaced {
                        cell,
                        colour: self.to_move,
                        old: self.to_move.other(),
                    });
                }
            } else if let Some(r) = rec.as_deref_mut() {
                r.push(KanshoStep::Filled {
                    cell,
                    colour: self.to_move,
                });
            }
            self.put(me, n);
            hand -= 1;
        }
        self.hand[me] = hand;
        self.hash ^= ZOBRIST.hand[me][old_hand as usize] ^ ZOBRIST.hand[me][hand as usize];
        // Every cell whose colour changed, and every neighbour of one, is within distance 2.
        self.pending = Pending {
            centre: c as u8,
            dirty: *BOARD.ball2(c),
            wave: 0,
        };
    }

    /// Stage 2: every surrounded opponent area is discarded, then, on the updated board, every
    /// surrounded area of the mover. One `AreaDiscarded` step per area.
    pub fn stage_discard_surrounded(&mut self, mut rec: Option<&mut Vec<KanshoStep>>) {
        let c = self.pending.centre as usize;
        if c >= CELLS {
            return;
        }
        let me = self.to_move.index();
        let them = 1 - me;
        // Between moves no area is surrounded, so only areas touching a changed cell can be:
        // they all have a cell within distance 2 of the centre. Separate opponent areas are
        // never adjacent, so discarding one cannot change another's verdict.
        let mut free = self.empty_bits();
        let seeds = bits::and(BOARD.ball2(c), &self.markers[them]);
        for s in bits::iter(seeds) {
            // Already known to be in an area with an empty neighbour, or just discarded.
            if bits::has(&free, s) || !bits::has(&self.markers[them], s) {
                continue;
            }
            // The common case, without setting up a search: an empty cell right next to it.
            let (w, mask) = BOARD.window(s);
            if bits::window(&free, w) & mask != 0 {
                bits::set(&mut free, s);
                continue;
            }
            if let Some(area) = self.surrounded_area(them, s, &mut free) {
                self.discard_area(them, &area, rec.as_deref_mut());
            }
        }
        // Every mover's cell the placement touched is next to the centre, so the centre's area
        // is the only one of the mover's that can have lost its last empty neighbour.
        let mut free = self.empty_bits();
        if let Some(area) = self.surrounded_area(me, c, &mut free) {
            self.discard_area(me, &area, rec);
        }
    }

    /// The area of `colour` containing `seed`, if it has no empty neighbour. `free` holds the
    /// empty cells plus the `colour` cells already found to be in areas that do have one:
    /// reaching any of them ends the search (it stops at the first, so most searches are
    /// short), and the cells explored on the way are added to `free`.
    fn surrounded_area(&self, colour: usize, seed: usize, free: &mut Bits) -> Option<Bits> {
        let own = &self.markers[colour];
        let mut stack = [0u8; CELLS];
        let mut sp = 1;
        stack[0] = seed as u8;
        let mut seen = [0; 4];
        bits::set(&mut seen, seed);
        while sp > 0 {
            sp -= 1;
            let cell = stack[sp] as usize;
            let (w, mask) = BOARD.window(cell);
            if bits::window(free, w) & mask != 0 {
                bits::or_assign(free, &seen);
                return None;
            }
            let mut grow = bits::window(own, w) & !bits::window(&seen, w) & mask;
            while grow != 0 {
                let n = w * 64 + grow.trailing_zeros() as usize;
                grow &= grow - 1;
                bits::set(&mut seen, n);
                stack[sp] = n as u8;
                sp += 1;
            }
        }
        Some(seen)
    }

    fn discard_area(&mut self, colour: usize, area: &Bits, rec: Option<&mut Vec<KanshoStep>>) {
        let mut cells = Vec::new();
        let recording = rec.is_some();
        for i in bits::iter(*area) {
            self.take(colour, i);
            self.discarded[colour] += 1;
            bits::or_assign(&mut self.pending.dirty, BOARD.neighbour_bits(i));
            if recording {
                cells.extend(Cell::from_index(i));
            }
        }
        if let Some(r) = rec {
            r.push(KanshoStep::AreaDiscarded {
                colour: player(colour),
                cells,
            });
        }
    }

    /// Stage 3, one wave: every marker (either colour) with at most one same-colour neighbour
    /// is discarded at once. Returns whether anything was discarded; call until it returns
    /// `false`.
    pub fn stage_solo_wave(&mut self, rec: Option<&mut Vec<KanshoStep>>) -> bool {
        let [w, b] = &self.markers;
        let occupied = [w[0] | b[0], w[1] | b[1], w[2] | b[2], w[3] | b[3]];
        let candidates = bits::and(&self.pending.dirty, &occupied);
        self.pending.dirty = [0; 4];
        let mut gone = [[0u64; 4]; 2];
        let mut any = false;
        for i in bits::iter(candidates) {
            let colour = usize::from(!bits::has(&self.markers[0], i));
            let (w, mask) = BOARD.window(i);
            let friends = bits::window(&self.markers[colour], w) & mask;
            // At most one bit set: at most one same-colour neighbour.
            if friends & friends.wrapping_sub(1) == 0 {
                bits::set(&mut gone[colour], i);
                any = true;
            }
        }
        if !any {
            return false;
        }
        self.pending.wave += 1;
        let mut cells = Vec::new();
        let recording = rec.is_some();
        let mut all_gone = gone[0];
        bits::or_assign(&mut all_gone, &gone[1]);
        for i in bits::iter(all_gone) {
            let colour = usize::from(!bits::has(&gone[0], i));
            self.take(colour, i);
            self.discarded[colour] += 1;
            bits::or_assign(&mut self.pending.dirty, BOARD.neighbour_bits(i));
            if recording {
                cells.extend(Cell::from_index(i).map(|c| (c, player(colour))));
            }
        }
        if let Some(r) = rec {
            r.push(KanshoStep::SoloWave {
                index: self.pending.wave,
                cells,
            });
        }
        true
    }

    /// Stage 3, all waves: runs [`Kansho::stage_solo_wave`] until nothing qualifies.
    pub fn stage_solo_waves(&mut self, mut rec: Option<&mut Vec<KanshoStep>>) {
        while self.stage_solo_wave(rec.as_deref_mut()) {}
    }

    /// Stage 4: the opponent moves next if they have markers in hand, otherwise the mover
    /// repeats; with both hands empty the game ends.
    pub fn stage_end_turn(&mut self, rec: Option<&mut Vec<KanshoStep>>) {
        self.pending = Pending::IDLE;
        self.ply += 1;
        let me = self.to_move;
        let them = me.other();
        let step = if self.hand[them.index()] > 0 {
            self.to_move = them;
            self.hash ^= ZOBRIST.side;
            KanshoStep::TurnPassed {
                next: them,
                repeat: false,
            }
        } else if self.hand[me.index()] > 0 {
            KanshoStep::TurnPassed { next: me, repeat: true }
        } else if rec.is_none() {
            return;
        } else {
            let (white, black) = (self.on_board(Player::P1), self.on_board(Player::P2));
            let winner = match white.cmp(&black) {
                std::cmp::Ordering::Greater => Some(Player::P1),
                std::cmp::Ordering::Less => Some(Player::P2),
                std::cmp::Ordering::Equal => None,
            };
            let result = classify(white.max(black).into(), white.min(black).into());
            KanshoStep::GameEnded {
                white,
                black,
                winner,
                result,
            }
        };
        if let Some(r) = rec {
            r.push(step);
        }
    }

    /// Runs all four stages, recording into `rec` when given.
    fn run(&mut self, mv: KanshoMove, mut rec: Option<&mut Vec<KanshoStep>>) {
        self.stage_place(mv, rec.as_deref_mut());
        self.stage_discard_surrounded(rec.as_deref_mut());
        self.stage_solo_waves(rec.as_deref_mut());
        self.stage_end_turn(rec);
    }

    fn check_move(&self, mv: &KanshoMove) -> Result<(), Illegal> {
        let me = self.to_move.index();
        if self.hand[0] == 0 && self.hand[1] == 0 {
            return Err(Illegal::GameOver);
        }
        let c = mv.centre.index();
        if c >= CELLS {
            return Err(Illegal::NotACell);
        }
        if bits::has(&self.markers[0], c) || bits::has(&self.markers[1], c) {
            return Err(Illegal::Occupied(mv.centre));
        }
        let slots = BOARD.slots(c);
        if (0..8).any(|s| mv.picks >> s & 1 != 0 && (s >= 6 || slots[s] == NONE)) {
            return Err(Illegal::NotANeighbour);
        }
        let need = self.needing(c, me);
        let left = self.hand[me].saturating_sub(1);
        if left == 0 || u32::from(left) >= need.count_ones() {
            if mv.picks != 0 {
                return Err(Illegal::NoChoice { left });
            }
            return Ok(());
        }
        if let Some(s) = (0..6).find(|s| mv.picks >> s & 1 != 0 && need >> s & 1 == 0) {
            return Err(Illegal::AlreadyYours(
                Cell::from_index(slots[s].into()).unwrap_or(mv.centre),
            ));
        }
        if mv.picks.count_ones() != u32::from(left) {
            return Err(Illegal::WrongCount {
                left,
                need: need.count_ones(),
            });
        }
        Ok(())
    }

    /// Markers (either colour) with fewer than two same-colour neighbours: a full scan, for
    /// set-up checks and tests.
    fn solo_markers(&self) -> Vec<Cell> {
        Cell::all()
            .filter(|&c| {
                self.owner(c)
                    .is_some_and(|p| c.neighbours().filter(|&n| self.owner(n) == Some(p)).count() < 2)
            })
            .collect()
    }

    /// Every area without an empty neighbour: a full scan, for set-up checks and tests.
    fn surrounded_areas(&self) -> Vec<(Player, Bits)> {
        let empty = self.empty_bits();
        let mut out = Vec::new();
        for p in Player::BOTH {
            let mut seen = [0; 4];
            for i in 0..CELLS {
                if !bits::has(&self.markers[p.index()], i) || bits::has(&seen, i) {
                    continue;
                }
                // Full flood (no early stop) so `seen` covers the whole area.
                let mut area = [0; 4];
                let mut stack = vec![i];
                bits::set(&mut seen, i);
                let mut free = false;
                while let Some(c) = stack.pop() {
                    bits::set(&mut area, c);
                    for n in BOARD.neighbours(c) {
                        free |= bits::has(&empty, n);
                        if bits::has(&self.markers[p.index()], n) && !bits::has(&seen, n) {
                            bits::set(&mut seen, n);
                            stack.push(n);
                        }
                    }
                }
                if !free {
                    out.push((p, area));
                }
            }
        }
        out
    }

    /// The Zobrist key computed from scratch (the incremental one must always equal it).
    fn compute_hash(&self) -> u64 {
        let mut h = 0;
        for c in 0..2 {
            for i in bits::iter(self.markers[c]) {
                h ^= ZOBRIST.cell[c][i];
            }
            h ^= ZOBRIST.hand[c][self.hand[c] as usize];
        }
        if self.to_move == Player::P2 {
            h ^= ZOBRIST.side;
        }
        h
    }
}

/// Legal moves at one empty cell when `m` neighbours need a marker and `left` remain after
/// the centre (`left >= 1`): one unless the hand is short, then `C(m, left)`.
fn choices(m: u32, left: u32) -> u32 {
    if left >= m {
        return 1;
    }
    // C(m, left) for m <= 6.
    (0..left).fold(1, |acc, i| acc * (m - i) / (i + 1))
}

fn player(colour: usize) -> Player {
    if colour == 0 { Player::P1 } else { Player::P2 }
}

fn side_name(p: Player) -> &'static str {
    match p {
        Player::P1 => "white",
        Player::P2 => "black",
    }
}

/// Reads one `q,r` cell of a move.
fn parse_cell(text: &str) -> Result<Cell, NotationError> {
    if text.is_empty() {
        return Err(NotationError::new(
            "a cell is missing: a '+' must be followed by a cell such as 3,-1",
        ));
    }
    let Some((q, r)) = text.split_once(',') else {
        return Err(NotationError::new(format!(
            "'{text}' is not a cell: write q,r such as 3,-2"
        )));
    };
    let num = |s: &str| {
        s.parse::<i32>()
            .map_err(|_| NotationError::new(format!("'{s}' in '{text}' is not a whole number")))
    };
    let (q, r) = (num(q)?, num(r)?);
    if is_hole(q, r) {
        return Err(NotationError::new(format!(
            "{q},{r} is in the hole in the middle of the board"
        )));
    }
    Cell::at(q, r).ok_or_else(|| NotationError::new(format!("{q},{r} is off the board")))
}

impl Game for Kansho {
    type Move = KanshoMove;
    type Step = KanshoStep;
    type Options = KanshoOptions;

    const ID: &'static str = "kansho";
    const NAME: &'static str = "Kansho";

    fn option_specs() -> &'static [OptionSpec] {
        OPTION_SPECS
    }

    fn parse_options(pairs: &[(&str, &str)]) -> Result<KanshoOptions, OptionsError> {
        let chosen = choose_options(Self::ID, OPTION_SPECS, pairs)?;
        let first = if chosen[0] == "black" { Player::P2 } else { Player::P1 };
        Ok(KanshoOptions { first })
    }

    fn option_pairs(options: &KanshoOptions) -> Vec<(String, String)> {
        vec![("first".to_string(), side_name(options.first).to_string())]
    }

    fn new(options: &KanshoOptions) -> Self {
        let mut s = Kansho {
            options: *options,
            markers: [[0; 4]; 2],
            hand: [HAND_SIZE; 2],
            discarded: [0; 2],
            to_move: options.first,
            ply: 0,
            hash: 0,
            pending: Pending::IDLE,
        };
        s.hash = s.compute_hash();
        s
    }

    fn options(&self) -> &KanshoOptions {
        &self.options
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn side_name(&self, player: Player) -> &'static str {
        side_name(player)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut Vec<KanshoMove>) {
        out.clear();
        let me = self.to_move.index();
        let hand = self.hand[me];
        if hand == 0 {
            return;
        }
        let left = hand - 1;
        for c in bits::iter(self.empty_bits()) {
            let centre = Cell(c as u8);
            // A neighbourhood never needs more than 6, so a hand of 7 is never short.
            if left >= 6 {
                out.push(KanshoMove::at(centre));
                continue;
            }
            let need = self.needing(c, me);
            if left == 0 || u32::from(left) >= need.count_ones() {
                out.push(KanshoMove::at(centre));
                continue;
            }
            let mut picks = 0u8;
            loop {
                // The next subset of `need`, in increasing order.
                picks = picks.wrapping_sub(need) & need;
                if picks == 0 {
                    break;
                }
                if picks.count_ones() == u32::from(left) {
                    out.push(KanshoMove { centre, picks });
                }
            }
        }
    }

    fn apply(&mut self, mv: KanshoMove) {
        self.run(mv, None);
    }

    fn apply_recorded(&mut self, mv: KanshoMove, steps: &mut Vec<KanshoStep>) {
        self.run(mv, Some(steps));
    }

    fn status(&self) -> Status {
        if self.hand[0] > 0 || self.hand[1] > 0 {
            return Status::Ongoing;
        }
        let (white, black) = (
            u32::from(self.on_board(Player::P1)),
            u32::from(self.on_board(Player::P2)),
        );
        match white.cmp(&black) {
            std::cmp::Ordering::Equal => Status::Draw { reason: "equal-scores" },
            std::cmp::Ordering::Greater => Status::Win {
                winner: Player::P1,
                reason: result_name(white, black),
            },
            std::cmp::Ordering::Less => Status::Win {
                winner: Player::P2,
                reason: result_name(black, white),
            },
        }
    }

    fn hash_key(&self) -> u64 {
        self.hash
    }

    fn format_move(&self, mv: &KanshoMove) -> String {
        let mut s = mv.centre.to_string();
        for n in mv.chosen() {
            s.push('+');
            s.push_str(&n.to_string());
        }
        s
    }

    fn parse_move(&self, text: &str) -> Result<KanshoMove, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::new(
                "empty move: write the centre cell as q,r, such as 3,-2",
            ));
        }
        let mut parts = text.split('+');
        let first = parts.next().unwrap_or_default();
        if first.is_empty() {
            return Err(NotationError::new(format!(
                "'{text}' must start with the centre cell, such as 3,-2"
            )));
        }
        let centre = parse_cell(first)?;
        let mut picks = 0u8;
        let mut last: Option<(usize, Cell)> = None;
        for part in parts {
            let n = parse_cell(part)?;
            let Some(slot) = slot_of(centre, n) else {
                return Err(NotationError::new(format!(
                    "{n} is not a neighbour of the centre {centre}"
                )));
            };
            if let Some((prev, prev_cell)) = last {
                if slot == prev {
                    return Err(NotationError::new(format!("neighbour {n} is listed twice")));
                }
                if slot < prev {
                    return Err(NotationError::new(format!(
                        "neighbours must be listed in ascending (q, r) order: {n} comes before {prev_cell}"
                    )));
                }
            }
            last = Some((slot, n));
            picks |= 1 << slot;
        }
        Ok(KanshoMove { centre, picks })
    }

    fn render(&self) -> String {
        let mut out = String::new();
        for r in -RADIUS..=RADIUS {
            let mut line = [b' '; (6 * RADIUS + 2) as usize];
            for q in -RADIUS..=RADIUS {
                let col = (2 * q + r + 2 * RADIUS) as usize;
                let ch = match Cell::at(q, r) {
                    Some(c) => match self.owner(c) {
                        Some(Player::P1) => b'W',
                        Some(Player::P2) => b'B',
                        None => b'.',
                    },
                    None if is_hole(q, r) => b'o',
                    None => continue,
                };
                line[col] = ch;
            }
            let text = String::from_utf8_lossy(&line);
            out.push_str(&format!("r{r:>3} {}\n", text.trim_end()));
        }
        out.push_str("W white, B black, . empty, o hole; cells are q,r with q rising left to right in a row\n");
        out
    }

    fn counters(&self) -> Vec<Counter> {
        let mut v = Vec::with_capacity(6);
        for p in Player::BOTH {
            let name = side_name(p);
            v.push(Counter::new(format!("{name} hand"), self.hand(p)));
            v.push(Counter::new(format!("{name} on board"), self.on_board(p)));
            v.push(Counter::new(format!("{name} discarded"), self.discarded(p)));
        }
        v
    }

    fn illegal_reason(&self, mv: &KanshoMove) -> String {
        match self.check_move(mv) {
            Err(e) => e.to_string(),
            Ok(()) => "the move is legal".to_string(),
        }
    }

    fn is_legal(&self, mv: &KanshoMove) -> bool {
        self.check_move(mv).is_ok()
    }

    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R, _buf: &mut Vec<KanshoMove>) -> Option<KanshoMove> {
        let hand = self.hand[self.to_move.index()];
        if hand == 0 {
            return None;
        }
        let empty = self.empty_bits();
        if hand >= 7 || hand == 1 {
            // Never short-handed, or only the centre to place: one legal move per empty cell.
            let n = bits::count(&empty);
            let k = rng.random_range(0..n);
            return bits::select(&empty, k).and_then(Cell::from_index).map(KanshoMove::at);
        }
        // Short hands: weigh each empty cell by its number of neighbour choices, so every legal
        // move stays equally likely without listing them all.
        let me = self.to_move.index();
        let left = u32::from(hand - 1);
        let mut cells = [(0u8, 0u8); CELLS];
        let mut n = 0;
        let mut total = 0u32;
        for c in bits::iter(empty) {
            let need = self.needing(c, me);
            cells[n] = (c as u8, need);
            n += 1;
            total += choices(need.count_ones(), left);
        }
        let mut k = rng.random_range(0..total);
        for &(c, need) in &cells[..n] {
            let ways = choices(need.count_ones(), left);
            if k >= ways {
                k -= ways;
                continue;
            }
            let centre = Cell(c);
            if need.count_ones() <= left {
                return Some(KanshoMove::at(centre));
            }
            let mut picks = 0u8;
            loop {
                picks = picks.wrapping_sub(need) & need;
                if picks == 0 {
                    return None;
                }
                if picks.count_ones() == left {
                    if k == 0 {
                        return Some(KanshoMove { centre, picks });
                    }
                    k -= 1;
                }
            }
        }
        None
    }
}

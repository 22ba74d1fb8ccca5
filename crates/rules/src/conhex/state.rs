//! The ConHex position: its fields, the checked saved form, the accessors, the sides each colour
//! joins, and the consistency check of a reachable position.

use serde::{Deserialize, Serialize};

use super::board::{CELLS, HOLES, Side, TABLES};
use super::options::ConHexOptions;
use crate::game::Player;

/// Every hole.
pub(super) const ALL_HOLES: u128 = (1 << HOLES) - 1;

/// A ConHex position. Serialised without its derived data; loading checks that the
/// position is one the rules can reach, so a corrupt save is an error, not a later panic.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "SavedConHex", into = "SavedConHex")]
pub struct ConHex {
    pub(super) options: ConHexOptions,
    /// Holes holding each colour's pegs (index: `Player::index`).
    pub(super) pegs: [u128; 2],
    /// Cells each colour owns.
    pub(super) cells: [u64; 2],
    pub(super) ply: u32,
    pub(super) swapped: bool,
    pub(super) winner: Option<Player>,
    /// Per colour, the owned cells joined to its first side (`N` for Blue, `W` for Red) — derived
    /// from `cells` and kept up to date, so a claim floods only what it newly joins.
    pub(super) reach: [u64; 2],
    /// Zobrist key of pegs and cells only; the side to move and the open swap are mixed in
    /// by `hash_key` because they follow from `ply` and `swapped`.
    pub(super) zobrist: u64,
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

/// The two sides a colour joins, in the order its winning chain runs: Blue `N` then `S`,
/// Red `W` then `E` (for colouring the board's edges).
pub fn goal_sides(colour: Player) -> (Side, Side) {
    match colour {
        Player::P1 => (Side::N, Side::S),
        Player::P2 => (Side::W, Side::E),
    }
}

impl ConHex {
    /// Checks everything the rules guarantee about a reachable position (used when loading
    /// a saved one, and by the tests after every move).
    pub(super) fn consistency(&self) -> Result<(), String> {
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
}

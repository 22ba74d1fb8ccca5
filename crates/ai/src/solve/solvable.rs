//! The games the solver accepts: a second, independent position key to verify table hits,
//! and whether a game can end drawn.

use std::fmt::Write as _;

use parlour_rules::Game;

/// A game the solver accepts: a second position key to verify table hits, and whether the
/// game can end in a draw (such games are not searched).
pub trait Solvable: Game {
    /// True when the game can end drawn.
    const CAN_DRAW: bool = true;

    /// True when every finished game is won by the player who made the last move (a side left
    /// without a move, or whose opponent has just completed a connection, has lost): then a
    /// won position's length is odd and a lost one's even, which halves the lengths the solver
    /// must ask about.
    const LAST_MOVER_WINS: bool = false;

    /// A 64-bit key of the position independent of [`Game::hash_key`]; equal positions give
    /// equal keys. The default hashes the state's `Debug` text (slow but exact).
    fn check_key(&self) -> u64 {
        let mut h = FnvWriter(0xcbf2_9ce4_8422_2325);
        let _ = write!(h, "{self:?}");
        h.0
    }

    /// The table's two keys: [`Game::hash_key`] and [`Solvable::check_key`] by default. A game
    /// may give positions that are the same up to a symmetry of the board the same keys (the
    /// result and its length do not change under a symmetry).
    fn solver_keys(&self) -> (u64, u64) {
        (self.hash_key(), self.check_key())
    }

    /// A bound on the plies left in any game from here, if the game knows one cheaply: the
    /// length reported for a proven result when the budget runs out before the proof's own
    /// bound is measured.
    fn plies_bound(&self) -> Option<u32> {
        None
    }
}

/// A 64-bit mix (SplitMix64's finaliser).
fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Two independent 64-bit keys of two 128-bit planes and a small tag.
fn plane_keys(planes: [u128; 2], tag: u64) -> (u64, u64) {
    let words = [
        planes[0] as u64,
        (planes[0] >> 64) as u64,
        planes[1] as u64,
        (planes[1] >> 64) as u64,
    ];
    let (mut a, mut b) = (mix(tag ^ 0x243f_6a88_85a3_08d3), mix(tag ^ 0x1319_8a2e_0370_7344));
    for w in words {
        a = mix(a ^ w).wrapping_add(0x9e37_79b9_7f4a_7c15);
        b = mix(b.rotate_left(17) ^ w ^ 0xa409_3822_299f_31d0);
    }
    (a, b)
}

/// FNV-1a over formatted text, without allocating.
struct FnvWriter(u64);

impl std::fmt::Write for FnvWriter {
    fn write_str(&mut self, s: &str) -> std::fmt::Result {
        for b in s.bytes() {
            self.0 = (self.0 ^ b as u64).wrapping_mul(0x0100_0000_01b3);
        }
        Ok(())
    }
}

impl Solvable for parlour_rules::konane::Konane {
    const CAN_DRAW: bool = false;
    const LAST_MOVER_WINS: bool = true;

    fn check_key(&self) -> u64 {
        self.solver_keys().1
    }

    /// Every move takes at least one stone.
    fn plies_bound(&self) -> Option<u32> {
        self.packed_stones().map(|[a, b]| a.count_ones() + b.count_ones())
    }

    /// Keys of the packed bitboards, the same for a position and its half-turn: turning an
    /// even-sided board half round keeps every stone on its colour, and on the packed layout
    /// (bit `rank * (width + 1) + file`) it reverses the used bits. The side to move is in the
    /// tag (with whether the opening removals are still to come).
    fn solver_keys(&self) -> (u64, u64) {
        let tag = u64::from(self.ply().min(2) * 2 + self.ply() % 2);
        match self.packed_stones() {
            Some(stones) => {
                let used = u32::from(self.height()) * (u32::from(self.width()) + 1) - 1;
                let turn = |x: u128| x.reverse_bits() >> (128 - used);
                let turned = [turn(stones[0]), turn(stones[1])];
                plane_keys(turned.min(stones), tag)
            }
            None => {
                let mut h = FnvWriter(0xcbf2_9ce4_8422_2325);
                let _ = write!(h, "{self:?}");
                (self.hash_key(), h.0)
            }
        }
    }
}

impl Solvable for parlour_rules::conhex::ConHex {
    const CAN_DRAW: bool = false;
    const LAST_MOVER_WINS: bool = true;
}
impl Solvable for parlour_rules::kansho::Kansho {}
impl Solvable for parlour_rules::qyshinsu::Qyshinsu {}
impl Solvable for parlour_rules::soldiers::Soldiers {}

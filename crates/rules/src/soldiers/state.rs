//! The position ([`Soldiers`]): its fields, the checked serde form, setting up any position, the
//! accessors and the position key.

use serde::{Deserialize, Serialize};
use thiserror::Error;

use super::board::{self, ApexKind, Board, Point};
use super::history::History;
use super::options::SoldiersOptions;
use super::outcome::{NO_CAPTURE_LIMIT, Outcome};
use super::rule_set::Rules;
use super::zobrist;
use crate::game::Player;

/// Why [`Soldiers::from_position`] refused a position.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SetupError {
    /// A point name that the board does not have.
    #[error("'{point}' is not a point of {board}")]
    UnknownPoint {
        /// The name given.
        point: String,
        /// The board's name.
        board: String,
    },
    /// Two pieces on one point.
    #[error("two pieces on {0}")]
    Occupied(String),
    /// A soldier placed in the refuge, where soldiers may never go.
    #[error("soldiers may not stand in the {refuge} ({point})")]
    SoldierInRefuge {
        /// The point.
        point: String,
        /// `privy` or `cloister`.
        refuge: &'static str,
    },
}

/// A game of the Sixteen Soldiers family: the hunter's point, the soldiers as a bitmask, the
/// side to move, the apex flag and the counters the end rules need.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "SoldiersData")]
pub struct Soldiers {
    pub(super) options: SoldiersOptions,
    /// The rules in force, resolved from the options once.
    #[serde(skip)]
    pub(super) rules: Rules,
    pub(super) hunter: Point,
    pub(super) soldiers: u64,
    pub(super) count: u8,
    pub(super) captured: u8,
    pub(super) side: Player,
    pub(super) ply: u32,
    pub(super) since_capture: u16,
    pub(super) apex_reached: bool,
    pub(super) outcome: Option<Outcome>,
    pub(super) key: u64,
    pub(super) history: History,
}

/// A state as read from a file, checked (and its derived fields recomputed) before it becomes a
/// [`Soldiers`], so that a damaged save cannot put the rules in an impossible position.
#[derive(Deserialize)]
struct SoldiersData {
    options: SoldiersOptions,
    hunter: Point,
    soldiers: u64,
    captured: u8,
    side: Player,
    ply: u32,
    since_capture: u16,
    apex_reached: bool,
    outcome: Option<Outcome>,
    history: History,
}

impl TryFrom<SoldiersData> for Soldiers {
    type Error = String;

    fn try_from(d: SoldiersData) -> Result<Soldiers, String> {
        let options = d.options.canonical();
        let rules = options.rules();
        let b = options.variant.board();
        if rules.threshold as usize >= b.soldier_starts().len() {
            return Err("the general's threshold is out of range".into());
        }
        if d.hunter as usize >= b.len() || d.soldiers & !b.main != 0 || d.soldiers >> d.hunter & 1 == 1 {
            return Err("pieces off the board, in the refuge or on top of each other".into());
        }
        if d.since_capture > NO_CAPTURE_LIMIT || d.history.len > d.since_capture {
            return Err("move counters out of range".into());
        }
        let mut s = Soldiers {
            options,
            rules,
            hunter: d.hunter,
            soldiers: d.soldiers,
            count: d.soldiers.count_ones() as u8,
            captured: d.captured,
            side: d.side,
            ply: d.ply,
            since_capture: d.since_capture,
            apex_reached: d.apex_reached && rules.apex && b.apex_kind() == ApexKind::Return,
            outcome: d.outcome,
            key: 0,
            history: d.history,
        };
        s.key = s.compute_key();
        Ok(s)
    }
}

impl Soldiers {
    /// Sets up any position: the hunter's point and the soldiers' points by name, and the side
    /// to move. No move has been played yet (ply 0, no capture counted, the apex not reached,
    /// this position the first occurrence). The status is judged by the rules that do not
    /// depend on a last move: shut-in, the hunter's threshold and a pinned side to move.
    pub fn from_position(
        options: &SoldiersOptions,
        hunter: &str,
        soldiers: &[&str],
        side_to_move: Player,
    ) -> Result<Soldiers, SetupError> {
        let b = options.variant.board();
        let find = |name: &str| {
            b.point(name.trim()).ok_or_else(|| SetupError::UnknownPoint {
                point: name.to_string(),
                board: b.name().to_string(),
            })
        };
        let h = find(hunter)?;
        let mut mask = 0u64;
        for &name in soldiers {
            let p = find(name)?;
            if p == h || mask >> p & 1 == 1 {
                return Err(SetupError::Occupied(b.point_name(p).to_string()));
            }
            if b.is_refuge(p) {
                return Err(SetupError::SoldierInRefuge {
                    point: b.point_name(p).to_string(),
                    refuge: b.refuge_name(),
                });
            }
            mask |= 1 << p;
        }
        Ok(Self::setup(*options, h, mask, side_to_move))
    }

    /// Sets up a position from its parts without names (the retrograde tables enumerate
    /// millions): the hunter's point, the soldiers' bitmask, the side to move and whether the
    /// apex has been reached (kept only where the apex rule is in force). As
    /// [`Soldiers::from_position`], no move has been played yet and the status is judged by the
    /// rules that do not depend on a last move. `None` when a piece is off the board, a soldier
    /// stands in the refuge or on the hunter.
    pub fn from_parts(
        options: &SoldiersOptions,
        hunter: Point,
        soldiers: u64,
        side_to_move: Player,
        apex_reached: bool,
    ) -> Option<Soldiers> {
        let b = options.variant.board();
        if hunter as usize >= b.len() || soldiers & !b.main != 0 || soldiers >> hunter & 1 == 1 {
            return None;
        }
        let mut s = Self::setup(*options, hunter, soldiers, side_to_move);
        if apex_reached && s.apex_rule_in_force() {
            s.apex_reached = true;
            s.key = s.compute_key();
        }
        Some(s)
    }

    pub(super) fn setup(options: SoldiersOptions, hunter: Point, soldiers: u64, side: Player) -> Soldiers {
        let options = options.canonical();
        let mut s = Soldiers {
            options,
            rules: options.rules(),
            hunter,
            soldiers,
            count: soldiers.count_ones() as u8,
            captured: 0,
            side,
            ply: 0,
            since_capture: 0,
            apex_reached: false,
            outcome: None,
            key: 0,
            history: History::new(),
        };
        s.key = s.compute_key();
        s.judge_setup();
        s
    }

    /// The board and rule parameters in force.
    pub fn board(&self) -> &'static Board {
        self.options.variant.board()
    }

    /// The hunter's point.
    pub fn hunter(&self) -> Point {
        self.hunter
    }

    /// The soldiers' points as a bitmask (bit i = point i).
    pub fn soldier_mask(&self) -> u64 {
        self.soldiers
    }

    /// The soldiers' points, in point order.
    pub fn soldier_points(&self) -> impl Iterator<Item = Point> + '_ {
        board::bits(self.soldiers)
    }

    /// How many soldiers are on the board.
    pub fn soldier_count(&self) -> u32 {
        self.count as u32
    }

    /// The rules in force in this game.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The hunter wins at this many soldiers or fewer.
    pub fn threshold(&self) -> u32 {
        self.rules.threshold
    }

    /// Whether the hunter has reached an apex point with the apex rule in force.
    pub fn apex_reached(&self) -> bool {
        self.apex_reached
    }

    /// Moves played since the last capture (or the start).
    pub fn moves_without_capture(&self) -> u32 {
        self.since_capture as u32
    }

    /// How many times the current position has occurred since the last capture or apex change
    /// (the start counts once; the third occurrence is a draw).
    pub fn occurrences(&self) -> u32 {
        self.history.occurrences(self.key) + 1
    }

    /// How the game ended, once it has.
    pub fn outcome(&self) -> Option<Outcome> {
        self.outcome
    }

    /// True when the seed's apex rule is in force in this game.
    pub fn apex_rule_in_force(&self) -> bool {
        self.rules.apex && self.board().apex_kind() == ApexKind::Return
    }

    /// The key computed from scratch (the incremental one must always equal it).
    pub(super) fn compute_key(&self) -> u64 {
        let mut k = zobrist::VARIANT[self.options.variant as usize]
            ^ self.rules.key(self.options.variant)
            ^ zobrist::HUNTER[self.hunter as usize];
        for p in board::bits(self.soldiers) {
            k ^= zobrist::SOLDIER[p as usize];
        }
        if self.side == Player::P2 {
            k ^= zobrist::SIDE;
        }
        if self.apex_reached {
            k ^= zobrist::APEX;
        }
        k
    }
}

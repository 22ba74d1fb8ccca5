//! The Sixteen Soldiers family (`shared/rules/sixteen-soldiers.md`): one hunter — the General,
//! or the Monk — against many soldiers (Water), on five boards read from the rule book's data.
//!
//! This module owns the game state, its options, the staged record and the [`Game`]
//! implementation; [`board`] owns the data and the tables derived from it, [`moves`] the move
//! type and notation, and `rules` move generation, the stage functions of a move (step, jump
//! hops, intervention, custodian capture) and the end checks in the page's order.
//!
//! The position is two numbers — the hunter's point and a bitmask of soldiers — plus the side
//! to move and the apex flag, so every board (at most 49 points) fits one `u64`.

pub mod board;
pub mod moves;
mod rules;

#[cfg(test)]
mod tests;

use std::fmt;

use rand::Rng;
use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use thiserror::Error;

pub use board::{ApexKind, Board, CaptureKind, MAX_HOPS, Point, Variant};
pub use moves::Move;

use crate::game::{Counter, Game, NotationError, OptionSpec, OptionsError, Player, Status, choose_options};

/// Moves without a capture (by both sides together) after which the game is drawn.
pub const NO_CAPTURE_LIMIT: u16 = 200;

/// The options of a game of the Sixteen Soldiers family.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SoldiersOptions {
    /// Which board and rule set.
    pub variant: Variant,
    /// Whether the seed's apex rule is in force (on boards that have apex points; Monk and
    /// Water's cloister rule does not depend on it).
    pub apex: bool,
}

impl Default for SoldiersOptions {
    fn default() -> Self {
        SoldiersOptions {
            variant: Variant::Board1,
            apex: true,
        }
    }
}

/// Which kind of piece moved.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Piece {
    /// The General (the Monk).
    Hunter,
    /// A soldier (Water).
    Soldier,
}

/// Why a game ended: the rule page's end reasons, in the order they are checked.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum EndReason {
    /// The general was captured by custodian capture.
    Captured,
    /// The hunter is in the refuge and every exit holds a soldier.
    ShutIn,
    /// The soldiers are down to the hunter's threshold.
    Threshold,
    /// The hunter won through the apex (apex rule, or Monk and Water's cloister rule).
    Apex,
    /// The side to move has no legal move, and loses.
    Pinned,
    /// The same position occurred for the third time (a draw).
    Repetition,
    /// 200 moves in a row without a capture (a draw).
    NoCapture,
}

impl EndReason {
    /// The rule page's end word (`captured`, `shut-in`, …).
    pub fn as_str(self) -> &'static str {
        match self {
            EndReason::Captured => "captured",
            EndReason::ShutIn => "shut-in",
            EndReason::Threshold => "threshold",
            EndReason::Apex => "apex",
            EndReason::Pinned => "pinned",
            EndReason::Repetition => "repetition",
            EndReason::NoCapture => "no-capture",
        }
    }
}

/// How a finished game ended.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Outcome {
    /// The winner; `None` for a draw.
    pub winner: Option<Player>,
    /// Why it ended.
    pub reason: EndReason,
}

/// One stage of what a move did, in the rules' order, for the client to animate.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub enum Step {
    /// A piece moved one step along an edge.
    Move {
        /// Which piece.
        piece: Piece,
        /// Where it came from.
        from: Point,
        /// Where it went.
        to: Point,
    },
    /// One hop of the hunter's jump chain; the jumped soldier leaves the board at once.
    Jump {
        /// Where the hop started.
        from: Point,
        /// The soldier captured.
        over: Point,
        /// Where the hunter landed.
        to: Point,
    },
    /// The soldiers captured by intervention when the hunter arrived on `at`: every flanking
    /// pair on every line at once, to be removed together.
    Intervention {
        /// Where the hunter arrived.
        at: Point,
        /// Every soldier captured by this move.
        captured: Vec<Point>,
    },
    /// The hunter reached an apex point with the apex rule in force (he now wins by ending a
    /// later move outside the privy).
    ApexReached {
        /// The apex point.
        at: Point,
    },
    /// The general was captured between the soldier that just moved and another soldier.
    Custodian {
        /// The general's point.
        general: Point,
        /// The two flanking soldiers.
        flankers: [Point; 2],
    },
    /// The game ended.
    End {
        /// The winner; `None` for a draw.
        winner: Option<Player>,
        /// The rule page's end word.
        reason: &'static str,
    },
}

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

/// Zobrist keys: one per (piece kind, point), one for the side to move, one for the apex flag,
/// one per variant. Fixed constants so keys are the same in every run.
mod zobrist {
    const fn mix(mut x: u64) -> u64 {
        x = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
        x = (x ^ (x >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        x = (x ^ (x >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        x ^ (x >> 31)
    }
    const fn table(seed: u64) -> [u64; 64] {
        let mut t = [0u64; 64];
        let mut i = 0;
        while i < 64 {
            t[i] = mix(seed.wrapping_mul(1000).wrapping_add(i as u64));
            i += 1;
        }
        t
    }
    pub(super) const HUNTER: [u64; 64] = table(1);
    pub(super) const SOLDIER: [u64; 64] = table(2);
    pub(super) const SIDE: u64 = mix(3_000_001);
    pub(super) const APEX: u64 = mix(3_000_002);
    pub(super) const VARIANT: [u64; 64] = table(4);
}

/// The keys of the positions since the last capture (or since the apex flag was set, which no
/// earlier position can match), oldest first, without the current one. A capture resets it and
/// the no-capture rule ends the game after 200 moves, so 200 entries always suffice.
#[derive(Clone)]
struct History {
    len: u16,
    /// A 256-bit filter of the keys' top bytes: a key whose bit is clear is not in the list,
    /// which spares the scan for almost every new position.
    seen: [u64; 4],
    keys: [u64; NO_CAPTURE_LIMIT as usize],
}

impl History {
    fn new() -> History {
        History {
            len: 0,
            seen: [0; 4],
            keys: [0; NO_CAPTURE_LIMIT as usize],
        }
    }

    #[inline]
    fn clear(&mut self) {
        self.len = 0;
        self.seen = [0; 4];
    }

    #[inline]
    fn filter_bit(key: u64) -> (usize, u64) {
        ((key >> 62) as usize, 1u64 << (key >> 56 & 63))
    }

    #[inline]
    fn push(&mut self, key: u64) {
        // Cannot overflow: the game ends at 200 moves since the last reset, before a 201st push.
        if let Some(slot) = self.keys.get_mut(self.len as usize) {
            *slot = key;
            self.len += 1;
            let (word, bit) = Self::filter_bit(key);
            self.seen[word] |= bit;
        }
    }

    /// How often `key` occurred before, looking only at positions with the same side to move
    /// (every other entry, from the second-newest back).
    #[inline]
    fn occurrences(&self, key: u64) -> u32 {
        let (word, bit) = Self::filter_bit(key);
        if self.seen[word] & bit == 0 {
            return 0;
        }
        let mut n = 0;
        let mut i = self.len as usize;
        while i >= 2 {
            i -= 2;
            n += (self.keys[i] == key) as u32;
        }
        n
    }

    fn as_slice(&self) -> &[u64] {
        &self.keys[..self.len as usize]
    }
}

impl fmt::Debug for History {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "History({} positions)", self.len)
    }
}

impl Serialize for History {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for History {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<History, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = History;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "at most {NO_CAPTURE_LIMIT} position keys")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<History, A::Error> {
                let mut h = History::new();
                while let Some(k) = seq.next_element::<u64>()? {
                    if h.len as usize == h.keys.len() {
                        return Err(de::Error::invalid_length(h.len as usize + 1, &self));
                    }
                    h.push(k);
                }
                Ok(h)
            }
        }
        d.deserialize_seq(V)
    }
}

/// A game of the Sixteen Soldiers family: the hunter's point, the soldiers as a bitmask, the
/// side to move, the apex flag and the counters the end rules need.
#[derive(Clone, Debug, Serialize, Deserialize)]
#[serde(try_from = "SoldiersData")]
pub struct Soldiers {
    options: SoldiersOptions,
    hunter: Point,
    soldiers: u64,
    count: u8,
    captured: u8,
    side: Player,
    ply: u32,
    since_capture: u16,
    apex_reached: bool,
    outcome: Option<Outcome>,
    key: u64,
    history: History,
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
        let b = d.options.variant.board();
        if d.hunter as usize >= b.len() || d.soldiers & !b.main != 0 || d.soldiers >> d.hunter & 1 == 1 {
            return Err("pieces off the board, in the refuge or on top of each other".into());
        }
        if d.since_capture > NO_CAPTURE_LIMIT || d.history.len > d.since_capture {
            return Err("move counters out of range".into());
        }
        let mut s = Soldiers {
            options: d.options,
            hunter: d.hunter,
            soldiers: d.soldiers,
            count: d.soldiers.count_ones() as u8,
            captured: d.captured,
            side: d.side,
            ply: d.ply,
            since_capture: d.since_capture,
            apex_reached: d.apex_reached && d.options.apex && b.apex_kind() == ApexKind::Return,
            outcome: d.outcome,
            key: 0,
            history: d.history,
        };
        s.key = s.compute_key();
        Ok(s)
    }
}

const OPTION_SPECS: &[OptionSpec] = &[
    OptionSpec {
        key: "variant",
        values: &Variant::IDS,
        default: "board1",
        help: "The board and its rules: boards 1 and 2 (Chinese: intervention capture, the general can be \
               captured), board 3 (Nanking: 26 soldiers, jumps), board 4 (Japanese Juroku Musashi: jumps) \
               or Monk and Water.",
    },
    OptionSpec {
        key: "apex",
        values: &["on", "off"],
        default: "on",
        help: "With on, the general also wins by reaching an apex of the privy and later ending a move \
               outside it (Monk and Water keeps its own cloister rule either way).",
    },
];

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

    fn setup(options: SoldiersOptions, hunter: Point, soldiers: u64, side: Player) -> Soldiers {
        let mut s = Soldiers {
            options,
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
        rules::bits(self.soldiers)
    }

    /// How many soldiers are on the board.
    pub fn soldier_count(&self) -> u32 {
        self.count as u32
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
        self.options.apex && self.board().apex_kind() == ApexKind::Return
    }

    /// The key computed from scratch (the incremental one must always equal it).
    fn compute_key(&self) -> u64 {
        let mut k = zobrist::VARIANT[self.options.variant as usize] ^ zobrist::HUNTER[self.hunter as usize];
        for p in rules::bits(self.soldiers) {
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

impl Game for Soldiers {
    type Move = Move;
    type Step = Step;
    type Options = SoldiersOptions;

    const ID: &'static str = "soldiers";
    const NAME: &'static str = "Sixteen Soldiers";

    fn option_specs() -> &'static [OptionSpec] {
        OPTION_SPECS
    }

    fn parse_options(pairs: &[(&str, &str)]) -> Result<SoldiersOptions, OptionsError> {
        let chosen = choose_options(Self::ID, OPTION_SPECS, pairs)?;
        let variant = Variant::from_id(chosen[0]).unwrap_or_default();
        Ok(SoldiersOptions {
            variant,
            apex: chosen[1] == "on",
        })
    }

    fn option_pairs(options: &SoldiersOptions) -> Vec<(String, String)> {
        vec![
            ("variant".to_string(), options.variant.id().to_string()),
            ("apex".to_string(), if options.apex { "on" } else { "off" }.to_string()),
        ]
    }

    fn display_name(options: &SoldiersOptions) -> String {
        options.variant.board().name().to_string()
    }

    fn new(options: &SoldiersOptions) -> Soldiers {
        let b = options.variant.board();
        let mask = b.soldier_starts().iter().fold(0u64, |m, &p| m | 1 << p);
        Self::setup(*options, b.hunter_start(), mask, b.first())
    }

    fn options(&self) -> &SoldiersOptions {
        &self.options
    }

    fn side_to_move(&self) -> Player {
        self.side
    }

    fn side_name(&self, player: Player) -> &'static str {
        let b = self.board();
        match player {
            Player::P1 => b.hunter_name(),
            Player::P2 => b.soldiers_name(),
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut Vec<Move>) {
        self.generate(out);
    }

    fn apply(&mut self, mv: Move) {
        self.play_move(mv, &mut ());
    }

    fn apply_recorded(&mut self, mv: Move, steps: &mut Vec<Step>) {
        self.play_move(mv, steps);
    }

    fn status(&self) -> Status {
        match self.outcome {
            None => Status::Ongoing,
            Some(Outcome {
                winner: Some(winner),
                reason,
            }) => Status::Win {
                winner,
                reason: reason.as_str(),
            },
            Some(Outcome { winner: None, reason }) => Status::Draw {
                reason: reason.as_str(),
            },
        }
    }

    fn hash_key(&self) -> u64 {
        self.key
    }

    fn format_move(&self, mv: &Move) -> String {
        mv.notation(self.board())
    }

    fn parse_move(&self, text: &str) -> Result<Move, NotationError> {
        Move::parse(text, self.board())
    }

    fn render(&self) -> String {
        self.picture()
    }

    fn counters(&self) -> Vec<Counter> {
        let b = self.board();
        let mut c = vec![
            Counter::new(format!("{} left", b.soldiers_name()), self.count),
            Counter::new(format!("{} wins at", b.hunter_name()), b.threshold()),
            Counter::new("captured", self.captured),
            Counter::new("moves without capture", self.since_capture),
            Counter::new("no-capture limit", NO_CAPTURE_LIMIT),
        ];
        if self.apex_rule_in_force() {
            c.push(Counter::new("apex reached", self.apex_reached as u8));
        }
        c
    }

    fn illegal_reason(&self, mv: &Move) -> String {
        self.why_illegal(mv)
    }

    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<Move>) -> Option<Move> {
        self.random_legal(rng, buf)
    }
}

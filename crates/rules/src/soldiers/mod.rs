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

/// Which reading of the rules a sixteen-soldier board starts from (`rules=seed|fair`).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default, Serialize, Deserialize)]
pub enum RuleSet {
    /// What the seed describes (the rule page's variant table).
    #[default]
    Seed,
    /// The switches chosen by measurement so that neither side wins from the start
    /// ([`Rules::fair`]).
    Fair,
}

/// The options of a game of the Sixteen Soldiers family: the board, the rule set it starts from,
/// and the rule switches of the page's "Rule switches" section (`None`: as the rule set says).
/// Monk and Water takes none of the switches. A game always holds its options in the canonical
/// form of [`SoldiersOptions::canonical`], so that equal rules are equal options.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct SoldiersOptions {
    /// Which board.
    pub variant: Variant,
    /// The rule set the switches apply to.
    #[serde(default)]
    pub rules: RuleSet,
    /// The seed's apex rule (on boards that have apex points; Monk and Water's cloister rule
    /// does not depend on it).
    #[serde(default)]
    pub apex: Option<bool>,
    /// Whether soldiers capture the general by custodian capture.
    #[serde(default)]
    pub custodian: Option<bool>,
    /// How the general captures.
    #[serde(default)]
    pub capture: Option<CaptureKind>,
    /// With jumps: whether the general may jump again in the same turn.
    #[serde(default)]
    pub chain: Option<bool>,
    /// With jumps: whether jumping is compulsory (to the end of the chain).
    #[serde(default)]
    pub compulsory: Option<bool>,
    /// Who moves first.
    #[serde(default)]
    pub first: Option<Player>,
    /// The general wins when this many soldiers or fewer are left.
    #[serde(default)]
    pub threshold: Option<u8>,
}

impl SoldiersOptions {
    /// The seed's rules on `variant`.
    pub fn seed(variant: Variant) -> SoldiersOptions {
        SoldiersOptions {
            variant,
            ..SoldiersOptions::default()
        }
    }

    /// The fair rule set on `variant` (the seed's on Monk and Water, which has no other).
    pub fn fair(variant: Variant) -> SoldiersOptions {
        SoldiersOptions {
            variant,
            rules: if variant == Variant::Monk {
                RuleSet::Seed
            } else {
                RuleSet::Fair
            },
            ..SoldiersOptions::default()
        }
    }

    /// The rules of the rule set alone, before the switches.
    pub fn base(&self) -> Rules {
        match self.rules {
            RuleSet::Seed => Rules::seed(self.variant),
            RuleSet::Fair => Rules::fair(self.variant),
        }
    }

    /// The rules in force: the rule set's, with every switch given applied.
    pub fn rules(&self) -> Rules {
        let mut r = self.base();
        if self.variant == Variant::Monk {
            return r;
        }
        r.apex = self.apex.unwrap_or(r.apex);
        r.custodian = self.custodian.unwrap_or(r.custodian);
        r.capture = self.capture.unwrap_or(r.capture);
        r.chain = self.chain.unwrap_or(r.chain);
        r.compulsory = self.compulsory.unwrap_or(r.compulsory);
        r.first = self.first.unwrap_or(r.first);
        r.threshold = self.threshold.map_or(r.threshold, u32::from);
        r.normalised()
    }

    /// The same rules with only the switches that differ from the rule set kept (none on Monk
    /// and Water, no chain or compulsory switch without jumps).
    pub fn canonical(&self) -> SoldiersOptions {
        if self.variant == Variant::Monk {
            return SoldiersOptions::seed(Variant::Monk);
        }
        let (base, r) = (self.base(), self.rules());
        let jumps = r.capture == CaptureKind::Jump;
        SoldiersOptions {
            variant: self.variant,
            rules: self.rules,
            apex: (r.apex != base.apex).then_some(r.apex),
            custodian: (r.custodian != base.custodian).then_some(r.custodian),
            capture: (r.capture != base.capture).then_some(r.capture),
            chain: (jumps && r.chain != base.chain).then_some(r.chain),
            compulsory: (jumps && r.compulsory != base.compulsory).then_some(r.compulsory),
            first: (r.first != base.first).then_some(r.first),
            threshold: (r.threshold != base.threshold).then_some(r.threshold as u8),
        }
    }

    /// True when the rules in force are the seed's own.
    pub fn is_seed(&self) -> bool {
        self.rules() == Rules::seed(self.variant)
    }
}

/// The rules in force in a game: the board's parameters as the rule set and switches leave them.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash)]
pub struct Rules {
    /// How the general captures.
    pub capture: CaptureKind,
    /// With jumps: several jumps in a turn.
    pub chain: bool,
    /// With jumps: jumping is compulsory, and only maximal chains are legal.
    pub compulsory: bool,
    /// Soldiers capture the general by custodian capture.
    pub custodian: bool,
    /// Who moves first.
    pub first: Player,
    /// The general wins at this many soldiers or fewer.
    pub threshold: u32,
    /// The seed's apex rule (where the board has apex points and is not Monk and Water).
    pub apex: bool,
}

/// The fair rule set per board: the switches that differ from the seed, chosen by measurement
/// (`crates/ai/MEASUREMENTS.md`, "Sixteen Soldiers: a fair game on every board"; the shares in
/// the reasons are the Master's against itself, over 64 to 192 games: board 1's of the
/// twenty-first session, boards 2's and 4's of the twenty-fourth, board 2's `custodian=off` alone
/// of the twenty-fourth and twenty-fifth).
/// A board's fair set: the switches it changes from the seed, and the one-line reason.
type FairSet = (Variant, &'static [(&'static str, &'static str)], &'static str);

const FAIR: [FairSet; 4] = [
    (
        Variant::Board1,
        &[("custodian", "off")],
        "without custodian capture the soldiers' forced win (6 plies) is gone: no result proven in 60 s \
         (14 plies deep), and the Master against itself gives the general 34 % of the points",
    ),
    (
        Variant::Board2,
        &[("custodian", "off"), ("threshold", "6")],
        "without custodian capture the soldiers' forced win (6 plies) is gone, but the Master against \
         itself then gives the general only 26 % of the points (27.6 % if he wins at five soldiers \
         left); winning at six he gets 42 %, and no result is proven in 60 s (14 plies deep)",
    ),
    (
        Variant::Board3,
        &[],
        "no switch measured gives the general a game here (the Master as soldiers won every game \
         against itself under each one tried), so the seed's rules stand",
    ),
    (
        Variant::Board4,
        &[("capture", "intervention")],
        "capturing by intervention instead of compulsory jumps takes away the soldiers' forced win \
         (8 plies): no result proven in 60 s (14 plies deep), and the Master against itself gives the \
         general 35 % of the points",
    ),
];

impl Rules {
    /// The seed's rules on `variant` (the rule page's variant table).
    pub fn seed(variant: Variant) -> Rules {
        let b = variant.board();
        Rules {
            capture: b.capture(),
            chain: b.multi_jump(),
            compulsory: b.compulsory(),
            custodian: b.custodian(),
            first: b.first(),
            threshold: b.threshold(),
            apex: b.apex_kind() == ApexKind::Return,
        }
        .normalised()
    }

    /// The fair rule set on `variant`: the seed's with the switches of the measured table.
    pub fn fair(variant: Variant) -> Rules {
        let mut o = SoldiersOptions::seed(variant);
        if let Some((_, switches, _)) = FAIR.iter().find(|(v, _, _)| *v == variant) {
            for &(key, value) in switches.iter() {
                set_switch(&mut o, key, value);
            }
        }
        o.rules()
    }

    /// The switches the fair set changes from the seed on `variant`, as `key=value` pairs.
    pub fn fair_switches(variant: Variant) -> &'static [(&'static str, &'static str)] {
        FAIR.iter().find(|(v, _, _)| *v == variant).map_or(&[], |(_, s, _)| s)
    }

    /// Why the fair set on `variant` is what it is, in one line (empty on Monk and Water).
    pub fn fair_reason(variant: Variant) -> &'static str {
        FAIR.iter().find(|(v, _, _)| *v == variant).map_or("", |(_, _, r)| r)
    }

    /// Chain and compulsory mean nothing without jumps: keep them off there, so that equal
    /// play is equal rules.
    fn normalised(mut self) -> Rules {
        if self.capture != CaptureKind::Jump {
            self.chain = false;
            self.compulsory = false;
        }
        self
    }

    /// A key that tells rule sets apart in position keys (0 for the seed's rules, so that the
    /// seed's positions keep their keys).
    fn key(&self, variant: Variant) -> u64 {
        if *self == Rules::seed(variant) {
            return 0;
        }
        let bits = (self.capture == CaptureKind::Jump) as u64
            | (self.chain as u64) << 1
            | (self.compulsory as u64) << 2
            | (self.custodian as u64) << 3
            | ((self.first == Player::P2) as u64) << 4
            | (self.apex as u64) << 5
            | (self.threshold as u64) << 8;
        zobrist::RULES.wrapping_mul(bits | 1 << 40)
    }

    /// The rules in force, one sentence each, in a player's words (the new-game dialog, the
    /// rules panel, the engine's `rules`).
    pub fn sentences(&self, b: &Board) -> Vec<String> {
        let (h, s) = (b.hunter_name(), b.soldiers_name());
        let mut out = Vec::new();
        out.push(match self.first {
            Player::P1 => format!("The {h} moves first."),
            // "The soldiers move", but "the water moves".
            Player::P2 if s == "water" => format!("The {s} moves first."),
            Player::P2 => format!("The {s} move first."),
        });
        out.push(match self.capture {
            CaptureKind::Intervention => {
                format!("The {h} captures by intervention: stepping between two {s} on a line takes both.")
            }
            CaptureKind::Jump => format!(
                "The {h} captures by jumping over a {} onto the empty point beyond{}{}.",
                b.soldier_noun(),
                if self.chain {
                    ", several jumps in a turn"
                } else {
                    ", one jump a turn"
                },
                if self.compulsory {
                    "; jumping is compulsory, to the end of the chain"
                } else {
                    "; jumping is optional"
                }
            ),
        });
        if b.variant() != Variant::Monk {
            out.push(if self.custodian {
                format!("The {s} capture the {h} by custodian: a {} that moves to trap him between two of them on a line wins.", b.soldier_noun())
            } else {
                format!("The {s} cannot capture the {h}: they win only by pinning him or shutting him in the {}.", b.refuge_name())
            });
        }
        out.push(format!("The {h} wins when {} {s} or fewer are left.", self.threshold));
        if b.apex_kind() == ApexKind::Return {
            out.push(if self.apex {
                format!(
                    "Apex rule on: the {h} also wins by reaching an apex of the {} and later ending a move outside it.",
                    b.refuge_name()
                )
            } else {
                "Apex rule off.".to_string()
            });
        }
        out
    }
}

/// Sets one rule switch from its option text (already checked against the specs).
fn set_switch(o: &mut SoldiersOptions, key: &str, value: &str) {
    let on = value.eq_ignore_ascii_case("on");
    match key {
        "apex" => o.apex = Some(on),
        "custodian" => o.custodian = Some(on),
        "capture" => {
            o.capture = Some(if value.eq_ignore_ascii_case("jump") {
                CaptureKind::Jump
            } else {
                CaptureKind::Intervention
            })
        }
        "chain" => o.chain = Some(on),
        "compulsory" => o.compulsory = Some(on),
        "first" => {
            o.first = Some(if value.eq_ignore_ascii_case("general") {
                Player::P1
            } else {
                Player::P2
            })
        }
        "threshold" => o.threshold = value.parse().ok(),
        "rules" => {
            o.rules = if value.eq_ignore_ascii_case("fair") {
                RuleSet::Fair
            } else {
                RuleSet::Seed
            }
        }
        _ => {}
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
    pub(super) const RULES: u64 = mix(5_000_003) | 1;
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
    /// The rules in force, resolved from the options once.
    #[serde(skip)]
    rules: Rules,
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

/// The values of `threshold` (each board accepts up to one less than its soldiers).
const THRESHOLDS: [&str; 26] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20",
    "21", "22", "23", "24", "25",
];

/// The options in spec order. A rule switch's default is empty: "as the rule set says", which
/// depends on the board ([`Soldiers::option_value`] gives the value in force).
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
        key: "rules",
        values: &["seed", "fair"],
        default: "seed",
        help: "seed plays the board as the seed describes it; fair plays the switches chosen by measurement so \
               that neither side can force a win from the start (the switches below override either).",
    },
    OptionSpec {
        key: "apex",
        values: &["on", "off"],
        default: "",
        help: "With on, the general also wins by reaching an apex of the privy and later ending a move \
               outside it.",
    },
    OptionSpec {
        key: "custodian",
        values: &["on", "off"],
        default: "",
        help: "With on, a soldier that moves to trap the general between two soldiers on a line captures him.",
    },
    OptionSpec {
        key: "capture",
        values: &["intervention", "jump"],
        default: "",
        help: "How the general captures: by stepping between two soldiers on a line (intervention), or by \
               jumping over one (jump).",
    },
    OptionSpec {
        key: "chain",
        values: &["on", "off"],
        default: "",
        help: "With jumps: on lets the general jump again in the same turn; off ends the move after one jump.",
    },
    OptionSpec {
        key: "compulsory",
        values: &["on", "off"],
        default: "",
        help: "With jumps: on makes jumping compulsory, to the end of the chain; off lets the general step \
               instead, or stop a chain at any landing point.",
    },
    OptionSpec {
        key: "first",
        values: &["general", "soldiers"],
        default: "",
        help: "Who moves first.",
    },
    OptionSpec {
        key: "threshold",
        values: &THRESHOLDS,
        default: "",
        help: "The general wins when this many soldiers or fewer are left (0 to one less than the soldiers).",
    },
];

/// The rule switches, in spec order (every option after `variant` and `rules`).
const SWITCHES: [&str; 7] = [
    "apex",
    "custodian",
    "capture",
    "chain",
    "compulsory",
    "first",
    "threshold",
];

/// Why a set of options is refused, beyond a key or value the specs do not know: a switch on
/// Monk and Water, a threshold beyond the board's soldiers, a first side without a move. (Chain
/// and compulsory without jumps mean nothing and are dropped, as the page's table has them
/// apply only with jumps.)
fn check_options(o: &SoldiersOptions, given: &[(&'static str, &'static str)]) -> Result<(), String> {
    let b = o.variant.board();
    if o.variant == Variant::Monk {
        // `apex` was accepted (and ignored) on Monk and Water before the switches existed.
        if let Some((k, v)) = given
            .iter()
            .find(|(k, v)| *k != "apex" && !(*k == "rules" && *v == "seed"))
        {
            return Err(format!(
                "Monk and Water has its own rules and takes no rule switches (got {k}={v})"
            ));
        }
        return Ok(());
    }
    let r = o.rules();
    let most = b.soldier_starts().len() - 1;
    if r.threshold as usize > most {
        return Err(format!(
            "threshold={} is out of range on {}: the {} wins at 0 to {most} {} left",
            r.threshold,
            b.name(),
            b.hunter_name(),
            b.soldiers_name()
        ));
    }
    let start = Soldiers::new(o);
    if start.outcome.is_some() {
        let (first, other) = match r.first {
            Player::P1 => (b.hunter_name(), "soldiers"),
            Player::P2 => (b.soldiers_name(), "general"),
        };
        return Err(format!(
            "under these rules the {first} would move first on {} with no move at all; choose first={other}",
            b.name()
        ));
    }
    Ok(())
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

    fn setup(options: SoldiersOptions, hunter: Point, soldiers: u64, side: Player) -> Soldiers {
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
    fn compute_key(&self) -> u64 {
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
        let mut o = SoldiersOptions::seed(Variant::from_id(chosen[0]).unwrap_or_default());
        let mut given = Vec::new();
        for (spec, &value) in OPTION_SPECS.iter().zip(&chosen).skip(1) {
            let explicit = pairs.iter().any(|(k, _)| k.eq_ignore_ascii_case(spec.key));
            if explicit && !value.is_empty() {
                set_switch(&mut o, spec.key, value);
                given.push((spec.key, value));
            }
        }
        check_options(&o, &given).map_err(OptionsError)?;
        Ok(o.canonical())
    }

    fn option_pairs(options: &SoldiersOptions) -> Vec<(String, String)> {
        let o = options.canonical();
        let mut pairs = vec![("variant".to_string(), o.variant.id().to_string())];
        if o.rules == RuleSet::Fair {
            pairs.push(("rules".to_string(), "fair".to_string()));
        }
        for key in SWITCHES {
            let given = match key {
                "apex" => o.apex.is_some(),
                "custodian" => o.custodian.is_some(),
                "capture" => o.capture.is_some(),
                "chain" => o.chain.is_some(),
                "compulsory" => o.compulsory.is_some(),
                "first" => o.first.is_some(),
                _ => o.threshold.is_some(),
            };
            if given && let Some(v) = Self::option_value(&o, key) {
                pairs.push((key.to_string(), v));
            }
        }
        pairs
    }

    /// The value in force of option `key` under `options` (a rule switch's value follows the
    /// board and the rule set when not given), or `None` for an option that does not apply
    /// (every switch on Monk and Water, chain and compulsory without jumps).
    fn option_value(options: &SoldiersOptions, key: &str) -> Option<String> {
        let r = options.rules();
        let monk = options.variant == Variant::Monk;
        let jumps = r.capture == CaptureKind::Jump;
        let on = |b: bool| if b { "on" } else { "off" }.to_string();
        match key {
            "variant" => Some(options.variant.id().to_string()),
            "rules" => (!monk).then(|| if options.rules == RuleSet::Fair { "fair" } else { "seed" }.to_string()),
            _ if monk => None,
            "apex" => Some(on(r.apex)),
            "custodian" => Some(on(r.custodian)),
            "capture" => Some(if jumps { "jump" } else { "intervention" }.to_string()),
            "chain" => jumps.then(|| on(r.chain)),
            "compulsory" => jumps.then(|| on(r.compulsory)),
            "first" => Some(if r.first == Player::P1 { "general" } else { "soldiers" }.to_string()),
            "threshold" => Some(r.threshold.to_string()),
            _ => None,
        }
    }

    fn display_name(options: &SoldiersOptions) -> String {
        options.variant.board().name().to_string()
    }

    fn new(options: &SoldiersOptions) -> Soldiers {
        let b = options.variant.board();
        let mask = b.soldier_starts().iter().fold(0u64, |m, &p| m | 1 << p);
        Self::setup(*options, b.hunter_start(), mask, options.rules().first)
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
            Counter::new(format!("{} wins at", b.hunter_name()), self.rules.threshold),
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

//! The rules in force in a game ([`Rules`]): the seed's per board, the measured fair set, the
//! key that tells rule sets apart, and the rules in a player's words.

use super::board::{ApexKind, Board, CaptureKind, Variant};
use super::zobrist;
use crate::game::Player;

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
pub(super) type FairSet = (Variant, &'static [(&'static str, &'static str)], &'static str);

pub(super) const FAIR: [FairSet; 4] = [
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
    pub(super) fn normalised(mut self) -> Rules {
        if self.capture != CaptureKind::Jump {
            self.chain = false;
            self.compulsory = false;
        }
        self
    }

    /// A key that tells rule sets apart in position keys (0 for the seed's rules, so that the
    /// seed's positions keep their keys).
    pub(super) fn key(&self, variant: Variant) -> u64 {
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

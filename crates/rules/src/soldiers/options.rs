//! The options of a game: the board, the rule set it starts from and the rule switches, the
//! option specs the engine and the new-game dialog read, and the fair set's switches applied.

use serde::{Deserialize, Serialize};

use super::board::{CaptureKind, Variant};
use super::rule_set::{FAIR, Rules};
use crate::game::{OptionSpec, Player};

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

impl Rules {
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
}
/// Sets one rule switch from its option text (already checked against the specs).
pub(super) fn set_switch(o: &mut SoldiersOptions, key: &str, value: &str) {
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

/// The values of `threshold` (each board accepts up to one less than its soldiers).
const THRESHOLDS: [&str; 26] = [
    "0", "1", "2", "3", "4", "5", "6", "7", "8", "9", "10", "11", "12", "13", "14", "15", "16", "17", "18", "19", "20",
    "21", "22", "23", "24", "25",
];

/// The options in spec order. A rule switch's default is empty: "as the rule set says", which
/// depends on the board ([`Soldiers::option_value`](crate::game::Game::option_value) gives the
/// value in force).
pub(super) const OPTION_SPECS: &[OptionSpec] = &[
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
pub const SWITCHES: [&str; 7] = [
    "apex",
    "custodian",
    "capture",
    "chain",
    "compulsory",
    "first",
    "threshold",
];

//! The [`Game`] trait for the Sixteen Soldiers family, and the checks on a set of options beyond
//! what the specs know.

use rand::Rng;

use super::board::{CaptureKind, Variant};
use super::moves::Move;
use super::options::{OPTION_SPECS, RuleSet, SWITCHES, SoldiersOptions, set_switch};
use super::outcome::{NO_CAPTURE_LIMIT, Outcome};
use super::state::Soldiers;
use super::steps::Step;
use crate::game::{Counter, Game, NotationError, OptionSpec, OptionsError, Player, Status, choose_options};

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

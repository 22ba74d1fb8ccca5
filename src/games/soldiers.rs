//! The Sixteen Soldiers family on the table: the board drawn from its lines, the refuge
//! shaded, the hunter hopping along his path, soldiers captured and lifted off together.

use bevy::prelude::*;
use parlour_rules::soldiers::{Board, Move, Piece, Point, Rules, Soldiers, SoldiersOptions, Step, Variant};
use parlour_rules::{Game, Player, Status};
use parlour_rules::{GameId, GameOptions};

use crate::games::build::okabe_ito;
use crate::games::client::{About, ClientGame, chosen};
use crate::games::effects::{Anim, AnimStep, Sfx};
use crate::games::parts::{Look, PieceDef, Shape, SpotDef, Table, Token, flat};

/// The board's size on the table (its longer side).
const EXTENT: f32 = 7.0;

fn frame(b: &Board) -> (Vec2, f32) {
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for p in b.points() {
        let (x, y) = b.point_xy(p);
        let v = Vec2::new(x as f32, y as f32);
        lo = lo.min(v);
        hi = hi.max(v);
    }
    let size = (hi - lo).max(Vec2::splat(1.0));
    ((lo + hi) / 2.0, EXTENT / size.x.max(size.y))
}

fn point_pos(b: &Board, p: Point) -> Vec3 {
    let (c, s) = frame(b);
    let (x, y) = b.point_xy(p);
    flat((x as f32 - c.x) * s, (y as f32 - c.y) * s, 0.0)
}

impl ClientGame for Soldiers {
    const SHOW_STARTS: bool = true;
    const GAME: GameId = GameId::Soldiers;
    const ABOUT: About = About {
        summary: "Any piece steps along a line to an adjacent empty point; soldiers may never enter the refuge. The hunter captures by intervention (boards 1 and 2, Monk and Water) or by jumping (boards 3 and 4) and wins when few enough soldiers are left; the soldiers win by catching him between two of them (boards 1 and 2), by pinning him or by shutting him in the refuge.",
        tagline: "One general against a crowd of soldiers: capture them, or be pinned.",
        first_steps: "Click a green piece to pick it up, then a highlighted point to move it there.",
        home: (0.0, 0.98, 10.8, Vec3::new(1.2, 0.0, 0.4)),
        roughness: 0.42,
    };
    const PALETTE: [Color; 2] = [Color::srgb(0.78, 0.16, 0.12), Color::srgb(0.90, 0.86, 0.74)];

    fn colour_safe() -> [Color; 2] {
        [okabe_ito::vermillion(), okabe_ito::light()]
    }
    fn seat_names(options: &[(String, String)]) -> [&'static str; 2] {
        match chosen(options, "variant") {
            "monk" => ["Monk", "Water"],
            _ => ["General (hunter)", "Soldiers"],
        }
    }
    fn first_mover(options: &[(String, String)]) -> &'static str {
        let soldiers_first = GameId::Soldiers.option_value(options, "first").as_deref() == Some("soldiers");
        match chosen(options, "variant") {
            "monk" => "The water moves first (the rule book fixes it).",
            _ if soldiers_first => "The soldiers move first (the option first above).",
            _ => "The general moves first (the option first above).",
        }
    }

    fn tokens(&self, mv: &Move) -> Vec<Token> {
        let mut t = vec![Token::Spot(u16::from(mv.from()))];
        t.extend(mv.landings().iter().map(|&p| Token::Spot(u16::from(p))));
        t
    }

    fn spots(&self) -> Vec<SpotDef> {
        let b = self.board();
        b.points()
            .map(|p| SpotDef {
                id: u16::from(p),
                pos: point_pos(b, p),
                name: b.point_name(p).to_string(),
            })
            .collect()
    }

    fn pieces(&self) -> Vec<PieceDef> {
        let b = self.board();
        // A general taken by custodian capture has left the board.
        let captured = matches!(self.status(), Status::Win { reason: "captured", .. });
        let mut v: Vec<PieceDef> = (!captured)
            .then(|| PieceDef {
                key: u32::from(self.hunter()),
                pos: point_pos(b, self.hunter()),
                look: Look::new(Shape::Hunter, Player::P1),
            })
            .into_iter()
            .collect();
        v.extend(self.soldier_points().map(|p| PieceDef {
            key: u32::from(p),
            pos: point_pos(b, p),
            look: Look::new(Shape::Soldier, Player::P2),
        }));
        v
    }

    fn table(&self) -> Table {
        let b = self.board();
        let edges = b
            .edges()
            .iter()
            .map(|&(a, c)| (point_pos(b, a), point_pos(b, c)))
            .collect();
        let refuge = b
            .points()
            .filter(|&p| b.is_refuge(p))
            .map(|p| point_pos(b, p))
            .collect();
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for p in b.points() {
            let w = point_pos(b, p);
            lo = lo.min(Vec2::new(w.x, w.z));
            hi = hi.max(Vec2::new(w.x, w.z));
        }
        Table::Lines {
            edges,
            refuge,
            half: (hi - lo) / 2.0 + Vec2::splat(0.7),
        }
    }

    fn animate(&self, before: &Soldiers, steps: &[Step]) -> Vec<AnimStep> {
        let b = self.board();
        let pname = |p: Point| b.point_name(p).to_string();
        let hunter = b.hunter_name();
        let soldier = b.soldiers_name();
        // One of them moves: "The soldier moves a4–a3" (the side is plural: "The soldiers win").
        let one = b.soldier_noun();
        let mut out = Vec::new();
        let mut key: Option<u32> = None;
        for step in steps {
            match step {
                Step::Move { piece, from, to } => {
                    let who = if *piece == Piece::Hunter { hunter } else { one };
                    out.push(AnimStep::new(
                        format!("The {who} moves {}–{}", pname(*from), pname(*to)),
                        vec![Anim::Travel {
                            key: u32::from(*from),
                            path: vec![point_pos(b, *to)],
                            to_key: u32::from(*to),
                            hop: false,
                        }],
                        0.45,
                        Some(Sfx::Place),
                    ));
                }
                Step::Jump { from, over, to } => {
                    let k = *key.get_or_insert(u32::from(*from));
                    key = Some(u32::from(*to));
                    out.push(AnimStep::new(
                        format!(
                            "The {hunter} jumps {}–{} and takes the piece on {}",
                            pname(*from),
                            pname(*to),
                            pname(*over)
                        ),
                        vec![
                            Anim::Travel {
                                key: k,
                                path: vec![point_pos(b, *to)],
                                to_key: u32::from(*to),
                                hop: true,
                            },
                            Anim::Lift { key: u32::from(*over) },
                        ],
                        0.55,
                        Some(Sfx::Capture),
                    ));
                }
                Step::Intervention { at, captured } => out.push(AnimStep::new(
                    format!(
                        "Intervention at {}: {} captured together",
                        pname(*at),
                        if captured.len() == 1 {
                            "1 piece".to_string()
                        } else {
                            format!("{} pieces", captured.len())
                        }
                    ),
                    captured.iter().map(|&p| Anim::Lift { key: u32::from(p) }).collect(),
                    0.7,
                    Some(Sfx::Capture),
                )),
                Step::ApexReached { at } => out.push(AnimStep::new(
                    format!(
                        "The {hunter} reaches the apex {}: he now wins by leaving the refuge",
                        pname(*at)
                    ),
                    Vec::new(),
                    0.9,
                    None,
                )),
                Step::Custodian { general, .. } => out.push(AnimStep::new(
                    format!(
                        "The {hunter} on {} is trapped between two pieces and captured",
                        pname(*general)
                    ),
                    vec![Anim::Lift {
                        key: u32::from(*general),
                    }],
                    0.8,
                    Some(Sfx::Capture),
                )),
                Step::End { winner, reason } => {
                    let who = match winner {
                        Some(Player::P1) => format!("The {hunter} wins"),
                        // "The soldiers win", but "the water wins".
                        Some(Player::P2) if one == soldier => format!("The {soldier} wins"),
                        Some(Player::P2) => format!("The {soldier} win"),
                        None => "A draw".to_string(),
                    };
                    out.push(AnimStep::new(format!("{who} ({reason})"), Vec::new(), 0.8, None));
                }
            }
        }
        let _ = before;
        out
    }

    fn decisive_spots(&self) -> Vec<u16> {
        // The soldiers' win: the general caught, pinned or shut in where he stands.
        match self.status() {
            parlour_rules::Status::Win { winner: Player::P2, .. } => vec![u16::from(self.hunter())],
            _ => Vec::new(),
        }
    }
}

/// What the new-game dialog and the rules panel say about the Sixteen Soldiers rules chosen.
pub struct SoldiersRulesInfo {
    /// The rules in force, a sentence each.
    pub sentences: Vec<String>,
    /// The switches that differ from the seed's rules, as `key=value`; empty for the seed's.
    pub changed: Vec<String>,
    /// The board's fair set as options, and the one-line reason for it, when the rules chosen
    /// are not already that set (none on Monk and Water).
    pub fair: Option<(GameOptions, &'static str)>,
    /// The fair set's switches in words, e.g. `custodian=off`.
    pub fair_switches: String,
}

fn parse_soldiers(options: &[(String, String)]) -> Option<SoldiersOptions> {
    let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    Soldiers::parse_options(&pairs).ok()
}

/// The switches of `o` that differ from the seed's rules on its board, as `key=value`.
fn changed_from_seed(o: &SoldiersOptions) -> Vec<String> {
    let seed = SoldiersOptions::seed(o.variant);
    Soldiers::option_specs()
        .iter()
        .filter(|s| s.key != "variant" && s.key != "rules")
        .filter_map(|s| {
            let v = Soldiers::option_value(o, s.key)?;
            (Soldiers::option_value(&seed, s.key).as_ref() != Some(&v)).then(|| format!("{}={v}", s.key))
        })
        .collect()
}

/// The rules in force for Sixteen Soldiers options, or `None` when they do not parse.
pub fn soldiers_rules(options: &[(String, String)]) -> Option<SoldiersRulesInfo> {
    let o = parse_soldiers(options)?;
    let b = o.variant.board();
    let fair = SoldiersOptions::fair(o.variant);
    let fair_switches = Rules::fair_switches(o.variant)
        .iter()
        .map(|(k, v)| format!("{k}={v}"))
        .collect::<Vec<_>>()
        .join(", ");
    Some(SoldiersRulesInfo {
        sentences: o.rules().sentences(b),
        changed: changed_from_seed(&o),
        fair: (o.variant != Variant::Monk && o.rules() != fair.rules())
            .then(|| {
                (
                    GameOptions::checked(GameId::Soldiers, &Soldiers::option_pairs(&fair)),
                    Rules::fair_reason(o.variant),
                )
            })
            .and_then(|(options, reason)| Some((options.ok()?, reason))),
        fair_switches,
    })
}

/// The new-game dialog's line of what the exact tables proved of the start under these rules
/// ("Solved: a draw with perfect play", "Not solved" on board 3), or `None` when the options do
/// not parse.
pub fn soldiers_solved_line(options: &[(String, String)]) -> Option<String> {
    parse_soldiers(options).map(|o| parlour_ai::tables::known::solved_line(&o))
}

/// One line for the move list: which rules this game is played by.
pub fn soldiers_rules_line(options: &[(String, String)]) -> Option<String> {
    let o = parse_soldiers(options)?;
    if o.variant == Variant::Monk || !options.iter().any(|(k, _)| k == "variant") {
        return None;
    }
    let changed = changed_from_seed(&o);
    let fair = o.rules() == Rules::fair(o.variant);
    Some(if changed.is_empty() && fair {
        // Board 3: no switch helps, so its fair set is the seed's rules.
        "Rules: seed (also this board's fair set)".to_string()
    } else if changed.is_empty() {
        "Rules: seed".to_string()
    } else if fair {
        format!("Rules: fair ({})", changed.join(", "))
    } else {
        format!("Rules: seed with {}", changed.join(", "))
    })
}

/// How long the new-game dialog's proof search may take.
pub const START_PROOF_MS: u64 = 1500;

/// Whether the start under these options is a proven win for one side, in a sentence ("Under
/// these rules the soldiers can force a win within 3 of their moves"), from the project's
/// alpha-beta solver; `None` when nothing is proven within [`START_PROOF_MS`].
pub fn prove_soldiers_start(options: &[(String, String)]) -> Option<String> {
    let o = parse_soldiers(options)?;
    let start = Soldiers::new(&o);
    let p = parlour_ai::proof::prove(&start, START_PROOF_MS, 32)?.proof?;
    Some(super::proof_sentence(&start, p, false))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pairs(list: &[(&str, &str)]) -> Vec<(String, String)> {
        list.iter().map(|(k, v)| (k.to_string(), v.to_string())).collect()
    }

    #[test]
    fn the_dialog_says_when_the_start_is_won_and_offers_the_fair_rules() {
        let seed = pairs(&[("variant", "board1")]);
        assert_eq!(
            prove_soldiers_start(&seed).as_deref(),
            Some("Under these rules the soldiers can force a win within 3 of their moves.")
        );
        let info = soldiers_rules(&seed).expect("valid");
        assert!(info.changed.is_empty());
        let (fair, reason) = info.fair.expect("board 1 has a fair set");
        let fair = fair.pairs().to_vec();
        assert_eq!(fair, pairs(&[("variant", "board1"), ("rules", "fair")]));
        assert!(reason.contains("custodian"));
        assert_eq!(info.fair_switches, "custodian=off");
        assert_eq!(
            soldiers_rules_line(&fair).as_deref(),
            Some("Rules: fair (custodian=off)")
        );
        // The fair rules are not a proven win, and no longer offer themselves.
        assert_eq!(prove_soldiers_start(&fair), None);
        assert!(soldiers_rules(&fair).expect("valid").fair.is_none());
        // Switches of one's own are named, in force and in the move list's line.
        let own = pairs(&[("variant", "board2"), ("first", "soldiers"), ("threshold", "6")]);
        let info = soldiers_rules(&own).expect("valid");
        assert_eq!(info.changed, vec!["first=soldiers", "threshold=6"]);
        assert_eq!(info.sentences[0], "The soldiers move first.");
        assert_eq!(
            soldiers_rules_line(&own).as_deref(),
            Some("Rules: seed with first=soldiers, threshold=6")
        );
        assert_eq!(soldiers_rules_line(&pairs(&[("variant", "monk")])), None);
        assert_eq!(
            soldiers_rules_line(&pairs(&[("variant", "board3")])).as_deref(),
            Some("Rules: seed (also this board's fair set)")
        );
        assert_eq!(soldiers_rules_line(&seed).as_deref(), Some("Rules: seed"));
    }

    #[test]
    fn the_hint_says_when_the_position_is_proven_lost() {
        use crate::games::any_match::{AnyMatch, MatchOf};
        let m = MatchOf::<Soldiers>::new(&SoldiersOptions::seed(Variant::Board1));
        let mut task = m.spawn_hint(parlour_ai::StopFlag::new());
        let answer = loop {
            if let Some(a) = task.poll() {
                break a.expect("a hint");
            }
            std::thread::sleep(std::time::Duration::from_millis(5));
        };
        assert!(!answer.tokens.is_empty());
        assert_eq!(
            answer.proven.as_deref(),
            Some("Proven: the soldiers can force a win within 3 of their moves, whatever you play.")
        );
    }

    /// Where an exact table answers, the hint is its move and says its exact result (a small
    /// table: the general wins at one soldier left, at most three soldiers; the store's folder
    /// is this test's for its duration, and no other test's rules have a table in it).
    #[test]
    fn the_hint_plays_and_says_a_tables_result() {
        use crate::games::any_match::{AnyMatch, MatchOf};
        use parlour_ai::tables::store;
        let o =
            parse_soldiers(&pairs(&[("variant", "board1"), ("rules", "fair"), ("threshold", "1")])).expect("options");
        let dir = std::env::temp_dir().join(format!("parlour-hint-tables-{}", std::process::id()));
        let stop = parlour_ai::StopFlag::new();
        parlour_ai::tables::make::build_file(&o, Some(3), 0, &dir, &stop, &mut |_, _, _| {}).expect("build");
        let was = store::dir();
        store::set_dir(Some(dir.clone()));
        let hint = |state: Soldiers| {
            let mut task = MatchOf::from_position(state).spawn_hint(parlour_ai::StopFlag::new());
            loop {
                if let Some(a) = task.poll() {
                    break a.expect("a hint");
                }
                std::thread::sleep(std::time::Duration::from_millis(5));
            }
        };
        // The general between a1 and a3 takes both by stepping onto a2: a win in one.
        let won = Soldiers::from_position(&o, "b2", &["a1", "a3", "e5"], parlour_rules::Player::P1).expect("setup");
        let answer = hint(won.clone());
        let mv = won.parse_move("b2-a2").expect("b2-a2");
        assert_eq!(answer.tokens, won.tokens(&mv));
        assert_eq!(
            answer.proven.as_deref(),
            Some("Proven: you can force a win within 1 of your moves.")
        );
        // A drawn position the table answers in full: the hint says it is a draw.
        let table = store::table_in(&o, &dir).expect("the table");
        let layout = table.layout();
        let drawn = (0..layout.layers.len())
            .flat_map(|l| (0..layout.layers[l].size).map(move |i| (l, i)))
            .filter_map(|(l, i)| layout.decode(l, i).state(&o))
            .find(|s| table.probe(s) == Some(parlour_ai::tables::Value::Draw) && table.choose(s, 0).is_some())
            .expect("a drawn position");
        assert_eq!(
            hint(drawn).proven.as_deref(),
            Some("Proven: with perfect play neither side can force a win; this move keeps the draw.")
        );
        store::set_dir(was);
        let _ = std::fs::remove_dir_all(&dir);
    }
}

//! Tests of the Sixteen Soldiers family: every fact on the rule page, the start positions with
//! their first moves counted by hand, one test per capture kind and end condition, and property
//! tests over seeded random games of every variant.

use std::collections::HashSet;

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::options::set_switch;
use super::*;
use crate::game::{Counter, Game, PlayError, Player, Status, perft};

fn opts(variant: Variant) -> SoldiersOptions {
    SoldiersOptions::seed(variant)
}

fn pos(variant: Variant, hunter: &str, soldiers: &[&str], side: Player) -> Soldiers {
    Soldiers::from_position(&opts(variant), hunter, soldiers, side).expect("valid test position")
}

fn legal(g: &Soldiers) -> Vec<String> {
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    let mut v: Vec<String> = buf.iter().map(|m| g.format_move(m)).collect();
    v.sort();
    v
}

fn sorted(list: &[&str]) -> Vec<String> {
    let mut v: Vec<String> = list.iter().map(|s| s.to_string()).collect();
    v.sort();
    v
}

/// Plays a move given as text, which must be legal, and returns its staged record.
fn play(g: &mut Soldiers, text: &str) -> Vec<Step> {
    let mv = g.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut steps = Vec::new();
    g.play_recorded(mv, &mut steps)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    steps
}

fn pt(g: &Soldiers, name: &str) -> Point {
    g.board().point(name).unwrap_or_else(|| panic!("no point {name}"))
}

fn soldier_names(g: &Soldiers) -> Vec<String> {
    let mut v: Vec<String> = g
        .soldier_points()
        .map(|p| g.board().point_name(p).to_string())
        .collect();
    v.sort();
    v
}

fn win(winner: Player, reason: &'static str) -> Status {
    Status::Win { winner, reason }
}

// ---------------------------------------------------------------- start positions

#[test]
fn board1_start_and_first_moves() {
    let g = Soldiers::new(&opts(Variant::Board1));
    assert_eq!(
        g.side_to_move(),
        Player::P1,
        "the general moves first on the Chinese boards"
    );
    assert_eq!(g.board().point_name(g.hunter()), "c3");
    assert_eq!(g.soldier_count(), 16);
    // The 16 soldiers stand on the edge of the 5 × 5 square, so the general on c3 (a point
    // with diagonals) has all eight neighbours free: b2 c2 d2 b3 d3 b4 c4 d4. Nothing jumps on
    // this board, so that is 8 moves.
    assert_eq!(
        legal(&g),
        sorted(&["c3-b2", "c3-c2", "c3-d2", "c3-b3", "c3-d3", "c3-b4", "c3-c4", "c3-d4"])
    );
    // Four of them capture at once: b2 sits between a3 and c1 on the short diagonal a3-b2-c1,
    // d2 between c1 and e3, b4 between a3 and c5, d4 between c5 and e3.
    for (mv, taken) in [
        ("c3-b2", ["c1", "a3"]),
        ("c3-d2", ["c1", "e3"]),
        ("c3-b4", ["a3", "c5"]),
        ("c3-d4", ["e3", "c5"]),
    ] {
        let mut g2 = g.clone();
        let steps = play(&mut g2, mv);
        let Some(Step::Intervention { captured, .. }) = steps.get(1) else {
            panic!("{mv}: {steps:?}")
        };
        let mut got: Vec<&str> = captured.iter().map(|&p| g.board().point_name(p)).collect();
        let mut want = taken.to_vec();
        got.sort();
        want.sort();
        assert_eq!(got, want, "{mv}");
        assert_eq!(g2.soldier_count(), 14);
    }
    let mut quiet = g.clone();
    assert_eq!(
        play(&mut quiet, "c3-c4").len(),
        1,
        "c4 is flanked by nobody: c3 is now empty and c5 alone"
    );
}

#[test]
fn board2_start_and_first_moves() {
    let g = Soldiers::new(&opts(Variant::Board2));
    assert_eq!(
        (g.side_to_move(), g.board().point_name(g.hunter()), g.soldier_count()),
        (Player::P1, "c3", 16)
    );
    // Same square and start as board 1 (the privy hangs off c5, which a soldier holds), so again
    // the general's eight neighbours are free: 8 moves.
    assert_eq!(
        legal(&g),
        sorted(&["c3-b2", "c3-c2", "c3-d2", "c3-b3", "c3-d3", "c3-b4", "c3-c4", "c3-d4"])
    );
    // The privy's lines run through c5: a3-b4-c5-t1_r-t2_r and t2_l-t1_l-c5-d4-e3, so b4 and d4
    // still capture two each.
    let mut g2 = g.clone();
    play(&mut g2, "c3-d4");
    assert!(!soldier_names(&g2).contains(&"c5".to_string()) && !soldier_names(&g2).contains(&"e3".to_string()));
}

#[test]
fn board3_start_and_first_moves() {
    let g = Soldiers::new(&opts(Variant::Board3));
    assert_eq!(
        g.side_to_move(),
        Player::P2,
        "the soldiers move first on the Nanking board"
    );
    assert_eq!((g.board().point_name(g.hunter()), g.soldier_count()), ("c5", 26));
    // Columns b, c (but c5, the general) and d are full; a and e are empty; the grid has no
    // diagonals. A soldier can only move sideways: each of a1..a9 has exactly one soldier
    // neighbour (bi), each of e1..e9 one (di). c5 holds the general and the privy is barred:
    // 9 + 9 = 18 moves.
    let mut want = Vec::new();
    for i in 1..=9 {
        want.push(format!("b{i}-a{i}"));
        want.push(format!("d{i}-e{i}"));
    }
    want.sort();
    assert_eq!(legal(&g), want);
}

#[test]
fn board4_start_and_first_moves() {
    let g = Soldiers::new(&opts(Variant::Board4));
    assert_eq!(
        (g.side_to_move(), g.board().point_name(g.hunter()), g.soldier_count()),
        (Player::P1, "c3", 16)
    );
    // The Japanese board's square is board 1's; the general on c3 has eight free neighbours and
    // no soldier next to him, so no jump (and no compulsion): 8 steps, none capturing.
    assert_eq!(
        legal(&g),
        sorted(&["c3-b2", "c3-c2", "c3-d2", "c3-b3", "c3-d3", "c3-b4", "c3-c4", "c3-d4"])
    );
    let mut g2 = g.clone();
    play(&mut g2, "c3-b2");
    assert_eq!(g2.soldier_count(), 16, "no intervention on a jumping board");
}

#[test]
fn monk_start_and_first_moves() {
    let g = Soldiers::new(&opts(Variant::Monk));
    assert_eq!(g.side_to_move(), Player::P2, "water moves first");
    assert_eq!((g.board().point_name(g.hunter()), g.soldier_count()), ("c5", 15));
    assert_eq!((g.side_name(Player::P1), g.side_name(Player::P2)), ("monk", "water"));
    // Water rings the square except c5 (the monk). The free points are the nine inner ones;
    // count the water next to each:
    //   b2: a1 b1 c1 a2 a3 = 5     c2: c1 = 1     d2: c1 d1 e1 e2 e3 = 5
    //   b3: a3 = 1                 c3: none       d3: e3 = 1
    //   b4: a3 a4 a5 b5 = 4        c4: none       d4: e3 e4 d5 e5 = 4
    // (c2, b3, c4, d3 have no diagonals.) The cloister is reached only from c5. 21 moves.
    let want = [
        "a1-b2", "b1-b2", "c1-b2", "a2-b2", "a3-b2", "c1-c2", "c1-d2", "d1-d2", "e1-d2", "e2-d2", "e3-d2", "a3-b3",
        "e3-d3", "a3-b4", "a4-b4", "a5-b4", "b5-b4", "e3-d4", "e4-d4", "d5-d4", "e5-d4",
    ];
    assert_eq!(legal(&g), sorted(&want));
}

#[test]
fn side_names_and_display_names_come_from_the_variant() {
    let g = Soldiers::new(&opts(Variant::Board3));
    assert_eq!(
        (g.side_name(Player::P1), g.side_name(Player::P2)),
        ("general", "soldiers")
    );
    assert_eq!(
        Soldiers::display_name(&opts(Variant::Board3)),
        "Yeung Luk Sz' Kon Tseung Kwan (Board 3, Nanking)"
    );
    assert_eq!(
        Soldiers::display_name(&opts(Variant::Monk)),
        "Monk and Water (Shui yen ho-shang)"
    );
}

// ---------------------------------------------------------------- options

#[test]
fn options_parse_with_defaults_and_errors() {
    let d = Soldiers::parse_options(&[]).expect("defaults");
    assert_eq!(d, SoldiersOptions::seed(Variant::Board1));
    // apex=on is board 1's seed rule: the canonical options keep no switch for it.
    let o = Soldiers::parse_options(&[("VARIANT", "Board1"), ("apex", "on")]).expect("board1");
    assert_eq!(o, SoldiersOptions::seed(Variant::Board1));
    let o = Soldiers::parse_options(&[("variant", "board2"), ("apex", "off")]).expect("board2");
    assert_eq!(
        Soldiers::option_pairs(&o),
        vec![
            ("variant".to_string(), "board2".to_string()),
            ("apex".to_string(), "off".to_string())
        ]
    );
    // Monk and Water still accepts (and ignores) the apex option it always took.
    let o = Soldiers::parse_options(&[("variant", "monk"), ("apex", "off")]).expect("monk");
    assert_eq!(o, SoldiersOptions::seed(Variant::Monk));
    assert_eq!(
        Soldiers::option_pairs(&o),
        vec![("variant".to_string(), "monk".to_string())]
    );
    let e = Soldiers::parse_options(&[("variant", "board5")]).expect_err("bad variant");
    assert!(e.0.contains("board1, board2, board3, board4, monk"), "{e}");
    assert!(Soldiers::parse_options(&[("size", "5")]).is_err());
    for spec in Soldiers::option_specs() {
        assert!(spec.help.ends_with('.'), "{}", spec.key);
        assert!(
            spec.default.is_empty() || spec.values.contains(&spec.default),
            "{}",
            spec.key
        );
    }
}

fn parse(pairs: &[(&str, &str)]) -> Result<SoldiersOptions, String> {
    Soldiers::parse_options(pairs).map_err(|e| e.0)
}

#[test]
fn rule_switches_parse_resolve_and_round_trip() {
    let o = parse(&[("variant", "board1"), ("custodian", "off"), ("first", "soldiers")]).expect("switches");
    let r = o.rules();
    assert!(!r.custodian && r.first == Player::P2 && r.capture == CaptureKind::Intervention);
    assert_eq!(
        (r.threshold, r.apex),
        (4, true),
        "untouched switches keep the seed's values"
    );
    let pairs = Soldiers::option_pairs(&o);
    assert_eq!(
        pairs,
        [("variant", "board1"), ("custodian", "off"), ("first", "soldiers")]
            .map(|(k, v)| (k.to_string(), v.to_string()))
            .to_vec()
    );
    let back: Vec<(&str, &str)> = pairs.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    assert_eq!(parse(&back), Ok(o));
    // A game starts as the switches say and keeps them.
    let g = Soldiers::new(&o);
    assert_eq!((g.side_to_move(), g.rules().custodian), (Player::P2, false));
    // A switch set to the seed's value is no switch: equal rules, equal options.
    assert_eq!(
        parse(&[("variant", "board3"), ("capture", "jump"), ("chain", "on")]),
        Ok(SoldiersOptions::seed(Variant::Board3))
    );
    // Jump capture on board 1 takes board 1's own chain and compulsory values (off), which
    // can then be switched.
    let o = parse(&[("variant", "board1"), ("capture", "jump")]).expect("jump");
    assert_eq!((o.rules().chain, o.rules().compulsory), (false, false));
    let o = parse(&[
        ("variant", "board1"),
        ("capture", "jump"),
        ("chain", "on"),
        ("compulsory", "on"),
    ])
    .expect("chain");
    assert_eq!((o.rules().chain, o.rules().compulsory), (true, true));
    // rules=fair is the measured table, and explicit switches override it.
    for v in [Variant::Board1, Variant::Board2, Variant::Board3, Variant::Board4] {
        let fair = parse(&[("variant", v.id()), ("rules", "fair")]).expect("fair");
        assert_eq!(fair.rules(), Rules::fair(v), "{v:?}");
        let mut expect = SoldiersOptions::seed(v);
        for &(k, val) in Rules::fair_switches(v) {
            set_switch(&mut expect, k, val);
        }
        assert_eq!(
            fair.rules(),
            expect.rules(),
            "{v:?}: the fair set is the seed plus its switches"
        );
        let over = parse(&[("variant", v.id()), ("rules", "fair"), ("threshold", "3")]).expect("override");
        assert_eq!(over.rules().threshold, 3);
        assert_eq!(over.rules().custodian, fair.rules().custodian);
    }
    // The position keys tell rule sets apart, and the seed's keep their old values.
    let seed = Soldiers::new(&SoldiersOptions::seed(Variant::Board1));
    let other = Soldiers::new(&parse(&[("custodian", "off")]).expect("off"));
    assert_ne!(seed.hash_key(), other.hash_key());
    assert_eq!(seed.rules.key(Variant::Board1), 0);
}

#[test]
fn refused_switch_combinations_say_why() {
    let e = parse(&[("variant", "monk"), ("custodian", "on")]).expect_err("monk");
    assert_eq!(
        e,
        "Monk and Water has its own rules and takes no rule switches (got custodian=on)"
    );
    assert!(parse(&[("variant", "monk"), ("rules", "fair")]).is_err());
    // Chain and compulsory apply only with jumps: without them they change nothing.
    assert_eq!(
        parse(&[("variant", "board1"), ("chain", "on")]),
        Ok(SoldiersOptions::seed(Variant::Board1))
    );
    let o = parse(&[
        ("variant", "board4"),
        ("capture", "intervention"),
        ("compulsory", "off"),
    ])
    .expect("ignored");
    assert_eq!(Soldiers::option_pairs(&o).len(), 2, "variant and capture only");
    let e = parse(&[("variant", "board2"), ("threshold", "16")]).expect_err("threshold");
    assert!(e.contains("0 to 15"), "{e}");
    assert!(parse(&[("variant", "board3"), ("threshold", "25")]).is_ok());
    assert!(parse(&[("variant", "board1"), ("threshold", "x")]).is_err());
    // Board 3's general starts walled in by 26 soldiers: moving first he can only jump out
    // (over b5 or d5 to the empty outer files), so without jumps he has no move at all.
    assert!(parse(&[("variant", "board3"), ("first", "general")]).is_ok());
    let e = parse(&[("variant", "board3"), ("first", "general"), ("capture", "intervention")]).expect_err("walled in");
    assert_eq!(
        e,
        "under these rules the general would move first on Yeung Luk Sz' Kon Tseung Kwan (Board 3, Nanking) \
         with no move at all; choose first=soldiers"
    );
    let g = Soldiers::new(&parse(&[("variant", "board3"), ("first", "general")]).expect("jumps"));
    assert_eq!(legal(&g), sorted(&["c5-a5", "c5-e5"]));
}

#[test]
fn switches_change_each_capture_kind() {
    // custodian=off: the move that captured the general on board 1 is now a plain step.
    let off = parse(&[("custodian", "off")]).expect("off");
    let mut g = Soldiers::from_position(&off, "c3", &["b3", "e3", "a1", "e1", "a5", "e5"], Player::P2).expect("pos");
    let steps = play(&mut g, "e3-d3");
    assert_eq!(steps.len(), 1, "{steps:?}");
    assert_eq!(g.status(), Status::Ongoing);
    // custodian=on on board 4: a soldier's move now captures the general there.
    let on = parse(&[("variant", "board4"), ("custodian", "on")]).expect("on");
    let mut g =
        Soldiers::from_position(&on, "c3", &["b3", "e3", "a1", "e1", "a5", "e5", "a4"], Player::P2).expect("pos");
    play(&mut g, "e3-d3");
    assert_eq!(g.status(), win(Player::P2, "captured"));
    // capture=intervention on board 4: stepping between two soldiers takes both.
    let inter = parse(&[("variant", "board4"), ("capture", "intervention")]).expect("intervention");
    let mut g = Soldiers::from_position(
        &inter,
        "c2",
        &["b3", "d3", "a1", "e1", "a5", "e5", "a4", "e4"],
        Player::P1,
    )
    .expect("pos");
    let steps = play(&mut g, "c2-c3");
    assert!(
        matches!(steps.last(), Some(Step::Intervention { captured, .. }) if captured.len() == 2),
        "{steps:?}"
    );
    assert_eq!((g.soldier_count(), g.status()), (6, Status::Ongoing));
    // capture=jump on board 1 (one jump a turn, optional): the general jumps c3-c5 or steps.
    let jump = parse(&[("capture", "jump")]).expect("jump");
    let g = Soldiers::from_position(&jump, "c3", &["c4", "d5", "a1", "b1", "d1", "e1", "a2"], Player::P1).expect("pos");
    let moves = legal(&g);
    assert!(
        moves.contains(&"c3-c5".to_string()) && moves.contains(&"c3-b3".to_string()),
        "{moves:?}"
    );
    assert!(!moves.contains(&"c3-c5-e5".to_string()), "no chains without chain=on");
    // Between two soldiers after a jump board 1 no longer captures by intervention.
    let mut g2 = Soldiers::from_position(&jump, "c2", &["b3", "d3", "a1", "e1", "a5", "e5"], Player::P1).expect("pos");
    play(&mut g2, "c2-c3");
    assert_eq!(g2.soldier_count(), 6);
    // chain=off on board 4: one jump and the move ends; compulsory still forces the jump.
    let single = parse(&[("variant", "board4"), ("chain", "off")]).expect("single");
    let g =
        Soldiers::from_position(&single, "c3", &["c4", "d5", "a1", "b1", "d1", "e1", "a2"], Player::P1).expect("pos");
    assert_eq!(legal(&g), vec!["c3-c5".to_string()]);
    let e = g.parse_move("c3-c5-e5").expect("text");
    assert_eq!(g.why_illegal(&e), "only one jump per move in this game");
    // compulsory=off on board 4: he may step instead, or stop the chain after any landing.
    let free = parse(&[("variant", "board4"), ("compulsory", "off")]).expect("free");
    let g = Soldiers::from_position(&free, "c3", &["c4", "d5", "a1", "b1", "d1", "e1", "a2"], Player::P1).expect("pos");
    let moves = legal(&g);
    for m in ["c3-c5", "c3-c5-e5", "c3-b3", "c3-d4"] {
        assert!(moves.contains(&m.to_string()), "{m} missing from {moves:?}");
    }
    // threshold: the general wins as soon as the soldiers are down to it.
    let t = parse(&[("threshold", "8")]).expect("threshold");
    let mut g = Soldiers::from_position(
        &t,
        "b2",
        &["b3", "d3", "c2", "c4", "a1", "e1", "a5", "e5", "d4", "b1", "d1", "a3"],
        Player::P1,
    )
    .expect("pos");
    play(&mut g, "b2-c3");
    assert_eq!(g.status(), win(Player::P1, "threshold"));
    // first=soldiers on board 1: the soldiers open.
    let s = Soldiers::new(&parse(&[("first", "soldiers")]).expect("first"));
    assert_eq!(s.side_to_move(), Player::P2);
    assert_eq!(s.counters()[1].value, 4);
}

#[test]
fn from_position_refuses_impossible_positions() {
    let o = opts(Variant::Board1);
    let e = Soldiers::from_position(&o, "c3", &["a1", "t_c"], Player::P1).expect_err("refuge");
    assert_eq!(e.to_string(), "soldiers may not stand in the privy (t_c)");
    let e = Soldiers::from_position(&o, "c3", &["a1", "c3"], Player::P1).expect_err("on the general");
    assert_eq!(e.to_string(), "two pieces on c3");
    let e = Soldiers::from_position(&o, "c3", &["a1", "a1"], Player::P1).expect_err("twice");
    assert_eq!(e.to_string(), "two pieces on a1");
    let e = Soldiers::from_position(&o, "k_c", &[], Player::P1).expect_err("monk's point");
    assert!(
        e.to_string()
            .contains("'k_c' is not a point of Shap Luk Kon Tseung Kwan (Board 1)")
    );
    let e = Soldiers::from_position(&opts(Variant::Monk), "c3", &["k_l"], Player::P1).expect_err("cloister");
    assert_eq!(e.to_string(), "soldiers may not stand in the cloister (k_l)");
}

// ---------------------------------------------------------------- movement

#[test]
fn soldiers_are_refused_entry_to_the_refuge() {
    // A soldier on c5 next to the privy's t_c: it may go to c4, b4, d4 and b5/d5, never t_c.
    let mut g = pos(Variant::Board1, "a1", &["c5", "e1", "e2", "e3", "e4"], Player::P2);
    let moves = legal(&g);
    assert!(moves.iter().any(|m| m == "c5-c4"));
    assert!(!moves.iter().any(|m| m.starts_with("c5-t")), "{moves:?}");
    let mv = g.parse_move("c5-t_c").expect("the text names a move");
    let err = g.play(mv).expect_err("refused");
    assert_eq!(
        err,
        PlayError::Illegal {
            notation: "c5-t_c".into(),
            reason: "soldiers may not enter the privy".into()
        }
    );
    // The same in Monk and Water's cloister, with the page's names.
    let g = pos(Variant::Monk, "a1", &["c5", "e1", "e2", "e3", "e4", "e5"], Player::P2);
    assert_eq!(
        g.why_illegal(&g.parse_move("c5-k_c").expect("move")),
        "water may not enter the cloister"
    );
    // The hunter may enter: from b5 the general steps into the privy at t_l.
    let g = pos(Variant::Board1, "b5", &["a1", "e1", "e2", "e3", "e4"], Player::P1);
    assert!(legal(&g).contains(&"b5-t_l".to_string()));
}

#[test]
fn moves_go_one_step_along_edges_to_empty_points() {
    let g = pos(Variant::Board1, "c2", &["c1", "e1", "e2", "e3", "e4"], Player::P1);
    // c2 has no diagonals on the alquerque pattern: b2, d2, c3 (c1 is taken).
    assert_eq!(legal(&g), sorted(&["c2-b2", "c2-d2", "c2-c3"]));
    let reason = g.why_illegal(&g.parse_move("c2-c1").expect("move"));
    assert_eq!(reason, "c1 is occupied");
    let reason = g.why_illegal(&g.parse_move("e1-d1").expect("move"));
    assert_eq!(reason, "the general stands on c2, not e1");
}

// ---------------------------------------------------------------- captures

#[test]
fn intervention_takes_four_soldiers_on_two_lines_at_once() {
    // The general steps b2-c3 between b3/d3 (row 3) and c2/c4 (column c): all four go, as one
    // group. The diagonal a1-b2-c3-d4-e5 does not count: b2 is where he came from.
    let mut g = pos(
        Variant::Board1,
        "b2",
        &["b3", "d3", "c2", "c4", "a1", "e1", "a5", "e5", "d4"],
        Player::P1,
    );
    let steps = play(&mut g, "b2-c3");
    let (b2, c3) = (pt(&g, "b2"), pt(&g, "c3"));
    let four = ["c2", "b3", "d3", "c4"].map(|n| pt(&g, n)).to_vec();
    assert_eq!(
        steps,
        vec![
            Step::Move {
                piece: Piece::Hunter,
                from: b2,
                to: c3
            },
            Step::Intervention { at: c3, captured: four },
        ]
    );
    assert_eq!(soldier_names(&g), sorted(&["a1", "a5", "d4", "e1", "e5"]));
    assert_eq!(
        (g.soldier_count(), g.moves_without_capture(), g.status()),
        (5, 0, Status::Ongoing)
    );
}

#[test]
fn general_stepping_between_two_soldiers_is_not_captured() {
    // Custodian board: he captures them instead (intervention).
    let mut g = pos(
        Variant::Board1,
        "c2",
        &["b3", "d3", "a1", "e1", "a5", "e5", "a4"],
        Player::P1,
    );
    let steps = play(&mut g, "c2-c3");
    assert!(matches!(steps.last(), Some(Step::Intervention { .. })), "{steps:?}");
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(soldier_names(&g), sorted(&["a1", "a4", "a5", "e1", "e5"]));
    // Board 4 has neither intervention nor custodian capture: he simply stands there.
    let mut g = pos(Variant::Board4, "c2", &["b3", "d3", "a1", "e1", "a5", "e5"], Player::P1);
    let steps = play(&mut g, "c2-c3");
    assert_eq!(steps.len(), 1);
    assert_eq!((g.soldier_count(), g.status()), (6, Status::Ongoing));
}

#[test]
fn custodian_capture_needs_the_moving_soldier() {
    // e3-d3 closes row 3 around the general on c3: captured, soldiers win.
    let mut g = pos(Variant::Board1, "c3", &["b3", "e3", "a1", "e1", "a5", "e5"], Player::P2);
    let steps = play(&mut g, "e3-d3");
    let (c3, b3, d3, e3) = (pt(&g, "c3"), pt(&g, "b3"), pt(&g, "d3"), pt(&g, "e3"));
    assert_eq!(
        steps,
        vec![
            Step::Move {
                piece: Piece::Soldier,
                from: e3,
                to: d3
            },
            Step::Custodian {
                general: c3,
                flankers: [b3, d3]
            },
            Step::End {
                winner: Some(Player::P2),
                reason: "captured"
            },
        ]
    );
    assert_eq!(g.status(), win(Player::P2, "captured"));
    // A general already standing between two soldiers (a set-up position) is not captured by
    // some other soldier's move.
    let mut g = pos(Variant::Board1, "c3", &["b3", "d3", "a1", "e1", "a5", "e5"], Player::P2);
    play(&mut g, "a1-a2");
    assert_eq!(g.status(), Status::Ongoing);
    // No custodian capture on board 4 or in Monk and Water.
    for v in [Variant::Board4, Variant::Monk] {
        let mut g = pos(v, "c3", &["b3", "e3", "a1", "e1", "a5", "e5", "a4"], Player::P2);
        play(&mut g, "e3-d3");
        assert_eq!(g.status(), Status::Ongoing, "{v:?}");
    }
}

#[test]
fn jump_chain_turns_and_is_written_by_its_landings() {
    // The page's example c3-c5-e5 on board 4: over c4 up the column, then over d5 along row 5.
    let mut g = pos(
        Variant::Board4,
        "c3",
        &["c4", "d5", "a1", "b1", "d1", "e1", "a2"],
        Player::P1,
    );
    assert_eq!(legal(&g), vec!["c3-c5-e5".to_string()], "the only maximal chain");
    let steps = play(&mut g, "C3-C5-E5");
    let p = |n| pt(&g, n);
    assert_eq!(
        steps,
        vec![
            Step::Jump {
                from: p("c3"),
                over: p("c4"),
                to: p("c5")
            },
            Step::Jump {
                from: p("c5"),
                over: p("d5"),
                to: p("e5")
            },
        ]
    );
    assert_eq!((g.board().point_name(g.hunter()), g.soldier_count()), ("e5", 5));
}

#[test]
fn jump_chain_may_land_on_its_start_and_soldiers_leave_at_once() {
    // Board 3 (orthogonal): four soldiers round the square c3-c5-e5-e3. Either way round the
    // general takes all four and ends where he started; c3 counts as empty once he has left.
    let far = ["a7", "a8", "a9", "e7", "e8", "e9", "b9"];
    let mut soldiers = vec!["c4", "d5", "e4", "d3"];
    soldiers.extend(far);
    let g = pos(Variant::Board3, "c3", &soldiers, Player::P1);
    assert_eq!(legal(&g), sorted(&["c3-c5-e5-e3-c3", "c3-e3-e5-c5-c3"]));
    let mut g2 = g.clone();
    let steps = play(&mut g2, "c3-c5-e5-e3-c3");
    assert_eq!(steps.len(), 4);
    assert_eq!((g2.hunter(), g2.soldier_count()), (pt(&g, "c3"), 7));
    // Compulsory capture to the end: a shorter chain is illegal.
    let short = g.parse_move("c3-c5-e5").expect("text");
    assert!(!g.is_legal(&short));
    assert_eq!(
        g.why_illegal(&short),
        "the chain can go on from e5, and jumping is compulsory to the end"
    );
}

#[test]
fn quiet_move_is_illegal_when_a_capture_is_compulsory() {
    // Board 4: a soldier on c4 with c5 empty behind it. The general must jump.
    let g = pos(Variant::Board4, "c3", &["c4", "a1", "b1", "d1", "e1", "a2"], Player::P1);
    assert_eq!(legal(&g), vec!["c3-c5".to_string()]);
    let step = g.parse_move("c3-b3").expect("text");
    assert!(!g.is_legal(&step));
    assert_eq!(
        g.why_illegal(&step),
        "the general can capture, and capturing is compulsory"
    );
    // Board 3 likewise, and with two jumps available he chooses.
    let g = pos(
        Variant::Board3,
        "c3",
        &["c4", "b3", "a7", "a8", "a9", "e7", "e8", "e9"],
        Player::P1,
    );
    assert_eq!(legal(&g), sorted(&["c3-c5", "c3-a3"]));
    // Intervention is optional: on board 1 the general may walk past a capture.
    let g = pos(Variant::Board1, "c2", &["b3", "d3", "a1", "e1", "a5", "e5"], Player::P1);
    assert_eq!(legal(&g).len(), 4);
}

#[test]
fn a_jumped_soldier_cannot_be_jumped_twice() {
    // Board 3: general a1, soldiers a2 and b3. a1-a3 takes a2; from a3 the only soldier next
    // to him is b3 (c3 empty), so a1-a3-c3. He cannot come back over a2: it is gone.
    let g = pos(
        Variant::Board3,
        "a1",
        &["a2", "b3", "e5", "e6", "e7", "e8", "e9", "d9"],
        Player::P1,
    );
    assert_eq!(legal(&g), vec!["a1-a3-c3".to_string()]);
}

// ---------------------------------------------------------------- ends

#[test]
fn shut_in_wins_for_the_soldiers() {
    // The general in the privy; the soldiers close b5, c5 and d5.
    let mut g = pos(Variant::Board1, "t_c", &["b5", "c5", "e5", "a1", "e1"], Player::P2);
    let steps = play(&mut g, "e5-d5");
    assert_eq!(g.status(), win(Player::P2, "shut-in"));
    assert_eq!(
        steps.last(),
        Some(&Step::End {
            winner: Some(Player::P2),
            reason: "shut-in"
        })
    );
    // Monk and Water: water on the entrance with the monk in the cloister.
    let mut g = pos(Variant::Monk, "k_c", &["d5", "a1", "b1", "d1", "e1", "a2"], Player::P2);
    play(&mut g, "d5-c5");
    assert_eq!(g.status(), win(Player::P2, "shut-in"));
    // Not while an exit is open.
    let mut g = pos(Variant::Board1, "t_c", &["b5", "e5", "a1", "e1", "a2"], Player::P2);
    play(&mut g, "e5-d5");
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn threshold_wins_for_the_hunter() {
    // Board 1 at 4 or fewer: six soldiers, an intervention takes two.
    let mut g = pos(Variant::Board1, "c2", &["b3", "d3", "a1", "e1", "a5", "e5"], Player::P1);
    play(&mut g, "c2-c3");
    assert_eq!(g.status(), win(Player::P1, "threshold"));
    // Five left is not enough.
    let mut g = pos(
        Variant::Board1,
        "c2",
        &["b3", "d3", "a1", "e1", "a5", "e5", "a4"],
        Player::P1,
    );
    play(&mut g, "c2-c3");
    assert_eq!(g.status(), Status::Ongoing);
    // Board 3 at 6: eight soldiers, a two-jump chain.
    let mut g = pos(
        Variant::Board3,
        "a1",
        &["a2", "b3", "e5", "e6", "e7", "e8", "e9", "d9"],
        Player::P1,
    );
    play(&mut g, "a1-a3-c3");
    assert_eq!(g.status(), win(Player::P1, "threshold"));
    // Monk and Water at 5: seven water, the monk takes two.
    let mut g = pos(
        Variant::Monk,
        "c2",
        &["b3", "d3", "a1", "e1", "a5", "e5", "a4"],
        Player::P1,
    );
    play(&mut g, "c2-c3");
    assert_eq!(g.status(), win(Player::P1, "threshold"));
}

fn apex_walk(apex: bool) -> (Soldiers, Vec<Step>) {
    let o = SoldiersOptions {
        apex: Some(apex),
        ..SoldiersOptions::seed(Variant::Board1)
    };
    let mut g = Soldiers::from_position(&o, "t_c", &["a1", "b1", "c1", "d1", "e1"], Player::P1).expect("position");
    let mut steps = play(&mut g, "t_c-t_apex");
    play(&mut g, "a1-a2");
    play(&mut g, "t_apex-t_l");
    assert_eq!(
        g.status(),
        Status::Ongoing,
        "a move that ends inside the privy does not win"
    );
    play(&mut g, "a2-a1");
    steps.extend(play(&mut g, "t_l-b5"));
    (g, steps)
}

#[test]
fn apex_rule_on_the_general_reaches_the_apex_and_leaves_the_privy() {
    let (g, steps) = apex_walk(true);
    assert_eq!(g.status(), win(Player::P1, "apex"));
    assert!(steps.contains(&Step::ApexReached { at: pt(&g, "t_apex") }));
}

#[test]
fn apex_rule_off_nothing_happens() {
    let (g, steps) = apex_walk(false);
    assert_eq!(g.status(), Status::Ongoing);
    assert!(!g.apex_reached() && !steps.iter().any(|s| matches!(s, Step::ApexReached { .. })));
}

#[test]
fn apex_rule_counts_every_apex_point_of_board4() {
    for (apex, inner) in [("t2_a", "t1_l"), ("t2_c", "t1_c"), ("t2_e", "t1_r")] {
        let mut g = pos(Variant::Board4, inner, &["a1", "b1", "d1", "e1", "a2"], Player::P1);
        play(&mut g, &format!("{inner}-{apex}"));
        assert!(g.apex_reached(), "{apex}");
        play(&mut g, "a1-b2");
        play(&mut g, &format!("{apex}-{inner}"));
        play(&mut g, "b2-a1");
        assert_eq!(g.status(), Status::Ongoing);
        play(&mut g, &format!("{inner}-c5"));
        assert_eq!(g.status(), win(Player::P1, "apex"), "{apex}");
    }
    // Without reaching an apex, leaving the privy is just a move.
    let mut g = pos(Variant::Board4, "t1_c", &["a1", "b1", "d1", "e1", "a2"], Player::P1);
    play(&mut g, "t1_c-c5");
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn monk_wins_on_the_cloister_apex_whatever_the_apex_option() {
    for apex in [true, false] {
        let o = SoldiersOptions {
            apex: Some(apex),
            ..SoldiersOptions::seed(Variant::Monk)
        };
        let mut g = Soldiers::from_position(&o, "k_c", &["d5", "a1", "b1", "d1", "e1", "a2"], Player::P1).expect("pos");
        let steps = play(&mut g, "k_c-k_apex");
        assert_eq!(g.status(), win(Player::P1, "apex"), "apex={apex}");
        assert!(
            !steps.iter().any(|s| matches!(s, Step::ApexReached { .. })),
            "no flag: the cloister rule is immediate"
        );
    }
    // Elsewhere in the cloister nothing happens.
    let mut g = pos(Variant::Monk, "c5", &["d5", "a1", "b1", "d1", "e1", "a2"], Player::P1);
    play(&mut g, "c5-k_l");
    assert_eq!(g.status(), Status::Ongoing);
}

#[test]
fn pinned_hunter_loses() {
    // General in the corner a1; a2 and b1 held; c3-b2 closes the last point. a1 lies on no line
    // as a middle point, so this is no custodian capture: the general is pinned.
    let mut g = pos(Variant::Board1, "a1", &["a2", "b1", "c3", "e5", "e4"], Player::P2);
    play(&mut g, "c3-b2");
    assert_eq!(g.status(), win(Player::P2, "pinned"));
    assert!(legal(&g).is_empty());
    // On a jumping board the jumps are a way out, and the chains must run to the end: over a2
    // then b2 then b1 back home, over b1 then b2 then a2 back home, or over b2 to c3 (where no
    // soldier is left next to him).
    let mut g = pos(Variant::Board4, "a1", &["a2", "b1", "c3", "e5", "e4"], Player::P2);
    play(&mut g, "c3-b2");
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(legal(&g), sorted(&["a1-a3-c1-a1", "a1-c1-a3-a1", "a1-c3"]));
}

#[test]
fn pinned_soldiers_lose() {
    // Board 3 filled with soldiers but b9, the general in the privy on t_l. He steps out to b9:
    // every empty point is now in the privy, where soldiers may not go.
    let b = Variant::Board3.board();
    let all: Vec<&str> = b
        .points()
        .filter(|&p| !b.is_refuge(p))
        .map(|p| b.point_name(p))
        .collect();
    let soldiers: Vec<&str> = all.into_iter().filter(|&n| n != "b9").collect();
    let mut g = pos(Variant::Board3, "t_l", &soldiers, Player::P1);
    assert_eq!(legal(&g), sorted(&["t_l-b9", "t_l-t_c", "t_l-t_apex"]));
    let steps = play(&mut g, "t_l-b9");
    assert_eq!(g.status(), win(Player::P1, "pinned"));
    assert_eq!(
        steps.last(),
        Some(&Step::End {
            winner: Some(Player::P1),
            reason: "pinned"
        })
    );
    // A set-up position whose side to move is stuck is over at once.
    let g = pos(Variant::Board3, "b9", &soldiers, Player::P2);
    assert_eq!(g.status(), win(Player::P1, "pinned"));
}

#[test]
fn end_checks_run_in_the_page_order() {
    // Custodian before pinned: e3-d3 captures the general on c3 and leaves him no move either
    // way; the reason is the capture.
    let ring = ["b2", "c2", "d2", "b3", "b4", "c4", "d4", "e3", "a1"];
    let mut g = pos(Variant::Board1, "c3", &ring, Player::P2);
    play(&mut g, "e3-d3");
    assert_eq!(g.status(), win(Player::P2, "captured"));
    // Shut-in before threshold (judged on a set-up position too).
    let g = pos(Variant::Board1, "t_c", &["b5", "c5", "d5"], Player::P1);
    assert_eq!(g.status(), win(Player::P2, "shut-in"));
    // Threshold before apex: having reached the apex, the general leaves the privy onto b5
    // between a5 and c5; the capture brings the soldiers to 4, and that is the reason given.
    let mut g = pos(
        Variant::Board1,
        "t_l",
        &["a5", "c5", "a1", "e1", "e5", "e4"],
        Player::P1,
    );
    g.apex_reached = true;
    g.key = g.compute_key();
    play(&mut g, "t_l-b5");
    assert_eq!(g.status(), win(Player::P1, "threshold"));
    // Apex before pinned: the general leaves the privy (having reached the apex) onto the last
    // free main point, which pins the soldiers; the reason is the apex.
    let b = Variant::Board3.board();
    let soldiers: Vec<&str> = b
        .points()
        .filter(|&p| !b.is_refuge(p))
        .map(|p| b.point_name(p))
        .filter(|&n| n != "b9")
        .collect();
    let mut g = pos(Variant::Board3, "t_l", &soldiers, Player::P1);
    g.apex_reached = true;
    g.key = g.compute_key();
    play(&mut g, "t_l-b9");
    assert_eq!(g.status(), win(Player::P1, "apex"));
}

#[test]
fn threefold_repetition_is_a_draw_counting_the_start() {
    let mut g = pos(Variant::Board1, "c3", &["a1", "e1", "a5", "e5", "e3"], Player::P1);
    let start = g.hash_key();
    assert_eq!(g.occurrences(), 1, "the start counts once");
    for round in 0..2 {
        for (i, mv) in ["c3-c2", "a1-b1", "c2-c3", "b1-a1"].iter().enumerate() {
            assert_eq!(g.status(), Status::Ongoing, "round {round} move {i}");
            play(&mut g, mv);
            if i < 3 {
                assert_eq!(g.occurrences(), round + 1, "round {round} move {i}");
            }
        }
        assert_eq!(g.hash_key(), start);
        assert_eq!(g.occurrences(), round + 2);
    }
    // The start (1st), ply 4 (2nd), ply 8 (3rd).
    assert_eq!((g.ply(), g.status()), (8, Status::Draw { reason: "repetition" }));
}

#[test]
fn repetition_is_checked_before_the_no_capture_draw() {
    let mut g = pos(Variant::Board1, "c3", &["a1", "e1", "a5", "e5", "e3"], Player::P1);
    g.since_capture = 192;
    for _ in 0..2 {
        for mv in ["c3-c2", "a1-b1", "c2-c3", "b1-a1"] {
            play(&mut g, mv);
        }
    }
    assert_eq!(
        (g.moves_without_capture(), g.status()),
        (200, Status::Draw { reason: "repetition" })
    );
}

#[test]
fn a_capture_clears_the_repetition_history() {
    let mut g = pos(
        Variant::Board1,
        "c3",
        &["a1", "e1", "a5", "e5", "e3", "a3", "c1"],
        Player::P1,
    );
    for mv in ["c3-c2", "a1-a2", "c2-c3", "a2-a1"] {
        play(&mut g, mv);
    }
    // c3-b2 takes a3 and c1; the earlier positions cannot come back.
    play(&mut g, "c3-b2");
    assert_eq!((g.soldier_count(), g.history.len, g.moves_without_capture()), (5, 0, 0));
}

#[test]
fn apex_flag_is_part_of_the_position() {
    let mut g = pos(Variant::Board1, "t_c", &["a1", "b1", "c1", "d1", "e1"], Player::P1);
    let before = g.hash_key();
    play(&mut g, "t_c-t_apex");
    play(&mut g, "a1-a2");
    play(&mut g, "t_apex-t_c");
    play(&mut g, "a2-a1");
    // Same points and side to move as the start, but the apex has been reached.
    assert!(g.apex_reached());
    assert_ne!(g.hash_key(), before);
    // Only the three positions since the flag was set are kept: none before it can recur.
    assert_eq!(g.history.len, 3);
}

#[test]
fn no_capture_draw_right_after_the_200th_move() {
    // Random play on board 1 where both sides avoid captures and wins whenever they can: find
    // games that reach 200 quiet moves and check they end exactly there, as a draw.
    let mut found = 0;
    for seed in 0..20 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = Soldiers::new(&opts(Variant::Board1));
        let mut buf = Vec::new();
        while !g.status().is_over() {
            g.legal_moves(&mut buf);
            let quiet: Vec<Move> = buf
                .iter()
                .copied()
                .filter(|&m| {
                    let mut n = g.clone();
                    n.apply(m);
                    n.soldier_count() == g.soldier_count() && !matches!(n.status(), Status::Win { .. })
                })
                .collect();
            let pool = if quiet.is_empty() { &buf } else { &quiet };
            let before = g.clone();
            g.apply(pool[rng.random_range(0..pool.len())]);
            if g.status() == (Status::Draw { reason: "no-capture" }) {
                assert_eq!((before.moves_without_capture(), g.moves_without_capture()), (199, 200));
                assert_eq!(before.status(), Status::Ongoing);
                found += 1;
            } else if !g.status().is_over() {
                assert!(g.moves_without_capture() < 200);
            }
        }
    }
    assert!(found > 0, "no game reached 200 quiet moves");
}

#[test]
fn no_capture_counter_resets_on_a_capture_at_the_last_move() {
    let base = pos(
        Variant::Board1,
        "c2",
        &["b3", "d3", "a1", "e1", "a5", "e5", "a4"],
        Player::P1,
    );
    let mut g = base.clone();
    g.since_capture = 199;
    play(&mut g, "c2-b2");
    assert_eq!(g.status(), Status::Draw { reason: "no-capture" });
    let mut g = base;
    g.since_capture = 199;
    play(&mut g, "c2-c3");
    assert_eq!((g.status(), g.moves_without_capture()), (Status::Ongoing, 0));
}

// ---------------------------------------------------------------- presentation

#[test]
fn render_and_counters() {
    let g = Soldiers::new(&opts(Variant::Board1));
    let text = g.render();
    let (pic, legend) = text.trim_end().rsplit_once('\n').expect("picture and legend");
    assert_eq!(pic.matches('G').count(), 1, "{text}");
    assert_eq!(pic.matches('o').count(), 16, "{text}");
    assert_eq!(pic.matches('*').count(), 4, "{text}");
    assert_eq!(pic.matches('.').count(), 8, "{text}");
    assert!(legend.contains("general on c3"));
    let c = g.counters();
    assert_eq!(c[0], Counter::new("soldiers left", 16));
    assert_eq!(c[1], Counter::new("general wins at", 4));
    assert!(c.iter().any(|c| c.label == "apex reached"));
    let m = Soldiers::new(&opts(Variant::Monk));
    assert!(m.render().contains("monk on c5") && m.render().contains('M'));
    assert!(!m.counters().iter().any(|c| c.label == "apex reached"));
}

#[test]
fn random_move_is_uniform() {
    // The start of board 3 (18 soldier moves), of Monk and Water (21) and a jumping position.
    let jumpy = pos(
        Variant::Board3,
        "c3",
        &["c4", "b3", "d3", "a7", "a8", "a9", "e7", "e8", "e9"],
        Player::P1,
    );
    // Few soldiers and many empty points: the generator walks the soldiers instead.
    let sparse = pos(Variant::Board1, "c3", &["a1", "b1", "e5", "e4", "c5"], Player::P2);
    for g in [
        Soldiers::new(&opts(Variant::Board3)),
        Soldiers::new(&opts(Variant::Monk)),
        jumpy,
        sparse,
    ] {
        let mut buf = Vec::new();
        g.legal_moves(&mut buf);
        let moves = buf.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let draws = 2000 * moves.len();
        let mut counts = vec![0usize; moves.len()];
        for _ in 0..draws {
            let m = g.random_move(&mut rng, &mut buf).expect("a move");
            counts[moves.iter().position(|&x| x == m).expect("legal")] += 1;
        }
        for (m, &c) in moves.iter().zip(&counts) {
            assert!(
                (1700..2300).contains(&c),
                "{} drawn {c} times of {draws}",
                g.format_move(m)
            );
        }
    }
}

#[test]
fn state_survives_serde() {
    let mut g = Soldiers::new(&opts(Variant::Board2));
    for mv in ["c3-c4", "a1-b2", "c4-c3"] {
        play(&mut g, mv);
    }
    let text = serde_json::to_string(&g).expect("serialize");
    let back: Soldiers = serde_json::from_str(&text).expect("deserialize");
    assert_eq!(
        (back.hash_key(), back.ply(), back.history.as_slice()),
        (g.hash_key(), g.ply(), g.history.as_slice())
    );
    assert_eq!(legal(&back), legal(&g));
    // A damaged save is refused rather than played.
    let bad = text.replacen(&format!("\"hunter\":{}", g.hunter()), "\"hunter\":77", 1);
    assert!(serde_json::from_str::<Soldiers>(&bad).is_err(), "{bad}");
}

// ---------------------------------------------------------------- property tests

fn check_invariants(g: &Soldiers) {
    let b = g.board();
    assert_eq!(g.soldiers & b.refuge, 0, "a soldier in the refuge");
    assert_eq!(g.soldiers & !b.all, 0);
    assert_eq!(g.soldiers >> g.hunter & 1, 0, "a soldier under the hunter");
    assert_eq!(g.count as u32, g.soldiers.count_ones());
    assert_eq!(g.key, g.compute_key(), "incremental key drifted");
    assert!(g.since_capture <= NO_CAPTURE_LIMIT && g.history.len <= g.since_capture);
    assert!(!g.apex_reached || g.apex_rule_in_force());
}

fn random_games(variant: Variant, apex: bool, games: u64) {
    random_games_with(
        SoldiersOptions {
            apex: Some(apex),
            ..SoldiersOptions::seed(variant)
        },
        games,
    );
}

fn random_games_with(o: SoldiersOptions, games: u64) {
    let variant = o.variant;
    let apex = o.rules().apex;
    let mut buf = Vec::new();
    let mut buf2 = Vec::new();
    let mut reasons = HashSet::new();
    for seed in 0..games {
        let mut rng = ChaCha8Rng::seed_from_u64(seed ^ (variant as u64) << 32);
        let mut g = Soldiers::new(&o);
        let mut steps = Vec::new();
        loop {
            check_invariants(&g);
            g.legal_moves(&mut buf);
            if let Status::Win { reason, .. } | Status::Draw { reason } = g.status() {
                assert!(buf.is_empty(), "moves after the end");
                reasons.insert(reason);
                break;
            }
            assert!(!buf.is_empty(), "ongoing without a move: {}", g.render());
            assert!(g.ply() < 27 * 200, "game does not end");
            assert_eq!(perft(&g, 1), buf.len() as u64);
            if g.ply().is_multiple_of(16) {
                let sum: u64 = buf
                    .iter()
                    .map(|&m| {
                        let mut n = g.clone();
                        n.apply(m);
                        n.legal_moves(&mut buf2);
                        buf2.len() as u64
                    })
                    .sum();
                assert_eq!(perft(&g, 2), sum);
                let unique: HashSet<Move> = buf.iter().copied().collect();
                assert_eq!(unique.len(), buf.len(), "duplicate moves");
            }
            for m in &buf {
                let text = g.format_move(m);
                assert_eq!(g.parse_move(&text).as_ref(), Ok(m), "{text}");
                assert_eq!(
                    g.parse_move(&text.to_uppercase()).map(|m| g.format_move(&m)),
                    Ok(text.clone())
                );
            }
            let mv = g.random_move(&mut rng, &mut buf2).expect("a move");
            assert!(buf.contains(&mv), "random move not legal");
            let mut fast = g.clone();
            fast.apply(mv);
            steps.clear();
            let before = g.soldier_count();
            g.apply_recorded(mv, &mut steps);
            assert_eq!(
                (fast.key, fast.outcome, fast.since_capture),
                (g.key, g.outcome, g.since_capture)
            );
            let taken: usize = steps
                .iter()
                .map(|s| match s {
                    Step::Jump { .. } => 1,
                    Step::Intervention { captured, .. } => captured.len(),
                    _ => 0,
                })
                .sum();
            assert_eq!(taken as u32, before - g.soldier_count(), "{steps:?}");
            assert_eq!(matches!(steps.last(), Some(Step::End { .. })), g.status().is_over());
        }
        if seed.is_multiple_of(100) {
            let back: Soldiers = serde_json::from_str(&serde_json::to_string(&g).expect("ser")).expect("de");
            assert_eq!((back.key, back.outcome, back.ply), (g.key, g.outcome, g.ply));
        }
    }
    eprintln!("{variant:?} apex={apex} {:?}: end reasons seen {reasons:?}", o.rules());
}

#[test]
fn random_games_board1() {
    random_games(Variant::Board1, true, 1000);
}

#[test]
fn random_games_board2() {
    random_games(Variant::Board2, true, 1000);
}

#[test]
fn random_games_board3() {
    random_games(Variant::Board3, true, 1000);
}

#[test]
fn random_games_board4() {
    random_games(Variant::Board4, true, 1000);
}

#[test]
fn random_games_monk() {
    random_games(Variant::Monk, true, 1000);
}

#[test]
fn random_games_apex_off() {
    for v in [Variant::Board1, Variant::Board2, Variant::Board3, Variant::Board4] {
        random_games(v, false, 250);
    }
}

/// Every combination of the rule switches on every sixteen-soldier board (chain and compulsory
/// only with jumps; thresholds low and high), each as a valid option set or a refusal, plays
/// random games with every invariant checked; and the fair sets.
#[test]
fn random_games_under_every_switch() {
    let mut played = 0;
    for v in [Variant::Board1, Variant::Board2, Variant::Board3, Variant::Board4] {
        let high = (v.board().soldier_starts().len() - 2).to_string();
        for custodian in ["on", "off"] {
            for capture in ["intervention", "jump"] {
                for (chain, compulsory) in [("on", "on"), ("on", "off"), ("off", "on"), ("off", "off")] {
                    if capture == "intervention" && (chain, compulsory) != ("on", "on") {
                        continue;
                    }
                    for first in ["general", "soldiers"] {
                        for apex in ["on", "off"] {
                            for threshold in ["0", high.as_str()] {
                                let mut pairs = vec![
                                    ("variant", v.id()),
                                    ("custodian", custodian),
                                    ("capture", capture),
                                    ("first", first),
                                    ("apex", apex),
                                    ("threshold", threshold),
                                ];
                                if capture == "jump" {
                                    pairs.extend([("chain", chain), ("compulsory", compulsory)]);
                                }
                                match parse(&pairs) {
                                    Ok(o) => {
                                        random_games_with(o, 6);
                                        played += 1;
                                    }
                                    // Only a first side without a move is refused here.
                                    Err(e) => assert!(e.contains("no move at all"), "{pairs:?}: {e}"),
                                }
                            }
                        }
                    }
                }
            }
        }
        random_games_with(SoldiersOptions::fair(v), 200);
    }
    assert!(played > 250, "{played} combinations played");
}

/// CPU time this thread has used, in seconds (Linux's schedstat, so that other processes on a
/// busy machine do not count against the measurement); wall time elsewhere.
fn thread_seconds(wall: std::time::Instant) -> f64 {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()
        .and_then(|s| s.split_whitespace().next().and_then(|ns| ns.parse::<f64>().ok()))
        .map_or_else(|| wall.elapsed().as_secs_f64(), |ns| ns / 1e9)
}

/// Random play speed, per variant (random_move + apply + status, including setting up each
/// game): `cargo test -p parlour-rules soldiers::tests::speed -- --ignored --nocapture`.
#[test]
#[ignore]
fn speed() {
    for v in Variant::ALL {
        let o = opts(v);
        let mut rng = ChaCha8Rng::seed_from_u64(1);
        let mut buf = Vec::new();
        let (mut plies, mut games) = (0u64, 0u64);
        let wall = std::time::Instant::now();
        let cpu0 = thread_seconds(wall);
        while wall.elapsed().as_secs_f64() < 2.0 {
            for _ in 0..1000 {
                let mut g = Soldiers::new(&o);
                while !g.status().is_over() {
                    let Some(m) = g.random_move(&mut rng, &mut buf) else {
                        break;
                    };
                    g.apply(m);
                    plies += 1;
                }
                games += 1;
            }
        }
        let (cpu, secs) = (thread_seconds(wall) - cpu0, wall.elapsed().as_secs_f64());
        eprintln!(
            "{:<7} {:>6.1} M moves per CPU second ({:.1} M per wall second; {games} games, {:.0} plies/game)",
            v.id(),
            plies as f64 / cpu / 1e6,
            plies as f64 / secs / 1e6,
            plies as f64 / games as f64
        );
    }
}

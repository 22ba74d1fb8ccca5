//! Tests for Qyshinsu: the seed's worked examples and game-over examples move by move, every
//! rule on the page, and random games checked against a plain reference reading of the rules.
use std::collections::{BTreeSet, HashMap};

use super::*;
use crate::game::{Game, PlayError, Player, Status, perft};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

const BLACK: Player = Player::P1;
const RED: Player = Player::P2;

fn start() -> Qyshinsu {
    Qyshinsu::new(&QyshinsuOptions {})
}

fn after(moves: &str) -> Qyshinsu {
    let mut g = start();
    for text in moves.split_whitespace() {
        crate::game::play_text(&mut g, text).unwrap_or_else(|e| panic!("{text} after {}: {e}", g.ply()));
    }
    g
}

fn legal_texts(g: &Qyshinsu) -> BTreeSet<String> {
    let mut v = Vec::new();
    g.legal_moves(&mut v);
    v.iter().map(|m| g.format_move(m)).collect()
}

fn set(texts: &[&str]) -> BTreeSet<String> {
    texts.iter().map(|s| s.to_string()).collect()
}

fn positions(ps: &[u8]) -> Positions {
    ps.iter().fold(Positions::default(), |s, &p| s.with(p))
}

fn reason(g: &Qyshinsu, text: &str) -> String {
    let m = g.parse_move(text).unwrap();
    assert!(!g.is_legal(&m), "{text} should be illegal");
    g.illegal_reason(&m)
}

/// Every add of the six kinds at each of `ps`.
fn all_adds(ps: &[u8]) -> BTreeSet<String> {
    ps.iter()
        .flat_map(|p| ["o", "1", "2", "3", "4", "5"].map(|k| format!("{k}@{p}")))
        .collect()
}

#[test]
fn identity_sides_and_options() {
    assert_eq!(Qyshinsu::ID, "qyshinsu");
    assert_eq!(Qyshinsu::NAME, "Qyshinsu");
    assert_eq!(ALIASES, &["qushinsu"]);
    assert!(Qyshinsu::option_specs().is_empty());
    assert_eq!(Qyshinsu::parse_options(&[]).unwrap(), QyshinsuOptions {});
    assert!(
        Qyshinsu::parse_options(&[("swap", "on")])
            .unwrap_err()
            .0
            .contains("takes no options")
    );
    assert!(Qyshinsu::option_pairs(&QyshinsuOptions {}).is_empty());
    let g = start();
    assert_eq!(g.side_to_move(), BLACK, "Black moves first");
    assert_eq!((g.side_name(BLACK), g.side_name(RED)), ("black", "red"));
    for p in Player::BOTH {
        for k in Kind::ALL {
            assert_eq!(g.hand(p, k), 2, "two stones of each of six kinds");
        }
    }
}

#[test]
fn ring_distance_wraps() {
    assert_eq!(distance(1, 12), 1);
    assert_eq!(distance(2, 10), 4);
    assert_eq!(distance(3, 9), 6);
    assert_eq!(distance(7, 7), 0);
    assert_eq!(around(2, -4), 10);
    assert_eq!(around(11, 4), 3);
    assert_eq!(around(12, 1), 1);
}

#[test]
fn black_opens_anywhere_with_any_stone() {
    let g = start();
    assert_eq!(g.constraint(), Constraint::Open);
    assert_eq!(legal_texts(&g), all_adds(&(1..=12).collect::<Vec<_>>()));
    assert!(reason(&start(), "x@3").contains("no stone at 3"));
}

#[test]
fn seed_example_1_four_stone_at_2() {
    let g = after("4@2");
    assert_eq!(
        g.constraint(),
        Constraint::Distance {
            kind: Kind::Four,
            from: 2,
            positions: positions(&[6, 10])
        }
    );
    assert_eq!(legal_texts(&g), all_adds(&[6, 10]), "Red must add at 6 or 10");
    assert!(reason(&g, "x@2").contains("Precept 1"));
    assert!(reason(&g, "3@7").contains("6 or 10"));
}

#[test]
fn seed_example_2_precepts_2_and_3() {
    // Black removed its Old Stone at 9; Red removed its 1-stone at 8 (its stone nearest 9).
    let before = after("1@4 2@5 4@7 2@11 o@9 1@8 x@9");
    assert_eq!(
        before.constraint(),
        Constraint::OldStoneRemove {
            from: 9,
            positions: positions(&[8])
        }
    );
    assert_eq!(
        legal_texts(&before),
        set(&["x@8"]),
        "only the nearest stone, not 5 or 11"
    );
    let g = after("1@4 2@5 4@7 2@11 o@9 1@8 x@9 x@8");
    assert_eq!(
        g.constraint(),
        Constraint::Distance {
            kind: Kind::One,
            from: 8,
            positions: positions(&[7, 9])
        }
    );
    assert_eq!(g.on_board(Kind::Two), 2);
    assert_eq!(legal_texts(&g), set(&["x@7", "1@9", "3@9", "4@9", "5@9"]));
    assert!(reason(&g, "2@9").contains("Precept 2"));
    assert!(reason(&g, "o@9").contains("Precept 3"));
    assert_eq!(g.playable(), positions(&[7, 9]));
}

#[test]
fn seed_example_3_precepts_1_2_and_3() {
    // Red removed its Old Stone at 3; Black removed its 1-stone at 4 (its stone nearest 3).
    let g = after("4@11 2@7 2@5 o@3 1@4 x@3 x@4");
    assert_eq!(g.side_to_move(), RED);
    assert_eq!(
        g.constraint(),
        Constraint::Distance {
            kind: Kind::One,
            from: 4,
            positions: positions(&[3, 5])
        }
    );
    assert_eq!(legal_texts(&g), set(&["1@3", "3@3", "4@3", "5@3"]));
    assert!(reason(&g, "x@5").contains("Precept 1"));
    assert!(reason(&g, "2@3").contains("Precept 2"));
    assert!(reason(&g, "o@3").contains("Precept 3"));
}

#[test]
fn seed_game_over_1_red_holds_both_targets() {
    let g = after("5@2 3@7 1@10 2@9 3@11 1@8");
    assert_eq!(
        g.constraint(),
        Constraint::Distance {
            kind: Kind::One,
            from: 8,
            positions: positions(&[7, 9])
        }
    );
    assert!(g.playable().is_empty());
    assert!(legal_texts(&g).is_empty());
    assert_eq!(
        g.status(),
        Status::Win {
            winner: RED,
            reason: "no-moves"
        }
    );
}

#[test]
fn seed_game_over_2_nothing_to_remove() {
    let g = after("o@1 1@12 1@11 x@12 x@1");
    assert_eq!(
        g.constraint(),
        Constraint::OldStoneRemove {
            from: 1,
            positions: Positions::default()
        }
    );
    assert_eq!(
        g.status(),
        Status::Win {
            winner: BLACK,
            reason: "no-moves"
        }
    );
    let mut g = g;
    assert_eq!(
        crate::game::play_text(&mut g, "2@6").unwrap_err().to_string(),
        "the game is over"
    );
}

#[test]
fn seed_game_over_3_after_red_removes_its_two_stone() {
    let g = after("4@4 o@12 o@1 2@2 x@4 1@8 5@9 3@4 x@1 x@2");
    assert_eq!(
        g.last_move(RED),
        Some(LastMove {
            action: Action::Remove,
            kind: Kind::Two,
            pos: 2
        })
    );
    assert_eq!(
        g.constraint(),
        Constraint::Distance {
            kind: Kind::Two,
            from: 2,
            positions: positions(&[4, 12])
        }
    );
    assert_eq!(
        g.status(),
        Status::Win {
            winner: RED,
            reason: "no-moves"
        }
    );
}

#[test]
fn old_stone_add_nearest_empty_with_ties() {
    let g = after("o@1");
    assert_eq!(
        g.constraint(),
        Constraint::OldStoneAdd {
            from: 1,
            positions: positions(&[2, 12])
        }
    );
    assert_eq!(legal_texts(&g), all_adds(&[2, 12]), "a tie allows either");
    // Now 12 is taken: only 2 is nearest to the Old Stone on 1, though 3..11 are empty.
    let g = after("4@4 o@12 o@1");
    assert_eq!(
        g.constraint(),
        Constraint::OldStoneAdd {
            from: 1,
            positions: positions(&[2])
        }
    );
    assert_eq!(
        legal_texts(&g),
        set(&["1@2", "2@2", "3@2", "4@2", "5@2"]),
        "Precept 2 bars a third Old Stone"
    );
    assert!(reason(&g, "1@3").contains("must add at 2"));
}

#[test]
fn old_stone_remove_nearest_own_with_ties() {
    let g = after("o@2 o@1 1@12 x@1");
    assert_eq!(
        g.constraint(),
        Constraint::OldStoneRemove {
            from: 1,
            positions: positions(&[2, 12])
        }
    );
    assert_eq!(legal_texts(&g), set(&["x@2", "x@12"]));
    assert!(reason(&g, "3@1").contains("must remove"));
    let g = after("4@4 o@12 o@1 2@2 x@4 1@8 5@9 3@4 x@1");
    assert_eq!(
        legal_texts(&g),
        set(&["x@2", "x@12"]),
        "Red's 2 and 12 tie; 4 and 8 are further"
    );
}

#[test]
fn old_stone_add_has_no_fallback() {
    // Red adds an Old Stone at 7; the only nearest empty position is 6, where Black may add
    // nothing (Precept 2 bars every kind but the 1-stone; Precept 3 bars that at 6, where
    // Black just removed it). 9 is empty and would take a 1-stone, but there is no fallback.
    let g = after("5@4 3@11 o@2 3@3 2@12 4@10 1@6 4@5 5@1 2@8 x@6 o@7");
    assert_eq!(
        g.constraint(),
        Constraint::OldStoneAdd {
            from: 7,
            positions: positions(&[6])
        }
    );
    assert_eq!(g.stone_at(9), None);
    assert!(legal_texts(&g).is_empty());
    assert_eq!(
        g.status(),
        Status::Win {
            winner: RED,
            reason: "no-moves"
        }
    );
}

#[test]
fn repetition_third_occurrence_draws() {
    let opening = ["4@5", "3@9", "1@12", "3@1", "4@4", "1@8"];
    let cycle = ["o@7", "2@6", "x@4", "x@8", "x@7", "x@6", "4@4", "1@8"];
    let mut g = start();
    assert_eq!(g.occurrences(), 1, "the start counts as the first occurrence");
    let mut keys = Vec::new();
    for text in opening.iter().chain(&cycle).chain(&cycle) {
        assert_eq!(g.status(), Status::Ongoing, "before {text} at ply {}", g.ply());
        crate::game::play_text(&mut g, text).unwrap();
        keys.push(g.hash_key());
    }
    assert_eq!(g.ply(), 22);
    assert_eq!(g.occurrences(), 3);
    assert_eq!(g.status(), Status::Draw { reason: "repetition" });
    assert!(legal_texts(&g).is_empty());
    assert_eq!(
        g.play(QyshinsuMove::Add {
            kind: Kind::Old,
            pos: 7
        }),
        Err(PlayError::GameOver)
    );
    assert_eq!(keys[5], keys[13]);
    assert_eq!(keys[5], keys[21]);
    // Ply 4 and ply 12 have the same ring, hands and side to move, but different last moves:
    // different positions, so neither counts toward the other.
    let (a, b) = (
        after("4@5 3@9 1@12 3@1"),
        after(&opening.iter().chain(&cycle[..6]).copied().collect::<Vec<_>>().join(" ")),
    );
    assert_eq!(a.ring, b.ring);
    assert_ne!(a.hash_key(), b.hash_key());
    assert_eq!(b.occurrences(), 1);
    // Twice is not yet a draw.
    let twice = after(&opening.iter().chain(&cycle).copied().collect::<Vec<_>>().join(" "));
    assert_eq!(twice.occurrences(), 2);
    assert_eq!(twice.status(), Status::Ongoing);
}

#[test]
fn notation_reads_and_rejects() {
    let g = start();
    assert_eq!(
        g.parse_move("o@7").unwrap(),
        QyshinsuMove::Add {
            kind: Kind::Old,
            pos: 7
        }
    );
    assert_eq!(
        g.parse_move(" O@12 ").unwrap(),
        QyshinsuMove::Add {
            kind: Kind::Old,
            pos: 12
        }
    );
    assert_eq!(
        g.parse_move("4@2").unwrap(),
        QyshinsuMove::Add {
            kind: Kind::Four,
            pos: 2
        }
    );
    assert_eq!(g.parse_move("X@9").unwrap(), QyshinsuMove::Remove { pos: 9 });
    assert_eq!(g.format_move(&QyshinsuMove::Remove { pos: 9 }), "x@9");
    assert_eq!(
        g.format_move(&QyshinsuMove::Add {
            kind: Kind::Five,
            pos: 10
        }),
        "5@10"
    );
    for (bad, why) in [
        ("", "has no '@'"),
        ("o7", "has no '@'"),
        ("o@", "names no position"),
        ("o@07", "leading zeros"),
        ("o@0", "leading zeros"),
        ("o@13", "no position 13"),
        ("o@300", "no position 300"),
        ("o@-1", "not a position"),
        ("0@7", "written 'o'"),
        ("6@7", "not a kind"),
        ("ox@7", "not a kind"),
        ("@7", "not a kind"),
        ("x@x", "not a position"),
        ("o@7@8", "not a position"),
    ] {
        let e = g.parse_move(bad).unwrap_err();
        assert!(e.0.contains(why), "{bad:?}: {e}");
    }
}

#[test]
fn staged_record_names_the_move_and_the_next_limit() {
    let mut g = start();
    let mut steps = Vec::new();
    g.apply_recorded(g.parse_move("4@2").unwrap(), &mut steps);
    assert_eq!(
        steps,
        vec![
            QyshinsuStep::Added {
                player: BLACK,
                kind: Kind::Four,
                pos: 2
            },
            QyshinsuStep::Limits {
                player: RED,
                constraint: Constraint::Distance {
                    kind: Kind::Four,
                    from: 2,
                    positions: positions(&[6, 10])
                },
            },
        ]
    );
    let mut g = after("o@2 o@1 1@12");
    let mut steps = Vec::new();
    g.apply_recorded(g.parse_move("x@1").unwrap(), &mut steps);
    assert_eq!(
        steps,
        vec![
            QyshinsuStep::Removed {
                player: RED,
                kind: Kind::Old,
                pos: 1
            },
            QyshinsuStep::Limits {
                player: BLACK,
                constraint: Constraint::OldStoneRemove {
                    from: 1,
                    positions: positions(&[2, 12])
                },
            },
        ]
    );
    assert_eq!(g.hand(RED, Kind::Old), 2, "a removed stone goes back to hand");
}

#[test]
fn counters_and_render() {
    let g = after("4@2 1@6");
    let c = g.counters();
    let get = |label: &str| c.iter().find(|c| c.label == label).map(|c| c.value);
    assert_eq!(get("black hand 4"), Some(1));
    assert_eq!(get("red hand 1"), Some(1));
    assert_eq!(get("red hand o"), Some(2));
    assert_eq!(get("black on ring"), Some(1));
    assert_eq!(get("red on ring"), Some(1));
    assert_eq!(get("position occurrences"), Some(1));
    assert_eq!(c.len(), 15);
    let picture = g.render();
    assert!(picture.contains(" b4"), "{picture}");
    assert!(picture.contains(" r1"), "{picture}");
    assert!(
        picture.contains("black to move: add or remove at 5 or 7 (1-stone at 6)"),
        "{picture}"
    );
    assert!(
        after("5@2 3@7 1@10 2@9 3@11 1@8")
            .render()
            .contains("red has returned to the Way")
    );
}

#[test]
fn serde_round_trip_and_rejects_tampering() {
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut buf = Vec::new();
    let mut long = None;
    // A game longer than the inline history, to cover the spilled part.
    for _ in 0..2000 {
        let mut g = start();
        crate::game::random_playout(&mut g, &mut rng, &mut buf, 10_000);
        if g.ply() as usize > INLINE_HISTORY + 10 {
            long = Some(g);
            break;
        }
    }
    let long = long.expect("a long game");
    for g in [
        start(),
        after("4@2 1@6"),
        long,
        after("4@5 3@9 1@12 3@1 4@4 1@8 o@7 2@6 x@4 x@8 x@7 x@6 4@4 1@8"),
    ] {
        let json = serde_json::to_string(&g).unwrap();
        let back: Qyshinsu = serde_json::from_str(&json).unwrap();
        assert_eq!(back, g);
        assert_eq!(back.status(), g.status());
        assert_eq!(back.occurrences(), g.occurrences());
    }
    let json = serde_json::to_string(&after("4@2")).unwrap();
    let tampered = json.replacen("\"pos\":2", "\"pos\":13", 1);
    assert!(serde_json::from_str::<Qyshinsu>(&tampered).is_err());
    let tampered = json.replacen("\"ply\":1", "\"ply\":2", 1);
    assert!(serde_json::from_str::<Qyshinsu>(&tampered).is_err());
}

/// The rules read the plain way, for checking the fast generator.
fn reference_moves(g: &Qyshinsu) -> BTreeSet<String> {
    let me = g.side_to_move();
    let dist = |a: u8, b: u8| {
        let d = (a as i32 - b as i32).abs();
        d.min(12 - d)
    };
    let on_ring = |k: Kind| (1..=12).filter(|&p| g.stone_at(p).is_some_and(|s| s.kind == k)).count();
    let mut out = BTreeSet::new();
    let adds = |p: u8, out: &mut BTreeSet<String>| {
        if g.stone_at(p).is_some() {
            return;
        }
        for k in Kind::ALL {
            let precept3 = g.last_move(me)
                == Some(LastMove {
                    action: Action::Remove,
                    kind: k,
                    pos: p,
                });
            if g.hand(me, k) > 0 && on_ring(k) < 2 && !precept3 {
                out.insert(format!("{}@{p}", k.symbol()));
            }
        }
    };
    let Some(prev) = g.last_move(me.other()) else {
        (1..=12).for_each(|p| adds(p, &mut out));
        return out;
    };
    match (prev.kind, prev.action) {
        (Kind::Old, action) => {
            let want = |p: u8| match action {
                Action::Add => g.stone_at(p).is_none(),
                Action::Remove => g.stone_at(p).is_some_and(|s| s.owner == me),
            };
            let cands: Vec<u8> = (1..=12).filter(|&p| p != prev.pos && want(p)).collect();
            if let Some(best) = cands.iter().map(|&p| dist(p, prev.pos)).min() {
                for p in cands.into_iter().filter(|&p| dist(p, prev.pos) == best) {
                    match action {
                        Action::Add => adds(p, &mut out),
                        Action::Remove => {
                            out.insert(format!("x@{p}"));
                        }
                    }
                }
            }
        }
        (k, _) => {
            for p in 1..=12u8 {
                if dist(p, prev.pos) != k as i32 {
                    continue;
                }
                match g.stone_at(p) {
                    None => adds(p, &mut out),
                    Some(s) if s.owner == me => {
                        out.insert(format!("x@{p}"));
                    }
                    Some(_) => {}
                }
            }
        }
    }
    out
}

/// Every move text there is: 72 adds and 12 removals.
fn every_move(g: &Qyshinsu) -> Vec<QyshinsuMove> {
    (1..=12u8)
        .flat_map(|p| {
            Kind::ALL
                .iter()
                .map(move |&kind| QyshinsuMove::Add { kind, pos: p })
                .chain(std::iter::once(QyshinsuMove::Remove { pos: p }))
        })
        .inspect(|m| assert_eq!(g.parse_move(&g.format_move(m)).as_ref(), Ok(m)))
        .collect()
}

/// A position compared whole: ring, last moves, side to move.
type Seen = (Vec<Option<Stone>>, [Option<LastMove>; 2], Player);

#[test]
fn random_games_hold_every_invariant() {
    let mut rng = ChaCha8Rng::seed_from_u64(0x5179_7368);
    let mut buf = Vec::new();
    let mut ends: HashMap<&'static str, u32> = HashMap::new();
    let universe = every_move(&start());
    for game in 0..1500 {
        let mut g = start();
        // (ring, last moves, side) seen so far, compared whole: the reference for repetition.
        let mut seen: Vec<Seen> = vec![((1..=12).map(|p| g.stone_at(p)).collect(), [None, None], BLACK)];
        loop {
            assert!(g.ply() < 5_000, "game {game} does not end");
            let mut moves = Vec::new();
            g.legal_moves(&mut moves);
            let texts: BTreeSet<String> = moves.iter().map(|m| g.format_move(m)).collect();
            assert_eq!(texts.len(), moves.len(), "no duplicates");
            let status = g.status();
            if let Status::Draw { reason } = status {
                assert_eq!(reason, "repetition");
                assert!(moves.is_empty());
                *ends.entry("repetition").or_default() += 1;
                break;
            }
            assert_eq!(
                texts,
                reference_moves(&g),
                "game {game} ply {}\n{}",
                g.ply(),
                g.render()
            );
            for m in &universe {
                assert_eq!(g.is_legal(m), texts.contains(&g.format_move(m)), "{m:?}");
            }
            assert_eq!(perft(&g, 1), moves.len() as u64);
            if game % 10 == 0 {
                let sum: u64 = moves
                    .iter()
                    .map(|&m| {
                        let mut c = g.clone();
                        c.apply(m);
                        perft(&c, 1)
                    })
                    .sum();
                assert_eq!(perft(&g, 2), sum);
            }
            for m in &moves {
                let text = g.format_move(m);
                assert_eq!(g.parse_move(&text).as_ref(), Ok(m));
                assert_eq!(g.parse_move(&text.to_ascii_uppercase()).as_ref(), Ok(m));
            }
            if moves.is_empty() {
                assert_eq!(
                    status,
                    Status::Win {
                        winner: g.side_to_move().other(),
                        reason: "no-moves"
                    }
                );
                *ends.entry("no-moves").or_default() += 1;
                break;
            }
            assert_eq!(status, Status::Ongoing);
            // Precept 2 and the stone count: two of each kind per player, at most two of a kind on the ring.
            for k in Kind::ALL {
                assert!(g.on_board(k) <= 2);
                for p in Player::BOTH {
                    let out = (1..=12)
                        .filter(|&q| g.stone_at(q) == Some(Stone { owner: p, kind: k }))
                        .count();
                    assert_eq!(out as u8 + g.hand(p, k), 2);
                }
            }
            assert_eq!(g.code, g.compute_code());
            let mv = g.random_move(&mut rng, &mut buf).expect("a move");
            assert!(moves.contains(&mv));
            let mut fast = g.clone();
            fast.apply(mv);
            let mut steps = Vec::new();
            let me = g.side_to_move();
            g.apply_recorded(mv, &mut steps);
            assert_eq!(fast, g);
            match (mv, steps.first()) {
                (
                    QyshinsuMove::Add { kind, pos },
                    Some(&QyshinsuStep::Added {
                        player,
                        kind: k,
                        pos: p,
                    }),
                ) => {
                    assert_eq!((player, k, p), (me, kind, pos))
                }
                (QyshinsuMove::Remove { pos }, Some(&QyshinsuStep::Removed { player, pos: p, .. })) => {
                    assert_eq!((player, p), (me, pos))
                }
                other => panic!("record does not match the move: {other:?}"),
            }
            assert_eq!(
                steps.last(),
                Some(&QyshinsuStep::Limits {
                    player: g.side_to_move(),
                    constraint: g.constraint()
                })
            );
            let here = (
                (1..=12).map(|p| g.stone_at(p)).collect::<Vec<_>>(),
                [g.last_move(BLACK), g.last_move(RED)],
                g.side_to_move(),
            );
            seen.push(here.clone());
            let count = seen.iter().filter(|s| **s == here).count() as u32;
            assert_eq!(g.occurrences(), count);
            if count == 2 {
                *ends.entry("second occurrence").or_default() += 1;
            }
            assert_eq!(g.status() == Status::Draw { reason: "repetition" }, count >= 3);
        }
    }
    assert!(ends["no-moves"] > 1000);
    assert!(ends.get("second occurrence").copied().unwrap_or(0) > 10, "{ends:?}");
}

/// Random repetition draws are rare (about 1 game in 3,000), so play fast games until some turn
/// up and check each against a recount of the positions replayed from its moves.
#[test]
fn random_repetition_draws_are_third_occurrences() {
    let mut rng = ChaCha8Rng::seed_from_u64(33);
    let mut buf = Vec::new();
    let mut draws = 0;
    for _ in 0..200_000 {
        let mut g = start();
        let mut moves = Vec::new();
        while !g.status().is_over() {
            let m = g.random_move(&mut rng, &mut buf).expect("a move");
            moves.push(m);
            g.apply(m);
        }
        if g.status() != (Status::Draw { reason: "repetition" }) {
            continue;
        }
        draws += 1;
        let mut r = start();
        let mut seen = vec![(r.ring, r.last, r.side_to_move())];
        for (i, &m) in moves.iter().enumerate() {
            assert!(r.is_legal(&m));
            r.apply(m);
            let here = (r.ring, r.last, r.side_to_move());
            let n = seen.iter().filter(|s| **s == here).count() + 1;
            seen.push(here);
            assert_eq!(
                n >= 3,
                i + 1 == moves.len(),
                "the draw comes exactly at the first third occurrence"
            );
        }
        if draws == 5 {
            return;
        }
    }
    panic!("only {draws} repetition draws found");
}

#[test]
fn random_move_is_uniform() {
    let g = after("o@1");
    let mut moves = Vec::new();
    g.legal_moves(&mut moves);
    assert_eq!(moves.len(), 12);
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    let mut counts: HashMap<QyshinsuMove, u32> = HashMap::new();
    let n = 60_000;
    for _ in 0..n {
        *counts
            .entry(g.random_move(&mut rng, &mut Vec::new()).unwrap())
            .or_default() += 1;
    }
    assert_eq!(counts.len(), 12);
    for (m, c) in counts {
        assert!(c.abs_diff(n / 12) < n / 12 / 20, "{m:?}: {c}");
    }
}

/// This thread's CPU time in seconds (Linux `/proc`; `None` elsewhere): on a shared machine the
/// playouts per CPU-second are steadier than per wall-second.
fn cpu_seconds() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let after_name = stat.rsplit_once(')')?.1;
    let fields: Vec<&str> = after_name.split_whitespace().collect();
    let ticks: f64 = fields.get(11)?.parse::<f64>().ok()? + fields.get(12)?.parse::<f64>().ok()?;
    Some(ticks / 100.0)
}

/// Timing loop: `cargo test -p parlour-rules qyshinsu::tests::speed -- --ignored --nocapture`.
#[test]
#[ignore]
fn speed_random_playouts() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut buf = Vec::new();
    let start = start();
    let n = 300_000;
    let t = std::time::Instant::now();
    let cpu = cpu_seconds();
    let mut plies = 0u64;
    for _ in 0..n {
        let mut g = start.clone();
        plies += crate::game::random_playout(&mut g, &mut rng, &mut buf, 10_000).1 as u64;
    }
    let secs = t.elapsed().as_secs_f64();
    let per_cpu = cpu.zip(cpu_seconds()).map_or(f64::NAN, |(a, b)| n as f64 / (b - a));
    println!(
        "qyshinsu: {:.0} playouts/s wall, {per_cpu:.0} per CPU-second, {:.1} plies/playout",
        n as f64 / secs,
        plies as f64 / n as f64
    );
}

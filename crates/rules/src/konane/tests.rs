//! Tests for Kōnane: every fact on the rule page, the opening for every size, chains, notation,
//! and property tests over random games checked against a plain square-by-square reference.
use std::collections::{BTreeSet, HashMap};

use super::*;
use crate::game::{Game, Player, Status, perft};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn game(size: &str) -> Konane {
    Konane::new(&KonaneOptions::parse_size(size).expect("valid size"))
}

fn play(k: &mut Konane, text: &str) {
    let mv = k.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    k.play(mv).unwrap_or_else(|e| panic!("{text}: {e}"));
}

fn legal_texts(k: &Konane) -> BTreeSet<String> {
    let mut v = Vec::new();
    k.legal_moves(&mut v);
    v.iter().map(|m| k.format_move(m)).collect()
}

fn set(texts: &[&str]) -> BTreeSet<String> {
    texts.iter().map(|s| s.to_string()).collect()
}

fn sq(k: &Konane, name: &str) -> Square {
    match k.parse_move(&format!("x{name}")) {
        Ok(KonaneMove::Remove(s)) => s,
        other => panic!("{name}: {other:?}"),
    }
}

/// Every size the page offers in full (squares) and a spread of rectangles, including 4×N.
const SQUARES: [&str; 7] = ["6x6", "8x8", "10x10", "12x12", "14x14", "16x16", "18x18"];
const RECTANGLES: [&str; 9] = ["4x6", "6x4", "4x18", "18x4", "10x6", "8x14", "16x10", "12x4", "6x18"];

#[test]
fn sizes_accepted_and_rejected() {
    assert_eq!(KonaneOptions::default(), KonaneOptions { width: 8, height: 8 });
    assert_eq!(Konane::parse_options(&[]).unwrap(), KonaneOptions::default());
    for w in (4..=18).step_by(2) {
        for h in (4..=18).step_by(2) {
            let r = KonaneOptions::parse_size(&format!("{w}x{h}"));
            assert_eq!(r.is_ok(), !(w == 4 && h == 4), "{w}x{h}");
        }
    }
    for bad in [
        "4x4", "5x8", "8x7", "20x8", "8x20", "2x8", "8", "8x", "x8", "08x8", "8x8x8", "axb", "", "-8x8",
    ] {
        let e = KonaneOptions::parse_size(bad).unwrap_err();
        assert!(e.0.contains("even from 4 to 18"), "{bad}: {e}");
    }
    assert!(
        KonaneOptions::parse_size("4x4")
            .unwrap_err()
            .0
            .contains("4x4 is not offered")
    );
    assert_eq!(
        KonaneOptions::parse_size("10X6").unwrap(),
        KonaneOptions { width: 10, height: 6 }
    );
    assert_eq!(
        Konane::parse_options(&[("SIZE", "6x4")]).unwrap(),
        KonaneOptions { width: 6, height: 4 }
    );
    let e = Konane::parse_options(&[("sise", "8x8")]).unwrap_err();
    assert!(e.0.contains("valid: size"), "{e}");
    let o = KonaneOptions { width: 12, height: 6 };
    assert_eq!(Konane::option_pairs(&o), vec![("size".to_string(), "12x6".to_string())]);
    for spec in Konane::option_specs() {
        assert!(spec.values.iter().all(|v| KonaneOptions::parse_size(v).is_ok()));
        assert!(spec.values.contains(&spec.default));
    }
    assert_eq!(Konane::ID, "konane");
    assert_eq!(Konane::NAME, "Kōnane");
}

#[test]
fn colouring_and_first_mover() {
    let k = game("8x8");
    assert_eq!(k.stone_at(sq(&k, "a1")), Some(Player::P1), "a1 holds White");
    assert_eq!(k.stone_at(sq(&k, "h1")), Some(Player::P2));
    assert_eq!(k.stone_at(sq(&k, "a8")), Some(Player::P2));
    assert_eq!(k.stone_at(sq(&k, "h8")), Some(Player::P1));
    assert_eq!(k.side_name(Player::P1), "white");
    assert_eq!(k.side_name(Player::P2), "black");
    assert_eq!(k.side_to_move(), Player::P2, "Black moves first");
    for size in SQUARES.iter().chain(&RECTANGLES) {
        let k = game(size);
        for file in 0..k.width() {
            for rank in 0..k.height() {
                let want = if (file + rank) % 2 == 1 { Player::P2 } else { Player::P1 };
                assert_eq!(k.stone_at(Square::new(file, rank)), Some(want), "{size} {file},{rank}");
            }
        }
        assert_eq!(k.stone_at(Square::new(k.width(), 0)), None);
        let half = k.width() as u32 * k.height() as u32 / 2;
        assert_eq!((k.stones(Player::P1), k.stones(Player::P2)), (half, half));
    }
}

#[test]
fn first_removals_named() {
    let named: [(&str, [&str; 4]); 5] = [
        ("8x8", ["xa8", "xd5", "xe4", "xh1"]),
        ("6x6", ["xa6", "xc4", "xd3", "xf1"]),
        ("10x10", ["xa10", "xe6", "xf5", "xj1"]),
        ("4x6", ["xa6", "xb3", "xc4", "xd1"]),
        ("18x4", ["xa4", "xi2", "xj3", "xr1"]),
    ];
    for (size, want) in named {
        assert_eq!(legal_texts(&game(size)), set(&want), "{size}");
    }
}

#[test]
fn first_removals_every_size() {
    for size in SQUARES.iter().chain(&RECTANGLES) {
        let k = game(size);
        let mut moves = Vec::new();
        k.legal_moves(&mut moves);
        assert_eq!(moves.len(), 4, "{size}: exactly four choices");
        let (w, h) = (k.width(), k.height());
        for m in &moves {
            let KonaneMove::Remove(s) = *m else {
                panic!("{size}: {m:?} is not a removal")
            };
            let corner = (s.file == 0 || s.file == w - 1) && (s.rank == 0 || s.rank == h - 1);
            let centre = (s.file == w / 2 - 1 || s.file == w / 2) && (s.rank == h / 2 - 1 || s.rank == h / 2);
            assert!(corner || centre, "{size}: {s}");
            assert_eq!(k.stone_at(s), Some(Player::P2), "{size}: {s} must hold black");
        }
        let corners = moves
            .iter()
            .filter(|m| matches!(m, KonaneMove::Remove(s) if s.file == 0 || s.file == w - 1));
        assert_eq!(corners.count(), 2, "{size}: two black corners");
        // Every removal leaves White 2 (corner) or 4 (centre) replies: perft(2) = 12 on every board.
        assert_eq!(perft(&k, 1), 4);
        assert_eq!(perft(&k, 2), 12, "{size}");
    }
}

#[test]
fn white_replies_adjacent_to_the_hole() {
    let cases: [(&str, &[&str]); 4] = [
        ("xe4", &["xd4", "xf4", "xe3", "xe5"]),
        ("xd5", &["xc5", "xe5", "xd4", "xd6"]),
        ("xa8", &["xa7", "xb8"]),
        ("xh1", &["xg1", "xh2"]),
    ];
    for (black, replies) in cases {
        let mut k = game("8x8");
        play(&mut k, black);
        assert_eq!(k.phase(), Phase::WhiteRemoval);
        assert_eq!(k.side_to_move(), Player::P1);
        assert_eq!(legal_texts(&k), set(replies), "after {black}");
    }
    let mut k = game("8x8");
    play(&mut k, "xe4");
    let far = k.parse_move("xc3").unwrap();
    assert!(!k.is_legal(&far));
    assert!(
        k.illegal_reason(&far).contains("adjacent"),
        "{}",
        k.illegal_reason(&far)
    );
    let black = k.parse_move("xe4").unwrap();
    assert!(!k.is_legal(&black));
    let jump = k.parse_move("e6-e4").unwrap();
    assert!(k.illegal_reason(&jump).contains("white must first remove"));
}

#[test]
fn black_opening_must_be_own_stone_on_corner_or_centre() {
    let k = game("8x8");
    for (text, why) in [
        ("xa1", "does not hold a black"),
        ("xb1", "corner"),
        ("xd4", "does not hold a black"),
    ] {
        let m = k.parse_move(text).unwrap();
        assert!(!k.is_legal(&m), "{text}");
        assert!(k.illegal_reason(&m).contains(why), "{text}: {}", k.illegal_reason(&m));
    }
    let jump = k.parse_move("c4-e4").unwrap();
    assert!(k.illegal_reason(&jump).contains("opens with black removing"));
}

#[test]
fn first_jumps_and_a_chain_that_may_stop_early() {
    let mut k = game("8x8");
    play(&mut k, "xe4");
    play(&mut k, "xe5");
    assert_eq!(k.phase(), Phase::Jumping);
    assert_eq!(k.side_to_move(), Player::P2, "Black jumps first");
    assert_eq!(legal_texts(&k), set(&["c4-e4", "e2-e4", "g4-e4"]));
    let removal = k.parse_move("xa8").unwrap();
    assert!(k.illegal_reason(&removal).contains("removals are over"));
    play(&mut k, "e2-e4");
    // e7 jumps e6 to e5 and may go on over the stone that just landed on e4.
    assert_eq!(
        legal_texts(&k),
        set(&["c3-e3", "g3-e3", "c5-e5", "g5-e5", "e7-e5", "e7-e5-e3"])
    );
    let mut single = k.clone();
    play(&mut single, "e7-e5");
    play(&mut k, "e7-e5-e3");
    assert_eq!(single.stones(Player::P2) - 1, k.stones(Player::P2));
    assert_eq!(single.stone_at(sq(&k, "e4")), Some(Player::P2));
    assert_eq!(k.stone_at(sq(&k, "e4")), None);
    assert_eq!(k.stone_at(sq(&k, "e3")), Some(Player::P1));
}

/// Rank 1 of an 8×8 board: a black stone on b1 and white stones on c1, e1 and g1.
fn triple_chain() -> Konane {
    let rows = [
        "........", "........", "........", "........", "........", "........", "........", ".bw.w.w.",
    ];
    Konane::from_rows(&KonaneOptions::default(), 2, &rows).expect("valid setup")
}

#[test]
fn every_stopping_point_is_a_move_and_the_record_is_staged() {
    let k = triple_chain();
    assert_eq!(legal_texts(&k), set(&["b1-d1", "b1-d1-f1", "b1-d1-f1-h1"]));
    assert_eq!(k.moves_from(sq(&k, "b1")).len(), 3);
    assert!(k.moves_from(sq(&k, "c1")).is_empty());
    let mv = k.parse_move("b1-d1-f1-h1").unwrap();
    assert_eq!(mv.landing(), sq(&k, "h1"));
    assert_eq!(mv.path().len(), 4);
    let mut after = k.clone();
    let mut steps = Vec::new();
    after.play_recorded(mv, &mut steps).unwrap();
    let (b, w) = (Player::P2, Player::P1);
    let s = |n: &str| sq(&k, n);
    assert_eq!(
        steps,
        vec![
            KonaneStep::Hop {
                player: b,
                from: s("b1"),
                over: s("c1"),
                to: s("d1")
            },
            KonaneStep::Captured {
                player: w,
                square: s("c1")
            },
            KonaneStep::Hop {
                player: b,
                from: s("d1"),
                over: s("e1"),
                to: s("f1")
            },
            KonaneStep::Captured {
                player: w,
                square: s("e1")
            },
            KonaneStep::Hop {
                player: b,
                from: s("f1"),
                over: s("g1"),
                to: s("h1")
            },
            KonaneStep::Captured {
                player: w,
                square: s("g1")
            },
        ]
    );
    assert_eq!(after.rows()[7], ".......b");
    assert_eq!(
        after.status(),
        Status::Win {
            winner: b,
            reason: "no-moves"
        },
        "white has no stone left"
    );
    let mut removal = game("8x8");
    let mut steps = Vec::new();
    removal
        .play_recorded(removal.parse_move("xe4").unwrap(), &mut steps)
        .unwrap();
    assert_eq!(
        steps,
        vec![KonaneStep::Removed {
            player: b,
            square: s("e4")
        }]
    );
}

#[test]
fn jumps_need_an_adjacent_enemy_and_an_empty_landing() {
    // b1 black; c1 white with d1 black behind it; a3 white; b2 and e1 empty; h3 can jump h4.
    let rows = [
        "........", "........", "........", "........", ".......w", "w......b", "........", ".bwb....",
    ];
    let k = Konane::from_rows(&KonaneOptions::default(), 2, &rows).unwrap();
    assert_eq!(legal_texts(&k), set(&["h3-h5"]));
    for (text, why) in [
        ("b1-d1", "is not empty"),
        ("b1-b3", "no white stone on b2"),
        ("d1-f1", "no white stone on e1"),
        ("c1-e1", "does not hold a black"),
    ] {
        let m = k.parse_move(text).unwrap();
        assert!(!k.is_legal(&m), "{text}");
        assert!(k.illegal_reason(&m).contains(why), "{text}: {}", k.illegal_reason(&m));
    }
}

#[test]
fn no_move_loses_and_there_are_no_quiet_moves() {
    // Black (to move) has stones next to empty squares but nothing to jump: it loses.
    let rows = [
        ".......w", "........", "........", "........", "........", "........", "........", ".b.b....",
    ];
    let k = Konane::from_rows(&KonaneOptions::default(), 2, &rows).unwrap();
    assert_eq!(
        k.status(),
        Status::Win {
            winner: Player::P1,
            reason: "no-moves"
        }
    );
    assert!(legal_texts(&k).is_empty());
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    assert_eq!(k.random_move(&mut rng, &mut Vec::new()), None);
    let m = k.parse_move("b1-d1").unwrap();
    assert_eq!(k.check(&m), Err(crate::game::PlayError::GameOver));
    // The same stones with White to move: White loses instead.
    let k = Konane::from_rows(&KonaneOptions::default(), 3, &rows).unwrap();
    assert_eq!(
        k.status(),
        Status::Win {
            winner: Player::P2,
            reason: "no-moves"
        }
    );
}

#[test]
fn notation_reads_and_rejects() {
    let k = game("8x8");
    assert_eq!(k.parse_move("xe4").unwrap(), KonaneMove::Remove(Square::new(4, 3)));
    assert_eq!(k.parse_move(" XE4 ").unwrap(), KonaneMove::Remove(Square::new(4, 3)));
    let chain = KonaneMove::Jump {
        from: Square::new(2, 2),
        dir: Dir::North,
        hops: 2,
    };
    assert_eq!(k.parse_move("C3-C5-C7").unwrap(), chain);
    assert_eq!(k.format_move(&chain), "c3-c5-c7");
    let west = KonaneMove::Jump {
        from: Square::new(7, 0),
        dir: Dir::West,
        hops: 1,
    };
    assert_eq!(k.parse_move("h1-f1").unwrap(), west);
    for (bad, why) in [
        ("", "empty move"),
        ("e4", "neither a removal"),
        ("x", "not a square"),
        ("xe9", "ranks run 1..8"),
        ("xi1", "files run a..h"),
        ("xe0", "ranks run 1..8"),
        ("xe04", "leading zeros"),
        ("x4e", "not a square"),
        ("c3-d4", "diagonal"),
        ("c3-e5", "diagonal"),
        ("c3-c4", "one-square step"),
        ("c3-c7", "not one jump"),
        ("c3-c3", "not one jump"),
        ("c3-c5-e5", "changes direction"),
        ("c3-c5-c3", "changes direction"),
        ("c3-", "not a square"),
        ("c3--c5", "not a square"),
        ("c3 c5", "not a square"),
    ] {
        let e = k.parse_move(bad).unwrap_err();
        assert!(e.0.contains(why), "{bad:?}: {e}");
    }
    let off = KonaneMove::Jump {
        from: Square::new(0, 0),
        dir: Dir::West,
        hops: 1,
    };
    let mut jumping = triple_chain();
    assert_eq!(jumping.format_move(&off), "a1-?1");
    let e = jumping.play(off).unwrap_err().to_string();
    assert!(e.contains("does not hold a black stone"), "{e}");
    let off = KonaneMove::Jump {
        from: Square::new(1, 0),
        dir: Dir::South,
        hops: 1,
    };
    assert!(jumping.play(off).unwrap_err().to_string().contains("leaves the board"));
    let big = game("18x18");
    assert_eq!(big.parse_move("xr18").unwrap(), KonaneMove::Remove(Square::new(17, 17)));
    assert_eq!(big.format_move(&KonaneMove::Remove(Square::new(17, 17))), "xr18");
    assert!(big.parse_move("xs1").is_err());
}

#[test]
fn counters_render_and_setup_errors() {
    let mut k = game("8x8");
    play(&mut k, "xe4");
    play(&mut k, "xe5");
    play(&mut k, "e2-e4");
    let c = k.counters();
    let get = |label: &str| c.iter().find(|c| c.label == label).map(|c| c.value);
    assert_eq!(get("white stones"), Some(30));
    assert_eq!(get("black stones"), Some(31));
    assert_eq!(get("captured by black"), Some(1));
    assert_eq!(get("captured by white"), Some(0));
    let picture = k.render();
    assert!(
        picture.contains(" 4 B W B W B W B W\n 3 W B W B . B W B\n 2 B W B W . W B W"),
        "{picture}"
    );
    assert!(picture.contains("a b c d e f g h"));
    assert!(game("18x18").render().contains("18 B W"));
    let opts = KonaneOptions::default();
    let full: Vec<String> = game("8x8").rows();
    let full: Vec<&str> = full.iter().map(String::as_str).collect();
    assert!(Konane::from_rows(&opts, 0, &full).is_ok());
    assert!(Konane::from_rows(&opts, 2, &full).is_err(), "no holes at ply 2");
    assert!(Konane::from_rows(&opts, 0, &full[1..]).is_err());
    let mut wrong = full.clone();
    wrong[7] = "bwbwbwbw"; // a1 is a white square
    assert!(
        Konane::from_rows(&opts, 0, &wrong)
            .unwrap_err()
            .0
            .contains("a1 is a white square")
    );
    wrong[7] = "wbwbwbwz";
    assert!(Konane::from_rows(&opts, 0, &wrong).is_err());
    let mut one_hole = full.clone();
    one_hole[7] = "wbwbwbw."; // h1: a legal opening hole
    assert!(Konane::from_rows(&opts, 1, &one_hole).is_ok());
    one_hole[7] = "wbwbwb.b"; // g1 is not a corner
    assert!(Konane::from_rows(&opts, 1, &one_hole).is_err());
    assert!(Konane::from_rows(&KonaneOptions { width: 4, height: 4 }, 0, &full).is_err());
}

#[test]
fn serde_round_trip() {
    let mut k = game("12x10"); // wide layout
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut buf = Vec::new();
    for _ in 0..9 {
        let m = k.random_move(&mut rng, &mut buf).unwrap();
        k.apply(m);
    }
    for state in [k, game("8x8"), triple_chain()] {
        let json = serde_json::to_string(&state).unwrap();
        let back: Konane = serde_json::from_str(&json).unwrap();
        assert_eq!(back, state);
        assert_eq!(back.hash_key(), state.hash_key());
    }
    assert!(serde_json::from_str::<Konane>(r#"{"size":"4x4","ply":0,"rows":[]}"#).is_err());
    let m = KonaneMove::Jump {
        from: Square::new(2, 2),
        dir: Dir::East,
        hops: 3,
    };
    assert_eq!(
        serde_json::from_str::<KonaneMove>(&serde_json::to_string(&m).unwrap()).unwrap(),
        m
    );
}

/// Every legal move found square by square, the obvious way, to check the bitboards against.
fn reference_moves(k: &Konane) -> BTreeSet<KonaneMove> {
    let me = k.side_to_move();
    let (w, h) = (k.width(), k.height());
    let mut out = BTreeSet::new();
    if k.phase() != Phase::Jumping {
        let mut v = Vec::new();
        k.legal_moves(&mut v);
        return v.into_iter().collect();
    }
    for file in 0..w {
        for rank in 0..h {
            let from = Square::new(file, rank);
            if k.stone_at(from) != Some(me) {
                continue;
            }
            for dir in Dir::ALL {
                let mut hops = 1;
                loop {
                    let over = from.step(dir, 2 * hops - 1, w, h);
                    let to = from.step(dir, 2 * hops, w, h);
                    match (over, to) {
                        (Some(o), Some(t)) if k.stone_at(o) == Some(me.other()) && k.stone_at(t).is_none() => {
                            out.insert(KonaneMove::Jump {
                                from,
                                dir,
                                hops: hops as u8,
                            });
                            hops += 1;
                        }
                        _ => break,
                    }
                }
            }
        }
    }
    out
}

impl PartialOrd for KonaneMove {
    fn partial_cmp(&self, other: &Self) -> Option<std::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for KonaneMove {
    fn cmp(&self, other: &Self) -> std::cmp::Ordering {
        let key = |m: &KonaneMove| match *m {
            KonaneMove::Remove(s) => (0, s, Dir::North, 0),
            KonaneMove::Jump { from, dir, hops } => (1, from, dir, hops),
        };
        key(self).cmp(&key(other))
    }
}

#[test]
fn random_games_hold_every_invariant() {
    // Mostly small boards (a game costs about area² here), with every size class represented.
    let small = ["8x8", "6x6", "4x6", "6x4", "10x6", "8x8", "6x8", "10x10"];
    let large = ["18x18", "14x14", "4x18", "18x4", "16x10", "12x8", "8x12", "12x12"];
    let mut rng = ChaCha8Rng::seed_from_u64(0x4b6f6e616e65);
    let mut buf = Vec::new();
    let mut lengths = HashMap::new();
    for g in 0..1000 {
        let size = if g % 25 == 0 {
            large[(g / 25) % large.len()]
        } else {
            small[g % small.len()]
        };
        let mut k = game(size);
        let area = k.width() as u32 * k.height() as u32;
        let mut removed = [0u32; 2];
        loop {
            assert_eq!(k.hash_key(), k.compute_hash(), "incremental hash");
            let mut moves = Vec::new();
            k.legal_moves(&mut moves);
            let listed: BTreeSet<KonaneMove> = moves.iter().copied().collect();
            assert_eq!(listed.len(), moves.len(), "no duplicates");
            assert_eq!(listed, reference_moves(&k), "{size} ply {}\n{}", k.ply(), k.render());
            assert_eq!(k.move_count() as usize, moves.len());
            assert_eq!(perft(&k, 1), moves.len() as u64);
            if g % 8 == 0 {
                let sum: u64 = moves
                    .iter()
                    .map(|&m| {
                        let mut c = k.clone();
                        c.apply(m);
                        perft(&c, 1)
                    })
                    .sum();
                assert_eq!(perft(&k, 2), sum);
            }
            for m in &moves {
                let text = k.format_move(m);
                assert_eq!(text, text.to_ascii_lowercase());
                assert_eq!(k.parse_move(&text).as_ref(), Ok(m), "{text}");
                assert_eq!(k.parse_move(&text.to_ascii_uppercase()).as_ref(), Ok(m), "{text}");
                assert!(k.is_legal(m), "{text}");
            }
            // Random candidates: is_legal agrees with the list.
            for _ in 0..4 {
                let cand = KonaneMove::Jump {
                    from: Square::new(rng.random_range(0..k.width()), rng.random_range(0..k.height())),
                    dir: Dir::ALL[rng.random_range(0..4)],
                    hops: rng.random_range(0..4),
                };
                assert_eq!(k.is_legal(&cand), listed.contains(&cand), "{cand:?}");
            }
            let status = k.status();
            if moves.is_empty() {
                assert_eq!(
                    status,
                    Status::Win {
                        winner: k.side_to_move().other(),
                        reason: "no-moves"
                    }
                );
                break;
            }
            assert_eq!(status, Status::Ongoing);
            let mv = k.random_move(&mut rng, &mut buf).expect("a move");
            assert!(listed.contains(&mv), "random_move returned {mv:?}");
            let mut fast = k.clone();
            fast.apply(mv);
            let mut steps = Vec::new();
            let mover = k.side_to_move();
            k.apply_recorded(mv, &mut steps);
            assert_eq!(fast, k, "apply and apply_recorded agree");
            // The staged record accounts for every stone that left, and the path it describes.
            let mut at = None;
            for step in &steps {
                match *step {
                    KonaneStep::Removed { player, .. } | KonaneStep::Captured { player, .. } => {
                        removed[player.index()] += 1
                    }
                    KonaneStep::Hop { player, from, over, to } => {
                        assert_eq!(player, mover);
                        assert!(at.is_none_or(|a| a == from), "hops continue from the last landing");
                        assert_eq!(k.stone_at(over), None);
                        at = Some(to);
                    }
                }
            }
            if let Some(end) = at {
                assert_eq!(end, mv.landing());
                assert_eq!(k.stone_at(end), Some(mover));
            }
            for p in Player::BOTH {
                assert_eq!(
                    k.stones(p),
                    area / 2 - removed[p.index()],
                    "{size}: stones match the record"
                );
            }
            assert!(k.ply() <= area, "every move removes a stone");
        }
        // Stones never leave their own colour's squares.
        for (i, row) in k.rows().iter().enumerate() {
            for (file, c) in row.chars().enumerate() {
                let s = Square::new(file as u8, k.height() - 1 - i as u8);
                match c {
                    'b' => assert_eq!(s.start_colour(), Player::P2),
                    'w' => assert_eq!(s.start_colour(), Player::P1),
                    _ => {}
                }
            }
        }
        lengths.entry(size).or_insert_with(Vec::new).push(k.ply());
        if g % 50 == 0 {
            let json = serde_json::to_string(&k).unwrap();
            assert_eq!(serde_json::from_str::<Konane>(&json).unwrap(), k);
        }
    }
    assert_eq!(lengths.len(), 15, "every size played");
}

#[test]
fn random_move_is_uniform() {
    let mut k = game("8x8");
    for t in ["xe4", "xe5", "e2-e4"] {
        play(&mut k, t);
    }
    let mut moves = Vec::new();
    k.legal_moves(&mut moves);
    assert_eq!(moves.len(), 6);
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut counts: HashMap<KonaneMove, u32> = HashMap::new();
    let n = 60_000;
    for _ in 0..n {
        *counts
            .entry(k.random_move(&mut rng, &mut Vec::new()).unwrap())
            .or_default() += 1;
    }
    assert_eq!(counts.len(), 6);
    for (m, c) in counts {
        let expected = n / 6;
        assert!(c.abs_diff(expected) < expected / 20, "{m:?}: {c} of {n}");
    }
}

/// The random move of playouts, packed (8×8, 6×6), by a constant stride or not, narrow or wide,
/// is the legal move list's entry at the same draw: seeded playouts and searches depend on it.
#[test]
fn random_move_is_the_listed_move_at_the_same_draw() {
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let (mut list, mut buf) = (Vec::new(), Vec::new());
    for size in ["8x8", "6x6", "6x8", "8x10", "10x10", "4x18", "18x4", "12x12", "18x18"] {
        for _ in 0..20 {
            let mut k = game(size);
            loop {
                k.legal_moves(&mut list);
                let mut same = rng.clone();
                let mv = k.random_move(&mut rng, &mut buf);
                let listed = (!list.is_empty()).then(|| list[same.random_range(0..list.len() as u32) as usize]);
                assert_eq!(mv, listed, "{size} ply {}\n{}", k.ply(), k.render());
                let Some(mv) = mv else { break };
                k.apply(mv);
            }
        }
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

/// Timing loop: `cargo test -p parlour-rules konane::tests::speed -- --ignored --nocapture`.
#[test]
#[ignore]
fn speed_random_playouts() {
    for (size, n) in [
        ("8x8", 300_000),
        ("6x6", 100_000),
        ("10x10", 50_000),
        ("12x12", 20_000),
        ("18x18", 5_000),
    ] {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut buf = Vec::new();
        let start = game(size);
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
            "konane {size}: {:.0} playouts/s wall, {per_cpu:.0} per CPU-second, {:.1} plies/playout",
            n as f64 / secs,
            plies as f64 / n as f64
        );
    }
}

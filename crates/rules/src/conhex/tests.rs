//! Tests for ConHex: every board fact on the rule page, the claim, win and swap rules, the
//! seed's illustrations, the full-board "exactly one winner" property, and random games.

use std::collections::{BTreeSet, HashMap, HashSet};

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::board::TABLES;
use super::picture::cell_mark;
use super::select::select_bit;
use super::state::ALL_HOLES;
use super::zobrist::{CELL_KEYS, KEY_RED_TO_MOVE, KEY_SWAP_OPEN, PEG_KEYS};
use super::*;
use crate::game::{Game, Player, Status, perft, play_text, random_playout};

const BLUE: Player = Player::P1;
const RED: Player = Player::P2;

fn hole(name: &str) -> u8 {
    board()
        .holes
        .iter()
        .position(|h| h.name == name)
        .unwrap_or_else(|| panic!("no hole {name}")) as u8
}

fn play(g: &mut ConHex, moves: &str) {
    for m in moves.split_whitespace() {
        play_text(g, m).unwrap_or_else(|e| panic!("{m}: {e}"));
    }
}

fn play_steps(g: &mut ConHex, text: &str) -> Vec<ConHexStep> {
    let mv = g.parse_move(text).unwrap();
    let mut steps = Vec::new();
    g.play_recorded(mv, &mut steps).unwrap();
    steps
}

fn new_game() -> ConHex {
    ConHex::new(&ConHexOptions::default())
}

fn bits64(mut m: u64) -> Vec<u8> {
    let mut v = Vec::new();
    while m != 0 {
        v.push(m.trailing_zeros() as u8);
        m &= m - 1;
    }
    v
}

// ---------------------------------------------------------------- board data

#[test]
fn crate_copy_of_board_data_matches_rule_book() {
    let shared = concat!(env!("CARGO_MANIFEST_DIR"), "/../../../shared/rules/conhex-board.json");
    if let Ok(bytes) = std::fs::read(shared) {
        assert!(
            bytes == board::BOARD_JSON.as_bytes(),
            "crates/rules/data/conhex-board.json differs from shared/rules/conhex-board.json"
        );
    }
}

#[test]
fn board_has_69_holes_and_41_cells_named_by_coordinates() {
    let b = board();
    assert_eq!(b.holes.len(), 69);
    assert_eq!(b.cells.len(), 41);
    let mut seen = HashSet::new();
    for h in &b.holes {
        assert_eq!(h.name, format!("{}{}", (b'A' + h.x - 1) as char, h.y));
        assert!(seen.insert((h.x, h.y)), "two holes at {}", h.name);
        assert_eq!(b.hole_at(h.x, h.y).map(|i| &b.holes[i as usize].name), Some(&h.name));
    }
    assert_eq!(b.hole_at(1, 2), None);
}

#[test]
fn cell_kinds_sizes_and_needs() {
    let b = board();
    let three: Vec<&Cell> = b.cells.iter().filter(|c| c.holes.len() == 3).collect();
    assert_eq!(three.len(), 16);
    assert!(three.iter().all(|c| c.need == 2));
    assert_eq!(
        three
            .iter()
            .filter(|c| c.kind == CellKind::Edge && c.sides.len() == 1)
            .count(),
        12
    );
    assert_eq!(
        three
            .iter()
            .filter(|c| c.kind == CellKind::Corner && c.sides.len() == 2)
            .count(),
        4
    );
    let six: Vec<&Cell> = b.cells.iter().filter(|c| c.holes.len() == 6).collect();
    assert_eq!(six.len(), 24);
    assert!(
        six.iter()
            .all(|c| c.need == 3 && c.kind == CellKind::Inner && c.sides.is_empty())
    );
    let five: Vec<(usize, &Cell)> = b.cells.iter().enumerate().filter(|(_, c)| c.holes.len() == 5).collect();
    assert_eq!(five.len(), 1);
    let (centre, cell) = five[0];
    assert_eq!((cell.need, cell.kind), (3, CellKind::Centre));
    let f6 = hole("F6");
    assert!(cell.holes.contains(&f6));
    assert_eq!(b.holes[f6 as usize].cells, vec![centre as u8]);
    // "at least half": need is ceil(holes / 2) everywhere
    assert!(b.cells.iter().all(|c| c.need as usize == c.holes.len().div_ceil(2)));
}

#[test]
fn holes_touch_three_cells_except_corners_and_centre() {
    let b = board();
    let ones: BTreeSet<&str> = b
        .holes
        .iter()
        .filter(|h| h.cells.len() == 1)
        .map(|h| h.name.as_str())
        .collect();
    assert_eq!(b.holes.iter().filter(|h| h.cells.len() == 3).count(), 64);
    assert_eq!(ones, BTreeSet::from(["A1", "K1", "A11", "K11", "F6"]));
    // the claim slots agree with the lists: one real slot per cell, padding that never claims
    let t = &*TABLES;
    for (i, h) in b.holes.iter().enumerate() {
        let real: Vec<u8> = t.slots[i].iter().filter(|s| s.bit != 0).map(|s| s.cell as u8).collect();
        assert_eq!(real, h.cells);
        for s in &t.slots[i] {
            if s.bit == 0 {
                assert_eq!(s.holes, 0);
            } else {
                assert_eq!(s.holes, t.cell_holes[s.cell]);
                assert_eq!(s.need2 == u128::MAX, t.need[s.cell] == 2);
            }
        }
    }
}

#[test]
fn only_frame_holes_are_the_corners() {
    let frame: BTreeSet<&str> = board()
        .holes
        .iter()
        .filter(|h| h.x == 1 || h.x == 11 || h.y == 1 || h.y == 11)
        .map(|h| h.name.as_str())
        .collect();
    assert_eq!(frame, BTreeSet::from(["A1", "K1", "A11", "K11"]));
}

#[test]
fn adjacency_has_104_symmetric_pairs() {
    let b = board();
    let mut pairs = BTreeSet::new();
    for (k, c) in b.cells.iter().enumerate() {
        for &n in &c.nbrs {
            assert_ne!(n as usize, k);
            assert!(b.cells[n as usize].nbrs.contains(&(k as u8)), "{k}-{n} not symmetric");
            pairs.insert((k.min(n as usize), k.max(n as usize)));
        }
    }
    assert_eq!(pairs.len(), 104);
}

/// Twice the signed area of (a, b, p): zero when p is on the line ab.
fn cross(a: [i32; 2], b: [i32; 2], p: [i32; 2]) -> i32 {
    (b[0] - a[0]) * (p[1] - a[1]) - (b[1] - a[1]) * (p[0] - a[0])
}

fn on_segment(a: [i32; 2], b: [i32; 2], p: [i32; 2]) -> bool {
    cross(a, b, p) == 0
        && p[0] >= a[0].min(b[0])
        && p[0] <= a[0].max(b[0])
        && p[1] >= a[1].min(b[1])
        && p[1] <= a[1].max(b[1])
}

fn edges(cell: &Cell) -> Vec<([i32; 2], [i32; 2])> {
    let pts: Vec<[i32; 2]> = cell.outline.iter().map(|p| [p[0] as i32, p[1] as i32]).collect();
    (0..pts.len()).map(|i| (pts[i], pts[(i + 1) % pts.len()])).collect()
}

/// Strictly inside, by ray casting (points on the boundary are handled separately).
fn inside(cell: &Cell, p: [i32; 2]) -> bool {
    let mut odd = false;
    for (a, b) in edges(cell) {
        if (a[1] > p[1]) != (b[1] > p[1]) {
            // x of the edge at height p.y, compared without division
            let lhs = (p[0] - a[0]) * (b[1] - a[1]);
            let rhs = (b[0] - a[0]) * (p[1] - a[1]);
            if (b[1] - a[1] > 0 && lhs < rhs) || (b[1] - a[1] < 0 && lhs > rhs) {
                odd = !odd;
            }
        }
    }
    odd
}

#[test]
fn cell_holes_are_exactly_the_holes_on_or_in_its_outline() {
    let b = board();
    for (k, c) in b.cells.iter().enumerate() {
        let mut found = Vec::new();
        for (i, h) in b.holes.iter().enumerate() {
            let p = [h.x as i32, h.y as i32];
            let on = edges(c).iter().any(|&(a, e)| on_segment(a, e, p));
            if on || inside(c, p) {
                found.push(i as u8);
            }
            if inside(c, p) && !on {
                assert_eq!(
                    (c.kind, h.name.as_str()),
                    (CellKind::Centre, "F6"),
                    "hole inside cell {k}"
                );
            }
        }
        assert_eq!(found, c.holes, "cell {k}");
    }
}

#[test]
fn neighbours_are_cells_sharing_an_outline_edge() {
    let b = board();
    for (i, ci) in b.cells.iter().enumerate() {
        for (j, cj) in b.cells.iter().enumerate() {
            if i == j {
                continue;
            }
            // Two edges overlap along a positive length when both ends of one are on the line of
            // the other and the segments share more than a point.
            let shares = edges(ci).iter().any(|&(a, e)| {
                edges(cj).iter().any(|&(c, d)| {
                    let on: Vec<[i32; 2]> = [a, e]
                        .into_iter()
                        .filter(|&p| on_segment(c, d, p))
                        .chain([c, d].into_iter().filter(|&p| on_segment(a, e, p)))
                        .collect();
                    on.iter().any(|p| on.iter().any(|q| q != p))
                })
            });
            assert_eq!(shares, ci.nbrs.contains(&(j as u8)), "cells {i} and {j}");
        }
    }
}

#[test]
fn sides_are_the_frame_edges_a_cell_lies_on() {
    let b = board();
    for (k, c) in b.cells.iter().enumerate() {
        let mut sides = Vec::new();
        for (side, on) in [
            (Side::N, [[1, 1], [11, 1]]),
            (Side::S, [[1, 11], [11, 11]]),
            (Side::W, [[1, 1], [1, 11]]),
            (Side::E, [[11, 1], [11, 11]]),
        ] {
            if edges(c)
                .iter()
                .any(|&(p, q)| p != q && on_segment(on[0], on[1], p) && on_segment(on[0], on[1], q))
            {
                sides.push(side);
            }
        }
        let mut want = c.sides.clone();
        want.sort_by_key(|s| *s as u8);
        assert_eq!(sides, want, "cell {k}");
        assert_eq!(c.kind == CellKind::Corner, c.sides.len() == 2);
    }
}

/// Checks that `map` (on coordinates) and `side_map` carry the board onto itself.
fn check_symmetry(map: impl Fn(u8, u8) -> (u8, u8), side_map: impl Fn(Side) -> Side) {
    let b = board();
    let hole_map: Vec<u8> = b
        .holes
        .iter()
        .map(|h| {
            let (x, y) = map(h.x, h.y);
            b.hole_at(x, y)
                .unwrap_or_else(|| panic!("{} maps to ({x}, {y}), not a hole", h.name))
        })
        .collect();
    let cell_by_holes: HashMap<BTreeSet<u8>, usize> = b
        .cells
        .iter()
        .enumerate()
        .map(|(k, c)| (c.holes.iter().copied().collect(), k))
        .collect();
    let cell_map: Vec<usize> = b
        .cells
        .iter()
        .map(|c| {
            let image: BTreeSet<u8> = c.holes.iter().map(|&h| hole_map[h as usize]).collect();
            *cell_by_holes.get(&image).expect("a cell's image is a cell")
        })
        .collect();
    assert_eq!(cell_map.iter().collect::<HashSet<_>>().len(), CELLS);
    for (k, c) in b.cells.iter().enumerate() {
        let img = &b.cells[cell_map[k]];
        assert_eq!((img.need, img.kind), (c.need, c.kind));
        let sides: BTreeSet<u8> = c.sides.iter().map(|&s| side_map(s) as u8).collect();
        assert_eq!(sides, img.sides.iter().map(|&s| s as u8).collect());
        let nbrs: BTreeSet<usize> = c.nbrs.iter().map(|&n| cell_map[n as usize]).collect();
        assert_eq!(nbrs, img.nbrs.iter().map(|&n| n as usize).collect());
        let outline: BTreeSet<(u8, u8)> = c.outline.iter().map(|p| map(p[0], p[1])).collect();
        assert_eq!(outline, img.outline.iter().map(|p| (p[0], p[1])).collect());
    }
}

#[test]
fn board_is_invariant_under_rotation_and_mirroring() {
    // y grows downwards, so (x, y) -> (12 - y, x) turns the top onto the right.
    let rot = |s| match s {
        Side::N => Side::E,
        Side::E => Side::S,
        Side::S => Side::W,
        Side::W => Side::N,
    };
    check_symmetry(|x, y| (12 - y, x), rot);
    check_symmetry(
        |x, y| (12 - x, y),
        |s| match s {
            Side::W => Side::E,
            Side::E => Side::W,
            s => s,
        },
    );
    check_symmetry(
        |x, y| (x, 12 - y),
        |s| match s {
            Side::N => Side::S,
            Side::S => Side::N,
            s => s,
        },
    );
}

#[test]
fn zobrist_keys_are_distinct() {
    let mut all: Vec<u64> = PEG_KEYS
        .iter()
        .flatten()
        .chain(CELL_KEYS.iter().flatten())
        .copied()
        .collect();
    all.extend([KEY_RED_TO_MOVE, KEY_SWAP_OPEN]);
    let n = all.len();
    all.sort_unstable();
    all.dedup();
    assert_eq!(all.len(), n);
}

// ---------------------------------------------------------------- notation and options

#[test]
fn every_hole_name_round_trips_case_insensitively() {
    let g = new_game();
    for (i, h) in board().holes.iter().enumerate() {
        for text in [h.name.clone(), h.name.to_lowercase()] {
            let mv = g.parse_move(&text).unwrap();
            assert_eq!(mv, ConHexMove::Peg(i as u8));
            assert_eq!(g.format_move(&mv), h.name);
        }
    }
    assert_eq!(g.parse_move("SwAp").unwrap(), ConHexMove::Swap);
    assert_eq!(g.format_move(&ConHexMove::Swap), "swap");
    assert_eq!(g.format_move(&g.parse_move("c10").unwrap()), "C10");
}

#[test]
fn parse_errors_say_what_is_wrong() {
    let g = new_game();
    let err = |t: &str| g.parse_move(t).unwrap_err().0;
    assert!(err("A2").contains("A2 is not a hole"), "{}", err("A2"));
    assert!(err("f5x").contains("not a ConHex move"));
    assert!(err("b1").contains("B1 is not a hole"));
    assert!(err("L5").contains("no column L"), "{}", err("L5"));
    assert!(err("a12").contains("no row 12"), "{}", err("a12"));
    assert!(err("F0").contains("no row 0"));
    assert!(err("").contains("not a ConHex move"));
    assert!(err("6F").contains("not a ConHex move"));
    assert!(err("swapp").contains("not a ConHex move"));
    assert!(err("F").contains("not a ConHex move"));
}

#[test]
fn options_default_parse_and_pairs() {
    assert_eq!(ConHex::ID, "conhex");
    assert_eq!(ConHex::NAME, "ConHex");
    let specs = ConHex::option_specs();
    assert_eq!(specs.len(), 1);
    assert_eq!((specs[0].key, specs[0].default), ("swap", "on"));
    assert!(ConHexOptions::default().swap);
    assert_eq!(ConHex::parse_options(&[]).unwrap(), ConHexOptions { swap: true });
    let off = ConHex::parse_options(&[("swap", "OFF")]).unwrap();
    assert!(!off.swap);
    assert_eq!(
        ConHex::option_pairs(&off),
        vec![("swap".to_string(), "off".to_string())]
    );
    assert!(ConHex::parse_options(&[("swap", "maybe")]).is_err());
    assert!(ConHex::parse_options(&[("size", "9")]).is_err());
    let g = new_game();
    assert_eq!((g.side_name(BLUE), g.side_name(RED)), ("blue", "red"));
    assert_eq!(goal_sides(BLUE), (Side::N, Side::S));
    assert_eq!(goal_sides(RED), (Side::W, Side::E));
}

// ---------------------------------------------------------------- play

#[test]
fn blue_moves_first_and_start_counts() {
    let g = new_game();
    assert_eq!(g.side_to_move(), BLUE);
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(perft(&g, 1), 69);
    // Red may place in 68 holes or swap.
    assert_eq!(perft(&g, 2), 69 * 69);
    // After a placement 67 holes remain; after a swap Red places in any of 68.
    assert_eq!(perft(&g, 3), 69 * (68 * 67 + 68));
    let off = ConHex::new(&ConHexOptions { swap: false });
    assert_eq!(perft(&off, 2), 69 * 68);
    assert_eq!(perft(&off, 3), 69 * 68 * 67);
}

#[test]
fn seed_illustration_2_half_the_circles_claims_a_space() {
    let mut g = new_game();
    let centre = board().holes[hole("F6") as usize].cells[0];
    let edge = board()
        .cells
        .iter()
        .position(|c| c.holes == [hole("C2"), hole("D2"), hole("E2")])
        .unwrap() as u8;
    // Blue: C2, F6, D2 (2 of 3 around a side cell), E6, F5 (3 of the centre's 5).
    play(&mut g, "C2 K11 F6 A11");
    assert_eq!(g.cell_owner(edge), None);
    let steps = play_steps(&mut g, "d2");
    assert_eq!(
        steps,
        vec![
            ConHexStep::Peg {
                hole: hole("D2"),
                side: BLUE
            },
            ConHexStep::Claim {
                cell: edge,
                owner: BLUE
            }
        ]
    );
    play(&mut g, "K1 E6 J9");
    assert_eq!(g.cell_owner(centre), None, "2 of 5 is less than half");
    let steps = play_steps(&mut g, "F5");
    assert!(
        steps.contains(&ConHexStep::Claim {
            cell: centre,
            owner: BLUE
        }),
        "{steps:?}"
    );
    assert_eq!(g.cell_owner(centre), Some(BLUE));
}

#[test]
fn first_to_need_owns_the_cell_for_good() {
    let mut g = new_game();
    // Cell 6 = D2 E2 F2 D3 E3 F3. Blue reaches three first.
    play(&mut g, "D2 D3 E2 E3");
    let steps = play_steps(&mut g, "F2");
    let claimed: Vec<u8> = steps
        .iter()
        .filter_map(|s| match s {
            ConHexStep::Claim { cell, owner } => {
                assert_eq!(*owner, BLUE);
                Some(*cell)
            }
            _ => None,
        })
        .collect();
    assert_eq!(claimed, vec![2, 6], "F2 completes cell 2 (E2 F2) and cell 6");
    // Red now also holds three of cell 6's holes: it stays Blue's.
    let steps = play_steps(&mut g, "F3");
    assert_eq!(
        steps,
        vec![ConHexStep::Peg {
            hole: hole("F3"),
            side: RED
        }]
    );
    assert_eq!(g.cell_owner(6), Some(BLUE));
    assert_eq!((g.peg_mask(RED) & TABLES.cell_holes[6]).count_ones(), 3);
    // A later red claim elsewhere does not touch it either.
    play(&mut g, "A1");
    let steps = play_steps(&mut g, "G3");
    assert_eq!(steps[1..], [ConHexStep::Claim { cell: 11, owner: RED }]);
    assert_eq!(g.cell_owner(6), Some(BLUE));
}

#[test]
fn one_peg_claims_three_cells() {
    let mut g = new_game();
    // Cells 10, 11 and 15 meet at E4; Blue holds two of each without E4.
    play(&mut g, "E3 A1 D5 K1 F4 A11");
    assert_eq!(g.cell_mask(BLUE), 0);
    let steps = play_steps(&mut g, "E4");
    assert_eq!(
        steps,
        vec![
            ConHexStep::Peg {
                hole: hole("E4"),
                side: BLUE
            },
            ConHexStep::Claim { cell: 10, owner: BLUE },
            ConHexStep::Claim { cell: 11, owner: BLUE },
            ConHexStep::Claim { cell: 15, owner: BLUE },
        ]
    );
}

#[test]
fn corner_cells_count_for_both_sides_for_blue() {
    let mut g = new_game();
    // Blue runs down the left edge: corner NW (as N), three W cells, corner SW (as S).
    play(&mut g, "A1 J3 B3 J5 B5 J7 B7 J9 B9 I10");
    assert_eq!(g.status(), Status::Ongoing);
    assert!(g.cell_mask(RED) != 0, "red owns some east cells");
    let steps = play_steps(&mut g, "A11");
    assert_eq!(
        g.status(),
        Status::Win {
            winner: BLUE,
            reason: "connection"
        }
    );
    assert_eq!(g.winning_chain(), Some(vec![0, 9, 18, 27, 36]));
    assert_eq!(
        steps.last(),
        Some(&ConHexStep::Win {
            winner: BLUE,
            chain: vec![0, 9, 18, 27, 36]
        })
    );
    assert!(board().cells[0].sides.contains(&Side::W) && board().cells[36].sides.contains(&Side::W));
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    assert!(buf.is_empty());
    assert_eq!(g.random_move(&mut ChaCha8Rng::seed_from_u64(0), &mut buf), None);
    assert!(!g.is_legal(&ConHexMove::Peg(hole("F6"))));
}

#[test]
fn corner_cells_count_for_both_sides_for_red() {
    let mut g = new_game();
    // Red runs along the top: corner NW (as W), three N cells, corner NE (as E).
    play(&mut g, "C10 A1 E10 C2 G10 E2 I10 G2 F6 I2 D9");
    assert_eq!(g.status(), Status::Ongoing);
    let steps = play_steps(&mut g, "k1");
    assert_eq!(
        steps,
        vec![
            ConHexStep::Peg {
                hole: hole("K1"),
                side: RED
            },
            ConHexStep::Claim { cell: 4, owner: RED },
            ConHexStep::Win {
                winner: RED,
                chain: vec![0, 1, 2, 3, 4]
            },
        ]
    );
    assert_eq!(
        g.status(),
        Status::Win {
            winner: RED,
            reason: "connection"
        }
    );
}

#[test]
fn seed_illustration_3_red_connects_left_and_right() {
    let mut g = new_game();
    let blue = "C2 D2 E2 F2 G2 H2 I2 C10 D10 E10 F10 G10 H10 I10 A1";
    let red = "B6 B7 C6 D6 C7 D7 E6 F6 F7 G6 H6 H7 I6 J6 J7";
    let moves: Vec<(&str, &str)> = blue.split_whitespace().zip(red.split_whitespace()).collect();
    for (i, (b, r)) in moves.iter().enumerate() {
        assert_eq!(g.status(), Status::Ongoing, "before move {i}");
        play(&mut g, b);
        assert_eq!(g.status(), Status::Ongoing);
        play(&mut g, r);
    }
    assert_eq!(
        g.status(),
        Status::Win {
            winner: RED,
            reason: "connection"
        }
    );
    // J7 claimed cell 26 as well as 22; 21 and 22 only meet through it.
    assert_eq!(g.winning_chain(), Some(vec![18, 23, 19, 24, 25, 21, 26, 22]));
    // Blue owns the top and bottom rows but has no chain.
    assert!(!g.connected(BLUE));
    assert!(g.cell_mask(BLUE).count_ones() > 8);
}

#[test]
fn swap_is_legal_only_as_the_second_move() {
    let mut g = new_game();
    assert!(!g.is_legal(&ConHexMove::Swap));
    assert!(g.illegal_reason(&ConHexMove::Swap).contains("first peg"));
    let before_swap = {
        play(&mut g, "F6");
        g.clone()
    };
    assert!(g.is_legal(&ConHexMove::Swap));
    let key = g.hash_key();
    let steps = play_steps(&mut g, "swap");
    assert_eq!(steps, vec![ConHexStep::Swap]);
    // Nothing on the board changes, Red is to move again, the seats have changed colour.
    assert_eq!(g.status(), Status::Ongoing);
    assert_eq!(g.side_to_move(), RED);
    assert_eq!(g.hole_owner(hole("F6")), Some(BLUE));
    assert_eq!((g.peg_mask(BLUE), g.peg_mask(RED)), (before_swap.peg_mask(BLUE), 0));
    assert!(g.swapped() && !before_swap.swapped());
    assert_eq!(g.seat_colour(Player::P1), RED);
    assert_eq!(g.seat_colour(Player::P2), BLUE);
    assert_eq!(g.colour_seat(BLUE), Player::P2);
    assert_eq!(g.ply(), 2);
    assert_ne!(g.hash_key(), key, "the swap is no longer open");
    let mut buf = Vec::new();
    g.legal_moves(&mut buf);
    assert_eq!(buf.len(), 68);
    assert!(!buf.contains(&ConHexMove::Swap));
    assert!(g.illegal_reason(&ConHexMove::Swap).contains("second move"));
    // Red places, then Blue (the person who moved second) continues.
    let steps = play_steps(&mut g, "D5");
    assert_eq!(
        steps,
        vec![ConHexStep::Peg {
            hole: hole("D5"),
            side: RED
        }]
    );
    assert_eq!(g.side_to_move(), BLUE);
    play(&mut g, "E5".replace('E', "C").as_str());
    assert_eq!(g.side_to_move(), RED);
    assert!(play_text(&mut g, "swap").is_err());

    // Without swap in the options it is never legal.
    let mut off = ConHex::new(&ConHexOptions { swap: false });
    play(&mut off, "F6");
    let err = play_text(&mut off, "swap").unwrap_err().to_string();
    assert!(err.contains("switched off"), "{err}");
    // A placement at move 2 closes the swap.
    let mut g = new_game();
    play(&mut g, "F6 F5");
    assert!(!g.is_legal(&ConHexMove::Swap));
}

#[test]
fn occupied_holes_are_illegal_with_a_reason() {
    let mut g = new_game();
    play(&mut g, "F6");
    let err = play_text(&mut g, "f6").unwrap_err().to_string();
    assert!(err.contains("F6 already holds a blue peg"), "{err}");
    assert!(!g.is_legal(&ConHexMove::Peg(200)));
    assert_eq!(g.ply(), 1);
}

#[test]
fn transpositions_share_a_hash_key() {
    let mut a = new_game();
    let mut b = new_game();
    play(&mut a, "C2 J5 D2 J6");
    play(&mut b, "D2 J6 C2 J5");
    assert_eq!(a, b);
    assert_eq!(a.hash_key(), b.hash_key());
    // Same pegs, different claim order: different positions, different keys.
    let mut c = new_game();
    let mut d = new_game();
    play(&mut c, "D2 D3 E2 E3 F2 F3 A1 K1");
    play(&mut d, "D2 D3 E2 E3 A1 F3 F2 K1");
    assert_eq!(c.pegs, d.pegs);
    assert_ne!(c.cell_owner(6), d.cell_owner(6));
    assert_ne!(c.hash_key(), d.hash_key());
}

#[test]
fn state_round_trips_through_serde() {
    let mut g = new_game();
    play(&mut g, "F6 swap C10 K1 E4");
    let json = serde_json::to_string(&g).unwrap();
    let back: ConHex = serde_json::from_str(&json).unwrap();
    assert_eq!(back, g);
    assert_eq!(back.hash_key(), g.hash_key());
    assert!(!json.contains("zobrist"));
    // A corrupt save is refused with a reason instead of panicking later.
    let mut v: serde_json::Value = serde_json::from_str(&json).unwrap();
    v["ply"] = 1.into();
    let err = serde_json::from_value::<ConHex>(v.clone()).unwrap_err().to_string();
    assert!(err.contains("ply 1 does not fit"), "{err}");
    v["ply"] = 5.into();
    v["cells"] = serde_json::json!([0, 1]);
    assert!(serde_json::from_value::<ConHex>(v.clone()).is_err());
    v["cells"] = serde_json::to_value(g.cells).unwrap();
    v["winner"] = serde_json::json!("P2");
    assert!(serde_json::from_value::<ConHex>(v.clone()).is_err());
    v["winner"] = serde_json::Value::Null;
    assert_eq!(serde_json::from_value::<ConHex>(v).unwrap(), g);
    let mv: ConHexMove = serde_json::from_str(&serde_json::to_string(&ConHexMove::Peg(7)).unwrap()).unwrap();
    assert_eq!(mv, ConHexMove::Peg(7));
}

#[test]
fn render_and_counters() {
    let mut g = new_game();
    play(&mut g, "F6 swap E6 F5 G6 F7");
    let text = g.render();
    assert!(text.contains("colours swapped"), "{text}");
    assert!(text.contains("red to move"), "{text}");
    let counters: Vec<(String, i64)> = g.counters().into_iter().map(|c| (c.label, c.value)).collect();
    assert_eq!(
        counters,
        vec![
            ("blue pegs".to_string(), 3),
            ("red pegs".to_string(), 2),
            ("blue cells".to_string(), 1),
            ("red cells".to_string(), 0),
            ("empty holes".to_string(), 64),
        ]
    );
    // every cell has its own mark, off the holes: blue's centre shows as B
    let mut marks = HashSet::new();
    for k in 0..CELLS {
        let (c, r) = cell_mark(k);
        assert!(
            c % 2 == 1 || r % 2 == 1 || TABLES.grid[r / 2 + 1][c / 2 + 1] == u8::MAX,
            "cell {k} mark on a hole"
        );
        assert!(marks.insert((c, r)), "cell {k} mark shared");
    }
    let picture: String = text.lines().skip(4).take(21).collect::<Vec<_>>().join("\n");
    println!("{text}");
    assert_eq!(picture.matches('B').count(), 1);
    assert_eq!(picture.matches('b').count(), 3);
    assert_eq!(picture.matches('r').count(), 2);
    assert_eq!(picture.matches('+').count(), 64);
    assert_eq!(picture.matches('-').count(), 40);
}

// ---------------------------------------------------------------- properties

/// The full rule invariants of a reachable position.
fn check_invariants(g: &ConHex) {
    if let Err(e) = g.consistency() {
        panic!("{e}\n{}", g.render());
    }
    // side to move follows the peg counts (Red owes a peg after Blue's, swap or not)
    let (nb, nr) = (g.pegs[0].count_ones(), g.pegs[1].count_ones());
    assert_eq!(g.side_to_move(), if nb == nr { BLUE } else { RED });
    // connection: the independent BFS (chain) agrees with the bit flood
    for p in Player::BOTH {
        assert_eq!(g.connected(p), g.chain(p).is_some());
    }
    if let Some(w) = g.winner {
        let chain = g.winning_chain().unwrap();
        let (a, z) = goal_sides(w);
        assert!(board().cells[chain[0] as usize].sides.contains(&a));
        assert!(board().cells[*chain.last().unwrap() as usize].sides.contains(&z));
        for pair in chain.windows(2) {
            assert!(board().cells[pair[0] as usize].nbrs.contains(&pair[1]));
        }
        assert!(chain.iter().all(|&c| g.cell_owner(c) == Some(w)));
    }
    // the incremental key equals one computed from scratch
    assert_eq!(g.zobrist, g.zobrist_from_scratch());
}

fn random_games(options: ConHexOptions, games: u64, seed: u64) {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut buf = Vec::new();
    let mut scratch = Vec::new();
    let mut wins = [0; 2];
    let mut swaps = 0;
    for game in 0..games {
        let mut g = ConHex::new(&options);
        let perft_at = rng.random_range(0..40);
        loop {
            check_invariants(&g);
            g.legal_moves(&mut buf);
            if g.status().is_over() {
                assert!(buf.is_empty());
                break;
            }
            let empty = (ALL_HOLES & !(g.pegs[0] | g.pegs[1])).count_ones() as usize;
            assert!(empty > 0, "game {game}: holes ran out without a winner");
            assert_eq!(buf.len(), empty + usize::from(g.swap_open()));
            assert_eq!(perft(&g, 1), buf.len() as u64);
            for mv in &buf {
                let text = g.format_move(mv);
                assert_eq!(g.parse_move(&text).unwrap(), *mv);
                assert_eq!(g.parse_move(&text.to_lowercase()).unwrap(), *mv);
                assert!(g.is_legal(mv));
            }
            if g.ply == perft_at {
                let sum: u64 = buf
                    .iter()
                    .map(|&mv| {
                        let mut next = g.clone();
                        next.apply(mv);
                        next.legal_moves(&mut scratch);
                        scratch.len() as u64
                    })
                    .sum();
                assert_eq!(perft(&g, 2), sum);
            }
            let mv = if game % 2 == 0 {
                buf[rng.random_range(0..buf.len())]
            } else {
                g.random_move(&mut rng, &mut scratch).unwrap()
            };
            assert!(buf.contains(&mv));
            swaps += usize::from(mv == ConHexMove::Swap);
            // apply and apply_recorded agree; the record names the peg, then exactly the new cells
            let mover = g.side_to_move();
            let cells_before = g.cells;
            let mut fast = g.clone();
            fast.apply(mv);
            let mut steps = Vec::new();
            g.apply_recorded(mv, &mut steps);
            assert_eq!(fast, g);
            assert_eq!(g.cells[mover.other().index()], cells_before[mover.other().index()]);
            assert_eq!(
                g.cells[mover.index()] & cells_before[mover.index()],
                cells_before[mover.index()]
            );
            let new_cells = bits64(g.cells[mover.index()] & !cells_before[mover.index()]);
            let mut want = match mv {
                ConHexMove::Peg(hole) => vec![ConHexStep::Peg { hole, side: mover }],
                ConHexMove::Swap => vec![ConHexStep::Swap],
            };
            want.extend(
                new_cells
                    .into_iter()
                    .map(|cell| ConHexStep::Claim { cell, owner: mover }),
            );
            if let Some(chain) = g.winning_chain() {
                assert_eq!(g.winner, Some(mover), "only the mover can win");
                want.push(ConHexStep::Win { winner: mover, chain });
            }
            assert_eq!(steps, want);
        }
        match g.status() {
            Status::Win { winner, reason } => {
                assert_eq!(reason, "connection");
                wins[winner.index()] += 1;
            }
            s => panic!("game {game} ended {s:?}"),
        }
        assert!(g.ply <= 70);
    }
    assert!(wins[0] > 0 && wins[1] > 0, "{wins:?}");
    assert_eq!(swaps > 0, options.swap);
}

#[test]
fn random_games_with_swap_keep_every_invariant() {
    random_games(ConHexOptions { swap: true }, 1000, 0xC0_4E);
}

#[test]
fn random_games_without_swap_keep_every_invariant() {
    random_games(ConHexOptions { swap: false }, 1000, 0x5EED);
}

#[test]
fn random_playouts_always_end_in_a_win() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut buf = Vec::new();
    for _ in 0..2000 {
        let mut g = new_game();
        let (status, plies) = random_playout(&mut g, &mut rng, &mut buf, 1000);
        assert!(matches!(
            status,
            Status::Win {
                reason: "connection",
                ..
            }
        ));
        assert!(plies <= 70);
    }
}

#[test]
fn every_full_board_has_exactly_one_connection() {
    let mut rng = ChaCha8Rng::seed_from_u64(41);
    let mut order: Vec<usize> = (0..HOLES).collect();
    let mut winners = [0; 2];
    for fill in 0..10_000 {
        // Fill every hole in a random order, resolving claims peg by peg (and ignoring any win
        // on the way); half the boards alternate colours as real games do, half are random.
        for i in (1..HOLES).rev() {
            order.swap(i, rng.random_range(0..=i));
        }
        let mut g = new_game();
        for (i, &h) in order.iter().enumerate() {
            let colour = if fill % 2 == 0 {
                if i % 2 == 0 { BLUE } else { RED }
            } else if rng.random_bool(0.5) {
                BLUE
            } else {
                RED
            };
            g.place(colour, h);
        }
        assert_eq!(g.pegs[0] | g.pegs[1], ALL_HOLES);
        assert_eq!(
            (g.cells[0] | g.cells[1]).count_ones() as usize,
            CELLS,
            "a full board claims every cell"
        );
        let (b, r) = (g.connected(BLUE), g.connected(RED));
        assert!(b != r, "fill {fill}: blue {b}, red {r}");
        assert_eq!(g.chain(BLUE).is_some(), b);
        assert_eq!(g.chain(RED).is_some(), r);
        winners[usize::from(r)] += 1;
    }
    assert!(winners[0] > 1000 && winners[1] > 1000, "{winners:?}");
}

#[test]
fn corners_are_what_joins_the_top_row_for_red() {
    // Red owning just the five top cells wins, and only because the corner cells count as
    // touching W and E: none of the five is a plain west or east cell.
    let mut g = new_game();
    g.cells[RED.index()] = 0b11111;
    assert!(g.connected(RED));
    assert!(!g.connected(BLUE), "the same cells give Blue nothing: N only");
    let t = &*TABLES;
    let plain_west_east =
        (t.side_cells[Side::W as usize] | t.side_cells[Side::E as usize]) & !t.side_cells[Side::N as usize];
    assert_eq!(g.cells[RED.index()] & plain_west_east, 0);
    let corners: Vec<usize> = (0..CELLS)
        .filter(|&k| board().cells[k].kind == CellKind::Corner)
        .collect();
    assert_eq!(corners, vec![0, 4, 36, 40]);
}

#[test]
fn random_move_is_uniform_over_legal_moves() {
    let mut g = new_game();
    play(&mut g, "F6");
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    let mut buf = Vec::new();
    let mut counts: HashMap<ConHexMove, u32> = HashMap::new();
    let draws = 69 * 1000;
    for _ in 0..draws {
        *counts.entry(g.random_move(&mut rng, &mut buf).unwrap()).or_default() += 1;
    }
    g.legal_moves(&mut buf);
    assert_eq!(counts.len(), buf.len());
    assert!(counts.contains_key(&ConHexMove::Swap));
    for (mv, n) in counts {
        assert!(buf.contains(&mv));
        assert!((800..1200).contains(&n), "{mv:?} drawn {n} times of {draws}");
    }
}

#[test]
fn select_bit_finds_the_nth_set_bit() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    for _ in 0..2000 {
        let x: u128 = rng.random::<u128>() & ALL_HOLES;
        let set: Vec<u32> = (0..128).filter(|&i| x & (1 << i) != 0).collect();
        for (n, &i) in set.iter().enumerate() {
            assert_eq!(select_bit(x, n as u32), i);
        }
    }
}

/// Nanoseconds this thread has spent on a CPU (Linux), so a busy machine does not skew timings.
fn thread_cpu_ns() -> Option<u64> {
    std::fs::read_to_string("/proc/thread-self/schedstat")
        .ok()?
        .split_whitespace()
        .next()?
        .parse()
        .ok()
}

#[test]
#[ignore = "timing; run with --ignored --nocapture"]
fn playout_speed() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut buf = Vec::new();
    let start = ConHex::new(&ConHexOptions::default());
    let cpu0 = thread_cpu_ns();
    let t0 = std::time::Instant::now();
    let mut n = 0u64;
    let mut plies = 0u64;
    while t0.elapsed().as_secs_f64() < 3.0 {
        for _ in 0..1000 {
            let mut g = start.clone();
            plies += u64::from(random_playout(&mut g, &mut rng, &mut buf, 1000).1);
            n += 1;
        }
    }
    let wall = t0.elapsed().as_secs_f64();
    let cpu = match (cpu0, thread_cpu_ns()) {
        (Some(a), Some(b)) => (b - a) as f64 * 1e-9,
        _ => wall,
    };
    println!(
        "conhex: {:.0} random playouts/s of thread CPU time ({:.0}/s wall), {:.1} plies per playout, {:.1} ns per ply",
        n as f64 / cpu,
        n as f64 / wall,
        plies as f64 / n as f64,
        cpu * 1e9 / plies as f64
    );
}

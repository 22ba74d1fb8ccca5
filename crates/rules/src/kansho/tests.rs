//! Kansho rules tests: the seed's worked examples, every rule on the page, notation, and
//! property tests over seeded random games.

use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::bits;
use super::board::NONE;
use super::*;
use crate::game::{Game, PlayError, Player, Status, perft, play_text, random_playout};

const W: Player = Player::P1;
const B: Player = Player::P2;

fn cell(q: i32, r: i32) -> Cell {
    Cell::at(q, r).unwrap_or_else(|| panic!("{q},{r} is not a board cell"))
}

fn setup(white: &[(i32, i32)], black: &[(i32, i32)], hands: [u8; 2], to_move: Player) -> Kansho {
    Kansho::from_coords(white, black, hands, to_move).unwrap_or_else(|e| panic!("bad fixture: {e}"))
}

fn shift(cells: &[(i32, i32)], (dq, dr): (i32, i32)) -> Vec<(i32, i32)> {
    cells.iter().map(|&(q, r)| (q + dq, r + dr)).collect()
}

/// Plays `text` checked, returning the staged record.
fn play(s: &mut Kansho, text: &str) -> Vec<KanshoStep> {
    let mv = s.parse_move(text).unwrap_or_else(|e| panic!("{text}: {e}"));
    let mut steps = Vec::new();
    s.play_recorded(mv, &mut steps)
        .unwrap_or_else(|e| panic!("{text}: {e}"));
    check_invariants(s);
    steps
}

fn owners(s: &Kansho, cells: &[(i32, i32)]) -> Vec<Option<Player>> {
    cells.iter().map(|&(q, r)| s.owner(cell(q, r))).collect()
}

fn check_invariants(s: &Kansho) {
    let mut total = 0;
    for p in Player::BOTH {
        let sum = u32::from(s.hand(p)) + u32::from(s.on_board(p)) + u32::from(s.discarded(p));
        assert_eq!(sum, 123, "{p:?}'s markers are conserved");
        total += sum;
    }
    assert_eq!(total, 246);
    assert!(
        s.surrounded_areas().is_empty(),
        "an area without an empty neighbour survived:\n{}",
        s.render()
    );
    assert!(s.solo_markers().is_empty(), "a solo marker survived:\n{}", s.render());
    assert!(bits::count(&s.empty_bits()) >= 6, "at least 6 empty cells");
    assert_eq!(s.hash_key(), s.compute_hash(), "incremental hash");
    assert!(!s.in_progress());
    if !s.status().is_over() {
        assert!(s.hand(s.side_to_move()) > 0, "the side to move has markers");
    }
}

fn count_kind(steps: &[KanshoStep], f: impl Fn(&KanshoStep) -> bool) -> usize {
    steps.iter().filter(|s| f(s)).count()
}

// ---------------------------------------------------------------- rules and options

#[test]
fn new_game_and_options() {
    let s = Kansho::new(&KanshoOptions::default());
    assert_eq!(Kansho::ID, "kansho");
    assert_eq!(Kansho::NAME, "Kansho");
    assert_eq!(s.side_to_move(), W, "White moves first by default");
    assert_eq!((s.hand(W), s.hand(B)), (123, 123));
    assert_eq!((s.on_board(W), s.discarded(B)), (0, 0));
    assert_eq!(s.side_name(W), "white");
    assert_eq!(s.side_name(B), "black");
    assert_eq!(s.status(), Status::Ongoing);
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    assert_eq!(moves.len(), 252);
    check_invariants(&s);

    let specs = Kansho::option_specs();
    assert_eq!(specs.len(), 1);
    assert_eq!((specs[0].key, specs[0].default), ("first", "white"));
    assert!(specs[0].help.ends_with('.'));
    let black = Kansho::parse_options(&[("FIRST", "Black")]).unwrap();
    assert_eq!(black.first, B);
    assert_eq!(Kansho::new(&black).side_to_move(), B);
    assert_eq!(
        Kansho::option_pairs(&black),
        vec![("first".to_string(), "black".to_string())]
    );
    assert_eq!(Kansho::parse_options(&[]).unwrap(), KanshoOptions::default());
    let e = Kansho::parse_options(&[("first", "red")]).unwrap_err();
    assert!(e.0.contains("white, black"), "{e}");
    assert!(Kansho::parse_options(&[("size", "9")]).is_err());
    assert_eq!(Kansho::display_name(&black), "Kansho");

    let labels: Vec<String> = s.counters().into_iter().map(|c| c.label).collect();
    for l in [
        "white hand",
        "black hand",
        "white on board",
        "black on board",
        "white discarded",
        "black discarded",
    ] {
        assert!(labels.iter().any(|x| x == l), "counter {l}");
    }
}

#[test]
fn placement_fills_the_flower_and_costs_one_per_marker() {
    let mut s = Kansho::new(&KanshoOptions::default());
    let steps = play(&mut s, "4,2");
    assert_eq!(s.on_board(W), 7);
    assert_eq!(s.hand(W), 116);
    assert_eq!(
        steps[0],
        KanshoStep::Placed {
            cell: cell(4, 2),
            colour: W
        }
    );
    assert_eq!(count_kind(&steps, |s| matches!(s, KanshoStep::Filled { .. })), 6);
    assert_eq!(steps.last(), Some(&KanshoStep::TurnPassed { next: B, repeat: false }));
    // Edge cell: only on-board neighbours are filled and paid for (a corner has 3).
    let mut s = Kansho::new(&KanshoOptions::default());
    play(&mut s, "3,-10");
    assert_eq!(s.on_board(W), 4);
    assert_eq!(s.hand(W), 119);
    // Next to the hole: the hole is ignored.
    let mut s = Kansho::new(&KanshoOptions::default());
    play(&mut s, "2,0");
    assert_eq!(cell(2, 0).neighbours().count(), 5);
    assert_eq!(s.on_board(W), 6);
}

#[test]
fn own_neighbours_stay_and_cost_nothing() {
    // White already has a flower at 4,2; placing at 5,3 (next to 4,3 and 5,2) reuses them.
    let white = [(4, 2), (3, 2), (3, 3), (4, 1), (4, 3), (5, 1), (5, 2)];
    let mut s = setup(&white, &[], [100, 110], W);
    let before = s.hand(W);
    let steps = play(&mut s, "5,3");
    let own = cell(5, 3).neighbours().filter(|&n| white.contains(&n.coords())).count();
    assert_eq!(own, 2);
    assert_eq!(before - s.hand(W), 1 + 6 - own as u8);
    assert_eq!(count_kind(&steps, |s| matches!(s, KanshoStep::Filled { .. })), 6 - own);
}

#[test]
fn self_capture_when_nothing_is_captured() {
    // White walls off the top corner; Black fills the flower at 3,-9, which then has no empty
    // neighbour and captured nothing: Black's area is discarded.
    let white = [(5, -9), (4, -8), (3, -7), (2, -7), (1, -7), (1, -8), (5, -8), (0, -7)];
    let mut s = setup(&white, &[], [100, 100], B);
    let steps = play(&mut s, "3,-9");
    let discarded: Vec<&KanshoStep> = steps
        .iter()
        .filter(|s| matches!(s, KanshoStep::AreaDiscarded { colour: B, .. }))
        .collect();
    assert_eq!(discarded.len(), 1);
    let KanshoStep::AreaDiscarded { cells, .. } = discarded[0] else {
        unreachable!()
    };
    assert_eq!(cells.len(), 7);
    assert_eq!(s.on_board(B), 0);
    assert_eq!(s.discarded(B), 23 + 7);
    assert_eq!(s.on_board(W), 8, "White's wall stays");
}

#[test]
fn capture_comes_before_self_capture() {
    // As above, but a white triangle on the edge loses its last empty neighbour (4,-9) to the
    // same placement: it is discarded first, its cells become empty, and Black's area survives.
    let white = [
        (5, -9),
        (6, -9),
        (5, -8), // the triangle
        (1, -8),
        (1, -7),
        (2, -7),
        (2, -6),
        (3, -6),
        (4, -6),
        (5, -6),
        (6, -6),
        (7, -7),
        (7, -8),
        (0, -7),
        (8, -8), // the wall
    ];
    let black = [(3, -7), (4, -8), (4, -7), (5, -7), (6, -8), (6, -7)];
    let mut s = setup(&white, &black, [90, 90], B);
    let steps = play(&mut s, "3,-9");
    let areas: Vec<(Player, usize)> = steps
        .iter()
        .filter_map(|s| match s {
            KanshoStep::AreaDiscarded { colour, cells } => Some((*colour, cells.len())),
            _ => None,
        })
        .collect();
    assert_eq!(areas, vec![(W, 3)]);
    assert_eq!(s.on_board(B), 6 + 7);
    assert_eq!(owners(&s, &[(5, -9), (6, -9), (5, -8)]), vec![None; 3]);
    // Right after the placement both the triangle and Black's area had no empty neighbour:
    // only the order (opponent first) saves Black.
    let mut t = setup(&white, &black, [90, 90], B);
    t.stage_place(t.parse_move("3,-9").unwrap(), None);
    let mut stuck: Vec<(Player, u32)> = t.surrounded_areas().iter().map(|(p, a)| (*p, bits::count(a))).collect();
    stuck.sort();
    assert_eq!(stuck, vec![(W, 3), (B, 13)]);
}

#[test]
fn repeat_turns_and_the_end() {
    // White's hand is empty: Black keeps moving until Black's is too.
    let white = [(4, 2), (3, 2), (3, 3), (4, 1), (4, 3), (5, 1), (5, 2)];
    let mut s = setup(&white, &[], [0, 15], B);
    let steps = play(&mut s, "-4,5");
    assert_eq!(steps.last(), Some(&KanshoStep::TurnPassed { next: B, repeat: true }));
    assert_eq!(s.side_to_move(), B);
    assert_eq!(s.hand(B), 8);
    play(&mut s, "-5,-3");
    assert_eq!(s.hand(B), 1);
    assert_eq!(s.status(), Status::Ongoing);
    // Last marker: only the centre is placed; with its two black neighbours it stays.
    let steps = play(&mut s, "-3,3");
    assert_eq!(count_kind(&steps, |s| matches!(s, KanshoStep::Filled { .. })), 0);
    assert_eq!(s.hand(B), 0);
    let (w, b) = (s.on_board(W), s.on_board(B));
    assert_eq!((w, b), (7, 15));
    assert_eq!(
        steps.last(),
        Some(&KanshoStep::GameEnded {
            white: 7,
            black: 15,
            winner: Some(B),
            result: Some(Victory::Domination)
        })
    );
    assert_eq!(
        s.status(),
        Status::Win {
            winner: B,
            reason: "domination"
        }
    );
    let mut moves = vec![KanshoMove::at(cell(0, 5))];
    s.legal_moves(&mut moves);
    assert!(moves.is_empty());
    assert_eq!(s.play(KanshoMove::at(cell(0, 5))), Err(PlayError::GameOver));
}

#[test]
fn equal_scores_draw() {
    let white = [(4, 2), (3, 2), (3, 3), (4, 1), (4, 3), (5, 1), (5, 2)];
    let black = [(-4, -2), (-3, -2), (-3, -3), (-4, -1), (-4, -3), (-5, -1), (-5, -2)];
    let s = setup(&white, &black, [0, 0], W);
    assert_eq!(s.status(), Status::Draw { reason: "equal-scores" });
    let s = setup(&white, &black[..3], [0, 0], W);
    assert_eq!(
        s.status(),
        Status::Win {
            winner: W,
            reason: result_name(7, 3)
        }
    );
}

#[test]
fn short_hand_moves_enumerate_every_choice() {
    // Black has 3 in hand: after the centre, 2 markers for the neighbours that need one.
    let white = [(4, 2), (3, 2), (3, 3), (4, 1), (4, 3), (5, 1), (5, 2)];
    let s = setup(&white, &[], [0, 3], B);
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    let mut expected = 0;
    for c in Cell::all().filter(|&c| s.owner(c).is_none()) {
        let need = c.neighbours().filter(|&n| s.owner(n) != Some(B)).count();
        expected += if need <= 2 { 1 } else { need * (need - 1) / 2 };
        let here: Vec<&KanshoMove> = moves.iter().filter(|m| m.centre == c).collect();
        for m in &here {
            assert!(m.picks == 0 || m.picks.count_ones() == 2);
        }
    }
    assert_eq!(moves.len(), expected);
    // Choosing: 6,2 has six empty or white neighbours.
    assert_eq!(s.neighbour_choice(cell(6, 2)).map(|(k, v)| (k, v.len())), Some((2, 6)));
    let mut t = s.clone();
    let steps = play(&mut t, "6,2+5,2+6,1");
    assert_eq!(t.hand(B), 0);
    assert!(steps.contains(&KanshoStep::Replaced {
        cell: cell(5, 2),
        colour: B,
        old: W
    }));
    assert!(steps.contains(&KanshoStep::Filled {
        cell: cell(6, 1),
        colour: B
    }));
    // Errors say what is wrong.
    let reason = |text: &str| s.illegal_reason(&s.parse_move(text).unwrap());
    assert!(reason("6,2").contains("choose exactly 2"), "{}", reason("6,2"));
    assert!(reason("6,2+5,2").contains("choose exactly 2"));
    assert!(reason("5,2").contains("occupied"));
    // With one marker in hand only the centre goes down, whatever the neighbours need.
    let s1 = setup(&white, &[], [0, 1], B);
    s1.legal_moves(&mut moves);
    assert!(moves.iter().all(|m| m.picks == 0));
    assert_eq!(moves.len(), 252 - 7);
    assert!(
        s1.illegal_reason(&s1.parse_move("6,2+5,2").unwrap())
            .contains("last marker")
    );
    assert_eq!(s1.neighbour_choice(cell(6, 2)), None);
    // Enough markers: no choice may be written.
    let s7 = setup(&white, &[], [0, 7], B);
    assert!(!s7.is_legal(&s7.parse_move("6,2+5,2").unwrap()));
    assert!(
        s7.illegal_reason(&s7.parse_move("6,2+5,2").unwrap())
            .contains("not chosen")
    );
}

#[test]
fn short_hand_at_exactly_enough_is_not_short() {
    // Next to a black flower two cells each need 4 markers: short with 3 left, not with 4.
    let black = [(5, 0), (6, 0), (6, -1), (5, -1), (4, 0), (4, 1), (5, 1)];
    let s = setup(&[], &black, [0, 4], B);
    let c = cell(6, 1); // neighbours 5,1 6,0 black; 5,2 6,2 7,0 7,1 need one
    let need = c.neighbours().filter(|&n| s.owner(n) != Some(B)).count();
    assert_eq!(need, 4);
    assert!(s.neighbour_choice(c).is_some(), "3 left for 4: short");
    let d = cell(7, -1); // neighbours 6,-1 6,0 black; 7,-2 8,-2 8,-1 7,0 need one
    let need = d.neighbours().filter(|&n| s.owner(n) != Some(B)).count();
    assert_eq!(need, 4);
    let s5 = setup(&[], &black, [0, 5], B);
    assert_eq!(s5.neighbour_choice(d), None, "4 left for 4: not short");
    assert!(s5.is_legal(&KanshoMove::at(d)));
}

// ---------------------------------------------------------------- the seed's examples

#[test]
fn example_1_placing_markers() {
    let mut s = Kansho::new(&KanshoOptions::default());
    let steps = play(&mut s, "4,2");
    assert_eq!(
        count_kind(&steps, |s| matches!(s, KanshoStep::Filled { colour: W, .. })),
        6
    );
    // Black responds two cells away: its flower takes two of White's markers.
    let steps = play(&mut s, "6,1");
    let replaced: Vec<Cell> = steps
        .iter()
        .filter_map(|s| match s {
            KanshoStep::Replaced {
                cell,
                colour: B,
                old: W,
            } => Some(*cell),
            _ => None,
        })
        .collect();
    assert_eq!(replaced, vec![cell(5, 1), cell(5, 2)]);
    assert_eq!(
        count_kind(&steps, |s| matches!(s, KanshoStep::Filled { colour: B, .. })),
        4
    );
    assert_eq!((s.on_board(W), s.on_board(B)), (5, 7));
    assert_eq!((s.hand(W), s.hand(B)), (116, 116));
    assert_eq!(s.discarded(W), 2);
    assert_eq!(owners(&s, &[(5, 1), (5, 2)]), vec![Some(B); 2]);
}

#[test]
fn example_2_surrounded_using_the_closest_edge() {
    // A black triangle in the top corner, walled by White except 2,-9 and 2,-8.
    let black = [(3, -10), (4, -10), (3, -9)];
    let white = [(4, -9), (3, -8), (4, -8)];
    let mut s = setup(&white, &black, [100, 100], W);
    // White's flower at 1,-8 fills the last two empty neighbours without touching Black.
    let steps = play(&mut s, "1,-8");
    assert_eq!(count_kind(&steps, |s| matches!(s, KanshoStep::Replaced { .. })), 0);
    let area = steps.iter().find_map(|s| match s {
        KanshoStep::AreaDiscarded { colour: B, cells } => Some(cells.clone()),
        _ => None,
    });
    assert_eq!(area, Some(vec![cell(3, -10), cell(4, -10), cell(3, -9)]));
    assert_eq!(s.on_board(B), 0, "all of Black's markers are removed");
    assert_eq!(s.discarded(B), 20 + 3);
    assert_eq!(s.on_board(W), 3 + 6);
}

#[test]
fn example_3_surrounded_in_the_open() {
    let off = (-4, 5);
    // A black triangle in the open, ringed by White except two cells on one side.
    let black = shift(&[(0, 0), (1, 0), (0, 1)], off);
    let white = shift(
        &[
            (1, 1),
            (0, 2),
            (-1, 2),
            (-1, 1),
            (-1, 0),
            (0, -1),
            (1, -1),
            (1, -2),
            (1, 2),
        ],
        off,
    );
    let mut s = setup(&white, &black, [95, 100], W);
    let centre = shift(&[(3, -1)], off)[0];
    let steps = play(&mut s, &format!("{},{}", centre.0, centre.1));
    assert_eq!(count_kind(&steps, |s| matches!(s, KanshoStep::Replaced { .. })), 0);
    assert_eq!(
        count_kind(&steps, |s| matches!(s, KanshoStep::AreaDiscarded { colour: B, .. })),
        1
    );
    assert_eq!(s.on_board(B), 0, "all of Black's markers are removed");
    assert_eq!(s.on_board(W), 9 + 7);
    assert_eq!(owners(&s, &black), vec![None; 3]);
}

#[test]
fn example_4_solo_markers_in_three_waves() {
    let off = (-6, 2);
    let at = |q, r| shift(&[(q, r)], off)[0];
    // A black column (bottom, middle, top) hanging from a stable black triangle, with a
    // fourth marker propping up the bottom one.
    let (bottom, middle, top, prop) = (at(0, -1), at(0, 0), at(0, 1), at(1, -1));
    let triangle = [at(0, 2), at(0, 3), at(1, 2)];
    let mut black = vec![bottom, middle, top, prop];
    black.extend(triangle);
    let mut s = setup(&[], &black, [110, 100], W);
    // White's flower at 2,-1 (shifted) replaces the prop only.
    let x = at(2, -1);
    let steps = play(&mut s, &format!("{},{}", x.0, x.1));
    let replaced: Vec<Cell> = steps
        .iter()
        .filter_map(|s| match s {
            KanshoStep::Replaced { cell, .. } => Some(*cell),
            _ => None,
        })
        .collect();
    assert_eq!(replaced, vec![cell(prop.0, prop.1)]);
    let waves: Vec<(u8, Vec<(Cell, Player)>)> = steps
        .iter()
        .filter_map(|s| match s {
            KanshoStep::SoloWave { index, cells } => Some((*index, cells.clone())),
            _ => None,
        })
        .collect();
    let c = |p: (i32, i32)| (cell(p.0, p.1), B);
    assert_eq!(
        waves,
        vec![(1, vec![c(bottom)]), (2, vec![c(middle)]), (3, vec![c(top)])]
    );
    // Bottom is lowest on screen, top highest.
    let y = |p: (i32, i32)| cell(p.0, p.1).screen_position(1.0).1;
    assert!(y(bottom) < y(middle) && y(middle) < y(top));
    assert_eq!(owners(&s, &triangle), vec![Some(B); 3]);
    assert_eq!(s.on_board(B), 3);
    assert_eq!(s.discarded(B), 123 - 100 - 7 + 1 + 3);
}

/// The position of the seed's example 5, with Black to move and 8 in hand; White's hand is
/// empty.
fn example_5_position() -> Kansho {
    // White: a flower against the hole (the area that will be surrounded), a triangle that
    // Black breaks up, and 12 markers elsewhere.
    let hole_flower = [(3, -1), (4, -1), (4, -2), (3, -2), (2, -1), (2, 0), (3, 0)];
    let triangle = [(-6, -1), (-5, -2), (-5, -1)];
    let elsewhere = [
        (-4, 5),
        (-3, 5),
        (-3, 4),
        (-4, 4),
        (-5, 5),
        (-5, 6),
        (-4, 6),
        (0, 6),
        (1, 6),
        (0, 7),
        (1, 7),
        (2, 6),
    ];
    let white: Vec<(i32, i32)> = hole_flower.iter().chain(&triangle).chain(&elsewhere).copied().collect();
    // Black: most of a ring round White's flower (the lower section and an upper triangle),
    // and 12 markers elsewhere.
    let black = [
        (5, -1),
        (5, -2),
        (5, -3),
        (4, -3),
        (3, -3),
        (2, -2),
        (2, -3),
        (6, -2), // lower section
        (1, 1),
        (2, 1),
        (1, 2), // upper triangle
        (7, -7),
        (8, -7),
        (8, -8),
        (7, -8),
        (6, -7),
        (6, -6),
        (7, -6),
        (-8, 4),
        (-7, 4),
        (-8, 5),
        (-7, 5),
        (-6, 4),
    ];
    setup(&white, &black, [0, 8], B)
}

#[test]
fn example_5_end_game() {
    let mut s = example_5_position();
    assert_eq!((s.on_board(W), s.on_board(B), s.hand(W), s.hand(B)), (22, 23, 0, 8));
    // Black's first placement breaks White's triangle: two white markers left with one
    // neighbour each are discarded.
    let steps = play(&mut s, "-7,-1");
    assert!(steps.contains(&KanshoStep::Replaced {
        cell: cell(-6, -1),
        colour: B,
        old: W
    }));
    let waves: Vec<&KanshoStep> = steps
        .iter()
        .filter(|s| matches!(s, KanshoStep::SoloWave { .. }))
        .collect();
    assert_eq!(
        waves,
        vec![&KanshoStep::SoloWave {
            index: 1,
            cells: vec![(cell(-5, -2), W), (cell(-5, -1), W)]
        }]
    );
    assert_eq!((s.on_board(W), s.on_board(B)), (19, 29));
    assert_eq!(result_display(29, 19), "Outright Victory");
    assert_eq!(s.hand(B), 2, "Black now has 2 markers in hand");
    assert_eq!(steps.last(), Some(&KanshoStep::TurnPassed { next: B, repeat: true }));

    // Two in hand at 4,0: five neighbours need a marker, one can be placed: Black chooses the
    // top-left one, 3,1.
    let before = s.clone();
    let (k, options) = s.neighbour_choice(cell(4, 0)).unwrap();
    assert_eq!(k, 1);
    assert_eq!(options.len(), 5);
    let mut moves = Vec::new();
    s.legal_moves(&mut moves);
    assert_eq!(moves.iter().filter(|m| m.centre == cell(4, 0)).count(), 5);
    let (x, y) = cell(4, 0).screen_position(1.0);
    let (tx, ty) = cell(3, 1).screen_position(1.0);
    assert!(tx < x && ty > y, "3,1 is up and to the left of 4,0");
    let steps = play(&mut s, "4,0+3,1");
    let areas: Vec<(Player, usize)> = steps
        .iter()
        .filter_map(|s| match s {
            KanshoStep::AreaDiscarded { colour, cells } => Some((*colour, cells.len())),
            _ => None,
        })
        .collect();
    assert_eq!(areas, vec![(W, 7)], "White's flower against the hole is discarded");
    // The lower section of Black's markers stays in play.
    let lower = [(5, -1), (5, -2), (5, -3), (4, -3), (3, -3), (2, -2), (2, -3), (6, -2)];
    assert_eq!(owners(&s, &lower), vec![Some(B); 8]);
    assert_eq!((s.on_board(W), s.on_board(B)), (12, 31));
    assert_eq!(
        s.status(),
        Status::Win {
            winner: B,
            reason: "domination"
        }
    );
    assert_eq!(
        steps.last(),
        Some(&KanshoStep::GameEnded {
            white: 12,
            black: 31,
            winner: Some(B),
            result: Some(Victory::Domination)
        })
    );

    // Choosing another neighbour leaves 3,1 empty and White's flower alive.
    let mut other = before;
    play(&mut other, "4,0+4,-1");
    assert_eq!((other.on_board(W), other.on_board(B)), (18, 31));
    assert_eq!(
        other.status(),
        Status::Win {
            winner: B,
            reason: "outright-victory"
        }
    );
}

// ---------------------------------------------------------------- notation

#[test]
fn notation_formats_and_parses() {
    let s = Kansho::new(&KanshoOptions::default());
    let mv = s.parse_move("3,-2").unwrap();
    assert_eq!(mv, KanshoMove::at(cell(3, -2)));
    assert_eq!(s.format_move(&mv), "3,-2");
    assert_eq!(s.parse_move("  -4,5 \n").unwrap(), KanshoMove::at(cell(-4, 5)));
    let m = s.parse_move("3,-2+3,-1+4,-2").unwrap();
    assert_eq!(m.chosen().collect::<Vec<_>>(), vec![cell(3, -1), cell(4, -2)]);
    assert_eq!(s.format_move(&m), "3,-2+3,-1+4,-2");
    assert_eq!(KanshoMove::choosing(cell(3, -2), &[cell(4, -2), cell(3, -1)]), Some(m));
    assert_eq!(KanshoMove::choosing(cell(3, -2), &[cell(5, -2)]), None);
    assert_eq!(s.format_move(&s.parse_move("03,-02").unwrap()), "3,-2");
    // Every cell with every subset of neighbours round-trips.
    for c in Cell::all() {
        let n = c.neighbours().count() as u8;
        let slots: Vec<usize> = (0..6).filter(|&k| BOARD.slots(c.index())[k] != NONE).collect();
        for sub in 0..(1u8 << n) {
            let picks = slots
                .iter()
                .enumerate()
                .filter(|(i, _)| sub >> i & 1 != 0)
                .fold(0, |a, (_, &k)| a | 1 << k);
            let mv = KanshoMove { centre: c, picks };
            let text = s.format_move(&mv);
            assert_eq!(s.parse_move(&text), Ok(mv), "{text}");
        }
    }
}

#[test]
fn notation_errors_say_what_is_wrong() {
    let s = Kansho::new(&KanshoOptions::default());
    let err = |t: &str| s.parse_move(t).unwrap_err().0;
    assert!(err("").contains("empty"));
    assert!(err("3").contains("not a cell"));
    assert!(err("a,2").contains("'a'"), "{}", err("a,2"));
    assert!(err("3,x").contains("not a whole number"));
    assert!(err("3, -2").contains("not a whole number"));
    assert!(err("99999999999,0").contains("not a whole number"));
    assert!(err("0,0").contains("hole"));
    assert!(err("1,-1").contains("hole"));
    assert!(err("11,0").contains("off the board"));
    assert!(err("3,-10+2,-10").contains("off the board"));
    assert!(err("3,-2+").contains("missing"));
    assert!(err("+3,-2").contains("start with the centre"));
    assert!(err("3,-2+5,-2").contains("not a neighbour"));
    assert!(err("3,-2+3,-2").contains("not a neighbour"));
    assert!(err("3,-2+3,-1+3,-1").contains("twice"));
    assert!(err("3,-2+4,-2+3,-1").contains("ascending"));
    assert!(err("3,-2;4,-2").contains("not a whole number"));
}

#[test]
fn illegal_reasons() {
    let mut s = Kansho::new(&KanshoOptions::default());
    play(&mut s, "4,2");
    let mv = s.parse_move("4,3").unwrap();
    assert!(!s.is_legal(&mv));
    assert_eq!(s.illegal_reason(&mv), "cell 4,3 is occupied");
    match s.clone().play(mv) {
        Err(PlayError::Illegal { notation, reason }) => {
            assert_eq!(notation, "4,3");
            assert!(reason.contains("occupied"));
        }
        other => panic!("{other:?}"),
    }
    assert!(play_text(&mut s.clone(), "0,0").is_err());
    // A hand-made move with a slot that has no neighbour (the corner 3,-10).
    let corner = KanshoMove {
        centre: cell(3, -10),
        picks: 0b100,
    };
    assert!(!s.is_legal(&corner));
    assert!(s.illegal_reason(&corner).contains("neighbour"));
    assert!(!s.is_legal(&KanshoMove {
        centre: cell(-4, 5),
        picks: 0b0100_0000
    }));
}

// ---------------------------------------------------------------- set-up

#[test]
fn from_position_rejects_impossible_positions() {
    let e = |w: &[(i32, i32)], b: &[(i32, i32)], h: [u8; 2], p| Kansho::from_coords(w, b, h, p).unwrap_err().0;
    assert!(e(&[(4, 2), (3, 2)], &[], [100, 100], W).contains("fewer than two white neighbours"));
    assert!(e(&[(0, 0)], &[], [100, 100], W).contains("not a cell"));
    assert!(e(&[(4, 2), (4, 2)], &[], [100, 100], W).contains("twice"));
    // A black triangle in the corner walled in by White.
    let black = [(3, -10), (4, -10), (3, -9)];
    let white = [(4, -9), (3, -8), (4, -8), (2, -8), (2, -9), (1, -8)];
    assert!(e(&white, &black, [100, 100], W).contains("no empty neighbour"));
    let tri = [(4, 2), (3, 2), (4, 1)];
    assert!(e(&tri, &[], [121, 100], W).contains("only 123"));
    assert!(e(&tri, &[], [0, 100], W).contains("cannot be white's turn"));
    assert!(Kansho::from_position(&[None; 10], [1, 1], W).is_err());
    let s = setup(&tri, &[], [0, 100], B);
    assert_eq!(s.discarded(W), 120);
    assert_eq!(s.hash_key(), s.compute_hash());
}

// ---------------------------------------------------------------- stages, records, hashing

/// Replays a record on a plain board as a client would, checking each step against it.
fn replay(board: &mut [Option<Player>; CELLS], steps: &[KanshoStep]) {
    for step in steps {
        match step {
            KanshoStep::Placed { cell, colour } | KanshoStep::Filled { cell, colour } => {
                assert_eq!(board[cell.index()], None, "{step:?}");
                board[cell.index()] = Some(*colour);
            }
            KanshoStep::Replaced { cell, colour, old } => {
                assert_eq!(board[cell.index()], Some(*old), "{step:?}");
                board[cell.index()] = Some(*colour);
            }
            KanshoStep::AreaDiscarded { colour, cells } => {
                assert!(!cells.is_empty());
                for c in cells {
                    assert_eq!(board[c.index()], Some(*colour), "{step:?}");
                    board[c.index()] = None;
                }
            }
            KanshoStep::SoloWave { cells, .. } => {
                assert!(!cells.is_empty());
                for (c, colour) in cells {
                    assert_eq!(board[c.index()], Some(*colour), "{step:?}");
                    board[c.index()] = None;
                }
            }
            KanshoStep::TurnPassed { .. } | KanshoStep::GameEnded { .. } => {}
        }
    }
}

#[test]
fn stages_run_one_by_one_match_apply() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut buf = Vec::new();
    for _ in 0..40 {
        let mut s = Kansho::new(&KanshoOptions::default());
        while !s.status().is_over() {
            let mv = s.random_move(&mut rng, &mut buf).unwrap();
            let mut fast = s.clone();
            fast.apply(mv);
            let mut staged = s.clone();
            let mut steps = Vec::new();
            let conserved = |k: &Kansho| {
                for p in Player::BOTH {
                    assert_eq!(
                        u32::from(k.hand(p)) + u32::from(k.on_board(p)) + u32::from(k.discarded(p)),
                        123
                    );
                }
                assert_eq!(k.hash_key(), k.compute_hash());
            };
            staged.stage_place(mv, Some(&mut steps));
            conserved(&staged);
            assert!(staged.in_progress());
            assert!(steps.iter().all(|s| matches!(
                s,
                KanshoStep::Placed { .. } | KanshoStep::Filled { .. } | KanshoStep::Replaced { .. }
            )));
            let n = steps.len();
            staged.stage_discard_surrounded(Some(&mut steps));
            conserved(&staged);
            assert!(steps[n..].iter().all(|s| matches!(s, KanshoStep::AreaDiscarded { .. })));
            let mut wave = 0;
            loop {
                let n = steps.len();
                if !staged.stage_solo_wave(Some(&mut steps)) {
                    assert_eq!(steps.len(), n);
                    break;
                }
                wave += 1;
                conserved(&staged);
                assert!(matches!(&steps[n..], [KanshoStep::SoloWave { index, .. }] if *index == wave));
            }
            staged.stage_end_turn(Some(&mut steps));
            assert!(matches!(
                steps.last(),
                Some(KanshoStep::TurnPassed { .. } | KanshoStep::GameEnded { .. })
            ));
            assert_eq!(staged, fast);
            s = fast;
        }
    }
}

#[test]
fn hash_keys_follow_positions() {
    let mut a = Kansho::new(&KanshoOptions::default());
    let mut b = a.clone();
    for t in ["4,2", "-4,-2", "-3,6"] {
        play(&mut a, t);
    }
    for t in ["-3,6", "-4,-2", "4,2"] {
        play(&mut b, t);
    }
    assert_eq!(a, b);
    assert_eq!(a.hash_key(), b.hash_key());
    let mut c = a.clone();
    play(&mut c, "0,5");
    assert_ne!(c.hash_key(), a.hash_key());
    // Side to move and hands are part of the key.
    let white = [(4, 2), (3, 2), (4, 1)];
    let x = setup(&white, &[], [100, 100], W);
    assert_ne!(x.hash_key(), setup(&white, &[], [100, 100], B).hash_key());
    assert_ne!(x.hash_key(), setup(&white, &[], [100, 99], W).hash_key());
}

#[test]
fn serde_round_trips() {
    let mut s = example_5_position();
    let steps = play(&mut s, "-7,-1");
    let json = serde_json::to_string(&s).unwrap();
    let back: Kansho = serde_json::from_str(&json).unwrap();
    assert_eq!(back, s);
    let mv = s.parse_move("4,0+3,1").unwrap();
    let back: KanshoMove = serde_json::from_str(&serde_json::to_string(&mv).unwrap()).unwrap();
    assert_eq!(back, mv);
    let back: Vec<KanshoStep> = serde_json::from_str(&serde_json::to_string(&steps).unwrap()).unwrap();
    assert_eq!(back, steps);
    // Damaged files are refused with a reason instead of loading a broken state.
    let value = serde_json::to_value(&s).unwrap();
    let damaged = |field: &str, to: serde_json::Value| {
        let mut v = value.clone();
        v[field] = to;
        serde_json::from_value::<Kansho>(v).unwrap_err().to_string()
    };
    assert!(damaged("hand", serde_json::json!([0, 9])).contains("not 123"));
    assert!(damaged("hand", serde_json::json!([0, 200])).contains("not 123"));
    let white = value["markers"][0].clone();
    assert!(damaged("markers", serde_json::json!([white, white])).contains("two markers"));
    assert!(damaged("markers", serde_json::json!([white, [0, 0, 0, u64::MAX]])).contains("off the board"));
    let mut v = value.clone();
    v["hash"] = serde_json::json!(12345);
    assert_eq!(
        serde_json::from_value::<Kansho>(v).unwrap(),
        s,
        "the stored hash is recomputed"
    );
    assert!(serde_json::from_str::<Cell>("252").is_err());
    assert_eq!(
        serde_json::from_str::<Cell>("251").unwrap(),
        Cell::from_index(251).unwrap()
    );
    let o = KanshoOptions { first: B };
    assert_eq!(
        serde_json::from_str::<KanshoOptions>(&serde_json::to_string(&o).unwrap()).unwrap(),
        o
    );
}

#[test]
fn render_shows_every_cell() {
    let mut s = Kansho::new(&KanshoOptions::default());
    play(&mut s, "4,2");
    play(&mut s, "-4,-2");
    let text = s.render();
    assert_eq!(text.lines().count(), 22);
    let rows: String = text.lines().take(21).collect();
    let count = |ch: char| rows.chars().filter(|&c| c == ch).count();
    assert_eq!(
        (count('W'), count('B'), count('.'), count('o')),
        (7, 7, 252 - 14, 7),
        "{text}"
    );
}

#[test]
fn random_move_is_uniform_over_empty_cells() {
    let mut s = Kansho::new(&KanshoOptions::default());
    play(&mut s, "4,2");
    let mut rng = ChaCha8Rng::seed_from_u64(99);
    let mut buf = Vec::new();
    let mut counts = [0u32; CELLS];
    let n = 245 * 1000;
    for _ in 0..n {
        let mv = s.random_move(&mut rng, &mut buf).unwrap();
        assert_eq!(mv.picks, 0);
        counts[mv.centre.index()] += 1;
    }
    for c in Cell::all() {
        let k = counts[c.index()];
        if s.owner(c).is_some() {
            assert_eq!(k, 0);
        } else {
            assert!((800..1200).contains(&k), "{c}: {k}");
        }
    }
}

#[test]
fn random_move_is_uniform_over_short_hand_choices() {
    let white = [(4, 2), (3, 2), (3, 3), (4, 1), (4, 3), (5, 1), (5, 2)];
    for hand in [2u8, 4] {
        let s = setup(&white, &[(-4, -2), (-3, -2), (-4, -1)], [0, hand], B);
        let mut legal = Vec::new();
        s.legal_moves(&mut legal);
        let index: std::collections::HashMap<KanshoMove, usize> =
            legal.iter().enumerate().map(|(i, m)| (*m, i)).collect();
        let mut counts = vec![0u32; legal.len()];
        let mut rng = ChaCha8Rng::seed_from_u64(u64::from(hand));
        let mut buf = Vec::new();
        let per = 20;
        let samples = per * legal.len() as u32;
        for _ in 0..samples {
            let mv = s.random_move(&mut rng, &mut buf).unwrap();
            counts[index[&mv]] += 1;
        }
        // Chi-square with L - 1 degrees of freedom stays within 6 standard deviations.
        let l = legal.len() as f64;
        let chi2: f64 = counts
            .iter()
            .map(|&c| (f64::from(c) - f64::from(per)).powi(2) / f64::from(per))
            .sum();
        assert!(
            chi2 < l + 6.0 * (2.0 * l).sqrt(),
            "hand {hand}: chi2 {chi2:.0} for {l} moves"
        );
        assert!(counts.iter().all(|&c| c > 0), "hand {hand}: every legal move is drawn");
    }
}

// ---------------------------------------------------------------- random games

/// A position as plain data, for comparing against the reference resolver.
type Plain = ([Option<Player>; CELLS], [u8; 2], [u8; 2], Player);

fn plain(s: &Kansho) -> Plain {
    let mut board = [None; CELLS];
    for c in Cell::all() {
        board[c.index()] = s.owner(c);
    }
    (
        board,
        [s.hand(W), s.hand(B)],
        [s.discarded(W), s.discarded(B)],
        s.side_to_move(),
    )
}

/// The rules read straight off the page, with full-board scans and no shortcuts: the fast
/// stages must agree with this on every move.
fn reference_apply(s: &Kansho, mv: KanshoMove) -> Plain {
    let (mut board, mut hand, mut disc, me) = plain(s);
    let them = me.other();
    let (m, t) = (me.index(), them.index());
    // 1. Place.
    board[mv.centre.index()] = Some(me);
    hand[m] -= 1;
    let needing: Vec<Cell> = mv
        .centre
        .neighbours()
        .filter(|n| board[n.index()] != Some(me))
        .collect();
    let chosen: Vec<Cell> = if needing.len() <= hand[m] as usize {
        needing
    } else {
        mv.chosen().collect()
    };
    for n in chosen {
        if board[n.index()] == Some(them) {
            disc[t] += 1;
        }
        board[n.index()] = Some(me);
        hand[m] -= 1;
    }
    // 2. Surrounded areas: the opponent's, then the mover's on the updated board.
    for p in [them, me] {
        let mut seen = [false; CELLS];
        let mut doomed = Vec::new();
        for start in Cell::all() {
            if board[start.index()] != Some(p) || seen[start.index()] {
                continue;
            }
            let mut area = vec![start];
            seen[start.index()] = true;
            let mut k = 0;
            while k < area.len() {
                for n in area[k].neighbours() {
                    if board[n.index()] == Some(p) && !seen[n.index()] {
                        seen[n.index()] = true;
                        area.push(n);
                    }
                }
                k += 1;
            }
            if !area.iter().any(|c| c.neighbours().any(|n| board[n.index()].is_none())) {
                doomed.extend(area);
            }
        }
        for c in doomed {
            board[c.index()] = None;
            disc[p.index()] += 1;
        }
    }
    // 3. Solo markers, wave after wave.
    loop {
        let solo: Vec<Cell> = Cell::all()
            .filter(|&c| {
                board[c.index()].is_some_and(|p| c.neighbours().filter(|n| board[n.index()] == Some(p)).count() <= 1)
            })
            .collect();
        if solo.is_empty() {
            break;
        }
        for c in solo {
            if let Some(p) = board[c.index()].take() {
                disc[p.index()] += 1;
            }
        }
    }
    // 4. Next turn.
    let next = if hand[t] > 0 { them } else { me };
    (board, hand, disc, next)
}

#[test]
fn random_games_keep_every_invariant() {
    let mut buf = Vec::new();
    let mut after = Vec::new();
    let mut steps = Vec::new();
    let (mut short_moves, mut repeats, mut self_captures, mut waves) = (0, 0, 0, 0);
    for seed in 0..1000u64 {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let first = if seed.is_multiple_of(2) { W } else { B };
        let mut s = Kansho::new(&KanshoOptions { first });
        let mut mirror = [None; CELLS];
        check_invariants(&s);
        while !s.status().is_over() {
            s.legal_moves(&mut buf);
            assert!(!buf.is_empty());
            assert_eq!(perft(&s, 1), buf.len() as u64);
            let full = seed.is_multiple_of(10);
            for (i, mv) in buf.iter().enumerate() {
                if full || i.is_multiple_of(37) || mv.picks != 0 {
                    let text = s.format_move(mv);
                    assert_eq!(s.parse_move(&text).as_ref(), Ok(mv), "{text}");
                    assert_eq!(
                        s.format_move(&s.parse_move(&format!(" {text} ")).unwrap()),
                        text,
                        "canonical"
                    );
                    assert_eq!(s.parse_move(&text.to_uppercase()).as_ref(), Ok(mv));
                    assert!(s.is_legal(mv), "{text}: {}", s.illegal_reason(mv));
                }
            }
            if seed < 20 && s.ply().is_multiple_of(15) {
                let mut sum = 0;
                for &mv in &buf {
                    let mut t = s.clone();
                    t.apply(mv);
                    t.legal_moves(&mut after);
                    sum += after.len() as u64;
                }
                assert_eq!(perft(&s, 2), sum);
            }
            let mv = if rng.random_bool(0.5) {
                s.random_move(&mut rng, &mut after).unwrap()
            } else {
                buf[rng.random_range(0..buf.len())]
            };
            assert!(buf.contains(&mv));
            short_moves += usize::from(mv.picks != 0);
            let mover = s.side_to_move();
            let expected = reference_apply(&s, mv);
            let mut fast = s.clone();
            fast.apply(mv);
            assert_eq!(plain(&fast), expected, "the fast stages agree with the reference");
            steps.clear();
            s.apply_recorded(mv, &mut steps);
            assert_eq!(s, fast, "apply and apply_recorded agree");
            replay(&mut mirror, &steps);
            for c in Cell::all() {
                assert_eq!(mirror[c.index()], s.owner(c), "the record rebuilds the board");
            }
            check_invariants(&s);
            repeats += count_kind(&steps, |s| matches!(s, KanshoStep::TurnPassed { repeat: true, .. }));
            self_captures += count_kind(
                &steps,
                |s| matches!(s, KanshoStep::AreaDiscarded { colour, .. } if *colour == mover),
            );
            waves += count_kind(&steps, |s| matches!(s, KanshoStep::SoloWave { index: 2.., .. }));
            assert!(s.ply() <= 246);
        }
        s.legal_moves(&mut buf);
        assert!(buf.is_empty());
        let (w, b) = (u32::from(s.on_board(W)), u32::from(s.on_board(B)));
        match s.status() {
            Status::Draw { reason } => {
                assert_eq!((reason, w), ("equal-scores", b));
            }
            Status::Win { winner, reason } => {
                assert_eq!(winner, if w > b { W } else { B });
                assert_eq!(reason, result_name(w, b));
            }
            Status::Ongoing => unreachable!(),
        }
        assert!(matches!(steps.last(), Some(KanshoStep::GameEnded { .. })));
    }
    // The random games reach every kind of event the rules have.
    assert!(short_moves > 100, "{short_moves}");
    assert!(repeats > 100, "{repeats}");
    assert!(self_captures > 0, "{self_captures}");
    assert!(waves > 0, "{waves}");
}

#[test]
fn is_legal_agrees_with_legal_moves() {
    let mut rng = ChaCha8Rng::seed_from_u64(3);
    let mut buf = Vec::new();
    let mut checked = 0;
    for _ in 0..10 {
        let mut s = Kansho::new(&KanshoOptions::default());
        while !s.status().is_over() {
            if s.hand(s.side_to_move()) <= 7 || s.ply().is_multiple_of(20) {
                s.legal_moves(&mut buf);
                let set: std::collections::HashSet<KanshoMove> = buf.iter().copied().collect();
                assert_eq!(set.len(), buf.len(), "no duplicates");
                for c in Cell::all() {
                    for picks in (0..64u8).chain([64, 128, 255]) {
                        let mv = KanshoMove { centre: c, picks };
                        assert_eq!(s.is_legal(&mv), set.contains(&mv), "{}", s.format_move(&mv));
                        if !set.contains(&mv) && c.index().is_multiple_of(16) {
                            assert_ne!(s.illegal_reason(&mv), "the move is legal");
                        }
                    }
                }
                checked += 1;
            }
            let mv = s.random_move(&mut rng, &mut buf).unwrap();
            s.apply(mv);
        }
    }
    assert!(checked > 30, "{checked}");
}

#[test]
fn random_playouts_finish() {
    let mut rng = ChaCha8Rng::seed_from_u64(11);
    let mut buf = Vec::new();
    for _ in 0..100 {
        let mut s = Kansho::new(&KanshoOptions::default());
        let (status, plies) = random_playout(&mut s, &mut rng, &mut buf, 1000);
        assert!(status.is_over());
        assert!(plies <= 246);
    }
}

#[test]
#[ignore = "timing; run with --ignored --nocapture"]
fn playout_speed() {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut buf = Vec::new();
    let start = Kansho::new(&KanshoOptions::default());
    let n = 50_000;
    let t = std::time::Instant::now();
    let mut plies = 0u64;
    for _ in 0..n {
        let mut s = start.clone();
        plies += u64::from(random_playout(&mut s, &mut rng, &mut buf, 1000).1);
    }
    let secs = t.elapsed().as_secs_f64();
    println!(
        "kansho: {n} playouts in {secs:.2}s = {:.0} playouts/s, {:.1} moves/game, {:.0} ns/move",
        n as f64 / secs,
        plies as f64 / n as f64,
        secs * 1e9 / plies as f64
    );
    // The same with a trivial generator: rand_chacha is unoptimised in the test profile, so
    // this isolates the rules' own cost.
    struct SplitMix(u64);
    impl rand::RngCore for SplitMix {
        fn next_u32(&mut self) -> u32 {
            (self.next_u64() >> 32) as u32
        }
        fn next_u64(&mut self) -> u64 {
            self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
            let mut z = self.0;
            z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
            z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
            z ^ (z >> 31)
        }
        fn fill_bytes(&mut self, dst: &mut [u8]) {
            for b in dst {
                *b = self.next_u64() as u8;
            }
        }
    }
    let mut fast = SplitMix(5);
    let t = std::time::Instant::now();
    for _ in 0..n {
        let mut s = start.clone();
        random_playout(&mut s, &mut fast, &mut buf, 1000);
    }
    println!(
        "kansho: {:.0} playouts/s with a trivial generator",
        n as f64 / t.elapsed().as_secs_f64()
    );
    let t = std::time::Instant::now();
    let mut s = start.clone();
    let mut moves = 0u64;
    for _ in 0..2000 {
        s = start.clone();
        while !s.status().is_over() {
            s.legal_moves(&mut buf);
            moves += buf.len() as u64;
            let mv = buf[rng.random_range(0..buf.len())];
            s.apply(mv);
        }
    }
    println!(
        "kansho: full legal_moves playouts {:.0}/s ({moves} moves generated)",
        2000.0 / t.elapsed().as_secs_f64()
    );
    assert!(s.status().is_over());
}

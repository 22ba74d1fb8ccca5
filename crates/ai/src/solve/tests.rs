use parlour_rules::konane::{Konane, KonaneOptions};
use parlour_rules::{Game, Player, Status};
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::*;

fn board(size: &str) -> Konane {
    Konane::new(&KonaneOptions::parse_size(size).unwrap())
}

fn small() -> SolveConfig {
    SolveConfig {
        tt_bytes: 4 << 20,
        ..SolveConfig::default()
    }
}

/// Plain exhaustive minimax with no table: `(side to move wins, plies to the end with the winner
/// shortest and the loser longest)`.
fn minimax(state: &Konane) -> (bool, u32) {
    let mut moves = Vec::new();
    state.legal_moves(&mut moves);
    if moves.is_empty() {
        let Status::Win { winner, .. } = state.status() else {
            panic!("Kōnane without moves is lost")
        };
        return (winner == state.side_to_move(), 0);
    }
    let mut best_win: Option<u32> = None;
    let mut longest_loss = 0;
    for mv in moves {
        let mut child = state.clone();
        child.apply(mv);
        let (child_wins, p) = minimax(&child);
        if child_wins {
            longest_loss = longest_loss.max(p + 1);
        } else {
            best_win = Some(best_win.map_or(p + 1, |b| b.min(p + 1)));
        }
    }
    match best_win {
        Some(p) => (true, p),
        None => (false, longest_loss),
    }
}

/// Plays the proof out: at the winner's turns a winning move that keeps the claimed length,
/// at the loser's every reply; every line must end in the winner's win after at most `plies`.
fn replay(solver: &mut Solver<Konane>, state: &Konane, winner: Player, plies: u32) -> u32 {
    let sol = solver.solve(state);
    let proven = sol.proven.expect("solved");
    assert_eq!(sol.winner, Some(winner));
    assert_eq!(proven.plies, plies);
    if state.status().is_over() {
        assert_eq!(state.status().score_for(winner), Some(1.0));
        assert_eq!(plies, 0);
        return 0;
    }
    let mut longest = 0;
    if state.side_to_move() == winner {
        assert_eq!(proven.outcome, Outcome::Win);
        assert!(!sol.winning_moves.is_empty());
        let mut kept = false;
        for text in &sol.winning_moves {
            let mut child = state.clone();
            parlour_rules::play_text(&mut child, text).unwrap();
            let c = solver.solve(&child);
            assert_eq!(c.winner, Some(winner), "{text} is claimed winning");
            if c.proven.unwrap().plies + 1 == plies && !kept {
                kept = true;
                longest = replay(solver, &child, winner, plies - 1) + 1;
            }
        }
        assert!(kept, "no winning move keeps the claimed length");
    } else {
        assert_eq!(proven.outcome, Outcome::Loss);
        assert!(sol.winning_moves.is_empty());
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        for mv in moves {
            let mut child = state.clone();
            child.apply(mv);
            let p = solver.solve(&child).proven.unwrap().plies;
            assert!(p < plies);
            longest = longest.max(replay(solver, &child, winner, p) + 1);
        }
    }
    assert_eq!(longest, plies);
    longest
}

#[test]
fn proofs_on_4x6_and_6x4_hold_against_every_reply() {
    for size in ["4x6", "6x4"] {
        let start = board(size);
        let mut solver = Solver::new(small());
        let sol = solver.solve(&start);
        let proven = sol.proven.unwrap();
        // The second player (White) wins both.
        assert_eq!(sol.winner, Some(Player::P1), "{size}");
        assert_eq!(proven.outcome, Outcome::Loss);
        assert!(sol.winning_moves.is_empty());
        assert!(proven.exact);
        assert_eq!(replay(&mut solver, &start, Player::P1, proven.plies), proven.plies);
    }
}

#[test]
fn agrees_with_plain_minimax_on_random_6x6_positions() {
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let mut solver = Solver::new(small());
    let mut buf = Vec::new();
    let mut checked = 0;
    let mut wins = 0;
    let mut ongoing = 0;
    while checked < 120 {
        let k = random_6x6(&mut rng, &mut buf);
        let (win, plies) = minimax(&k);
        let sol = solver.solve(&k);
        let proven = sol.proven.unwrap();
        assert_eq!(proven.outcome == Outcome::Win, win, "{}", k.render());
        assert_eq!(proven.plies, plies, "{}", k.render());
        let me = k.side_to_move();
        assert_eq!(sol.winner, Some(if win { me } else { me.other() }));
        // Each claimed winning move leaves the opponent lost, and every other move does not.
        let mut moves = Vec::new();
        k.legal_moves(&mut moves);
        for mv in moves {
            let mut child = k.clone();
            child.apply(mv);
            let claimed = sol.winning_moves.contains(&k.format_move(&mv));
            assert_eq!(claimed, !minimax(&child).0);
        }
        let mut sorted = sol.winning_moves.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, sol.winning_moves);
        checked += 1;
        wins += usize::from(win);
        ongoing += usize::from(!k.status().is_over());
    }
    assert!(wins > 10 && wins < 110, "both results occur: {wins} wins");
    assert!(ongoing >= 100, "{ongoing} positions still in play");
}

#[test]
fn a_budget_that_runs_out_answers_unknown() {
    let cfg = SolveConfig {
        tt_bytes: 1 << 16,
        millis: None,
        max_nodes: Some(50),
    };
    let sol = solve(&board("8x8"), &cfg);
    assert_eq!(sol.proven, None);
    assert!(sol.winning_moves.is_empty());
    assert_eq!(reply_text(&board("8x8"), &sol), "unknown");
    let timed = SolveConfig { millis: Some(0), ..cfg };
    let sol = solve(
        &board("8x8"),
        &SolveConfig {
            max_nodes: None,
            ..timed
        },
    );
    assert_eq!(sol.proven, None);
}

#[test]
fn a_finished_game_is_won_by_the_other_side() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut k = board("4x6");
    let mut buf = Vec::new();
    while let Some(mv) = k.random_move(&mut rng, &mut buf) {
        k.apply(mv);
    }
    let Status::Win { winner, .. } = k.status() else {
        panic!("Kōnane ends with a win")
    };
    assert_eq!(winner, k.side_to_move().other());
    let sol = solve(&k, &small());
    assert_eq!(sol.winner, Some(winner));
    assert_eq!(sol.proven.unwrap().outcome, Outcome::Loss);
    assert_eq!(reply_text(&k, &sol), format!("win {} 0", k.side_name(winner)));
}

#[test]
fn table_verifies_with_the_second_key() {
    use table::Fact;
    let mut t = table::Table::new(1 << 10);
    t.store(5, 7, Fact::result(true), 10);
    assert_eq!(t.probe(5, 8), None);
    assert_eq!(t.probe(5, 7).and_then(|e| e.win), Some(true));
    t.store(5, 7, Fact::exact(true, 9), 3);
    t.store(5, 7, Fact::result(true), 3);
    assert_eq!(t.probe(5, 7).and_then(|e| e.plies()), Some(9), "a known length is kept");
    // Bounds found one at a time add up to the length.
    t.store(
        1,
        2,
        Fact {
            win_lo: 7,
            ..Fact::NOTHING
        },
        3,
    );
    assert_eq!(t.probe(1, 2).and_then(|e| e.win), None);
    t.store(1, 2, Fact::within(true, 9), 3);
    assert_eq!(t.probe(1, 2).and_then(|e| e.plies()), None, "7 to 9");
    t.store(
        1,
        2,
        Fact {
            win_lo: 9,
            loss_lo: 4,
            ..Fact::NOTHING
        },
        3,
    );
    assert_eq!(t.probe(1, 2).and_then(|e| e.plies()), Some(9));
}

#[test]
fn a_full_bucket_keeps_its_dearest_result() {
    // A table of two slots: one bucket.
    let mut t = table::Table::new(1);
    use table::Fact;
    t.store(0, 1, Fact::result(true), 1_000_000);
    t.store(2, 3, Fact::result(false), 10);
    t.store(4, 5, Fact::result(false), 20);
    assert_eq!(t.probe(0, 1).and_then(|e| e.win), Some(true), "the dearest stays");
    assert_eq!(t.probe(2, 3), None, "the cheaper newcomer is displaced");
    assert_eq!(t.probe(4, 5).and_then(|e| e.win), Some(false));
    t.store(6, 7, Fact::result(true), 2_000_000);
    assert!(
        t.probe(6, 7).is_some() && t.probe(0, 1).is_some(),
        "a dearer one moves the old to the second slot"
    );
    assert_eq!(t.probe(4, 5), None);
}

#[test]
fn games_that_can_draw_are_not_searched() {
    let k = parlour_rules::kansho::Kansho::new(&Default::default());
    let sol = solve(&k, &small());
    assert_eq!(sol.proven, None);
    assert_eq!(reply_text(&k, &sol), "unknown");
}

/// A budget that proves the result but runs out while measuring its length reports a line the
/// winner can force: never shorter than the exact length, never longer than the stones left.
#[test]
fn a_length_cut_short_bounds_the_exact_one() {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut buf = Vec::new();
    let mut cut_short = 0;
    for _ in 0..40 {
        let k = random_6x6(&mut rng, &mut buf);
        let (_, exact) = minimax(&k);
        let full = solve(&k, &small());
        for share in [2, 4, 8] {
            let cfg = SolveConfig {
                max_nodes: Some(full.nodes * (share - 1) / share),
                ..small()
            };
            let Some(p) = solve(&k, &cfg).proven else { continue };
            assert!(p.plies >= exact, "{} < {exact}", p.plies);
            assert!(p.plies <= k.plies_bound().unwrap(), "{}", p.plies);
            if p.exact {
                assert_eq!(p.plies, exact);
            } else {
                cut_short += 1;
            }
        }
    }
    assert!(cut_short > 10, "only {cut_short} lengths were cut short");
}

/// A 6×6 game 19 to 25 random plies in (or ended sooner).
fn random_6x6(rng: &mut ChaCha8Rng, buf: &mut Vec<<Konane as Game>::Move>) -> Konane {
    let mut k = board("6x6");
    let target = rng.random_range(19..=25);
    while k.ply() < target {
        match k.random_move(rng, buf) {
            Some(mv) => k.apply(mv),
            None => break,
        }
    }
    k
}

#[test]
fn a_proof_is_reported_even_when_no_budget_is_left_to_measure_it() {
    let mut k = board("4x6");
    parlour_rules::play_text(&mut k, "xb3").unwrap();
    parlour_rules::play_text(&mut k, "xb4").unwrap();
    let full = solve(&k, &small());
    let winner = full.winner.expect("4x6 after xb3 xb4 is proven");
    let with = |nodes: u64| {
        solve(
            &k,
            &SolveConfig {
                max_nodes: Some(nodes),
                ..small()
            },
        )
    };
    // The fewest nodes that prove it: the proof only, nothing left for its length.
    let (mut low, mut high) = (1u64, full.nodes);
    while low < high {
        let mid = (low + high) / 2;
        if with(mid).proven.is_some() {
            high = mid
        } else {
            low = mid + 1
        }
    }
    let least = with(low);
    assert_eq!(least.winner, Some(winner));
    let p = least.proven.unwrap();
    assert!(!p.exact);
    assert_eq!(p.plies, k.plies_bound().unwrap(), "the stones left: 22");
    assert_eq!(p.plies, 22);
}

#[test]
fn a_position_and_its_half_turn_share_their_keys() {
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    for size in ["6x6", "4x8", "8x4"] {
        let mut k = board(size);
        let mut moves = Vec::new();
        let mut history = Vec::new();
        for _ in 0..8 {
            k.legal_moves(&mut moves);
            if moves.is_empty() {
                break;
            }
            let mv = moves[rng.random_range(0..moves.len())];
            history.push(k.format_move(&mv));
            k.apply(mv);
        }
        // The same position turned half round, move for move.
        let (w, h) = (k.width(), k.height());
        let turn = |text: &str| -> String {
            let cell = |c: &str| {
                let f = c.as_bytes()[0] - b'a';
                let r: u8 = c[1..].parse().unwrap();
                format!("{}{}", (b'a' + w - 1 - f) as char, h + 1 - r)
            };
            match text.strip_prefix('x') {
                Some(c) => format!("x{}", cell(c)),
                None => text.split('-').map(cell).collect::<Vec<_>>().join("-"),
            }
        };
        let mut turned = board(size);
        for m in &history {
            parlour_rules::play_text(&mut turned, &turn(m)).unwrap();
        }
        assert_ne!(turned.hash_key(), k.hash_key(), "{size}: a different position");
        assert_eq!(turned.solver_keys(), k.solver_keys(), "{size}: {history:?}");
    }
}

/// Random 6×6 positions 19 to 25 plies in: the perfect move keeps the exact result of plain
/// minimax — from a won position a move after which the opponent loses, with the shortest win
/// minimax knows; from a lost one a move that holds out as long as minimax says can be held.
/// Without a budget nothing is cut short; with half the nodes, a result that does not say it
/// was cut short (`SearchResult::cut_short`) is exactly as long and its list as complete.
#[test]
fn the_perfect_move_is_the_fastest_win_or_the_longest_loss_and_every_winning_move_is_named() {
    let mut rng = ChaCha8Rng::seed_from_u64(46);
    let mut buf = Vec::new();
    let (mut won, mut lost, mut cut) = (0, 0, 0);
    for _ in 0..40 {
        let k = random_6x6(&mut rng, &mut buf);
        if k.status().is_over() {
            continue;
        }
        let (wins, plies) = minimax(&k);
        let mut solver = Solver::new(small());
        let r = perfect::perfect_move(&k, &mut solver, None, None, true).expect("small enough to prove");
        let mv = r.best.expect("a move");
        assert!(r.proven);
        assert_eq!(r.end_in, Some(plies), "{k:?}");
        let mut child = k.clone();
        child.apply(mv);
        let (child_wins, child_plies) = minimax(&child);
        assert_eq!(child_wins, !wins, "{k:?} {mv:?}");
        assert_eq!(child_plies + 1, plies, "{k:?} {mv:?}");
        assert_eq!(r.value, if wins { 1.0 } else { 0.0 });
        // Every winning move is listed (the hint draws them all), and only those.
        let mut moves = Vec::new();
        k.legal_moves(&mut moves);
        let winning: Vec<_> = moves
            .into_iter()
            .filter(|m| {
                let mut c = k.clone();
                c.apply(*m);
                !minimax(&c).0
            })
            .collect();
        assert_eq!(r.winning, winning, "{k:?}");
        assert!(!r.cut_short, "no budget, nothing cut short: {k:?}");
        // With half the nodes: a result that says it was not cut short is as exact and as
        // complete as the unbounded one; one that was says so.
        let half = Some(r.iterations / 2);
        if let Some(h) = perfect::perfect_move(&k, &mut Solver::new(small()), None, half, true) {
            if h.cut_short {
                cut += 1;
            } else {
                assert_eq!((h.end_in, &h.winning), (Some(plies), &winning), "{k:?}");
            }
            assert!(h.proven && h.value == r.value, "{k:?}");
        }
        if wins { won += 1 } else { lost += 1 }
    }
    assert!(won >= 5 && lost >= 5, "both kinds met: {won} won, {lost} lost");
    assert!(cut > 0, "half the nodes cut some move short");
}

/// Among losing moves of equal length, the one that leaves the opponent the fewest winning
/// replies; checked against every move's own solution.
#[test]
fn a_lost_position_is_defended_by_the_hardest_longest_move() {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut buf = Vec::new();
    let mut checked = 0;
    while checked < 10 {
        let k = random_6x6(&mut rng, &mut buf);
        if k.status().is_over() || minimax(&k).0 {
            continue;
        }
        let mut solver = Solver::new(small());
        let mv = perfect::perfect_move(&k, &mut solver, None, None, true)
            .and_then(|r| r.best)
            .expect("proven");
        let mut moves = Vec::new();
        k.legal_moves(&mut moves);
        let judge = |m: <Konane as Game>::Move| {
            let mut child = k.clone();
            child.apply(m);
            let s = solve(&child, &small());
            (
                s.proven.expect("proven").plies,
                std::cmp::Reverse(s.winning_moves.len()),
            )
        };
        let best = moves.iter().map(|&m| judge(m)).max().expect("moves");
        assert_eq!(judge(mv), best, "{k:?}");
        checked += 1;
    }
}

/// The Master (its level's own configuration, with a node budget instead of a clock) on the
/// 4×6 and 6×4 boards: from every opening, the side the solver says wins always wins — against
/// random replies (4×6) and against the Master itself (both).
#[test]
fn the_master_wins_every_won_opening_on_the_small_boards() {
    use crate::{Budget, Knowledge, Level, Searcher, StopFlag};
    let mut rng = ChaCha8Rng::seed_from_u64(4);
    for size in ["4x6", "6x4"] {
        for (opening, k) in crate::solved::konane_opening_positions(size) {
            let winner = solve(&k, &small()).winner.expect("solved");
            let cfg = k.level_config(Level::Master).with_budget(Budget::iterations(2_000_000));
            // Random replies on one board, the Master against itself on both.
            for random_loser in [size == "4x6", false] {
                let mut master = Searcher::new(cfg);
                let mut g = k.clone();
                while !g.status().is_over() {
                    let mv = if random_loser && g.side_to_move() != winner {
                        g.random_move(&mut rng, &mut buf_of(&g)).expect("a move")
                    } else {
                        let r = master.search(&g, &StopFlag::new()).expect("not cancelled");
                        // (A forced move is played without a search.)
                        assert!(r.proven || r.iterations == 0, "{size}: the Master proves {g:?}: {r:?}");
                        r.best.expect("a move")
                    };
                    g.apply(mv);
                }
                assert_eq!(g.status().score_for(winner), Some(1.0), "{size} {opening}");
            }
        }
    }
}

fn buf_of(_: &Konane) -> Vec<<Konane as Game>::Move> {
    Vec::new()
}

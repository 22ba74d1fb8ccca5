use super::choose::heads_into_repetition;
use super::node::Proof;
use super::*;
use crate::config::Budget;
use crate::stop::StopFlag;
use parlour_rules::Game;
use parlour_rules::qyshinsu::{Qyshinsu, QyshinsuOptions};
use rand::SeedableRng;

/// One move before a Qyshinsu position recurs (the rules crate's repetition example):
/// `1@8` now brings back the position after ply 5, for its second occurrence.
fn before_a_repeat() -> (Qyshinsu, <Qyshinsu as Game>::Move) {
    let mut q = Qyshinsu::new(&QyshinsuOptions::default());
    for t in [
        "4@5", "3@9", "1@12", "3@1", "4@4", "1@8", "o@7", "2@6", "x@4", "x@8", "x@7", "x@6", "4@4",
    ] {
        parlour_rules::play_text(&mut q, t).unwrap();
    }
    let repeat = q.parse_move("1@8").unwrap();
    let mut after = q.clone();
    after.apply(repeat);
    assert!(after.repeats() && !q.repeats(), "the example must recur on 1@8");
    (q, repeat)
}

/// The root child for `mv` after a search with `repeat_draw` on or off: (visits, mean).
fn child_after_search(repeat_draw: bool) -> (u32, f32) {
    let (q, repeat) = before_a_repeat();
    let p = MctsParams {
        repeat_draw,
        ..MctsParams::default()
    };
    let stop = StopFlag::new();
    let limits = Limits::new(&Budget::iterations(4_000), &stop);
    let mut mcts = Mcts::new();
    let mut rng = ChaCha8Rng::seed_from_u64(9);
    mcts.search(&q, &p, &limits, &mut rng);
    let root = &mcts.nodes[0];
    let child = root
        .children()
        .map(|c| &mcts.nodes[c])
        .find(|c| c.mv == Some(repeat))
        .expect("1@8 is legal");
    (child.visits, child.mean())
}

#[test]
fn a_repeated_position_scores_exactly_a_draw_with_repeat_draw_on() {
    let (visits, mean) = child_after_search(true);
    assert!(visits > 0);
    assert_eq!(
        mean, 0.5,
        "every visit to the repeat must score a draw ({visits} visits)"
    );
    // Without it the repeat is played out like any other position.
    let (visits, mean) = child_after_search(false);
    assert!(visits > 1 && mean != 0.5, "{visits} visits, mean {mean}");
}

/// A repetition draw between the Master and plain UCT at 2.4 s (fourth session, seed 91).
const DRAWN_GAME: &str = "o@6 o@5 2@4 4@2 5@10 1@3 x@4 x@2 x@10 x@5 x@6 x@3 3@2 3@11 o@8 o@7 2@6 2@4 \
    x@6 x@4 5@6 2@1 1@3 5@4 2@9 x@11 x@8 x@7 x@6 3@11 o@8 o@7 4@6 4@10 x@6 x@10 5@6 x@11 x@8 x@7 \
    x@6 3@11 o@8 o@7 5@6 x@11 x@8";

#[test]
fn parallel_search_chooses_from_all_trees_and_leaves_each_tree_its_own_statistics() {
    let q = Qyshinsu::new(&QyshinsuOptions::default());
    let mut trees: Vec<Mcts<Qyshinsu>> = (0..3).map(|_| Mcts::new()).collect();
    let stop = StopFlag::new();
    let limits = Limits::new(&Budget::iterations(6_000), &stop);
    let p = MctsParams::default();
    let r = Mcts::search_parallel(&mut trees, &q, &p, &limits, &mut ChaCha8Rng::seed_from_u64(4), 11);
    assert_eq!(r.iterations, 6_000);
    let best = r.best.expect("a move");
    let mut total: Vec<(Option<_>, u32)> = Vec::new();
    for (i, tree) in trees.iter().enumerate() {
        let root = &tree.nodes[0];
        // Each tree did its share, and its root still adds up (nothing of the others left
        // in it): every iteration passes through the root and one of its children.
        assert_eq!(root.visits, 2_000, "tree {i}");
        let children: u32 = root.children().map(|c| tree.nodes[c].visits).sum();
        assert_eq!(children, root.visits, "tree {i}");
        for c in root.children() {
            let n = &tree.nodes[c];
            match total.iter_mut().find(|(mv, _)| *mv == n.mv) {
                Some(t) => t.1 += n.visits,
                None => total.push((n.mv, n.visits)),
            }
        }
    }
    // The trees differ (their own seeds), and the move is the most visited over all of them.
    assert_ne!(
        trees[0].nodes[0]
            .children()
            .map(|c| trees[0].nodes[c].visits)
            .collect::<Vec<_>>(),
        trees[1].nodes[0]
            .children()
            .map(|c| trees[1].nodes[c].visits)
            .collect::<Vec<_>>()
    );
    let most = total.iter().map(|t| t.1).max().unwrap();
    let chosen = total.iter().find(|t| t.0 == Some(best)).unwrap();
    assert_eq!(chosen.1, most, "{total:?}");
    // Same inputs, same result.
    let mut again: Vec<Mcts<Qyshinsu>> = (0..3).map(|_| Mcts::new()).collect();
    let r2 = Mcts::search_parallel(&mut again, &q, &p, &limits, &mut ChaCha8Rng::seed_from_u64(4), 11);
    assert_eq!((r2.best, r2.value.to_bits()), (r.best, r.value.to_bits()));
}

#[test]
fn a_tree_started_after_another_proved_the_root_still_gets_its_children() {
    // The race a parallel search can lose: the helper proves the root before this tree
    // starts. Regression: the tree did no iteration and the search returned no move.
    let q = Qyshinsu::new(&QyshinsuOptions::default());
    let stop = StopFlag::new();
    let done = AtomicBool::new(true);
    let grow = |budget: Budget| {
        let mut mcts = Mcts::new();
        let limits = Limits::new(&budget, &stop);
        let rng = &mut ChaCha8Rng::seed_from_u64(1);
        let iterations = mcts.grow(&q, &MctsParams::default(), &limits, rng, &done);
        (mcts, iterations)
    };
    let (mcts, iterations) = grow(Budget::millis(60_000));
    assert_eq!(iterations, 1, "a timed search stops for the other tree's proof");
    let mut moves = Vec::new();
    q.legal_moves(&mut moves);
    assert_eq!(mcts.nodes[0].n_children as usize, moves.len());
    let r = mcts.result(&MctsParams::default(), &mut ChaCha8Rng::seed_from_u64(1), iterations);
    assert!(r.best.is_some_and(|m| moves.contains(&m)));
    // With an iteration budget the tree does its whole share whatever the others found, so
    // the result does not depend on which thread was quicker.
    assert_eq!(grow(Budget::iterations(1_000)).1, 1_000);
}

#[test]
fn heads_into_repetition_sees_a_return_and_a_reply_that_draws() {
    let mut replies = Vec::new();
    let (q, repeat) = before_a_repeat();
    assert!(heads_into_repetition(&q, repeat, &mut replies));
    let start = Qyshinsu::new(&QyshinsuOptions::default());
    assert!(!heads_into_repetition(
        &start,
        start.parse_move("4@2").unwrap(),
        &mut replies
    ));
    // Two plies before the end of DRAWN_GAME: its last move but one lets the opponent draw.
    let moves: Vec<&str> = DRAWN_GAME.split_whitespace().collect();
    let mut g = start.clone();
    for t in &moves[..moves.len() - 2] {
        parlour_rules::play_text(&mut g, t).unwrap();
    }
    let mv = g.parse_move(moves[moves.len() - 2]).unwrap();
    let mut end = g.clone();
    end.apply(mv);
    parlour_rules::play_text(&mut end, moves[moves.len() - 1]).unwrap();
    assert!(matches!(end.status(), parlour_rules::Status::Draw { .. }));
    assert!(heads_into_repetition(&g, mv, &mut replies));
}

#[test]
fn avoid_repeat_steps_out_of_a_repetition_only_within_its_margin() {
    let mut q = Qyshinsu::new(&QyshinsuOptions::default());
    let stop = StopFlag::new();
    let limits = Limits::new(&Budget::iterations(3_000), &stop);
    let (mut stepped_out, mut stayed) = (0, 0);
    for text in DRAWN_GAME.split_whitespace() {
        let mut mcts = Mcts::new();
        mcts.search(&q, &MctsParams::default(), &limits, &mut ChaCha8Rng::seed_from_u64(9));
        let children: Vec<usize> = mcts.nodes[0].children().collect();
        let mut replies = Vec::new();
        let back: Vec<usize> = children
            .iter()
            .copied()
            .filter(|&c| heads_into_repetition(&q, mcts.nodes[c].mv.unwrap(), &mut replies))
            .collect();
        let leads_back = |c: usize| back.contains(&c);
        let open = |c: usize| mcts.nodes[c].proof != Proof::Loss;
        for &rep in children.iter().filter(|&&c| leads_back(c) && open(c)) {
            let top = &mcts.nodes[rep];
            // Any margin: a move that does not lead back is kept as it is.
            if let Some(other) = children.iter().copied().find(|&c| !leads_back(c)) {
                assert_eq!(mcts.step_out_of_repetition(other, 1.0), other);
            }
            // The widest margin: the most searched way out that is not proven lost and has
            // at least a tenth of the visits, if there is one.
            let fair = |c: usize| !leads_back(c) && open(c) && mcts.nodes[c].visits * 10 >= top.visits;
            let out = mcts.step_out_of_repetition(rep, 1.0);
            match children
                .iter()
                .copied()
                .filter(|&c| fair(c))
                .max_by_key(|&c| mcts.nodes[c].visits)
            {
                Some(best_out) => {
                    assert!(fair(out), "{text}: stepped out to a move that does not qualify");
                    assert_eq!(mcts.nodes[out].visits, mcts.nodes[best_out].visits, "{text}");
                    stepped_out += 1;
                }
                None => {
                    assert_eq!(out, rep, "{text}: no way out qualifies");
                    stayed += 1;
                }
            }
            // No margin: only a way out valued at least as highly.
            let tight = mcts.step_out_of_repetition(rep, 0.0);
            assert!(tight == rep || mcts.nodes[tight].mean() >= top.mean(), "{text}");
            // And the search's own answer with the setting on never leads back when a way out
            // qualifies.
            if fair(out) {
                let p = MctsParams {
                    avoid_repeat: 1.0,
                    ..MctsParams::default()
                };
                let r = Mcts::new().search(&q, &p, &limits, &mut ChaCha8Rng::seed_from_u64(9));
                let chosen = children.iter().copied().find(|&c| mcts.nodes[c].mv == r.best).unwrap();
                assert!(r.proven || !leads_back(chosen), "{text}: the search led back");
            }
        }
        parlour_rules::play_text(&mut q, text).unwrap();
    }
    assert!(
        stepped_out >= 3,
        "the game offers ways out ({stepped_out} taken, {stayed} not)"
    );
}

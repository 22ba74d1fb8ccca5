//! The Master's move from a table, on a small whole table (board 1's fair set with the general
//! winning at one soldier left, at most three soldiers): every answered position's choice keeps
//! its value and hurries or holds out as it should, the Master plays it through the store, and
//! a damaged file leaves the choice to the search.

use parlour_rules::soldiers::{Soldiers, SoldiersOptions};
use parlour_rules::{Game, Player, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use super::{Table, Value, file_name, store};
use crate::{Knowledge, Level, Searcher, StopFlag};

fn options() -> SoldiersOptions {
    Soldiers::parse_options(&[("variant", "board1"), ("rules", "fair"), ("threshold", "1")]).expect("options")
}

/// The value of `mv` for its mover, as the table and the rules know it.
fn result_of(table: &Table, state: &Soldiers, mv: parlour_rules::soldiers::Move) -> Value {
    let mut next = state.clone();
    next.apply(mv);
    match next.status() {
        Status::Win { winner, .. } if winner == state.side_to_move() => Value::Win(1),
        Status::Win { .. } => Value::Loss(1),
        Status::Draw { .. } => Value::Draw,
        Status::Ongoing => table.probe(&next).expect("answered").for_mover(),
    }
}

#[test]
fn the_choice_keeps_the_value_hurries_and_holds_out() {
    let o = options();
    let table = Table::build(&o, 3, 0, &mut |_, _, _| {}).expect("build");
    let layout = table.layout();
    let (mut wins, mut losses, mut draws) = (0, 0, 0);
    for (l, layer) in layout.layers.iter().enumerate() {
        for i in (0..layer.size).step_by(97) {
            let Some(state) = layout.decode(l, i).state(&o) else {
                continue;
            };
            let Some(v) = table.probe(&state) else { continue };
            let c = table.choose(&state, i).expect("a choice where the table answers");
            assert_eq!(c.value, v);
            let got = result_of(&table, &state, c.mv);
            // A lost position: any losing move (the one hardest to refute), never a quicker
            // loss at once where the game could go on.
            let kept = match (v, got) {
                (Value::Loss(_), Value::Loss(p)) => p > 1 || v == Value::Loss(1),
                _ => got == v,
            };
            assert!(kept, "{v:?} -> {got:?}\n{}", state.render());
            match v {
                Value::Win(_) => wins += 1,
                Value::Loss(_) => losses += 1,
                _ => draws += 1,
            }
        }
    }
    assert!(wins > 100 && losses > 30 && draws > 100, "{wins} {losses} {draws}");
}

#[test]
fn the_master_plays_from_the_table_and_wins_within_its_distance() {
    let o = options();
    let table = Table::build(&o, 3, 0, &mut |_, _, _| {}).expect("build");
    let dir = std::env::temp_dir().join(format!("parlour-choose-test-{}", std::process::id()));
    table.save(&dir).expect("save");
    store::set_dir(Some(dir.clone()));
    // The general's longest win of three soldiers (found by a scan); the soldiers move at random.
    let layout = table.layout();
    let (start, plies) = (0..layout.layers.len())
        .flat_map(|l| (0..layout.layers[l].size).map(move |i| (l, i)))
        .filter_map(|(l, i)| {
            let s = layout.decode(l, i).state(&o)?;
            match table.probe(&s) {
                Some(Value::Win(p)) if s.side_to_move() == Player::P1 && s.soldier_count() == 3 => Some((s, p)),
                _ => None,
            }
        })
        .max_by_key(|(_, p)| *p)
        .expect("a won position");
    assert!(plies >= 5, "{plies}");
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut buf = Vec::new();
    for game in 0..5u64 {
        let mut s = start.clone();
        let mut master = Searcher::new(s.level_config(Level::Master));
        let mut played = 0;
        while !s.status().is_over() {
            let mv = if s.side_to_move() == Player::P1 {
                let r = master.search(&s, &StopFlag::new()).expect("a move");
                s.legal_moves(&mut buf);
                let forced = buf.len() == 1;
                assert!(
                    forced || (r.proven && r.value == 1.0 && r.elapsed_ms < 1_000),
                    "game {game}: {r:?}"
                );
                r.best.expect("a move")
            } else {
                s.random_move(&mut rng, &mut buf).expect("a move")
            };
            s.apply(mv);
            played += 1;
        }
        assert!(matches!(s.status(), Status::Win { winner: Player::P1, .. }));
        assert!(played <= plies, "game {game}: {played} plies, the table's {plies}");
    }
    // A damaged file is never played from: the Master falls back to its search.
    let bad = dir.join("bad");
    std::fs::create_dir_all(&bad).expect("dir");
    let mut bytes = std::fs::read(dir.join(file_name(&o))).expect("read");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(bad.join(file_name(&o)), &bytes).expect("write");
    store::set_dir(Some(bad));
    assert!(start.table_move(1).is_none());
    store::set_dir(None);
    let _ = std::fs::remove_dir_all(&dir);
}

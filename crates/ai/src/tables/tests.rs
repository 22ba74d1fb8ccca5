//! The tables on deliberately small configurations (the general wins at one soldier left, at
//! most three soldiers on the board), so that a whole build, its check against every position's
//! successors and a comparison with the alpha-beta prover take seconds.

use parlour_rules::soldiers::{Soldiers, SoldiersOptions};
use parlour_rules::{Game, Player};

use super::{Layout, Table, TableError, Value, compare_with_prover};

fn options(text: &str) -> SoldiersOptions {
    let pairs: Vec<(&str, &str)> = text.split_whitespace().filter_map(|w| w.split_once('=')).collect();
    Soldiers::parse_options(&pairs).expect("options")
}

/// The small configurations: every capture kind, custodian on and off, the apex rule, both
/// privies and the jump boards' compulsory chains.
const SMALL: [&str; 4] = [
    "variant=board1 rules=fair threshold=1",
    "variant=board1 threshold=1",
    "variant=board2 rules=fair threshold=1",
    "variant=board4 threshold=1",
];

#[test]
fn every_index_decodes_and_encodes_back() {
    for text in SMALL {
        let layout = Layout::new(&options(text), 3, 0);
        for (l, layer) in layout.layers.iter().enumerate() {
            for i in (0..layer.size).step_by(7) {
                let pos = layout.decode(l, i);
                assert_eq!(pos.soldiers.count_ones(), layer.soldiers);
                assert_eq!(layout.encode(&pos), Some((l, i)), "{text}: layer {l} index {i}");
            }
        }
    }
}

#[test]
fn small_tables_agree_with_their_successors_and_the_prover() {
    for text in SMALL {
        let o = options(text);
        // The build checks every position against its successors before it returns.
        let table = Table::build(&o, 3, 0, &mut |_, _, _| {}).unwrap_or_else(|e| panic!("{text}: {e}"));
        let s = table.stats();
        assert!(s.wins > 0 && s.losses > 0, "{text}: {s:?}");
        let sampled = compare_with_prover(&table, 60, 2_000, 8, 76);
        assert_eq!(sampled.disagreements, Vec::<String>::new(), "{text}");
        let proven = sampled.proven;
        assert!(proven > 10, "{text}: only {proven} proven");
    }
}

#[test]
fn a_finished_or_late_position_is_not_answered() {
    let o = options(SMALL[0]);
    let table = Table::build(&o, 3, 0, &mut |_, _, _| {}).expect("build");
    let mut state = Soldiers::from_position(&o, "c3", &["a1", "e1", "a5"], Player::P1).expect("setup");
    assert!(table.probe(&state).is_some());
    // Three soldiers on the start count: beyond a top of three.
    let more = Soldiers::from_position(&o, "c3", &["a1", "e1", "a5", "e5", "b1"], Player::P1).expect("setup");
    assert_eq!(table.value(&more), None);
    // Near the no-capture limit a win is no longer sure.
    while table.probe(&state).is_some_and(|v| v != Value::Draw) && state.moves_without_capture() < 200 {
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        state.apply(moves[0]);
    }
    assert!(state.status().is_over() || table.probe(&state) == Some(Value::Draw) || table.probe(&state).is_none());
}

#[test]
fn a_table_file_reads_back_and_bad_files_are_named() {
    let o = options(SMALL[0]);
    let table = Table::build(&o, 3, 0, &mut |_, _, _| {}).expect("build");
    let dir = std::env::temp_dir().join(format!("parlour-tables-test-{}", std::process::id()));
    let path = table.save(&dir).expect("save");
    let back = Table::load(&o, &dir).expect("load");
    assert_eq!(back.stats(), table.stats());
    let state = Soldiers::from_position(&o, "c3", &["a1", "e1", "a5"], Player::P2).expect("setup");
    assert_eq!(back.probe(&state), table.probe(&state));

    // Other rules: the file under the name of the rules asked for.
    let other = options("variant=board1 threshold=1");
    std::fs::copy(&path, dir.join(super::file_name(&other))).expect("copy");
    assert!(matches!(Table::load(&other, &dir), Err(TableError::OtherRules { .. })));
    // Missing.
    let none = options("variant=board2 threshold=1");
    let e = Table::load(&none, &dir).err().expect("missing");
    assert!(matches!(e, TableError::Missing { .. }) && e.to_string().contains("no table"));
    // Corrupt: one value changed.
    let mut bytes = std::fs::read(&path).expect("read");
    let last = bytes.len() - 1;
    bytes[last] ^= 1;
    std::fs::write(&path, &bytes).expect("write");
    let e = Table::load(&o, &dir).err().expect("corrupt");
    assert!(
        matches!(e, TableError::Corrupt { .. }) && e.to_string().contains("checksum"),
        "{e}"
    );
    // Truncated.
    std::fs::write(&path, &bytes[..bytes.len() - 10]).expect("write");
    assert!(matches!(Table::load(&o, &dir), Err(TableError::Truncated { .. })));
    // Not a table at all.
    std::fs::write(&path, b"hello\n").expect("write");
    assert!(matches!(Table::load(&o, &dir), Err(TableError::Corrupt { .. })));
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn a_partial_table_proves_only_what_the_whole_one_knows() {
    let o = options(SMALL[3]);
    let whole = Table::build(&o, 3, 0, &mut |_, _, _| {}).expect("whole");
    let part = Table::build(&o, 3, 3, &mut |_, _, _| {}).expect("partial");
    assert!(whole.layout().complete() && !part.layout().complete());
    let layout = part.layout();
    let mut proven = 0;
    for (l, layer) in layout.layers.iter().enumerate() {
        for i in (0..layer.size).step_by(3) {
            let state = layout.decode(l, i).state(&o).expect("position");
            let (w, p) = (whole.probe(&state), part.probe(&state));
            match (p, w) {
                (None, _) => {}
                (Some(Value::Win(a)), Some(Value::Win(b))) | (Some(Value::Loss(a)), Some(Value::Loss(b))) => {
                    assert!(a >= b, "partial {a} plies, whole {b}");
                    proven += 1;
                }
                (p, w) => panic!("partial {p:?}, whole {w:?}"),
            }
        }
    }
    assert!(proven > 1000, "{proven}");
}

#[test]
fn a_table_grown_a_layer_at_a_time_is_the_table_built_at_once() {
    let o = options(SMALL[3]);
    let whole = Table::build(&o, 3, 0, &mut |_, _, _| {}).expect("whole");
    let grown = Table::build(&o, 2, 0, &mut |_, _, _| {})
        .and_then(|t| t.extend(3, &crate::StopFlag::new(), &mut |_, _, _| {}))
        .expect("grown");
    assert_eq!(grown.top(), 3);
    assert_eq!(grown.stats(), whole.stats());
    assert!(grown.values == whole.values);
}

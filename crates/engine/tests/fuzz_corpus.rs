//! Replays the committed `protocol` fuzz corpus (`fuzz/corpus/protocol/`) through the property
//! the fuzz target checks, on stable Rust.

#[test]
fn protocol_corpus() {
    parlour_rules::fuzzing::replay_corpus("protocol", parlour_engine::fuzzing::protocol);
}

//! Replays the committed `save` fuzz corpus (`fuzz/corpus/save/`) through the property the fuzz
//! target checks, on stable Rust.

#[test]
fn save_corpus() {
    parlour_rules::fuzzing::replay_corpus("save", parlour_saves::fuzzing::decode_any);
}

#[test]
fn settings_corpus() {
    parlour_rules::fuzzing::replay_corpus("settings", parlour_saves::settings::fuzzing::decode_any);
}

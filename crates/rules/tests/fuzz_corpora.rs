//! Replays the committed fuzz corpora (`fuzz/corpus/<target>/`, minimised with `cargo fuzz
//! cmin`) through the properties the fuzz targets check, on stable Rust, so that every input the
//! fuzzer found interesting — and every crash it found — stays a test.

use parlour_rules::fuzzing::{notation, options, replay_corpus};

#[test]
fn notation_corpus() {
    replay_corpus("notation", notation);
}

#[test]
fn options_corpus() {
    replay_corpus("options", options);
}

//! Replays the committed `wire` fuzz corpus (`fuzz/corpus/wire/`) through the property the fuzz
//! target checks, on stable Rust.

#[test]
fn wire_corpus() {
    // The crate's directory as cargo gives it when the test runs (not baked in at build time:
    // a target directory shared between two checkouts must read the one under test).
    let crate_dir = std::env::var_os("CARGO_MANIFEST_DIR").map_or_else(|| ".".into(), std::path::PathBuf::from);
    let dir = crate_dir.join("../../fuzz/corpus/wire");
    let mut files: Vec<_> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .collect();
    files.sort();
    assert!(files.len() >= 20, "only {} inputs in {}", files.len(), dir.display());
    for path in files {
        let data = std::fs::read(&path).unwrap();
        if std::panic::catch_unwind(|| parlour_online::wire::fuzzing::decode_any(&data)).is_err() {
            panic!("{} breaks the wire property", path.display());
        }
    }
}

//! Replays the committed `wire` fuzz corpus (`fuzz/corpus/wire/`) through the property the fuzz
//! target checks, on stable Rust.

#[test]
fn wire_corpus() {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../../fuzz/corpus/wire");
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

//! `parlour-engine puzzles` as a process: export prints the shipped set in seven columns,
//! generate writes puzzles that check verifies, and check refuses a corrupt file naming the line.

use std::process::Command;

const BIN: &str = env!("CARGO_BIN_EXE_parlour-engine");

fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("parlour-puzzles-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn export_prints_seven_columns() {
    let out = Command::new(BIN)
        .args(["puzzles", "export", "--game", "konane"])
        .output()
        .unwrap();
    assert!(out.status.success());
    let text = String::from_utf8(out.stdout).unwrap();
    assert!(text.lines().count() >= 150);
    for line in text.lines() {
        assert_eq!(line.split('|').count(), 7, "{line}");
        assert!(line.split('|').nth(1) == Some("konane"), "{line}");
    }
}

#[test]
fn generated_puzzles_check_and_a_corrupt_line_is_named() {
    let file = scratch("k46.txt");
    let out = Command::new(BIN)
        .args([
            "puzzles",
            "generate",
            "--game",
            "konane",
            "--options",
            "size=4x6",
            "--count",
            "3",
        ])
        .arg("--out")
        .arg(&file)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let check = |path: &std::path::Path| {
        Command::new(BIN)
            .arg("puzzles")
            .arg("check")
            .arg(path)
            .output()
            .unwrap()
    };
    let ok = check(&file);
    assert!(ok.status.success());
    assert_eq!(String::from_utf8_lossy(&ok.stdout).trim(), "3 puzzles verified");
    let text = std::fs::read_to_string(&file).unwrap();
    let mut lines: Vec<String> = text.lines().map(str::to_string).collect();
    lines[1] = lines[1].replacen("|konane|", "|konane|size=4x6 nonsense|", 1);
    let bad = scratch("bad.txt");
    std::fs::write(&bad, lines.join("\n")).unwrap();
    let refused = check(&bad);
    assert_eq!(refused.status.code(), Some(1));
    let err = String::from_utf8_lossy(&refused.stderr);
    assert!(err.contains("line 2 of the puzzle file is refused"), "{err}");
    let _ = std::fs::remove_dir_all(file.parent().unwrap());
}

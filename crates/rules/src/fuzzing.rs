//! The properties the fuzz targets check (`fuzz/`, `cargo fuzz run notation|options`), kept
//! here so that `./test.sh` replays the committed corpora through the same code on stable Rust
//! (`tests/fuzz_corpora.rs`). Each takes the fuzzer's raw bytes and panics on a broken
//! property: a panic inside the rules, an error that is not a sentence, a refused input that
//! changed the position, a move or option set that does not survive its own notation.

use crate::game::{Game, play_text, split_pairs};
use crate::registry::GameId;

/// True when `message` reads as a sentence for a person: not empty; on one line and without a
/// Rust debug form (`Some(…)`, `{ … }`) unless the input itself has them (a message
/// may quote what it refuses); not much longer than what it quotes.
pub fn is_sentence(message: &str, input: &str) -> bool {
    let foreign = |piece: &str| message.contains(piece) && !input.contains(piece);
    !message.trim().is_empty()
        && !foreign("\n")
        && message.len() < 1000 + 4 * input.len()
        && !["Some(", "None", "Err(", "Ok(", "{ "].into_iter().any(foreign)
}

/// The directory of the crate whose tests are running: cargo sets `CARGO_MANIFEST_DIR` when it
/// runs them (read at run time, not baked in when this crate was compiled, so a target
/// directory shared between two checkouts still reads the corpus of the checkout under test).
pub fn crate_dir() -> std::path::PathBuf {
    std::env::var_os("CARGO_MANIFEST_DIR")
        .map(std::path::PathBuf::from)
        .or_else(|| std::env::current_dir().ok())
        .unwrap_or_default()
}

/// Runs every input of the committed corpus `fuzz/corpus/<target>/` through `property` (the
/// corpus replay tests of each crate), naming the first input that breaks it. Panics when the
/// corpus is missing or has fewer than 20 inputs (a corpus lost by accident).
pub fn replay_corpus(target: &str, property: fn(&[u8])) {
    let dir = crate_dir().join("../../fuzz/corpus").join(target);
    let mut files: Vec<std::path::PathBuf> = std::fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .filter_map(|e| e.ok().map(|e| e.path()))
        .filter(|p| p.is_file())
        .collect();
    files.sort();
    assert!(files.len() >= 20, "only {} inputs in {}", files.len(), dir.display());
    for path in files {
        let data = std::fs::read(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
        if std::panic::catch_unwind(|| property(&data)).is_err() {
            panic!("{} breaks the {target} property", path.display());
        }
    }
}

/// The game a fuzz input is about: its first byte picks one of the nine game-and-variant
/// starts; the options of the rest are passed as they are.
fn pick_game(selector: u8, f: &mut dyn FnMut(GameId, &[&str])) {
    match selector % 9 {
        0 => f(GameId::Kansho, &[]),
        1 => f(GameId::Konane, &["size=6x6"]),
        2 => f(GameId::ConHex, &[]),
        3 => f(GameId::Qyshinsu, &[]),
        4 => f(GameId::Soldiers, &["variant=board1"]),
        5 => f(GameId::Soldiers, &["variant=board2", "custodian=off"]),
        6 => f(GameId::Soldiers, &["variant=board3"]),
        7 => f(GameId::Soldiers, &["variant=board4", "compulsory=off", "chain=off"]),
        _ => f(GameId::Soldiers, &["variant=monk"]),
    }
}

/// Move notation and `play_text`: `data` is `[game, n, b1 … bn, text…]`; the n bytes choose
/// the moves of a position (each the legal move at that index, modulo their number), then the
/// text is parsed and played there.
pub fn notation(data: &[u8]) {
    let [selector, n, rest @ ..] = data else { return };
    let n = (*n as usize).min(rest.len()).min(120);
    let (path, text) = rest.split_at(n);
    let text = String::from_utf8_lossy(text);
    pick_game(
        *selector,
        &mut |id, options| crate::with_game!(id, G => check_notation::<G>(options, path, &text)),
    );
}

fn check_notation<G: Game>(options: &[&str], path: &[u8], text: &str) {
    let pairs = split_pairs(options).expect("the fuzz options are pairs");
    let mut state = G::new(&G::parse_options(&pairs).expect("the fuzz options are valid"));
    let mut buf = Vec::new();
    for &b in path {
        state.legal_moves(&mut buf);
        if buf.is_empty() {
            break;
        }
        state.apply(buf[b as usize % buf.len()]);
    }
    let before = serde_json::to_string(&state).expect("states serialize");
    match state.parse_move(text) {
        Ok(mv) => {
            // Whatever parses prints, and what it prints parses to the same move.
            let printed = state.format_move(&mv);
            assert_eq!(
                state.parse_move(&printed).ok(),
                Some(mv),
                "{text:?} printed as {printed:?}"
            );
            if !state.is_legal(&mv) {
                let why = state.illegal_reason(&mv);
                assert!(is_sentence(&why, text), "illegal reason {why:?}");
            }
        }
        Err(e) => assert!(is_sentence(&e.to_string(), text), "notation error {e:?} for {text:?}"),
    }
    let mut played = state.clone();
    match play_text(&mut played, text) {
        Ok(mv) => {
            assert_eq!(played.ply(), state.ply() + 1);
            assert!(state.is_legal(&mv));
        }
        Err(e) => {
            assert!(is_sentence(&e.to_string(), text), "play error {e:?} for {text:?}");
            let after = serde_json::to_string(&played).expect("states serialize");
            assert_eq!(before, after, "a refused move {text:?} changed the position");
        }
    }
}

/// The `key=value` options: `data` is `[game, text…]`, the text split into words as the engine
/// and the command line split it. Accepted options print as pairs that parse to the same
/// options and start a game; refused ones say why in a sentence.
pub fn options(data: &[u8]) {
    let [selector, rest @ ..] = data else { return };
    let text = String::from_utf8_lossy(rest);
    let words: Vec<&str> = text.split_whitespace().collect();
    let id = GameId::ALL[*selector as usize % 5];
    crate::with_game!(id, G => check_options::<G>(&words, &text));
}

fn check_options<G: Game>(words: &[&str], text: &str) {
    let pairs = match split_pairs(words) {
        Ok(p) => p,
        Err(e) => {
            assert!(is_sentence(&e.to_string(), text), "{e:?}");
            return;
        }
    };
    match G::parse_options(&pairs) {
        Ok(o) => {
            let printed = G::option_pairs(&o);
            let back: Vec<(&str, &str)> = printed.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
            assert_eq!(
                G::parse_options(&back).ok().as_ref(),
                Some(&o),
                "{printed:?} from {text:?}"
            );
            let start = G::new(&o);
            let mut buf = Vec::new();
            start.legal_moves(&mut buf);
            assert!(
                !buf.is_empty() || start.status().is_over(),
                "a start without moves from {text:?}"
            );
        }
        Err(e) => assert!(is_sentence(&e.to_string(), text), "options error {e:?} for {text:?}"),
    }
}

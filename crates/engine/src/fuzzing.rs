//! The property the `protocol` fuzz target checks (`fuzz/`, `cargo fuzz run protocol`), kept
//! here so that `./test.sh` replays the committed corpus through the same code on stable Rust
//! (`tests/fuzz_corpus.rs`): any lines, in any game state, get one framed reply each; a refused
//! line says why in a sentence and changes nothing.

use parlour_rules::fuzzing::is_sentence;

use crate::protocol::{Engine, Reply};

/// The longest a fuzzed `genmove` may think.
const SEARCH_CAP_MS: u64 = 5;
/// The most positions a fuzzed `perft` may play.
const PERFT_POSITIONS: u64 = 20_000;

/// What a refused line must leave as it was.
fn snapshot(engine: &mut Engine) -> Vec<Reply> {
    ["status", "history", "show", "legal"].map(|c| engine.handle(c)).into()
}

/// Feeds `data`, split into lines (at most 16), to a fresh engine, one line at a time.
pub fn protocol(data: &[u8]) {
    let text = String::from_utf8_lossy(data);
    let mut engine = Engine::with_limits(SEARCH_CAP_MS, PERFT_POSITIONS);
    for line in text.split('\n').take(16) {
        let before = snapshot(&mut engine);
        let reply = engine.handle(line);
        match &reply {
            Reply::Silent => assert!(line.trim().is_empty() || line.trim().starts_with('#'), "{line:?}"),
            Reply::Ok(body) => {
                let framed = reply.framed().expect("a reply");
                assert!(framed.starts_with("= ") && framed.ends_with("\n\n"), "{framed:?}");
                assert!(!body.contains("\n\n"), "an empty line inside a reply to {line:?}");
            }
            Reply::Err(body) => {
                assert!(is_sentence(body, line.trim()), "error {body:?} for {line:?}");
                assert!(
                    snapshot(&mut engine) == before,
                    "the refused line {line:?} changed the game"
                );
            }
            Reply::Quit => return,
        }
    }
}

//! The property the `save` fuzz target checks (`fuzz/`, `cargo fuzz run save`), kept here so
//! that `./test.sh` replays the committed corpus through it on stable Rust.

use serde_json::Value;

use crate::decode::decode;
use crate::error::LoadError;
use crate::format::seal;

fn check(bytes: &[u8]) {
    match decode(bytes) {
        Ok(save) => {
            // A save that loads writes itself out as a file that loads to the same save.
            let again = decode(save.encode().as_bytes());
            assert_eq!(
                again.as_ref(),
                Ok(&save),
                "a loaded save does not survive its own encoding"
            );
        }
        Err(e) => {
            let text = e.to_string();
            let input = String::from_utf8_lossy(bytes);
            // The sentence may quote a move or an option from the file, never more.
            assert!(
                parlour_rules::fuzzing::is_sentence(&text, &input) || matches!(e, LoadError::BadHistory { .. }),
                "{e:?}"
            );
            assert!(text.ends_with('.') && text.len() < 2000, "{text:?}");
        }
    }
}

/// Decodes `data` as a save file; and when it is a JSON object, decodes it again with a
/// correct checksum, so that the checks behind the checksum (game, options, players, the
/// replayed history) meet the fuzzer's inputs too.
pub fn decode_any(data: &[u8]) {
    check(data);
    if let Ok(Value::Object(obj)) = serde_json::from_slice::<Value>(data) {
        check(seal(obj).as_bytes());
    }
}

//! Shared by the engine's protocol tests: one command's answer, expected to succeed or to fail.

#![allow(dead_code)]

use parlour_engine::protocol::{Engine, Reply};

/// The text of `line`'s `=` answer; panics on anything else.
pub fn ok(engine: &mut Engine, line: &str) -> String {
    match engine.handle(line) {
        Reply::Ok(text) => text,
        other => panic!("'{line}' should succeed, got {other:?}"),
    }
}

/// The text of `line`'s `?` answer; panics on anything else.
pub fn err(engine: &mut Engine, line: &str) -> String {
    match engine.handle(line) {
        Reply::Err(text) => text,
        other => panic!("'{line}' should fail, got {other:?}"),
    }
}

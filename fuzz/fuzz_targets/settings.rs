//! Fuzz target: see `parlour_saves::settings::fuzzing::decode_any`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| parlour_saves::settings::fuzzing::decode_any(data));

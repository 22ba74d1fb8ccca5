//! Fuzz target: see `parlour_online::wire::fuzzing::decode_any`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| parlour_online::wire::fuzzing::decode_any(data));

//! Fuzz target: see `parlour_engine::fuzzing::protocol`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| parlour_engine::fuzzing::protocol(data));

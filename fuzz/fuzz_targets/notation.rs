//! Fuzz target: see `parlour_rules::fuzzing::notation`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| parlour_rules::fuzzing::notation(data));

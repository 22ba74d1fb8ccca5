//! Fuzz target: see `parlour_rules::fuzzing::options`.
#![no_main]

libfuzzer_sys::fuzz_target!(|data: &[u8]| parlour_rules::fuzzing::options(data));

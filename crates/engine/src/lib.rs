//! parlour-engine: Parlour's rules and AI behind a text protocol (modelled on GTP), plus
//! benchmarks and AI-versus-AI matches. No Bevy, so it builds in seconds.

pub mod bench;
pub mod matches;
pub mod protocol;
pub mod session;

//! Qyshinsu's (empty) options and the other names it answers to.

use serde::{Deserialize, Serialize};

/// Other names this game answers to wherever a game is named by text (the seed's spelling).
pub const ALIASES: &[&str] = &["qushinsu"];

/// Qyshinsu has no options.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QyshinsuOptions {}

//! ConHex's one option: whether Red may swap.

use serde::{Deserialize, Serialize};

/// The options of a ConHex game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct ConHexOptions {
    /// Whether Red may `swap` on its first turn.
    pub swap: bool,
}

impl Default for ConHexOptions {
    fn default() -> Self {
        ConHexOptions { swap: true }
    }
}

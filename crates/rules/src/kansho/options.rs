//! Kansho's options: who places the first marker.

use serde::{Deserialize, Serialize};

use crate::game::{OptionSpec, Player};

/// Options of a Kansho game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct KanshoOptions {
    /// Who places the first marker (White by default).
    pub first: Player,
}

impl Default for KanshoOptions {
    fn default() -> Self {
        KanshoOptions { first: Player::P1 }
    }
}

pub(super) const OPTION_SPECS: &[OptionSpec] = &[OptionSpec {
    key: "first",
    values: &["white", "black"],
    default: "white",
    help: "Which side places the first marker; the rule book says there is no advantage and players may draw lots.",
}];

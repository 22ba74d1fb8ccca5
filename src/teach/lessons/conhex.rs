//! ConHex's walkthrough: pegs in holes, and a cell claimed.

use super::script::{Lesson, Step};
use parlour_rules::GameId;

pub(super) const CONHEX: Lesson = Lesson {
    game: GameId::ConHex,
    options: &[("swap", "off")],
    steps: &[
        Step {
            start: None,
            moves: "",
            say: "ConHex: Blue joins the north and south edges, Red the west and east, with a chain of cells \
                  they own. Pegs go in the holes at the cells' corners.",
        },
        Step {
            start: None,
            moves: "H5 I2",
            say: "Each turn a player puts one peg in any empty hole.",
        },
        Step {
            start: None,
            moves: "B6 J3",
            say: "A cell becomes yours when you are first to hold half of its holes (rounded up): Red's pegs \
                  at I2 and J3 claim the edge cell between them, and it takes Red's colour for good.",
        },
        Step {
            start: None,
            moves: "",
            say: "The first to join their two edges with a chain of owned cells wins at once; a corner cell \
                  counts for both of its sides. With swap on, Red may take over Blue's first peg instead of \
                  answering it.",
        },
    ],
};

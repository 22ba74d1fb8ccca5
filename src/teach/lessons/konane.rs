//! Kōnane's walkthrough: the opening lifts, then jumps and a double jump.

use super::script::{Lesson, Step};
use parlour_rules::GameId;

pub(super) const KONANE: Lesson = Lesson {
    game: GameId::Konane,
    options: &[],
    steps: &[
        Step {
            start: None,
            moves: "",
            say: "Kōnane is Hawaiian checkers: the board starts full, black lava and white coral stones \
                  alternating. Black moves first.",
        },
        Step {
            start: None,
            moves: "xd5",
            say: "Black opens by lifting one of its own stones from the centre or a corner.",
        },
        Step {
            start: None,
            moves: "xe5",
            say: "White lifts one of its own stones next to the hole Black made.",
        },
        Step {
            start: None,
            moves: "d3-d5",
            say: "From now on every move is a capture: Black's stone on d3 jumps the white stone on d4 into \
                  the empty d5, and the jumped stone leaves the board.",
        },
        Step {
            start: None,
            moves: "g5-e5 f3-d3 b4-d4",
            say: "Jumps go straight along a row or a column, never diagonally, always over one enemy stone \
                  into an empty square.",
        },
        Step {
            start: None,
            moves: "f1-f3-f5",
            say: "A stone may go on jumping in the same direction: Black's f1 jumps twice, to f3 and on to f5, \
                  taking two white stones. It may stop after any jump.",
        },
        Step {
            start: None,
            moves: "",
            say: "There is no passing: whoever has no jump on their turn loses.",
        },
    ],
};

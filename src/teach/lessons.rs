//! The walkthroughs' scripts: for each game, steps of real moves from the start position, each
//! with what it shows in words. The moves are the rule pages' notation; a test plays every step
//! through the rules and checks what each step says happens does happen (a capture, a cell
//! claimed, markers discarded, the reply's positions).

/// One step: the moves it plays (none for a step that only explains) and what to read.
pub struct Step {
    /// Moves in notation, separated by spaces, played with their animations.
    pub moves: &'static str,
    /// The explanation shown with the step.
    pub say: &'static str,
}

/// A game's walkthrough.
pub struct Lesson {
    /// Engine id.
    pub game: &'static str,
    /// Options it is played with.
    pub options: &'static [(&'static str, &'static str)],
    /// The steps, in order.
    pub steps: &'static [Step],
}

const KANSHO: Lesson = Lesson {
    game: "kansho",
    options: &[],
    steps: &[
        Step {
            moves: "",
            say: "Kansho is played on a hexagonal board with a hole in the middle. Each side starts with 123 \
                  markers in hand; White moves first. Press Next to watch the first moves.",
        },
        Step {
            moves: "-4,-4",
            say: "White places a marker on an empty cell. Every empty neighbour is filled with White's markers \
                  too, paid from White's hand: seven markers in all.",
        },
        Step {
            moves: "-6,-3",
            say: "Black places beside them. Black's empty neighbours fill with Black, and the White markers next \
                  to the new one are replaced by Black's: two of White's go to the box under the board.",
        },
        Step {
            moves: "-6,-1",
            say: "White closes in. An area of Black's markers with no empty neighbour left — only White's \
                  markers and the edge around it — is discarded into the box; then any marker with at most \
                  one neighbour of its own colour leaves too, wave after wave.",
        },
        Step {
            moves: "",
            say: "Play goes on until both hands are empty (a side with markers left keeps moving). Whoever \
                  has more markers on the board at the end wins.",
        },
    ],
};

const KONANE: Lesson = Lesson {
    game: "konane",
    options: &[],
    steps: &[
        Step {
            moves: "",
            say: "Kōnane is Hawaiian checkers: the board starts full, black lava and white coral stones \
                  alternating. Black moves first.",
        },
        Step {
            moves: "xd5",
            say: "Black opens by lifting one of its own stones from the centre or a corner.",
        },
        Step {
            moves: "xe5",
            say: "White lifts one of its own stones next to the hole Black made.",
        },
        Step {
            moves: "d3-d5",
            say: "From now on every move is a capture: Black's stone on d3 jumps the white stone on d4 into \
                  the empty d5, and the jumped stone leaves the board.",
        },
        Step {
            moves: "g5-e5 f3-d3 b4-d4",
            say: "Jumps go straight along a row or a column, never diagonally, always over one enemy stone \
                  into an empty square.",
        },
        Step {
            moves: "f1-f3-f5",
            say: "A stone may go on jumping in the same direction: Black's f1 jumps twice, to f3 and on to f5, \
                  taking two white stones. It may stop after any jump.",
        },
        Step {
            moves: "",
            say: "There is no passing: whoever has no jump on their turn loses.",
        },
    ],
};

const CONHEX: Lesson = Lesson {
    game: "conhex",
    options: &[("swap", "off")],
    steps: &[
        Step {
            moves: "",
            say: "ConHex: Blue joins the north and south edges, Red the west and east, with a chain of cells \
                  they own. Pegs go in the holes at the cells' corners.",
        },
        Step {
            moves: "H5 I2",
            say: "Each turn a player puts one peg in any empty hole.",
        },
        Step {
            moves: "B6 J3",
            say: "A cell becomes yours when you are first to hold half of its holes (rounded up): Red's pegs \
                  at I2 and J3 claim the edge cell between them, and it takes Red's colour for good.",
        },
        Step {
            moves: "",
            say: "The first to join their two edges with a chain of owned cells wins at once; a corner cell \
                  counts for both of its sides. With swap on, Red may take over Blue's first peg instead of \
                  answering it.",
        },
    ],
};

const QYSHINSU: Lesson = Lesson {
    game: "qyshinsu",
    options: &[],
    steps: &[
        Step {
            moves: "",
            say: "Qyshinsu is played on a ring of twelve positions. Each side holds stones numbered 1 to 5 \
                  and an Old Stone; Black begins anywhere.",
        },
        Step {
            moves: "4@2",
            say: "Black adds a 4-stone at position 2. The stone's number is the rule for the reply: Red must \
                  act four positions away, at 6 or at 10.",
        },
        Step {
            moves: "1@6",
            say: "Red adds a 1-stone at 6, so Black must act one position away: at 5 or 7.",
        },
        Step {
            moves: "o@7",
            say: "Black adds the Old Stone at 7. An Old Stone added sends the reply to the nearest empty \
                  position: Red must add at 8.",
        },
        Step {
            moves: "",
            say: "Instead of adding, a player may take back one of their own stones where the rule points. At \
                  most two stones of a kind may be on the ring, and you may not put back the kind you just \
                  took from the same place. Whoever cannot move loses.",
        },
    ],
};

const SOLDIERS_INTERVENTION: Lesson = Lesson {
    game: "soldiers",
    options: &[("variant", "board1")],
    steps: &[
        Step {
            moves: "",
            say: "Sixteen Soldiers: one general against sixteen soldiers. Every piece steps along a line to a \
                  neighbouring empty point. The triangle at the top is the privy: soldiers may never enter it.",
        },
        Step {
            moves: "c3-d3 c5-c4 d3-c3 b5-b4",
            say: "The general moves first; the soldiers close in around him.",
        },
        Step {
            moves: "c3-d4",
            say: "On this board the general captures by intervention: stepping onto a point between two \
                  soldiers on one line takes both of them.",
        },
        Step {
            moves: "",
            say: "The general wins when few enough soldiers are left; the soldiers win by catching him \
                  between two of them, by pinning him so he cannot move, or by shutting him in the privy.",
        },
    ],
};

const SOLDIERS_JUMP: Lesson = Lesson {
    game: "soldiers",
    options: &[("variant", "board3")],
    steps: &[
        Step {
            moves: "",
            say: "Sixteen Soldiers on board 3: one general against twenty-four soldiers, who move first. Every \
                  piece steps along a line to a neighbouring empty point.",
        },
        Step {
            moves: "d4-e4",
            say: "A soldier steps aside…",
        },
        Step {
            moves: "c5-e5-e3",
            say: "…and the general captures by jumping, as in draughts: over a soldier to the empty point \
                  beyond, and on from there — two soldiers in one move.",
        },
        Step {
            moves: "",
            say: "The general wins when only six soldiers are left; the soldiers win by pinning him so he \
                  cannot move.",
        },
    ],
};

/// The walkthrough for a game and its options (Sixteen Soldiers: by how the board captures).
pub fn lesson(game: &str, options: &[(String, String)]) -> &'static Lesson {
    let variant = options.iter().find(|(k, _)| k == "variant").map(|(_, v)| v.as_str());
    match game {
        "kansho" => &KANSHO,
        "konane" => &KONANE,
        "conhex" => &CONHEX,
        "qyshinsu" => &QYSHINSU,
        _ if matches!(variant, Some("board3" | "board4")) => &SOLDIERS_JUMP,
        _ => &SOLDIERS_INTERVENTION,
    }
}

/// Every walkthrough.
#[cfg(test)]
const ALL: [&Lesson; 6] = [
    &KANSHO,
    &KONANE,
    &CONHEX,
    &QYSHINSU,
    &SOLDIERS_INTERVENTION,
    &SOLDIERS_JUMP,
];

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{Setup, new_match};
    use parlour_rules::Counter;

    fn value(counters: &[Counter], label: &str) -> i64 {
        counters
            .iter()
            .find(|c| c.label == label)
            .map(|c| c.value)
            .unwrap_or_else(|| panic!("no counter {label}"))
    }

    /// Every step's moves are legal in turn, and each step does what it says.
    #[test]
    fn every_walkthrough_plays_and_shows_what_it_says() {
        for lesson in ALL {
            let setup = Setup {
                game: lesson.game.into(),
                options: lesson
                    .options
                    .iter()
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .collect(),
                seats: [None, None],
            };
            let mut m = new_match(&setup).expect("starts");
            let mut said = Vec::new();
            for step in lesson.steps {
                let before = m.counters();
                for text in step.moves.split_whitespace() {
                    let tokens = m.parse(text).unwrap_or_else(|e| panic!("{}: {text}: {e}", lesson.game));
                    assert!(m.play_now(&tokens), "{}: {text} is not legal here", lesson.game);
                }
                said.push((step.moves, before, m.counters()));
                assert!(!m.status().is_over(), "{}: the walkthrough ends the game", lesson.game);
            }
            let step = |moves: &str| said.iter().find(|(m, _, _)| *m == moves).expect("a step");
            match (lesson.game, lesson.options) {
                ("kansho", _) => {
                    let (_, b, a) = step("-4,-4");
                    assert_eq!(value(a, "white on board") - value(b, "white on board"), 7);
                    let (_, b, a) = step("-6,-3");
                    assert_eq!(value(b, "white on board") - value(a, "white on board"), 2);
                    let (_, b, a) = step("-6,-1");
                    assert!(value(a, "black discarded") > value(b, "black discarded"));
                }
                ("konane", _) => {
                    let (_, b, a) = step("f1-f3-f5");
                    assert_eq!(value(a, "captured by black") - value(b, "captured by black"), 2);
                }
                ("conhex", _) => {
                    let (_, b, a) = step("B6 J3");
                    assert_eq!(value(a, "red cells") - value(b, "red cells"), 1);
                }
                ("qyshinsu", _) => {
                    let mut m = new_match(&setup).expect("starts");
                    let tokens = m.parse("4@2").expect("parses");
                    assert!(m.play_now(&tokens));
                    // Red may only act at 6 or 10.
                    for p in 1..=12 {
                        let legal = m.parse(&format!("1@{p}")).is_ok_and(|t| m.candidates(&t).complete);
                        assert_eq!(legal, p == 6 || p == 10, "1@{p}");
                    }
                }
                (_, [(_, "board1")]) => {
                    let (_, b, a) = step("c3-d4");
                    assert_eq!(value(a, "captured") - value(b, "captured"), 2);
                }
                _ => {
                    let (_, b, a) = step("c5-e5-e3");
                    assert_eq!(value(a, "captured") - value(b, "captured"), 2);
                }
            }
        }
    }
}

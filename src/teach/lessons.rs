//! The walkthroughs' scripts: for each game, steps of real moves, each with what it shows in
//! words, played from the start position or from a position a step sets up (the rule books'
//! worked examples, which no short line of moves from the start reaches). The moves are the
//! rule pages' notation; a test plays every step through the rules and checks what each step
//! says happens does happen (a capture, a cell claimed, markers discarded, the reply's
//! positions), and that Back shows exactly the position Next left.

use crate::games::{AnyMatch, Setup, match_from_moves, match_from_position};

/// Where a step starts when it does not go on from the step before.
#[derive(Clone, Copy, Debug)]
pub enum Start {
    /// Real moves from the start position, played at once (no animation): the move list
    /// shows how the position came about, and the game saves and loads as any other.
    Moves(&'static str),
    /// A position set up directly, in the game's position text (see
    /// [`crate::games::ClientGame::from_position_text`]).
    Position(&'static str),
}

/// One step: where it starts, the moves it plays (none for a step that only explains or only
/// sets up) and what to read.
pub struct Step {
    /// `None` to go on from the step before; otherwise the position the step starts from.
    pub start: Option<Start>,
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

impl Lesson {
    /// The game and options the walkthrough is played with, both seats people.
    pub fn setup(&self) -> Setup {
        Setup {
            game: self.game.to_string(),
            options: self
                .options
                .iter()
                .map(|(k, v)| (k.to_string(), v.to_string()))
                .collect(),
            seats: [None, None],
        }
    }
}

/// Plays `moves` (notation, separated by spaces) on `m` at once.
fn play(m: &mut dyn AnyMatch, moves: &str) -> Result<(), String> {
    for text in moves.split_whitespace() {
        let tokens = m.parse(text).map_err(|e| format!("{text}: {e}"))?;
        if !m.play_now(&tokens) {
            return Err(format!("{text} is not legal here"));
        }
    }
    Ok(())
}

/// The match at step `k` of `lesson`: from the position set up by the last step at or before
/// `k` that has a [`Start`] (the start position if none has), with the moves of the steps from
/// there up to `k` played at once — `k`'s own moves too when `played`. Next into a step with a
/// start shows `match_at(k, false)` and then animates the step's moves; Back shows
/// `match_at(k - 1, true)`, the very position Next had left there.
pub fn match_at(lesson: &Lesson, k: usize, played: bool) -> Result<Box<dyn AnyMatch>, String> {
    let steps = &lesson.steps[..=k];
    let from = steps.iter().rposition(|s| s.start.is_some()).unwrap_or(0);
    let setup = lesson.setup();
    let mut m = match steps[from].start {
        None => match_from_moves(&setup, "")?,
        Some(Start::Moves(moves)) => match_from_moves(&setup, moves)?,
        Some(Start::Position(text)) => match_from_position(&setup, text)?,
    };
    let upto = if played { k + 1 } else { k };
    for step in &lesson.steps[from..upto] {
        play(m.as_mut(), step.moves)?;
    }
    Ok(m)
}

const KANSHO: Lesson = Lesson {
    game: "kansho",
    options: &[],
    steps: &[
        Step {
            start: None,
            moves: "",
            say: "Kansho is played on a hexagonal board with a hole in the middle. Each side starts with 123 \
                  markers in hand; White moves first. Press Next to watch the first moves.",
        },
        Step {
            start: None,
            moves: "-4,-4",
            say: "White places a marker on an empty cell. Every empty neighbour is filled with White's markers \
                  too, paid from White's hand: seven markers in all.",
        },
        Step {
            start: None,
            moves: "-6,-3",
            say: "Black places beside them. Black's empty neighbours fill with Black, and the White markers next \
                  to the new one are replaced by Black's: two of White's go to the box under the board.",
        },
        Step {
            start: None,
            moves: "-6,-1",
            say: "White closes in. An area of Black's markers with no empty neighbour left — only White's \
                  markers and the edge around it — is discarded into the box; then any marker with at most \
                  one neighbour of its own colour leaves too, wave after wave.",
        },
        Step {
            start: Some(Start::Position(
                "white 4,-9 3,-8 4,-8; black 3,-10 4,-10 3,-9; hands 100 100; white to move",
            )),
            moves: "",
            say: "The rule book's worked examples. First, later in a game, with White to move: Black's three \
                  markers sit in a corner against the edge of the board, White's three lie beside them, and \
                  only two cells next to Black's group are still empty.",
        },
        Step {
            start: None,
            moves: "1,-8",
            say: "White places at 1,-8, and its markers fill both of those cells without touching Black's. \
                  Black's group now has no empty cell beside it, only White's markers and the edge: it is \
                  surrounded, and all three black markers go into the box.",
        },
        Step {
            start: Some(Start::Position(
                "white -3,6 -4,7 -5,7 -5,6 -5,5 -4,4 -3,4 -3,3 -3,7; black -4,5 -3,5 -4,6; hands 95 100; \
                 white to move",
            )),
            moves: "",
            say: "Another position, White to move: three black markers out in the open, ringed by White's \
                  markers except for two empty cells on one side.",
        },
        Step {
            start: None,
            moves: "-1,4",
            say: "White places at -1,4 and fills those two cells. No empty cell touches Black's group any \
                  more, so it is surrounded by White's markers alone, and all three black markers are \
                  discarded. No edge is needed.",
        },
        Step {
            start: Some(Start::Position(
                "black -6,1 -6,2 -6,3 -5,1 -6,4 -6,5 -5,4; hands 110 100; white to move",
            )),
            moves: "",
            say: "Solo markers, White to move. Black has a column of three markers hanging from a small black \
                  triangle, and a fourth marker beside the end of the column holds it up: every black marker \
                  has at least two black neighbours.",
        },
        Step {
            start: None,
            moves: "-4,1",
            say: "White places at -4,1 and replaces the marker holding the column up. Now the end of the column \
                  has only one black neighbour, so it is discarded; that leaves the middle one with one, so it \
                  goes next; then the last of the column. Three waves, one after another. Only neighbours of \
                  the same colour count; the triangle keeps its three.",
        },
        Step {
            start: Some(Start::Position(
                "white 3,-1 4,-1 4,-2 3,-2 2,-1 2,0 3,0 -6,-1 -5,-2 -5,-1 -4,5 -3,5 -3,4 -4,4 -5,5 -5,6 \
                 -4,6 0,6 1,6 0,7 1,7 2,6; \
                 black 5,-1 5,-2 5,-3 4,-3 3,-3 2,-2 2,-3 6,-2 1,1 2,1 1,2 7,-7 8,-7 8,-8 7,-8 6,-7 6,-6 \
                 7,-6 -8,4 -7,4 -8,5 -7,5 -6,4; \
                 hands 0 8; black to move",
            )),
            moves: "",
            say: "The end of a game. White has placed its last marker, but Black still has 8 in hand, so Black \
                  keeps moving until they are gone. On the board: White 22, Black 23.",
        },
        Step {
            start: None,
            moves: "-7,-1",
            say: "Black places at -7,-1 and replaces one marker of a small white group. The two white markers \
                  left there have only one white neighbour each, so both are discarded. White 19, Black 29: \
                  were the game over, an Outright Victory for Black. Black has 2 markers left and moves again.",
        },
        Step {
            start: None,
            moves: "4,0+3,1",
            say: "At 4,0 Black's last two markers pay for the centre and for just one of the five neighbours \
                  that need one, so Black chooses which: 3,1. White's seven markers against the hole now have \
                  only Black's markers and the hole's edge around them: they are discarded. Black's lower group \
                  still has an empty cell beside it, so it stays. Both hands are empty: White 12, Black 31.",
        },
        Step {
            start: None,
            moves: "",
            say: "The game is over when both hands are empty (a side with markers left keeps moving), and \
                  whoever has more markers on the board wins. How far ahead names the result: here 31 to 12 is \
                  a Domination; the names run from Hollow Victory to Annihilation.",
        },
    ],
};

const KONANE: Lesson = Lesson {
    game: "konane",
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

const CONHEX: Lesson = Lesson {
    game: "conhex",
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

const QYSHINSU: Lesson = Lesson {
    game: "qyshinsu",
    options: &[],
    steps: &[
        Step {
            start: None,
            moves: "",
            say: "Qyshinsu is played on a ring of twelve positions. Each side holds two stones of each of six \
                  kinds: the 1- to 5-stones and the Old Stone. Black begins anywhere.",
        },
        Step {
            start: None,
            moves: "4@2",
            say: "Black adds a 4-stone at position 2. The stone's number is the rule for the reply: Red must \
                  act four positions away, at 6 or at 10.",
        },
        Step {
            start: None,
            moves: "1@6",
            say: "Red adds a 1-stone at 6, so Black must act one position away: at 5 or 7.",
        },
        Step {
            start: None,
            moves: "o@7",
            say: "Black adds the Old Stone at 7. An Old Stone added sends the reply to the nearest empty \
                  position: Red must add at 8.",
        },
        Step {
            start: None,
            moves: "",
            say: "Instead of adding, a player may take back one of their own stones where the rule points; it \
                  goes back to their hand. The opponent's stones are never touched (Precept 1). Two worked \
                  examples from the rule book follow.",
        },
        Step {
            start: Some(Start::Moves("1@4 2@5 4@7 2@11 o@9 1@8")),
            moves: "",
            say: "Another game, a few moves on (the move list shows them). Red's 1-stone went to 8, so Black \
                  acts at 7 or 9. Black's Old Stone stands at 9 and its 4-stone at 7; both of Red's 2-stones \
                  are on the ring, at 5 and 11.",
        },
        Step {
            start: None,
            moves: "x@9",
            say: "Black takes its Old Stone back from 9. Taking away an Old Stone leaves Red no choice of \
                  place: Red must remove its own stone nearest to 9, the 1-stone at 8.",
        },
        Step {
            start: None,
            moves: "x@8",
            say: "Red takes back its 1-stone at 8. A 1-stone again, so Black must act one position from 8: add \
                  a stone at 9, or take back its own 4-stone at 7.",
        },
        Step {
            start: None,
            moves: "",
            say: "Not every stone may go to 9. Both 2-stones are on the ring already, and at most two of a kind \
                  may be there, whatever their colour (Precept 2). Nor may Black put the Old Stone straight \
                  back where it has just taken it from (Precept 3). Black may add a 1-, 3-, 4- or 5-stone at 9, \
                  or take back the 4-stone at 7.",
        },
        Step {
            start: Some(Start::Moves("4@11 2@7 2@5 o@3 1@4")),
            moves: "",
            say: "One more game. Red has its Old Stone at 3 and a 2-stone at 7; Black has a 1-stone at 4, a \
                  2-stone at 5 and a 4-stone at 11. Black's 1-stone went to 4, so Red acts at 3 or 5.",
        },
        Step {
            start: None,
            moves: "x@3",
            say: "Red takes its Old Stone back from 3, so Black must remove its own stone nearest to 3: the \
                  1-stone at 4.",
        },
        Step {
            start: None,
            moves: "x@4",
            say: "Black takes back the 1-stone at 4: Red must act one position from 4, at 3 or 5.",
        },
        Step {
            start: None,
            moves: "",
            say: "At 5 stands Black's 2-stone, and the opponent's stones are never touched (Precept 1). At 3, Red \
                  may not add a 2-stone, for both are on the ring (Precept 2), nor its Old Stone, just taken \
                  from there (Precept 3). Red may add a 1-, 3-, 4- or 5-stone at 3.",
        },
        Step {
            start: None,
            moves: "",
            say: "A player who cannot move on their turn loses; the winner has returned to the Way.",
        },
    ],
};

const SOLDIERS_INTERVENTION: Lesson = Lesson {
    game: "soldiers",
    options: &[("variant", "board1")],
    steps: &[
        Step {
            start: None,
            moves: "",
            say: "Sixteen Soldiers: one general against sixteen soldiers. Every piece steps along a line to a \
                  neighbouring empty point. The triangle at the top is the privy: soldiers may never enter it.",
        },
        Step {
            start: None,
            moves: "c3-d3 c5-c4 d3-c3 b5-b4",
            say: "The general moves first; the soldiers close in around him.",
        },
        Step {
            start: None,
            moves: "c3-d4",
            say: "On this board the general captures by intervention: stepping onto a point between two \
                  soldiers on one line takes both of them.",
        },
        Step {
            start: None,
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
            start: None,
            moves: "",
            say: "Sixteen Soldiers on board 3: one general against twenty-four soldiers, who move first. Every \
                  piece steps along a line to a neighbouring empty point.",
        },
        Step {
            start: None,
            moves: "d4-e4",
            say: "A soldier steps aside…",
        },
        Step {
            start: None,
            moves: "c5-e5-e3",
            say: "…and the general captures by jumping, as in draughts: over a soldier to the empty point \
                  beyond, and on from there — two soldiers in one move.",
        },
        Step {
            start: None,
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
    use std::collections::BTreeSet;

    use super::*;
    use crate::games::Stage;
    use parlour_rules::kansho::result_display;
    use parlour_rules::qyshinsu::Qyshinsu;
    use parlour_rules::{Counter, Game, Player, Status};

    fn value(counters: &[Counter], label: &str) -> i64 {
        counters
            .iter()
            .find(|c| c.label == label)
            .map(|c| c.value)
            .unwrap_or_else(|| panic!("no counter {label}"))
    }

    /// What one step showed.
    struct Seen {
        /// Counters before the step's moves (after its set-up).
        before: Vec<Counter>,
        /// Counters after them.
        after: Vec<Counter>,
        /// The animation captions of its moves, in order.
        captions: Vec<String>,
        status: Status,
        result: Option<String>,
        /// Every legal Qyshinsu move afterwards, in notation (empty for other games).
        legal: BTreeSet<String>,
        /// The moves played from the start or the set-up position, in notation.
        history: Vec<String>,
    }

    /// Plays `text` as the walkthrough does: the move entered whole, then each rule stage in
    /// turn; returns the captions of the animations.
    fn play_staged(m: &mut dyn AnyMatch, text: &str, game: &str) -> Vec<String> {
        let tokens = m.parse(text).unwrap_or_else(|e| panic!("{game}: {text}: {e}"));
        assert!(m.begin(&tokens), "{game}: {text} is not legal here");
        let mut captions = Vec::new();
        for stage in Stage::ALL {
            captions.extend(m.stage(stage).into_iter().map(|a| a.caption));
        }
        assert!(!m.resolving(), "{game}: {text} is still resolving");
        captions
    }

    /// Every Qyshinsu move the match allows now, in notation.
    fn qyshinsu_legal(m: &dyn AnyMatch) -> BTreeSet<String> {
        let mut out = BTreeSet::new();
        for p in 1..=12 {
            for k in ["o", "1", "2", "3", "4", "5", "x"] {
                let text = format!("{k}@{p}");
                if m.parse(&text).is_ok_and(|t| m.candidates(&t).complete) {
                    out.insert(text);
                }
            }
        }
        out
    }

    fn set(texts: &[&str]) -> BTreeSet<String> {
        texts.iter().map(|t| t.to_string()).collect()
    }

    /// The rules' own reason a Qyshinsu move is refused after `history`.
    fn qyshinsu_reason(history: &[String], text: &str) -> String {
        let mut g = Qyshinsu::new(&Default::default());
        for t in history {
            parlour_rules::play_text(&mut g, t).expect("replays");
        }
        let mv = g.parse_move(text).expect("parses");
        assert!(!g.is_legal(&mv), "{text} is legal");
        g.illegal_reason(&mv)
    }

    /// Every step's moves are legal in turn, from the position the step sets up (if any); each
    /// step does what it says; Back from the step after shows exactly the position Next left;
    /// and once a walkthrough ends its game, no later step plays on.
    #[test]
    fn every_walkthrough_plays_and_shows_what_it_says() {
        for lesson in ALL {
            let game = lesson.game;
            let mut m = match_at(lesson, 0, false).expect("starts");
            let mut seen: Vec<Seen> = Vec::new();
            for (k, step) in lesson.steps.iter().enumerate() {
                if step.start.is_some() {
                    m = match_at(lesson, k, false).unwrap_or_else(|e| panic!("{game} step {}: {e}", k + 1));
                    assert!(!m.status().is_over(), "{game} step {}: set up a finished game", k + 1);
                }
                if seen.last().is_some_and(|s| s.status.is_over()) {
                    assert!(
                        step.moves.is_empty() && step.start.is_none(),
                        "{game} step {}: plays on after the game is over",
                        k + 1
                    );
                }
                let before = m.counters();
                let mut captions = Vec::new();
                for text in step.moves.split_whitespace() {
                    captions.extend(play_staged(m.as_mut(), text, game));
                }
                // Back from step k + 1 rebuilds this position; it must be this very one.
                let back = match_at(lesson, k, true).expect("rebuilds");
                let (a, b) = (m.to_save([None, None]), back.to_save([None, None]));
                assert_eq!((&a.moves, &a.state), (&b.moves, &b.state), "{game} step {}", k + 1);
                assert_eq!(m.pieces(), back.pieces(), "{game} step {}", k + 1);
                seen.push(Seen {
                    before,
                    after: m.counters(),
                    captions,
                    status: m.status(),
                    result: m.result_text(),
                    legal: if game == "qyshinsu" {
                        qyshinsu_legal(m.as_ref())
                    } else {
                        BTreeSet::new()
                    },
                    history: m.history().into_iter().map(|(_, t)| t).collect(),
                });
            }
            let step = |moves: &str| {
                let i = lesson.steps.iter().position(|s| s.moves == moves).expect("a step");
                &seen[i]
            };
            // The step that sets up the position `start` begins with.
            let set_up = |start: &str| {
                let i = lesson
                    .steps
                    .iter()
                    .position(|s| match s.start {
                        Some(Start::Position(t) | Start::Moves(t)) => t.starts_with(start),
                        None => false,
                    })
                    .expect("a set-up step");
                &seen[i]
            };
            let has = |s: &Seen, text: &str| s.captions.iter().any(|c| c.contains(text));
            match (game, lesson.options) {
                ("kansho", _) => {
                    let s = step("-4,-4");
                    assert_eq!(
                        value(&s.after, "white on board") - value(&s.before, "white on board"),
                        7
                    );
                    let s = step("-6,-3");
                    assert_eq!(
                        value(&s.before, "white on board") - value(&s.after, "white on board"),
                        2
                    );
                    let s = step("-6,-1");
                    assert!(value(&s.after, "black discarded") > value(&s.before, "black discarded"));

                    // Example 2: the corner group, surrounded against the edge, nothing replaced.
                    let s = set_up("white 4,-9");
                    assert_eq!(value(&s.after, "black on board"), 3);
                    assert_eq!(value(&s.after, "white on board"), 3);
                    let s = step("1,-8");
                    assert_eq!(value(&s.after, "black on board"), 0, "all of Black's markers go");
                    assert_eq!(
                        value(&s.after, "black discarded") - value(&s.before, "black discarded"),
                        3
                    );
                    assert_eq!(value(&s.after, "white discarded"), value(&s.before, "white discarded"));
                    assert!(has(s, "3 black markers surrounded"), "{:?}", s.captions);
                    assert!(!has(s, "replaces"), "{:?}", s.captions);

                    // Example 3: surrounded in the open, by White alone.
                    let s = set_up("white -3,6");
                    assert_eq!(value(&s.after, "black on board"), 3);
                    let s = step("-1,4");
                    assert_eq!(value(&s.after, "black on board"), 0);
                    assert_eq!(
                        value(&s.after, "black discarded") - value(&s.before, "black discarded"),
                        3
                    );
                    assert!(has(s, "3 black markers surrounded"), "{:?}", s.captions);
                    assert!(!has(s, "replaces"), "{:?}", s.captions);

                    // Example 4: the prop replaced, then three solo waves of one marker each; the
                    // triangle stays.
                    let s = set_up("black -6,1");
                    assert_eq!(value(&s.after, "black on board"), 7);
                    let s = step("-4,1");
                    assert!(has(s, "replaces 1 opponent marker"), "{:?}", s.captions);
                    let waves: Vec<&String> = s.captions.iter().filter(|c| c.starts_with("Solo wave")).collect();
                    assert_eq!(waves.len(), 3, "{waves:?}");
                    for (i, w) in waves.iter().enumerate() {
                        assert!(w.starts_with(&format!("Solo wave {}: 1 marker ", i + 1)), "{w}");
                    }
                    assert!(!has(s, "surrounded"), "{:?}", s.captions);
                    assert_eq!(value(&s.after, "black on board"), 3);
                    assert_eq!(
                        value(&s.after, "black discarded") - value(&s.before, "black discarded"),
                        4
                    );

                    // Example 5: the end game.
                    let s = set_up("white 3,-1");
                    assert_eq!(
                        [
                            value(&s.after, "white on board"),
                            value(&s.after, "black on board"),
                            value(&s.after, "white hand"),
                            value(&s.after, "black hand")
                        ],
                        [22, 23, 0, 8]
                    );
                    let s = step("-7,-1");
                    assert!(has(s, "replaces 1 opponent marker"), "{:?}", s.captions);
                    assert!(has(s, "Solo wave 1: 2 markers"), "{:?}", s.captions);
                    assert!(has(s, "Black moves again"), "{:?}", s.captions);
                    let (w, b) = (value(&s.after, "white on board"), value(&s.after, "black on board"));
                    assert_eq!((w, b), (19, 29));
                    assert_eq!(result_display(b as u32, w as u32), "Outright Victory");
                    assert_eq!(value(&s.after, "black hand"), 2);
                    // The short hand: one marker after the centre for five neighbours that need one.
                    let i = lesson.steps.iter().position(|s| s.moves == "-7,-1").expect("a step");
                    let m = match_at(lesson, i, true).expect("rebuilds");
                    let centre = m.parse("4,0").expect("parses");
                    let c = m.candidates(&centre);
                    assert_eq!((c.complete, c.next.len()), (false, 5), "{c:?}");
                    assert!(m.part_prompt(&centre).is_some_and(|p| p.contains("1 marker left")));
                    let s = step("4,0+3,1");
                    assert!(
                        has(s, "fills 1 neighbour"),
                        "only the chosen neighbour: {:?}",
                        s.captions
                    );
                    let areas: Vec<&String> = s.captions.iter().filter(|c| c.contains("surrounded")).collect();
                    assert_eq!(areas.len(), 1, "only White's group goes: {areas:?}");
                    assert!(areas[0].starts_with("7 white markers"), "{areas:?}");
                    assert_eq!(
                        (value(&s.after, "white on board"), value(&s.after, "black on board")),
                        (12, 31),
                        "Black's lower group stays"
                    );
                    assert_eq!(
                        s.status,
                        Status::Win {
                            winner: Player::P2,
                            reason: "domination"
                        }
                    );
                    assert!(
                        s.result.as_deref().is_some_and(|r| r.starts_with("Domination")),
                        "{:?}",
                        s.result
                    );
                }
                ("konane", _) => {
                    let s = step("f1-f3-f5");
                    assert_eq!(
                        value(&s.after, "captured by black") - value(&s.before, "captured by black"),
                        2
                    );
                }
                ("conhex", _) => {
                    let s = step("B6 J3");
                    assert_eq!(value(&s.after, "red cells") - value(&s.before, "red cells"), 1);
                }
                ("qyshinsu", _) => {
                    let adds = |ps: &[u8]| -> BTreeSet<String> {
                        ps.iter()
                            .flat_map(|p| ["o", "1", "2", "3", "4", "5"].map(|k| format!("{k}@{p}")))
                            .collect()
                    };
                    // Red may only act at 6 or 10; after the Old Stone at 7, only add at 8.
                    assert_eq!(step("4@2").legal, adds(&[6, 10]));
                    assert_eq!(step("1@6").legal, adds(&[5, 7]));
                    assert_eq!(step("o@7").legal, adds(&[8]));

                    // Example 2: the Old Stone removed from 9, Red's nearest stone removed, then
                    // Precepts 2 and 3 at 9.
                    let s = set_up("1@4 2@5");
                    assert_eq!(s.legal, set(&["x@7", "x@9"]));
                    assert_eq!(step("x@9").legal, set(&["x@8"]), "only the nearest stone, not 5 or 11");
                    let s = step("x@8");
                    assert_eq!(s.legal, set(&["x@7", "1@9", "3@9", "4@9", "5@9"]));
                    assert_eq!(value(&s.after, "black hand 2"), 2, "Black still holds both 2-stones");
                    assert!(value(&s.after, "black hand o") > 0, "and an Old Stone");
                    assert!(qyshinsu_reason(&s.history, "2@9").contains("Precept 2"));
                    assert!(qyshinsu_reason(&s.history, "o@9").contains("Precept 3"));

                    // Example 3: the same from Red's side, with Precept 1 at 5.
                    let s = set_up("4@11 2@7");
                    assert_eq!(s.legal, set(&["x@3"]), "5 holds Black's stone");
                    assert_eq!(step("x@3").legal, set(&["x@4"]));
                    let s = step("x@4");
                    assert_eq!(s.legal, set(&["1@3", "3@3", "4@3", "5@3"]));
                    assert_eq!(value(&s.after, "red hand 2"), 1, "Red still holds a 2-stone");
                    assert!(qyshinsu_reason(&s.history, "x@5").contains("Precept 1"));
                    assert!(qyshinsu_reason(&s.history, "2@3").contains("Precept 2"));
                    assert!(qyshinsu_reason(&s.history, "o@3").contains("Precept 3"));
                }
                (_, [(_, "board1")]) => {
                    let s = step("c3-d4");
                    assert_eq!(value(&s.after, "captured") - value(&s.before, "captured"), 2);
                }
                _ => {
                    let s = step("c5-e5-e3");
                    assert_eq!(value(&s.after, "captured") - value(&s.before, "captured"), 2);
                }
            }
        }
    }

    /// A step that sets up a position must be able to fail: a position the rules reject (a
    /// lone marker that would have been discarded) is refused with the rules' reason.
    #[test]
    fn a_set_up_position_is_checked() {
        let setup = KANSHO.setup();
        let err = match_from_position(&setup, "white 0,5; hands 100 100; white to move")
            .err()
            .expect("refused");
        assert!(err.contains("fewer than two"), "{err}");
        assert!(match_from_position(&setup, "white 0,5 0,6 1,5; hands 100 100").is_err());
        assert!(match_from_position(&setup, "green 0,5; hands 1 1; white to move").is_err());
        // An accepted set-up is marked so: saves (which replay from the start) refuse it.
        let example = KANSHO
            .steps
            .iter()
            .find_map(|s| match s.start {
                Some(Start::Position(text)) => Some(text),
                _ => None,
            })
            .expect("Kansho has a set-up example");
        assert!(match_from_position(&setup, example).unwrap().set_up());
        assert!(!crate::games::new_match(&setup).unwrap().set_up());
        let qy = QYSHINSU.setup();
        assert!(
            match_from_position(&qy, "anything").is_err(),
            "Qyshinsu is reached by moves"
        );
    }
}

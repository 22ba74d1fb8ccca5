//! The walkthroughs' scripts: for each game, steps of real moves, each with what it shows in
//! words, played from the start position or from a position a step sets up (the rule books'
//! worked examples, which no short line of moves from the start reaches). The moves are the
//! rule pages' notation; a test plays every step through the rules and checks what each step
//! says happens does happen (a capture, a cell claimed, markers discarded, the reply's
//! positions), and that Back shows exactly the position Next left.

use parlour_rules::soldiers::Variant;

use crate::games::any_match::AnyMatch;
use crate::games::build::{Setup, match_from_moves, match_from_position};

/// Where a step starts when it does not go on from the step before.
#[derive(Clone, Copy, Debug)]
pub enum Start {
    /// Real moves from the start position, played at once (no animation): the move list
    /// shows how the position came about, and the game saves and loads as any other.
    Moves(&'static str),
    /// A position set up directly, in the game's position text (see
    /// [`crate::games::client::ClientGame::from_position_text`]).
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

/// Board 1 (and board 2, whose square is the same): the opening of the walkthrough's game,
/// up to the general stepping into the privy. The steps play it in parts; the shut-in example
/// starts again from its end.
const BOARD1_IN_PRIVY: &str = "c3-d3 b5-b4 d3-c3 b4-c4 c3-d4 a1-b2 d4-c5 e2-e3 c5-t_c";
const BOARD2_IN_PRIVY: &str = "c3-d3 b5-b4 d3-c3 b4-c4 c3-d4 a1-b2 d4-c5 e2-e3 c5-t1_c";
const BOARD3_IN_PRIVY: &str = "b6-a6 c5-a5-a7 d9-e9 a7-a8 c9-d9 a8-a9 b1-a1 a9-c9 b2-a2 c9-t_c";
const BOARD4_IN_PRIVY: &str = "c3-b2 e2-d2 b2-c2 e4-d4 c2-e2-e4-c4-t1_c";
/// Boards 1 and 2: two blunders by the general, and a soldier takes him.
const CUSTODIAN: &str = "c3-c2 a1-b2 c2-c3";

/// The general's double intervention on boards 1 and 2 (the same opening on both).
const INTERVENTION_FOUR: Step = Step {
    start: None,
    moves: "c3-d4",
    say: "The general captures by intervention: stepping onto a point between two soldiers on a line \
          takes both. Here he does it on a row and a diagonal at once: four soldiers go.",
};

/// The soldiers' custodian capture on boards 1 and 2 (a game of its own).
const SOLDIERS_CAPTURE: Step = Step {
    start: Some(Start::Moves(CUSTODIAN)),
    moves: "e5-d4",
    say: "Another game. The soldiers capture too: a soldier that steps so that the general stands \
          between it and another soldier on a line takes him. e5 steps to d4, the general is caught \
          between b2 and d4, and the soldiers win.",
};

/// The general pinned on boards 1 and 2 (a game of its own).
const PINNED_IN_THE_CORNER: Step = Step {
    start: Some(Start::Moves("c3-b3 c5-c4 b3-b4 a5-a4")),
    moves: "b4-a5 a3-b4",
    say: "Another game. The general, on b4, steps into the corner, a5. a3 steps up to b4: a4, b4 and \
          b5 are all soldiers, and he has no empty point to step to. He is pinned, and the soldiers win.",
};

/// How boards 1 and 2 end, under the seed's rules.
const INTERVENTION_ENDS: Step = Step {
    start: None,
    moves: "",
    say: "The general wins when four soldiers or fewer are left, or by the apex rule; the soldiers \
          win by capturing him, pinning him so he cannot move, or shutting him in. Under these, the \
          seed's rules, the soldiers can force a win from the start; the fair rules turn custodian \
          capture off (and on board 2 the general also wins at six soldiers left).",
};

/// Board 1 under the seed's rules (the new-game dialog's default): intervention, custodian
/// capture, the three-exit privy and its apex.
const SOLDIERS_BOARD1: Lesson = Lesson {
    game: "soldiers",
    options: &[("variant", "board1")],
    steps: &[
        Step {
            start: None,
            moves: "",
            say: "Sixteen Soldiers on board 1: the general, in the middle, against sixteen soldiers. Every \
                  piece steps along a line to a neighbouring empty point. The triangle at the top is the \
                  general's privy.",
        },
        Step {
            start: None,
            moves: "c3-d3 b5-b4 d3-c3 b4-c4",
            say: "The general moves first, then the sides take turns, one step each. Nobody may pass.",
        },
        INTERVENTION_FOUR,
        Step {
            start: None,
            moves: "a1-b2 d4-c5",
            say: "Soldiers may never enter the privy: the soldier on d5 may not step up to t_r. The general \
                  may, and he walks to its edge.",
        },
        Step {
            start: None,
            moves: "e2-e3 c5-t_c",
            say: "He steps into the privy, where no soldier can follow.",
        },
        Step {
            start: None,
            moves: "b1-a1 t_c-t_apex",
            say: "He reaches the apex, the privy's top point. The apex rule: from now on he wins as soon as \
                  a move takes him back out of the privy.",
        },
        Step {
            start: None,
            moves: "c1-c2 t_apex-t_l d1-d2 t_l-b5",
            say: "He comes back out through b5: the general wins.",
        },
        Step {
            start: Some(Start::Moves(BOARD1_IN_PRIVY)),
            moves: "a5-b5 t_c-t_apex d5-c5",
            say: "Back to the general stepping into the privy. This time the soldiers guard its exits, b5, c5 \
                  and d5: only d5 is still open.",
        },
        Step {
            start: None,
            moves: "t_apex-t_r e5-d5",
            say: "He runs for d5, but e5 gets there first. The general is in the privy with every exit held: \
                  he is shut in, and the soldiers win.",
        },
        SOLDIERS_CAPTURE,
        PINNED_IN_THE_CORNER,
        INTERVENTION_ENDS,
    ],
};

/// Board 2 under the seed's rules: as board 1, with a two-row privy whose only door is `c5`
/// and whose whole top row is apex.
const SOLDIERS_BOARD2: Lesson = Lesson {
    game: "soldiers",
    options: &[("variant", "board2")],
    steps: &[
        Step {
            start: None,
            moves: "",
            say: "Sixteen Soldiers on board 2: the general, in the middle, against sixteen soldiers. Every \
                  piece steps along a line to a neighbouring empty point. The privy at the top has two rows \
                  and a single door, c5.",
        },
        Step {
            start: None,
            moves: "c3-d3",
            say: "The general moves first. Soldiers may never enter the privy: the soldier on c5 may not step \
                  up into it.",
        },
        Step {
            start: None,
            moves: "b5-b4 d3-c3 b4-c4",
            say: "The sides take turns, one step each. Nobody may pass.",
        },
        INTERVENTION_FOUR,
        Step {
            start: None,
            moves: "a1-b2 d4-c5 e2-e3 c5-t1_c",
            say: "The general walks through the door into the privy, where no soldier can follow.",
        },
        Step {
            start: None,
            moves: "b1-a1 t1_c-t2_c",
            say: "Every point of the privy's top row is an apex, and he has reached one. The apex rule: from \
                  now on he wins as soon as a move takes him back out of the privy.",
        },
        Step {
            start: None,
            moves: "c1-c2 t2_c-t1_c d1-d2 t1_c-c5",
            say: "He comes back out through c5: the general wins.",
        },
        Step {
            start: Some(Start::Moves(BOARD2_IN_PRIVY)),
            moves: "d5-c5",
            say: "Back to the general stepping into the privy. With a single door, one soldier on c5 shuts \
                  him in, and the soldiers win.",
        },
        SOLDIERS_CAPTURE,
        PINNED_IN_THE_CORNER,
        INTERVENTION_ENDS,
    ],
};

/// Board 3 (Nanking) under the seed's rules: 26 soldiers moving first, compulsory jump chains,
/// the three-exit privy and its apex.
const SOLDIERS_BOARD3: Lesson = Lesson {
    game: "soldiers",
    options: &[("variant", "board3")],
    steps: &[
        Step {
            start: None,
            moves: "",
            say: "Sixteen Soldiers on board 3, from Nanking: one general against twenty-six soldiers, on a grid \
                  without diagonals. Every piece steps along a line to a neighbouring empty point. The soldiers \
                  move first, but never into the privy at the top: c9 may not step up to t_c.",
        },
        Step {
            start: None,
            moves: "b6-a6",
            say: "A soldier steps aside…",
        },
        Step {
            start: None,
            moves: "c5-a5-a7",
            say: "…and the general captures by jumping: over a soldier to the empty point just beyond, and on \
                  from there, turning if he likes. Jumping is compulsory, and so is going on while he can: \
                  two soldiers in one move.",
        },
        Step {
            start: None,
            moves: "d9-e9 a7-a8 c9-d9 a8-a9 b1-a1",
            say: "The general climbs towards the privy while the soldiers shift along the top row.",
        },
        Step {
            start: None,
            moves: "a9-c9",
            say: "He must jump again: over b9, onto c9, at the edge of the privy.",
        },
        Step {
            start: None,
            moves: "b2-a2 c9-t_c",
            say: "He steps into the privy, where no soldier can follow.",
        },
        Step {
            start: None,
            moves: "b3-a3 t_c-t_apex",
            say: "He reaches the apex, the privy's top point. The apex rule: from now on he wins as soon as \
                  a move takes him back out of the privy.",
        },
        Step {
            start: None,
            moves: "b4-a4 t_apex-t_l c1-b1 t_l-b9",
            say: "He comes back out through b9: the general wins.",
        },
        Step {
            start: Some(Start::Moves(BOARD3_IN_PRIVY)),
            moves: "b8-b9 t_c-t_apex c8-c9",
            say: "Back to the general stepping into the privy. This time the soldiers fill b9 and c9 and \
                  still hold d9: every exit is held, the general is shut in, and the soldiers win.",
        },
        Step {
            start: None,
            moves: "",
            say: "The general wins when six soldiers or fewer are left, or by the apex rule. The soldiers \
                  cannot capture him on this board: they win by pinning him so he cannot move, or by \
                  shutting him in.",
        },
    ],
};

/// Board 4 (Juroku Musashi) under the seed's rules: compulsory jump chains, an eight-point privy
/// with one door and three apex points.
const SOLDIERS_BOARD4: Lesson = Lesson {
    game: "soldiers",
    options: &[("variant", "board4")],
    steps: &[
        Step {
            start: None,
            moves: "",
            say: "Juroku Musashi, board 4: the general, in the middle, against sixteen soldiers. Every piece \
                  steps along a line to a neighbouring empty point. The privy at the top has a single door, \
                  c5, and three apex points: the two top corners and the top middle.",
        },
        Step {
            start: None,
            moves: "c3-b2",
            say: "The general moves first. Soldiers may never enter the privy: the soldier on c5 may not step \
                  up into it.",
        },
        Step {
            start: None,
            moves: "e2-d2 b2-c2 e4-d4",
            say: "The sides take turns, one step each. Nobody may pass.",
        },
        Step {
            start: None,
            moves: "c2-e2-e4-c4-t1_c",
            say: "The general captures by jumping: over a soldier to the empty point just beyond, and on from \
                  there, turning as he likes. Jumping is compulsory, to the end of the chain: four soldiers, \
                  the last one on c5, and he lands in the privy.",
        },
        Step {
            start: None,
            moves: "a1-b2 t1_c-t2_c",
            say: "He reaches t2_c, an apex. The apex rule: from now on he wins as soon as a move takes him back \
                  out of the privy.",
        },
        Step {
            start: None,
            moves: "b1-a1 t2_c-t1_c c1-b1 t1_c-c5",
            say: "He comes back out through c5: the general wins.",
        },
        Step {
            start: Some(Start::Moves(BOARD4_IN_PRIVY)),
            moves: "d5-c5",
            say: "Back to the general landing in the privy. With a single door, one soldier stepping onto c5 \
                  shuts him in, and the soldiers win.",
        },
        Step {
            start: Some(Start::Moves("c3-d3 d1-d2 d3-d1 e3-d3 d1-d2 c5-d4")),
            moves: "d2-d1 e2-d2",
            say: "Another game. The general, on d2, steps down to d1 on the edge, and e2 steps in behind him \
                  to d2. Every neighbour of d1 is a soldier with a soldier or the edge beyond it: he can \
                  neither step nor jump. He is pinned, and the soldiers win.",
        },
        Step {
            start: None,
            moves: "",
            say: "The general wins when four soldiers or fewer are left, or by the apex rule. The soldiers \
                  cannot capture him: they win by pinning him so he cannot move, or by shutting him in. Under \
                  these, the seed's rules, the soldiers can force a win from the start; the fair rules make \
                  the general capture by intervention instead.",
        },
    ],
};

/// Monk and Water: intervention on every line at once, the cloister's entrance and its apex.
const MONK_AND_WATER: Lesson = Lesson {
    game: "soldiers",
    options: &[("variant", "monk")],
    steps: &[
        Step {
            start: None,
            moves: "",
            say: "Monk and Water: one monk against fifteen water. Every piece steps along a line to a \
                  neighbouring empty point. The diamond at the top is the cloister; the monk starts on its \
                  entrance, c5. The water moves first.",
        },
        Step {
            start: None,
            moves: "a3-b3 c5-b4",
            say: "The monk captures by intervention: stepping onto a point between two water on a line takes \
                  both. Whether he steps there is his choice.",
        },
        Step {
            start: None,
            moves: "d5-c5 b4-c4",
            say: "Water may stand on the entrance, but never enter the cloister: the water on c5 may not step \
                  up into it.",
        },
        Step {
            start: None,
            moves: "e3-d3 c4-c3 e4-e3 c3-d2",
            say: "An intervention takes on every line at once: on d2 the monk stands between two water on a \
                  column and two on a diagonal, and all four go.",
        },
        Step {
            start: Some(Start::Moves("a1-b2")),
            moves: "c5-k_c b5-c5",
            say: "Another game. The monk steps into the cloister, and a water closes the entrance behind him: \
                  the monk is shut in, and the water wins.",
        },
        Step {
            start: Some(Start::Moves("a1-b2 c5-k_c b1-a1")),
            moves: "k_c-k_apex",
            say: "Back to the monk in the cloister. If the water leaves the entrance empty, the monk steps \
                  onto the apex at the top and wins.",
        },
        Step {
            start: None,
            moves: "",
            say: "The monk also wins by capturing until five water or fewer are left. A side that cannot move \
                  on its turn loses.",
        },
    ],
};

/// The walkthrough for a game and its options (Sixteen Soldiers: each board its own, played
/// under the seed's rules, the new-game dialog's default).
pub fn lesson(game: &str, options: &[(String, String)]) -> &'static Lesson {
    let variant = options.iter().find(|(k, _)| k == "variant").map(|(_, v)| v.as_str());
    match game {
        "kansho" => &KANSHO,
        "konane" => &KONANE,
        "conhex" => &CONHEX,
        "qyshinsu" => &QYSHINSU,
        _ => match variant.and_then(Variant::from_id) {
            Some(Variant::Board2) => &SOLDIERS_BOARD2,
            Some(Variant::Board3) => &SOLDIERS_BOARD3,
            Some(Variant::Board4) => &SOLDIERS_BOARD4,
            Some(Variant::Monk) => &MONK_AND_WATER,
            Some(Variant::Board1) | None => &SOLDIERS_BOARD1,
        },
    }
}

/// Every walkthrough.
#[cfg(test)]
const ALL: [&Lesson; 9] = [
    &KANSHO,
    &KONANE,
    &CONHEX,
    &QYSHINSU,
    &SOLDIERS_BOARD1,
    &SOLDIERS_BOARD2,
    &SOLDIERS_BOARD3,
    &SOLDIERS_BOARD4,
    &MONK_AND_WATER,
];

#[cfg(test)]
mod tests {
    use std::collections::BTreeSet;

    use super::*;
    use crate::games::effects::Stage;
    use parlour_rules::kansho::result_display;
    use parlour_rules::qyshinsu::Qyshinsu;
    use parlour_rules::soldiers::{Rules, Soldiers};
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

    /// What a Sixteen Soldiers walkthrough step shows, to be checked through the rules.
    enum Shows {
        /// Its moves capture this many soldiers (a step that plays moves without this claim
        /// captures none).
        Captures(i64),
        /// Afterwards the hunter stands on this point, inside the refuge (`true`) or not.
        HunterOn(&'static str, bool),
        /// Afterwards the hunter has reached an apex of the privy (the apex rule).
        ApexReached,
        /// Afterwards the rules refuse this move, for a reason containing the text.
        Refuses(&'static str, &'static str),
        /// In the position the step starts from, the rules refuse this move so.
        RefusedBefore(&'static str, &'static str),
        /// Its moves end the game: the winner and the rule page's end reason (a step that plays
        /// moves without this claim leaves the game going).
        Ends(Player, &'static str),
        /// It starts again from the position step n (counted from 1) left.
        Resumes(usize),
    }

    use Shows::*;

    const INTO_PRIVY: &str = "may not enter the privy";
    const COMPULSORY: &str = "compulsory";

    /// The claims of each Sixteen Soldiers walkthrough's steps (counted from 1), as their words
    /// make them.
    fn claims(lesson: &Lesson) -> &'static [(usize, &'static [Shows])] {
        match lesson.options {
            [(_, "board1")] => &[
                (3, &[Captures(4)]),
                (4, &[Refuses("d5-t_r", INTO_PRIVY), HunterOn("c5", false)]),
                (5, &[HunterOn("t_c", true)]),
                (6, &[HunterOn("t_apex", true), ApexReached]),
                (7, &[HunterOn("b5", false), Ends(Player::P1, "apex")]),
                (8, &[Resumes(5), HunterOn("t_apex", true)]),
                (9, &[HunterOn("t_r", true), Ends(Player::P2, "shut-in")]),
                (10, &[Ends(Player::P2, "captured")]),
                (11, &[HunterOn("a5", false), Ends(Player::P2, "pinned")]),
            ],
            [(_, "board2")] => &[
                (2, &[Refuses("c5-t1_c", INTO_PRIVY), Refuses("c5-t1_l", INTO_PRIVY)]),
                (4, &[Captures(4)]),
                (5, &[HunterOn("t1_c", true)]),
                (6, &[HunterOn("t2_c", true), ApexReached]),
                (7, &[HunterOn("c5", false), Ends(Player::P1, "apex")]),
                (8, &[Resumes(5), HunterOn("t1_c", true), Ends(Player::P2, "shut-in")]),
                (9, &[Ends(Player::P2, "captured")]),
                (10, &[HunterOn("a5", false), Ends(Player::P2, "pinned")]),
            ],
            [(_, "board3")] => &[
                (1, &[Refuses("c9-t_c", INTO_PRIVY), Refuses("b9-t_l", INTO_PRIVY)]),
                (
                    3,
                    &[Captures(2), RefusedBefore("c5-a5", COMPULSORY), HunterOn("a7", false)],
                ),
                (4, &[HunterOn("a9", false)]),
                (
                    5,
                    &[Captures(1), RefusedBefore("a9-a8", COMPULSORY), HunterOn("c9", false)],
                ),
                (6, &[HunterOn("t_c", true)]),
                (7, &[HunterOn("t_apex", true), ApexReached]),
                (8, &[HunterOn("b9", false), Ends(Player::P1, "apex")]),
                (9, &[Resumes(6), HunterOn("t_apex", true), Ends(Player::P2, "shut-in")]),
            ],
            [(_, "board4")] => &[
                (2, &[Refuses("c5-t1_c", INTO_PRIVY)]),
                (
                    4,
                    &[
                        Captures(4),
                        RefusedBefore("c2-c3", COMPULSORY),
                        RefusedBefore("c2-e2", COMPULSORY),
                        HunterOn("t1_c", true),
                    ],
                ),
                (5, &[HunterOn("t2_c", true), ApexReached]),
                (6, &[HunterOn("c5", false), Ends(Player::P1, "apex")]),
                (7, &[Resumes(4), HunterOn("t1_c", true), Ends(Player::P2, "shut-in")]),
                (8, &[HunterOn("d1", false), Ends(Player::P2, "pinned")]),
            ],
            [(_, "monk")] => &[
                (2, &[Captures(2)]),
                (
                    3,
                    &[Refuses("c5-k_c", "may not enter the cloister"), HunterOn("c4", false)],
                ),
                (4, &[Captures(4), HunterOn("d2", false)]),
                (5, &[HunterOn("k_c", true), Ends(Player::P2, "shut-in")]),
                (6, &[HunterOn("k_apex", true), Ends(Player::P1, "apex")]),
            ],
            other => panic!("no claims for Sixteen Soldiers with {other:?}"),
        }
    }

    /// The rules' own state after what `seen` played, replayed from the start.
    fn soldiers_after(lesson: &Lesson, seen: &Seen) -> Soldiers {
        let pairs: Vec<(&str, &str)> = lesson.options.to_vec();
        let mut g = Soldiers::new(&Soldiers::parse_options(&pairs).expect("options"));
        for t in &seen.history {
            parlour_rules::play_text(&mut g, t).expect("replays");
        }
        g
    }

    /// Why the match `m` refuses `text`, as the board says it when the move is clicked.
    fn refusal(m: &dyn AnyMatch, text: &str) -> String {
        let tokens = m.parse(text).unwrap_or_else(|e| panic!("{text}: {e}"));
        let (last, prefix) = tokens.split_last().expect("a move");
        m.refusal(prefix, *last)
            .unwrap_or_else(|| panic!("{text} is not refused"))
    }

    /// Each step of a Sixteen Soldiers walkthrough shows what its claims say, and nothing the
    /// words leave out: no capture and no end of the game beyond those claimed. Every board's
    /// walkthrough shows its refuge (a soldier refused it, the hunter inside it, and a win
    /// for each side there) under the seed's rules, the new-game dialog's default.
    fn soldiers_shows(lesson: &Lesson, seen: &[Seen]) {
        let pairs: Vec<(&str, &str)> = lesson.options.to_vec();
        let options = Soldiers::parse_options(&pairs).expect("options");
        let variant = options.variant;
        let board = variant.id();
        assert!(options.is_seed(), "{board}: the walkthrough plays the seed's rules");
        assert_eq!(
            options,
            Soldiers::parse_options(&[("variant", board)]).expect("options"),
            "{board}: the new-game dialog's default rules"
        );
        let claims = claims(lesson);
        let (mut refused, mut inside, mut hunter_wins, mut soldiers_win) = (false, false, false, false);
        for (k, (step, s)) in lesson.steps.iter().zip(seen).enumerate() {
            let n = k + 1;
            let shows: &[Shows] = claims.iter().find(|(i, _)| *i == n).map_or(&[], |(_, c)| c);
            let g = soldiers_after(lesson, s);
            let b = g.board();
            let captured = value(&s.after, "captured") - value(&s.before, "captured");
            if !step.moves.is_empty() && !shows.iter().any(|c| matches!(c, Captures(_))) {
                assert_eq!(captured, 0, "{board} step {n}: captures nobody says");
            }
            if !step.moves.is_empty() && !shows.iter().any(|c| matches!(c, Ends(..))) {
                assert_eq!(s.status, Status::Ongoing, "{board} step {n}: ends the game unsaid");
            }
            for claim in shows {
                match *claim {
                    Captures(c) => assert_eq!(captured, c, "{board} step {n}: captured"),
                    HunterOn(point, refuge) => {
                        assert_eq!(b.point_name(g.hunter()), point, "{board} step {n}: the hunter's point");
                        assert_eq!(
                            b.is_refuge(g.hunter()),
                            refuge,
                            "{board} step {n}: {point} in the refuge"
                        );
                        inside |= refuge;
                    }
                    ApexReached => {
                        assert!(g.apex_reached(), "{board} step {n}: apex reached");
                        assert_eq!(value(&s.after, "apex reached"), 1, "{board} step {n}: the counter");
                    }
                    Refuses(text, why) | RefusedBefore(text, why) => {
                        let before = matches!(claim, RefusedBefore(..));
                        let m = match_at(lesson, k, !before).expect("builds");
                        let reason = refusal(m.as_ref(), text);
                        assert!(reason.contains(why), "{board} step {n}: {text}: {reason}");
                        refused |= why.starts_with("may not enter");
                    }
                    Ends(winner, reason) => {
                        assert_eq!(s.status, Status::Win { winner, reason }, "{board} step {n}");
                        hunter_wins |= winner == Player::P1 && reason == "apex";
                        soldiers_win |= winner == Player::P2 && reason == "shut-in";
                    }
                    Resumes(i) => {
                        assert!(step.start.is_some(), "{board} step {n} starts again");
                        let from = match_at(lesson, k, false).expect("builds");
                        let history: Vec<String> = from.history().into_iter().map(|(_, t)| t).collect();
                        assert_eq!(history, seen[i - 1].history, "{board} step {n}: resumes step {i}");
                    }
                }
            }
        }
        assert!(refused, "{board}: a soldier's move into the refuge is refused");
        assert!(inside, "{board}: the hunter stands in the refuge");
        assert!(hunter_wins, "{board}: the hunter wins through the refuge");
        assert!(soldiers_win, "{board}: the soldiers shut the hunter in");
        // The closing words name the switches the fair rules make.
        match variant {
            Variant::Board1 => {
                assert_eq!(Rules::fair_switches(variant), [("custodian", "off")]);
                assert!(options.rules().custodian);
            }
            Variant::Board2 => {
                assert_eq!(
                    Rules::fair_switches(variant),
                    [("custodian", "off"), ("threshold", "6")]
                );
                assert!(options.rules().custodian);
            }
            Variant::Board4 => assert_eq!(Rules::fair_switches(variant), [("capture", "intervention")]),
            Variant::Board3 | Variant::Monk => assert!(!options.rules().custodian),
        }
    }

    /// Each board has its own walkthrough, played on that board, whatever rule set was chosen.
    #[test]
    fn every_board_has_its_walkthrough() {
        for id in Variant::IDS {
            for rules in ["seed", "fair"] {
                let options = [("variant", id), ("rules", rules)].map(|(k, v)| (k.to_string(), v.to_string()));
                let l = lesson("soldiers", &options);
                assert_eq!((l.game, l.options), ("soldiers", &[("variant", id)][..]));
                assert!(
                    ALL.iter().any(|a| (a.game, a.options) == (l.game, l.options)),
                    "{id}'s walkthrough is played by the test"
                );
            }
        }
        assert_eq!(lesson("soldiers", &[]).options, [("variant", "board1")]);
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
    /// and once a walkthrough ends its game, no later step plays on (a step may start another
    /// game from its own start).
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
                // After a finished game only words, or another game from its own start.
                if seen.last().is_some_and(|s| s.status.is_over()) {
                    assert!(
                        step.moves.is_empty() || step.start.is_some(),
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
                ("soldiers", _) => soldiers_shows(lesson, &seen),
                _ => panic!("{game}: no checks for this walkthrough"),
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
        assert!(!crate::games::build::new_match(&setup).unwrap().set_up());
        let qy = QYSHINSU.setup();
        assert!(
            match_from_position(&qy, "anything").is_err(),
            "Qyshinsu is reached by moves"
        );
    }
}

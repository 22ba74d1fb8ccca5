//! Sixteen Soldiers' walkthroughs, one for each board (played under the seed's rules, the
//! new-game dialog's default), with the steps boards 1 and 2 share.

use super::script::{Lesson, Start, Step};
use parlour_rules::GameId;

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
pub(super) const SOLDIERS_BOARD1: Lesson = Lesson {
    game: GameId::Soldiers,
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
pub(super) const SOLDIERS_BOARD2: Lesson = Lesson {
    game: GameId::Soldiers,
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
pub(super) const SOLDIERS_BOARD3: Lesson = Lesson {
    game: GameId::Soldiers,
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
pub(super) const SOLDIERS_BOARD4: Lesson = Lesson {
    game: GameId::Soldiers,
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
pub(super) const MONK_AND_WATER: Lesson = Lesson {
    game: GameId::Soldiers,
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

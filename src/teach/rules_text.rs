//! The rules of each game written for players: the text of the F1 window, section by section.
//!
//! Every fact follows the rule book pages (`/work/shared/rules/*.md`), including every point the
//! pages mark as a decision; the seeds only lend flavour. [`sections`] gives a game's sections,
//! [`variant_notes`] the short note for one board of the Sixteen Soldiers family.

use parlour_rules::GameId;

/// One titled part of a game's rules: a heading and the paragraphs under it.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Section {
    /// The heading ("Goal", "Your turn", …).
    pub(crate) title: &'static str,
    /// The paragraphs, each shown wrapped on its own.
    pub(crate) paragraphs: &'static [&'static str],
}

/// The rules of `game`.
pub(crate) fn sections(game: GameId) -> &'static [Section] {
    match game {
        GameId::Kansho => KANSHO,
        GameId::Konane => KONANE,
        GameId::ConHex => CONHEX,
        GameId::Qyshinsu => QYSHINSU,
        GameId::Soldiers => SOLDIERS,
    }
}

/// What is particular to one board of the Sixteen Soldiers family (`variant` is the option
/// value: `board1`, `board2`, `board3`, `board4` or `monk`), or an empty text for an unknown one.
pub(crate) fn variant_notes(variant: &str) -> &'static str {
    match variant {
        "board1" => {
            "Shap Luk Kon Tseung Kwan (Board 1). 29 points: the 5 × 5 alquerque square with a 4-point \
             triangular privy on its top side, entered from b5, c5 and d5, with its apex at the top \
             (t_apex). The general starts in the centre (c3) and moves first; the 16 soldiers stand on \
             every point round the edge of the square. The general captures by intervention, and the \
             soldiers can capture him by custodian. The general wins when 4 soldiers or fewer are left."
        }
        "board2" => {
            "Shap Luk Kon Tseung Kwan (Board 2). 31 points: the 5 × 5 alquerque square with a 6-point \
             privy hinged on the top middle point c5, its only entrance; the privy widens upwards and \
             all three points of its top row are apex points. The general starts in the centre (c3) \
             and moves first; the 16 soldiers stand round the edge of the square. The general captures \
             by intervention, and the soldiers can capture him by custodian. The general wins when 4 \
             soldiers or fewer are left."
        }
        "board3" => {
            "Yeung Luk Sz' Kon Tseung Kwan (Board 3, Nanking). 49 points: a 5 × 9 grid of orthogonal \
             lines (no diagonals in the grid) with a 4-point privy above the top side, entered from b9, c9 and d9, \
             with its apex at the top (t_apex). 26 soldiers fill the three middle files (b, c and d) \
             except the centre point c5, where the general starts. The soldiers move first. The general \
             captures by jumping, several jumps in a turn, and capturing is compulsory; there is no \
             custodian capture, so the soldiers win only by pinning or shutting him in. The general \
             wins when 6 soldiers or fewer are left."
        }
        "board4" => {
            "Juroku Musashi (Board 4), \"sixteen soldiers\" in Japanese. 33 points: the 5 × 5 alquerque \
             square with an 8-point triangular privy hinged on c5, its only entrance, and three apex \
             points (the two outer corners and the middle of its top row). The general starts in the \
             centre (c3) and moves first; the 16 soldiers stand round the edge of the square. The \
             general captures by jumping, several jumps in a turn, and capturing is compulsory; there \
             is no custodian capture, so the soldiers win only by pinning or shutting him in. The \
             general wins when 4 soldiers or fewer are left."
        }
        "monk" => {
            "Monk and Water (Shui yen ho-shang), a board also found carved at Preah Khan, an Angkor \
             temple. 29 points: the 5 × 5 alquerque square with a diamond-shaped cloister on top, \
             entered only from c5. The monk starts on that entrance; 15 water stand on every other \
             point round the edge of the square, and the water moves first. The monk captures by \
             intervention (never compulsory); there is no custodian capture. The monk wins by stepping \
             onto the cloister's apex (k_apex) while no water stands on c5, or when 5 water or fewer \
             are left. The water wins when the monk stands in the cloister and water occupies c5, or \
             when he cannot move. The apex option makes no difference here."
        }
        _ => "",
    }
}

const KANSHO: &[Section] = &[
    Section {
        title: "Goal",
        paragraphs: &[
            "End the game with more of your markers on the board than your opponent. \"Kansho\" is \
             Japanese for \"interference\", and interfering is the way to win: one critical move often \
             decides a game.",
        ],
    },
    Section {
        title: "Setup",
        paragraphs: &[
            "The board has 252 hexagonal cells around a hole of seven cells in the middle. Markers that \
             leave the board fall through the hole into the discard box below and never come back.",
            "White and Black each start with 123 markers in hand, so the board can never fill up. \
             White places first unless you choose Black in the new-game dialog; the rule book says \
             starting gives no advantage, and players may draw lots.",
        ],
    },
    Section {
        title: "Your turn",
        paragraphs: &[
            "A turn has three steps, always in this order.",
            "1. Place. Put one marker on any empty cell: the centre. Then every neighbour of the centre \
             that is not already yours becomes yours: an empty neighbour is filled, and an opponent's \
             marker is replaced by one of yours (theirs goes to the discard box). The centre and each \
             filled or replaced cell cost one marker from your hand; your own neighbouring markers stay \
             as they are and cost nothing. The hole and the edge of the board are simply ignored.",
            "Short hand: if, after paying for the centre, you hold fewer markers than the neighbours \
             that need one, you choose which of those neighbours to fill, and you must use every marker \
             you have left. With none left, only the centre is placed.",
            "2. Discard surrounded areas. An area is a group of markers of one colour joined by touching. \
             An area with no empty cell next to it is surrounded; the edge of the board and the edge of \
             the hole count as walls. First every surrounded area of your opponent's is discarded; then, \
             on the board as it now stands, every surrounded area of your own is discarded too. (So you \
             only lose your own area when your move captured nothing next to it.)",
            "3. Discard solo markers. Every marker of either colour with at most one neighbouring marker \
             of its own colour is discarded. Only same-colour neighbours count: opponents, empty cells, \
             the edge and the hole do not. This happens in waves: each wave removes every marker that \
             qualifies at that moment, and the waves go on until every marker left has at least two \
             same-colour neighbours. Surrounded areas are not checked again afterwards.",
        ],
    },
    Section {
        title: "Whose turn next",
        paragraphs: &[
            "Your opponent moves next if they still have markers in hand; if not, you move again \
             (repeat turns), as often as needed. Every move leaves at least six empty cells, so a \
             player with markers always has a legal move.",
        ],
    },
    Section {
        title: "How the game ends",
        paragraphs: &[
            "The game ends when both hands are empty; it lasts at most 246 turns. Your score is the \
             number of your markers on the board. Equal scores are a draw.",
            "Otherwise the rule book's table names the win from the two scores, from the narrowest to \
             the most crushing: Hollow Victory, Technical Victory, Outright Victory, Domination and \
             Annihilation. Roughly, winning by up to about a tenth more markers than the loser is \
             Hollow, by up to about a third more Technical, by up to nearly double Outright, by up to \
             about three times Domination, and by more Annihilation; the game uses the printed table \
             exactly, row by row, and names the result at the end.",
            "Where the table leaves a gap: a loser with no markers on the board suffers an \
             Annihilation; against a losing score of 108 or more, any win is a Hollow Victory; and 122 \
             against 64, which the printed table skips, is a Domination.",
        ],
    },
    Section {
        title: "Options",
        paragraphs: &["Who places first: White (the default) or Black."],
    },
    Section {
        title: "Notation",
        paragraphs: &[
            "A move is its centre cell as q,r (3,-2); with a short hand the chosen neighbours follow, \
             each after +, ordered by q and then r: 3,-2+3,-1+4,-2.",
        ],
    },
];

const KONANE: &[Section] = &[
    Section {
        title: "Goal",
        paragraphs: &[
            "Make the last move. Whoever cannot move on their turn loses; the number of stones each side \
             has captured makes no difference.",
        ],
    },
    Section {
        title: "Setup",
        paragraphs: &[
            "The board is a grid of squares completely filled with black and white stones in a \
             chequerboard pattern. Files are lettered a, b, c, … from the left and ranks numbered 1, 2, \
             … from the bottom; a1 holds White, so on the 8 × 8 board h1 and a8 hold Black. Black \
             moves first.",
        ],
    },
    Section {
        title: "Opening",
        paragraphs: &[
            "The board starts full, so the game opens with two removals.",
            "1. Black lifts one of its own stones from one of the four corner squares or one of the \
             four central squares (the 2 × 2 middle). Only squares holding a black stone qualify, so \
             there are exactly four choices (on 8 × 8: a8, d5, e4 and h1).",
            "2. White lifts one of its own stones next to that hole: directly above, below, left or \
             right of it.",
        ],
    },
    Section {
        title: "Your turn",
        paragraphs: &[
            "After the opening every move is a capture. One of your stones jumps over an enemy stone \
             next to it (up, down, left or right, never diagonally) onto the empty square directly \
             beyond, and the jumped stone is removed. There are no moves without a jump.",
            "The same stone may keep jumping, but only in the same direction, and you may stop after \
             any jump: you never have to take every capture on offer. The whole chain is one move.",
        ],
    },
    Section {
        title: "How the game ends",
        paragraphs: &["A player with no legal move on their turn loses. There are no draws."],
    },
    Section {
        title: "Options",
        paragraphs: &[
            "Board size, written files × ranks: square from 6 × 6 to 18 × 18 (8 × 8 is the default), \
             or a rectangle with both sides even from 4 to 18, as many historical boards were.",
        ],
    },
    Section {
        title: "Notation",
        paragraphs: &[
            "An opening removal is x and the square (xe4); a jump lists the squares visited joined by - \
             (c3-c5, or c3-c5-c7 for a double jump).",
        ],
    },
];

const CONHEX: &[Section] = &[
    Section {
        title: "Goal",
        paragraphs: &[
            "Join your two sides of the board with an unbroken chain of cells you own: Blue joins top \
             and bottom, Red joins left and right. ConHex is a game by Michail Antonow, with no luck \
             involved.",
        ],
    },
    Section {
        title: "Setup",
        paragraphs: &[
            "The board has 41 cells outlined by straight lines, with 69 holes where the lines meet. It \
             starts empty. Blue (player 1) places first; Red is player 2.",
        ],
    },
    Section {
        title: "Your turn",
        paragraphs: &["Put one peg of your colour in any empty hole. Pegs stay where they are for the whole game."],
    },
    Section {
        title: "Claiming cells",
        paragraphs: &[
            "A cell becomes yours the moment you hold at least half of the holes around it, if nobody \
             claimed it first. Claims are permanent.",
            "The three-hole cells along the edges and in the corners need 2 pegs; the six-hole cells \
             need 3; the five-hole cell in the centre, whose middle hole F6 belongs to it alone, needs \
             3. Most holes are shared by three cells, so one peg can claim up to three cells at once.",
        ],
    },
    Section {
        title: "Swap",
        paragraphs: &[
            "With swap on (the default), Red may answer Blue's first peg with swap instead of placing. \
             The peg stays where it is and the two players exchange colours and goals: whoever was Red \
             now owns that peg, plays Blue and joins top and bottom, and the other player moves next as \
             Red. Swap is only possible as the second move of the game; it keeps Blue from opening too \
             strongly.",
        ],
    },
    Section {
        title: "How the game ends",
        paragraphs: &[
            "The first player to own a chain of adjacent cells joining their two sides wins at once. A \
             corner cell counts as touching both of its sides, for both players. There are no draws: \
             a full board always has exactly one winner.",
        ],
    },
    Section {
        title: "Options",
        paragraphs: &["Swap: on (the default) or off."],
    },
    Section {
        title: "Notation",
        paragraphs: &[
            "A move is a hole's name, its column letter A–K and its row 1–11 counted from the top (F6 is \
             the centre); the swap is written swap.",
        ],
    },
];

const QYSHINSU: &[Section] = &[
    Section {
        title: "Goal",
        paragraphs: &[
            "Leave your opponent without a legal move: then you have \"returned to the Way\". The game is \
             Qyshinsu: Mystery of the Way, by R. A. Frederickson (2008).",
        ],
    },
    Section {
        title: "Setup",
        paragraphs: &[
            "A round board of 12 positions, numbered 1 to 12 clockwise, with room for one stone on each. \
             It starts empty.",
            "Black and Red each hold twelve stones: two each of six kinds, the Old Stone (unmarked) and \
             the 1-, 2-, 3-, 4- and 5-stone. Black moves first and may add any of its stones at any \
             position.",
        ],
    },
    Section {
        title: "Your turn",
        paragraphs: &[
            "Every later turn you either add one of your stones to an empty position, or remove one of \
             your own stones from the board. A removed stone goes back to your hand and may be added \
             again later.",
            "Where you may act is set by your opponent's move just before, whether it was an add or a \
             remove:",
            "An n-stone (1 to 5) at position m: act n positions from m, either way round the ring. An \
             empty position there lets you add; one holding your stone lets you remove it; one holding \
             your opponent's stone allows nothing. (Black opens with the 4-stone at 2: Red must add at \
             6 or 10.)",
            "An Old Stone added at m: you must add a stone at the empty position nearest to m (on a tie, \
             either one).",
            "An Old Stone removed from m: you must remove your own stone nearest to m (on a tie, either \
             one).",
            "Distances are counted the shorter way round the ring. The Old Stone rules allow only the \
             nearest position(s). If nothing legal can be done there, there is no fallback to the next \
             nearest: you have no legal move and lose.",
        ],
    },
    Section {
        title: "The three Precepts",
        paragraphs: &[
            "1. Never touch your opponent's stones: you add and remove only your own.",
            "2. At most two stones of one kind may be on the board at once, counting both colours.",
            "3. If your own previous move removed a stone of some kind from a position, your next move \
             may not add a stone of that kind at that position.",
            "Any kind you still hold may be added, as long as Precepts 2 and 3 allow it.",
        ],
    },
    Section {
        title: "How the game ends",
        paragraphs: &[
            "A player with no legal move on their turn loses.",
            "House rule: the third time the same position occurs, the game is a draw. The same position \
             means the same stones on the ring, the same hands, the same last move by each player (add \
             or remove, kind and position) and the same side to move; the start counts as the first \
             time.",
        ],
    },
    Section {
        title: "Options",
        paragraphs: &["None: the rules are fixed, and Black always moves first."],
    },
    Section {
        title: "Notation",
        paragraphs: &[
            "An add is the kind (o for the Old Stone, or 1–5), @ and the position: o@7, 4@2; a remove is \
             x@ and the position of your stone: x@9.",
        ],
    },
];

const SOLDIERS: &[Section] = &[
    Section {
        title: "Goal",
        paragraphs: &[
            "One hunter, the General (in Monk and Water, the Monk), against many soldiers (Water). The \
             soldiers try to trap the hunter; the hunter tries to capture so many soldiers that they \
             no longer can. The Cantonese name, Shap Luk Kon Tsu Tseung Kwan, means roughly \"sixteen \
             pursue the general\"; boards were once scratched in the dust of quiet roads.",
        ],
    },
    Section {
        title: "Setup",
        paragraphs: &[
            "There are five boards, each with its own number of soldiers, captures and first player; \
             the notes under \"This board\" describe the one in play. Every board has a refuge: the \
             general's privy (in Monk and Water, the monk's cloister).",
        ],
    },
    Section {
        title: "Your turn",
        paragraphs: &[
            "Any piece, hunter or soldier, moves one step along a line to an adjacent empty point. You \
             may not pass.",
            "Soldiers may never enter the refuge; the hunter may.",
        ],
    },
    Section {
        title: "Capturing",
        paragraphs: &[
            "Intervention (boards 1 and 2, Monk and Water): when the hunter moves onto a point and, along \
             some line, the points on both sides of it hold soldiers, both are captured, on every such \
             line at once, so one move can take four or more. Stepping there is your choice; the capture \
             that follows is not.",
            "Jump (boards 3 and 4): the hunter jumps along a line over an adjacent soldier onto the empty \
             point directly beyond and captures it. He may go on jumping in the same turn, changing \
             direction as he likes. Capturing is compulsory: if any jump is available he must jump, and \
             he must keep jumping while another jump is available; when several chains are possible, he \
             chooses. A jumped soldier leaves at once, so it cannot be jumped twice and its point is free \
             again, and a chain may end on the point it started from.",
            "Custodian (boards 1 and 2 only): when a soldier's move leaves the general between that \
             soldier and another soldier on one line (three points in a row), the general is captured. \
             Only a soldier's move does this; a general who steps between two soldiers captures them \
             instead.",
        ],
    },
    Section {
        title: "How the game ends",
        paragraphs: &[
            "The soldiers win by capturing the general (boards 1 and 2), by pinning him, or by shutting \
             him in: he is inside the refuge and a soldier stands on every exit of the refuge.",
            "Pinned: a side with no legal move on its turn loses, the hunter as well as the soldiers.",
            "The hunter wins when the soldiers are down to the board's threshold or fewer: 4 on the \
             sixteen-soldier boards (1, 2 and 4), 6 on the 26-soldier Nanking board (3), 5 water in Monk \
             and Water.",
            "Apex rule (boards 1 to 4, on by default): the general also wins if he reaches an apex point \
             of the privy (any of them, where there are several) and later makes a move, a step or a \
             jump chain, that ends outside the privy. It is judged at the end of the move.",
            "Monk and Water replaces the apex rule with its cloister rules: the monk wins by stepping \
             onto the cloister's apex while no water stands on the entrance (c5); the water wins when the \
             monk stands in the cloister and water occupies the entrance. Pinning and the threshold hold \
             there as everywhere.",
            "Draws (house rules): the third time the same position occurs (the same hunter point, soldier \
             points, side to move and whether the apex has been reached; the start counts as the first \
             time), or 200 moves in a row, 100 by each side, without a capture, counted from the start \
             or the last capture; the draw comes right after the 200th.",
            "After every move the checks run in this order and the first that holds decides: custodian \
             capture, shut-in, the hunter's threshold, apex, the side to move pinned, threefold \
             repetition, the no-capture draw.",
        ],
    },
    Section {
        title: "Options",
        paragraphs: &[
            "Variant: board1 (the default), board2, board3, board4 or monk. Apex rule: on (the default) \
             or off; Monk and Water keeps its own cloister rules either way.",
        ],
    },
    Section {
        title: "Notation",
        paragraphs: &[
            "Points are named as on the board (c3, t_apex, k_l); a step is c3-c4, and a jump chain lists \
             every landing point: c3-c5-e5.",
        ],
    },
];

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_game_and_variant_has_text() {
        for game in ["kansho", "konane", "conhex", "qyshinsu", "qushinsu", "soldiers"] {
            let s = GameId::parse(game).map_or(&[][..], sections);
            assert!(s.len() >= 5, "{game}");
            assert!(
                s.iter().all(|s| !s.title.is_empty() && !s.paragraphs.is_empty()),
                "{game}"
            );
            assert_eq!(s.last().map(|s| s.title), Some("Notation"), "{game}");
        }
        for v in ["board1", "board2", "board3", "board4", "monk"] {
            assert!(!variant_notes(v).is_empty(), "{v}");
        }
        assert!(GameId::parse("chess").map_or(&[][..], sections).is_empty());
        assert!(variant_notes("board9").is_empty());
    }
}

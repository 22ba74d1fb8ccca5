//! Kansho's walkthrough: the first moves, then the rule book's worked examples (surrounded
//! against the edge and in the open, solo waves, the end of a game).

use super::script::{Lesson, Start, Step};
use parlour_rules::GameId;

pub(super) const KANSHO: Lesson = Lesson {
    game: GameId::Kansho,
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

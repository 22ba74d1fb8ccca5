//! Qyshinsu's walkthrough: what each stone asks of the reply, then the rule book's worked
//! examples of the three Precepts.

use super::script::{Lesson, Start, Step};
use parlour_rules::GameId;

pub(super) const QYSHINSU: Lesson = Lesson {
    game: GameId::Qyshinsu,
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

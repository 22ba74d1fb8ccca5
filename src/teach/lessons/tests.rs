//! The walkthroughs played through the rules: every step legal, Back showing what Next left,
//! and each step doing what its words say.

use std::collections::BTreeSet;

use super::*;
use crate::games::build::new_match;
use crate::games::effects::Stage;
use parlour_rules::kansho::result_display;
use parlour_rules::qyshinsu::Qyshinsu;
use parlour_rules::soldiers::{Rules, Soldiers};
use parlour_rules::{Counter, Game, Player, Status};

/// Every walkthrough.
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
            let l = lesson(GameId::Soldiers, &options);
            assert_eq!((l.game, l.options), (GameId::Soldiers, &[("variant", id)][..]));
            assert!(
                ALL.iter().any(|a| (a.game, a.options) == (l.game, l.options)),
                "{id}'s walkthrough is played by the test"
            );
        }
    }
    assert_eq!(lesson(GameId::Soldiers, &[]).options, [("variant", "board1")]);
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
        let seen = play_through(lesson);
        match (lesson.game.id(), lesson.options) {
            ("kansho", _) => kansho_shows(lesson, &seen),
            ("konane", _) => {
                let s = step_of(lesson, &seen, "f1-f3-f5");
                assert_eq!(
                    value(&s.after, "captured by black") - value(&s.before, "captured by black"),
                    2
                );
            }
            ("conhex", _) => {
                let s = step_of(lesson, &seen, "B6 J3");
                assert_eq!(value(&s.after, "red cells") - value(&s.before, "red cells"), 1);
            }
            ("qyshinsu", _) => qyshinsu_shows(lesson, &seen),
            ("soldiers", _) => soldiers_shows(lesson, &seen),
            _ => panic!("{}: no checks for this walkthrough", lesson.game),
        }
    }
}

/// Plays every step of `lesson` as Next and Back do, checking that the steps are legal, that
/// Back shows exactly the position Next left and that no step plays on after the game is
/// over; returns what each step showed.
fn play_through(lesson: &Lesson) -> Vec<Seen> {
    let game = lesson.game.id();
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
    seen
}

/// What the step that plays `moves` showed.
fn step_of<'a>(lesson: &Lesson, seen: &'a [Seen], moves: &str) -> &'a Seen {
    let i = lesson.steps.iter().position(|s| s.moves == moves).expect("a step");
    &seen[i]
}

/// What the step that sets up the position `start` begins with showed.
fn set_up_of<'a>(lesson: &Lesson, seen: &'a [Seen], start: &str) -> &'a Seen {
    let i = lesson
        .steps
        .iter()
        .position(|s| match s.start {
            Some(Start::Position(t) | Start::Moves(t)) => t.starts_with(start),
            None => false,
        })
        .expect("a set-up step");
    &seen[i]
}

/// Whether a caption of the step says `text`.
fn has(s: &Seen, text: &str) -> bool {
    s.captions.iter().any(|c| c.contains(text))
}

/// Kansho's walkthrough: the first moves fill and replace as the words say, and each worked
/// example surrounds, discards and ends the game as it says.
fn kansho_shows(lesson: &Lesson, seen: &[Seen]) {
    let step = |moves: &str| step_of(lesson, seen, moves);
    let set_up = |start: &str| set_up_of(lesson, seen, start);
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

/// Qyshinsu's walkthrough: exactly the replies its words name are legal, and the rules refuse
/// the others for the Precept the words give.
fn qyshinsu_shows(lesson: &Lesson, seen: &[Seen]) {
    let step = |moves: &str| step_of(lesson, seen, moves);
    let set_up = |start: &str| set_up_of(lesson, seen, start);
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
    assert!(!new_match(&setup).unwrap().set_up());
    let qy = QYSHINSU.setup();
    assert!(
        match_from_position(&qy, "anything").is_err(),
        "Qyshinsu is reached by moves"
    );
}

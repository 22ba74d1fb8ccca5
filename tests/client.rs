//! Headless client tests: `MinimalPlugins` + `StatesPlugin` + the logic plugins, no window or
//! rendering. Moves are written as `MoveInput` messages and the app is stepped with
//! `app.update()` on a fixed clock.

mod common;

use std::time::Duration;

use bevy::prelude::*;
use bevy::state::app::StatesPlugin;
use bevy::time::TimeUpdateStrategy;
use common::until;
use parlour::games::build::{Setup, setup_of};
use parlour::games::client::ClientGame;
use parlour::games::effects::Stage;
use parlour::games::parts::OFF_BOARD;
use parlour::play::board::AnimQueue;
use parlour::play::board::{Match, Piece, Resolution, StartMoves, StartProblems};
use parlour::play::messages::{GameCommand, MoveInput};
use parlour::state::{Phase, Screen};
use parlour_ai::Level;
use parlour_rules::kansho::{Kansho, KanshoStep};
use parlour_rules::{Game, GameId, GameOptions};

fn app(game: &str, seats: [Option<Level>; 2], start: Vec<String>) -> App {
    app_with(game, &[], seats, start)
}

fn app_with(game: &str, options: &[(&str, &str)], seats: [Option<Level>; 2], start: Vec<String>) -> App {
    let mut app = App::new();
    app.add_plugins((MinimalPlugins, StatesPlugin))
        .insert_resource(TimeUpdateStrategy::ManualDuration(Duration::from_millis(50)))
        .add_plugins(parlour::logic_plugin)
        .insert_resource(setup_of(game.parse().expect("a game"), options, seats).0)
        .insert_resource(StartMoves(start));
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Playing);
    app.update();
    app.update();
    app
}

/// Every piece as (key, look, position), sorted.
fn pieces(app: &mut App) -> Vec<(u32, String, [i32; 3])> {
    let mut v: Vec<_> = app
        .world_mut()
        .query::<(&Piece, &Transform)>()
        .iter(app.world())
        .map(|(p, t)| {
            (
                p.key,
                format!("{:?}", p.look),
                (t.translation * 1000.0).round().as_ivec3().to_array(),
            )
        })
        .collect();
    v.sort();
    v
}

fn counts(app: &mut App) -> (usize, usize) {
    let all = pieces(app);
    let board = all.iter().filter(|p| p.0 < OFF_BOARD).count();
    (board, all.len() - board)
}

fn phase(app: &App) -> Phase {
    *app.world().resource::<State<Phase>>().get()
}

/// Steps until the move in progress has resolved; returns the frames taken.
fn settle(app: &mut App) -> usize {
    for frame in 0..4000 {
        app.update();
        let busy = app.world().resource::<Resolution>().active || !app.world().resource::<AnimQueue>().idle();
        if !busy && phase(app) != Phase::Resolving {
            return frame;
        }
    }
    panic!("the move never finished resolving");
}

/// A Kansho game line (picked deterministically) whose last move discards markers, in notation.
fn line_with_discards() -> (Vec<String>, String) {
    let mut s = Kansho::new(&Default::default());
    let mut played = Vec::new();
    let mut buf = Vec::new();
    for i in 0..400usize {
        s.legal_moves(&mut buf);
        assert!(!buf.is_empty(), "game ended before any discard");
        let mv = buf[(i * 7919 + 13) % buf.len()];
        let text = s.format_move(&mv);
        let mut steps = Vec::new();
        let mut next = s.clone();
        next.apply_recorded(mv, &mut steps);
        if steps
            .iter()
            .any(|st| matches!(st, KanshoStep::AreaDiscarded { .. } | KanshoStep::SoloWave { .. }))
        {
            return (played, text);
        }
        played.push(text);
        s = next;
    }
    panic!("no discard in 400 moves");
}

#[test]
fn kansho_move_runs_its_stages_in_order_and_discards_into_the_box() {
    let (start, mv_text) = line_with_discards();
    let mut state = Kansho::new(&Default::default());
    for t in &start {
        parlour_rules::play_text(&mut state, t).expect("start line is legal");
    }
    let mv = state.parse_move(&mv_text).expect("move parses");
    // What the rules say after each stage.
    let mut expected = Vec::new();
    let mut s = state.clone();
    let total = |s: &Kansho, f: fn(&Kansho, parlour_rules::Player) -> u8| {
        parlour_rules::Player::BOTH
            .iter()
            .map(|&p| usize::from(f(s, p)))
            .sum::<usize>()
    };
    expected.push((total(&s, Kansho::on_board), total(&s, Kansho::discarded)));
    for stage in Stage::ALL {
        s.run_stage(stage, mv, &mut Vec::new());
        expected.push((total(&s, Kansho::on_board), total(&s, Kansho::discarded)));
    }

    let n_start = start.len();
    let mut app = app("kansho", [None, None], start);
    assert_eq!(phase(&app), Phase::AwaitingInput);
    assert_eq!(app.world().resource::<Match>().0.history().len(), n_start);
    assert_eq!(counts(&mut app), expected[0], "the table matches the start position");
    let tokens = state.tokens(&mv);
    app.world_mut().write_message(MoveInput::Whole(tokens));
    let mut checked = Vec::new();
    for _ in 0..4000 {
        app.update();
        let done = app.world().resource::<Resolution>().done.clone();
        let idle = app.world().resource::<AnimQueue>().idle();
        if idle && !checked.contains(&done.len()) {
            assert_eq!(counts(&mut app), expected[done.len()], "after stages {done:?}");
            checked.push(done.len());
        }
        if !app.world().resource::<Resolution>().active && idle {
            break;
        }
    }
    assert_eq!(
        app.world().resource::<Resolution>().done,
        Stage::ALL.to_vec(),
        "stages ran in order"
    );
    assert!(checked.len() >= 2, "checked at several stage boundaries: {checked:?}");
    assert_eq!(counts(&mut app), *expected.last().unwrap());
    // Every discarded marker lies in the box under the board.
    let boxed: Vec<_> = pieces(&mut app).into_iter().filter(|p| p.0 >= OFF_BOARD).collect();
    assert!(!boxed.is_empty());
    assert!(
        boxed.iter().all(|p| p.2[1] < -1000),
        "box markers are below the board: {boxed:?}"
    );
    assert_eq!(app.world().resource::<Match>().0.history().len(), n_start + 1);
}

fn one_move<G: ClientGame>(id: &str) {
    let state = G::new(&Default::default());
    let mut buf = Vec::new();
    state.legal_moves(&mut buf);
    let mv = buf[buf.len() / 2];
    let mut after = state.clone();
    after.apply(mv);
    let mut app = app(id, [None, None], Vec::new());
    let want = |s: &G| {
        let mut v: Vec<_> = s
            .pieces()
            .into_iter()
            .map(|p| (p.key, format!("{:?}", p.look)))
            .collect();
        v.sort();
        v
    };
    let have = |app: &mut App| pieces(app).into_iter().map(|p| (p.0, p.1)).collect::<Vec<_>>();
    assert_eq!(have(&mut app), want(&state), "{id}: start");
    app.world_mut().write_message(MoveInput::Whole(state.tokens(&mv)));
    app.update();
    assert!(
        app.world().resource::<Resolution>().active,
        "{id}: the move is being resolved"
    );
    app.update();
    assert_eq!(
        phase(&app),
        Phase::Resolving,
        "{id}: input waits while the move resolves"
    );
    settle(&mut app);
    assert_eq!(have(&mut app), want(&after), "{id}: after {}", state.format_move(&mv));
    assert_eq!(app.world().resource::<Match>().0.history().len(), 1);
}

#[test]
fn one_move_of_every_other_game() {
    one_move::<parlour_rules::konane::Konane>("konane");
    one_move::<parlour_rules::conhex::ConHex>("conhex");
    one_move::<parlour_rules::qyshinsu::Qyshinsu>("qyshinsu");
    one_move::<parlour_rules::soldiers::Soldiers>("soldiers");
}

#[test]
fn clicks_enter_a_move_part_by_part() {
    use parlour::games::parts::Token;
    // Kōnane: Black lifts a stone with one click.
    let mut app = app("konane", [None, None], Vec::new());
    let state = parlour_rules::konane::Konane::new(&Default::default());
    let mv = state.parse_move("xd5").expect("parses");
    for t in state.tokens(&mv) {
        app.world_mut().write_message(MoveInput::Click(t));
        app.update();
    }
    settle(&mut app);
    assert_eq!(app.world().resource::<Match>().0.history().len(), 1);
    // A click on a spot that starts nothing is refused and changes nothing.
    app.world_mut().write_message(MoveInput::Click(Token::Spot(0)));
    app.update();
    assert_eq!(app.world().resource::<Match>().0.history().len(), 1);
}

#[test]
fn a_tap_on_the_empty_table_puts_back_the_piece_lifted() {
    use parlour::play::board::Selection;
    // Kōnane after both removals: Black lifts the stone on b5 (it may jump to d5)...
    let start: Vec<String> = ["xd5", "xe5"].iter().map(|s| s.to_string()).collect();
    let mut app = app("konane", [None, None], start);
    settle(&mut app);
    let lifted = konane_spot(&app, "b5");
    app.world_mut().write_message(MoveInput::Click(lifted));
    app.update();
    assert_eq!(app.world().resource::<Selection>().prefix, vec![lifted]);
    let offered = app.world().resource::<Selection>().next.clone();
    assert!(!offered.is_empty(), "a lifted stone offers where it may jump");
    // ...and a tap beside the board puts it back: nothing is played, every stone may be lifted again.
    app.world_mut().write_message(MoveInput::Cancel);
    app.update();
    let sel = app.world().resource::<Selection>();
    assert!(sel.prefix.is_empty());
    assert!(sel.next.contains(&lifted) && !sel.next.iter().any(|t| offered.contains(t) && *t != lifted));
    assert_eq!(app.world().resource::<Match>().0.history().len(), 2);
}

#[test]
fn an_ai_turn_completes_while_frames_keep_running() {
    let mut app = app("conhex", [Some(Level::Novice), None], Vec::new());
    assert_eq!(phase(&app), Phase::AiThinking);
    let mut frames = 0;
    while app.world().resource::<Match>().0.history().is_empty() {
        app.update();
        frames += 1;
        assert!(frames < 5000, "the AI never moved");
        std::thread::sleep(Duration::from_millis(1));
    }
    assert!(
        app.world().resource::<parlour::ai::AiTurn>().frames > 3,
        "frames kept running during the search"
    );
    settle(&mut app);
    assert_eq!(phase(&app), Phase::AwaitingInput, "the human's turn after the AI's");
    assert_eq!(counts(&mut app).0, 1, "one peg on the board");
}

#[test]
fn undo_restores_entities_exactly() {
    let (start, mv_text) = line_with_discards();
    let mut app = app("kansho", [None, None], start);
    let before = pieces(&mut app);
    let tokens = app.world().resource::<Match>().0.parse(&mv_text).expect("parses");
    app.world_mut().write_message(MoveInput::Whole(tokens));
    settle(&mut app);
    assert_ne!(pieces(&mut app), before);
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    app.update();
    assert_eq!(
        pieces(&mut app),
        before,
        "undo restores every piece, its look and its place"
    );
    app.world_mut().write_message(GameCommand::Redo);
    app.update();
    app.update();
    assert_ne!(pieces(&mut app), before);
}

/// Spot id of a Kōnane square by name.
fn konane_spot(app: &App, name: &str) -> parlour::games::parts::Token {
    let m = &app.world().resource::<Match>().0;
    let spot = m
        .spots()
        .into_iter()
        .find(|s| s.name == name)
        .expect("a square of the board");
    parlour::games::parts::Token::Spot(spot.id)
}

#[test]
fn a_refused_click_says_why_in_the_rules_words() {
    use parlour::play::board::Selection;
    let start: Vec<String> = ["xd5", "xe5"].iter().map(|s| s.to_string()).collect();
    let mut app = app("konane", [None, None], start);
    let refusal = |app: &App| app.world().resource::<Selection>().refusal.clone();
    // A stone that cannot jump there: the clicks spell b5-b7, which the rules refuse with their
    // own sentence.
    for name in ["b5", "b7"] {
        let t = konane_spot(&app, name);
        app.world_mut().write_message(MoveInput::Click(t));
        app.update();
    }
    let why = refusal(&app).expect("a reason for the refused click");
    assert!(
        why.ends_with('.') && why.chars().next().is_some_and(char::is_uppercase),
        "{why}"
    );
    let expected = {
        let mut k = parlour_rules::konane::Konane::new(&Default::default());
        for m in ["xd5", "xe5"] {
            k.play(k.parse_move(m).expect("parses")).expect("legal");
        }
        k.illegal_reason(&k.parse_move("b5-b7").expect("parses"))
    };
    assert!(
        why.to_lowercase().starts_with(&expected.to_lowercase()),
        "{why} / {expected}"
    );
    assert_eq!(
        app.world().resource::<Match>().0.history().len(),
        2,
        "nothing was played"
    );
    // The next good click clears it.
    let t = konane_spot(&app, "b5");
    app.world_mut().write_message(MoveInput::Click(t));
    app.update();
    assert_eq!(refusal(&app), None);
}

#[test]
fn a_click_in_the_move_list_shows_that_position_and_play_comes_back() {
    let start: Vec<String> = ["xd5", "xe5", "b5-d5", "e3-e5"].iter().map(|s| s.to_string()).collect();
    let mut app = app("konane", [None, None], start);
    let end = pieces(&mut app);
    app.world_mut().write_message(GameCommand::ReplayTo(2));
    app.update();
    app.update();
    assert_eq!(phase(&app), Phase::Reviewing);
    let m = &app.world().resource::<Match>().0;
    assert_eq!((m.history().len(), m.redo_len()), (2, 2));
    let ahead: Vec<String> = m.future_history().into_iter().map(|(_, t)| t).collect();
    assert_eq!(
        ahead,
        ["b5-d5", "e3-e5"],
        "the moves ahead, in the order they were played"
    );
    // Beyond the end clamps to the end; the table is the final one again.
    app.world_mut().write_message(GameCommand::ReplayTo(99));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Match>().0.history().len(), 4);
    assert_eq!(pieces(&mut app), end);
}

#[test]
fn replay_steps_back_instantly_and_forward_through_the_animations() {
    let start: Vec<String> = ["xd5", "xe5", "b5-d5"].iter().map(|s| s.to_string()).collect();
    let mut app = app("konane", [None, None], start);
    let end = pieces(&mut app);
    app.world_mut().write_message(GameCommand::ReplayStart);
    app.update();
    app.update();
    assert_eq!(phase(&app), Phase::Reviewing, "no one moves while replaying");
    assert_eq!(app.world().resource::<Match>().0.history().len(), 0);
    assert_eq!(app.world().resource::<Match>().0.redo_len(), 3);
    // Clicks are ignored while replaying.
    app.world_mut()
        .write_message(MoveInput::Click(parlour::games::parts::Token::Spot(27)));
    app.update();
    assert_eq!(app.world().resource::<Match>().0.history().len(), 0);
    let finished_before = app.world().resource::<AnimQueue>().finished;
    for _ in 0..3 {
        app.world_mut().write_message(GameCommand::ReplayForward);
        app.update();
        settle(&mut app);
    }
    assert!(
        app.world().resource::<AnimQueue>().finished >= finished_before + 3,
        "each move forward played its animation steps"
    );
    assert_eq!(pieces(&mut app), end, "forward to the end gives the same table");
    assert_eq!(phase(&app), Phase::Reviewing);
    app.world_mut().write_message(GameCommand::Review(false));
    app.update();
    app.update();
    assert_eq!(
        phase(&app),
        Phase::AwaitingInput,
        "play goes on from the replayed position"
    );
}

#[test]
fn a_pasted_move_list_names_its_first_bad_move() {
    let setup = Setup {
        game: GameId::Konane,
        options: GameOptions::standard(GameId::Konane),
        seats: [None, None],
    };
    let m = parlour::games::build::match_from_moves(&setup, "1. xd5 xe5\n2. b5-d5").expect("a legal list");
    assert_eq!(m.history().len(), 3);
    assert_eq!(parlour::games::build::move_list(m.as_ref()), "xd5 xe5 b5-d5");
    let e = parlour::games::build::match_from_moves(&setup, "xd5 xe5 a1-a3 b5-d5")
        .err()
        .expect("refused");
    assert!(e.starts_with("Move 3 ('a1-a3')"), "{e}");
    let e = parlour::games::build::match_from_moves(&setup, "xd5 hello")
        .err()
        .expect("refused");
    assert!(e.starts_with("Move 2 ('hello') is not a move"), "{e}");
}

#[test]
fn a_saved_match_loads_back_with_its_history_and_position() {
    let setup = Setup {
        game: GameId::Qyshinsu,
        options: GameOptions::standard(GameId::Qyshinsu),
        seats: [None, Some(Level::Novice)],
    };
    let mut m = parlour::games::build::new_match(&setup).expect("match");
    let mut played = 0;
    while played < 12 {
        let c = m.candidates(&[]);
        let Some(first) = c.next.first().copied() else { break };
        let mut toks = vec![first];
        loop {
            let c = m.candidates(&toks);
            if c.complete && c.next.is_empty() {
                break;
            }
            match c.next.first() {
                Some(t) => toks.push(*t),
                None => break,
            }
        }
        assert!(m.play_now(&toks));
        played += 1;
    }
    let save = m.to_save(setup.seats);
    let text = save.encode();
    let back = parlour::save::decode(text.as_bytes()).expect("decodes");
    let loaded = parlour::games::build::match_from_save(&back).expect("rebuilds");
    assert_eq!(loaded.history(), m.history());
    assert_eq!(loaded.pieces(), m.pieces());
    assert_eq!(loaded.counters(), m.counters());
    assert_eq!(back.players, setup.seats);
}

#[test]
fn a_new_palette_repaints_the_board_in_play_at_once() {
    use parlour::games::build::Palette;
    use parlour::play::board::BoardRoot;
    use parlour::settings::Settings;
    let mut app = app("conhex", [None, None], vec!["F6".into(), "E5".into()]);
    app.insert_resource(Settings::default());
    app.update();
    settle(&mut app);
    let palette = |app: &mut App| -> Vec<[f32; 4]> {
        let mut q = app.world_mut().query::<&BoardRoot>();
        let roots: Vec<_> = q.iter(app.world()).map(|b| b.palette).collect();
        assert_eq!(roots.len(), 1, "exactly one board on the table");
        roots[0].iter().map(|c| c.to_srgba().to_f32_array()).collect()
    };
    let before = palette(&mut app);
    let placed = pieces(&mut app);
    let history = app.world().resource::<Match>().0.history().len();
    app.world_mut().resource_mut::<Settings>().palette = Palette::ColourSafe;
    for _ in 0..4 {
        app.update();
    }
    settle(&mut app);
    let after = palette(&mut app);
    assert_ne!(after, before, "the board takes the new colours without a new game");
    let blue = Color::srgb_u8(0x00, 0x72, 0xb2).to_srgba().to_f32_array();
    assert_eq!(after[0], blue, "ConHex's first side is Okabe–Ito blue");
    assert_eq!(pieces(&mut app), placed, "every piece stays where it was");
    assert_eq!(
        app.world().resource::<Match>().0.history().len(),
        history,
        "the game goes on unchanged"
    );
    // Changed back while a move is being resolved: the move finishes, then the board repaints.
    let tokens = app.world().resource::<Match>().0.parse("D5").expect("parses");
    app.world_mut().write_message(MoveInput::Whole(tokens));
    app.update();
    assert!(app.world().resource::<Resolution>().active, "the move is resolving");
    app.world_mut().resource_mut::<Settings>().palette = Palette::Classic;
    settle(&mut app);
    for _ in 0..4 {
        app.update();
    }
    assert_eq!(
        app.world().resource::<Match>().0.history().len(),
        history + 1,
        "the move was played"
    );
    assert_eq!(palette(&mut app), before, "and the classic colours are back");
}

#[test]
fn a_finished_conhex_game_loaded_from_its_moves_lights_the_winning_chain() {
    use parlour::play::board::CellTint;
    use parlour_rules::conhex::ConHex;
    // A whole game (Blue joins top and bottom with its 21st peg), set up without animation.
    let line = "C2 I10 C10 B9 B8 B5 D10 B4 D5 C4 E3 F3 D3 C7 C6 D2 E2 D7 D6 B6 B7";
    let moves: Vec<String> = line.split(' ').map(String::from).collect();
    let mut app = app("conhex", [None, None], moves.clone());
    settle(&mut app);
    let mut rules = ConHex::new(&Default::default());
    for m in &moves {
        parlour_rules::play_text(&mut rules, m).unwrap();
    }
    let chain: Vec<u16> = rules
        .winning_chain()
        .expect("the line is a win")
        .into_iter()
        .map(u16::from)
        .collect();
    let mut q = app.world_mut().query::<&CellTint>();
    let mut lit: Vec<u16> = q.iter(app.world()).filter(|t| t.glow).map(|t| t.cell).collect();
    lit.sort_unstable();
    let mut want = chain.clone();
    want.sort_unstable();
    assert!(!want.is_empty());
    assert_eq!(lit, want, "exactly the winning chain glows");
    // Taking the winning move back puts the light out.
    app.world_mut().write_message(GameCommand::Undo);
    app.update();
    app.update();
    let mut q = app.world_mut().query::<&CellTint>();
    assert_eq!(
        q.iter(app.world()).filter(|t| t.glow).count(),
        0,
        "no glow once the win is undone"
    );
}

#[test]
fn bad_command_line_options_and_moves_open_the_game_with_a_sentence() {
    // A bad --moves: the game opens after the moves before it, and the player is told.
    let (setup, refused) = setup_of(GameId::Konane, &[("size", "99x3")], [None, None]);
    let mut a = App::new();
    a.add_plugins((MinimalPlugins, StatesPlugin))
        .add_plugins(parlour::logic_plugin)
        .init_resource::<parlour::state::Notice>()
        .insert_resource(setup)
        .insert_resource(StartProblems(refused.into_iter().collect()))
        .insert_resource(StartMoves(vec![
            "xd5".into(),
            "xe5".into(),
            "zz".into(),
            "b5-d5".into(),
        ]));
    a.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Playing);
    a.update();
    a.update();
    assert_eq!(phase(&a), Phase::AwaitingInput);
    assert_eq!(
        a.world().resource::<Match>().0.history().len(),
        2,
        "the two good moves were played"
    );
    let notice = a.world().resource::<parlour::state::Notice>();
    assert!(notice.error);
    assert!(notice.text.contains("Kōnane: "), "{}", notice.text);
    assert!(notice.text.contains("usual options"), "{}", notice.text);
    assert!(notice.text.contains("move 3 'zz'"), "{}", notice.text);
    assert!(notice.text.contains("after the 2 moves before it"), "{}", notice.text);
}

/// The review's analysis over a finished 4×6 Kōnane game (the real search thread): one ply per
/// move of the record, in order, Black's losing third move marked a proven blunder (only d3-b3
/// keeps the win), and a click on a ply shows the position after it.
#[test]
fn the_review_analyses_every_move_and_a_chosen_ply_shows_its_position() {
    use parlour_ai::analysis::Mark;
    let start: Vec<String> = ["xb3", "xa3", "b1-b3"].iter().map(|s| s.to_string()).collect();
    let mut app = app_with("konane", &[("size", "4x6")], [None, None], start);
    settle(&mut app);
    assert_eq!(app.world().resource::<Match>().0.history().len(), 3);
    let analyse = |from: usize| {
        let job = app
            .world()
            .resource::<Match>()
            .0
            .analysis_job(from, parlour::review::analysis::REVIEW_MS);
        let mut task = parlour::review::task::spawn(job);
        let mut plies = Vec::new();
        let began = std::time::Instant::now();
        while !task.poll(&mut plies) {
            assert!(began.elapsed().as_secs() < 120, "the analysis finishes");
            std::thread::sleep(Duration::from_millis(20));
        }
        plies
    };
    let plies = analyse(0);
    assert_eq!(plies.iter().map(|p| p.ply).collect::<Vec<_>>(), [1, 2, 3]);
    assert_eq!(plies[2].played, "b1-b3");
    assert_eq!(plies[2].mark, Mark::Blunder);
    assert_eq!(plies[2].proven, Some((true, false)));
    assert_eq!(plies[2].best(), "d3-b3");
    // A cancelled analysis goes on from the first move not done: the same verdict, numbered on.
    let rest = analyse(2);
    assert_eq!(rest.iter().map(|p| p.ply).collect::<Vec<_>>(), [3]);
    assert_eq!((rest[0].mark, rest[0].best()), (Mark::Blunder, "d3-b3"));
    app.world_mut().write_message(GameCommand::ReplayTo(2));
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Match>().0.history().len(), 2);
}

/// "Show the best line": the line is played on the board from before the chosen move, with its
/// animations, and then the reviewed game comes back as it was, moves taken back included.
#[test]
fn the_reviews_line_plays_out_and_the_game_comes_back() {
    use parlour::play::board::OffRecord;
    use parlour::review::branch::ReviewAction;
    let start: Vec<String> = ["xb3", "xa3", "b1-b3"].iter().map(|s| s.to_string()).collect();
    let mut app = app_with("konane", &[("size", "4x6")], [None, None], start);
    settle(&mut app);
    app.world_mut().write_message(GameCommand::ReplayTo(3));
    settle(&mut app);
    let record = |app: &App| {
        let m = &app.world().resource::<Match>().0;
        let all: Vec<String> = m
            .history()
            .into_iter()
            .chain(m.future_history())
            .map(|(_, t)| t)
            .collect();
        (m.plies(), all)
    };
    let before = record(&app);
    assert_eq!(before.0, 3);
    app.world_mut().write_message(ReviewAction::ShowLine {
        ply: 3,
        line: vec!["d3-b3".into()],
    });
    assert_eq!(before.1.len(), 3, "the whole record");
    assert!(
        until(&mut app, 400, |a| record(a).1 == ["xb3", "xa3", "d3-b3"]),
        "the line's move is played from before move 3"
    );
    assert!(app.world().resource::<OffRecord>().showing_line());
    assert!(
        until(&mut app, 400, |a| !a.world().resource::<OffRecord>().active()),
        "the line ends"
    );
    assert_eq!(record(&app), before, "the reviewed game is back as it was");
    assert_eq!(phase(&app), Phase::Reviewing);
}

/// "Play from here": a branch against a level from the position shown, the computer answering,
/// and "Back to the review" restoring the game and its seats.
#[test]
fn a_branch_from_the_review_is_played_and_the_review_comes_back() {
    use parlour::play::board::OffRecord;
    use parlour::review::branch::ReviewAction;
    let start: Vec<String> = ["xb3", "xa3", "b1-b3"].iter().map(|s| s.to_string()).collect();
    let mut app = app_with("konane", &[("size", "4x6")], [None, None], start);
    settle(&mut app);
    app.world_mut().write_message(GameCommand::ReplayTo(2));
    settle(&mut app);
    app.world_mut().write_message(ReviewAction::Branch {
        against: Some(Level::Novice),
    });
    app.update();
    app.update();
    assert_eq!(phase(&app), Phase::AwaitingInput, "the person to move plays");
    assert!(app.world().resource::<OffRecord>().branching());
    let seats = app.world().resource::<Setup>().seats;
    assert_eq!(
        seats,
        [Some(Level::Novice), None],
        "Black (the second seat) to move, the Novice against"
    );
    assert_eq!(
        app.world().resource::<Match>().0.redo_len(),
        0,
        "the branch has no moves ahead"
    );
    let tokens = app.world().resource::<Match>().0.parse("d3-b3").expect("a move");
    app.world_mut().write_message(MoveInput::Whole(tokens));
    assert!(
        until(&mut app, 2000, |a| a.world().resource::<Match>().0.plies() >= 4),
        "the move and the Novice's answer"
    );
    settle(&mut app);
    app.world_mut().write_message(ReviewAction::Return);
    app.update();
    app.update();
    let m = &app.world().resource::<Match>().0;
    assert_eq!((m.plies(), m.redo_len()), (2, 1), "back at move 2 of the reviewed game");
    assert_eq!(m.future_history()[0].1, "b1-b3");
    assert_eq!(app.world().resource::<Setup>().seats, [None, None]);
    assert!(!app.world().resource::<OffRecord>().active());
    assert_eq!(phase(&app), Phase::Reviewing);
    // A branch left for another game is forgotten: nothing to go back to in the new one.
    app.world_mut().write_message(ReviewAction::Branch { against: None });
    app.update();
    app.update();
    assert!(app.world().resource::<OffRecord>().branching());
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Title);
    app.update();
    app.world_mut().resource_mut::<NextState<Screen>>().set(Screen::Playing);
    app.update();
    app.update();
    assert!(
        !app.world().resource::<OffRecord>().active(),
        "a new game forgets the branch"
    );
}

/// "Learn from your mistakes", walked through as a player would: Black's blunder (move 3 of a
/// 4×6 game, proven) is set up, the person asked for a better move; the winning d3-b3 is
/// accepted, the blunder itself again is not (the proof decides), and the end of the lesson
/// brings the reviewed game back, showing the mistake, with its seats.
#[test]
fn learning_from_a_mistake_accepts_the_better_move_and_not_the_same_one() {
    use parlour::play::board::OffRecord;
    use parlour::review::analysis::REVIEW_MS;
    use parlour::review::lesson::{Answers, Exercise, Lesson, LessonAction};
    use parlour_rules::Player;
    let start: Vec<String> = ["xb3", "xa3", "b1-b3"].iter().map(|s| s.to_string()).collect();
    // The computer plays Black, who is not to move after the three moves.
    let mut app = app_with("konane", &[("size", "4x6")], [None, Some(Level::Casual)], start);
    settle(&mut app);
    assert_eq!(phase(&app), Phase::AwaitingInput);
    app.world_mut().write_message(GameCommand::Review(true));
    app.update();
    app.world_mut().write_message(LessonAction::Start(vec![Exercise {
        ply: 3,
        side: Player::P2,
        answers: Answers::NearBest,
        budget_ms: REVIEW_MS,
        line: vec!["d3-b3".into()],
    }]));
    app.update();
    app.update();
    assert!(app.world().resource::<OffRecord>().trying());
    assert_eq!(
        app.world().resource::<Match>().0.plies(),
        2,
        "the position before the mistake"
    );
    assert_eq!(phase(&app), Phase::AwaitingInput, "the person is asked for a move");
    assert_eq!(app.world().resource::<Setup>().seats, [None, None]);
    let verdict = |app: &mut App, mv: &str| {
        let tokens = app.world().resource::<Match>().0.parse(mv).expect("a move");
        app.world_mut().write_message(MoveInput::Whole(tokens));
        let began = std::time::Instant::now();
        while app.world().resource::<Lesson>().verdict.is_none() {
            assert!(began.elapsed().as_secs() < 60, "the move is judged");
            app.update();
            std::thread::sleep(Duration::from_millis(5));
        }
        assert_eq!(phase(app), Phase::Reviewing, "nothing moves while the verdict is shown");
        app.world().resource::<Lesson>().accepted().expect("judged")
    };
    assert!(verdict(&mut app, "d3-b3"), "the winning move is accepted");
    app.world_mut().write_message(LessonAction::Again);
    app.update();
    app.update();
    assert_eq!(app.world().resource::<Match>().0.plies(), 2, "the same position again");
    assert!(!verdict(&mut app, "b1-b3"), "the blunder again is not");
    let v = app.world().resource::<Lesson>().verdict.clone().expect("verdict");
    assert_eq!((v.mark, v.best()), (parlour_ai::analysis::Mark::Blunder, "d3-b3"));
    app.world_mut().write_message(LessonAction::Next);
    app.update();
    app.update();
    assert!(
        !app.world().resource::<Lesson>().active(),
        "the only mistake done: the lesson ends"
    );
    assert!(!app.world().resource::<OffRecord>().active());
    let m = &app.world().resource::<Match>().0;
    assert_eq!((m.plies(), m.redo_len()), (3, 0), "the review shows the mistake again");
    assert_eq!(app.world().resource::<Setup>().seats, [None, Some(Level::Casual)]);
}

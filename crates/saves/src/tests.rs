use std::fs;
use std::path::{Path, PathBuf};

use parlour_rules::record::Level;
use parlour_rules::{Game, conhex::ConHex, kansho::Kansho, konane::Konane, qyshinsu::Qyshinsu, soldiers::Soldiers};
use rand::{Rng, SeedableRng};
use serde_json::{Map, Value};

use super::*;

/// Writes real saves of every game (short and long, and a Sixteen Soldiers game under
/// rule switches) to `fuzz/seeds/save/`, the save fuzz target's starting corpus:
/// `cargo test -p parlour-saves write_fuzz_seeds -- --ignored`.
#[test]
#[ignore]
fn write_fuzz_seeds() {
    let dir = parlour_rules::fuzzing::crate_dir().join("../../fuzz/seeds/save");
    fs::create_dir_all(&dir).expect("seed dir");
    let mut n = 0;
    let mut put = |save: &SaveGame| {
        fs::write(dir.join(format!("s{n:02}.json")), save.encode()).expect("seed");
        n += 1;
    };
    for (len, seed) in [(0, 1), (3, 2), (12, 3)] {
        put(&random_game::<Kansho>(len, seed).0);
        put(&random_game::<Konane>(len, seed).0);
        put(&random_game::<ConHex>(len, seed).0);
        put(&random_game::<Qyshinsu>(len, seed).0);
        put(&random_game::<Soldiers>(len, seed).0);
    }
    let o = Soldiers::parse_options(&[("variant", "board4"), ("compulsory", "off"), ("first", "soldiers")])
        .expect("switches");
    let mut g = Soldiers::new(&o);
    let mut buf = Vec::new();
    let mut moves = Vec::new();
    for i in 0..6 {
        g.legal_moves(&mut buf);
        let Some(&m) = buf.get(i % buf.len().max(1)) else { break };
        moves.push(g.format_move(&m));
        g.apply(m);
    }
    put(&SaveGame {
        game: parlour_rules::GameId::Soldiers,
        options: Soldiers::option_pairs(g.options()),
        players: [Some(Level::Master), None],
        moves,
        state: serde_json::to_string(&g).expect("state"),
        analysis: Vec::new(),
    });
}

/// A game of `G` of up to `n` moves picked by a generator seeded with `seed`, as a save.
fn random_game<G: Game>(n: usize, seed: u64) -> (SaveGame, G) {
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut state = G::new(&Default::default());
    let mut moves = Vec::new();
    let mut buf = Vec::new();
    while moves.len() < n {
        state.legal_moves(&mut buf);
        if buf.is_empty() {
            break;
        }
        // Stretch the game: avoid moves that end it or capture, when there are others.
        let captured = |g: &G| g.counters().iter().find(|c| c.label == "captured").map(|c| c.value);
        let quiet: Vec<_> = buf
            .iter()
            .copied()
            .filter(|m| {
                let mut next = state.clone();
                next.apply(*m);
                !next.status().is_over() && captured(&next) == captured(&state)
            })
            .collect();
        let pool = if quiet.is_empty() { &buf } else { &quiet };
        let mv = pool[rng.random_range(0..pool.len())];
        moves.push(state.format_move(&mv));
        state.apply(mv);
    }
    let save = SaveGame {
        game: G::ID.parse().expect("a registered game"),
        options: G::option_pairs(state.options()),
        players: [None, Some(Level::Casual)],
        moves,
        state: serde_json::to_string(&state).expect("state serializes"),
        analysis: Vec::new(),
    };
    (save, state)
}

fn long_game(n: usize) -> (SaveGame, Kansho) {
    random_game::<Kansho>(n, 7)
}

/// The first seeded random game of `G` that lasts `n` moves.
fn game_of_length<G: Game>(n: usize) -> Option<(SaveGame, G)> {
    (0..100)
        .map(|seed| random_game::<G>(n, seed))
        .find(|(s, _)| s.moves.len() == n)
}

/// An uploaded save is checked as a load is: a sound one is added beside the others under
/// its own name (never replacing one, never the autosave's), damaged, foreign, truncated,
/// oversized and empty ones are refused with their sentence and write nothing.
#[test]
fn imported_saves_are_checked_and_never_replace_one() {
    let dir = tmpdir("import");
    let (save, _) = game_of_length::<Konane>(12).expect("a 12-move game");
    let bytes = save.encode().into_bytes();
    let first = import(&dir, "my game.json", &bytes).expect("a sound save is added");
    assert_eq!(first.file_name().unwrap(), "mygame.json");
    assert_eq!(load(&first).expect("loads"), save);
    let second = import(&dir, "my game.json", &bytes).expect("again, under another name");
    assert_eq!(second.file_name().unwrap(), "mygame-2.json");
    let auto = import(&dir, "autosave.json", &bytes).expect("named apart from the autosave");
    assert_eq!(auto.file_name().unwrap(), "autosave-imported.json");
    let hidden = import(&dir, "../../.x.json", &bytes).expect("no folders, no hidden file");
    assert_eq!(hidden.parent(), Some(dir.as_path()));
    assert_eq!(hidden.file_name().unwrap(), "x.json");
    assert_eq!(import(&dir, "", &bytes).unwrap().file_name().unwrap(), "imported.json");
    let before = list(&dir).len();
    assert_eq!(before, 5);
    let mut tampered = save.encode();
    tampered = tampered.replacen(&save.moves[3], &save.moves[5], 1);
    let text = save.encode();
    let refusals = [
        (tampered.into_bytes(), "damaged"),
        (b"{\"format\": \"something else\"}".to_vec(), "other JSON"),
        (text.as_bytes()[..text.len() / 2].to_vec(), "cut short"),
        (b"".to_vec(), "empty"),
        (b"\x89PNG\r\n".to_vec(), "not JSON"),
        (vec![b' '; IMPORT_LIMIT + 1], "too large"),
    ];
    for (bad, what) in refusals {
        let why = import(&dir, "bad.json", &bad).expect_err(what).to_string();
        assert!(why.starts_with("bad.json was not added: "), "{what}: {why}");
        assert!(why.ends_with("Nothing was added."), "{what}: {why}");
        assert!(!why.contains('\n'), "{what}: one line");
    }
    assert_eq!(list(&dir).len(), before, "nothing written by a refusal");
    assert!(load(&dir.join("bad.json")).is_err());
}

fn tmpdir(name: &str) -> PathBuf {
    let d = std::env::temp_dir().join(format!("parlour-save-test-{name}-{}", std::process::id()));
    let _ = fs::remove_dir_all(&d);
    fs::create_dir_all(&d).expect("temp dir");
    d
}

#[test]
fn a_version_1_fair_game_on_board_2_keeps_the_four_soldiers_it_was_played_under() {
    // Version 1 was written while board 2's fair rules let the general win at four soldiers
    // left (today: six). Random games under those rules, the general taking a capture when
    // he has one, until one has six soldiers left (captures by intervention take two) and
    // goes on.
    let then = Soldiers::parse_options(&[("variant", "board2"), ("rules", "fair"), ("threshold", "4")]).unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(19);
    let mut buf = Vec::new();
    let (game, moves) = (0..2000)
        .find_map(|_| {
            let mut g = Soldiers::new(&then);
            let mut moves = Vec::new();
            while !g.status().is_over() {
                g.legal_moves(&mut buf);
                let takes = |m: &parlour_rules::soldiers::Move| {
                    let mut next = g.clone();
                    next.apply(*m);
                    next.soldier_count() < g.soldier_count()
                };
                let mv = match buf.iter().find(|m| takes(m)) {
                    Some(&m) => m,
                    None => buf[rng.random_range(0..buf.len())],
                };
                moves.push(g.format_move(&mv));
                g.apply(mv);
                if g.soldier_count() == 6 && !g.status().is_over() {
                    return Some((g, moves));
                }
            }
            None
        })
        .expect("a random game with six soldiers left");
    // The file as version 1 wrote it: the fair set's threshold was its own, so not written.
    let mut state: Value = serde_json::from_str(&serde_json::to_string(&game).unwrap()).unwrap();
    state["options"]["threshold"] = Value::Null;
    let save = SaveGame {
        game: parlour_rules::GameId::Soldiers,
        options: vec![("variant".into(), "board2".into()), ("rules".into(), "fair".into())],
        players: [None, Some(Level::Master)],
        moves: moves.clone(),
        state: state.to_string(),
        analysis: Vec::new(),
    };
    let mut m = save.to_map();
    m.insert("version".into(), 1.into());
    let old = seal(m);
    // Read as today's fair rules it would be over (the general has won), and is refused.
    let mut m = save.to_map();
    m.insert("version".into(), VERSION.into());
    assert!(decode(seal(m).as_bytes()).is_err());
    // As version 1 it loads with the four written out, and the game goes on.
    let back = decode(old.as_bytes()).expect("a version-1 save loads");
    assert!(
        back.options.contains(&("threshold".into(), "4".into())),
        "{:?}",
        back.options
    );
    let (loaded, past) = replay::<Soldiers>(&back).expect("replays");
    assert_eq!(past.len(), moves.len());
    assert_eq!(loaded.threshold(), 4);
    assert_eq!(loaded.soldier_count(), 6);
    assert!(!loaded.status().is_over());
    // Written again, it is a version-2 file that says so itself.
    let again = decode(back.encode().as_bytes()).expect("rewritten");
    assert_eq!(again, back);
    // Any other version-1 save is read as it was.
    let (other, _) = random_game::<Soldiers>(12, 3);
    let mut m = other.to_map();
    m.insert("version".into(), 1.into());
    assert_eq!(decode(seal(m).as_bytes()), Ok(other));
}

fn round_trip<G: Game>(dir: &Path) -> bool {
    let Some((save, state)) = game_of_length::<G>(200) else {
        return false;
    };
    let path = dir.join(format!("{}.json", G::ID));
    store(&path, &save).expect("written");
    let back = load(&path).expect("loads");
    assert_eq!(back, save, "{}: every field comes back", G::ID);
    let (replayed, past) = replay::<G>(&back).expect("replays");
    assert_eq!(past.len(), 200);
    assert_eq!(
        past.iter().map(|p| p.2.clone()).collect::<Vec<_>>(),
        save.moves,
        "{}: the history, move by move",
        G::ID
    );
    assert_eq!(serde_json::to_string(&replayed).expect("ser"), save.state);
    assert_eq!(replayed.hash_key(), state.hash_key());
    assert_eq!(replayed.render(), state.render(), "{}: the identical position", G::ID);
    assert_eq!(replayed.counters(), state.counters());
    true
}

#[test]
fn a_200_move_game_round_trips_to_the_identical_position_and_history() {
    let dir = tmpdir("roundtrip");
    // Every game that can last 200 moves under random play is tried; at least one must.
    let done = [
        round_trip::<Kansho>(&dir),
        round_trip::<Konane>(&dir),
        round_trip::<ConHex>(&dir),
        round_trip::<Qyshinsu>(&dir),
        round_trip::<Soldiers>(&dir),
    ];
    assert!(done.iter().any(|d| *d), "no game lasted 200 moves: {done:?}");
    // No temporary file is left behind.
    let names: Vec<_> = fs::read_dir(&dir)
        .expect("dir")
        .flatten()
        .map(|e| e.file_name())
        .collect();
    assert!(names.iter().all(|n| !n.to_string_lossy().starts_with('.')), "{names:?}");
    let _ = fs::remove_dir_all(&dir);
}

/// A damaged file: what is wrong, its bytes, the refusal it must get.
type Case = (&'static str, Vec<u8>, fn(&LoadError) -> bool);

fn damaged_files(good: &SaveGame) -> Vec<Case> {
    let text = good.encode();
    let bytes = text.as_bytes().to_vec();
    let mut flipped = bytes.clone();
    // Flip one bit inside the first move's text: still valid JSON, different contents.
    let list = text.find("\"moves\"").expect("moves");
    let at = list + text[list + 7..].find('"').expect("a move") + 7 + 1;
    flipped[at] ^= 0x01;
    let map = |f: &dyn Fn(&mut Map<String, Value>)| {
        let Value::Object(mut m) = serde_json::from_str::<Value>(&text).expect("json") else {
            panic!("object")
        };
        f(&mut m);
        seal(m).into_bytes()
    };
    let newer = map(&|m| {
        m.insert("version".into(), (VERSION + 1).into());
    });
    let wrong_game = map(&|m| {
        m.insert("game".into(), "konane".into());
    });
    let unknown_game = map(&|m| {
        m.insert("game".into(), "chess".into());
    });
    let bad_history = map(&|m| {
        if let Some(Value::Array(a)) = m.get_mut("moves") {
            a[3] = "zz99".into();
        }
    });
    let short_history = map(&|m| {
        if let Some(Value::Array(a)) = m.get_mut("moves") {
            a.pop();
        }
    });
    vec![
        ("truncated", bytes[..bytes.len() * 2 / 3].to_vec(), |e| {
            *e == LoadError::Truncated
        }),
        (
            "bit-flipped",
            flipped,
            |e| matches!(e, LoadError::Damaged(w) if w.contains("checksum")),
        ),
        (
            "foreign JSON",
            br#"{"name": "my notes", "items": [1, 2, 3]}"#.to_vec(),
            |e| *e == LoadError::Foreign,
        ),
        ("not JSON", b"PK\x03\x04 this is a zip file, not a save".to_vec(), |e| {
            *e == LoadError::NotJson
        }),
        ("empty", Vec::new(), |e| *e == LoadError::Empty),
        ("newer version", newer, |e| *e == LoadError::Newer(VERSION + 1)),
        (
            "wrong game",
            wrong_game,
            |e| matches!(e, LoadError::WrongGame(g) if g == "Kōnane"),
        ),
        ("unknown game", unknown_game, |e| {
            *e == LoadError::UnknownGame("chess".into())
        }),
        (
            "history that does not replay",
            bad_history,
            |e| matches!(e, LoadError::BadHistory { index: 4, text, .. } if text == "zz99"),
        ),
        ("history that ends elsewhere", short_history, |e| {
            *e == LoadError::Mismatch
        }),
    ]
}

#[test]
fn damaged_files_are_refused_each_with_its_own_sentence_and_nothing_is_overwritten() {
    let (good, _) = long_game(40);
    let dir = tmpdir("damaged");
    let keep = dir.join("previous.json");
    store(&keep, &good).expect("good save written");
    let before = fs::read(&keep).expect("read");
    let mut sentences = Vec::new();
    for (what, bytes, expected) in damaged_files(&good) {
        let path = dir.join("candidate.json");
        fs::write(&path, &bytes).expect("write damaged");
        let err = load(&path).expect_err(what);
        assert!(expected(&err), "{what}: got {err:?}");
        let sentence = err.to_string();
        assert!(sentence.ends_with('.') && sentence.len() > 30, "{what}: '{sentence}'");
        sentences.push(sentence);
        // Loading neither repairs nor removes the file, and leaves the other save alone.
        assert_eq!(fs::read(&path).expect("still there"), bytes, "{what}: file untouched");
        assert_eq!(fs::read(&keep).expect("read"), before, "{what}: previous save intact");
    }
    let mut distinct = sentences.clone();
    distinct.sort();
    distinct.dedup();
    assert_eq!(
        distinct.len(),
        sentences.len(),
        "each case has its own sentence: {sentences:#?}"
    );
    assert_eq!(load(&keep).expect("still loads"), good);
    assert_eq!(decode(b"[1, 2, 3]"), Err(LoadError::Foreign));
    assert_eq!(decode(&[0xff, 0xfe, 0x00, 0x81]), Err(LoadError::NotJson));
    assert_eq!(load(&dir.join("none.json")), Err(LoadError::Missing));
    let _ = fs::remove_dir_all(&dir);
}

#[test]
fn a_crash_mid_write_keeps_the_old_save() {
    let (old, _) = long_game(30);
    let (new, _) = long_game(60);
    let dir = tmpdir("crash");
    let path = dir.join("autosave.json");
    store(&path, &old).expect("first write");
    let before = fs::read(&path).expect("read");
    // A crash after the temporary file was half written, before the rename.
    let text = new.encode();
    fs::write(temp_path(&path), &text.as_bytes()[..text.len() / 2]).expect("partial temp");
    assert_eq!(fs::read(&path).expect("read"), before, "old save untouched");
    assert_eq!(load(&path).expect("old save loads"), old);
    let listed = list(&dir);
    assert_eq!(listed.len(), 1, "the temporary file is not offered as a save");
    assert!(listed[0].summary.is_ok());
    // The next write replaces the leftover and lands whole.
    store(&path, &new).expect("second write");
    assert_eq!(load(&path).expect("new save loads"), new);
    assert!(!temp_path(&path).exists(), "the leftover temporary file was replaced");
    let _ = fs::remove_dir_all(&dir);
}

/// Writes sample saves (two sound, one cut short) into `$PARLOUR_DATA_DIR/saves`, for
/// trying the load list by hand: `cargo test -p parlour --lib write_samples -- --ignored`.
#[test]
#[ignore]
fn write_samples() {
    let dir = saves_dir(&data_dir());
    let (k, _) = random_game::<Kansho>(24, 3);
    store(&dir.join(AUTOSAVE), &k).expect("autosave");
    let (c, _) = random_game::<ConHex>(30, 4);
    store(&dir.join("conhex-sample.json"), &c).expect("conhex");
    let text = random_game::<Qyshinsu>(20, 5).0.encode();
    fs::write(dir.join("qyshinsu-cut.json"), &text.as_bytes()[..text.len() / 2]).expect("cut");
}

#[test]
fn the_file_says_what_it_is() {
    let (save, _) = long_game(5);
    let v: Value = serde_json::from_str(&save.encode()).expect("json");
    assert_eq!(v["format"], FORMAT);
    assert_eq!(v["version"], VERSION);
    assert_eq!(v["game"], "kansho");
    assert_eq!(v["players"], serde_json::json!(["human", "casual"]));
    assert_eq!(v["moves"].as_array().map(Vec::len), Some(5));
    assert!(v["state"].as_str().is_some_and(|s| s.starts_with('{')));
    assert_eq!(age_words(30), "just now");
    assert_eq!(age_words(120), "2 minutes ago");
    assert_eq!(age_words(3600), "1 hour ago");
}

/// A review's analysis of `save`'s first `n` moves, as the client keeps it (made up, not
/// searched: the format is what is tested).
fn made_up_analysis(save: &SaveGame, n: usize) -> Vec<parlour_rules::record::PlyAnalysis> {
    use parlour_rules::Player;
    use parlour_rules::record::{Mark, PlyAnalysis};
    save.moves
        .iter()
        .take(n)
        .enumerate()
        .map(|(i, mv)| PlyAnalysis {
            ply: i as u32 + 1,
            mover: if i % 2 == 0 { Player::P1 } else { Player::P2 },
            played: mv.clone(),
            before: 50.0 + i as f32,
            after: 40.0,
            best_line: vec![mv.clone()],
            loss: 10.0 + i as f32,
            mark: Mark::ALL[i % 5],
            proven: (i % 3 == 0).then_some((true, i % 2 == 0)),
        })
        .collect()
}

/// Version 3 keeps the review's analysis with the game: it comes back exactly, older saves
/// (version 2, written without it) load with none, and an analysis that is not about the
/// save's moves or holds impossible chances is refused with a sentence, changing nothing.
#[test]
fn the_analysis_is_kept_with_the_game_and_checked() {
    let dir = tmpdir("analysis");
    let (mut save, _) = game_of_length::<Konane>(12).expect("a 12-move game");
    save.analysis = made_up_analysis(&save, 12);
    let path = dir.join("analysed.json");
    store(&path, &save).expect("stored");
    assert_eq!(load(&path).expect("loads"), save, "the analysis round-trips");
    // A partial analysis (cancelled part way) is kept as it is.
    save.analysis.truncate(5);
    store(&path, &save).expect("stored");
    assert_eq!(load(&path).expect("loads").analysis.len(), 5);
    // Version 2 wrote no analysis: it loads, with none.
    let mut old = save.clone();
    old.analysis.clear();
    let mut m = old.to_map();
    m.insert("version".into(), 2.into());
    fs::write(&path, seal(m)).expect("w");
    assert_eq!(load(&path).expect("an older save loads"), old);
    // Damaged analyses, each sealed with a good checksum, are refused.
    let bad = |f: &dyn Fn(&mut Vec<parlour_rules::record::PlyAnalysis>)| {
        let mut s = save.clone();
        f(&mut s.analysis);
        fs::write(&path, s.encode()).expect("w");
        load(&path).expect_err("refused").to_string()
    };
    assert!(bad(&|a| a[2].played = "a1-a3".into()).contains("is not about move 3"));
    assert!(bad(&|a| a[0].ply = 2).contains("is not about move 1"));
    assert!(bad(&|a| a[1].after = 250.0).contains("chance outside 0–100"));
    assert!(bad(&|a| a[1].best_line = vec!["x".into(); 9]).contains("line"));
    let mut m = save.to_map();
    m.insert("analysis".into(), Value::String("nonsense".into()));
    fs::write(&path, seal(m)).expect("w");
    assert!(
        load(&path)
            .expect_err("refused")
            .to_string()
            .contains("analysis cannot be read")
    );
    let mut long = save.clone();
    long.analysis = made_up_analysis(&save, 12);
    long.moves.truncate(10);
    let mut m = long.to_map();
    m.insert("version".into(), 3.into());
    fs::write(&path, seal(m)).expect("w");
    assert!(
        load(&path)
            .expect_err("refused")
            .to_string()
            .contains("covers 12 moves")
    );
}

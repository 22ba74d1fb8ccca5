//! parlour-saves: saved games on disk, without any Bevy — the versioned file format, encoding,
//! decoding with every check a file must pass before it may replace the game in progress, and
//! crash-safe writes. The client (as `parlour::save`) and its `store` and `settings` plugins
//! call into this; the tests below exercise it directly, and the `save` fuzz target feeds
//! [`fuzzing::decode`] any bytes.
//!
//! A save is one JSON object: a header (`format` = `"parlour-save"`, `version`), the game id,
//! its options, who played each seat, the move history in the rule page's notation, the
//! serialized rules state after those moves, and a checksum over all of that. Loading parses,
//! checks the header, the checksum, then replays the history from the start position and
//! refuses the file unless the replay ends exactly on the stored state. A refusal is a
//! [`LoadError`] whose `Display` is a sentence for the player.

use std::io;
use std::path::{Path, PathBuf};

use parlour_ai::Level;
use parlour_rules::{Game, conhex::ConHex, kansho::Kansho, konane::Konane, qyshinsu::Qyshinsu, soldiers::Soldiers};
use serde_json::{Map, Value};
use thiserror::Error;

pub mod disk;
pub mod online;
pub mod settings;

/// The `format` field of every save.
pub const FORMAT: &str = "parlour-save";
/// The newest format version this client writes and reads. Version 2: Sixteen Soldiers board 2's
/// fair rules let the general win at six soldiers left (see `upgrade`).
pub const VERSION: u32 = 2;
/// The file the game in progress is saved to on exit.
pub const AUTOSAVE: &str = "autosave.json";

/// A saved game, as held in memory.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveGame {
    /// Engine id of the game.
    pub game: String,
    /// Its options as `key=value` pairs, in the game's spec order.
    pub options: Vec<(String, String)>,
    /// Who played each seat: `None` for a person, or the computer's level.
    pub players: [Option<Level>; 2],
    /// Every move played from the start position, in the game's notation.
    pub moves: Vec<String>,
    /// The rules state after those moves, as the rules crate serializes it (JSON text, kept
    /// as text because some states hold 128-bit numbers a JSON value tree cannot).
    pub state: String,
}

/// Why a file was not loaded. Each shows as a sentence that says what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum LoadError {
    /// No file at that place.
    #[error("There is no saved game there.")]
    Missing,
    /// The file could not be read at all.
    #[error("The file could not be read: {0}.")]
    Unreadable(String),
    /// Zero bytes.
    #[error("The file is empty, so there is no game in it.")]
    Empty,
    /// Not text, or text that is not JSON.
    #[error("This is not a saved game: the file is not JSON text.")]
    NotJson,
    /// JSON that stops part-way.
    #[error("The save is incomplete: the file stops part-way through, as if it was cut short while being written.")]
    Truncated,
    /// Well-formed JSON of some other kind.
    #[error("This is not a Parlour save: it is some other JSON file.")]
    Foreign,
    /// Written by a newer client.
    #[error(
        "This save was made by a newer version of Parlour (format version {0}); this one reads up to version {VERSION}."
    )]
    Newer(u32),
    /// The contents changed after the file was written.
    #[error("The save is damaged: {0}.")]
    Damaged(String),
    /// A game id this client does not have.
    #[error("The save is for a game this Parlour does not know ('{0}').")]
    UnknownGame(String),
    /// The stored position belongs to another game than the header says.
    #[error("The save says it is {0}, but the position stored in it is not a {0} position.")]
    WrongGame(String),
    /// The options cannot be read.
    #[error("The save's game options cannot be used: {0}.")]
    BadOptions(String),
    /// A move of the history cannot be played.
    #[error("Move {index} of the save ('{text}') cannot be replayed: {reason}.")]
    BadHistory {
        /// 1-based move number.
        index: usize,
        /// The move as stored.
        text: String,
        /// Why it fails.
        reason: String,
    },
    /// The history replays but ends on another position than the one stored.
    #[error("The save does not add up: replaying its moves does not give the position stored with them.")]
    Mismatch,
}

fn seat_name(s: Option<Level>) -> &'static str {
    s.map(Level::name).unwrap_or("human")
}

fn seat_from(v: &str) -> Option<Option<Level>> {
    if v == "human" {
        Some(None)
    } else {
        v.parse::<Level>().ok().map(Some)
    }
}

/// FNV-1a, 64 bits: enough to notice a changed byte; not a defence against tampering.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in bytes {
        h ^= u64::from(*b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn checksum(obj: &Map<String, Value>) -> String {
    let mut body = obj.clone();
    body.remove("checksum");
    // Serializing the map (not the text read) makes the sum independent of layout.
    let text = serde_json::to_string(&Value::Object(body)).unwrap_or_default();
    format!("{:016x}", fnv1a(text.as_bytes()))
}

impl SaveGame {
    fn to_map(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("format".into(), FORMAT.into());
        m.insert("version".into(), VERSION.into());
        m.insert("game".into(), self.game.clone().into());
        // `key=value` words in the game's order, as on the command line.
        m.insert(
            "options".into(),
            Value::Array(self.options.iter().map(|(k, v)| format!("{k}={v}").into()).collect()),
        );
        m.insert(
            "players".into(),
            Value::Array(self.players.iter().map(|p| seat_name(*p).into()).collect()),
        );
        m.insert(
            "moves".into(),
            Value::Array(self.moves.iter().map(|t| t.clone().into()).collect()),
        );
        m.insert("state".into(), self.state.clone().into());
        m
    }

    /// The file's text: pretty JSON with its checksum.
    pub fn encode(&self) -> String {
        seal(self.to_map())
    }
}

/// Adds (or replaces) the checksum of a save object and returns its text. Public so tests
/// can make files that pass the checksum but fail a later check.
pub fn seal(mut obj: Map<String, Value>) -> String {
    let sum = checksum(&obj);
    obj.insert("checksum".into(), sum.into());
    serde_json::to_string_pretty(&Value::Object(obj)).unwrap_or_default()
}

fn field<'a>(obj: &'a Map<String, Value>, key: &str) -> Result<&'a Value, LoadError> {
    obj.get(key)
        .ok_or_else(|| LoadError::Damaged(format!("its '{key}' entry is missing")))
}

fn text_field(obj: &Map<String, Value>, key: &str) -> Result<String, LoadError> {
    field(obj, key)?
        .as_str()
        .map(str::to_string)
        .ok_or_else(|| LoadError::Damaged(format!("its '{key}' entry is not text")))
}

/// Reads a save from its bytes, checking everything: the header, the checksum, the game,
/// the options, and that the history replays to exactly the stored state.
pub fn decode(bytes: &[u8]) -> Result<SaveGame, LoadError> {
    if bytes.iter().all(u8::is_ascii_whitespace) {
        return Err(LoadError::Empty);
    }
    let text = std::str::from_utf8(bytes).map_err(|_| LoadError::NotJson)?;
    let value: Value = match serde_json::from_str(text) {
        Ok(v) => v,
        Err(e) if e.is_eof() => {
            // Only a file that began as JSON can have been cut short.
            let t = text.trim_start();
            return Err(if t.starts_with('{') || t.starts_with('[') {
                LoadError::Truncated
            } else {
                LoadError::NotJson
            });
        }
        Err(_) => return Err(LoadError::NotJson),
    };
    let Value::Object(obj) = value else {
        return Err(LoadError::Foreign);
    };
    if obj.get("format").and_then(Value::as_str) != Some(FORMAT) {
        return Err(LoadError::Foreign);
    }
    let version = obj
        .get("version")
        .and_then(Value::as_u64)
        .ok_or_else(|| LoadError::Damaged("its version number is missing".into()))?;
    if version > u64::from(VERSION) {
        return Err(LoadError::Newer(u32::try_from(version).unwrap_or(u32::MAX)));
    }
    if version == 0 {
        return Err(LoadError::Damaged("its version number is 0".into()));
    }
    let stored = text_field(&obj, "checksum")?;
    if stored != checksum(&obj) {
        return Err(LoadError::Damaged(
            "its contents changed after it was written (the checksum does not match)".into(),
        ));
    }
    let game = text_field(&obj, "game")?;
    let options = match field(&obj, "options")? {
        Value::Array(a) => a
            .iter()
            .map(|v| {
                v.as_str()
                    .and_then(|w| w.split_once('='))
                    .map(|(k, v)| (k.to_string(), v.to_string()))
                    .ok_or_else(|| LoadError::Damaged(format!("option {v} is not of the form key=value")))
            })
            .collect::<Result<Vec<_>, _>>()?,
        _ => return Err(LoadError::Damaged("its options are not a list".into())),
    };
    let players = match field(&obj, "players")? {
        Value::Array(a) if a.len() == 2 => {
            let seat = |v: &Value| {
                v.as_str()
                    .and_then(seat_from)
                    .ok_or_else(|| LoadError::Damaged(format!("player {v} is not human or a computer level")))
            };
            [seat(&a[0])?, seat(&a[1])?]
        }
        _ => return Err(LoadError::Damaged("it does not name two players".into())),
    };
    let moves = match field(&obj, "moves")? {
        Value::Array(a) => a
            .iter()
            .map(|v| {
                v.as_str()
                    .map(str::to_string)
                    .ok_or_else(|| LoadError::Damaged("a move is not text".into()))
            })
            .collect::<Result<Vec<_>, _>>()?,
        _ => return Err(LoadError::Damaged("its move list is not a list".into())),
    };
    let (options, state) = upgrade(version, &game, options, text_field(&obj, "state")?);
    let save = SaveGame {
        game,
        options,
        players,
        moves,
        state,
    };
    verify(&save)?;
    Ok(save)
}

/// A save written in format `version`: its options and stored state as this version reads them.
/// Until version 2 Sixteen Soldiers board 2's fair rules let the general win at four soldiers
/// left; they now say six, so a fair game there written before keeps the four it was played
/// under, written out in both (the online server's schema migration 2 does the same to its
/// stored games). A state that is not what it should be is left for the replay to refuse.
fn upgrade(
    version: u64,
    game: &str,
    mut options: Vec<(String, String)>,
    state: String,
) -> (Vec<(String, String)>, String) {
    let has = |options: &[(String, String)], key: &str, value: Option<&str>| {
        options
            .iter()
            .any(|(k, v)| k.eq_ignore_ascii_case(key) && value.is_none_or(|value| v.eq_ignore_ascii_case(value)))
    };
    if version >= 2
        || game != "soldiers"
        || !has(&options, "variant", Some("board2"))
        || !has(&options, "rules", Some("fair"))
        || has(&options, "threshold", None)
    {
        return (options, state);
    }
    options.push(("threshold".into(), "4".into()));
    let Ok(Value::Object(mut s)) = serde_json::from_str::<Value>(&state) else {
        return (options, state);
    };
    if let Some(Value::Object(o)) = s.get_mut("options")
        && o.get("threshold").is_none_or(Value::is_null)
    {
        o.insert("threshold".into(), 4.into());
    }
    let state = serde_json::to_string(&Value::Object(s)).unwrap_or(state);
    (options, state)
}

/// Every game: engine id and the name players know it by, in menu order.
pub const GAMES: &[(&str, &str)] = &[
    ("kansho", "Kansho"),
    ("konane", "Kōnane"),
    ("conhex", "ConHex"),
    ("qyshinsu", "Qyshinsu"),
    ("soldiers", "Sixteen Soldiers"),
];

/// The engine id of a game named by `id` in any case (and the old spelling "qushinsu").
pub fn game_id(id: &str) -> Option<&'static str> {
    let id = if id.eq_ignore_ascii_case("qushinsu") {
        "qyshinsu"
    } else {
        id
    };
    GAMES.iter().find(|(g, _)| g.eq_ignore_ascii_case(id)).map(|(g, _)| *g)
}

/// The options of game `game` (an engine id) in their canonical form (only what differs from
/// the defaults), or the rules' sentence that refuses them.
pub fn canonical_options(game: &str, options: &[(String, String)]) -> Result<Vec<(String, String)>, String> {
    fn of<G: Game>(options: &[(String, String)]) -> Result<Vec<(String, String)>, String> {
        let pairs: Vec<(&str, &str)> = options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
        G::parse_options(&pairs)
            .map(|o| G::option_pairs(&o))
            .map_err(|e| e.to_string())
    }
    match game {
        "kansho" => of::<Kansho>(options),
        "konane" => of::<Konane>(options),
        "conhex" => of::<ConHex>(options),
        "qyshinsu" => of::<Qyshinsu>(options),
        "soldiers" => of::<Soldiers>(options),
        other => Err(format!("Parlour has no game called '{other}'.")),
    }
}

/// The name players know a game id by (aliases accepted).
pub fn game_name(id: &str) -> Option<&'static str> {
    let id = if id.eq_ignore_ascii_case("qushinsu") {
        "qyshinsu"
    } else {
        id
    };
    GAMES
        .iter()
        .find(|(g, _)| g.eq_ignore_ascii_case(id))
        .map(|(_, name)| *name)
}

/// Checks that the save's history replays from the start position to its stored state.
pub fn verify(save: &SaveGame) -> Result<(), LoadError> {
    match save.game.as_str() {
        "kansho" => replay::<Kansho>(save).map(drop),
        "konane" => replay::<Konane>(save).map(drop),
        "conhex" => replay::<ConHex>(save).map(drop),
        "qyshinsu" => replay::<Qyshinsu>(save).map(drop),
        "soldiers" => replay::<Soldiers>(save).map(drop),
        other => Err(LoadError::UnknownGame(other.to_string())),
    }
}

/// Replays a save of game `G`: its options, the start position, and each move with the
/// position before it. Fails unless the last position equals the stored state.
#[allow(clippy::type_complexity)]
pub fn replay<G: Game>(save: &SaveGame) -> Result<(G, Vec<(G, G::Move, String)>), LoadError> {
    let stored: G = serde_json::from_str(&save.state)
        .map_err(|_| LoadError::WrongGame(game_name(G::ID).unwrap_or(G::NAME).to_string()))?;
    let pairs: Vec<(&str, &str)> = save.options.iter().map(|(k, v)| (k.as_str(), v.as_str())).collect();
    let options = G::parse_options(&pairs).map_err(|e| LoadError::BadOptions(e.to_string()))?;
    let mut state = G::new(&options);
    let mut past = Vec::with_capacity(save.moves.len());
    for (i, text) in save.moves.iter().enumerate() {
        let bad = |reason: String| LoadError::BadHistory {
            index: i + 1,
            text: text.clone(),
            reason,
        };
        let mv = state.parse_move(text).map_err(|e| bad(e.to_string()))?;
        let before = state.clone();
        state.play(mv).map_err(|e| bad(e.to_string()))?;
        let canonical = before.format_move(&mv);
        past.push((before, mv, canonical));
    }
    // Compare as serialized values: the state types need not implement `PartialEq`.
    let replayed = serde_json::to_string(&state).map_err(|e| LoadError::Damaged(e.to_string()))?;
    let stored_v = serde_json::to_string(&stored).map_err(|e| LoadError::Damaged(e.to_string()))?;
    if replayed != stored_v || state.hash_key() != stored.hash_key() {
        return Err(LoadError::Mismatch);
    }
    Ok((state, past))
}

/// Reads and checks the save at `path`.
pub fn load(path: &Path) -> Result<SaveGame, LoadError> {
    match disk::read(path) {
        Ok(bytes) => decode(&bytes),
        Err(e) if e.kind() == io::ErrorKind::NotFound => Err(LoadError::Missing),
        Err(e) => Err(LoadError::Unreadable(e.to_string())),
    }
}

/// Crash-safe writes and the data directory, from the one module that knows the platform.
pub use disk::{data_dir, temp_path, write_atomic};

/// Encodes `save` and writes it crash-safely to `path`.
pub fn store(path: &Path, save: &SaveGame) -> io::Result<()> {
    write_atomic(path, save.encode().as_bytes())
}

/// The folder of saved games inside the data directory.
pub fn saves_dir(data: &Path) -> PathBuf {
    data.join("saves")
}

/// The largest file taken as a save to import (the longest real game's save is a few tens of
/// kilobytes; the browser's storage holds a few megabytes in all).
pub const IMPORT_LIMIT: usize = 1 << 20;

/// Adds a save brought in from outside — a file the player uploads into the browser's
/// storage — to the saves in `dir`, under a name made from `file_name` that replaces no save
/// already there. It is checked exactly as loading checks it (header, checksum, game, options,
/// the whole history replayed to the stored position); a refusal is the sentence of what is
/// wrong, with "Nothing was added.", and writes nothing.
pub fn import(dir: &Path, file_name: &str, bytes: &[u8]) -> Result<PathBuf, String> {
    let refuse = |why: String| format!("{file_name} was not added: {why} Nothing was added.");
    if bytes.len() > IMPORT_LIMIT {
        return Err(refuse(format!(
            "it is over {} KB, far larger than any saved game.",
            IMPORT_LIMIT / 1024
        )));
    }
    let save = decode(bytes).map_err(|e| refuse(e.to_string()))?;
    // A name of plain letters, digits, '-' and '_' (no folders, no hidden files), never the
    // autosave's, and never one already taken.
    let stem: String = Path::new(file_name)
        .file_stem()
        .and_then(|s| s.to_str())
        .unwrap_or("")
        .chars()
        .filter(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_'))
        .take(48)
        .collect();
    let stem = match stem.trim_start_matches(['-', '_']) {
        "" => "imported".to_string(),
        s if s == AUTOSAVE.trim_end_matches(".json") => format!("{s}-imported"),
        s => s.to_string(),
    };
    let taken = |p: &Path| disk::read(p).is_ok();
    let path = (1..)
        .map(|n| match n {
            1 => dir.join(format!("{stem}.json")),
            n => dir.join(format!("{stem}-{n}.json")),
        })
        .find(|p| !taken(p))
        .expect("some name is free");
    store(&path, &save).map_err(|e| refuse(format!("the browser's storage refused it ({e}).")))?;
    Ok(path)
}

/// A save file found on disk, for the load list.
#[derive(Clone, Debug)]
pub struct SaveEntry {
    /// Where it is.
    pub path: PathBuf,
    /// Its file name without `.json`.
    pub name: String,
    /// Seconds since it was last written (for "5 minutes ago").
    pub age_secs: u64,
    /// What is in it, or why it cannot be loaded.
    pub summary: Result<String, String>,
}

/// The saves in `dir`, newest first; temporary files of unfinished writes are skipped.
pub fn list(dir: &Path) -> Vec<SaveEntry> {
    disk::list(dir)
        .into_iter()
        .filter_map(|(path, age_secs)| {
            let name = path.file_name()?.to_str()?.to_string();
            if name.starts_with('.') || !name.ends_with(".json") {
                return None;
            }
            let summary = load(&path).map(|s| summary(&s)).map_err(|e| e.to_string());
            Some(SaveEntry {
                path,
                name: name.trim_end_matches(".json").to_string(),
                age_secs,
                summary,
            })
        })
        .collect()
}

/// One line about a save: the game, who plays, how far it has gone.
pub fn summary(s: &SaveGame) -> String {
    let who = |p: Option<Level>| p.map(|l| format!("computer ({})", l.name())).unwrap_or("human".into());
    format!(
        "{}, {} moves — {} v {}",
        game_name(&s.game).unwrap_or("?"),
        s.moves.len(),
        who(s.players[0]),
        who(s.players[1])
    )
}

/// Words for an age in seconds ("just now", "5 minutes ago", "2 days ago").
pub fn age_words(secs: u64) -> String {
    let unit = |n: u64, w: &str| format!("{n} {w}{} ago", if n == 1 { "" } else { "s" });
    match secs {
        0..60 => "just now".into(),
        60..3600 => unit(secs / 60, "minute"),
        3600..86_400 => unit(secs / 3600, "hour"),
        _ => unit(secs / 86_400, "day"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use rand::{Rng, SeedableRng};
    use std::fs;

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
            game: "soldiers".into(),
            options: Soldiers::option_pairs(g.options()),
            players: [Some(Level::Master), None],
            moves,
            state: serde_json::to_string(&g).expect("state"),
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
            game: G::ID.into(),
            options: G::option_pairs(state.options()),
            players: [None, Some(Level::Casual)],
            moves,
            state: serde_json::to_string(&state).expect("state serializes"),
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
            let why = import(&dir, "bad.json", &bad).expect_err(what);
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
            game: "soldiers".into(),
            options: vec![("variant".into(), "board2".into()), ("rules".into(), "fair".into())],
            players: [None, Some(Level::Master)],
            moves: moves.clone(),
            state: state.to_string(),
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
}

/// The property the `save` fuzz target checks (`fuzz/`, `cargo fuzz run save`), kept here so
/// that `./test.sh` replays the committed corpus through it on stable Rust.
pub mod fuzzing {
    use super::{LoadError, decode, seal};
    use serde_json::Value;

    fn check(bytes: &[u8]) {
        match decode(bytes) {
            Ok(save) => {
                // A save that loads writes itself out as a file that loads to the same save.
                let again = decode(save.encode().as_bytes());
                assert_eq!(
                    again.as_ref(),
                    Ok(&save),
                    "a loaded save does not survive its own encoding"
                );
            }
            Err(e) => {
                let text = e.to_string();
                let input = String::from_utf8_lossy(bytes);
                // The sentence may quote a move or an option from the file, never more.
                assert!(
                    parlour_rules::fuzzing::is_sentence(&text, &input) || matches!(e, LoadError::BadHistory { .. }),
                    "{e:?}"
                );
                assert!(text.ends_with('.') && text.len() < 2000, "{text:?}");
            }
        }
    }

    /// Decodes `data` as a save file; and when it is a JSON object, decodes it again with a
    /// correct checksum, so that the checks behind the checksum (game, options, players, the
    /// replayed history) meet the fuzzer's inputs too.
    pub fn decode_any(data: &[u8]) {
        check(data);
        if let Ok(Value::Object(obj)) = serde_json::from_slice::<Value>(data) {
            check(seal(obj).as_bytes());
        }
    }
}

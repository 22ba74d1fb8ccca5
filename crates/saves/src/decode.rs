//! Reading a save from its bytes with every check, and upgrading what older versions wrote.

use serde_json::{Map, Value};

use crate::error::LoadError;
use crate::format::{FORMAT, SaveGame, VERSION, checksum, seat_from};
use crate::replay::verify;
use parlour_rules::GameId;
use parlour_rules::record::PlyAnalysis;

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
    // Only the engine id itself: a save is written by this program, never with an alias.
    let game = GameId::ALL
        .into_iter()
        .find(|g| g.id() == game)
        .ok_or(LoadError::UnknownGame(game))?;
    let (options, state) = upgrade(version, game, options, text_field(&obj, "state")?);
    let analysis = match obj.get("analysis") {
        None | Some(Value::Null) => Vec::new(),
        Some(v) => analysis(v, &moves)?,
    };
    let save = SaveGame {
        game,
        options,
        players,
        moves,
        state,
        analysis,
    };
    verify(&save)?;
    Ok(save)
}

/// The most plies of a best line a save may hold (the analysis keeps up to 8).
const MAX_LINE: usize = 8;

/// The review's analysis as a save holds it, checked: a ply per move from the first, each about
/// the move the save plays there, chances between 0 and 100, lines of at most [`MAX_LINE`]
/// moves of notation's size.
fn analysis(v: &Value, moves: &[String]) -> Result<Vec<PlyAnalysis>, LoadError> {
    let damaged = |why: String| LoadError::Damaged(format!("its analysis {why}"));
    let plies: Vec<PlyAnalysis> =
        serde_json::from_value(v.clone()).map_err(|e| damaged(format!("cannot be read ({e})")))?;
    if plies.len() > moves.len() {
        return Err(damaged(format!(
            "covers {} moves of a game of {}",
            plies.len(),
            moves.len()
        )));
    }
    let chance = |x: f32| x.is_finite() && (0.0..=100.0).contains(&x);
    for (i, (p, mv)) in plies.iter().zip(moves).enumerate() {
        if p.ply as usize != i + 1 || p.played != *mv {
            return Err(damaged(format!("is not about move {} ({mv})", i + 1)));
        }
        if !chance(p.before) || !chance(p.after) || !chance(p.loss) {
            return Err(damaged(format!("gives move {} a chance outside 0–100", i + 1)));
        }
        if p.best_line.len() > MAX_LINE || p.best_line.iter().any(|m| m.is_empty() || m.len() > 64) {
            return Err(damaged(format!("gives move {} a line that is not one", i + 1)));
        }
    }
    Ok(plies)
}

/// A save written in format `version`: its options and stored state as this version reads them.
/// Until version 2 Sixteen Soldiers board 2's fair rules let the general win at four soldiers
/// left; they now say six, so a fair game there written before keeps the four it was played
/// under, written out in both (the online server's schema migration 2 does the same to its
/// stored games). A state that is not what it should be is left for the replay to refuse.
fn upgrade(
    version: u64,
    game: GameId,
    mut options: Vec<(String, String)>,
    state: String,
) -> (Vec<(String, String)>, String) {
    let has = |options: &[(String, String)], key: &str, value: Option<&str>| {
        options
            .iter()
            .any(|(k, v)| k.eq_ignore_ascii_case(key) && value.is_none_or(|value| v.eq_ignore_ascii_case(value)))
    };
    if version >= 2
        || game != GameId::Soldiers
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

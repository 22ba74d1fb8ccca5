//! The file format: what a save holds in memory ([`SaveGame`]), its header and version, and the
//! checksum that seals the text written.

use parlour_rules::GameId;
use parlour_rules::record::Level;
use parlour_rules::record::PlyAnalysis;
use serde_json::{Map, Value};

/// The `format` field of every save.
pub const FORMAT: &str = "parlour-save";
/// The newest format version this client writes and reads. Version 2: Sixteen Soldiers board 2's
/// fair rules let the general win at six soldiers left (see `upgrade`). Version 3: the review's
/// analysis is kept with the game (`analysis`; older saves have none and are analysed when
/// asked).
pub const VERSION: u32 = 3;

/// A saved game, as held in memory.
#[derive(Clone, Debug, PartialEq)]
pub struct SaveGame {
    /// The game (written as its engine id).
    pub game: GameId,
    /// Its options as `key=value` pairs, in the game's spec order.
    pub options: Vec<(String, String)>,
    /// Who played each seat: `None` for a person, or the computer's level.
    pub players: [Option<Level>; 2],
    /// Every move played from the start position, in the game's notation.
    pub moves: Vec<String>,
    /// The rules state after those moves, as the rules crate serializes it (JSON text, kept
    /// as text because some states hold 128-bit numbers a JSON value tree cannot).
    pub state: String,
    /// The review's analysis of the first moves (its plies in order from the first; empty when
    /// the game was not analysed).
    pub analysis: Vec<PlyAnalysis>,
}

fn seat_name(s: Option<Level>) -> &'static str {
    s.map(Level::name).unwrap_or("human")
}

pub(crate) fn seat_from(v: &str) -> Option<Option<Level>> {
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

pub(crate) fn checksum(obj: &Map<String, Value>) -> String {
    let mut body = obj.clone();
    body.remove("checksum");
    // Serializing the map (not the text read) makes the sum independent of layout.
    let text = serde_json::to_string(&Value::Object(body)).unwrap_or_default();
    format!("{:016x}", fnv1a(text.as_bytes()))
}

impl SaveGame {
    pub(crate) fn to_map(&self) -> Map<String, Value> {
        let mut m = Map::new();
        m.insert("format".into(), FORMAT.into());
        m.insert("version".into(), VERSION.into());
        m.insert("game".into(), self.game.id().into());
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
        if !self.analysis.is_empty() {
            m.insert(
                "analysis".into(),
                serde_json::to_value(&self.analysis).unwrap_or(Value::Null),
            );
        }
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

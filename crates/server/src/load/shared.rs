//! What the lobby load test's players share: the counts the progress line shows and what they
//! observed, for the report and the checks; and the game they play.

use std::collections::{HashMap, HashSet};
use std::sync::Mutex;
use std::sync::atomic::{AtomicU64, AtomicUsize};

use parlour_rules::dynamic::GameSetup;

/// What all the players share: the run's end, the counts the progress line shows, and what
/// they observed, for the report and the checks.
#[derive(Default)]
pub struct Shared {
    /// Games seen to end (by either seat).
    pub finished: Mutex<HashSet<String>>,
    /// Moves acknowledged `stored`.
    pub moves: AtomicU64,
    /// Players with an entry in the pool or an open seek.
    pub waiting: AtomicUsize,
    /// Players connected and signed in now.
    pub connected: AtomicUsize,
    /// Connections opened again after one dropped.
    pub reconnects: AtomicU64,
    /// Accepts refused because another player took the seek first.
    pub lost_races: AtomicU64,
    /// Seeks, accepts and pool entries refused because the player sat in a live game (its
    /// `matched` lost, say, with a killed server).
    pub busy: AtomicU64,
    /// Everything else observed.
    pub seen: Mutex<Seen>,
}

/// What the players observed.
#[derive(Default)]
pub struct Seen {
    /// Milliseconds from joining the pool or posting a seek to `matched`.
    pub waits_ms: Vec<f64>,
    /// Rating gaps of the pairs made (unrated counted as 1500), once a game.
    pub gaps: Vec<f64>,
    /// Every move acknowledged: (code, ply, move).
    pub acked: Vec<(String, u32, String)>,
    /// (a pool entry?, its number) → the games it was said to make.
    pub entries: HashMap<(bool, u64), HashSet<String>>,
    /// Refusals and surprises, as sentences.
    pub errors: Vec<String>,
}

/// Kōnane 6×6: short games.
pub fn setup() -> GameSetup {
    GameSetup::new(parlour_rules::GameId::Konane, &[("size", "6x6")]).expect("Kōnane 6×6 exists")
}

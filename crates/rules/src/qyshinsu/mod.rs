//! Qyshinsu (rule page `shared/rules/qyshinsu.md`; "Qushinsu" in the seed): the ring of twelve
//! positions, each side's two stones of six kinds, adds and removals limited by the opponent's
//! last move (n-stone distance, Old Stone add, Old Stone remove), Precepts 1–3, loss on having no
//! move, the house-rule draw on the third occurrence of a position, the notation (`o@7`, `4@2`,
//! `x@9`) and the staged record.
//!
//! **Repetition history.** Nothing in Qyshinsu is irreversible (removed stones go back to hand),
//! so a position can recur after any number of moves and the full history is kept. A position is
//! the ring (12 cells × 4 bits), each player's last move (8 bits each) and the side to move; the
//! hands follow from the ring. The first two fill exactly 64 bits, and the side to move is the
//! parity of the history index, so the history stores *exact* position codes: no hash collision
//! can ever fake a repetition. The first [`INLINE_HISTORY`] codes live inline (clone is a memcpy,
//! the hot path never allocates in a typical game); longer games spill into a `Vec`.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::game::{Counter, Game, NotationError, OptionSpec, OptionsError, Player, Status, choose_options};

#[cfg(test)]
mod tests;

/// Other names this game answers to wherever a game is named by text (the seed's spelling).
pub const ALIASES: &[&str] = &["qushinsu"];

/// Positions on the ring.
pub const RING: u8 = 12;

/// History codes kept inline before spilling to the heap.
pub const INLINE_HISTORY: usize = 64;

/// Black: the first-named side, which moves first.
const BLACK: Player = Player::P1;

/// The six kinds of stone; each player has two of each.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Kind {
    /// The unmarked Old Stone (`o`).
    Old,
    /// The 1-stone.
    One,
    /// The 2-stone.
    Two,
    /// The 3-stone.
    Three,
    /// The 4-stone.
    Four,
    /// The 5-stone.
    Five,
}

impl Kind {
    /// Every kind, Old Stone first.
    pub const ALL: [Kind; 6] = [Kind::Old, Kind::One, Kind::Two, Kind::Three, Kind::Four, Kind::Five];

    /// 0 for the Old Stone, n for the n-stone.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The distance an n-stone sets for the next move; `None` for the Old Stone.
    pub fn distance(self) -> Option<u8> {
        (self != Kind::Old).then_some(self as u8)
    }

    /// The notation letter: `o` or `1`..`5`.
    pub fn symbol(self) -> char {
        match self {
            Kind::Old => 'o',
            k => (b'0' + k as u8) as char,
        }
    }

    /// The name players see: "Old Stone", "1-stone"…
    pub fn name(self) -> String {
        match self {
            Kind::Old => "Old Stone".to_string(),
            k => format!("{}-stone", k as u8),
        }
    }
}

/// A stone on the ring.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Stone {
    /// Whose stone.
    pub owner: Player,
    /// Its kind.
    pub kind: Kind,
}

impl Stone {
    /// 1..=12 (0 is an empty cell): the 4-bit cell code of the position code.
    #[inline]
    fn code(self) -> u64 {
        1 + self.owner.index() as u64 * 6 + self.kind.index() as u64
    }
}

/// A Qyshinsu move. Positions are the page's numbers, 1..=12 clockwise.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum QyshinsuMove {
    /// Add a stone of `kind` from hand at the empty position `pos` (`4@2`, `o@7`).
    Add {
        /// The kind added.
        kind: Kind,
        /// Where, 1..=12.
        pos: u8,
    },
    /// Take the mover's own stone at `pos` back into hand (`x@9`).
    Remove {
        /// Where, 1..=12.
        pos: u8,
    },
}

impl QyshinsuMove {
    /// The position acted on.
    pub fn pos(&self) -> u8 {
        match *self {
            QyshinsuMove::Add { pos, .. } | QyshinsuMove::Remove { pos } => pos,
        }
    }
}

/// Add or remove, in a [`LastMove`].
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Action {
    /// A stone was added.
    Add,
    /// A stone was removed.
    Remove,
}

/// What a player last did: it sets the opponent's next move (and Precept 3 for its own).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct LastMove {
    /// Added or removed.
    pub action: Action,
    /// The stone's kind.
    pub kind: Kind,
    /// Where, 1..=12.
    pub pos: u8,
}

impl LastMove {
    /// 1..=144 (0 is "no move yet"): the 8-bit code inside the position code.
    #[inline]
    fn code(self) -> u64 {
        1 + (self.action == Action::Remove) as u64 * 72 + self.kind.index() as u64 * 12 + (self.pos as u64 - 1)
    }
}

/// A set of ring positions (bit `p` for position `p`).
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Positions(pub u16);

impl Positions {
    /// Every position.
    pub const ALL: Positions = Positions(0b1_1111_1111_1110);

    /// True when `pos` is in the set.
    pub fn contains(self, pos: u8) -> bool {
        (1..=RING).contains(&pos) && self.0 & (1 << pos) != 0
    }
    /// The set with `pos` added (a number outside 1..=12 leaves it unchanged).
    pub fn with(self, pos: u8) -> Positions {
        if (1..=RING).contains(&pos) {
            Positions(self.0 | 1 << pos)
        } else {
            self
        }
    }
    /// Number of positions.
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }
    /// True when empty.
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }
    /// The positions in increasing order.
    pub fn iter(self) -> impl Iterator<Item = u8> {
        let mut bits = self.0 & Positions::ALL.0;
        std::iter::from_fn(move || {
            (bits != 0).then(|| {
                let p = bits.trailing_zeros() as u8;
                bits &= bits - 1;
                p
            })
        })
    }
}

impl fmt::Display for Positions {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let v: Vec<String> = self.iter().map(|p| p.to_string()).collect();
        match v.len() {
            0 => write!(f, "nowhere"),
            1 => write!(f, "{}", v[0]),
            _ => write!(f, "{} or {}", v[..v.len() - 1].join(", "), v[v.len() - 1]),
        }
    }
}

/// Where the side to move may act, and which rule says so (for highlighting and the HUD).
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Constraint {
    /// Black's first move: add any stone anywhere.
    Open,
    /// The opponent's last move involved an n-stone at `from`: act at `from ± n`. An empty
    /// target allows an add, a target holding your stone its removal, the opponent's nothing.
    Distance {
        /// The n-stone.
        kind: Kind,
        /// Where it was added or removed.
        from: u8,
        /// The two positions `from ± n`, whatever stands there.
        positions: Positions,
    },
    /// The opponent added an Old Stone at `from`: add at the nearest empty position(s).
    OldStoneAdd {
        /// Where the Old Stone was added.
        from: u8,
        /// The nearest empty positions (none when the ring is full).
        positions: Positions,
    },
    /// The opponent removed an Old Stone from `from`: remove your own stone nearest to it.
    OldStoneRemove {
        /// Where the Old Stone was removed.
        from: u8,
        /// Your stones nearest to `from` (none when you have no stone on the ring).
        positions: Positions,
    },
}

impl Constraint {
    /// The positions this rule points at (every position for [`Constraint::Open`]).
    pub fn positions(&self) -> Positions {
        match *self {
            Constraint::Open => Positions::ALL,
            Constraint::Distance { positions, .. }
            | Constraint::OldStoneAdd { positions, .. }
            | Constraint::OldStoneRemove { positions, .. } => positions,
        }
    }
}

impl fmt::Display for Constraint {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Constraint::Open => write!(f, "add any stone at any position"),
            Constraint::Distance { kind, from, positions } => {
                write!(f, "add or remove at {positions} ({} at {from})", kind.name())
            }
            Constraint::OldStoneAdd { from, positions } => {
                write!(
                    f,
                    "add at {positions}, the empty position nearest the Old Stone added at {from}"
                )
            }
            Constraint::OldStoneRemove { from, positions } => {
                write!(
                    f,
                    "remove your stone at {positions}, nearest the Old Stone removed from {from}"
                )
            }
        }
    }
}

/// One stage of what a move did, in order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum QyshinsuStep {
    /// `player` added a stone of `kind` at `pos` from its hand.
    Added {
        /// Who.
        player: Player,
        /// The kind.
        kind: Kind,
        /// Where.
        pos: u8,
    },
    /// `player` took its stone of `kind` at `pos` back into hand.
    Removed {
        /// Who.
        player: Player,
        /// The kind.
        kind: Kind,
        /// Where.
        pos: u8,
    },
    /// The rule that now limits `player`, the side to move next.
    Limits {
        /// The side to move next.
        player: Player,
        /// Where it may act and why.
        constraint: Constraint,
    },
}

/// Qyshinsu has no options.
#[derive(Copy, Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct QyshinsuOptions {}

/// Exact position codes, one per ply from the start (index = ply, so index parity = side to move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<u64>", into = "Vec<u64>")]
struct History {
    len: u32,
    inline: [u64; INLINE_HISTORY],
    spill: Vec<u64>,
}

impl History {
    fn new(start: u64) -> History {
        let mut h = History {
            len: 0,
            inline: [0; INLINE_HISTORY],
            spill: Vec::new(),
        };
        h.push(start);
        h
    }

    #[inline]
    fn push(&mut self, code: u64) {
        let i = self.len as usize;
        if i < INLINE_HISTORY {
            self.inline[i] = code;
        } else {
            self.spill.push(code);
        }
        self.len += 1;
    }

    /// How often the last code occurs at indices of the same parity (same side to move).
    fn occurrences_of_last(&self) -> u32 {
        let n = self.len as usize;
        let Some(last) = n.checked_sub(1) else { return 0 };
        let at = |i: usize| {
            if i < INLINE_HISTORY {
                self.inline[i]
            } else {
                self.spill[i - INLINE_HISTORY]
            }
        };
        let code = at(last);
        (0..=last).rev().step_by(2).filter(|&i| at(i) == code).count() as u32
    }

    fn last(&self) -> Option<u64> {
        let n = self.len as usize;
        match n {
            0 => None,
            _ if n <= INLINE_HISTORY => Some(self.inline[n - 1]),
            _ => self.spill.last().copied(),
        }
    }
}

impl From<Vec<u64>> for History {
    fn from(v: Vec<u64>) -> History {
        let mut h = History {
            len: 0,
            inline: [0; INLINE_HISTORY],
            spill: Vec::new(),
        };
        for c in v {
            h.push(c);
        }
        h
    }
}

impl From<History> for Vec<u64> {
    fn from(h: History) -> Vec<u64> {
        let n = (h.len as usize).min(INLINE_HISTORY);
        let mut v = h.inline[..n].to_vec();
        v.extend_from_slice(&h.spill);
        v
    }
}

/// A Qyshinsu position.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(try_from = "QyshinsuRecord", into = "QyshinsuRecord")]
pub struct Qyshinsu {
    /// Index = position − 1.
    ring: [Option<Stone>; RING as usize],
    /// Stones in hand by player, then kind.
    hands: [[u8; 6]; 2],
    /// Each player's last move.
    last: [Option<LastMove>; 2],
    ply: u32,
    /// Set when the current position has occurred for the third time.
    repeated: bool,
    history: History,
    /// The exact position code (see the module notes), kept up to date by `apply`.
    code: u64,
    /// What limits the side to move, derived from the above after every move.
    limit: Limit,
}

/// The constraint on the side to move and the positions where it allows adds and removals,
/// computed once per move so `status`, `legal_moves` and `is_legal` only read them.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
struct Limit {
    constraint: Constraint,
    adds: Positions,
    removes: Positions,
}

/// Serde form of [`Qyshinsu`]: hands are derived from the ring, and everything is checked.
#[derive(Clone, Serialize, Deserialize)]
struct QyshinsuRecord {
    ring: [Option<Stone>; RING as usize],
    last: [Option<LastMove>; 2],
    ply: u32,
    history: History,
}

impl From<Qyshinsu> for QyshinsuRecord {
    fn from(q: Qyshinsu) -> Self {
        QyshinsuRecord {
            ring: q.ring,
            last: q.last,
            ply: q.ply,
            history: q.history,
        }
    }
}

impl TryFrom<QyshinsuRecord> for Qyshinsu {
    type Error = String;
    fn try_from(r: QyshinsuRecord) -> Result<Self, String> {
        let mut q = Qyshinsu::new(&QyshinsuOptions {});
        q.history = History::from(Vec::new());
        for (i, cell) in r.ring.iter().enumerate() {
            if let Some(s) = cell {
                let hand = &mut q.hands[s.owner.index()][s.kind.index()];
                *hand = hand
                    .checked_sub(1)
                    .ok_or("a player has more than two stones of one kind")?;
                q.ring[i] = Some(*s);
            }
        }
        if Kind::ALL.iter().any(|&k| q.on_board(k) > 2) {
            return Err("more than two stones of one kind on the ring (Precept 2)".into());
        }
        if r.last.iter().flatten().any(|m| !(1..=RING).contains(&m.pos)) {
            return Err("a last move names a position outside 1..12".into());
        }
        let expected = [r.ply >= 1, r.ply >= 2];
        if r.last.iter().map(Option::is_some).ne(expected) {
            return Err(format!("last moves do not fit ply {}", r.ply));
        }
        q.last = r.last;
        q.ply = r.ply;
        q.code = q.compute_code();
        q.limit = q.compute_limit();
        if r.history.len != r.ply + 1 || r.history.last() != Some(q.code) {
            return Err("the repetition history does not end at this position".into());
        }
        q.history = r.history;
        q.repeated = q.history.occurrences_of_last() >= 3;
        Ok(q)
    }
}

/// Position `pos` moved `delta` steps clockwise around the ring.
#[inline]
pub fn around(pos: u8, delta: i32) -> u8 {
    ((pos as i32 - 1 + delta).rem_euclid(RING as i32) + 1) as u8
}

/// The shorter way round between two positions.
pub fn distance(a: u8, b: u8) -> u8 {
    let d = (a as i32 - b as i32).unsigned_abs() as u8 % RING;
    d.min(RING - d)
}

/// SplitMix64's finaliser: a bijective mix of the exact position code into a hash key.
const fn mix(x: u64) -> u64 {
    let mut z = x.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

impl Qyshinsu {
    /// The stone at position `pos` (1..=12).
    pub fn stone_at(&self, pos: u8) -> Option<Stone> {
        (1..=RING).contains(&pos).then(|| self.ring[pos as usize - 1]).flatten()
    }

    /// How many stones of `kind` `player` still holds.
    pub fn hand(&self, player: Player, kind: Kind) -> u8 {
        self.hands[player.index()][kind.index()]
    }

    /// Stones of `kind` on the ring, both colours (Precept 2 allows at most two).
    pub fn on_board(&self, kind: Kind) -> u8 {
        4 - self.hands[0][kind.index()] - self.hands[1][kind.index()]
    }

    /// `player`'s last move, if any.
    pub fn last_move(&self, player: Player) -> Option<LastMove> {
        self.last[player.index()]
    }

    /// How many times the current position has occurred (the start counts once).
    pub fn occurrences(&self) -> u32 {
        self.history.occurrences_of_last()
    }

    /// Where the side to move may act and which rule says so.
    pub fn constraint(&self) -> Constraint {
        self.limit.constraint
    }

    /// The positions where the side to move has a legal move (empty once the game is over):
    /// what the client highlights, alongside [`Qyshinsu::constraint`] for the reason.
    pub fn playable(&self) -> Positions {
        let mut out = Positions::default();
        if !self.repeated {
            self.each_move(|m| {
                out = out.with(m.pos());
                true
            });
        }
        out
    }

    fn compute_limit(&self) -> Limit {
        let constraint = self.compute_constraint();
        let me = self.side_to_move();
        let (adds, removes) = match constraint {
            Constraint::Open => (Positions::ALL, Positions::default()),
            Constraint::Distance { positions, .. } => {
                let mut adds = Positions::default();
                let mut removes = Positions::default();
                for p in positions.iter() {
                    match self.ring[p as usize - 1] {
                        None => adds = adds.with(p),
                        Some(s) if s.owner == me => removes = removes.with(p),
                        Some(_) => {}
                    }
                }
                (adds, removes)
            }
            Constraint::OldStoneAdd { positions, .. } => (positions, Positions::default()),
            Constraint::OldStoneRemove { positions, .. } => (Positions::default(), positions),
        };
        Limit {
            constraint,
            adds,
            removes,
        }
    }

    fn compute_constraint(&self) -> Constraint {
        let me = self.side_to_move();
        let Some(prev) = self.last[me.other().index()] else {
            return Constraint::Open;
        };
        let m = prev.pos;
        match (prev.kind.distance(), prev.action) {
            (Some(n), _) => Constraint::Distance {
                kind: prev.kind,
                from: m,
                positions: Positions::default()
                    .with(around(m, n as i32))
                    .with(around(m, -(n as i32))),
            },
            (None, Action::Add) => Constraint::OldStoneAdd {
                from: m,
                positions: self.nearest(m, |c| c.is_none()),
            },
            (None, Action::Remove) => Constraint::OldStoneRemove {
                from: m,
                positions: self.nearest(m, |c| c.is_some_and(|s| s.owner == me)),
            },
        }
    }

    /// The positions at the smallest distance from `m` (excluding `m`) whose cell passes `want`.
    fn nearest(&self, m: u8, want: impl Fn(Option<Stone>) -> bool) -> Positions {
        for d in 1..=(RING / 2) as i32 {
            let mut found = Positions::default();
            for p in [around(m, d), around(m, -d)] {
                if want(self.ring[p as usize - 1]) {
                    found = found.with(p);
                }
            }
            if !found.is_empty() {
                return found;
            }
        }
        Positions::default()
    }

    /// Why the side to move may not add `kind` at the empty position `pos`, if it may not.
    fn add_blocked(&self, kind: Kind, pos: u8) -> Option<String> {
        let me = self.side_to_move();
        if self.hand(me, kind) == 0 {
            return Some(format!("{} has no {} in hand", self.side_name(me), kind.name()));
        }
        if self.on_board(kind) >= 2 {
            return Some(format!("two {}s are already on the ring (Precept 2)", kind.name()));
        }
        let own = self.last[me.index()];
        if own
            == Some(LastMove {
                action: Action::Remove,
                kind,
                pos,
            })
        {
            return Some(format!(
                "{}'s last move removed a {} from {pos}; it may not go straight back (Precept 3)",
                self.side_name(me),
                kind.name()
            ));
        }
        None
    }

    /// Calls `f` with every legal move (in a fixed order) until it returns false.
    #[inline]
    fn each_move(&self, mut f: impl FnMut(QyshinsuMove) -> bool) {
        let me = self.side_to_move();
        let Limit { adds, removes, .. } = self.limit;
        for pos in removes.iter() {
            if !f(QyshinsuMove::Remove { pos }) {
                return;
            }
        }
        if adds.is_empty() {
            return;
        }
        let mine = &self.hands[me.index()];
        let theirs = &self.hands[me.other().index()];
        let own = self.last[me.index()];
        for kind in Kind::ALL {
            let k = kind.index();
            // Precept 2 with both hands: on the ring = 4 − both hands.
            if mine[k] == 0 || mine[k] + theirs[k] <= 2 {
                continue;
            }
            for pos in adds.iter() {
                if own
                    == Some(LastMove {
                        action: Action::Remove,
                        kind,
                        pos,
                    })
                {
                    continue; // Precept 3
                }
                if !f(QyshinsuMove::Add { kind, pos }) {
                    return;
                }
            }
        }
    }

    fn has_move(&self) -> bool {
        let mut any = false;
        self.each_move(|_| {
            any = true;
            false
        });
        any
    }

    /// The exact position code: ring cells in bits 0..48, last moves in 48..56 and 56..64.
    fn compute_code(&self) -> u64 {
        let mut c = 0u64;
        for (i, cell) in self.ring.iter().enumerate() {
            if let Some(s) = cell {
                c |= s.code() << (4 * i);
            }
        }
        for (i, last) in self.last.iter().enumerate() {
            if let Some(m) = last {
                c |= m.code() << (48 + 8 * i);
            }
        }
        c
    }

    /// Why `mv` is illegal now, or `None`.
    fn why_illegal(&self, mv: &QyshinsuMove) -> Option<String> {
        if self.status().is_over() {
            return Some("the game is over".into());
        }
        let me = self.side_to_move();
        let pos = mv.pos();
        if !(1..=RING).contains(&pos) {
            return Some(format!("there is no position {pos}; positions run 1..12"));
        }
        let constraint = self.constraint();
        let cell = self.ring[pos as usize - 1];
        if let Some(s) = cell
            && s.owner != me
        {
            return Some(format!(
                "position {pos} holds a {} stone; never touch the opponent's stones (Precept 1)",
                self.side_name(s.owner)
            ));
        }
        if !constraint.positions().contains(pos) {
            return Some(format!("{} must {constraint}", self.side_name(me)));
        }
        match (*mv, cell) {
            (QyshinsuMove::Add { .. }, Some(_)) => Some(format!("position {pos} is not empty")),
            (QyshinsuMove::Remove { .. }, None) => Some(format!("there is no stone at {pos} to remove")),
            (QyshinsuMove::Add { .. }, None) if matches!(constraint, Constraint::OldStoneRemove { .. }) => {
                Some(format!("{} must {constraint}", self.side_name(me)))
            }
            (QyshinsuMove::Remove { .. }, Some(_)) if matches!(constraint, Constraint::OldStoneAdd { .. }) => {
                Some(format!("{} must {constraint}", self.side_name(me)))
            }
            (QyshinsuMove::Add { kind, .. }, None) => self.add_blocked(kind, pos),
            (QyshinsuMove::Remove { .. }, Some(_)) => None,
        }
    }

    #[inline]
    fn apply_with(&mut self, mv: QyshinsuMove, mut record: impl FnMut(QyshinsuStep)) {
        let me = self.side_to_move();
        let last = match mv {
            QyshinsuMove::Add { kind, pos } => {
                let stone = Stone { owner: me, kind };
                self.ring[pos as usize - 1] = Some(stone);
                self.code |= stone.code() << (4 * (pos - 1));
                self.hands[me.index()][kind.index()] -= 1;
                record(QyshinsuStep::Added { player: me, kind, pos });
                LastMove {
                    action: Action::Add,
                    kind,
                    pos,
                }
            }
            QyshinsuMove::Remove { pos } => {
                let kind = self.ring[pos as usize - 1].map_or(Kind::Old, |s| s.kind);
                debug_assert!(self.ring[pos as usize - 1].is_some_and(|s| s.owner == me));
                self.ring[pos as usize - 1] = None;
                self.code &= !(0xF << (4 * (pos - 1)));
                self.hands[me.index()][kind.index()] += 1;
                record(QyshinsuStep::Removed { player: me, kind, pos });
                LastMove {
                    action: Action::Remove,
                    kind,
                    pos,
                }
            }
        };
        self.last[me.index()] = Some(last);
        let shift = 48 + 8 * me.index();
        self.code = (self.code & !(0xFF << shift)) | last.code() << shift;
        self.ply += 1;
        self.history.push(self.code);
        self.repeated = self.history.occurrences_of_last() >= 3;
        self.limit = self.compute_limit();
    }
}

impl Game for Qyshinsu {
    type Move = QyshinsuMove;
    type Step = QyshinsuStep;
    type Options = QyshinsuOptions;

    const ID: &'static str = "qyshinsu";
    const NAME: &'static str = "Qyshinsu";

    fn option_specs() -> &'static [OptionSpec] {
        &[]
    }

    fn parse_options(pairs: &[(&str, &str)]) -> Result<QyshinsuOptions, OptionsError> {
        choose_options(Self::ID, Self::option_specs(), pairs)?;
        Ok(QyshinsuOptions {})
    }

    fn option_pairs(_options: &QyshinsuOptions) -> Vec<(String, String)> {
        Vec::new()
    }

    fn new(_options: &QyshinsuOptions) -> Self {
        let mut q = Qyshinsu {
            ring: [None; RING as usize],
            hands: [[2; 6]; 2],
            last: [None; 2],
            ply: 0,
            repeated: false,
            history: History::new(0),
            code: 0,
            limit: Limit {
                constraint: Constraint::Open,
                adds: Positions::ALL,
                removes: Positions::default(),
            },
        };
        q.history = History::new(q.compute_code());
        q
    }

    fn options(&self) -> &QyshinsuOptions {
        &QyshinsuOptions {}
    }

    fn side_to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) {
            BLACK
        } else {
            BLACK.other()
        }
    }

    fn side_name(&self, player: Player) -> &'static str {
        match player {
            Player::P1 => "black",
            Player::P2 => "red",
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut Vec<QyshinsuMove>) {
        out.clear();
        if self.repeated {
            return;
        }
        self.each_move(|m| {
            out.push(m);
            true
        });
    }

    #[inline]
    fn apply(&mut self, mv: QyshinsuMove) {
        self.apply_with(mv, |_| {});
    }

    fn apply_recorded(&mut self, mv: QyshinsuMove, steps: &mut Vec<QyshinsuStep>) {
        self.apply_with(mv, |s| steps.push(s));
        steps.push(QyshinsuStep::Limits {
            player: self.side_to_move(),
            constraint: self.constraint(),
        });
    }

    fn status(&self) -> Status {
        if self.repeated {
            Status::Draw { reason: "repetition" }
        } else if self.has_move() {
            Status::Ongoing
        } else {
            Status::Win {
                winner: self.side_to_move().other(),
                reason: "no-moves",
            }
        }
    }

    fn hash_key(&self) -> u64 {
        mix(self.code)
            ^ if self.side_to_move() == BLACK {
                0
            } else {
                0x5179_7368_696E_7375
            }
    }

    fn format_move(&self, mv: &QyshinsuMove) -> String {
        match *mv {
            QyshinsuMove::Add { kind, pos } => format!("{}@{pos}", kind.symbol()),
            QyshinsuMove::Remove { pos } => format!("x@{pos}"),
        }
    }

    fn parse_move(&self, text: &str) -> Result<QyshinsuMove, NotationError> {
        let t = text.trim().to_ascii_lowercase();
        let Some((what, at)) = t.split_once('@') else {
            return Err(NotationError::new(format!(
                "'{t}' has no '@'; write a kind (o, 1..5) or x, then @ and a position, e.g. 4@2, o@7 or x@9"
            )));
        };
        let pos = match at {
            "" => return Err(NotationError::new(format!("'{t}' names no position after '@'"))),
            _ if !at.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(NotationError::new(format!(
                    "'{at}' is not a position; positions are 1..12"
                )));
            }
            _ if at.starts_with('0') => {
                return Err(NotationError::new(format!(
                    "'{at}': positions are 1..12, written without leading zeros"
                )));
            }
            _ => match at.parse::<u8>() {
                Ok(p) if (1..=RING).contains(&p) => p,
                _ => {
                    return Err(NotationError::new(format!(
                        "there is no position {at}; positions are 1..12"
                    )));
                }
            },
        };
        let kind = match what {
            "x" => return Ok(QyshinsuMove::Remove { pos }),
            "o" => Kind::Old,
            "1" => Kind::One,
            "2" => Kind::Two,
            "3" => Kind::Three,
            "4" => Kind::Four,
            "5" => Kind::Five,
            "0" => {
                return Err(NotationError::new("the Old Stone is written 'o' (the letter), not '0'"));
            }
            _ => {
                return Err(NotationError::new(format!(
                    "'{what}' is not a kind; before '@' write o (Old Stone), 1..5, or x to remove"
                )));
            }
        };
        Ok(QyshinsuMove::Add { kind, pos })
    }

    fn render(&self) -> String {
        let mut out = String::new();
        let cell = |p: u8| match self.ring[p as usize - 1] {
            None => " .".to_string(),
            Some(s) => format!("{}{}", if s.owner == BLACK { 'b' } else { 'r' }, s.kind.symbol()),
        };
        out.push_str("pos  ");
        out.push_str(&(1..=RING).map(|p| format!("{p:>3}")).collect::<String>());
        out.push_str("\nring ");
        out.push_str(&(1..=RING).map(|p| format!("{:>3}", cell(p))).collect::<String>());
        out.push('\n');
        for player in Player::BOTH {
            let hand: Vec<String> = Kind::ALL
                .iter()
                .map(|&k| format!("{}:{}", k.symbol(), self.hand(player, k)))
                .collect();
            out.push_str(&format!("{:<5} hand {}\n", self.side_name(player), hand.join(" ")));
        }
        match self.status() {
            Status::Ongoing => {
                let me = self.side_to_move();
                out.push_str(&format!("{} to move: {}\n", self.side_name(me), self.constraint()));
            }
            Status::Draw { .. } => out.push_str("drawn: third occurrence of this position\n"),
            Status::Win { winner, .. } => out.push_str(&format!(
                "{} cannot move ({}); {} has returned to the Way\n",
                self.side_name(winner.other()),
                self.constraint(),
                self.side_name(winner)
            )),
        }
        out
    }

    fn counters(&self) -> Vec<Counter> {
        let mut v = Vec::with_capacity(15);
        for player in Player::BOTH {
            for kind in Kind::ALL {
                v.push(Counter::new(
                    format!("{} hand {}", self.side_name(player), kind.symbol()),
                    self.hand(player, kind),
                ));
            }
        }
        for player in Player::BOTH {
            let n = self.ring.iter().flatten().filter(|s| s.owner == player).count();
            v.push(Counter::new(format!("{} on ring", self.side_name(player)), n));
        }
        v.push(Counter::new("position occurrences", self.occurrences()));
        v
    }

    fn illegal_reason(&self, mv: &QyshinsuMove) -> String {
        self.why_illegal(mv).unwrap_or_else(|| "that move is legal".to_string())
    }

    fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R, _buf: &mut Vec<QyshinsuMove>) -> Option<QyshinsuMove> {
        if self.repeated {
            return None;
        }
        let mut n = 0u32;
        self.each_move(|_| {
            n += 1;
            true
        });
        if n == 0 {
            return None;
        }
        // Uniform: the pick-th move of the same fixed order `legal_moves` uses.
        let mut pick = rng.random_range(0..n);
        let mut chosen = None;
        self.each_move(|m| {
            if pick == 0 {
                chosen = Some(m);
                return false;
            }
            pick -= 1;
            true
        });
        chosen
    }

    fn is_legal(&self, mv: &QyshinsuMove) -> bool {
        if self.repeated {
            return false;
        }
        let mut found = false;
        self.each_move(|m| {
            found = m == *mv;
            !found
        });
        found
    }
}

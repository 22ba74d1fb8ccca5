//! The rules proper: move generation (steps, jump chains, compulsory capture), the stages of a
//! move (the hunter's step or hops, intervention, the soldier's step, custodian capture), the
//! end checks in the page's order, and a uniform random move that avoids building move lists.
//!
//! Everything works on bitmasks: the soldiers are one `u64`, and the board tables give each
//! point's neighbours, flanking pairs and jumps.

use rand::Rng;

use super::board::{ApexKind, Board, CaptureKind, MAX_HOPS, MAX_SHIFTS, Point, bits};
use super::{EndReason, Move, NO_CAPTURE_LIMIT, Outcome, Piece, Soldiers, Step, zobrist};
use crate::game::Player;

/// The `k`-th lowest set bit of `m` (`k < m.count_ones()`).
#[inline]
fn kth_bit(mut m: u64, k: u32) -> Point {
    for _ in 0..k {
        m &= m - 1;
    }
    m.trailing_zeros() as Point
}

/// Where the stages of a move go: nowhere on the fast path, into a list when recording.
pub(crate) trait Record {
    /// False for the fast path, so that steps are never even built there.
    const ON: bool;
    fn push(&mut self, step: Step);
}

impl Record for () {
    const ON: bool = false;
    #[inline]
    fn push(&mut self, _: Step) {}
}

impl Record for Vec<Step> {
    const ON: bool = true;
    fn push(&mut self, step: Step) {
        Vec::push(self, step);
    }
}

impl Soldiers {
    /// Empty points: neither a soldier nor the hunter.
    #[inline]
    fn empty(&self, b: &Board) -> u64 {
        b.all & !self.soldiers & !(1u64 << self.hunter)
    }

    /// True when the hunter has a jump from where he stands.
    #[inline]
    fn any_jump(&self, b: &Board) -> bool {
        self.rules.capture == CaptureKind::Jump
            && b.jump_over[self.hunter as usize] & self.soldiers != 0
            && b.jumps_from(self.hunter)
                .iter()
                .any(|&(o, l)| self.soldiers >> o & 1 == 1 && self.soldiers >> l & 1 == 0)
    }

    /// True when the side to move has a legal move.
    fn has_move(&self, b: &Board) -> bool {
        match self.side {
            Player::P1 => b.adj[self.hunter as usize] & !self.soldiers != 0 || self.any_jump(b),
            Player::P2 => {
                let (s, t) = (self.soldiers, b.main & self.empty(b));
                b.shifts()
                    .iter()
                    .any(|&(d, m)| ((s & m) << d) & t != 0 || ((t & m) << d) & s != 0)
            }
        }
    }

    /// Clears `out` and fills it with every legal move.
    pub(super) fn generate(&self, out: &mut Vec<Move>) {
        out.clear();
        if self.outcome.is_some() {
            return;
        }
        let b = self.board();
        match self.side {
            Player::P1 => {
                if self.any_jump(b) {
                    let mut path = [0 as Point; MAX_HOPS];
                    self.chains(b, self.hunter, self.soldiers, &mut path, 0, out);
                    if self.rules.compulsory {
                        return;
                    }
                }
                let h = self.hunter;
                for to in bits(b.adj[h as usize] & !self.soldiers) {
                    out.push(Move::step(h, to));
                }
            }
            Player::P2 => {
                let targets = b.main & self.empty(b);
                for s in bits(self.soldiers) {
                    for to in bits(b.adj[s as usize] & targets) {
                        out.push(Move::step(s, to));
                    }
                }
            }
        }
    }

    /// Jump chains from `cur` after `depth` hops, with `soldiers` left: with compulsory capture
    /// only chains that cannot go on; otherwise every chain (of one hop without multi-jump).
    /// A jumped soldier is gone at once, and the hunter's start point counts as empty.
    fn chains(
        &self,
        b: &Board,
        cur: Point,
        soldiers: u64,
        path: &mut [Point; MAX_HOPS],
        depth: usize,
        out: &mut Vec<Move>,
    ) {
        let mut extended = false;
        if (depth == 0 || self.rules.chain) && depth < MAX_HOPS {
            for &(over, land) in b.jumps_from(cur) {
                if soldiers >> over & 1 == 1 && soldiers >> land & 1 == 0 {
                    extended = true;
                    path[depth] = land;
                    self.chains(b, land, soldiers & !(1u64 << over), path, depth + 1, out);
                }
            }
            // Keep slots past the current depth zero, so moves compare exactly.
            path[depth] = 0;
        }
        if depth > 0 && (!extended || !self.rules.compulsory) {
            out.push(Move::from_buffer(self.hunter, depth, *path));
        }
    }

    /// A uniformly random legal move. The soldiers' moves and the hunter's steps are counted
    /// with popcounts and the k-th one taken directly; only positions where the hunter can jump
    /// build the move list.
    pub(super) fn random_legal<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<Move>) -> Option<Move> {
        if self.outcome.is_some() {
            return None;
        }
        let b = self.board();
        match self.side {
            Player::P1 => {
                if self.any_jump(b) {
                    self.generate(buf);
                    return (!buf.is_empty()).then(|| buf[rng.random_range(0..buf.len())]);
                }
                let targets = b.adj[self.hunter as usize] & !self.soldiers;
                let n = targets.count_ones();
                (n > 0).then(|| Move::step(self.hunter, kth_bit(targets, rng.random_range(0..n))))
            }
            Player::P2 => {
                // Each soldier's move is an edge {p, p + d} of one shift group with a soldier on
                // one end and an empty point on the other: count them a group and a direction
                // at a time, then take the k-th.
                let (s, t) = (self.soldiers, b.main & self.empty(b));
                let group = |i: usize| {
                    let (d, m) = b.shifts()[i / 2];
                    // Even: destinations reached going up (+d); odd: soldiers that can go down.
                    if i.is_multiple_of(2) {
                        ((s & m) << d) & t
                    } else {
                        ((t & m) << d) & s
                    }
                };
                let mut counts = [0u8; 2 * MAX_SHIFTS];
                let mut total = 0u32;
                for (i, c) in counts.iter_mut().enumerate().take(2 * b.shifts().len()) {
                    *c = group(i).count_ones() as u8;
                    total += *c as u32;
                }
                if total == 0 {
                    return None;
                }
                let mut k = rng.random_range(0..total);
                for (i, &c) in counts.iter().enumerate() {
                    let c = c as u32;
                    if k < c {
                        let (d, q) = (b.shifts()[i / 2].0 as Point, kth_bit(group(i), k));
                        return Some(if i.is_multiple_of(2) {
                            Move::step(q - d, q)
                        } else {
                            Move::step(q, q - d)
                        });
                    }
                    k -= c;
                }
                None
            }
        }
    }

    /// Plays a legal move: the hunter's step (with intervention) or hops, or a soldier's step
    /// (with custodian capture); then the counters, the repetition history and the end checks.
    pub(super) fn play_move<R: Record>(&mut self, mv: Move, rec: &mut R) {
        let b = self.board();
        let old_key = self.key;
        let mover = self.side;
        let had_apex = self.apex_reached;
        let mut captured = 0u64;
        let mut custodian = false;
        match mover {
            Player::P1 => {
                let track_apex = self.rules.apex && b.apex_kind() == ApexKind::Return;
                let mut cur = self.hunter;
                debug_assert_eq!(cur, mv.from());
                for &to in mv.landings() {
                    match b.jumped(cur, to) {
                        Some(over) => {
                            self.soldiers &= !(1u64 << over);
                            self.key ^= zobrist::SOLDIER[over as usize];
                            captured |= 1u64 << over;
                            if R::ON {
                                rec.push(Step::Jump { from: cur, over, to });
                            }
                        }
                        None => {
                            if R::ON {
                                rec.push(Step::Move {
                                    piece: Piece::Hunter,
                                    from: cur,
                                    to,
                                });
                            }
                        }
                    }
                    self.key ^= zobrist::HUNTER[cur as usize] ^ zobrist::HUNTER[to as usize];
                    cur = to;
                    self.hunter = cur;
                    if self.rules.capture == CaptureKind::Intervention {
                        let mut taken = 0u64;
                        if b.pair_union[cur as usize] & self.soldiers != 0 {
                            for &pair in b.pairs_of(cur) {
                                if self.soldiers & pair == pair {
                                    taken |= pair;
                                }
                            }
                        }
                        if taken != 0 {
                            self.soldiers &= !taken;
                            for p in bits(taken) {
                                self.key ^= zobrist::SOLDIER[p as usize];
                            }
                            captured |= taken;
                            if R::ON {
                                rec.push(Step::Intervention {
                                    at: cur,
                                    captured: bits(taken).collect(),
                                });
                            }
                        }
                    }
                    if track_apex && !self.apex_reached && b.apex >> cur & 1 == 1 {
                        self.apex_reached = true;
                        self.key ^= zobrist::APEX;
                        if R::ON {
                            rec.push(Step::ApexReached { at: cur });
                        }
                    }
                }
            }
            Player::P2 => {
                let (from, to) = (mv.from(), mv.dest());
                self.soldiers ^= 1u64 << from | 1u64 << to;
                self.key ^= zobrist::SOLDIER[from as usize] ^ zobrist::SOLDIER[to as usize];
                if R::ON {
                    rec.push(Step::Move {
                        piece: Piece::Soldier,
                        from,
                        to,
                    });
                }
                if self.rules.custodian && b.pair_union[self.hunter as usize] >> to & 1 == 1 {
                    // Only a pair that includes the soldier that just moved captures.
                    for &pair in b.pairs_of(self.hunter) {
                        if pair >> to & 1 == 1 && self.soldiers & pair == pair {
                            custodian = true;
                            if R::ON {
                                let flankers = [pair.trailing_zeros() as Point, (63 - pair.leading_zeros()) as Point];
                                rec.push(Step::Custodian {
                                    general: self.hunter,
                                    flankers,
                                });
                            }
                            break;
                        }
                    }
                }
            }
        }
        self.key ^= zobrist::SIDE;
        self.side = mover.other();
        self.ply += 1;
        if captured != 0 {
            let n = captured.count_ones() as u8;
            self.count -= n;
            self.captured += n;
            self.since_capture = 0;
            self.history.clear();
        } else {
            self.since_capture += 1;
            if self.apex_reached != had_apex {
                // No earlier position has the flag, so none can repeat.
                self.history.clear();
            } else {
                self.history.push(old_key);
            }
        }
        self.judge(b, mover, custodian, had_apex);
        if R::ON
            && let Some(o) = self.outcome
        {
            rec.push(Step::End {
                winner: o.winner,
                reason: o.reason.as_str(),
            });
        }
    }

    /// True when the hunter is in the refuge and every exit holds a soldier.
    #[inline]
    fn shut_in(&self, b: &Board) -> bool {
        b.refuge >> self.hunter & 1 == 1 && self.soldiers & b.exits == b.exits
    }

    /// The end checks after a move by `mover`, in the page's order: custodian capture, shut-in,
    /// the hunter's threshold, apex, the side to move pinned, threefold repetition, no capture.
    fn judge(&mut self, b: &Board, mover: Player, custodian: bool, had_apex: bool) {
        let win = |winner: Player, reason| {
            Some(Outcome {
                winner: Some(winner),
                reason,
            })
        };
        self.outcome = if custodian {
            win(Player::P2, EndReason::Captured)
        } else if self.shut_in(b) {
            win(Player::P2, EndReason::ShutIn)
        } else if self.count as u32 <= self.rules.threshold {
            win(Player::P1, EndReason::Threshold)
        } else if mover == Player::P1 && self.apex_win(b, had_apex) {
            win(Player::P1, EndReason::Apex)
        } else if !self.has_move(b) {
            win(mover, EndReason::Pinned)
        } else if self.history.occurrences(self.key) >= 2 {
            Some(Outcome {
                winner: None,
                reason: EndReason::Repetition,
            })
        } else if self.since_capture >= NO_CAPTURE_LIMIT {
            Some(Outcome {
                winner: None,
                reason: EndReason::NoCapture,
            })
        } else {
            None
        };
    }

    /// The end checks that do not depend on a last move, for a set-up position.
    pub(super) fn judge_setup(&mut self) {
        let b = self.board();
        let win = |winner: Player, reason| {
            Some(Outcome {
                winner: Some(winner),
                reason,
            })
        };
        self.outcome = if self.shut_in(b) {
            win(Player::P2, EndReason::ShutIn)
        } else if self.count as u32 <= self.rules.threshold {
            win(Player::P1, EndReason::Threshold)
        } else if !self.has_move(b) {
            win(self.side.other(), EndReason::Pinned)
        } else {
            None
        };
    }

    /// Whether the hunter's move just ended in an apex win.
    #[inline]
    fn apex_win(&self, b: &Board, had_apex: bool) -> bool {
        match b.apex_kind() {
            // Reached before this move, and this move ends outside the privy.
            ApexKind::Return => had_apex && b.refuge >> self.hunter & 1 == 0,
            // Stepped onto the apex while no water stands on the entrance.
            ApexKind::Cloister => b.apex >> self.hunter & 1 == 1 && self.soldiers & b.exits == 0,
            ApexKind::None => false,
        }
    }

    /// Why `mv` is not legal here, as specifically as the position allows.
    pub(super) fn why_illegal(&self, mv: &Move) -> String {
        let b = self.board();
        let name = |p: Point| b.point_name(p);
        if self.outcome.is_some() {
            return "the game is over".into();
        }
        let (from, land) = (mv.from(), mv.landings());
        let first = land[0];
        match self.side {
            Player::P1 => {
                if from != self.hunter {
                    return format!(
                        "the {} stands on {}, not {}",
                        b.hunter_name(),
                        name(self.hunter),
                        name(from)
                    );
                }
                if b.adjacent(from, first) {
                    if self.soldiers >> first & 1 == 1 {
                        return format!("{} is occupied", name(first));
                    }
                    if self.rules.compulsory && self.any_jump(b) {
                        return format!("the {} can capture, and capturing is compulsory", b.hunter_name());
                    }
                } else {
                    if self.rules.capture != CaptureKind::Jump {
                        return format!("the {} does not jump in this game", b.hunter_name());
                    }
                    let (mut cur, mut soldiers) = (from, self.soldiers);
                    for (i, &to) in land.iter().enumerate() {
                        if i > 0 && !self.rules.chain {
                            return "only one jump per move in this game".into();
                        }
                        let over = b.jumped(cur, to).unwrap_or(cur);
                        if soldiers >> over & 1 == 0 {
                            return format!("there is no {} on {} to jump", b.soldier_noun(), name(over));
                        }
                        if soldiers >> to & 1 == 1 {
                            return format!("{} is occupied", name(to));
                        }
                        soldiers &= !(1u64 << over);
                        cur = to;
                    }
                    if self.rules.compulsory {
                        return format!(
                            "the chain can go on from {}, and jumping is compulsory to the end",
                            name(cur)
                        );
                    }
                }
            }
            Player::P2 => {
                if self.soldiers >> from & 1 == 0 {
                    return format!("there is no {} on {}", b.soldier_noun(), name(from));
                }
                if land.len() > 1 || !b.adjacent(from, first) {
                    return format!("{} only step along a line to a neighbouring point", b.soldiers_name());
                }
                if b.is_refuge(first) {
                    return format!("{} may not enter the {}", b.soldiers_name(), b.refuge_name());
                }
                if self.empty(b) >> first & 1 == 0 {
                    return format!("{} is occupied", name(first));
                }
            }
        }
        "that move is not allowed in this position".into()
    }

    /// A text picture: the board's points at their coordinates, joined by its edges, then the
    /// pieces by name. Columns follow x (four characters per unit); rows follow the order of the
    /// distinct y values, two characters apart, so that half-unit privy rows get room for their
    /// lines too.
    pub(super) fn picture(&self) -> String {
        let b = self.board();
        let mut ys: Vec<f64> = b.points().map(|p| b.point_xy(p).1).collect();
        ys.sort_by(f64::total_cmp);
        ys.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
        let xy = |p: Point| {
            let (x, y) = b.point_xy(p);
            let rank = ys.iter().position(|&v| (v - y).abs() < 1e-9).unwrap_or(0);
            ((x * 4.0).round() as i64, 2 * rank as i64)
        };
        let (mut w, mut h) = (0i64, 0i64);
        for p in b.points() {
            let (x, y) = xy(p);
            w = w.max(x + 1);
            h = h.max(y + 1);
        }
        let (w, h) = (w.clamp(1, 200) as usize, h.clamp(1, 200) as usize);
        let mut grid = vec![vec![' '; w]; h];
        let mut put = |x: i64, y: i64, c: char| {
            if let Some(cell) = grid.get_mut(y as usize).and_then(|r| r.get_mut(x as usize)) {
                *cell = match (*cell, c) {
                    (' ', c) => c,
                    (old, c) if old == c => c,
                    _ => 'X',
                };
            }
        };
        for &(p, q) in b.edges() {
            let ((x0, y0), (x1, y1)) = (xy(p), xy(q));
            let (dx, dy) = (x1 - x0, y1 - y0);
            let c = if dy == 0 {
                '-'
            } else if dx == 0 {
                '|'
            } else if (dx > 0) == (dy > 0) {
                '/'
            } else {
                '\\'
            };
            let steps = dx.abs().max(dy.abs());
            for i in 1..steps {
                let fx = x0 as f64 + dx as f64 * i as f64 / steps as f64;
                let fy = y0 as f64 + dy as f64 * i as f64 / steps as f64;
                if (fy - fy.round()).abs() < 1e-9 && (fx - fx.round()).abs() < 1e-9 {
                    put(fx as i64, fy as i64, c);
                }
            }
        }
        let hunter_char = if b.hunter_name() == "monk" { 'M' } else { 'G' };
        for p in b.points() {
            let (x, y) = xy(p);
            let c = if p == self.hunter {
                hunter_char
            } else if self.soldiers >> p & 1 == 1 {
                'o'
            } else if b.is_refuge(p) {
                '*'
            } else {
                '.'
            };
            if let Some(cell) = grid.get_mut(y as usize).and_then(|r| r.get_mut(x as usize)) {
                *cell = c;
            }
        }
        let mut out = String::new();
        for row in grid.iter().rev() {
            out.push_str(row.iter().collect::<String>().trim_end());
            out.push('\n');
        }
        out.push_str(&format!(
            "{hunter_char} {} on {}; o {} ({}): {}; * {}\n",
            b.hunter_name(),
            b.point_name(self.hunter),
            b.soldiers_name(),
            self.count,
            bits(self.soldiers)
                .map(|p| b.point_name(p))
                .collect::<Vec<_>>()
                .join(" "),
            b.refuge_name()
        ));
        out
    }
}

//! Kōnane knowledge: mobility (the number of jumps each side has) is the classic evaluation,
//! since a player with no jump loses.

use parlour_rules::Game;
use parlour_rules::Player;
use parlour_rules::konane::{Dir, Konane, KonaneMove, Phase, Square};

use crate::config::{AlphaBetaParams, Budget, MctsParams, SearchConfig};
use crate::knowledge::Knowledge;
use crate::level::{Level, LevelConfig};
use crate::result::SearchResult;
use crate::solve::perfect::{perfect_move, winning_moves};
use crate::solve::{SolveConfig, Solver};
use crate::stop::StopFlag;

/// The largest board side.
const MAX: usize = 18;

/// How far the Casual level looks ahead in Kōnane: two plies. At the three plies of the other
/// alpha-beta games it rated about 710 above the Novice on the 8×8 board (60 games a pairing,
/// docs/strength.md), more than one step between neighbouring levels should be; at two, about
/// 440–500.
const CASUAL_DEPTH: u32 = 2;
/// The Strong level's alpha-beta nodes a move in Kōnane: 3,000 (2–3 ms here). On the 8×8 board
/// that rated about 400 above the Casual and 510 below the Master; at its old 0.8 s it rated
/// level with the Master, 900 above the Casual (docs/strength.md, "Levels").
const STRONG_NODES: u64 = 3_000;

/// Jumps available to each player (`[P1, P2]`), counting every stopping point of every chain,
/// whoever is to move.
pub fn mobility(k: &Konane) -> [u32; 2] {
    let (w, h) = (k.width() as i32, k.height() as i32);
    let mut grid = [0u8; MAX * MAX];
    for r in 0..h {
        for f in 0..w {
            grid[(r * w + f) as usize] = match k.stone_at(Square::new(f as u8, r as u8)) {
                Some(Player::P1) => 1,
                Some(Player::P2) => 2,
                None => 0,
            };
        }
    }
    let mut counts = [0u32; 2];
    for r in 0..h {
        for f in 0..w {
            let me = grid[(r * w + f) as usize];
            if me == 0 {
                continue;
            }
            let them = 3 - me;
            for (df, dr) in [(0, 1), (1, 0), (0, -1), (-1, 0)] {
                let (mut x, mut y) = (f, r);
                loop {
                    let (lx, ly) = (x + 2 * df, y + 2 * dr);
                    if lx < 0 || ly < 0 || lx >= w || ly >= h {
                        break;
                    }
                    if grid[((y + dr) * w + x + df) as usize] != them || grid[(ly * w + lx) as usize] != 0 {
                        break;
                    }
                    counts[me as usize - 1] += 1;
                    (x, y) = (lx, ly);
                }
            }
        }
    }
    counts
}

fn dir_index(d: Dir) -> usize {
    match d {
        Dir::North => 0,
        Dir::East => 1,
        Dir::South => 2,
        Dir::West => 3,
    }
}

impl Knowledge for Konane {
    const HAS_EVALUATION: bool = true;
    const MOVE_KEYS: usize = MAX * MAX * 4 * 9;

    /// Mobility difference over total mobility: `+1` when only the side to move can jump.
    fn evaluate(&self) -> f32 {
        if self.phase() != Phase::Jumping {
            return 0.0;
        }
        let m = mobility(self);
        let me = self.side_to_move().index();
        let (mine, theirs) = (m[me] as f32, m[1 - me] as f32);
        (mine - theirs) / (mine + theirs + 1.0)
    }

    /// Longer chains first: they take more and usually leave the opponent less.
    fn move_prior(&self, mv: &KonaneMove) -> f32 {
        match *mv {
            KonaneMove::Remove(_) => 0.5,
            KonaneMove::Jump { hops, .. } => (0.4 + 0.15 * f32::from(hops)).min(1.0),
        }
    }

    fn move_key(&self, mv: &KonaneMove) -> usize {
        let w = usize::from(self.width());
        match *mv {
            KonaneMove::Remove(sq) => usize::from(sq.rank) * w + usize::from(sq.file),
            KonaneMove::Jump { from, dir, hops } => {
                let sq = usize::from(from.rank) * w + usize::from(from.file);
                ((sq * 4 + dir_index(dir)) * 9 + usize::from(hops).min(8)) % Self::MOVE_KEYS
            }
        }
    }

    fn mcts_params(&self) -> MctsParams {
        MctsParams::default()
    }

    fn alphabeta_params(&self) -> AlphaBetaParams {
        AlphaBetaParams::default()
    }

    /// Alpha-beta at every level (see `MEASUREMENTS.md`); the Casual looks [`CASUAL_DEPTH`] plies
    /// ahead, the Strong searches [`STRONG_NODES`] nodes, and the Master asks the solver first.
    fn level_config(&self, level: Level) -> SearchConfig {
        let mut cfg = level.alphabeta_config(self.alphabeta_params());
        match level {
            Level::Casual => cfg.budget = Budget::depth(CASUAL_DEPTH),
            Level::Strong => cfg.budget = Budget::iterations(STRONG_NODES),
            _ => {}
        }
        cfg
    }

    /// On the boards the solver settles within a move's time ([`SOLVED_CELLS`] squares or
    /// fewer: 4×6, 6×4, 4×8, 8×4, 6×6 — see `docs/solved.md`), perfect play.
    fn known_result(&self) -> Option<bool> {
        crate::solved::konane_known_result(self)
    }

    /// On a solved board ([`SOLVED_CELLS`]) past the shipped lines, up to [`SOLVED_MOVE_MS`]:
    /// there a fresh solve of the position takes 1–6 s where the Master's 1.8 s would leave the
    /// move to alpha-beta and the length of the game to chance (docs/solved.md, "The Master").
    fn exact_ms(&self, ms: u64) -> u64 {
        let cells = u32::from(self.width()) * u32::from(self.height());
        if cells <= SOLVED_CELLS {
            (ms * 3 / 4).max(SOLVED_MOVE_MS)
        } else {
            ms * 3 / 4
        }
    }

    fn exact_move(
        &self,
        millis: Option<u64>,
        max_nodes: Option<u64>,
        every_winning: bool,
        stop: &StopFlag,
    ) -> Option<SearchResult<KonaneMove>> {
        let cells = u32::from(self.width()) * u32::from(self.height());
        if cells > SOLVED_CELLS {
            return None;
        }
        // The table for the board: a 4×6 proof uses at most 4 MiB of it (docs/solved.md).
        let tt_bytes = if cells <= 24 {
            8 << 20
        } else {
            SolveConfig::default().tt_bytes
        };
        let cfg = SolveConfig {
            tt_bytes,
            ..SolveConfig::default()
        };
        // The two opening removals and Black's first jump from the shipped table, on its boards
        // (and on 6×6 the next two plies, and the Master's positions in the two after those).
        if let Some(t) = crate::solved::konane_opening_move(self) {
            let (winning, cut_short) = match (t.wins, every_winning) {
                (false, _) => (Vec::new(), false),
                (true, false) => (vec![t.mv], false),
                (true, true) => table_winning(self, t.mv, millis, cfg, stop),
            };
            return Some(SearchResult {
                value: if t.wins { 1.0 } else { 0.0 },
                proven: true,
                end_in: t.plies,
                depth: t.plies.unwrap_or(0),
                winning,
                cut_short,
                ..SearchResult::immediate(Some(t.mv))
            });
        }
        let mut solver = Solver::new(cfg).with_stop(stop.clone());
        perfect_move(self, &mut solver, millis, max_nodes, every_winning)
    }
}

/// Every winning move of a won position the shipped tables answer, in legal order (the hint
/// draws them all): the table's `best`, and each other move after which the tables prove the
/// opponent lost — or, where they do not know that position, the solver does within what is
/// left of `millis` ([`winning_moves`]). The flag says some move was left unsettled when the
/// budget ran out.
fn table_winning(
    k: &Konane,
    best: KonaneMove,
    millis: Option<u64>,
    cfg: SolveConfig,
    stop: &StopFlag,
) -> (Vec<KonaneMove>, bool) {
    let start = web_time::Instant::now();
    let mut moves = Vec::new();
    k.legal_moves(&mut moves);
    let mut solver = Solver::new(cfg).with_stop(stop.clone());
    let (winning, complete, _) = winning_moves(
        k,
        &moves,
        best,
        &mut solver,
        crate::solved::konane_known_result,
        |_, solver| {
            let left = millis.map(|ms| ms.saturating_sub(start.elapsed().as_millis() as u64));
            if left == Some(0) || stop.is_cancelled() {
                return false;
            }
            solver.set_budget(left, None);
            true
        },
    );
    (winning, !complete)
}

/// The largest Kōnane board (in squares) on which the Master asks the solver: 6×6 is proven
/// from every opening in 2.5–7.6 s; its next two plies after the opening are shipped, and the
/// positions the Master meets in the two after those
/// (`crate::solved::konane_line`).
pub const SOLVED_CELLS: u32 = 36;

/// How long the Master's solver may take for a move on a solved board (instead of three
/// quarters of its 2.4 s), so that it finds the perfect move, exact length included, where a
/// fresh solve needs more than 1.8 s.
pub const SOLVED_MOVE_MS: u64 = 6_000;

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::*;
    use parlour_rules::konane::KonaneOptions;

    fn eight() -> KonaneOptions {
        KonaneOptions::default()
    }

    /// Where the shipped tables answer a won position, the hint's answer lists every winning
    /// move: after Black's removal on 6×6 each of White's replies whose opening row White wins;
    /// at the third ply each of White's replies whose shipped line White wins; on 4×6 after
    /// the removals (where no line is shipped) each move a fresh solve proves winning.
    #[test]
    fn a_won_table_position_names_every_winning_move() {
        let opened = |size: &str, moves: &str| {
            let mut k = Konane::new(&KonaneOptions::parse_size(size).unwrap());
            for m in moves.split_whitespace() {
                parlour_rules::play_text(&mut k, m).unwrap();
            }
            k
        };
        let named =
            |k: &Konane, r: &SearchResult<KonaneMove>| r.winning.iter().map(|m| k.format_move(m)).collect::<Vec<_>>();
        let stop = StopFlag::new();
        let (mut lists, mut longer) = (0, 0);
        for (size, moves) in [
            ("6x6", "xc4"),
            ("6x6", "xc4 xc3 c6-c4"),
            ("6x6", "xa6 xa5 c6-a6"),
            ("4x6", "xa6 xb6"),
        ] {
            let k = opened(size, moves);
            let r = k.exact_move(Some(60_000), None, true, &stop).expect("a table move");
            if r.value < 0.5 {
                continue;
            }
            let mut all = Vec::new();
            k.legal_moves(&mut all);
            let expected: Vec<String> = all
                .iter()
                .filter(|m| {
                    let mut child = k.clone();
                    child.apply(**m);
                    let opponent_wins = crate::solved::konane_known_result(&child).unwrap_or_else(|| {
                        let sol = crate::solve::solve(&child, &SolveConfig::default());
                        sol.winner.expect("proven") == child.side_to_move()
                    });
                    !opponent_wins
                })
                .map(|m| k.format_move(m))
                .collect();
            assert!(!r.cut_short, "{size} {moves}");
            assert_eq!(named(&k, &r), expected, "{size} {moves}");
            assert!(r.winning.contains(&r.best.unwrap()), "{size} {moves}");
            lists += 1;
            longer += usize::from(r.winning.len() > 1);
        }
        assert!(
            lists >= 3 && longer >= 1,
            "{lists} won positions, {longer} with more than one winning move"
        );
        // Without the list asked for, only the move played.
        let k = opened("6x6", "xc4");
        let r = k.exact_move(Some(60_000), None, false, &stop).unwrap();
        assert_eq!(r.winning, vec![r.best.unwrap()]);
    }

    #[test]
    fn mobility_counts_every_stopping_point() {
        // Black to move (ply 2). Black on b1 can jump c1 to d1 and then e1 to f1: two moves.
        let k = Konane::from_rows(
            &KonaneOptions::new(6, 6).unwrap(),
            2,
            &["......", "......", "......", "......", "......", ".bw.w."],
        )
        .unwrap();
        let m = mobility(&k);
        assert_eq!(m[Player::P2.index()], 2, "{}", k.render());
        // White: c1 over b1 to a1; e1 cannot jump (d1 empty).
        assert_eq!(m[Player::P1.index()], 1);
        let mut moves = Vec::new();
        k.legal_moves(&mut moves);
        assert_eq!(moves.len() as u32, m[k.side_to_move().index()]);
    }

    #[test]
    fn finds_the_win_in_one() {
        // Black to move; b1xc1 leaves White (e1 alone, no black neighbour) without a jump.
        let k = Konane::from_rows(
            &KonaneOptions::new(6, 6).unwrap(),
            2,
            &["......", "......", "......", "......", "......", ".bw.w."],
        )
        .unwrap();
        check_win_in_one(&k, 200);
    }

    #[test]
    fn never_plays_an_illegal_move() {
        check_legal_over_random_positions(|_| Konane::new(&eight()), 1000, 16);
        check_legal_over_random_positions(|_| Konane::new(&KonaneOptions::new(6, 4).unwrap()), 300, 16);
    }

    #[test]
    fn never_plays_an_illegal_move_in_whole_games_with_kept_searchers() {
        check_legal_in_games_with_kept_searchers(&Konane::new(&eight()), 12, 300, &[]);
    }

    #[test]
    fn reproducible_and_cancellable() {
        let mut k = Konane::new(&eight());
        let mut moves = Vec::new();
        for _ in 0..4 {
            k.legal_moves(&mut moves);
            k.apply(moves[moves.len() / 2]);
        }
        check_reproducible(&k, 400);
        check_cancel_and_move_now(&k);
    }
}

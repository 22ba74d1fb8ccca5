//! What is proven about Kōnane's small boards, shipped with the program: for every opening pair
//! of removals (Black's first stone, White's reply) on the boards the solver has settled, the
//! winner with perfect play, the game's exact length, Black's winning first jumps and Black's
//! perfect first jump. Copied from `docs/solved.md`, where
//! the commands that proved each row are; a test proves a sample of the rows again
//! (`every_shipped_4x6_and_6x4_row_and_a_sample_of_the_larger_ones_prove_again`). 60 rows, about
//! 3 KB in the binary.
//!
//! Used where players meet the results: the Master's removals and first jump on these boards, the
//! new-game dialog's "who wins this board", and the proven hint.

use parlour_rules::konane::{Konane, KonaneMove};
use parlour_rules::{Game, Player};

/// Black in Kōnane (moves first).
const BLACK: Player = Player::P2;
/// White in Kōnane.
const WHITE: Player = Player::P1;

/// One opening's proven result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OpeningResult {
    /// The board, `<width>x<height>`.
    pub board: &'static str,
    /// Black's removal and White's reply, in canonical notation.
    pub opening: &'static str,
    /// The side that wins with perfect play.
    pub winner: Player,
    /// The plies from here (Black to move) to the end with perfect play: the winner playing
    /// for the quickest end, the loser for the longest.
    pub plies: u32,
    /// Black's winning first jumps, space-separated (empty when White wins).
    pub black_wins_by: &'static str,
    /// Black's perfect first jump: the winning one that ends the game soonest, or, when White
    /// wins, the one that makes White's win longest and, among those, leaves White the fewest
    /// winning replies.
    pub jump: &'static str,
}

/// `(board, opening, winner, plies, Black's winning moves, Black's perfect jump)` for every
/// opening of 4×6, 6×4, 4×8, 8×4 and 6×6.
const KONANE_OPENINGS: &[(&str, &str, Player, u32, &str, &str)] = &[
    ("4x6", "xa6 xa5", WHITE, 6, "", "c6-a6"),
    ("4x6", "xa6 xb6", WHITE, 14, "", "a4-a6"),
    ("4x6", "xb3 xa3", BLACK, 15, "d3-b3", "d3-b3"),
    ("4x6", "xb3 xb2", BLACK, 17, "b5-b3", "b5-b3"),
    ("4x6", "xb3 xb4", WHITE, 16, "", "b1-b3"),
    ("4x6", "xb3 xc3", WHITE, 6, "", "b1-b3"),
    ("4x6", "xc4 xb4", WHITE, 6, "", "c6-c4"),
    ("4x6", "xc4 xc3", WHITE, 16, "", "c6-c4"),
    ("4x6", "xc4 xc5", BLACK, 17, "c2-c4", "c2-c4"),
    ("4x6", "xc4 xd4", BLACK, 15, "a4-c4", "a4-c4"),
    ("4x6", "xd1 xc1", WHITE, 14, "", "d3-d1"),
    ("4x6", "xd1 xd2", WHITE, 6, "", "b1-d1"),
    ("6x4", "xa4 xa3", WHITE, 14, "", "c4-a4"),
    ("6x4", "xa4 xb4", WHITE, 6, "", "a2-a4"),
    ("6x4", "xc2 xb2", BLACK, 17, "e2-c2", "e2-c2"),
    ("6x4", "xc2 xc1", BLACK, 15, "c4-c2", "c4-c2"),
    ("6x4", "xc2 xc3", WHITE, 6, "", "a2-c2"),
    ("6x4", "xc2 xd2", WHITE, 16, "", "a2-c2"),
    ("6x4", "xd3 xc3", WHITE, 16, "", "f3-d3"),
    ("6x4", "xd3 xd2", WHITE, 6, "", "f3-d3"),
    ("6x4", "xd3 xd4", BLACK, 15, "d1-d3", "d1-d3"),
    ("6x4", "xd3 xe3", BLACK, 17, "b3-d3", "b3-d3"),
    ("6x4", "xf1 xe1", WHITE, 6, "", "f3-f1"),
    ("6x4", "xf1 xf2", WHITE, 14, "", "d1-f1"),
    ("4x8", "xa8 xa7", WHITE, 8, "", "c8-a8"),
    ("4x8", "xa8 xb8", WHITE, 22, "", "a6-a8"),
    ("4x8", "xb5 xa5", BLACK, 23, "d5-b5", "d5-b5"),
    ("4x8", "xb5 xb4", WHITE, 20, "", "b7-b5"),
    ("4x8", "xb5 xb6", BLACK, 23, "b3-b5", "b3-b5"),
    ("4x8", "xb5 xc5", WHITE, 12, "", "b3-b5"),
    ("4x8", "xc4 xb4", WHITE, 12, "", "c6-c4"),
    ("4x8", "xc4 xc3", BLACK, 23, "c6-c4", "c6-c4"),
    ("4x8", "xc4 xc5", WHITE, 20, "", "c2-c4"),
    ("4x8", "xc4 xd4", BLACK, 23, "a4-c4", "a4-c4"),
    ("4x8", "xd1 xc1", WHITE, 22, "", "d3-d1"),
    ("4x8", "xd1 xd2", WHITE, 8, "", "b1-d1"),
    ("8x4", "xa4 xa3", WHITE, 22, "", "c4-a4"),
    ("8x4", "xa4 xb4", WHITE, 8, "", "a2-a4"),
    ("8x4", "xd3 xc3", BLACK, 23, "f3-d3", "f3-d3"),
    ("8x4", "xd3 xd2", WHITE, 12, "", "f3-d3"),
    ("8x4", "xd3 xd4", BLACK, 23, "d1-d3", "d1-d3"),
    ("8x4", "xd3 xe3", WHITE, 20, "", "b3-d3"),
    ("8x4", "xe2 xd2", WHITE, 20, "", "g2-e2"),
    ("8x4", "xe2 xe1", BLACK, 23, "e4-e2", "e4-e2"),
    ("8x4", "xe2 xe3", WHITE, 12, "", "c2-e2"),
    ("8x4", "xe2 xf2", BLACK, 23, "c2-e2", "c2-e2"),
    ("8x4", "xh1 xg1", WHITE, 8, "", "h3-h1"),
    ("8x4", "xh1 xh2", WHITE, 22, "", "f1-h1"),
    ("6x6", "xa6 xa5", WHITE, 26, "", "c6-a6"),
    ("6x6", "xa6 xb6", WHITE, 26, "", "a4-a6"),
    ("6x6", "xc4 xb4", BLACK, 27, "e4-c4", "e4-c4"),
    ("6x6", "xc4 xc3", WHITE, 26, "", "c6-c4"),
    ("6x6", "xc4 xc5", BLACK, 27, "c2-c4", "c2-c4"),
    ("6x6", "xc4 xd4", WHITE, 26, "", "a4-c4"),
    ("6x6", "xd3 xc3", WHITE, 26, "", "f3-d3"),
    ("6x6", "xd3 xd2", BLACK, 27, "d5-d3", "d5-d3"),
    ("6x6", "xd3 xd4", WHITE, 26, "", "d1-d3"),
    ("6x6", "xd3 xe3", BLACK, 27, "b3-d3", "b3-d3"),
    ("6x6", "xf1 xe1", WHITE, 26, "", "f3-f1"),
    ("6x6", "xf1 xf2", WHITE, 26, "", "d1-f1"),
];

fn rows() -> impl Iterator<Item = OpeningResult> {
    KONANE_OPENINGS
        .iter()
        .map(|&(board, opening, winner, plies, black_wins_by, jump)| OpeningResult {
            board,
            opening,
            winner,
            plies,
            black_wins_by,
            jump,
        })
}

/// Every shipped row.
pub fn konane_openings() -> Vec<OpeningResult> {
    rows().collect()
}

/// The proven result of one opening (`"xc4 xc3"`) on a board (`"6x6"`), if shipped.
pub fn konane_opening(board: &str, opening: &str) -> Option<OpeningResult> {
    rows().find(|r| r.board == board && r.opening == opening)
}

/// Who wins a board from the start with perfect play, if the board is shipped: Black only if
/// some first removal wins against every reply.
pub fn konane_start_winner(board: &str) -> Option<Player> {
    let on_board: Vec<OpeningResult> = rows().filter(|r| r.board == board).collect();
    if on_board.is_empty() {
        return None;
    }
    let black_wins = on_board.iter().any(|first| {
        let removal = first.opening.split(' ').next();
        on_board
            .iter()
            .filter(|r| r.opening.split(' ').next() == removal)
            .all(|r| r.winner == BLACK)
    });
    Some(if black_wins { BLACK } else { WHITE })
}

/// Every opening pair of removals on a board (`"6x6"`), named as in the table (`"xc4 xc3"`),
/// with the position it leads to, in byte order of the names; empty for a size the rules refuse.
pub fn konane_opening_positions(board: &str) -> Vec<(String, Konane)> {
    let Ok(options) = parlour_rules::konane::KonaneOptions::parse_size(board) else {
        return Vec::new();
    };
    openings_from(&Konane::new(&options))
}

/// Every opening pair of removals from `start`, named, with its position, in byte order.
fn openings_from(start: &Konane) -> Vec<(String, Konane)> {
    let mut out = Vec::new();
    let (mut firsts, mut replies) = (Vec::new(), Vec::new());
    start.legal_moves(&mut firsts);
    for first in firsts {
        let mut after = start.clone();
        after.apply(first);
        after.legal_moves(&mut replies);
        for &reply in &replies {
            let mut pos = after.clone();
            pos.apply(reply);
            out.push((
                format!("{} {}", start.format_move(&first), after.format_move(&reply)),
                pos,
            ));
        }
    }
    out.sort_by(|a, b| a.0.cmp(&b.0));
    out
}

/// The board's name in the table.
fn board_name(k: &Konane) -> String {
    format!("{}x{}", k.width(), k.height())
}

/// A move the shipped tables prove perfect.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableMove {
    /// The move.
    pub mv: KonaneMove,
    /// Whether the side to move wins with perfect play.
    pub wins: bool,
    /// Plies to the end with perfect play from the position the move is played in, where the
    /// table knows them.
    pub plies: Option<u32>,
}

/// The perfect move from the shipped tables — the first three plies on a shipped board reached
/// from its start, and on 6×6 the next two and the Master's positions of the two after those
/// ([`konane_line`]) — and whether the side to move
/// then wins with perfect play. White replies to Black's removal with the winning removal that
/// ends the game soonest (ties: byte order); Black removes the stone that makes White's
/// quickest win longest and, among those, leaves White the most replies that lose; Black's
/// first jump is the row's perfect jump. `None` elsewhere.
pub fn konane_opening_move(k: &Konane) -> Option<TableMove> {
    let mut moves = Vec::new();
    k.legal_moves(&mut moves);
    let me = k.side_to_move();
    if let Some(line) = konane_line(k) {
        let mv = moves.into_iter().find(|m| k.format_move(m) == line.mv)?;
        let wins = line.winner == me;
        return Some(TableMove {
            mv,
            wins,
            plies: Some(line.plies),
        });
    }
    // Only from the start position itself (not a set-up one).
    if k.ply() > 2 || (k.ply() == 0 && k.hash_key() != Konane::new(k.options()).hash_key()) {
        return None;
    }
    let board = board_name(k);
    let start_winner = konane_start_winner(&board)?;
    let mut named: Vec<(String, KonaneMove)> = moves.iter().map(|m| (k.format_move(m), *m)).collect();
    named.sort_by(|a, b| a.0.cmp(&b.0));
    match k.ply() {
        0 => {
            // What each removal leaves White: the quickest of White's winning replies (longer
            // is better for Black), then how many replies lose (more is better).
            let leaves = |r: &str| {
                let replies: Vec<OpeningResult> = rows()
                    .filter(|o| o.board == board && o.opening.starts_with(&format!("{r} ")))
                    .collect();
                let quickest = replies.iter().filter(|o| o.winner == WHITE).map(|o| o.plies).min();
                let losing = replies.iter().filter(|o| o.winner == BLACK).count();
                (quickest.unwrap_or(u32::MAX), losing)
            };
            let choice = named.iter().rev().max_by_key(|(r, _)| leaves(r))?;
            let wins = start_winner == me;
            // The removal and White's reply come before the row's plies.
            let quickest = leaves(&choice.0).0;
            let plies = (!wins && quickest != u32::MAX).then_some(quickest + 2);
            Some(TableMove {
                mv: choice.1,
                wins,
                plies,
            })
        }
        1 => {
            let first = konane_history_first(k)?;
            let row = |r: &str| konane_opening(&board, &format!("{first} {r}"));
            let won = |r: &str| row(r).is_some_and(|o| o.winner == me);
            let choice = named
                .iter()
                .filter(|(r, _)| won(r))
                .min_by_key(|(r, _)| row(r).map_or(u32::MAX, |o| o.plies))
                .or(named.first())?;
            let wins = won(&choice.0);
            let plies = if wins {
                row(&choice.0).map(|o| o.plies + 1)
            } else {
                None
            };
            Some(TableMove {
                mv: choice.1,
                wins,
                plies,
            })
        }
        _ => {
            let (name, _) = openings_from(&Konane::new(k.options()))
                .into_iter()
                .find(|(_, pos)| pos.hash_key() == k.hash_key())?;
            let row = konane_opening(&board, &name)?;
            let jump = named.iter().find(|(m, _)| m == row.jump)?;
            Some(TableMove {
                mv: jump.1,
                wins: row.winner == me,
                plies: Some(row.plies),
            })
        }
    }
}

/// Positions a few plies into a 6×6 game, shipped: after each opening, every first jump of
/// Black's (White to move, ply 3) and every reply to it (Black to move, ply 4); and at plies 5
/// and 6 every position the Master meets with its turn to move when it plays these perfect
/// moves against any moves of the other side, and those of its games against itself from each
/// opening — each with its winner, exact length and perfect move, where a move's solve from a
/// fresh table takes up to 16 s on this machine, more than the Master's move allows
/// (docs/solved.md, "The Master"). One line per position: `board | moves from the start |
/// winner plies move`; generated by `cargo run --release -p parlour-ai --example solve_konane
/// -- 6x6 --rows 2` and `… -- 6x6 --master-rows K/2`.
const KONANE_LINES: &str = include_str!("../data/konane-6x6-lines.txt");

/// One shipped position below an opening.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LineResult {
    /// The board, `<width>x<height>`.
    pub board: &'static str,
    /// The moves from the start, space-separated, in canonical notation.
    pub moves: &'static str,
    /// The side that wins with perfect play.
    pub winner: Player,
    /// Plies to the end with perfect play (the winner quickest, the loser longest).
    pub plies: u32,
    /// The perfect move of the side to move: the quickest win, or the loss that holds out
    /// longest and, among those, leaves the fewest winning replies.
    pub mv: &'static str,
}

/// Every shipped line, in the file's order (a malformed line is a build defect: the tests read
/// them all).
pub fn konane_lines() -> impl Iterator<Item = LineResult> {
    KONANE_LINES
        .lines()
        .filter(|l| !l.trim().is_empty() && !l.starts_with('#'))
        .filter_map(|l| {
            let mut parts = l.split('|').map(str::trim);
            let (board, moves, result) = (parts.next()?, parts.next()?, parts.next()?);
            let mut words = result.split_whitespace();
            let winner = match words.next()? {
                "black" => BLACK,
                "white" => WHITE,
                _ => return None,
            };
            let plies = words.next()?.parse().ok()?;
            Some(LineResult {
                board,
                moves,
                winner,
                plies,
                mv: words.next()?,
            })
        })
}

/// The shipped line of a position, found by replaying each line of its board and ply from the
/// start (a few hundred short replays) and comparing the positions.
pub fn konane_line(k: &Konane) -> Option<LineResult> {
    let board = board_name(k);
    let ply = k.ply() as usize;
    konane_lines()
        .filter(|l| l.board == board && l.moves.split(' ').count() == ply)
        .find(|l| {
            let mut pos = Konane::new(k.options());
            l.moves
                .split(' ')
                .all(|m| parlour_rules::play_text(&mut pos, m).is_ok())
                && pos.hash_key() == k.hash_key()
                && pos == *k
        })
}

/// Whether the side to move wins with perfect play, where the shipped table says so: from the
/// start position of a shipped board, after Black's removal (White wins if some reply wins),
/// and after both removals (the opening's row). `None` elsewhere (and for a set-up position
/// that is not reached from the start).
pub fn konane_known_result(k: &Konane) -> Option<bool> {
    if let Some(line) = konane_line(k) {
        return Some(line.winner == k.side_to_move());
    }
    let board = board_name(k);
    if k.ply() > 2 || !rows().any(|r| r.board == board) {
        return None;
    }
    let me = k.side_to_move();
    match k.ply() {
        0 if k.hash_key() == Konane::new(k.options()).hash_key() => Some(konane_start_winner(&board)? == me),
        1 => {
            let first = konane_history_first(k)?;
            let mut replies = rows().filter(|r| r.board == board && r.opening.starts_with(&format!("{first} ")));
            let mut any = false;
            let wins = replies.any(|r| {
                any = true;
                r.winner == me
            });
            any.then_some(wins)
        }
        2 => openings_from(&Konane::new(k.options()))
            .into_iter()
            .find(|(_, pos)| pos.hash_key() == k.hash_key())
            .and_then(|(name, _)| konane_opening(&board, &name))
            .map(|row| row.winner == me),
        _ => None,
    }
}

/// Black's opening removal in a position at ply 1, in notation: the first removal whose
/// position has the same key.
fn konane_history_first(k: &Konane) -> Option<String> {
    let start = Konane::new(k.options());
    let mut firsts = Vec::new();
    start.legal_moves(&mut firsts);
    firsts.into_iter().find_map(|m| {
        let mut after = start.clone();
        after.apply(m);
        (after.hash_key() == k.hash_key()).then(|| start.format_move(&m))
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::solve::{SolveConfig, Solver};
    use parlour_rules::konane::KonaneOptions;

    fn opened(board: &str, opening: &str) -> Konane {
        let mut k = Konane::new(&KonaneOptions::parse_size(board).expect("a size"));
        for m in opening.split_whitespace() {
            parlour_rules::play_text(&mut k, m).expect("legal");
        }
        k
    }

    /// The table's answer for a position: the start, after Black's removal, after both — the
    /// same as the rows say, from either side; nothing later or on a board it does not have.
    #[test]
    fn the_known_result_follows_the_rows() {
        use parlour_rules::Game;
        let start = opened("6x6", "");
        assert_eq!(konane_known_result(&start), Some(false), "6x6: Black, to move, loses");
        for row in konane_openings()
            .iter()
            .filter(|r| r.board == "6x6" || r.board == "4x6")
        {
            let pos = opened(row.board, row.opening);
            assert_eq!(
                konane_known_result(&pos),
                Some(row.winner == pos.side_to_move()),
                "{row:?}"
            );
        }
        // After xb3 on 4x6 White has replies that lose (xa3, xb2) and some that win.
        assert_eq!(konane_known_result(&opened("4x6", "xb3")), Some(true));
        assert_eq!(konane_known_result(&opened("6x6", "xa6 xb6 a4-a6")), Some(true));
        assert_eq!(konane_known_result(&opened("6x6", "xa6 xb6 a4-a6 c5-a5")), Some(false));
        assert_eq!(konane_known_result(&opened("6x6", "xa6 xb6 a4-a6 b4-b6")), Some(true));
        assert_eq!(konane_known_result(&opened("6x6", "xa6 xb6 a4-a6 b4-b6 d5-b5")), None);
        assert_eq!(konane_known_result(&opened("8x8", "xa8 xb8")), None);
    }

    /// The 4×6 and 6×4 rows in full (winner and Black's winning moves, by the exact solver),
    /// and from the larger boards a sample whose proofs take seconds, not minutes.
    #[test]
    fn every_shipped_4x6_and_6x4_row_and_a_sample_of_the_larger_ones_prove_again() {
        let mut small = 0;
        for row in konane_openings()
            .into_iter()
            .filter(|r| r.board == "4x6" || r.board == "6x4")
        {
            let k = opened(row.board, row.opening);
            let s = crate::solve::solve(&k, &SolveConfig::default());
            assert_eq!(s.winner, Some(row.winner), "{row:?}");
            assert_eq!(s.winning_moves.join(" "), row.black_wins_by, "{row:?}");
            assert_eq!(s.proven.map(|p| (p.plies, p.exact)), Some((row.plies, true)), "{row:?}");
            let mut solver = Solver::new(SolveConfig::default());
            let jump = crate::solve::perfect::perfect_move(&k, &mut solver, None, None, true).and_then(|r| r.best);
            assert_eq!(jump.map(|m| k.format_move(&m)).as_deref(), Some(row.jump), "{row:?}");
            small += 1;
        }
        assert_eq!(small, 24);
        // The larger boards: two rows in full (under a second each), a 6×6 proof (seconds).
        for (board, opening) in [("8x4", "xd3 xc3"), ("4x8", "xc4 xc3")] {
            let row = konane_opening(board, opening).expect("shipped");
            let s = crate::solve::solve(&opened(board, opening), &SolveConfig::default());
            assert_eq!(s.winner, Some(row.winner), "{row:?}");
            assert_eq!(s.proven.map(|p| (p.plies, p.exact)), Some((row.plies, true)), "{row:?}");
        }
        let row = konane_opening("6x6", "xf1 xf2").expect("shipped");
        let mut solver = Solver::new(SolveConfig::default());
        let black_wins = solver
            .prove(&opened("6x6", "xf1 xf2"))
            .expect("proven within no budget");
        assert_eq!(black_wins, row.winner == BLACK, "{row:?}");
    }

    #[test]
    fn the_start_verdicts_follow_from_the_openings() {
        for board in ["4x6", "6x4", "4x8", "8x4", "6x6"] {
            assert_eq!(konane_start_winner(board), Some(WHITE), "{board}");
        }
        assert_eq!(konane_start_winner("8x8"), None);
        assert_eq!(KONANE_OPENINGS.len(), 60);
    }

    #[test]
    fn the_opening_moves_follow_the_table() {
        // White answers xc4 on 6x6 with a winning reply (xc3 and xd4 win; xc3 first).
        let k = opened("6x6", "xc4");
        let TableMove { mv, wins, .. } = konane_opening_move(&k).expect("shipped board");
        assert_eq!(k.format_move(&mv), "xc3");
        assert!(wins);
        // Black's first removal on 6x6: two of xc4's and xd3's four replies lose for White.
        let k = opened("6x6", "");
        let TableMove { mv, wins, .. } = konane_opening_move(&k).expect("shipped board");
        assert_eq!(k.format_move(&mv), "xc4");
        assert!(!wins);
        // Black's first jump after an opening: the row's perfect jump, the winning one where
        // Black wins.
        let k = opened("6x6", "xc4 xb4");
        let TableMove { mv, wins, plies } = konane_opening_move(&k).expect("an opening of a shipped board");
        assert_eq!(k.format_move(&mv), "e4-c4");
        assert!(wins);
        assert_eq!(plies, Some(27));
        // From the start White's quickest win after xc4 (xc3: 26 plies after the removals).
        assert_eq!(konane_opening_move(&opened("6x6", "")).and_then(|t| t.plies), Some(28));
        assert_eq!(
            konane_opening_move(&opened("6x6", "xc4")).and_then(|t| t.plies),
            Some(27)
        );
        for row in konane_openings() {
            let k = opened(row.board, row.opening);
            let TableMove { mv, wins, plies } = konane_opening_move(&k).expect("every row");
            assert_eq!(plies, Some(row.plies), "{row:?}");
            assert_eq!(k.format_move(&mv), row.jump, "{row:?}");
            assert_eq!(wins, row.winner == BLACK, "{row:?}");
            if wins {
                assert!(row.black_wins_by.split(' ').any(|m| m == row.jump), "{row:?}");
            }
        }
        assert_eq!(konane_opening_move(&opened("8x8", "")), None);
        assert_eq!(konane_opening_move(&opened("6x6", "xc4 xb4 e4-c4 b2-b4 b5-b3")), None);
        assert_eq!(konane_opening_move(&opened("4x6", "xa6 xb6 a4-a6")), None);
    }

    /// Every position three and four plies into a 6×6 game has its line, found from the
    /// position, and the Master plays the line's move there; every line is such a position, and
    /// lines that reach the same position by different moves (xa6 xa5 c6-a6 b4-b6 and xc4 xb4
    /// c6-c4 a5-c5 do) say the same.
    #[test]
    fn the_shipped_lines_cover_the_third_and_fourth_plies_of_6x6() {
        let mut positions = std::collections::HashSet::new();
        for (_, pos) in konane_opening_positions("6x6") {
            let mut jumps = Vec::new();
            pos.legal_moves(&mut jumps);
            for jump in jumps {
                let mut third = pos.clone();
                third.apply(jump);
                let mut replies = Vec::new();
                third.legal_moves(&mut replies);
                let mut at = vec![third.clone()];
                for reply in replies {
                    let mut fourth = third.clone();
                    fourth.apply(reply);
                    if !fourth.status().is_over() {
                        at.push(fourth);
                    }
                }
                for k in at {
                    let line = konane_line(&k).unwrap_or_else(|| panic!("{k:?}: no line"));
                    let TableMove { mv, wins, plies } = konane_opening_move(&k).expect("a line");
                    assert_eq!(plies, Some(line.plies), "{line:?}");
                    assert_eq!(k.format_move(&mv), line.mv, "{line:?}");
                    assert_eq!(wins, line.winner == k.side_to_move(), "{line:?}");
                    // A won position's length is odd, a lost one's even (the last mover wins).
                    assert_eq!(line.plies % 2 == 1, wins, "{line:?}");
                    positions.insert(k.hash_key());
                }
            }
        }
        let mut lines = std::collections::HashSet::new();
        for line in konane_lines().filter(|l| l.moves.split(' ').count() <= 4) {
            let k = opened(line.board, line.moves);
            let found = konane_line(&k).expect("its own position");
            assert_eq!(
                (found.winner, found.plies, found.mv),
                (line.winner, line.plies, line.mv),
                "{line:?}"
            );
            lines.insert(k.hash_key());
        }
        assert_eq!(lines, positions, "every line is a position three or four plies in");
    }

    /// The fifth and sixth plies: every position there that the Master meets with its turn to
    /// move, as Black or as White, when it plays the table's moves from the start against any
    /// moves of the other side, and every position of its games against itself from each
    /// opening pair of removals, has its line (so no move of the Master's there waits on a
    /// fresh solve: `--example master_konane`); and every line of those plies is such a
    /// position.
    #[test]
    fn the_shipped_lines_cover_the_masters_fifth_and_sixth_plies_of_6x6() {
        fn walk(k: &Konane, master: parlour_rules::Player, met: &mut std::collections::HashSet<u64>) {
            if k.status().is_over() || k.ply() > 6 {
                return;
            }
            let mut moves = Vec::new();
            if k.side_to_move() == master {
                let t = konane_opening_move(k).unwrap_or_else(|| panic!("{k:?}: no table move"));
                if k.ply() >= 5 {
                    let line = konane_line(k).expect("a line");
                    assert_eq!(line.plies % 2 == 1, t.wins, "{line:?}");
                    met.insert(k.hash_key());
                    return;
                }
                moves.push(t.mv);
            } else {
                k.legal_moves(&mut moves);
            }
            for mv in moves {
                let mut child = k.clone();
                child.apply(mv);
                walk(&child, master, met);
            }
        }
        let mut met = std::collections::HashSet::new();
        for master in [BLACK, WHITE] {
            walk(&opened("6x6", ""), master, &mut met);
        }
        for (name, mut k) in konane_opening_positions("6x6") {
            while k.ply() <= 6 && !k.status().is_over() {
                let t = konane_opening_move(&k).unwrap_or_else(|| panic!("{name}: no table move at ply {}", k.ply()));
                if k.ply() >= 5 {
                    met.insert(k.hash_key());
                }
                k.apply(t.mv);
            }
        }
        let lines: std::collections::HashSet<u64> = konane_lines()
            .filter(|l| l.moves.split(' ').count() >= 5)
            .map(|l| opened(l.board, l.moves).hash_key())
            .collect();
        assert!(met.len() > 100, "{} positions", met.len());
        assert_eq!(
            lines, met,
            "every line of the fifth and sixth plies is a position the Master meets"
        );
    }

    /// A sample of the lines proven again: the winner and exact length by the solver, and the
    /// shipped move the one `perfect_move` plays from the same fresh table (at the fourth ply,
    /// two of Black's losses and a win: a few seconds each).
    #[test]
    fn a_sample_of_the_shipped_lines_proves_again() {
        for moves in ["xa6 xa5 c6-a6 a3-a5", "xc4 xb4 c2-c4 b2-b4", "xa6 xb6 a4-a6 b4-b6"] {
            let line = konane_lines().find(|l| l.moves == moves).expect("shipped");
            let k = opened("6x6", moves);
            let mut solver = Solver::new(SolveConfig::default());
            let r = crate::solve::perfect::perfect_move(&k, &mut solver, None, None, true).expect("proven");
            assert_eq!(r.value > 0.5, line.winner == k.side_to_move(), "{line:?}");
            assert_eq!(r.end_in, Some(line.plies), "{line:?}");
            assert_eq!(r.best.map(|m| k.format_move(&m)).as_deref(), Some(line.mv), "{line:?}");
        }
    }
}

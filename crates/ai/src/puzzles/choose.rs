//! Which puzzle a player gets next: one rated near the player (a few of the nearest, taken in
//! turn by a number the caller varies), the next in a streak of rising ratings, and the daily
//! puzzle, the same for everybody on a date.

use parlour_rules::GameId;

use super::puzzle::{Puzzle, parse_file};
use super::shipped::shipped;

/// How many of the nearest puzzles a rated choice picks among (so the same rating does not
/// always give the same puzzle).
pub const NEAR_POOL: usize = 5;

/// How far above the last puzzle of a streak the next one is looked for.
pub const STREAK_STEP: u32 = 40;

/// The puzzles of `theme` (every puzzle when `None`) not yet `played` (every one of the theme
/// once all have been played), as indices into `puzzles`.
fn open<'a>(puzzles: &'a [Puzzle], theme: Option<&'a str>, played: &'a [String]) -> Vec<usize> {
    let of_theme = |p: &Puzzle| theme.is_none_or(|t| p.themes.iter().any(|x| x == t));
    let fresh: Vec<usize> = (0..puzzles.len())
        .filter(|&i| of_theme(&puzzles[i]) && !played.contains(&puzzles[i].id))
        .collect();
    if !fresh.is_empty() {
        return fresh;
    }
    (0..puzzles.len()).filter(|&i| of_theme(&puzzles[i])).collect()
}

/// A puzzle rated near `rating`: of the [`NEAR_POOL`] nearest not yet played (of `theme`, when
/// given), the one `pick` names (modulo their number). `None` when no puzzle has the theme.
pub fn near(puzzles: &[Puzzle], rating: f64, theme: Option<&str>, played: &[String], pick: u64) -> Option<usize> {
    let mut open = open(puzzles, theme, played);
    open.sort_by(|&a, &b| {
        let da = (f64::from(puzzles[a].rating) - rating).abs();
        let db = (f64::from(puzzles[b].rating) - rating).abs();
        da.total_cmp(&db).then(a.cmp(&b))
    });
    open.truncate(NEAR_POOL);
    if open.is_empty() {
        return None;
    }
    Some(open[(pick % open.len() as u64) as usize])
}

/// The next puzzle of a streak: after a puzzle rated `after` (none at the start), the lowest
/// rated at least [`STREAK_STEP`] above it, else the lowest rated above it at all, else the
/// highest rated left; never one already `played`. `None` when none is left.
pub fn rising(puzzles: &[Puzzle], theme: Option<&str>, after: Option<u32>, played: &[String]) -> Option<usize> {
    let open: Vec<usize> = (0..puzzles.len())
        .filter(|&i| {
            let p = &puzzles[i];
            !played.contains(&p.id) && theme.is_none_or(|t| p.themes.iter().any(|x| x == t))
        })
        .collect();
    let lowest_from = |floor: u32| {
        open.iter()
            .copied()
            .filter(|&i| puzzles[i].rating >= floor)
            .min_by_key(|&i| (puzzles[i].rating, i))
    };
    match after {
        None => lowest_from(0),
        Some(r) => lowest_from(r + STREAK_STEP).or_else(|| lowest_from(r + 1)).or_else(|| {
            open.iter()
                .copied()
                .max_by_key(|&i| (puzzles[i].rating, usize::MAX - i))
        }),
    }
}

/// SplitMix64's mixing step: a day number spread over every bit.
fn mix(mut z: u64) -> u64 {
    z = z.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// The daily puzzle of `day` (days since 1 January 1970, UTC): its game and the puzzle,
/// chosen from the date alone, so everybody gets the same one that day. `None` only if a
/// shipped file were empty or unreadable.
pub fn daily(day: u64) -> Option<(GameId, Puzzle)> {
    let h = mix(day);
    let game = GameId::ALL[(h % GameId::ALL.len() as u64) as usize];
    let puzzles = parse_file(shipped(game)).ok()?;
    if puzzles.is_empty() {
        return None;
    }
    let i = (mix(h ^ 0x5EED) % puzzles.len() as u64) as usize;
    Some((game, puzzles[i].clone()))
}

/// Every theme of `puzzles`, each once, the commonest first.
pub fn themes(puzzles: &[Puzzle]) -> Vec<String> {
    let mut counts: Vec<(String, usize)> = Vec::new();
    for t in puzzles.iter().flat_map(|p| &p.themes) {
        match counts.iter_mut().find(|(x, _)| x == t) {
            Some((_, n)) => *n += 1,
            None => counts.push((t.clone(), 1)),
        }
    }
    counts.sort_by(|a, b| b.1.cmp(&a.1).then(a.0.cmp(&b.0)));
    counts.into_iter().map(|(t, _)| t).collect()
}

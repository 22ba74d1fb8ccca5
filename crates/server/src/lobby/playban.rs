//! A player who leaves games again and again waits before the next seek (issue 75; lichess's
//! "playban" in spirit): two games left within a week are forgiven outright; the third makes
//! the player wait 5 minutes from the last one left before seeking, accepting a seek or joining
//! a pool, each further one twice as long, at most a day; games left longer ago than a week no
//! longer count. "Left" is a game claimed after the player went quiet, or aborted because the
//! player did not make a first move in time.

use super::refusal::LobbyRefusal;
use crate::accounts::Account;
use crate::store::{Store, now_secs};

/// How long a game left counts.
pub const WINDOW_S: i64 = 7 * 86_400;
/// Games left within the window that cost nothing.
const FORGIVEN: usize = 2;
/// The first wait.
const FIRST_WAIT_S: i64 = 5 * 60;
/// The longest wait.
const LONGEST_WAIT_S: i64 = 86_400;

/// How many seconds a player who left games at `left` (seconds) must still wait at `now`, and
/// how many games left count; `None` when the player need not wait.
pub fn wait_s(left: &[i64], now: i64) -> Option<(i64, usize)> {
    let counted: Vec<i64> = left.iter().copied().filter(|t| now - t < WINDOW_S).collect();
    let n = counted.len();
    if n <= FORGIVEN {
        return None;
    }
    let doublings = (n - FORGIVEN - 1).min(16) as u32;
    let wait = (FIRST_WAIT_S << doublings).min(LONGEST_WAIT_S);
    let last = counted.into_iter().max()?;
    let still = last + wait - now;
    (still > 0).then_some((still, n))
}

/// Refuses a seek, an accept or a pool entry from `account` while it must wait.
pub async fn check<S: Store>(store: &S, account: Option<&Account>) -> Result<(), LobbyRefusal> {
    let Some(account) = account else { return Ok(()) };
    let now = now_secs();
    let record = store.record(&account.id, now - WINDOW_S).await?;
    match wait_s(&record.recent, now) {
        Some((still, left)) => Err(LobbyRefusal::Waiting {
            left,
            minutes: (still + 59) / 60,
        }),
        None => Ok(()),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_wait_grows_with_each_game_left_and_is_forgiven_with_time() {
        let now = 1_800_000_000;
        // Two games left this week: no wait.
        assert_eq!(wait_s(&[now - 60, now - 3600], now), None);
        // A third, a minute ago: five minutes from it.
        assert_eq!(wait_s(&[now - 60, now - 3600, now - 7200], now), Some((240, 3)));
        // A fourth: ten; a fifth: twenty.
        assert_eq!(wait_s(&[now, now - 1, now - 2, now - 3], now), Some((600, 4)));
        assert_eq!(wait_s(&[now, now - 1, now - 2, now - 3, now - 4], now), Some((1200, 5)));
        // At most a day, however many.
        let many: Vec<i64> = (0..40).map(|i| now - i).collect();
        assert_eq!(wait_s(&many, now), Some((86_400, 40)));
        // Served: the wait is over.
        assert_eq!(wait_s(&[now - 301, now - 3600, now - 7200], now), None);
        // Older than a week: forgiven.
        let old = now - WINDOW_S;
        assert_eq!(wait_s(&[now - 10, old, old - 5, old - 9], now), None);
    }
}

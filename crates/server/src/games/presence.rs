//! Abandonment (issue 75): each seated connection writes its seat's heartbeat to the database
//! every [`HEARTBEAT`] from whichever server holds it, and reads the other seat's, so a player
//! sees the opponent "gone" within seconds of their connection going quiet (at once when their
//! client said goodbye), on any server. After the game's grace (lichess's: 40 s for bullet and
//! blitz, twice for rapid, three times for classical; 10 s after a closed tab; five minutes in
//! an untimed game) the player may claim the win or a draw, stored as the row after the last
//! move, so a claim and a move can never both be stored.

use std::time::Duration;

use parlour_clock::{Pace, TimeControl};
use parlour_online::wire::{Reply, Seat};

use super::refusal::PlayRefusal;
use super::{Refusal, Registry};
use crate::store::{NewRow, Store, StoreError, abandoned_row, now_ms};

/// How often a seated connection writes its heartbeat and looks at the other seat's.
pub const HEARTBEAT: Duration = Duration::from_secs(2);

/// A seat unheard for this long is shown gone (three heartbeats).
pub const QUIET_MS: i64 = 6_000;

/// The grace of an untimed game.
pub const UNTIMED_GRACE_MS: i64 = 300_000;

/// How long after it went a seat's game may be claimed: `None` where claims do not apply
/// (correspondence, where a turn's days decide).
pub fn grace_ms(pace: &Pace, closed: bool) -> Option<i64> {
    let grace = match pace {
        Pace::Live(control) => control.gone_after_ms(),
        Pace::Untimed => UNTIMED_GRACE_MS,
        Pace::Correspondence(_) => return None,
    };
    Some(if closed {
        grace.min(TimeControl::CLOSED_TAB_MS)
    } else {
        grace
    })
}

/// Whether a seat last `seen` (when, and whether it said goodbye; never: since the game
/// `started`) is gone at `now`: `None` while it is there, else the milliseconds until the game
/// may be claimed (`None` inside: never).
pub fn gone(pace: &Pace, seen: Option<(i64, bool)>, started: i64, now: i64) -> Option<Option<i64>> {
    let (at, closed) = seen.unwrap_or((started, false));
    if !closed && now - at < QUIET_MS {
        return None;
    }
    Some(grace_ms(pace, closed).map(|grace| (at + grace - now).max(0)))
}

/// Why a claim was refused.
#[derive(Debug, thiserror::Error)]
pub enum ClaimRefusal {
    /// The opponent's connection is there.
    #[error("your opponent is still here; a game can be claimed only from someone who has gone")]
    Here,
    /// The grace runs.
    #[error("your opponent has gone; you can claim the game in {0} s")]
    TooSoon(i64),
    /// Nobody sits in the other seat.
    #[error("nobody has taken the other seat")]
    Alone,
    /// A correspondence game is decided by its days a move.
    #[error("a correspondence game cannot be claimed; it is decided by the days a move")]
    Correspondence,
    /// The game changed under the claim (other processes).
    #[error("the game changed while your claim was stored; try again")]
    Raced,
    /// Any other refusal (no such game, not a seat, over, storage).
    #[error(transparent)]
    Refused(#[from] Refusal),
}

impl From<StoreError> for ClaimRefusal {
    fn from(e: StoreError) -> Self {
        ClaimRefusal::Refused(e.into())
    }
}

impl<S: Store> Registry<S> {
    /// Claims the game for the seat `token` holds (the win, or a draw with `draw`) from the
    /// other seat, gone longer than the grace.
    pub async fn claim(&self, code: &str, token: &str, draw: bool) -> Result<(), ClaimRefusal> {
        let entry = self.entry(code).await?;
        let mut e = entry.lock().await;
        let seat = self.seat_for(&mut e, token).await?;
        let other = seat.other();
        for _ in 0..2 {
            if let Some(over) = e.over() {
                return Err(Refusal::from(over).into());
            }
            if e.stored.tokens[other.index()].is_none() {
                return Err(ClaimRefusal::Alone);
            }
            let seen = self.store.presence(code).await?[other.index()];
            match gone(&e.stored.pace, seen, e.stored.started_ms, now_ms()) {
                None => return Err(ClaimRefusal::Here),
                Some(None) => return Err(ClaimRefusal::Correspondence),
                Some(Some(ms)) if ms > 0 => return Err(ClaimRefusal::TooSoon((ms + 999) / 1000)),
                Some(Some(_)) => {}
            }
            let row = NewRow {
                check_at: Some(None),
                notice: None,
                ..NewRow::plain(abandoned_row(other, draw))
            };
            if self.note(self.store.append(code, e.stored.rows, &row).await)? {
                e.stored.abandoned = Some((other, draw));
                e.stored.rows += 1;
                self.ended(&mut e).await;
                if let Some(end) = e.end_view() {
                    e.push(Reply::Ended {
                        code: code.to_string(),
                        result: end.result,
                        reason: end.reason,
                    });
                }
                self.cancel_offers(&mut e).await;
                return Ok(());
            }
            // Another process stored a move (or the end) first: look again.
            self.reload(&mut e).await?;
        }
        Err(ClaimRefusal::Raced)
    }

    /// One heartbeat of a connection seated at `seat` of `code`: writes its presence, and
    /// answers the other seat's when it changed from `shown` (what this connection last said).
    pub async fn heartbeat(&self, code: &str, seat: Seat, shown: &mut Option<bool>) -> Option<Reply> {
        let now = now_ms();
        if let Err(err) = self.store.mark_present(code, seat, now, false).await {
            eprintln!("parlour-server: writing the presence of {code} failed: {err}");
            return None;
        }
        let entry = self.entry(code).await.ok()?;
        let (pace, started, over, taken) = {
            let e = entry.lock().await;
            let taken = e.stored.tokens[seat.other().index()].is_some();
            (e.stored.pace, e.stored.started_ms, e.ending().is_some(), taken)
        };
        if over || !taken {
            return None;
        }
        let seen = self.store.presence(code).await.ok()?[seat.other().index()];
        let state = gone(&pace, seen, started, now);
        if *shown == Some(state.is_some()) || (shown.is_none() && state.is_none()) {
            return None;
        }
        *shown = Some(state.is_some());
        Some(Reply::Presence {
            code: code.to_string(),
            seat: seat.other(),
            gone: state.is_some(),
            claim_in_ms: state.flatten(),
        })
    }

    /// Notes that the connection seated at `seat` of `code` said goodbye (a closed tab).
    pub async fn goodbye(&self, code: &str, seat: Seat) {
        if let Err(err) = self.store.mark_present(code, seat, now_ms(), true).await {
            eprintln!("parlour-server: writing the goodbye of {code} failed: {err}");
        }
    }
}

impl From<PlayRefusal> for ClaimRefusal {
    fn from(r: PlayRefusal) -> Self {
        ClaimRefusal::Refused(r.into())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_seat_is_gone_after_three_heartbeats_and_claimable_after_its_grace() {
        let blitz = Pace::Live(TimeControl::new(300, 3).unwrap());
        let rapid = Pace::Live(TimeControl::new(600, 5).unwrap());
        // Heard two seconds ago: here. Six seconds: gone, claimable 34 s later in blitz.
        assert_eq!(gone(&blitz, Some((8_000, false)), 0, 10_000), None);
        assert_eq!(gone(&blitz, Some((4_000, false)), 0, 10_000), Some(Some(34_000)));
        assert_eq!(gone(&rapid, Some((4_000, false)), 0, 10_000), Some(Some(74_000)));
        // A closed tab: gone at once, claimable ten seconds after.
        assert_eq!(gone(&blitz, Some((9_000, true)), 0, 10_000), Some(Some(9_000)));
        assert_eq!(gone(&blitz, Some((0, true)), 0, 10_000), Some(Some(0)));
        // Never seen: counted from the game's start. Untimed: five minutes.
        assert_eq!(gone(&Pace::Untimed, None, 0, 10_000), Some(Some(290_000)));
        // Correspondence: gone, never claimable.
        assert_eq!(gone(&"days=3".parse().unwrap(), None, 0, 10_000), Some(None));
    }
}

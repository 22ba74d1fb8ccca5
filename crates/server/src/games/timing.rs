//! Live clocks (issue 75). A game's clock is a pure function of its stored rows: its pace, when
//! it was made, and each move's stored time and reported thinking time; [`clock_of`] rebuilds it
//! the same on every server. A fall or an abort is stored as the row after the last move, so a
//! move and a fall for the same place can never both be stored, also by two servers. A server
//! looks at a game without a move when its `check_at` has passed: at once for the games it
//! holds ([`Keeper`]), and every second for any game in the database (a killed server's).

use std::collections::{BTreeSet, HashMap};
use std::sync::{Arc, Weak};
use std::time::Duration;

use parlour_clock::{Clock, ClockView, Timing, Turn};
use parlour_online::wire::{EndView, Reply, Seat};
use tokio::sync::mpsc;

use super::clock_rows::{check_at, metrics, player, seat, turn_of};
use super::{Entry, Registry};
use crate::store::notices::TurnNotice;
use crate::store::{NewRow, Store, StoreError, TimeOut, now_ms, time_row};

impl Entry {
    /// The clock as the wire shows it at `now`: stopped once the game is over (a fallen side
    /// with nothing left).
    pub(super) fn clock_view(&self, now: i64) -> Option<ClockView> {
        let mut clock = self.clock?;
        if self.ending().is_none() {
            return Some(clock.view(now));
        }
        clock.timer = None;
        let mut view = clock.view(now);
        view.first_move_ms = None;
        if let Some(TimeOut::Fell(s)) = self.stored.timed_out {
            view.remaining_ms[s.index()] = 0;
        }
        Some(view)
    }

    /// When a server must look at the game without a move: the clock's next ending, or the
    /// correspondence turn's deadline; `None` once over or untimed.
    pub(super) fn next_check(&self) -> Option<i64> {
        if self.ending().is_some() {
            return None;
        }
        match turn_of(&self.stored) {
            Some(turn) => Some(turn.deadline()),
            None => check_at(self.clock.as_ref(), false),
        }
    }

    /// By correspondence, while the game goes on: when the side to move loses on time.
    pub(super) fn deadline(&self) -> Option<i64> {
        turn_of(&self.stored)
            .filter(|_| self.ending().is_none())
            .map(|t| t.deadline())
    }

    /// How the game ended when not by the rules or a resignation, as `ended` tells it.
    pub(super) fn end_view(&self) -> Option<EndView> {
        let (result, reason) = match (self.stored.timed_out, self.stored.abandoned) {
            (Some(TimeOut::Fell(s)), _) => (s.other().word(), "time"),
            (Some(TimeOut::Aborted(_)), _) => ("aborted", "aborted"),
            (None, Some((_, true))) => ("draw", "abandoned"),
            (None, Some((s, false))) => (s.other().word(), "abandoned"),
            (None, None) if self.stored.agreed => ("draw", "agreed"),
            (None, None) => return None,
        };
        Some(EndView {
            result: result.into(),
            reason: reason.into(),
        })
    }

    /// The clock's ending due at `now` without a move, if one is: the side to move missed its
    /// first move's deadline, or its time (and grace) ran out.
    fn due(&self, now: i64) -> Option<TimeOut> {
        if self.ending().is_some() {
            return None;
        }
        if let Some(turn) = turn_of(&self.stored) {
            // By correspondence a game whose first moves do not come is aborted, as on a clock.
            let mover = Seat::BOTH[self.session.turn()?.min(1)];
            let early = self.stored.moves.len() < 2;
            return turn.is_over(now).then_some(if early {
                TimeOut::Aborted(mover)
            } else {
                TimeOut::Fell(mover)
            });
        }
        let clock = self.clock.as_ref()?;
        let mover = seat(clock.turn);
        match clock.abort_at() {
            Some(deadline) => (now > deadline).then_some(TimeOut::Aborted(mover)),
            None => clock.falls_at().filter(|&at| now >= at).map(|_| TimeOut::Fell(mover)),
        }
    }
}

impl<S: Store> Registry<S> {
    /// Stores the clock's ending `out` as the game's next row (unless another row got there
    /// first), records the result and tells the followers. `Ok(false)`: another row won.
    pub(super) async fn time_out(&self, e: &mut Entry, out: TimeOut) -> Result<bool, StoreError> {
        let code = e.stored.code.clone();
        // The ending keeps the server's time it was stored at, as a move does: how late after
        // its deadline a fall was stored can be read from the database (`load --clock`).
        let row = NewRow {
            text: time_row(out),
            times: crate::store::MoveTimes {
                at_ms: Some(now_ms()),
                think_ms: None,
            },
            check_at: Some(None),
            notice: None,
        };
        if !self.note(self.store.append(&code, e.stored.rows, &row).await)? {
            return Ok(false);
        }
        e.stored.timed_out = Some(out);
        e.stored.rows += 1;
        self.ended(e).await;
        if let Some(end) = e.end_view() {
            e.push(Reply::Ended {
                code,
                result: end.result,
                reason: end.reason,
            });
        }
        self.cancel_offers(e).await;
        Ok(true)
    }

    /// Looks at the game `code` without a move: ends it when its clock says so, else puts its
    /// `check_at` right. Returns when to look again.
    pub async fn check_clock(&self, code: &str) -> Result<Option<i64>, StoreError> {
        let entry = match self.entry(code).await {
            Ok(entry) => entry,
            Err(super::Refusal::Store(e)) => return Err(e),
            Err(_) => return Ok(None),
        };
        let mut e = entry.lock().await;
        // The database is the truth: another server may have stored rows this one missed.
        self.reload(&mut e)
            .await
            .map_err(|r| StoreError::Damaged(r.to_string()))?;
        for _ in 0..2 {
            let now = now_ms();
            let Some(out) = e.due(now) else {
                let next = e.next_check();
                self.note(self.store.set_check_at(code, e.stored.rows, next).await)?;
                return Ok(next);
            };
            if self.time_out(&mut e, out).await? {
                return Ok(None);
            }
            // Another server stored a move (or the end) first: look again at what it stored.
            self.reload(&mut e)
                .await
                .map_err(|r| StoreError::Damaged(r.to_string()))?;
        }
        Ok(e.next_check())
    }

    /// Asks this process's keeper to look at `code` at `at` (no-op without a keeper).
    pub(super) fn wake_at(&self, code: &str, at: Option<i64>) {
        if let (Some(at), Ok(k)) = (at, self.keeper.lock())
            && let Some(tx) = k.as_ref()
        {
            let _ = tx.send((code.to_string(), at));
        }
    }
}

/// How often every server asks the database for overdue clocks (a killed server's games).
pub const POLL_EVERY: Duration = Duration::from_secs(1);

/// Keeps this process's clocks: looks at each game it was told of when its time comes, and
/// every [`POLL_EVERY`] at every overdue game in the database. Runs until the registry goes.
pub async fn keep_clocks<S: Store>(registry: Weak<Registry<S>>) {
    let (tx, mut rx) = mpsc::unbounded_channel::<(String, i64)>();
    match registry.upgrade() {
        Some(r) => {
            if let Ok(mut k) = r.keeper.lock() {
                *k = Some(tx);
            }
        }
        None => return,
    }
    let mut due: BTreeSet<(i64, String)> = BTreeSet::new();
    let mut when: HashMap<String, i64> = HashMap::new();
    let mut poll = tokio::time::interval(POLL_EVERY);
    loop {
        let sleep = match due.first() {
            Some((at, _)) => Duration::from_millis((at - now_ms()).clamp(0, 60_000) as u64),
            None => Duration::from_secs(60),
        };
        tokio::select! {
            told = rx.recv() => {
                let Some((code, at)) = told else { return };
                if let Some(old) = when.insert(code.clone(), at) {
                    due.remove(&(old, code.clone()));
                }
                due.insert((at, code));
            }
            _ = tokio::time::sleep(sleep), if !due.is_empty() => {
                let Some(r) = registry.upgrade() else { return };
                let now = now_ms();
                while let Some((at, code)) = due.first().cloned().filter(|(at, _)| *at <= now) {
                    due.remove(&(at, code.clone()));
                    when.remove(&code);
                    look(&r, &code, &mut due, &mut when).await;
                }
            }
            _ = poll.tick() => {
                let Some(r) = registry.upgrade() else { return };
                match r.store().overdue(now_ms(), 200).await {
                    Ok(codes) => {
                        for code in codes {
                            look(&r, &code, &mut due, &mut when).await;
                        }
                    }
                    Err(err) => eprintln!("parlour-server: looking for overdue clocks failed: {err}"),
                }
            }
        }
    }
}

async fn look<S: Store>(
    r: &Arc<Registry<S>>,
    code: &str,
    due: &mut BTreeSet<(i64, String)>,
    when: &mut HashMap<String, i64>,
) {
    match r.check_clock(code).await {
        Ok(Some(next)) => {
            if let Some(old) = when.insert(code.to_string(), next) {
                due.remove(&(old, code.to_string()));
            }
            due.insert((next, code.to_string()));
        }
        Ok(None) => {}
        Err(err) => eprintln!("parlour-server: checking the clock of {code} failed: {err}"),
    }
}

impl Entry {
    /// The row for `canonical`, just played by `mover` on the rules' state at `now` with the
    /// client's `think_ms`, and the clock after it; or, on a live clock or by correspondence,
    /// the ending that comes instead (the mover's time ran out, or a first move came too late).
    pub(super) fn timed_row(
        &self,
        canonical: &str,
        mover: Seat,
        now: i64,
        think_ms: Option<i64>,
    ) -> Result<(NewRow, Option<Clock>), TimeOut> {
        if let Some(turn) = turn_of(&self.stored) {
            return self
                .correspondence_row(canonical, turn, mover, now)
                .map(|row| (row, None));
        }
        let Some(clock) = self.clock else {
            return Ok((NewRow::plain(canonical), None));
        };
        let mover = seat(clock.turn);
        let next = self.session.turn().map_or(clock.turn.other(), player);
        let step = clock.step(now, metrics(think_ms), next);
        match step.timing {
            Timing::InTime => {
                let over = self.ending().is_some();
                let row = NewRow {
                    text: canonical.to_string(),
                    times: crate::store::MoveTimes {
                        at_ms: Some(now),
                        think_ms,
                    },
                    check_at: Some(check_at(Some(&step.clock), over)),
                    notice: None,
                };
                Ok((row, Some(step.clock)))
            }
            Timing::TooLateToStart => Err(TimeOut::Aborted(mover)),
            Timing::Fell | Timing::Stopped => Err(TimeOut::Fell(mover)),
        }
    }
}

impl Entry {
    /// By correspondence: the row of a move made in time, with the next turn's deadline as the
    /// game's check time and the next mover's notice; or the ending when the turn ran out.
    fn correspondence_row(&self, canonical: &str, turn: Turn, mover: Seat, now: i64) -> Result<NewRow, TimeOut> {
        if turn.is_over(now) {
            let early = self.stored.moves.len() < 2;
            return Err(if early {
                TimeOut::Aborted(mover)
            } else {
                TimeOut::Fell(mover)
            });
        }
        let next = Turn {
            began_at: now,
            days: turn.days,
        };
        let over = self.ending().is_some();
        let notice = self.session.turn().filter(|_| !over).map(|t| TurnNotice {
            seat: Seat::BOTH[t.min(1)],
            ply: self.stored.moves.len() as u32 + 1,
            began_ms: now,
            remind_ms: next.reminder_at(),
            deadline_ms: next.deadline(),
        });
        Ok(NewRow {
            text: canonical.to_string(),
            times: crate::store::MoveTimes {
                at_ms: Some(now),
                think_ms: None,
            },
            check_at: Some((!over).then(|| next.deadline())),
            notice,
        })
    }
}

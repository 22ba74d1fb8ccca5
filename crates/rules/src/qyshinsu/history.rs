//! The repetition history: exact position codes, inline up to [`INLINE_HISTORY`], then on the
//! heap.

use serde::{Deserialize, Serialize};

/// History codes kept inline before spilling to the heap.
pub const INLINE_HISTORY: usize = 64;

/// Exact position codes, one per ply from the start (index = ply, so index parity = side to move).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(from = "Vec<u64>", into = "Vec<u64>")]
pub(super) struct History {
    pub(super) len: u32,
    inline: [u64; INLINE_HISTORY],
    spill: Vec<u64>,
}

impl History {
    pub(super) fn new(start: u64) -> History {
        let mut h = History {
            len: 0,
            inline: [0; INLINE_HISTORY],
            spill: Vec::new(),
        };
        h.push(start);
        h
    }

    #[inline]
    pub(super) fn push(&mut self, code: u64) {
        let i = self.len as usize;
        if i < INLINE_HISTORY {
            self.inline[i] = code;
        } else {
            self.spill.push(code);
        }
        self.len += 1;
    }

    /// How often the last code occurs at indices of the same parity (same side to move).
    pub(super) fn occurrences_of_last(&self) -> u32 {
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
        // A plain loop rather than `(0..=last).rev().step_by(2)`: the playouts call this once a
        // move, and the adapter's fold was once compiled out of line (6 % more instructions a
        // Qyshinsu playout, issue 72).
        let (mut count, mut i) = (0, last);
        loop {
            count += u32::from(at(i) == code);
            if i < 2 {
                return count;
            }
            i -= 2;
        }
    }

    pub(super) fn last(&self) -> Option<u64> {
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

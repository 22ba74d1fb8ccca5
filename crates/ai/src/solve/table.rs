//! The solver's transposition table: proven results and bounds on their lengths in two-slot buckets, keyed by the Zobrist
//! key and verified by a second key. The first slot of a bucket keeps the result that cost the
//! most work to find; the second takes whatever comes (so a full table loses its cheapest
//! results first, not its deepest proofs).

/// One slot: both keys, and what is known (`data` 0 = empty; bit 0 set = used, bit 1 = the
/// side to move wins, bit 2 = that result is known, bits 3..8 = the work the result cost (log2
/// of nodes), then three 8-bit lengths: bits 8..16 [`Fact::win_lo`], 16..24 [`Fact::loss_lo`],
/// 24..32 [`Fact::hi`]).
#[derive(Copy, Clone, Default)]
struct Slot {
    key: u64,
    check: u64,
    data: u32,
}

/// Bytes per slot.
pub(super) const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

/// The largest length a slot holds; as [`Fact::hi`], "no bound known".
pub(super) const NO_BOUND: u32 = 0xFF;

/// What is known of a position, from the side to move's point of view. A forced win or loss
/// "within d" means the game ends, with the winner playing for the quickest end and the loser
/// for the longest, after at most `d` plies.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Fact {
    /// The result, when proven: `Some(true)` the side to move wins.
    pub(super) win: Option<bool>,
    /// The side to move cannot force a win within fewer plies than this.
    pub(super) win_lo: u32,
    /// The side to move cannot be forced to lose within fewer plies than this.
    pub(super) loss_lo: u32,
    /// With a known result: the game ends within this many plies ([`NO_BOUND`]: not known).
    pub(super) hi: u32,
}

impl Fact {
    /// Nothing known.
    pub(super) const NOTHING: Fact = Fact {
        win: None,
        win_lo: 0,
        loss_lo: 0,
        hi: NO_BOUND,
    };

    /// The result, its length not known.
    pub(super) fn result(win: bool) -> Fact {
        Fact {
            win: Some(win),
            ..Fact::NOTHING
        }
    }

    /// The result, ending within `hi` plies.
    pub(super) fn within(win: bool, hi: u32) -> Fact {
        Fact {
            win: Some(win),
            hi,
            ..Fact::NOTHING
        }
    }

    /// The side to move cannot force a win (`win`) or be forced to lose within `d` plies.
    pub(super) fn not_within(win: bool, d: u32) -> Fact {
        if win {
            Fact {
                win_lo: d + 1,
                ..Fact::NOTHING
            }
        } else {
            Fact {
                loss_lo: d + 1,
                ..Fact::NOTHING
            }
        }
    }

    /// The result and its exact length.
    pub(super) fn exact(win: bool, plies: u32) -> Fact {
        Fact {
            win: Some(win),
            win_lo: if win { plies } else { 0 },
            loss_lo: if win { 0 } else { plies },
            hi: plies,
        }
    }

    /// The lower bound on the length of the known result.
    pub(super) fn lo(self) -> u32 {
        match self.win {
            Some(true) => self.win_lo,
            Some(false) => self.loss_lo,
            None => self.win_lo.min(self.loss_lo),
        }
    }

    /// The exact length, when the result is known and its bounds meet.
    pub(super) fn plies(self) -> Option<u32> {
        (self.win.is_some() && self.lo() == self.hi).then_some(self.hi)
    }

    /// Everything both facts say.
    fn and(self, other: Fact) -> Fact {
        Fact {
            win: self.win.or(other.win),
            win_lo: self.win_lo.max(other.win_lo),
            loss_lo: self.loss_lo.max(other.loss_lo),
            hi: self.hi.min(other.hi),
        }
    }

    fn bits(self) -> u32 {
        let known = match self.win {
            Some(true) => 2 | 4,
            Some(false) => 4,
            None => 0,
        };
        known | (self.win_lo.min(NO_BOUND) << 8) | (self.loss_lo.min(NO_BOUND) << 16) | (self.hi.min(NO_BOUND) << 24)
    }

    fn of_bits(data: u32) -> Fact {
        Fact {
            win: (data & 4 != 0).then_some(data & 2 != 0),
            win_lo: (data >> 8) & 0xFF,
            loss_lo: (data >> 16) & 0xFF,
            hi: data >> 24,
        }
    }
}

/// The bits of `data` that hold a [`Fact`].
const FACT_BITS: u32 = !(1 | (31 << 3));

pub(super) struct Table {
    slots: Vec<Slot>,
    mask: usize,
    used: usize,
}

impl Table {
    /// A table of the largest power-of-two number of slots (at least 2) that fits `bytes`.
    pub(super) fn new(bytes: usize) -> Self {
        let fit = (bytes / std::mem::size_of::<Slot>()).max(2);
        let n = 1usize << (usize::BITS - 1 - fit.leading_zeros());
        Table {
            slots: vec![Slot::default(); n],
            mask: n - 1,
            used: 0,
        }
    }

    pub(super) fn bytes(&self) -> usize {
        self.slots.len() * std::mem::size_of::<Slot>()
    }

    pub(super) fn used(&self) -> usize {
        self.used
    }

    fn index(&self, key: u64) -> usize {
        key as usize & self.mask
    }

    pub(super) fn probe(&self, key: u64, check: u64) -> Option<Fact> {
        let i = self.index(key);
        [i, i ^ 1].into_iter().find_map(|j| {
            let s = self.slots[j];
            (s.data != 0 && s.key == key && s.check == check).then(|| Fact::of_bits(s.data))
        })
    }

    /// Stores what `nodes` positions of search found, added to what the table already knows
    /// of the position.
    pub(super) fn store(&mut self, key: u64, check: u64, fact: Fact, nodes: u64) {
        let i = self.index(key);
        let work = (u64::BITS - nodes.leading_zeros()).min(31);
        let mut data = 1 | (work << 3) | fact.bits();
        let matching = [i, i ^ 1]
            .into_iter()
            .find(|&j| self.slots[j].data != 0 && self.slots[j].key == key && self.slots[j].check == check);
        let slot = Slot { key, check, data };
        if let Some(j) = matching {
            let old = self.slots[j].data;
            data = (data & !FACT_BITS) | Fact::of_bits(old).and(fact).bits();
            // Keep the larger work.
            let work = ((old >> 3) & 31).max(work);
            self.slots[j].data = (data & !(31 << 3)) | (work << 3);
            return;
        }
        if self.slots[i].data == 0 {
            self.used += 1;
            self.slots[i] = slot;
        } else if work >= (self.slots[i].data >> 3) & 31 {
            // The dearer result takes the first slot; the one it displaces, the second.
            if self.slots[i ^ 1].data == 0 {
                self.used += 1;
            }
            self.slots[i ^ 1] = self.slots[i];
            self.slots[i] = slot;
        } else {
            if self.slots[i ^ 1].data == 0 {
                self.used += 1;
            }
            self.slots[i ^ 1] = slot;
        }
    }
}

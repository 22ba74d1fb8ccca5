//! The solver's transposition table: exact results in two-slot buckets, keyed by the Zobrist
//! key and verified by a second key. The first slot of a bucket keeps the result that cost the
//! most work to find; the second takes whatever comes (so a full table loses its cheapest
//! results first, not its deepest proofs).

/// One slot: both keys, and the result (`data` 0 = empty; bit 0 set = used, bit 1 = the side to
/// move wins, bit 2 = plies known, bits 3..8 = the work the result cost (log2 of nodes), bits
/// 8.. = plies).
#[derive(Copy, Clone, Default)]
struct Slot {
    key: u64,
    check: u64,
    data: u32,
}

/// Bytes per slot.
pub(super) const SLOT_BYTES: usize = std::mem::size_of::<Slot>();

/// A stored result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(super) struct Entry {
    pub(super) win: bool,
    pub(super) plies: Option<u32>,
}

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

    pub(super) fn probe(&self, key: u64, check: u64) -> Option<Entry> {
        let i = self.index(key);
        [i, i ^ 1].into_iter().find_map(|j| {
            let s = self.slots[j];
            (s.data != 0 && s.key == key && s.check == check).then_some(Entry {
                win: s.data & 2 != 0,
                plies: (s.data & 4 != 0).then_some(s.data >> 8),
            })
        })
    }

    /// Stores a result that took `nodes` positions to find.
    pub(super) fn store(&mut self, key: u64, check: u64, win: bool, plies: Option<u32>, nodes: u64) {
        let i = self.index(key);
        let work = (u64::BITS - nodes.leading_zeros()).min(31);
        let mut data = 1 | (if win { 2 } else { 0 }) | (work << 3);
        if let Some(p) = plies {
            data |= 4 | (p.min(0xFF_FFFF) << 8);
        }
        let matching = [i, i ^ 1]
            .into_iter()
            .find(|&j| self.slots[j].data != 0 && self.slots[j].key == key && self.slots[j].check == check);
        let slot = Slot { key, check, data };
        if let Some(j) = matching {
            let old = self.slots[j].data;
            if plies.is_none() {
                // Keep a known length.
                data = (data & !(0xFF_FFFF << 8 | 4)) | (old & (0xFF_FFFF << 8 | 4));
            }
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

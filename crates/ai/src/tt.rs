//! The transposition table of alpha-beta: a fixed-size array indexed by the low bits of
//! `Game::hash_key`, one entry per slot, deeper or newer results replacing older ones.
//!
//! Entries are two plain `u64`s (the key, and value/depth/bound/generation/move packed), with
//! the best move stored as its index in the position's `legal_moves` order. A zeroed table is
//! then an empty one, so even a large table costs nothing to create: the memory is handed out
//! lazily by the operating system and a search can stop at once, however big its table.

/// How an entry's value bounds the true value.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) enum Bound {
    /// The value is exact.
    Exact = 1,
    /// The true value is at least this (a beta cut-off).
    Lower = 2,
    /// The true value is at most this (no move raised alpha).
    Upper = 3,
}

/// One stored search result.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Entry {
    /// Index of the best move in `legal_moves` order, if one is known.
    pub(crate) best: Option<u16>,
    pub(crate) value: i32,
    pub(crate) depth: u8,
    pub(crate) bound: Bound,
}

/// The table: slot `i` is `keys[i]` and `data[i]`; a zero `data` is an empty slot.
pub(crate) struct Tt {
    keys: Vec<u64>,
    data: Vec<u64>,
    mask: usize,
    generation: u8,
}

// data layout: value (32) | depth (8) | generation (6) | bound (2) | move index + 1 (16).
fn pack(e: &Entry, generation: u8) -> u64 {
    (e.value as u32 as u64) << 32
        | u64::from(e.depth) << 24
        | u64::from(generation & 63) << 18
        | (e.bound as u64) << 16
        | e.best.map_or(0, |i| u64::from(i) + 1)
}

fn unpack(d: u64) -> Entry {
    Entry {
        best: match d & 0xffff {
            0 => None,
            i => Some(i as u16 - 1),
        },
        value: (d >> 32) as u32 as i32,
        depth: (d >> 24) as u8,
        bound: match (d >> 16) & 3 {
            1 => Bound::Exact,
            2 => Bound::Lower,
            _ => Bound::Upper,
        },
    }
}

impl Tt {
    /// A table of `2^bits` slots.
    pub(crate) fn new(bits: u8) -> Self {
        let size = 1usize << bits.clamp(4, 28);
        Tt {
            keys: vec![0; size],
            data: vec![0; size],
            mask: size - 1,
            generation: 0,
        }
    }

    /// Forgets every entry.
    pub(crate) fn clear(&mut self) {
        self.keys.fill(0);
        self.data.fill(0);
    }

    /// Marks the start of a new search, so entries from older ones are replaced first.
    pub(crate) fn new_search(&mut self) {
        self.generation = (self.generation + 1) & 63;
    }

    /// The entry for `key`, if stored.
    #[inline]
    pub(crate) fn probe(&self, key: u64) -> Option<Entry> {
        let i = key as usize & self.mask;
        let d = self.data[i];
        (d != 0 && self.keys[i] == key).then(|| unpack(d))
    }

    /// Stores a result, replacing the slot's entry unless that one is from this search, for
    /// another position and deeper. A result without a best move keeps the old one's.
    #[inline]
    pub(crate) fn store(&mut self, key: u64, mut entry: Entry) {
        let i = key as usize & self.mask;
        let old = self.data[i];
        if old != 0 {
            let same = self.keys[i] == key;
            let o = unpack(old);
            if !same && (old >> 18) as u8 & 63 == self.generation && o.depth > entry.depth {
                return;
            }
            if same && entry.best.is_none() {
                entry.best = o.best;
            }
        }
        self.keys[i] = key;
        self.data[i] = pack(&entry, self.generation);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn entries_round_trip_and_replace_by_depth() {
        let mut tt = Tt::new(4);
        let e = Entry {
            best: Some(7),
            value: -123_456,
            depth: 9,
            bound: Bound::Lower,
        };
        tt.store(5, e);
        assert_eq!(tt.probe(5), Some(e));
        assert_eq!(tt.probe(21), None, "same slot, other key");
        // A shallower result for another position in the same search does not replace it.
        tt.store(21, Entry { depth: 3, ..e });
        assert_eq!(tt.probe(5), Some(e));
        // In a later search it does; a result without a move keeps the known move.
        tt.new_search();
        tt.store(
            5,
            Entry {
                best: None,
                depth: 1,
                bound: Bound::Exact,
                value: 4,
            },
        );
        assert_eq!(tt.probe(5).unwrap().best, Some(7));
        tt.store(21, Entry { depth: 3, ..e });
        assert_eq!(tt.probe(21).unwrap().depth, 3);
        assert_eq!(tt.probe(5), None);
    }
}

//! The repetition history: the keys of the positions since the last capture, with a quick filter.

use std::fmt;

use serde::de::{self, SeqAccess, Visitor};
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::outcome::NO_CAPTURE_LIMIT;

/// The keys of the positions since the last capture (or since the apex flag was set, which no
/// earlier position can match), oldest first, without the current one. A capture resets it and
/// the no-capture rule ends the game after 200 moves, so 200 entries always suffice.
#[derive(Clone)]
pub(super) struct History {
    pub(super) len: u16,
    /// A 256-bit filter of the keys' top bytes: a key whose bit is clear is not in the list,
    /// which spares the scan for almost every new position.
    seen: [u64; 4],
    keys: [u64; NO_CAPTURE_LIMIT as usize],
}

impl History {
    pub(super) fn new() -> History {
        History {
            len: 0,
            seen: [0; 4],
            keys: [0; NO_CAPTURE_LIMIT as usize],
        }
    }

    #[inline]
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.seen = [0; 4];
    }

    #[inline]
    fn filter_bit(key: u64) -> (usize, u64) {
        ((key >> 62) as usize, 1u64 << (key >> 56 & 63))
    }

    #[inline]
    pub(super) fn push(&mut self, key: u64) {
        // Cannot overflow: the game ends at 200 moves since the last reset, before a 201st push.
        if let Some(slot) = self.keys.get_mut(self.len as usize) {
            *slot = key;
            self.len += 1;
            let (word, bit) = Self::filter_bit(key);
            self.seen[word] |= bit;
        }
    }

    /// How often `key` occurred before, looking only at positions with the same side to move
    /// (every other entry, from the second-newest back).
    #[inline]
    pub(super) fn occurrences(&self, key: u64) -> u32 {
        let (word, bit) = Self::filter_bit(key);
        if self.seen[word] & bit == 0 {
            return 0;
        }
        let mut n = 0;
        let mut i = self.len as usize;
        while i >= 2 {
            i -= 2;
            n += (self.keys[i] == key) as u32;
        }
        n
    }

    pub(super) fn as_slice(&self) -> &[u64] {
        &self.keys[..self.len as usize]
    }
}

impl fmt::Debug for History {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "History({} positions)", self.len)
    }
}

impl Serialize for History {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_seq(self.as_slice())
    }
}

impl<'de> Deserialize<'de> for History {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<History, D::Error> {
        struct V;
        impl<'de> Visitor<'de> for V {
            type Value = History;
            fn expecting(&self, f: &mut fmt::Formatter) -> fmt::Result {
                write!(f, "at most {NO_CAPTURE_LIMIT} position keys")
            }
            fn visit_seq<A: SeqAccess<'de>>(self, mut seq: A) -> Result<History, A::Error> {
                let mut h = History::new();
                while let Some(k) = seq.next_element::<u64>()? {
                    if h.len as usize == h.keys.len() {
                        return Err(de::Error::invalid_length(h.len as usize + 1, &self));
                    }
                    h.push(k);
                }
                Ok(h)
            }
        }
        d.deserialize_seq(V)
    }
}

//! The staged turn resolution: place, discard surrounded areas, solo waves, end of turn. Each
//! stage is public so the client can run and animate them one by one.

use super::bits;
use super::board::{BOARD, Bits, CELLS};
use super::cell::Cell;
use super::moves::{KanshoMove, KanshoStep};
use super::result::classify;
use super::state::{Kansho, Pending, player};
use super::zobrist::ZOBRIST;
use crate::game::Player;

impl Kansho {
    #[inline]
    pub(super) fn put(&mut self, colour: usize, i: usize) {
        bits::set(&mut self.markers[colour], i);
        self.hash ^= ZOBRIST.cell[colour][i];
    }

    #[inline]
    pub(super) fn take(&mut self, colour: usize, i: usize) {
        bits::clear(&mut self.markers[colour], i);
        self.hash ^= ZOBRIST.cell[colour][i];
    }

    /// Stage 1: the centre marker and the filled or replaced neighbours, paid from hand. With a
    /// short hand only `mv`'s chosen neighbours are filled.
    pub fn stage_place(&mut self, mv: KanshoMove, mut rec: Option<&mut Vec<KanshoStep>>) {
        let me = self.to_move.index();
        let them = 1 - me;
        let c = mv.centre.index();
        debug_assert!(c < CELLS && !bits::has(&self.markers[them], c) && !bits::has(&self.markers[me], c));
        let old_hand = self.hand[me];
        let mut hand = old_hand.saturating_sub(1);
        self.put(me, c);
        if let Some(r) = rec.as_deref_mut() {
            r.push(KanshoStep::Placed {
                cell: mv.centre,
                colour: self.to_move,
            });
        }
        let need = self.needing(c, me);
        let picks = if u32::from(hand) >= need.count_ones() {
            need
        } else {
            mv.picks & need
        };
        let slots = *BOARD.slots(c);
        for (s, &n) in slots.iter().enumerate() {
            if picks >> s & 1 == 0 || hand == 0 {
                continue;
            }
            let n = n as usize;
            let cell = Cell::from_index(n).unwrap_or(mv.centre);
            if bits::has(&self.markers[them], n) {
                self.take(them, n);
                self.discarded[them] += 1;
                if let Some(r) = rec.as_deref_mut() {
                    r.push(KanshoStep::Replaced {
                        cell,
                        colour: self.to_move,
                        old: self.to_move.other(),
                    });
                }
            } else if let Some(r) = rec.as_deref_mut() {
                r.push(KanshoStep::Filled {
                    cell,
                    colour: self.to_move,
                });
            }
            self.put(me, n);
            hand -= 1;
        }
        self.hand[me] = hand;
        self.hash ^= ZOBRIST.hand[me][old_hand as usize] ^ ZOBRIST.hand[me][hand as usize];
        // Every cell whose colour changed, and every neighbour of one, is within distance 2.
        self.pending = Pending {
            centre: c as u8,
            dirty: *BOARD.ball2(c),
            wave: 0,
        };
    }

    /// Stage 2: every surrounded opponent area is discarded, then, on the updated board, every
    /// surrounded area of the mover. One `AreaDiscarded` step per area.
    pub fn stage_discard_surrounded(&mut self, mut rec: Option<&mut Vec<KanshoStep>>) {
        let c = self.pending.centre as usize;
        if c >= CELLS {
            return;
        }
        let me = self.to_move.index();
        let them = 1 - me;
        // Between moves no area is surrounded, so only areas touching a changed cell can be:
        // they all have a cell within distance 2 of the centre. Separate opponent areas are
        // never adjacent, so discarding one cannot change another's verdict.
        let mut free = self.empty_bits();
        let seeds = bits::and(BOARD.ball2(c), &self.markers[them]);
        for s in bits::iter(seeds) {
            // Already known to be in an area with an empty neighbour, or just discarded.
            if bits::has(&free, s) || !bits::has(&self.markers[them], s) {
                continue;
            }
            // The common case, without setting up a search: an empty cell right next to it.
            let (w, mask) = BOARD.window(s);
            if bits::window(&free, w) & mask != 0 {
                bits::set(&mut free, s);
                continue;
            }
            if let Some(area) = self.surrounded_area(them, s, &mut free) {
                self.discard_area(them, &area, rec.as_deref_mut());
            }
        }
        // Every mover's cell the placement touched is next to the centre, so the centre's area
        // is the only one of the mover's that can have lost its last empty neighbour.
        let mut free = self.empty_bits();
        if let Some(area) = self.surrounded_area(me, c, &mut free) {
            self.discard_area(me, &area, rec);
        }
    }

    /// The area of `colour` containing `seed`, if it has no empty neighbour. `free` holds the
    /// empty cells plus the `colour` cells already found to be in areas that do have one:
    /// reaching any of them ends the search (it stops at the first, so most searches are
    /// short), and the cells explored on the way are added to `free`.
    pub(super) fn surrounded_area(&self, colour: usize, seed: usize, free: &mut Bits) -> Option<Bits> {
        let own = &self.markers[colour];
        let mut stack = [0u8; CELLS];
        let mut sp = 1;
        stack[0] = seed as u8;
        let mut seen = [0; 4];
        bits::set(&mut seen, seed);
        while sp > 0 {
            sp -= 1;
            let cell = stack[sp] as usize;
            let (w, mask) = BOARD.window(cell);
            if bits::window(free, w) & mask != 0 {
                bits::or_assign(free, &seen);
                return None;
            }
            let mut grow = bits::window(own, w) & !bits::window(&seen, w) & mask;
            while grow != 0 {
                let n = w * 64 + grow.trailing_zeros() as usize;
                grow &= grow - 1;
                bits::set(&mut seen, n);
                stack[sp] = n as u8;
                sp += 1;
            }
        }
        Some(seen)
    }

    pub(super) fn discard_area(&mut self, colour: usize, area: &Bits, rec: Option<&mut Vec<KanshoStep>>) {
        let mut cells = Vec::new();
        let recording = rec.is_some();
        for i in bits::iter(*area) {
            self.take(colour, i);
            self.discarded[colour] += 1;
            bits::or_assign(&mut self.pending.dirty, BOARD.neighbour_bits(i));
            if recording {
                cells.extend(Cell::from_index(i));
            }
        }
        if let Some(r) = rec {
            r.push(KanshoStep::AreaDiscarded {
                colour: player(colour),
                cells,
            });
        }
    }

    /// Stage 3, one wave: every marker (either colour) with at most one same-colour neighbour
    /// is discarded at once. Returns whether anything was discarded; call until it returns
    /// `false`.
    pub fn stage_solo_wave(&mut self, rec: Option<&mut Vec<KanshoStep>>) -> bool {
        let [w, b] = &self.markers;
        let occupied = [w[0] | b[0], w[1] | b[1], w[2] | b[2], w[3] | b[3]];
        let candidates = bits::and(&self.pending.dirty, &occupied);
        self.pending.dirty = [0; 4];
        let mut gone = [[0u64; 4]; 2];
        let mut any = false;
        for i in bits::iter(candidates) {
            let colour = usize::from(!bits::has(&self.markers[0], i));
            let (w, mask) = BOARD.window(i);
            let friends = bits::window(&self.markers[colour], w) & mask;
            // At most one bit set: at most one same-colour neighbour.
            if friends & friends.wrapping_sub(1) == 0 {
                bits::set(&mut gone[colour], i);
                any = true;
            }
        }
        if !any {
            return false;
        }
        self.pending.wave += 1;
        let mut cells = Vec::new();
        let recording = rec.is_some();
        let mut all_gone = gone[0];
        bits::or_assign(&mut all_gone, &gone[1]);
        for i in bits::iter(all_gone) {
            let colour = usize::from(!bits::has(&gone[0], i));
            self.take(colour, i);
            self.discarded[colour] += 1;
            bits::or_assign(&mut self.pending.dirty, BOARD.neighbour_bits(i));
            if recording {
                cells.extend(Cell::from_index(i).map(|c| (c, player(colour))));
            }
        }
        if let Some(r) = rec {
            r.push(KanshoStep::SoloWave {
                index: self.pending.wave,
                cells,
            });
        }
        true
    }

    /// Stage 3, all waves: runs [`Kansho::stage_solo_wave`] until nothing qualifies.
    pub fn stage_solo_waves(&mut self, mut rec: Option<&mut Vec<KanshoStep>>) {
        while self.stage_solo_wave(rec.as_deref_mut()) {}
    }

    /// Stage 4: the opponent moves next if they have markers in hand, otherwise the mover
    /// repeats; with both hands empty the game ends.
    pub fn stage_end_turn(&mut self, rec: Option<&mut Vec<KanshoStep>>) {
        self.pending = Pending::IDLE;
        self.ply += 1;
        let me = self.to_move;
        let them = me.other();
        let step = if self.hand[them.index()] > 0 {
            self.to_move = them;
            self.hash ^= ZOBRIST.side;
            KanshoStep::TurnPassed {
                next: them,
                repeat: false,
            }
        } else if self.hand[me.index()] > 0 {
            KanshoStep::TurnPassed { next: me, repeat: true }
        } else if rec.is_none() {
            return;
        } else {
            let (white, black) = (self.on_board(Player::P1), self.on_board(Player::P2));
            let winner = match white.cmp(&black) {
                std::cmp::Ordering::Greater => Some(Player::P1),
                std::cmp::Ordering::Less => Some(Player::P2),
                std::cmp::Ordering::Equal => None,
            };
            let result = classify(white.max(black).into(), white.min(black).into());
            KanshoStep::GameEnded {
                white,
                black,
                winner,
                result,
            }
        };
        if let Some(r) = rec {
            r.push(step);
        }
    }

    /// Runs all four stages, recording into `rec` when given.
    pub(super) fn run(&mut self, mv: KanshoMove, mut rec: Option<&mut Vec<KanshoStep>>) {
        self.stage_place(mv, rec.as_deref_mut());
        self.stage_discard_surrounded(rec.as_deref_mut());
        self.stage_solo_waves(rec.as_deref_mut());
        self.stage_end_turn(rec);
    }
}

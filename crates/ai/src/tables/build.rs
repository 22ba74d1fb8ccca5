//! The retrograde solve: layer by layer from the fewest soldiers up (a capture only ever leads
//! to a layer already solved, and so does setting the apex flag), each layer by distance.
//!
//! In a layer, every position is first examined forward with the rules' own move generator:
//! moves that end the game, capture or set the apex flag lead to known values (the *exits*);
//! the others stay in the layer and are only counted. Then the layer is solved in order of
//! distance: the positions lost in `d` plies make every position one step before them a win in
//! `d + 1` (unless an exit already wins sooner); the positions won in `d` plies take one from
//! the count of each position before them, and a position whose every move has been counted
//! and whose exits all lose is lost, in one ply more than its longest defence. What is left is
//! drawn: neither side can force a win.

use parlour_rules::Game;
use parlour_rules::soldiers::{Move, Soldiers};

use super::index::{Layout, Pos};
use super::types::{BuildError, Stats};
use super::unmove::predecessors;
use super::value::{DRAW, MAX_PLIES, OVER, Value};
use crate::stop::StopFlag;

/// What the forward look at a position found.
#[derive(Default)]
pub(crate) struct Exam {
    /// The rules ended the game here.
    pub over: bool,
    /// The best exit for the side to move (`None`: no exit).
    pub best: Option<Value>,
    /// The slowest losing exit, in plies (0 when none).
    pub worst_loss: u32,
    /// Moves that stay in the layer.
    pub inside: u32,
}

/// A solver over one table's values.
pub(crate) struct Builder<'a> {
    pub layout: &'a Layout,
    pub values: &'a mut [u8],
    buf: Vec<Move>,
}

impl<'a> Builder<'a> {
    pub fn new(layout: &'a Layout, values: &'a mut [u8]) -> Self {
        Builder {
            layout,
            values,
            buf: Vec::new(),
        }
    }

    /// Looks at every move of the position at `index` of layer `l`.
    pub fn examine(&mut self, l: usize, index: u64) -> Result<Exam, BuildError> {
        let pos = self.layout.decode(l, index);
        let state = pos.state(&self.layout.options).ok_or(BuildError::Missing)?;
        let mut exam = Exam::default();
        if state.status().is_over() {
            exam.over = true;
            return Ok(exam);
        }
        let mut buf = std::mem::take(&mut self.buf);
        state.legal_moves(&mut buf);
        for &mv in &buf {
            let mut next = state.clone();
            next.apply(mv);
            match after(self.layout, self.values, &next)? {
                (Some(l2), _) if l2 == l => exam.inside += 1,
                (_, v) => {
                    if let Value::Loss(p) = v {
                        exam.worst_loss = exam.worst_loss.max(p);
                    }
                    if exam.best.is_none_or(|b| v.better(b)) {
                        exam.best = Some(v);
                    }
                }
            }
        }
        self.buf = buf;
        Ok(exam)
    }

    /// Solves layer `l` (every layer it exits to must be solved), reporting each position
    /// examined; `stop` set ends it within a few thousand positions with
    /// [`BuildError::Cancelled`].
    pub fn solve_layer(
        &mut self,
        l: usize,
        stats: &mut Stats,
        stop: &StopFlag,
        tick: &mut dyn FnMut(u64),
    ) -> Result<(), BuildError> {
        let (offset, size) = (self.layout.layers[l].offset as usize, self.layout.layers[l].size);
        let mut count = vec![0u8; size as usize];
        let mut last = 0u32;
        for i in 0..size {
            let e = self.examine(l, i)?;
            let slot = &mut self.values[offset + i as usize];
            if e.over {
                *slot = OVER;
                count[i as usize] = u8::MAX;
            } else {
                let can_lose = matches!(e.best, None | Some(Value::Loss(_)));
                *slot = match e.best {
                    Some(Value::Win(p)) => byte(p)?,
                    Some(Value::Loss(p)) if e.inside == 0 => byte(p)?,
                    _ => DRAW,
                };
                if let Some(Value::Win(p) | Value::Loss(p)) = e.best {
                    last = last.max(p);
                }
                count[i as usize] = if can_lose { e.inside.min(254) as u8 } else { u8::MAX };
            }
            if i % 4096 == 4095 {
                tick(4096);
                if stop.is_set() {
                    return Err(BuildError::Cancelled);
                }
            }
        }
        tick(size % 4096);
        let mut preds = Vec::new();
        let mut d = 0;
        while d <= last {
            let code = byte(d)?;
            for i in 0..size {
                if i % 65_536 == 0 && stop.is_set() {
                    return Err(BuildError::Cancelled);
                }
                if self.values[offset + i as usize] != code {
                    continue;
                }
                let x = self.layout.decode(l, i);
                predecessors(self.layout, &x, &mut preds);
                for &j in &preds {
                    let v = self.values[offset + j as usize];
                    if v == OVER {
                        continue;
                    }
                    if d % 2 == 0 {
                        // `x` is lost: one step before it is a win in d + 1.
                        if v == DRAW || matches!(Value::from_byte(v), Value::Win(p) if p > d + 1) {
                            self.values[offset + j as usize] = byte(d + 1)?;
                            last = last.max(d + 1);
                        }
                    } else if v == DRAW && count[j as usize] != u8::MAX {
                        // `x` is won: one fewer way out for the position before it.
                        count[j as usize] -= 1;
                        if count[j as usize] == 0 {
                            let worst = self.examine(l, j)?.worst_loss;
                            let p = worst.max(d + 1);
                            self.values[offset + j as usize] = byte(p)?;
                            last = last.max(p);
                        }
                    }
                }
            }
            d += 1;
        }
        for &v in &self.values[offset..offset + size as usize] {
            stats.count(v);
        }
        Ok(())
    }
}

/// The value of the position a move led to, for the side that moved, and its layer (`None`
/// when the move ended the game): from the rules when the game is over, from the table
/// otherwise (meaningful only once that layer is solved).
pub(crate) fn after(layout: &Layout, values: &[u8], next: &Soldiers) -> Result<(Option<usize>, Value), BuildError> {
    if let parlour_rules::Status::Win { winner, .. } = next.status() {
        let mover = next.side_to_move().other();
        return Ok((None, if winner == mover { Value::Win(1) } else { Value::Loss(1) }));
    }
    if next.status().is_over() {
        return Ok((None, Value::Draw));
    }
    let pos = Pos {
        hunter: next.hunter(),
        soldiers: next.soldier_mask(),
        side: next.side_to_move(),
        apex: next.apex_reached(),
    };
    let Some((l, i)) = layout.encode(&pos) else {
        // Below a partial table: unknown, as a draw is (neither a win nor a loss).
        return match pos.soldiers.count_ones() < layout.bottom {
            true => Ok((None, Value::Draw)),
            false => Err(BuildError::Missing),
        };
    };
    let v = values[(layout.layers[l].offset + i) as usize];
    Ok((Some(l), Value::from_byte(v).for_mover()))
}

fn byte(plies: u32) -> Result<u8, BuildError> {
    Value::byte_of(plies).ok_or(BuildError::TooLong(MAX_PLIES))
}

//! The check of a finished table: every position's value must be exactly what its successors'
//! values make it (the best of its moves for the side to move: the quickest win, else a draw,
//! else the slowest loss), and a finished position must be marked finished. A table that passes
//! is right: wins and losses stand on strictly shorter results below them, and a position
//! marked drawn with a winning move would have that move's loss below it.

use parlour_rules::Game;

use super::build::after;
use super::index::Layout;
use super::types::{BuildError, Mismatch};
use super::value::{OVER, Value};
use crate::stop::StopFlag;

/// Checks every position of the layers from `first` up against its successors; the first
/// disagreement is an error naming the position. `stop` set ends it with
/// [`BuildError::Cancelled`].
pub fn verify(
    layout: &Layout,
    values: &[u8],
    first: usize,
    stop: &StopFlag,
    tick: &mut dyn FnMut(u64),
) -> Result<(), BuildError> {
    let mut buf = Vec::new();
    for l in first..layout.layers.len() {
        let (offset, size) = (layout.layers[l].offset as usize, layout.layers[l].size);
        for i in 0..size {
            let stored = values[offset + i as usize];
            let pos = layout.decode(l, i);
            let state = pos.state(&layout.options).ok_or(BuildError::Missing)?;
            let expected = if state.status().is_over() {
                Value::Over
            } else {
                state.legal_moves(&mut buf);
                let mut best: Option<Value> = None;
                for &mv in &buf {
                    let mut next = state.clone();
                    next.apply(mv);
                    let v = after(layout, values, &next)?.1;
                    if best.is_none_or(|b| v.better(b)) {
                        best = Some(v);
                    }
                }
                best.unwrap_or(Value::Over)
            };
            if Value::from_byte(stored) != expected || (expected == Value::Over) != (stored == OVER) {
                return Err(BuildError::Inconsistent(Mismatch {
                    position: state.render(),
                    side: state.side_name(state.side_to_move()).to_string(),
                    stored: Value::from_byte(stored),
                    expected,
                }));
            }
            if i % 4096 == 4095 {
                tick(4096);
                if stop.is_set() {
                    return Err(BuildError::Cancelled);
                }
            }
        }
        tick(size % 4096);
    }
    Ok(())
}

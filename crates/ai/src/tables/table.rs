//! One board and rule set's table in memory: building it, and answering from it.

use parlour_rules::soldiers::{Move, NO_CAPTURE_LIMIT, Soldiers, SoldiersOptions, Variant};
use parlour_rules::{Game, Status};

use super::index::{Layout, Pos};
use super::types::{BuildError, Stats};
use super::value::{self, Value};
use super::{build, verify};
use crate::stop::StopFlag;

/// One board and rule set's table.
pub struct Table {
    pub(crate) layout: Layout,
    pub(crate) values: Vec<u8>,
    pub(crate) top: u32,
    pub(crate) stats: Stats,
}

impl Table {
    /// Builds the table of `options` from `bottom` up to `top` soldiers (the board's start and
    /// 0 for a whole table; see [`Layout::complete`] for a partial one), then checks every
    /// position against its successors. `progress` hears the phase (`solve` or `check`), the
    /// positions done and the positions in all.
    pub fn build(
        options: &SoldiersOptions,
        top: u32,
        bottom: u32,
        progress: &mut dyn FnMut(&str, u64, u64),
    ) -> Result<Table, BuildError> {
        Table::build_until(options, top, bottom, &StopFlag::new(), progress)
    }

    /// [`Table::build`] that ends with [`BuildError::Cancelled`] within a few thousand
    /// positions of `stop` being set.
    pub fn build_until(
        options: &SoldiersOptions,
        top: u32,
        bottom: u32,
        stop: &StopFlag,
        progress: &mut dyn FnMut(&str, u64, u64),
    ) -> Result<Table, BuildError> {
        if options.variant == Variant::Board3 {
            return Err(BuildError::TooLarge);
        }
        let layout = Layout::new(options, top, bottom);
        let values = vec![value::DRAW; layout.total() as usize];
        Table::solve_from(layout, values, 0, Stats::default(), stop, progress)
    }

    /// The same table with the layers above its top up to `top` soldiers added (the layers it
    /// has are kept, and are what the new ones' captures lead to), each new layer solved and
    /// checked: a whole board can be built a few layers at a time. Stopped through `stop` as
    /// [`Table::build_until`] is.
    pub fn extend(
        self,
        top: u32,
        stop: &StopFlag,
        progress: &mut dyn FnMut(&str, u64, u64),
    ) -> Result<Table, BuildError> {
        let layout = Layout::new(&self.layout.options, top, self.layout.bottom);
        let kept = self.layout.layers.len();
        if layout.layers.get(..kept) != Some(&self.layout.layers[..]) {
            return Err(BuildError::NotExtensible);
        }
        let mut values = self.values;
        values.resize(layout.total() as usize, value::DRAW);
        Table::solve_from(layout, values, kept, self.stats, stop, progress)
    }

    /// Solves and checks the layers from `first` up.
    fn solve_from(
        layout: Layout,
        mut values: Vec<u8>,
        first: usize,
        mut stats: Stats,
        stop: &StopFlag,
        progress: &mut dyn FnMut(&str, u64, u64),
    ) -> Result<Table, BuildError> {
        let start = layout.layers.get(first).map_or(0, |l| l.offset);
        let total = layout.total() - start;
        let mut done = 0;
        for l in first..layout.layers.len() {
            let mut b = build::Builder::new(&layout, &mut values);
            b.solve_layer(l, &mut stats, stop, &mut |n| {
                done += n;
                progress("solve", done, total);
            })?;
        }
        let mut done = 0;
        verify::verify(&layout, &values, first, stop, &mut |n| {
            done += n;
            progress("check", done, total);
        })?;
        let top = layout.layers.last().map_or(0, |l| l.soldiers);
        Ok(Table {
            layout,
            values,
            top,
            stats,
        })
    }

    /// The layers, their sizes and where they start.
    pub fn layout(&self) -> &Layout {
        &self.layout
    }

    /// The counts of wins, losses, draws and the longest result.
    pub fn stats(&self) -> Stats {
        self.stats
    }

    /// The most soldiers a position of the table has.
    pub fn top(&self) -> u32 {
        self.top
    }

    /// Bytes of values.
    pub fn bytes(&self) -> usize {
        self.values.len()
    }

    /// The first position (in the table's order) of the longest result the table holds, with
    /// its value for the side to move; `None` when it holds no win or loss.
    pub fn longest(&self) -> Option<(Soldiers, Value)> {
        let top = self.values.iter().copied().filter(|&v| v != value::OVER).max()?;
        if top == value::DRAW {
            return None;
        }
        let at = self.values.iter().position(|&v| v == top)? as u64;
        let l = self.layout.layers.iter().rposition(|l| l.offset <= at)?;
        let state = self
            .layout
            .decode(l, at - self.layout.layers[l].offset)
            .state(&self.layout.options)?;
        Some((state, Value::from_byte(top)))
    }

    /// True when this table is for the rules `state` is played under.
    pub fn covers(&self, state: &Soldiers) -> bool {
        state.options().variant == self.layout.options.variant && *state.rules() == self.layout.rules
    }

    /// The stored value of `state`'s position (as if reached right after a capture), or `None`
    /// when the table does not hold it (other rules, more soldiers than the table's top).
    pub fn value(&self, state: &Soldiers) -> Option<Value> {
        if !self.covers(state) {
            return None;
        }
        let pos = Pos {
            hunter: state.hunter(),
            soldiers: state.soldier_mask(),
            side: state.side_to_move(),
            apex: state.apex_reached(),
        };
        let (l, i) = self.layout.encode(&pos)?;
        Some(Value::from_byte(
            self.values[(self.layout.layers[l].offset + i) as usize],
        ))
    }

    /// `state`'s exact value in its game, where the table knows it: a draw from any game, a win
    /// or loss where the no-capture count cannot bite before it (see the module's notes). `None`
    /// for a finished game or where the table cannot answer. (A partial table answers only wins
    /// and losses, each within its plies.)
    pub fn probe(&self, state: &Soldiers) -> Option<Value> {
        if state.status().is_over() {
            return None;
        }
        match self.value(state)? {
            Value::Over => None,
            Value::Draw if !self.layout.complete() => None,
            Value::Draw => Some(Value::Draw),
            v @ (Value::Win(p) | Value::Loss(p)) => {
                (state.moves_without_capture() + p <= u32::from(NO_CAPTURE_LIMIT)).then_some(v)
            }
        }
    }

    /// The `solve` reply from the table (`win <side> <plies> <moves…>` or `draw`), or `None`
    /// where it cannot answer: the winning moves are those after which the table proves the
    /// opponent lost, or which end the game in the mover's favour.
    pub fn reply(&self, state: &Soldiers) -> Option<String> {
        let me = state.side_to_move();
        let (winner, plies) = match self.probe(state)? {
            Value::Draw => return Some("draw".into()),
            Value::Win(p) => (me, p),
            Value::Loss(p) => (me.other(), p),
            Value::Over => return None,
        };
        let mut out = format!("win {} {plies}", state.side_name(winner));
        if winner == me {
            let mut names: Vec<String> = self
                .winning_moves(state)
                .iter()
                .map(|mv| state.format_move(mv))
                .collect();
            names.sort();
            for n in names {
                out.push(' ');
                out.push_str(&n);
            }
        }
        Some(out)
    }

    /// The moves that keep a win the table proves for the side to move: those after which it
    /// proves the opponent lost, or which end the game in the mover's favour (none where the
    /// table proves no win).
    pub fn winning_moves(&self, state: &Soldiers) -> Vec<Move> {
        if !matches!(self.probe(state), Some(Value::Win(_))) {
            return Vec::new();
        }
        let me = state.side_to_move();
        let mut moves = Vec::new();
        state.legal_moves(&mut moves);
        moves.retain(|&mv| {
            let mut next = state.clone();
            next.apply(mv);
            match next.status() {
                Status::Win { winner: w, .. } => w == me,
                _ if next.side_to_move() == me => matches!(self.probe(&next), Some(Value::Win(_))),
                _ => matches!(self.probe(&next), Some(Value::Loss(_))),
            }
        });
        moves
    }
}

//! The text picture of a position: the board's points and edges, then the pieces by name.

use super::board::{Point, bits};
use super::state::Soldiers;

impl Soldiers {
    /// A text picture: the board's points at their coordinates, joined by its edges, then the
    /// pieces by name. Columns follow x (four characters per unit); rows follow the order of the
    /// distinct y values, two characters apart, so that half-unit privy rows get room for their
    /// lines too.
    pub(super) fn picture(&self) -> String {
        let b = self.board();
        let mut ys: Vec<f64> = b.points().map(|p| b.point_xy(p).1).collect();
        ys.sort_by(f64::total_cmp);
        ys.dedup_by(|a, b| (*a - *b).abs() < 1e-9);
        let xy = |p: Point| {
            let (x, y) = b.point_xy(p);
            let rank = ys.iter().position(|&v| (v - y).abs() < 1e-9).unwrap_or(0);
            ((x * 4.0).round() as i64, 2 * rank as i64)
        };
        let (mut w, mut h) = (0i64, 0i64);
        for p in b.points() {
            let (x, y) = xy(p);
            w = w.max(x + 1);
            h = h.max(y + 1);
        }
        let (w, h) = (w.clamp(1, 200) as usize, h.clamp(1, 200) as usize);
        let mut grid = vec![vec![' '; w]; h];
        let mut put = |x: i64, y: i64, c: char| {
            if let Some(cell) = grid.get_mut(y as usize).and_then(|r| r.get_mut(x as usize)) {
                *cell = match (*cell, c) {
                    (' ', c) => c,
                    (old, c) if old == c => c,
                    _ => 'X',
                };
            }
        };
        for &(p, q) in b.edges() {
            let ((x0, y0), (x1, y1)) = (xy(p), xy(q));
            let (dx, dy) = (x1 - x0, y1 - y0);
            let c = if dy == 0 {
                '-'
            } else if dx == 0 {
                '|'
            } else if (dx > 0) == (dy > 0) {
                '/'
            } else {
                '\\'
            };
            let steps = dx.abs().max(dy.abs());
            for i in 1..steps {
                let fx = x0 as f64 + dx as f64 * i as f64 / steps as f64;
                let fy = y0 as f64 + dy as f64 * i as f64 / steps as f64;
                if (fy - fy.round()).abs() < 1e-9 && (fx - fx.round()).abs() < 1e-9 {
                    put(fx as i64, fy as i64, c);
                }
            }
        }
        let hunter_char = if b.hunter_name() == "monk" { 'M' } else { 'G' };
        for p in b.points() {
            let (x, y) = xy(p);
            let c = if p == self.hunter {
                hunter_char
            } else if self.soldiers >> p & 1 == 1 {
                'o'
            } else if b.is_refuge(p) {
                '*'
            } else {
                '.'
            };
            if let Some(cell) = grid.get_mut(y as usize).and_then(|r| r.get_mut(x as usize)) {
                *cell = c;
            }
        }
        let mut out = String::new();
        for row in grid.iter().rev() {
            out.push_str(row.iter().collect::<String>().trim_end());
            out.push('\n');
        }
        out.push_str(&format!(
            "{hunter_char} {} on {}; o {} ({}): {}; * {}\n",
            b.hunter_name(),
            b.point_name(self.hunter),
            b.soldiers_name(),
            self.count,
            bits(self.soldiers)
                .map(|p| b.point_name(p))
                .collect::<Vec<_>>()
                .join(" "),
            b.refuge_name()
        ));
        out
    }
}

//! The move type of the Sixteen Soldiers family, and the notation that writes and reads it
//! (`c3-c4` for a step, `c3-c5-e5` for a jump chain written by its landing points).

use serde::{Deserialize, Serialize};

use super::board::{Board, MAX_HOPS, Point};
use crate::game::NotationError;

/// A move: a piece's start point and its landing points (one for a step or a single jump,
/// more for a jump chain). Which points a chain jumps is fixed by the board's lines, so the
/// landings are the whole move.
///
/// Unused landing slots are always zero, so the derived equality and hash are exact.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(try_from = "RawMove")]
pub struct Move {
    from: Point,
    len: u8,
    to: [Point; MAX_HOPS],
}

/// A move as read from a file, checked before it becomes a [`Move`].
#[derive(Deserialize)]
struct RawMove {
    from: Point,
    len: u8,
    to: [Point; MAX_HOPS],
}

impl TryFrom<RawMove> for Move {
    type Error = String;

    fn try_from(raw: RawMove) -> Result<Move, String> {
        let len = raw.len as usize;
        if !(1..=MAX_HOPS).contains(&len) {
            return Err(format!("a move has 1 to {MAX_HOPS} landing points, not {len}"));
        }
        if raw.from >= 64 || raw.to[..len].iter().any(|&p| p >= 64) || raw.to[len..].iter().any(|&p| p != 0) {
            return Err("a move's points must be below 64, and its unused landing slots zero".into());
        }
        Ok(Move {
            from: raw.from,
            len: raw.len,
            to: raw.to,
        })
    }
}

impl Move {
    /// A one-step move (or a single jump) from `from` to `to`.
    #[inline]
    pub fn step(from: Point, to: Point) -> Move {
        let mut m = Move {
            from,
            len: 1,
            to: [0; MAX_HOPS],
        };
        m.to[0] = to;
        m
    }

    /// A move through the given landing points; `None` when there are none or more than
    /// [`MAX_HOPS`].
    pub fn chain(from: Point, landings: &[Point]) -> Option<Move> {
        if landings.is_empty() || landings.len() > MAX_HOPS {
            return None;
        }
        let mut m = Move {
            from,
            len: landings.len() as u8,
            to: [0; MAX_HOPS],
        };
        m.to[..landings.len()].copy_from_slice(landings);
        Some(m)
    }

    /// Builds a move from a landing buffer whose slots past `len` are already zero.
    #[inline]
    pub(crate) fn from_buffer(from: Point, len: usize, to: [Point; MAX_HOPS]) -> Move {
        debug_assert!((1..=MAX_HOPS).contains(&len) && to[len..].iter().all(|&p| p == 0));
        Move {
            from,
            len: len as u8,
            to,
        }
    }

    /// The point the moving piece starts on.
    #[inline]
    pub fn from(&self) -> Point {
        self.from
    }

    /// The landing points, in order; the last one is where the piece ends.
    #[inline]
    pub fn landings(&self) -> &[Point] {
        &self.to[..self.len as usize]
    }

    /// Where the piece ends.
    #[inline]
    pub fn dest(&self) -> Point {
        self.to[self.len as usize - 1]
    }

    /// The move in canonical notation on `board`.
    pub fn notation(&self, board: &Board) -> String {
        let mut s = String::with_capacity(4 * (self.len as usize + 1));
        s.push_str(board.point_name(self.from));
        for &p in self.landings() {
            s.push('-');
            s.push_str(board.point_name(p));
        }
        s
    }

    /// Reads a move written as points joined by `-` (case-insensitive). Every point must exist
    /// on `board`, each hop must be a step along an edge or a jump along a line, and only jumps
    /// can be chained. Whether the move is legal in a position is not checked here.
    pub fn parse(text: &str, board: &Board) -> Result<Move, NotationError> {
        let text = text.trim();
        if text.is_empty() {
            return Err(NotationError::new("empty move; write points joined by '-', e.g. c3-c4"));
        }
        let mut points = [0 as Point; MAX_HOPS + 1];
        let mut n = 0;
        for word in text.split('-') {
            let word = word.trim();
            if word.is_empty() {
                return Err(NotationError::new(format!(
                    "'{text}' has an empty point name between dashes"
                )));
            }
            let Some(p) = board.point(word) else {
                return Err(NotationError::new(format!(
                    "'{word}' is not a point of {} (points are named like a1, c3, {})",
                    board.name(),
                    board.refuge_points_hint()
                )));
            };
            if n == MAX_HOPS + 1 {
                return Err(NotationError::new(format!(
                    "'{text}' has more than {MAX_HOPS} landing points"
                )));
            }
            points[n] = p;
            n += 1;
        }
        if n < 2 {
            return Err(NotationError::new(format!(
                "'{text}' names only one point; a move is a start and at least one landing point, e.g. c3-c4"
            )));
        }
        for i in 1..n {
            let (a, b) = (points[i - 1], points[i]);
            let name = |p| board.point_name(p);
            if a == b {
                return Err(NotationError::new(format!(
                    "'{text}' stays on {} between two points",
                    name(a)
                )));
            }
            if board.adjacent(a, b) {
                if n > 2 {
                    return Err(NotationError::new(format!(
                        "'{text}': {}-{} is a step, and only jumps can be chained",
                        name(a),
                        name(b)
                    )));
                }
            } else if board.jumped(a, b).is_none() {
                return Err(NotationError::new(format!(
                    "'{text}': {} and {} are neither joined by an edge nor one jump apart along a line",
                    name(a),
                    name(b)
                )));
            }
        }
        Ok(Move::chain(points[0], &points[1..n]).unwrap_or_else(|| Move::step(points[0], points[1])))
    }
}

impl Board {
    /// A few refuge point names, to show what non-grid names look like in error messages.
    fn refuge_points_hint(&self) -> String {
        let names: Vec<&str> = self
            .points()
            .filter(|&p| self.is_refuge(p))
            .map(|p| self.point_name(p))
            .collect();
        names.join(", ")
    }
}

#[cfg(test)]
mod tests {
    use super::super::board::Variant;
    use super::*;

    #[test]
    fn notation_round_trips_and_is_case_insensitive() {
        let b = Variant::Board1.board();
        let m = Move::parse("C3-C4", b).expect("step");
        assert_eq!(m.notation(b), "c3-c4");
        assert_eq!(Move::parse(" c5-T_APEX ", b).expect("jump").notation(b), "c5-t_apex");
        let b4 = Variant::Board4.board();
        let chain = Move::parse("c3-c5-e5", b4).expect("chain");
        assert_eq!(chain.landings().len(), 2);
        assert_eq!(chain.notation(b4), "c3-c5-e5");
    }

    #[test]
    fn moves_from_files_are_checked() {
        let b = Variant::Board4.board();
        let m = Move::parse("c3-c5-e5", b).expect("chain");
        let text = serde_json::to_string(&m).expect("serialize");
        assert_eq!(serde_json::from_str::<Move>(&text).expect("deserialize"), m);
        let bad = text.replacen("\"len\":2", "\"len\":0", 1);
        assert!(serde_json::from_str::<Move>(&bad).is_err(), "{bad}");
        let bad = text.replacen("\"from\":12", "\"from\":99", 1);
        assert!(serde_json::from_str::<Move>(&bad).is_err(), "{bad}");
    }

    #[test]
    fn parse_errors_say_what_is_wrong() {
        let b = Variant::Board1.board();
        let err = |t: &str| Move::parse(t, b).expect_err(t).0;
        assert!(err("c3-x9").contains("'x9' is not a point of Shap Luk Kon Tseung Kwan (Board 1)"));
        assert!(
            err("t1_l-c5").contains("'t1_l' is not a point"),
            "board 2's names are not board 1's"
        );
        assert!(err("c3").contains("only one point"));
        assert!(err("").contains("empty move"));
        assert!(err("c3--c4").contains("empty point name"));
        assert!(err("c3-c4-c5").contains("only jumps can be chained"));
        assert!(err("a1-e5").contains("neither joined by an edge nor one jump apart"));
        assert!(err("c3-c3").contains("stays on c3"));
        // Board 3 has no diagonals at all.
        assert!(Move::parse("c3-d4", Variant::Board3.board()).is_err());
    }
}

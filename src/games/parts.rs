//! The pieces of a game as the table shows them: tokens (what a click means), shapes and looks,
//! spots and pieces, and the board to draw. A leaf: it imports only Bevy.

use bevy::prelude::*;
use parlour_rules::Player;

/// One part of a move as the player enters it: a click on a board spot, or a choice made
/// with a button (a stone kind, the swap).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Token {
    /// A board spot (a cell, square, hole, ring position or point), by spot id.
    Spot(u16),
    /// A button choice, by a game-specific code.
    Choice(u8),
}

/// True when `a` and `b` name the same move (with `unordered`, the tokens after the first in
/// any order).
pub fn same(a: &[Token], b: &[Token], unordered: bool) -> bool {
    if a.len() != b.len() || a.first() != b.first() {
        return false;
    }
    if unordered {
        let (mut x, mut y) = (a[1..].to_vec(), b[1..].to_vec());
        x.sort();
        y.sort();
        x == y
    } else {
        a == b
    }
}

/// True when `mv` (its tokens) starts with `prefix`; the tokens still missing in `rest`.
pub fn extends(mv: &[Token], prefix: &[Token], unordered: bool) -> Option<Vec<Token>> {
    if prefix.is_empty() {
        return Some(mv.to_vec());
    }
    if mv.len() < prefix.len() || mv[0] != prefix[0] {
        return None;
    }
    if unordered {
        let mut rest = mv[1..].to_vec();
        for t in &prefix[1..] {
            let i = rest.iter().position(|x| x == t)?;
            rest.remove(i);
        }
        Some(rest)
    } else {
        (mv[..prefix.len()] == *prefix).then(|| mv[prefix.len()..].to_vec())
    }
}

/// The shape a piece is drawn with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Shape {
    /// A flat Kansho marker.
    Marker,
    /// A round Kōnane stone.
    Stone,
    /// A ConHex peg.
    Peg,
    /// The hunter of the Sixteen Soldiers family.
    Hunter,
    /// A soldier.
    Soldier,
    /// A Qyshinsu stone of a kind (0 = Old Stone, n = n-stone).
    Kind(u8),
}

/// What a piece looks like: its shape and which side's colour.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Look {
    /// The shape.
    pub shape: Shape,
    /// 0 for the first-named colour, 1 for the second.
    pub colour: u8,
}

impl Look {
    /// A look from a shape and a player's colour.
    pub fn new(shape: Shape, p: Player) -> Self {
        Look {
            shape,
            colour: p.index() as u8,
        }
    }
}

/// The key of pieces on the board is their spot id; pieces off the board (hands, the discard
/// box) have keys from here up.
pub const OFF_BOARD: u32 = 10_000;

/// A place the player can click.
#[derive(Clone, Debug)]
pub struct SpotDef {
    /// The spot id (a [`Token::Spot`]).
    pub id: u16,
    /// Where a piece on it rests (its centre at the board surface).
    pub pos: Vec3,
    /// The spot's name in the game's notation (for labels and tooltips).
    pub name: String,
}

/// A piece that should be on the table for a position.
#[derive(Clone, Debug, PartialEq)]
pub struct PieceDef {
    /// Its key (a spot id on the board, [`OFF_BOARD`] and up elsewhere).
    pub key: u32,
    /// Where it rests.
    pub pos: Vec3,
    /// What it looks like.
    pub look: Look,
}

/// The kind of board a game is drawn on, with the numbers the view needs.
#[derive(Clone, Debug)]
pub enum Table {
    /// Kansho: hex cells of `size`, a hole of `hole` radius, the discard box at `box_y`.
    Hex {
        /// Cell size (centre to corner).
        size: f32,
        /// Depth of the box floor.
        box_y: f32,
    },
    /// Kōnane: a `w × h` grid with `pitch`.
    Grid {
        /// Files.
        w: u8,
        /// Ranks.
        h: u8,
        /// Square size.
        pitch: f32,
    },
    /// ConHex: cell polygons (world points), side strips, hole grid unit.
    ConHex {
        /// Each cell's outline in world coordinates.
        cells: Vec<Vec<Vec3>>,
        /// Unit of the 12 × 12 grid.
        unit: f32,
    },
    /// Qyshinsu: a ring of radius `r`.
    Ring {
        /// Ring radius.
        r: f32,
    },
    /// A hunt board: its edges and the refuge polygon.
    Lines {
        /// Edges as pairs of world points.
        edges: Vec<(Vec3, Vec3)>,
        /// Refuge points (shaded by their hull).
        refuge: Vec<Vec3>,
        /// Half extents of the board slab.
        half: Vec2,
    },
}

/// World position of a 2-D board point (y up on paper = away from the viewer).
pub fn flat(x: f32, y: f32, h: f32) -> Vec3 {
    Vec3::new(x, h, -y)
}

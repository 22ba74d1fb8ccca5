//! ConHex on the table: 69 holes, 41 outlined cells that fill with their owner's colour, the
//! blue and red sides, the swap offer and the winning chain.

use bevy::prelude::*;
use parlour_rules::GameId;
use parlour_rules::Player;
use parlour_rules::conhex::{CELLS, ConHex, ConHexMove, ConHexStep, HOLES, board};

use crate::games::build::okabe_ito;
use crate::games::client::{About, ClientGame};
use crate::games::effects::{Anim, AnimStep, Sfx};
use crate::games::parts::{Look, PieceDef, Shape, SpotDef, Table, Token};

/// Grid unit of the 12 × 12 board.
pub const UNIT: f32 = 0.6;
/// The code of the swap button.
pub const SWAP: u8 = 0;

fn grid(x: f32, y: f32, h: f32) -> Vec3 {
    // Row 1 is the north side, far from the viewer.
    Vec3::new((x - 6.0) * UNIT, h, (y - 6.0) * UNIT)
}

fn hole_pos(h: u8) -> Vec3 {
    board()
        .holes
        .get(h as usize)
        .map(|o| grid(f32::from(o.x), f32::from(o.y), 0.0))
        .unwrap_or_default()
}

fn name(p: Player) -> &'static str {
    if p == Player::P1 { "Blue" } else { "Red" }
}

impl ClientGame for ConHex {
    const GAME: GameId = GameId::ConHex;
    const ABOUT: About = About {
        summary: "Put a peg in an empty hole; a cell becomes yours when you are first to hold half of its holes (rounded up). Blue joins north and south, Red west and east, with a chain of owned cells; a corner cell counts for both its sides. With swap on, Red may take over Blue's first peg.",
        tagline: "Claim cells with pegs and join your two sides of the board.",
        first_steps: "Click any empty hole to put a peg in it. Hold half of a cell's holes first and the cell becomes yours; join your two sides with a chain of cells.",
        home: (0.0, 1.0, 9.6, Vec3::new(1.2, 0.0, 0.3)),
        roughness: 0.3,
    };
    const PALETTE: [Color; 2] = [Color::srgb(0.15, 0.35, 0.85), Color::srgb(0.85, 0.18, 0.15)];

    fn colour_safe() -> [Color; 2] {
        [okabe_ito::blue(), okabe_ito::orange()]
    }
    fn seat_names(_: &[(String, String)]) -> [&'static str; 2] {
        ["Blue", "Red"]
    }
    fn first_mover(_: &[(String, String)]) -> &'static str {
        "Blue places the first peg; with swap on, Red may take it over."
    }

    fn tokens(&self, mv: &ConHexMove) -> Vec<Token> {
        match *mv {
            ConHexMove::Peg(h) => vec![Token::Spot(u16::from(h))],
            ConHexMove::Swap => vec![Token::Choice(SWAP)],
        }
    }

    fn choice_label(&self, _code: u8) -> String {
        "Swap: take Blue's first peg and play Blue".to_string()
    }

    fn spots(&self) -> Vec<SpotDef> {
        board()
            .holes
            .iter()
            .enumerate()
            .map(|(i, h)| SpotDef {
                id: i as u16,
                pos: hole_pos(i as u8),
                name: h.name.clone(),
            })
            .collect()
    }

    fn pieces(&self) -> Vec<PieceDef> {
        (0..HOLES as u8)
            .filter_map(|h| {
                self.hole_owner(h).map(|p| PieceDef {
                    key: u32::from(h),
                    pos: hole_pos(h),
                    look: Look::new(Shape::Peg, p),
                })
            })
            .collect()
    }

    fn tints(&self) -> Vec<(u16, Option<u8>)> {
        (0..CELLS as u8)
            .map(|c| (u16::from(c), self.cell_owner(c).map(|p| p.index() as u8)))
            .collect()
    }

    fn lit_cells(&self) -> Vec<u16> {
        self.winning_chain()
            .map(|chain| chain.into_iter().map(u16::from).collect())
            .unwrap_or_default()
    }

    fn table(&self) -> Table {
        let cells = board()
            .cells
            .iter()
            .map(|c| {
                c.outline
                    .iter()
                    .map(|&[x, y]| grid(f32::from(x), f32::from(y), 0.0))
                    .collect()
            })
            .collect();
        Table::ConHex { cells, unit: UNIT }
    }

    fn seat_of_colour(&self, colour: Player) -> Player {
        self.colour_seat(colour)
    }

    fn animate(&self, _before: &ConHex, steps: &[ConHexStep]) -> Vec<AnimStep> {
        let mut out = Vec::new();
        let mut claims = Vec::new();
        let mut claimer = Player::P1;
        for step in steps {
            match step {
                ConHexStep::Peg { hole, side } => out.push(AnimStep::new(
                    format!(
                        "{} pegs {}",
                        name(*side),
                        board()
                            .holes
                            .get(*hole as usize)
                            .map(|h| h.name.as_str())
                            .unwrap_or("?")
                    ),
                    vec![Anim::Drop {
                        key: u32::from(*hole),
                        pos: hole_pos(*hole),
                        look: Look::new(Shape::Peg, *side),
                    }],
                    0.45,
                    Some(Sfx::Place),
                )),
                ConHexStep::Claim { cell, owner } => {
                    claimer = *owner;
                    claims.push(Anim::Tint {
                        cell: u16::from(*cell),
                        colour: Some(owner.index() as u8),
                    });
                }
                ConHexStep::Swap => out.push(AnimStep::new(
                    "Swap! The players exchange colours: the first peg now belongs to its new owner",
                    Vec::new(),
                    1.2,
                    Some(Sfx::Flip),
                )),
                ConHexStep::Win { winner, chain } => {
                    if !claims.is_empty() {
                        let n = claims.len();
                        out.push(AnimStep::new(
                            format!("{} claims {n} cell{}", name(claimer), if n == 1 { "" } else { "s" }),
                            std::mem::take(&mut claims),
                            0.5,
                            Some(Sfx::Flip),
                        ));
                    }
                    out.push(AnimStep::new(
                        format!("{} connects its sides and wins", name(*winner)),
                        vec![Anim::Glow {
                            cells: chain.iter().map(|&c| u16::from(c)).collect(),
                        }],
                        1.0,
                        Some(Sfx::Win),
                    ));
                }
            }
        }
        if !claims.is_empty() {
            let n = claims.len();
            out.push(AnimStep::new(
                format!("{} claims {n} cell{}", name(claimer), if n == 1 { "" } else { "s" }),
                claims,
                0.5,
                Some(Sfx::Flip),
            ));
        }
        out
    }
}

//! Kansho on the table: 252 hex cells around a real hole, the discard box below it, and the
//! four rule stages (place, surrounded areas, solo waves, end of turn) run one by one.

use bevy::prelude::*;
use parlour_rules::Game;
use parlour_rules::GameId;
use parlour_rules::Player;
use parlour_rules::kansho::{Cell, Kansho, KanshoMove, KanshoStep, layout, result_display};

use crate::games::build::okabe_ito;
use crate::games::client::{About, ClientGame};
use crate::games::effects::{Anim, AnimStep, Sfx, Stage};
use crate::games::parts::{OFF_BOARD, PieceDef, Shape, SpotDef, Table, Token, flat};

/// Cell size (centre to corner).
pub const SIZE: f32 = 0.2;
/// Height of the discard box floor.
pub const BOX_Y: f32 = -1.7;

fn cell_pos(c: Cell) -> Vec3 {
    let (q, r) = c.coords();
    let (x, y) = layout(q, r, SIZE);
    flat(x, y, 0.0)
}

/// Where the `n`-th discarded marker of `colour` lies in the box.
pub fn box_slot(colour: Player, n: u32) -> Vec3 {
    let per_layer = 30;
    let (layer, i) = (n / per_layer, n % per_layer);
    let (col, row) = (i % 5, i / 5);
    let x0 = if colour == Player::P1 { -1.95 } else { 0.5 };
    Vec3::new(
        x0 + col as f32 * 0.36,
        BOX_Y + 0.05 + layer as f32 * 0.06,
        -0.9 + row as f32 * 0.36,
    )
}

/// The key of a marker in the box.
pub fn box_key(colour: Player, n: u32) -> u32 {
    OFF_BOARD + colour.index() as u32 * 1000 + n
}

fn name(p: Player) -> &'static str {
    if p == Player::P1 { "White" } else { "Black" }
}

fn plural(n: usize, word: &str) -> String {
    if n == 1 {
        format!("1 {word}")
    } else {
        format!("{n} {word}s")
    }
}

/// Markers rolling into the hole and on to their owners' boxes, in order (`boxed` counts what
/// each box holds so far).
fn into_the_hole(cells: &[(Cell, Player)], boxed: &mut [u32; 2]) -> Vec<Anim> {
    cells
        .iter()
        .map(|&(c, p)| {
            let n = boxed[p.index()];
            boxed[p.index()] += 1;
            Anim::Discard {
                key: c.index() as u32,
                via: Vec3::ZERO,
                to: box_slot(p, n),
                to_key: box_key(p, n),
            }
        })
        .collect()
}

/// One step for all a placement's fills and replacements, with its sentence.
fn fills_step(mover: Player, filled: usize, replaced: usize, fills: Vec<Anim>) -> AnimStep {
    let mut words = Vec::new();
    if filled > 0 {
        words.push(format!("fills {}", plural(filled, "neighbour")));
    }
    if replaced > 0 {
        words.push(format!("replaces {}", plural(replaced, "opponent marker")));
    }
    let sound = if replaced > 0 { Sfx::Flip } else { Sfx::Place };
    AnimStep::new(
        format!("{} {}", name(mover), words.join(" and ")),
        fills,
        0.6,
        Some(sound),
    )
}

impl ClientGame for Kansho {
    const UNORDERED_TAIL: bool = true;
    const GAME: GameId = GameId::Kansho;
    const ABOUT: About = About {
        summary: "Place a marker on an empty cell; every empty neighbour is filled and every opponent neighbour replaced by yours, paid from your hand. Areas with no empty neighbour are discarded (your opponent's first, then yours), then markers with at most one same-colour neighbour leave, wave after wave. When both hands are empty the side with more markers on the board wins.",
        tagline: "Every marker floods its neighbours: place, surround, and keep more on the board.",
        first_steps: "Click a green empty cell to place a marker there: its empty neighbours fill and your opponent's turn to your colour, paid from your hand. When your hand runs short, click which lit neighbours to fill.",
        home: (0.0, 1.05, 10.0, Vec3::new(1.2, -0.4, 0.3)),
        roughness: 0.3,
    };
    const PALETTE: [Color; 2] = [Color::srgb(0.93, 0.91, 0.86), Color::srgb(0.08, 0.08, 0.09)];

    fn colour_safe() -> [Color; 2] {
        [okabe_ito::light(), okabe_ito::dark()]
    }
    fn seat_names(_: &[(String, String)]) -> [&'static str; 2] {
        ["White", "Black"]
    }
    fn first_mover(_: &[(String, String)]) -> &'static str {
        "Choose who places the first marker with the option above."
    }

    fn tokens(&self, mv: &KanshoMove) -> Vec<Token> {
        let mut t = vec![Token::Spot(mv.centre.index() as u16)];
        t.extend(mv.chosen().map(|c| Token::Spot(c.index() as u16)));
        t
    }

    fn spots(&self) -> Vec<SpotDef> {
        Cell::all()
            .map(|c| SpotDef {
                id: c.index() as u16,
                pos: cell_pos(c),
                name: c.to_string(),
            })
            .collect()
    }

    fn pieces(&self) -> Vec<PieceDef> {
        let mut v: Vec<PieceDef> = Cell::all()
            .filter_map(|c| {
                self.owner(c).map(|p| PieceDef {
                    key: c.index() as u32,
                    pos: cell_pos(c),
                    look: super::Look::new(Shape::Marker, p),
                })
            })
            .collect();
        for p in Player::BOTH {
            for n in 0..u32::from(self.discarded(p)) {
                v.push(PieceDef {
                    key: box_key(p, n),
                    pos: box_slot(p, n),
                    look: super::Look::new(Shape::Marker, p),
                });
            }
        }
        v
    }

    fn table(&self) -> Table {
        Table::Hex {
            size: SIZE,
            box_y: BOX_Y,
        }
    }

    fn run_stage(&mut self, stage: Stage, mv: KanshoMove, rec: &mut Vec<KanshoStep>) {
        match stage {
            Stage::Place => self.stage_place(mv, Some(rec)),
            Stage::Discard => self.stage_discard_surrounded(Some(rec)),
            Stage::Solo => self.stage_solo_waves(Some(rec)),
            Stage::End => self.stage_end_turn(Some(rec)),
        }
    }

    fn animate(&self, before: &Kansho, steps: &[KanshoStep]) -> Vec<AnimStep> {
        let mut out = Vec::new();
        let mut boxed = [
            u32::from(before.discarded(Player::P1)),
            u32::from(before.discarded(Player::P2)),
        ];
        let mut fills = Vec::new();
        let (mut filled, mut replaced) = (0, 0);
        let mut mover = Player::P1;
        for step in steps {
            match step {
                KanshoStep::Placed { cell, colour } => {
                    mover = *colour;
                    out.push(AnimStep::new(
                        format!("{} places a marker at {cell}", name(*colour)),
                        vec![Anim::Drop {
                            key: cell.index() as u32,
                            pos: cell_pos(*cell),
                            look: super::Look::new(Shape::Marker, *colour),
                        }],
                        0.45,
                        Some(Sfx::Place),
                    ));
                }
                KanshoStep::Filled { cell, colour } => {
                    filled += 1;
                    fills.push(Anim::Drop {
                        key: cell.index() as u32,
                        pos: cell_pos(*cell),
                        look: super::Look::new(Shape::Marker, *colour),
                    });
                }
                KanshoStep::Replaced { cell, colour, old } => {
                    replaced += 1;
                    // The replaced marker leaves for the box; the mover's takes its place.
                    let n = boxed[old.index()];
                    boxed[old.index()] += 1;
                    fills.push(Anim::Flip {
                        key: cell.index() as u32,
                        look: super::Look::new(Shape::Marker, *colour),
                    });
                    fills.push(Anim::Drop {
                        key: box_key(*old, n),
                        pos: box_slot(*old, n),
                        look: super::Look::new(Shape::Marker, *old),
                    });
                }
                KanshoStep::AreaDiscarded { colour, cells } => {
                    let pairs: Vec<(Cell, Player)> = cells.iter().map(|&c| (c, *colour)).collect();
                    out.push(AnimStep::new(
                        format!(
                            "{} {} {} surrounded: into the hole",
                            cells.len(),
                            name(*colour).to_lowercase(),
                            if cells.len() == 1 { "marker" } else { "markers" }
                        ),
                        into_the_hole(&pairs, &mut boxed),
                        1.1,
                        Some(Sfx::Discard),
                    ));
                }
                KanshoStep::SoloWave { index, cells } => {
                    out.push(AnimStep::new(
                        format!(
                            "Solo wave {index}: {} with at most one friend {} into the hole",
                            plural(cells.len(), "marker"),
                            if cells.len() == 1 { "rolls" } else { "roll" }
                        ),
                        into_the_hole(cells, &mut boxed),
                        1.0,
                        Some(Sfx::Discard),
                    ));
                }
                KanshoStep::TurnPassed { next, repeat } => {
                    if *repeat {
                        out.push(AnimStep::new(
                            format!(
                                "{} has no markers left in hand: {} moves again",
                                name(next.other()),
                                name(*next)
                            ),
                            Vec::new(),
                            0.9,
                            None,
                        ));
                    }
                }
                KanshoStep::GameEnded {
                    white,
                    black,
                    winner,
                    result,
                } => {
                    let text = match (winner, result) {
                        (Some(w), Some(r)) => format!("{} wins {white}–{black}: {}", name(*w), r.display()),
                        _ => format!("Equal scores {white}–{black}: a draw"),
                    };
                    out.push(AnimStep::new(text, Vec::new(), 0.8, Some(Sfx::Win)));
                }
            }
        }
        if !fills.is_empty() {
            out.push(fills_step(mover, filled, replaced, fills));
        }
        out
    }

    fn part_prompt(&self, prefix: &[Token]) -> Option<String> {
        // Only the short hand asks for more than the centre: the rest of the hand after paying
        // for the centre goes on neighbours the player picks.
        let me = self.side_to_move();
        let left = usize::from(self.hand(me)).checked_sub(1)?;
        let to_go = left.checked_sub(prefix.len().checked_sub(1)?)?;
        if to_go == 0 {
            return None;
        }
        Some(if prefix.len() == 1 {
            format!(
                "Short hand: {} has {} left after the centre; click {to_go} of the lit neighbours to fill",
                name(me),
                plural(left, "marker")
            )
        } else {
            format!("Click {to_go} more of the lit neighbours (the centre again starts over)")
        })
    }

    /// `white 4,-9 3,-8 4,-8; black 3,-10 4,-10 3,-9; hands 100 100; white to move`: each
    /// colour's cells in the move notation's `q,r`, the hands (White's, then Black's) and the
    /// side to move, in any order; the discard box holds the rest of each colour's markers.
    /// Checked by [`Kansho::from_coords`]: only a position that could arise in play is accepted.
    fn from_position_text(text: &str) -> Result<Kansho, String> {
        let side = |word: &str| match word {
            "white" => Ok(Player::P1),
            "black" => Ok(Player::P2),
            _ => Err(format!("'{word}' is not a side: write white or black")),
        };
        // A cell reads as a placement there without chosen neighbours.
        let reader = Kansho::new(&Default::default());
        let (mut cells, mut hands, mut to_move) = ([Vec::new(), Vec::new()], None, None);
        for part in text.split(';').map(str::trim).filter(|p| !p.is_empty()) {
            match part.split_whitespace().collect::<Vec<_>>().as_slice() {
                [who, "to", "move"] => to_move = Some(side(who)?),
                ["hands", w, b] => {
                    let n = |t: &str| t.parse::<u8>().map_err(|_| format!("'{t}' is not a number of markers"));
                    hands = Some([n(w)?, n(b)?]);
                }
                [who, list @ ..] => {
                    let p = side(who)?;
                    for word in list {
                        let mv = reader.parse_move(word).map_err(|e| format!("{word}: {e}"))?;
                        if mv.picks != 0 {
                            return Err(format!("'{word}' is not a single cell"));
                        }
                        cells[p.index()].push(mv.centre.coords());
                    }
                }
                [] => {}
            }
        }
        let hands = hands.ok_or("the position does not say the hands ('hands 100 100')")?;
        let to_move = to_move.ok_or("the position does not say who moves ('white to move')")?;
        Kansho::from_coords(&cells[0], &cells[1], hands, to_move).map_err(|e| e.to_string())
    }

    fn result_text(&self) -> Option<String> {
        let (w, b) = (
            u32::from(self.on_board(Player::P1)),
            u32::from(self.on_board(Player::P2)),
        );
        if !self.status().is_over() || w == b {
            return None;
        }
        Some(format!(
            "{} ({}–{})",
            result_display(w.max(b), w.min(b)),
            w.max(b),
            w.min(b)
        ))
    }
}

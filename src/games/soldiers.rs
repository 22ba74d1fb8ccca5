//! The Sixteen Soldiers family on the table: the board drawn from its lines, the refuge
//! shaded, the hunter hopping along his path, soldiers captured and lifted off together.

use bevy::prelude::*;
use parlour_rules::soldiers::{Board, Move, Piece, Point, Soldiers, Step};
use parlour_rules::{Game, Player, Status};

use super::{Anim, AnimStep, ClientGame, Look, PieceDef, Sfx, Shape, SpotDef, Table, Token, flat};

/// The board's size on the table (its longer side).
const EXTENT: f32 = 7.0;

fn frame(b: &Board) -> (Vec2, f32) {
    let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
    for p in b.points() {
        let (x, y) = b.point_xy(p);
        let v = Vec2::new(x as f32, y as f32);
        lo = lo.min(v);
        hi = hi.max(v);
    }
    let size = (hi - lo).max(Vec2::splat(1.0));
    ((lo + hi) / 2.0, EXTENT / size.x.max(size.y))
}

fn point_pos(b: &Board, p: Point) -> Vec3 {
    let (c, s) = frame(b);
    let (x, y) = b.point_xy(p);
    flat((x as f32 - c.x) * s, (y as f32 - c.y) * s, 0.0)
}

impl ClientGame for Soldiers {
    const SHOW_STARTS: bool = true;
    const PALETTE: [Color; 2] = [Color::srgb(0.78, 0.16, 0.12), Color::srgb(0.90, 0.86, 0.74)];

    fn tokens(&self, mv: &Move) -> Vec<Token> {
        let mut t = vec![Token::Spot(u16::from(mv.from()))];
        t.extend(mv.landings().iter().map(|&p| Token::Spot(u16::from(p))));
        t
    }

    fn spots(&self) -> Vec<SpotDef> {
        let b = self.board();
        b.points()
            .map(|p| SpotDef {
                id: u16::from(p),
                pos: point_pos(b, p),
                name: b.point_name(p).to_string(),
            })
            .collect()
    }

    fn pieces(&self) -> Vec<PieceDef> {
        let b = self.board();
        // A general taken by custodian capture has left the board.
        let captured = matches!(self.status(), Status::Win { reason: "captured", .. });
        let mut v: Vec<PieceDef> = (!captured)
            .then(|| PieceDef {
                key: u32::from(self.hunter()),
                pos: point_pos(b, self.hunter()),
                look: Look::new(Shape::Hunter, Player::P1),
            })
            .into_iter()
            .collect();
        v.extend(self.soldier_points().map(|p| PieceDef {
            key: u32::from(p),
            pos: point_pos(b, p),
            look: Look::new(Shape::Soldier, Player::P2),
        }));
        v
    }

    fn table(&self) -> Table {
        let b = self.board();
        let edges = b
            .edges()
            .iter()
            .map(|&(a, c)| (point_pos(b, a), point_pos(b, c)))
            .collect();
        let refuge = b
            .points()
            .filter(|&p| b.is_refuge(p))
            .map(|p| point_pos(b, p))
            .collect();
        let (mut lo, mut hi) = (Vec2::splat(f32::MAX), Vec2::splat(f32::MIN));
        for p in b.points() {
            let w = point_pos(b, p);
            lo = lo.min(Vec2::new(w.x, w.z));
            hi = hi.max(Vec2::new(w.x, w.z));
        }
        Table::Lines {
            edges,
            refuge,
            half: (hi - lo) / 2.0 + Vec2::splat(0.7),
        }
    }

    fn animate(&self, before: &Soldiers, steps: &[Step]) -> Vec<AnimStep> {
        let b = self.board();
        let pname = |p: Point| b.point_name(p).to_string();
        let hunter = b.hunter_name();
        let soldier = b.soldiers_name();
        let mut out = Vec::new();
        let mut key: Option<u32> = None;
        for step in steps {
            match step {
                Step::Move { piece, from, to } => {
                    let who = if *piece == Piece::Hunter { hunter } else { soldier };
                    out.push(AnimStep::new(
                        format!("The {who} moves {}–{}", pname(*from), pname(*to)),
                        vec![Anim::Travel {
                            key: u32::from(*from),
                            path: vec![point_pos(b, *to)],
                            to_key: u32::from(*to),
                            hop: false,
                        }],
                        0.45,
                        Some(Sfx::Place),
                    ));
                }
                Step::Jump { from, over, to } => {
                    let k = *key.get_or_insert(u32::from(*from));
                    key = Some(u32::from(*to));
                    out.push(AnimStep::new(
                        format!(
                            "The {hunter} jumps {}–{} and takes the piece on {}",
                            pname(*from),
                            pname(*to),
                            pname(*over)
                        ),
                        vec![
                            Anim::Travel {
                                key: k,
                                path: vec![point_pos(b, *to)],
                                to_key: u32::from(*to),
                                hop: true,
                            },
                            Anim::Lift { key: u32::from(*over) },
                        ],
                        0.55,
                        Some(Sfx::Capture),
                    ));
                }
                Step::Intervention { at, captured } => out.push(AnimStep::new(
                    format!(
                        "Intervention at {}: {} captured together",
                        pname(*at),
                        if captured.len() == 1 {
                            "1 piece".to_string()
                        } else {
                            format!("{} pieces", captured.len())
                        }
                    ),
                    captured.iter().map(|&p| Anim::Lift { key: u32::from(p) }).collect(),
                    0.7,
                    Some(Sfx::Capture),
                )),
                Step::ApexReached { at } => out.push(AnimStep::new(
                    format!(
                        "The {hunter} reaches the apex {}: he now wins by leaving the refuge",
                        pname(*at)
                    ),
                    Vec::new(),
                    0.9,
                    None,
                )),
                Step::Custodian { general, .. } => out.push(AnimStep::new(
                    format!(
                        "The {hunter} on {} is trapped between two pieces and captured",
                        pname(*general)
                    ),
                    vec![Anim::Lift {
                        key: u32::from(*general),
                    }],
                    0.8,
                    Some(Sfx::Capture),
                )),
                Step::End { winner, reason } => {
                    let who = match winner {
                        Some(Player::P1) => format!("The {hunter} wins"),
                        Some(Player::P2) => format!("The {soldier} win"),
                        None => "A draw".to_string(),
                    };
                    out.push(AnimStep::new(format!("{who} ({reason})"), Vec::new(), 0.8, None));
                }
            }
        }
        let _ = before;
        out
    }

    fn note(&self) -> Option<String> {
        let b = self.board();
        Some(format!(
            "{} left: {} (the {} wins at {} or fewer)",
            b.soldiers_name(),
            self.soldier_count(),
            b.hunter_name(),
            b.threshold()
        ))
    }
}

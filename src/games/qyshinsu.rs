//! Qyshinsu on the table: a round board with twelve numbered positions, each side's stones by
//! kind beside it, stones travelling between hand and ring, and the rule that limits the
//! next move.

use bevy::prelude::*;
use parlour_rules::GameId;
use parlour_rules::Player;
use parlour_rules::qyshinsu::{Constraint, Kind, Qyshinsu, QyshinsuMove, QyshinsuStep, RING};

use crate::games::build::okabe_ito;
use crate::games::client::{About, ClientGame};
use crate::games::effects::{Anim, AnimStep, Sfx};
use crate::games::parts::{Look, OFF_BOARD, PieceDef, Shape, SpotDef, Table, Token, flat};

/// Radius of the ring of positions.
pub const RADIUS: f32 = 2.5;

/// Where position `pos` (1..=12, clockwise from the top) is.
pub fn ring_pos(pos: u8) -> Vec3 {
    let a = std::f32::consts::FRAC_PI_2 - f32::from(pos.saturating_sub(1)) * std::f32::consts::TAU / 12.0;
    flat(RADIUS * a.cos(), RADIUS * a.sin(), 0.0)
}

/// Where the `n`-th stone of `kind` in `player`'s hand lies.
pub fn hand_pos(player: Player, kind: Kind, n: u8) -> Vec3 {
    let side = if player == Player::P1 { -1.0 } else { 1.0 };
    let x = side * (4.4 + f32::from(n) * 0.8);
    Vec3::new(x, 0.0, (kind.index() as f32 - 2.5) * 0.85)
}

fn hand_key(player: Player, kind: Kind, n: u8) -> u32 {
    OFF_BOARD + player.index() as u32 * 100 + kind.index() as u32 * 10 + u32::from(n)
}

fn name(p: Player) -> &'static str {
    if p == Player::P1 { "Black" } else { "Red" }
}

/// The rule limiting the side to move, in words.
pub fn describe(c: &Constraint) -> String {
    match *c {
        Constraint::Open => "First move: any stone on any position".to_string(),
        Constraint::Distance { kind, from, positions } => {
            format!(
                "{} rule: act at {positions} ({} from position {from})",
                kind.name(),
                kind.symbol()
            )
        }
        Constraint::OldStoneAdd { from, positions } => {
            format!("Old Stone add: add at {positions}, the empty position nearest {from}")
        }
        Constraint::OldStoneRemove { from, positions } => {
            format!("Old Stone remove: take back your stone at {positions}, nearest {from}")
        }
    }
}

impl ClientGame for Qyshinsu {
    const SHOW_STARTS: bool = true;
    const GAME: GameId = GameId::Qyshinsu;
    const ABOUT: About = About {
        summary: "Add a stone from hand or take back one of yours, where the opponent's last move allows: an n-stone sends you n positions either way; an Old Stone added makes you add at the nearest empty position, one removed makes you remove your nearest stone. At most two stones of a kind may be on the board, and who cannot move loses.",
        tagline: "Stones on a ring of twelve: each move says where the reply must go.",
        first_steps: "Click a green position, then choose which of your stones to add there with the buttons that appear; or click one of your own stones on the ring to take it back.",
        home: (0.0, 1.0, 13.0, Vec3::new(1.9, 0.0, 0.6)),
        roughness: 0.32,
    };
    const PALETTE: [Color; 2] = [Color::srgb(0.06, 0.06, 0.07), Color::srgb(0.75, 0.12, 0.10)];

    fn colour_safe() -> [Color; 2] {
        [okabe_ito::dark(), okabe_ito::orange()]
    }
    fn seat_names(_: &[(String, String)]) -> [&'static str; 2] {
        ["Black", "Red"]
    }
    fn first_mover(_: &[(String, String)]) -> &'static str {
        "Black moves first (the rules fix it)."
    }

    fn tokens(&self, mv: &QyshinsuMove) -> Vec<Token> {
        match *mv {
            QyshinsuMove::Add { kind, pos } => vec![Token::Spot(u16::from(pos)), Token::Choice(kind.index() as u8)],
            QyshinsuMove::Remove { pos } => vec![Token::Spot(u16::from(pos))],
        }
    }

    fn choice_label(&self, code: u8) -> String {
        Kind::ALL.get(code as usize).map(|k| k.name()).unwrap_or_default()
    }

    fn spots(&self) -> Vec<SpotDef> {
        (1..=RING)
            .map(|p| SpotDef {
                id: u16::from(p),
                pos: ring_pos(p),
                name: p.to_string(),
            })
            .collect()
    }

    fn pieces(&self) -> Vec<PieceDef> {
        let mut v: Vec<PieceDef> = (1..=RING)
            .filter_map(|p| {
                self.stone_at(p).map(|s| PieceDef {
                    key: u32::from(p),
                    pos: ring_pos(p),
                    look: Look::new(Shape::Kind(s.kind.index() as u8), s.owner),
                })
            })
            .collect();
        for player in Player::BOTH {
            for kind in Kind::ALL {
                for n in 0..self.hand(player, kind) {
                    v.push(PieceDef {
                        key: hand_key(player, kind, n),
                        pos: hand_pos(player, kind, n),
                        look: Look::new(Shape::Kind(kind.index() as u8), player),
                    });
                }
            }
        }
        v
    }

    fn table(&self) -> Table {
        Table::Ring { r: RADIUS }
    }

    fn note(&self) -> Option<String> {
        Some(describe(&self.constraint()))
    }

    fn animate(&self, before: &Qyshinsu, steps: &[QyshinsuStep]) -> Vec<AnimStep> {
        let mut out = Vec::new();
        for step in steps {
            match *step {
                QyshinsuStep::Added { player, kind, pos } => {
                    let n = before.hand(player, kind).saturating_sub(1);
                    out.push(AnimStep::new(
                        format!("{} adds a {} at {pos}", name(player), kind.name()),
                        vec![Anim::Travel {
                            key: hand_key(player, kind, n),
                            path: vec![ring_pos(pos)],
                            to_key: u32::from(pos),
                            hop: true,
                        }],
                        0.7,
                        Some(Sfx::Place),
                    ));
                }
                QyshinsuStep::Removed { player, kind, pos } => {
                    let n = before.hand(player, kind);
                    out.push(AnimStep::new(
                        format!("{} takes its {} at {pos} back into hand", name(player), kind.name()),
                        vec![Anim::Travel {
                            key: u32::from(pos),
                            path: vec![hand_pos(player, kind, n)],
                            to_key: hand_key(player, kind, n),
                            hop: true,
                        }],
                        0.7,
                        Some(Sfx::Capture),
                    ));
                }
                QyshinsuStep::Limits { player, constraint } => out.push(AnimStep::new(
                    format!("{}: {}", name(player), describe(&constraint)),
                    Vec::new(),
                    0.6,
                    None,
                )),
            }
        }
        out
    }
}

//! Kōnane on the table: a grid of shallow cups, stones that hop one jump at a time, captured
//! stones lifting off.

use bevy::prelude::*;
use parlour_rules::GameId;
use parlour_rules::Player;
use parlour_rules::konane::{Konane, KonaneMove, KonaneStep, Square};

use crate::games::build::okabe_ito;
use crate::games::client::{About, ClientGame};
use crate::games::effects::{Anim, AnimStep, Sfx};
use crate::games::parts::{Look, PieceDef, Shape, SpotDef, Table, Token, flat};

/// Distance between cup centres.
pub const PITCH: f32 = 0.8;

fn spot_id(k: &Konane, sq: Square) -> u16 {
    u16::from(sq.rank) * u16::from(k.width()) + u16::from(sq.file)
}

fn pos(k: &Konane, sq: Square) -> Vec3 {
    let x = (f32::from(sq.file) - (f32::from(k.width()) - 1.0) / 2.0) * PITCH;
    let y = (f32::from(sq.rank) - (f32::from(k.height()) - 1.0) / 2.0) * PITCH;
    flat(x, y, 0.0)
}

fn name(p: Player) -> &'static str {
    if p == Player::P1 { "White" } else { "Black" }
}

fn squares(k: &Konane) -> impl Iterator<Item = Square> + '_ {
    (0..k.height()).flat_map(move |r| (0..k.width()).map(move |f| Square::new(f, r)))
}

impl ClientGame for Konane {
    const SHOW_STARTS: bool = true;
    const GAME: GameId = GameId::Konane;
    const ABOUT: About = About {
        summary: "Black lifts one of its stones from a corner or the centre, then White one next to the hole. After that, jump an enemy stone orthogonally into an empty square; you may go on jumping in the same direction and stop at any landing. Whoever cannot move loses.",
        tagline: "Hawaiian checkers: jump and capture until your opponent cannot move.",
        first_steps: "Black opens by lifting one of its own stones: click a green stone. Then jump an enemy stone into an empty square: click your stone, then the highlighted landing.",
        home: (0.0, 0.95, 10.0, Vec3::new(1.2, 0.0, 0.3)),
        roughness: 0.85,
    };
    const PALETTE: [Color; 2] = [Color::srgb(0.92, 0.90, 0.84), Color::srgb(0.07, 0.07, 0.08)];

    fn colour_safe() -> [Color; 2] {
        [okabe_ito::light(), okabe_ito::dark()]
    }
    fn seat_names(_: &[(String, String)]) -> [&'static str; 2] {
        ["White", "Black"]
    }
    fn first_mover(_: &[(String, String)]) -> &'static str {
        "Black moves first (the rules fix it)."
    }

    fn tokens(&self, mv: &KonaneMove) -> Vec<Token> {
        match *mv {
            KonaneMove::Remove(sq) => vec![Token::Spot(spot_id(self, sq))],
            // Every stopping point of a chain is its own move, so the landing is enough.
            KonaneMove::Jump { from, .. } => {
                vec![
                    Token::Spot(spot_id(self, from)),
                    Token::Spot(spot_id(self, mv.landing())),
                ]
            }
        }
    }

    fn spots(&self) -> Vec<SpotDef> {
        squares(self)
            .map(|sq| SpotDef {
                id: spot_id(self, sq),
                pos: pos(self, sq),
                name: sq.to_string(),
            })
            .collect()
    }

    fn pieces(&self) -> Vec<PieceDef> {
        squares(self)
            .filter_map(|sq| {
                self.stone_at(sq).map(|p| PieceDef {
                    key: u32::from(spot_id(self, sq)),
                    pos: pos(self, sq),
                    look: Look::new(Shape::Stone, p),
                })
            })
            .collect()
    }

    fn table(&self) -> Table {
        Table::Grid {
            w: self.width(),
            h: self.height(),
            pitch: PITCH,
        }
    }

    fn animate(&self, _before: &Konane, steps: &[KonaneStep]) -> Vec<AnimStep> {
        let mut out = Vec::new();
        // The jumping stone keeps the key of the square it started on until the chain ends.
        let mut key = None;
        for step in steps {
            match *step {
                KonaneStep::Removed { player, square } => out.push(AnimStep::new(
                    format!("{} lifts its stone off {square}", name(player)),
                    vec![Anim::Lift {
                        key: u32::from(spot_id(self, square)),
                    }],
                    0.6,
                    Some(Sfx::Capture),
                )),
                KonaneStep::Hop { player, from, over, to } => {
                    let k = *key.get_or_insert(u32::from(spot_id(self, from)));
                    let to_key = u32::from(spot_id(self, to));
                    key = Some(to_key);
                    out.push(AnimStep::new(
                        format!("{} jumps {from}–{to} over {over}", name(player)),
                        vec![Anim::Travel {
                            key: k,
                            path: vec![pos(self, to)],
                            to_key,
                            hop: true,
                        }],
                        0.45,
                        Some(Sfx::Place),
                    ));
                }
                KonaneStep::Captured { player, square } => out.push(AnimStep::new(
                    format!("{}'s stone on {square} is captured", name(player)),
                    vec![Anim::Lift {
                        key: u32::from(spot_id(self, square)),
                    }],
                    0.35,
                    Some(Sfx::Capture),
                )),
            }
        }
        out
    }
}

/// The new-game dialog's line for a Kōnane board the program has solved (the table shipped in
/// `parlour_ai::solved`), or `None` for a board nobody has solved.
pub fn konane_solved_line(options: &[(String, String)]) -> Option<String> {
    let size = options.iter().find(|(k, _)| k == "size").map(|(_, v)| v.as_str())?;
    let winner = parlour_ai::solved::konane_start_winner(size)?;
    let who = if winner == Player::P1 {
        "White (the second player)"
    } else {
        "Black (the first player)"
    };
    Some(format!(
        "Solved: with perfect play {who} wins this board, whatever the other side does."
    ))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_dialog_names_the_winner_of_a_solved_board_only() {
        let size = |s: &str| vec![("size".to_string(), s.to_string())];
        let line = konane_solved_line(&size("6x6")).expect("6x6 is solved");
        assert!(line.contains("White (the second player) wins"), "{line}");
        assert!(konane_solved_line(&size("4x6")).is_some());
        assert_eq!(konane_solved_line(&size("8x8")), None);
        assert_eq!(konane_solved_line(&[]), None);
    }
}

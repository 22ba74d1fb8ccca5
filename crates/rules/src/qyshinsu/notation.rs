//! The page's notation (`o@7`, `4@2`, `x@9`) both ways, and the text board.

use super::moves::QyshinsuMove;
use super::ring::RING;
use super::state::Qyshinsu;
use super::stones::{BLACK, Kind};
use crate::game::{Game, NotationError, Player, Status};

impl Qyshinsu {
    /// The move as the page writes it: `4@2`, `o@7` or `x@9`.
    pub(super) fn move_text(&self, mv: &QyshinsuMove) -> String {
        match *mv {
            QyshinsuMove::Add { kind, pos } => format!("{}@{pos}", kind.symbol()),
            QyshinsuMove::Remove { pos } => format!("x@{pos}"),
        }
    }

    /// Reads an add (`4@2`, `o@7`) or a removal (`x@9`).
    pub(super) fn read_move(&self, text: &str) -> Result<QyshinsuMove, NotationError> {
        let t = text.trim().to_ascii_lowercase();
        let Some((what, at)) = t.split_once('@') else {
            return Err(NotationError::new(format!(
                "'{t}' has no '@'; write a kind (o, 1..5) or x, then @ and a position, e.g. 4@2, o@7 or x@9"
            )));
        };
        let pos = match at {
            "" => return Err(NotationError::new(format!("'{t}' names no position after '@'"))),
            _ if !at.bytes().all(|b| b.is_ascii_digit()) => {
                return Err(NotationError::new(format!(
                    "'{at}' is not a position; positions are 1..12"
                )));
            }
            _ if at.starts_with('0') => {
                return Err(NotationError::new(format!(
                    "'{at}': positions are 1..12, written without leading zeros"
                )));
            }
            _ => match at.parse::<u8>() {
                Ok(p) if (1..=RING).contains(&p) => p,
                _ => {
                    return Err(NotationError::new(format!(
                        "there is no position {at}; positions are 1..12"
                    )));
                }
            },
        };
        let kind = match what {
            "x" => return Ok(QyshinsuMove::Remove { pos }),
            "o" => Kind::Old,
            "1" => Kind::One,
            "2" => Kind::Two,
            "3" => Kind::Three,
            "4" => Kind::Four,
            "5" => Kind::Five,
            "0" => {
                return Err(NotationError::new("the Old Stone is written 'o' (the letter), not '0'"));
            }
            _ => {
                return Err(NotationError::new(format!(
                    "'{what}' is not a kind; before '@' write o (Old Stone), 1..5, or x to remove"
                )));
            }
        };
        Ok(QyshinsuMove::Add { kind, pos })
    }

    /// The ring, the hands and what limits the side to move, as text.
    pub(super) fn board_text(&self) -> String {
        let mut out = String::new();
        let cell = |p: u8| match self.ring[p as usize - 1] {
            None => " .".to_string(),
            Some(s) => format!("{}{}", if s.owner == BLACK { 'b' } else { 'r' }, s.kind.symbol()),
        };
        out.push_str("pos  ");
        out.push_str(&(1..=RING).map(|p| format!("{p:>3}")).collect::<String>());
        out.push_str("\nring ");
        out.push_str(&(1..=RING).map(|p| format!("{:>3}", cell(p))).collect::<String>());
        out.push('\n');
        for player in Player::BOTH {
            let hand: Vec<String> = Kind::ALL
                .iter()
                .map(|&k| format!("{}:{}", k.symbol(), self.hand(player, k)))
                .collect();
            out.push_str(&format!("{:<5} hand {}\n", self.side_name(player), hand.join(" ")));
        }
        match self.status() {
            Status::Ongoing => {
                let me = self.side_to_move();
                out.push_str(&format!("{} to move: {}\n", self.side_name(me), self.constraint()));
            }
            Status::Draw { .. } => out.push_str("drawn: third occurrence of this position\n"),
            Status::Win { winner, .. } => out.push_str(&format!(
                "{} cannot move ({}); {} has returned to the Way\n",
                self.side_name(winner.other()),
                self.constraint(),
                self.side_name(winner)
            )),
        }
        out
    }
}

//! The [`Game`] trait for Qyshinsu: no options, move lists, applying, status (no move, or the
//! third occurrence), the hash key and the uniform random move. Notation and rendering are in
//! `notation.rs`.

use super::constraint::{Constraint, Limit};
use super::history::History;
use super::moves::{QyshinsuMove, QyshinsuStep};
use super::options::QyshinsuOptions;
use super::ring::{Positions, RING};
use super::state::{Qyshinsu, mix};
use super::stones::{BLACK, Kind};
use crate::game::{Counter, Game, NotationError, OptionSpec, OptionsError, Player, Status, choose_options};

impl Game for Qyshinsu {
    type Move = QyshinsuMove;
    type Step = QyshinsuStep;
    type Options = QyshinsuOptions;

    const ID: &'static str = "qyshinsu";
    const NAME: &'static str = "Qyshinsu";

    fn option_specs() -> &'static [OptionSpec] {
        &[]
    }

    fn parse_options(pairs: &[(&str, &str)]) -> Result<QyshinsuOptions, OptionsError> {
        choose_options(Self::ID, Self::option_specs(), pairs)?;
        Ok(QyshinsuOptions {})
    }

    fn option_pairs(_options: &QyshinsuOptions) -> Vec<(String, String)> {
        Vec::new()
    }

    fn new(_options: &QyshinsuOptions) -> Self {
        let mut q = Qyshinsu {
            ring: [None; RING as usize],
            hands: [[2; 6]; 2],
            last: [None; 2],
            ply: 0,
            repeated: false,
            history: History::new(0),
            code: 0,
            limit: Limit {
                constraint: Constraint::Open,
                adds: Positions::ALL,
                removes: Positions::default(),
            },
        };
        q.history = History::new(q.compute_code());
        q
    }

    fn options(&self) -> &QyshinsuOptions {
        &QyshinsuOptions {}
    }

    fn side_to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) {
            BLACK
        } else {
            BLACK.other()
        }
    }

    fn side_name(&self, player: Player) -> &'static str {
        match player {
            Player::P1 => "black",
            Player::P2 => "red",
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut Vec<QyshinsuMove>) {
        out.clear();
        if self.repeated {
            return;
        }
        self.each_move(|m| {
            out.push(m);
            true
        });
    }

    #[inline]
    fn apply(&mut self, mv: QyshinsuMove) {
        self.apply_with(mv, |_| {});
    }

    fn apply_recorded(&mut self, mv: QyshinsuMove, steps: &mut Vec<QyshinsuStep>) {
        self.apply_with(mv, |s| steps.push(s));
        steps.push(QyshinsuStep::Limits {
            player: self.side_to_move(),
            constraint: self.constraint(),
        });
    }

    fn status(&self) -> Status {
        if self.repeated {
            Status::Draw { reason: "repetition" }
        } else if self.has_move() {
            Status::Ongoing
        } else {
            Status::Win {
                winner: self.side_to_move().other(),
                reason: "no-moves",
            }
        }
    }

    fn hash_key(&self) -> u64 {
        mix(self.code)
            ^ if self.side_to_move() == BLACK {
                0
            } else {
                0x5179_7368_696E_7375
            }
    }

    fn format_move(&self, mv: &QyshinsuMove) -> String {
        self.move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<QyshinsuMove, NotationError> {
        self.read_move(text)
    }

    fn render(&self) -> String {
        self.board_text()
    }

    fn counters(&self) -> Vec<Counter> {
        let mut v = Vec::with_capacity(15);
        for player in Player::BOTH {
            for kind in Kind::ALL {
                v.push(Counter::new(
                    format!("{} hand {}", self.side_name(player), kind.symbol()),
                    self.hand(player, kind),
                ));
            }
        }
        for player in Player::BOTH {
            let n = self.ring.iter().flatten().filter(|s| s.owner == player).count();
            v.push(Counter::new(format!("{} on ring", self.side_name(player)), n));
        }
        v.push(Counter::new("position occurrences", self.occurrences()));
        v
    }

    fn illegal_reason(&self, mv: &QyshinsuMove) -> String {
        self.why_illegal(mv).unwrap_or_else(|| "that move is legal".to_string())
    }

    fn random_move<R: rand::Rng + ?Sized>(&self, rng: &mut R, _buf: &mut Vec<QyshinsuMove>) -> Option<QyshinsuMove> {
        if self.repeated {
            return None;
        }
        let mut n = 0u32;
        self.each_move(|_| {
            n += 1;
            true
        });
        if n == 0 {
            return None;
        }
        // Uniform: the pick-th move of the same fixed order `legal_moves` uses.
        let mut pick = rng.random_range(0..n);
        let mut chosen = None;
        self.each_move(|m| {
            if pick == 0 {
                chosen = Some(m);
                return false;
            }
            pick -= 1;
            true
        });
        chosen
    }

    fn is_legal(&self, mv: &QyshinsuMove) -> bool {
        if self.repeated {
            return false;
        }
        let mut found = false;
        self.each_move(|m| {
            found = m == *mv;
            !found
        });
        found
    }
}

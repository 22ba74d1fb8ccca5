//! The [`Game`] trait for Kansho: options, move lists, applying through the stages, status and
//! the uniform random move of playouts. Notation and rendering are in `notation.rs`.

use rand::Rng;

use super::bits;
use super::board::CELLS;
use super::cell::Cell;
use super::moves::{KanshoMove, KanshoStep};
use super::options::{KanshoOptions, OPTION_SPECS};
use super::result::result_name;
use super::state::{HAND_SIZE, Kansho, Pending, side_name};
use crate::game::{Counter, Game, NotationError, OptionSpec, OptionsError, Player, Status, choose_options};

/// Legal moves at one empty cell when `m` neighbours need a marker and `left` remain after
/// the centre (`left >= 1`): one unless the hand is short, then `C(m, left)`.
fn choices(m: u32, left: u32) -> u32 {
    if left >= m {
        return 1;
    }
    // C(m, left) for m <= 6.
    (0..left).fold(1, |acc, i| acc * (m - i) / (i + 1))
}

impl Game for Kansho {
    type Move = KanshoMove;
    type Step = KanshoStep;
    type Options = KanshoOptions;

    const ID: &'static str = "kansho";
    const NAME: &'static str = "Kansho";

    fn option_specs() -> &'static [OptionSpec] {
        OPTION_SPECS
    }

    fn parse_options(pairs: &[(&str, &str)]) -> Result<KanshoOptions, OptionsError> {
        let chosen = choose_options(Self::ID, OPTION_SPECS, pairs)?;
        let first = if chosen[0] == "black" { Player::P2 } else { Player::P1 };
        Ok(KanshoOptions { first })
    }

    fn option_pairs(options: &KanshoOptions) -> Vec<(String, String)> {
        vec![("first".to_string(), side_name(options.first).to_string())]
    }

    fn new(options: &KanshoOptions) -> Self {
        let mut s = Kansho {
            options: *options,
            markers: [[0; 4]; 2],
            hand: [HAND_SIZE; 2],
            discarded: [0; 2],
            to_move: options.first,
            ply: 0,
            hash: 0,
            pending: Pending::IDLE,
        };
        s.hash = s.compute_hash();
        s
    }

    fn options(&self) -> &KanshoOptions {
        &self.options
    }

    fn side_to_move(&self) -> Player {
        self.to_move
    }

    fn side_name(&self, player: Player) -> &'static str {
        side_name(player)
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut Vec<KanshoMove>) {
        out.clear();
        let me = self.to_move.index();
        let hand = self.hand[me];
        if hand == 0 {
            return;
        }
        let left = hand - 1;
        for c in bits::iter(self.empty_bits()) {
            let centre = Cell(c as u8);
            // A neighbourhood never needs more than 6, so a hand of 7 is never short.
            if left >= 6 {
                out.push(KanshoMove::at(centre));
                continue;
            }
            let need = self.needing(c, me);
            if left == 0 || u32::from(left) >= need.count_ones() {
                out.push(KanshoMove::at(centre));
                continue;
            }
            let mut picks = 0u8;
            loop {
                // The next subset of `need`, in increasing order.
                picks = picks.wrapping_sub(need) & need;
                if picks == 0 {
                    break;
                }
                if picks.count_ones() == u32::from(left) {
                    out.push(KanshoMove { centre, picks });
                }
            }
        }
    }

    fn apply(&mut self, mv: KanshoMove) {
        self.run(mv, None);
    }

    fn apply_recorded(&mut self, mv: KanshoMove, steps: &mut Vec<KanshoStep>) {
        self.run(mv, Some(steps));
    }

    fn status(&self) -> Status {
        if self.hand[0] > 0 || self.hand[1] > 0 {
            return Status::Ongoing;
        }
        let (white, black) = (
            u32::from(self.on_board(Player::P1)),
            u32::from(self.on_board(Player::P2)),
        );
        match white.cmp(&black) {
            std::cmp::Ordering::Equal => Status::Draw { reason: "equal-scores" },
            std::cmp::Ordering::Greater => Status::Win {
                winner: Player::P1,
                reason: result_name(white, black),
            },
            std::cmp::Ordering::Less => Status::Win {
                winner: Player::P2,
                reason: result_name(black, white),
            },
        }
    }

    fn hash_key(&self) -> u64 {
        self.hash
    }

    fn format_move(&self, mv: &KanshoMove) -> String {
        self.move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<KanshoMove, NotationError> {
        self.read_move(text)
    }

    fn render(&self) -> String {
        self.board_text()
    }

    fn counters(&self) -> Vec<Counter> {
        let mut v = Vec::with_capacity(6);
        for p in Player::BOTH {
            let name = side_name(p);
            v.push(Counter::new(format!("{name} hand"), self.hand(p)));
            v.push(Counter::new(format!("{name} on board"), self.on_board(p)));
            v.push(Counter::new(format!("{name} discarded"), self.discarded(p)));
        }
        v
    }

    fn illegal_reason(&self, mv: &KanshoMove) -> String {
        match self.check_move(mv) {
            Err(e) => e.to_string(),
            Ok(()) => "the move is legal".to_string(),
        }
    }

    fn is_legal(&self, mv: &KanshoMove) -> bool {
        self.check_move(mv).is_ok()
    }

    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R, _buf: &mut Vec<KanshoMove>) -> Option<KanshoMove> {
        let hand = self.hand[self.to_move.index()];
        if hand == 0 {
            return None;
        }
        let empty = self.empty_bits();
        if hand >= 7 || hand == 1 {
            // Never short-handed, or only the centre to place: one legal move per empty cell.
            let n = bits::count(&empty);
            let k = rng.random_range(0..n);
            return bits::select(&empty, k).and_then(Cell::from_index).map(KanshoMove::at);
        }
        // Short hands: weigh each empty cell by its number of neighbour choices, so every legal
        // move stays equally likely without listing them all.
        let me = self.to_move.index();
        let left = u32::from(hand - 1);
        let mut cells = [(0u8, 0u8); CELLS];
        let mut n = 0;
        let mut total = 0u32;
        for c in bits::iter(empty) {
            let need = self.needing(c, me);
            cells[n] = (c as u8, need);
            n += 1;
            total += choices(need.count_ones(), left);
        }
        let mut k = rng.random_range(0..total);
        for &(c, need) in &cells[..n] {
            let ways = choices(need.count_ones(), left);
            if k >= ways {
                k -= ways;
                continue;
            }
            let centre = Cell(c);
            if need.count_ones() <= left {
                return Some(KanshoMove::at(centre));
            }
            let mut picks = 0u8;
            loop {
                picks = picks.wrapping_sub(need) & need;
                if picks == 0 {
                    return None;
                }
                if picks.count_ones() == left {
                    if k == 0 {
                        return Some(KanshoMove { centre, picks });
                    }
                    k -= 1;
                }
            }
        }
        None
    }
}

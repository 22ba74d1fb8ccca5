//! The [`Game`] trait for ConHex: the swap option, move lists, applying with the staged record,
//! status, the hash key and the uniform random move. Notation is in `notation.rs`.

use rand::Rng;

use super::board::HOLES;
use super::moves::{ConHexMove, ConHexStep};
use super::options::ConHexOptions;
use super::select::select_bit;
use super::state::{ALL_HOLES, ConHex};
use super::zobrist::{KEY_RED_TO_MOVE, KEY_SWAP_OPEN};
use crate::game::{Counter, Game, NotationError, OptionSpec, OptionsError, Player, Status, choose_options};

impl Game for ConHex {
    type Move = ConHexMove;
    type Step = ConHexStep;
    type Options = ConHexOptions;

    const ID: &'static str = "conhex";
    const NAME: &'static str = "ConHex";

    fn option_specs() -> &'static [OptionSpec] {
        const SPECS: &[OptionSpec] = &[OptionSpec {
            key: "swap",
            values: &["on", "off"],
            default: "on",
            help: "Red may answer Blue's first peg with swap, taking that peg and becoming Blue, \
                   so the first player has no reason to open too strongly.",
        }];
        SPECS
    }

    fn parse_options(pairs: &[(&str, &str)]) -> Result<Self::Options, OptionsError> {
        let chosen = choose_options(Self::ID, Self::option_specs(), pairs)?;
        Ok(ConHexOptions {
            swap: chosen.first().is_none_or(|v| *v == "on"),
        })
    }

    fn option_pairs(options: &Self::Options) -> Vec<(String, String)> {
        vec![("swap".to_string(), if options.swap { "on" } else { "off" }.to_string())]
    }

    fn new(options: &Self::Options) -> Self {
        ConHex {
            options: *options,
            pegs: [0; 2],
            cells: [0; 2],
            ply: 0,
            swapped: false,
            winner: None,
            reach: [0; 2],
            zobrist: 0,
        }
    }

    fn options(&self) -> &Self::Options {
        &self.options
    }

    /// The colour to move: Blue on even plies, Red on odd ones, shifted by one after a swap
    /// (Red places again right after swapping).
    fn side_to_move(&self) -> Player {
        if (self.ply & 1 == 1) != self.swapped {
            Player::P2
        } else {
            Player::P1
        }
    }

    fn side_name(&self, player: Player) -> &'static str {
        match player {
            Player::P1 => "blue",
            Player::P2 => "red",
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut Vec<Self::Move>) {
        out.clear();
        if self.winner.is_some() {
            return;
        }
        let mut empty = ALL_HOLES & !(self.pegs[0] | self.pegs[1]);
        while empty != 0 {
            out.push(ConHexMove::Peg(empty.trailing_zeros() as u8));
            empty &= empty - 1;
        }
        if self.swap_open() {
            out.push(ConHexMove::Swap);
        }
    }

    fn apply(&mut self, mv: Self::Move) {
        match mv {
            ConHexMove::Peg(h) => {
                let colour = self.side_to_move();
                debug_assert!((h as usize) < HOLES && (self.pegs[0] | self.pegs[1]) & (1 << h) == 0);
                // Only the mover gains cells, so only the mover can have just won, and only
                // if this peg claimed something.
                let new = self.place(colour, h as usize);
                if new != 0 && self.extend_reach(colour, new) {
                    self.winner = Some(colour);
                }
            }
            ConHexMove::Swap => self.swapped = true,
        }
        self.ply += 1;
    }

    fn apply_recorded(&mut self, mv: Self::Move, steps: &mut Vec<Self::Step>) {
        let colour = self.side_to_move();
        let before = self.cells[colour.index()];
        self.apply(mv);
        match mv {
            ConHexMove::Peg(hole) => {
                steps.push(ConHexStep::Peg { hole, side: colour });
                let mut claimed = self.cells[colour.index()] & !before;
                while claimed != 0 {
                    let cell = claimed.trailing_zeros() as u8;
                    claimed &= claimed - 1;
                    steps.push(ConHexStep::Claim { cell, owner: colour });
                }
                if let Some(chain) = self.winning_chain() {
                    steps.push(ConHexStep::Win { winner: colour, chain });
                }
            }
            ConHexMove::Swap => steps.push(ConHexStep::Swap),
        }
    }

    fn status(&self) -> Status {
        match self.winner {
            Some(winner) => Status::Win {
                winner,
                reason: "connection",
            },
            None => Status::Ongoing,
        }
    }

    fn hash_key(&self) -> u64 {
        let mut key = self.zobrist;
        if self.side_to_move() == Player::P2 {
            key ^= KEY_RED_TO_MOVE;
        }
        if self.swap_open() {
            key ^= KEY_SWAP_OPEN;
        }
        key
    }

    fn format_move(&self, mv: &Self::Move) -> String {
        self.move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<Self::Move, NotationError> {
        self.read_move(text)
    }

    fn render(&self) -> String {
        let status = match self.winner {
            Some(w) => format!("{} wins by connection", self.side_name(w)),
            None => format!("{} to move", self.side_name(self.side_to_move())),
        };
        let seats = if self.swapped { ", colours swapped" } else { "" };
        format!(
            "ConHex, ply {}: {status}{seats}\nblue joins N-S, red W-E; b/r peg, + empty hole, B/R owned cell, - open cell\n{}",
            self.ply,
            self.picture()
        )
    }

    fn counters(&self) -> Vec<Counter> {
        vec![
            Counter::new("blue pegs", self.pegs[0].count_ones()),
            Counter::new("red pegs", self.pegs[1].count_ones()),
            Counter::new("blue cells", self.cells[0].count_ones()),
            Counter::new("red cells", self.cells[1].count_ones()),
            Counter::new("empty holes", (ALL_HOLES & !(self.pegs[0] | self.pegs[1])).count_ones()),
        ]
    }

    fn illegal_reason(&self, mv: &Self::Move) -> String {
        if self.winner.is_some() {
            return "the game is over".to_string();
        }
        match *mv {
            ConHexMove::Peg(h) if h as usize >= HOLES => format!("there is no hole number {h}"),
            ConHexMove::Peg(h) => match self.hole_owner(h) {
                Some(p) => format!("{} already holds a {} peg", self.format_move(mv), self.side_name(p)),
                None => "that move is not allowed in this position".to_string(),
            },
            ConHexMove::Swap if !self.options.swap => "swap is switched off in this game".to_string(),
            ConHexMove::Swap if self.ply == 0 => "blue places the first peg; swap is red's answer to it".to_string(),
            ConHexMove::Swap => "swap is only allowed as the second move of the game".to_string(),
        }
    }

    fn is_legal(&self, mv: &Self::Move) -> bool {
        if self.winner.is_some() {
            return false;
        }
        match *mv {
            ConHexMove::Peg(h) => (h as usize) < HOLES && (self.pegs[0] | self.pegs[1]) & (1 << h) == 0,
            ConHexMove::Swap => self.swap_open(),
        }
    }

    /// Uniform over the legal moves without building the list: pick an index, then find that
    /// empty hole by bit selection (the swap, when open, is the last index). Inlined: the
    /// playout loop calls it once a move, and left to the partitioning of the caller's crate it
    /// was once compiled out of line there (6 % more instructions a playout, issue 72).
    #[inline]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R, _buf: &mut Vec<Self::Move>) -> Option<Self::Move> {
        if self.winner.is_some() {
            return None;
        }
        let empty = ALL_HOLES & !(self.pegs[0] | self.pegs[1]);
        // Every move but the swap fills a hole, so the empty count needs no popcount.
        let holes = HOLES as u32 - (self.ply - u32::from(self.swapped));
        let n = holes + u32::from(self.swap_open());
        if n == 0 {
            return None;
        }
        let r = rng.random_range(0..n);
        Some(if r == holes {
            ConHexMove::Swap
        } else {
            ConHexMove::Peg(select_bit(empty, r) as u8)
        })
    }
}

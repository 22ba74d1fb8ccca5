//! Tiny games for testing the searches without the Parlour games: Nim (optionally with an
//! extra turn after taking two, to exercise non-alternating turns) and tic-tac-toe.

use parlour_rules::{Counter, Game, NotationError, OptionSpec, OptionsError, Player, Status};
use serde::{Deserialize, Serialize};

use crate::knowledge::Knowledge;

/// Nim options.
#[derive(Clone, Copy, Debug, PartialEq, Serialize, Deserialize)]
pub struct NimOptions {
    /// Starting heap.
    pub heap: u8,
    /// Taking exactly two gives the same player another turn.
    pub extra_turn: bool,
}

impl Default for NimOptions {
    fn default() -> Self {
        NimOptions {
            heap: 21,
            extra_turn: false,
        }
    }
}

/// One heap; take 1–3; whoever takes the last object wins.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct Nim {
    pub options: NimOptions,
    pub heap: u8,
    pub to_move: Player,
    pub ply: u32,
    pub winner: Option<Player>,
}

impl Nim {
    pub fn with(heap: u8, extra_turn: bool) -> Nim {
        Nim::new(&NimOptions { heap, extra_turn })
    }
}

impl Game for Nim {
    type Move = u8;
    type Step = u8;
    type Options = NimOptions;
    const ID: &'static str = "nim";
    const NAME: &'static str = "Nim";

    fn option_specs() -> &'static [OptionSpec] {
        &[]
    }
    fn parse_options(_pairs: &[(&str, &str)]) -> Result<Self::Options, OptionsError> {
        Ok(NimOptions::default())
    }
    fn option_pairs(_options: &Self::Options) -> Vec<(String, String)> {
        Vec::new()
    }
    fn new(options: &Self::Options) -> Self {
        Nim {
            options: *options,
            heap: options.heap,
            to_move: Player::P1,
            ply: 0,
            winner: None,
        }
    }
    fn options(&self) -> &Self::Options {
        &self.options
    }
    fn side_to_move(&self) -> Player {
        self.to_move
    }
    fn side_name(&self, player: Player) -> &'static str {
        ["first", "second"][player.index()]
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if self.winner.is_none() {
            out.extend((1..=3).filter(|&k| k <= self.heap));
        }
    }
    fn apply(&mut self, mv: u8) {
        self.heap -= mv;
        self.ply += 1;
        if self.heap == 0 {
            self.winner = Some(self.to_move);
        } else if !(self.options.extra_turn && mv == 2) {
            self.to_move = self.to_move.other();
        }
    }
    fn apply_recorded(&mut self, mv: u8, steps: &mut Vec<u8>) {
        steps.push(mv);
        self.apply(mv);
    }
    fn status(&self) -> Status {
        match self.winner {
            Some(winner) => Status::Win {
                winner,
                reason: "last-take",
            },
            None => Status::Ongoing,
        }
    }
    fn hash_key(&self) -> u64 {
        u64::from(self.heap) * 2 + self.to_move.index() as u64 + 1
    }
    fn format_move(&self, mv: &u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        text.parse().map_err(|_| NotationError::new("not a number"))
    }
    fn render(&self) -> String {
        format!("heap {}", self.heap)
    }
    fn counters(&self) -> Vec<Counter> {
        vec![Counter::new("heap", self.heap)]
    }
}

impl Knowledge for Nim {}

/// Tic-tac-toe, or k in a row on an n×n board (n ≤ 9); P1 (X) moves first. Move = cell,
/// row-major.
#[derive(Clone, Debug, Serialize, Deserialize)]
pub struct TicTacToe {
    pub cells: Vec<u8>,
    pub n: usize,
    pub k: usize,
    pub ply: u32,
    pub winner: Option<Player>,
}

impl Default for TicTacToe {
    fn default() -> Self {
        TicTacToe {
            cells: vec![0; 9],
            n: 3,
            k: 3,
            ply: 0,
            winner: None,
        }
    }
}

const LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

impl TicTacToe {
    /// Five in a row on 9×9: too big to solve, for tests that need a long search.
    pub fn gomoku() -> TicTacToe {
        TicTacToe {
            cells: vec![0; 81],
            n: 9,
            k: 5,
            ..TicTacToe::default()
        }
    }

    fn line_through(&self, cell: usize) -> bool {
        let n = self.n as i32;
        let (r, c) = (cell as i32 / n, cell as i32 % n);
        let v = self.cells[cell];
        [(0, 1), (1, 0), (1, 1), (1, -1)].iter().any(|&(dr, dc)| {
            let count = |sign: i32| {
                (1..self.k as i32)
                    .take_while(|&i| {
                        let (rr, cc) = (r + sign * i * dr, c + sign * i * dc);
                        (0..n).contains(&rr) && (0..n).contains(&cc) && self.cells[(rr * n + cc) as usize] == v
                    })
                    .count()
            };
            1 + count(1) + count(-1) >= self.k
        })
    }

    /// A position from a 9-character picture: `x`, `o` or `.`; the side to move follows from the counts.
    pub fn from_picture(s: &str) -> TicTacToe {
        let mut t = TicTacToe::default();
        for (i, c) in s.chars().filter(|c| !c.is_whitespace()).enumerate() {
            t.cells[i] = match c {
                'x' => 1,
                'o' => 2,
                _ => 0,
            };
            if t.cells[i] != 0 {
                t.ply += 1;
            }
        }
        for l in LINES {
            let v = t.cells[l[0]];
            if v != 0 && v == t.cells[l[1]] && v == t.cells[l[2]] {
                t.winner = Some(if v == 1 { Player::P1 } else { Player::P2 });
            }
        }
        t
    }
}

impl Game for TicTacToe {
    type Move = u8;
    type Step = u8;
    type Options = ();
    const ID: &'static str = "tictactoe";
    const NAME: &'static str = "Tic-tac-toe";

    fn option_specs() -> &'static [OptionSpec] {
        &[]
    }
    fn parse_options(_pairs: &[(&str, &str)]) -> Result<(), OptionsError> {
        Ok(())
    }
    fn option_pairs(_options: &()) -> Vec<(String, String)> {
        Vec::new()
    }
    fn new(_options: &()) -> Self {
        TicTacToe::default()
    }
    fn options(&self) -> &() {
        &()
    }
    fn side_to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) {
            Player::P1
        } else {
            Player::P2
        }
    }
    fn side_name(&self, player: Player) -> &'static str {
        ["x", "o"][player.index()]
    }
    fn ply(&self) -> u32 {
        self.ply
    }
    fn legal_moves(&self, out: &mut Vec<u8>) {
        out.clear();
        if !self.status().is_over() {
            out.extend((0..self.cells.len() as u8).filter(|&i| self.cells[i as usize] == 0));
        }
    }
    fn apply(&mut self, mv: u8) {
        let me = self.side_to_move();
        self.cells[mv as usize] = me.index() as u8 + 1;
        self.ply += 1;
        if self.line_through(mv as usize) {
            self.winner = Some(me);
        }
    }
    fn apply_recorded(&mut self, mv: u8, steps: &mut Vec<u8>) {
        steps.push(mv);
        self.apply(mv);
    }
    fn status(&self) -> Status {
        if let Some(winner) = self.winner {
            return Status::Win { winner, reason: "line" };
        }
        if self.ply as usize == self.cells.len() {
            Status::Draw { reason: "full" }
        } else {
            Status::Ongoing
        }
    }
    fn hash_key(&self) -> u64 {
        self.cells.iter().fold(1u64, |h, &c| crate::mix64(h, u64::from(c)))
    }
    fn format_move(&self, mv: &u8) -> String {
        mv.to_string()
    }
    fn parse_move(&self, text: &str) -> Result<u8, NotationError> {
        text.parse().map_err(|_| NotationError::new("not a number"))
    }
    fn render(&self) -> String {
        self.cells.iter().map(|c| ['.', 'x', 'o'][*c as usize]).collect()
    }
    fn counters(&self) -> Vec<Counter> {
        Vec::new()
    }
}

impl Knowledge for TicTacToe {
    const HAS_EVALUATION: bool = true;
    const MOVE_KEYS: usize = 81;

    /// Open lines: lines still winnable by the side to move minus the opponent's.
    fn evaluate(&self) -> f32 {
        if self.n != 3 {
            return 0.0;
        }
        let me = self.side_to_move().index() as u8 + 1;
        let mut v = 0.0;
        for l in LINES {
            let mine = l.iter().filter(|&&i| self.cells[i] == me).count();
            let theirs = l.iter().filter(|&&i| self.cells[i] != 0 && self.cells[i] != me).count();
            if theirs == 0 {
                v += mine as f32 * 0.05;
            }
            if mine == 0 {
                v -= theirs as f32 * 0.05;
            }
        }
        v
    }

    fn move_key(&self, mv: &u8) -> usize {
        *mv as usize
    }
}

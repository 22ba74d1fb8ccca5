//! The [`Game`] trait for Kōnane: options, the side to move, move lists, applying, status and
//! the random move of playouts. Notation and rendering are in `notation.rs`.

use rand::Rng;

use super::bits::Bits;
use super::jumps::{jump_move, random_jump, random_jump_const, random_jump_packed};
use super::moves::{KonaneMove, KonaneStep, Phase};
use super::options::{KonaneOptions, SPECS};
use super::planes::{Board, Geo, Planes, with_planes};
use super::square::{BLACK, WHITE};
use super::state::Konane;
use crate::game::{Counter, Game, NotationError, OptionSpec, OptionsError, Player, Status};

impl Game for Konane {
    type Move = KonaneMove;
    type Step = KonaneStep;
    type Options = KonaneOptions;

    const ID: &'static str = "konane";
    const NAME: &'static str = "Kōnane";
    // The opening removals always have a move; after them the game ends when a jump is lacking.
    const OVER_WHEN_NO_MOVES: bool = true;

    fn option_specs() -> &'static [OptionSpec] {
        &SPECS
    }

    fn parse_options(pairs: &[(&str, &str)]) -> Result<KonaneOptions, OptionsError> {
        let mut options = KonaneOptions::default();
        for &(key, value) in pairs {
            if !key.eq_ignore_ascii_case("size") {
                return Err(OptionsError(format!("konane has no option '{key}'; valid: size")));
            }
            options = KonaneOptions::parse_size(value)?;
        }
        Ok(options)
    }

    fn option_pairs(options: &KonaneOptions) -> Vec<(String, String)> {
        vec![("size".to_string(), options.size_text())]
    }

    fn new(options: &KonaneOptions) -> Self {
        let geo = Geo::of(options);
        let board = if geo.h * geo.s <= u128::CAPACITY {
            Board::Small(Planes::start(geo))
        } else {
            Board::Large(Planes::start(geo))
        };
        let mut k = Konane {
            options: *options,
            board,
            ply: 0,
            hash: 0,
        };
        k.hash = k.compute_hash();
        k
    }

    fn options(&self) -> &KonaneOptions {
        &self.options
    }

    fn side_to_move(&self) -> Player {
        if self.ply.is_multiple_of(2) { BLACK } else { WHITE }
    }

    fn side_name(&self, player: Player) -> &'static str {
        match player {
            Player::P1 => "white",
            Player::P2 => "black",
        }
    }

    fn ply(&self) -> u32 {
        self.ply
    }

    fn legal_moves(&self, out: &mut Vec<KonaneMove>) {
        out.clear();
        let geo = self.geo();
        let phase = self.phase();
        let mover = self.side_to_move().index();
        with_planes!(&self.board, p => match phase {
            Phase::Jumping => p.push_jumps(mover, geo, out),
            _ => out.extend(Planes::bits_of(p.removals(phase, geo)).map(|b| KonaneMove::Remove(geo.square(b)))),
        });
    }

    // Always inlined, like `random_move` and `apply_with`: playout loops in other crates (the
    // engine's bench) otherwise paid a call for each.
    #[inline(always)]
    fn apply(&mut self, mv: KonaneMove) {
        self.apply_with(mv, |_| {});
    }

    fn apply_recorded(&mut self, mv: KonaneMove, steps: &mut Vec<KonaneStep>) {
        self.apply_with(mv, |s| steps.push(s));
    }

    fn status(&self) -> Status {
        let me = self.side_to_move();
        if self.phase() != Phase::Jumping || with_planes!(&self.board, p => p.any_jump(me.index(), self.geo().s)) {
            Status::Ongoing
        } else {
            Status::Win {
                winner: self.side_to_move().other(),
                reason: "no-moves",
            }
        }
    }

    fn hash_key(&self) -> u64 {
        self.hash
    }

    fn format_move(&self, mv: &KonaneMove) -> String {
        self.move_text(mv)
    }

    fn parse_move(&self, text: &str) -> Result<KonaneMove, NotationError> {
        self.read_move(text)
    }

    fn render(&self) -> String {
        self.board_text()
    }

    fn counters(&self) -> Vec<Counter> {
        let removed = |p: Player| match (p, self.ply) {
            (_, 0) => 0,
            (WHITE, 1) => 0,
            _ => 1,
        };
        vec![
            Counter::new("white stones", self.stones(WHITE)),
            Counter::new("black stones", self.stones(BLACK)),
            Counter::new("captured by white", self.lost(BLACK) - removed(BLACK)),
            Counter::new("captured by black", self.lost(WHITE) - removed(WHITE)),
        ]
    }

    fn illegal_reason(&self, mv: &KonaneMove) -> String {
        self.why_illegal(mv).unwrap_or_else(|| "that move is legal".to_string())
    }

    fn is_legal(&self, mv: &KonaneMove) -> bool {
        self.why_illegal(mv).is_none()
    }

    #[inline(always)]
    fn random_move<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<KonaneMove>) -> Option<KonaneMove> {
        if self.phase() != Phase::Jumping {
            return self.random_removal(rng, buf);
        }
        let geo = self.geo();
        let mover = self.side_to_move().index();
        // 8×8 and 6×6 are packed into 64 bits; other common narrow boards get the stride as a
        // constant, which makes the rank shifts cheap and the bit's square a multiplication.
        match &self.board {
            Board::Small(p) => match (geo.w, geo.h) {
                (8, 8) => random_jump_packed::<8, 8, _>(p, mover, rng),
                (6, 6) => random_jump_packed::<6, 6, _>(p, mover, rng),
                _ => match geo.s {
                    7 => random_jump_const::<7, _, _>(p, mover, rng),
                    9 => random_jump_const::<9, _, _>(p, mover, rng),
                    11 => random_jump_const::<11, _, _>(p, mover, rng),
                    s => random_jump(&p.sides(mover), s, rng).map(|j| jump_move(j, s)),
                },
            },
            Board::Large(p) => random_jump(&p.sides(mover), geo.s, rng).map(|j| jump_move(j, geo.s)),
        }
    }
}

impl Konane {
    /// A uniformly random opening removal (twice a game: kept out of the playout loop).
    #[inline(never)]
    fn random_removal<R: Rng + ?Sized>(&self, rng: &mut R, buf: &mut Vec<KonaneMove>) -> Option<KonaneMove> {
        self.legal_moves(buf);
        (!buf.is_empty()).then(|| buf[rng.random_range(0..buf.len())])
    }
}

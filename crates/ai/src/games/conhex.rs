//! ConHex knowledge: the evaluation compares how many more pegs each colour needs to join its
//! sides (a shortest path over cells, an owned cell costing nothing and a free one the pegs it
//! still lacks), the usual measure in connection games.

use std::sync::LazyLock;

use parlour_rules::conhex::{CELLS, ConHex, ConHexMove, HOLES, Side, board};
use parlour_rules::{Game, Player};

use crate::config::{AlphaBetaParams, Budget, MctsParams, SearchConfig};
use crate::knowledge::Knowledge;
use crate::level::{Level, LevelConfig};

/// The Casual level's playouts a move in ConHex: 200. With RAVE the tree search is strong from
/// few playouts: at the generic 1,500 the Casual rated about 820 above the Novice (60 games a
/// pairing, docs/strength.md), at 250 about 580, at 150 about 460.
const CASUAL_PLAYOUTS: u64 = 200;
/// The Strong level's playouts a move in ConHex: 4,000 (about 15 ms here), which rated about
/// halfway between the Casual and the Master (docs/strength.md, "Levels"). At its old 0.8 s
/// (about 120,000 playouts) it rated no better than at 35,000, about 230 below the Master.
const STRONG_PLAYOUTS: u64 = 4_000;

/// "Cannot be reached".
const FAR: u8 = 99;

struct Geometry {
    holes: [u128; CELLS],
    need: [u8; CELLS],
    nbrs: [u64; CELLS],
    /// Cells touching each side, indexed N, S, W, E.
    side: [u64; 4],
}

static GEOMETRY: LazyLock<Geometry> = LazyLock::new(|| {
    let b = board();
    let mut g = Geometry {
        holes: [0; CELLS],
        need: [0; CELLS],
        nbrs: [0; CELLS],
        side: [0; 4],
    };
    for (k, cell) in b.cells.iter().enumerate().take(CELLS) {
        g.holes[k] = cell.holes.iter().fold(0, |m, &h| m | 1u128 << h);
        g.need[k] = cell.need;
        g.nbrs[k] = cell.nbrs.iter().fold(0, |m, &n| m | 1u64 << n);
        for s in &cell.sides {
            let i = match s {
                Side::N => 0,
                Side::S => 1,
                Side::W => 2,
                Side::E => 3,
            };
            g.side[i] |= 1 << k;
        }
    }
    g
});

/// Pegs `colour` still needs to own a chain of cells joining its two sides (0 once joined,
/// `FAR` when no chain is possible any more).
pub fn distance(c: &ConHex, colour: Player) -> u8 {
    let g = &*GEOMETRY;
    let mine = c.peg_mask(colour);
    let theirs = c.peg_mask(colour.other());
    let owned = c.cell_mask(colour);
    let lost = c.cell_mask(colour.other());
    let mut cost = [FAR; CELLS];
    for (k, cost) in cost.iter_mut().enumerate() {
        if owned >> k & 1 == 1 {
            *cost = 0;
        } else if lost >> k & 1 == 0 {
            let have = (g.holes[k] & mine).count_ones() as u8;
            let free = (g.holes[k] & !mine & !theirs).count_ones() as u8;
            if have + free >= g.need[k] {
                *cost = g.need[k] - have;
            }
        }
    }
    let (from, to) = if colour == Player::P1 {
        (g.side[0], g.side[1])
    } else {
        (g.side[2], g.side[3])
    };
    let mut dist = [FAR; CELLS];
    for k in 0..CELLS {
        if from >> k & 1 == 1 {
            dist[k] = cost[k];
        }
    }
    // Bellman-Ford over 41 cells: costs are tiny, a handful of rounds settles it.
    loop {
        let mut changed = false;
        for k in 0..CELLS {
            if cost[k] == FAR {
                continue;
            }
            let mut best = dist[k];
            let mut n = g.nbrs[k];
            while n != 0 {
                let j = n.trailing_zeros() as usize;
                n &= n - 1;
                best = best.min(dist[j].saturating_add(cost[k]));
            }
            if best < dist[k] {
                dist[k] = best;
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    (0..CELLS)
        .filter(|&k| to >> k & 1 == 1)
        .map(|k| dist[k])
        .min()
        .unwrap_or(FAR)
        .min(FAR)
}

impl Knowledge for ConHex {
    const HAS_EVALUATION: bool = true;
    const MOVE_KEYS: usize = HOLES + 1;

    /// Difference of the pegs each side still needs, squashed into `[-1, 1]`.
    fn evaluate(&self) -> f32 {
        let me = self.side_to_move();
        let mine = f32::from(distance(self, me));
        let theirs = f32::from(distance(self, me.other()));
        ((theirs - mine) * 0.25).tanh()
    }

    fn move_key(&self, mv: &ConHexMove) -> usize {
        match *mv {
            ConHexMove::Peg(h) => usize::from(h),
            ConHexMove::Swap => HOLES,
        }
    }

    fn seat_of(&self, colour: Player) -> Player {
        self.colour_seat(colour)
    }

    /// RAVE with little UCT exploration, as in Hex programs: moves (holes) keep much of their
    /// value across positions. Measured in `MEASUREMENTS.md`; the evaluation did not help MCTS.
    fn mcts_params(&self) -> MctsParams {
        MctsParams {
            exploration: 0.2,
            first_play_urgency: 0.6,
            rave: 1000.0,
            ..MctsParams::default()
        }
    }

    fn alphabeta_params(&self) -> AlphaBetaParams {
        AlphaBetaParams::default()
    }

    /// The generic levels, with a smaller Casual ([`CASUAL_PLAYOUTS`]) and the Strong at
    /// [`STRONG_PLAYOUTS`].
    fn level_config(&self, level: Level) -> SearchConfig {
        let mut cfg = level.generic_config(self.mcts_params());
        match level {
            Level::Casual => cfg.budget = Budget::iterations(CASUAL_PLAYOUTS),
            Level::Strong => cfg.budget = Budget::iterations(STRONG_PLAYOUTS),
            _ => {}
        }
        cfg
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tests::*;
    use crate::{Algorithm, Budget, MctsParams, SearchConfig};
    use parlour_rules::conhex::ConHexOptions;
    use parlour_rules::play_text;

    #[test]
    fn distances_follow_the_cheapest_chain() {
        let c = ConHex::new(&ConHexOptions::default());
        // The cheapest chain at the start runs along an edge: five two-hole cells (corners count
        // for both of their sides).
        assert_eq!((distance(&c, Player::P1), distance(&c, Player::P2)), (10, 10));
        let mut c2 = c.clone();
        for mv in ["J3", "D3", "J4"] {
            play_text(&mut c2, mv).unwrap();
        }
        // Blue now owns the J3-J4-J5 edge cell and half of the K1 corner: 1 + 0 + 2 + 2 + 2.
        assert_eq!(distance(&c2, Player::P1), 7);
        assert!(c2.evaluate() < 0.0, "Red to move and behind");
        let mut blocked = c.clone();
        for mv in ["F6", "J3", "F5", "J5", "F7", "J7", "E6", "J9"] {
            play_text(&mut blocked, mv).unwrap();
        }
        // Red owns three cells of Blue's right-hand edge route and half of the other two, so
        // Blue's cheapest chain now runs elsewhere and costs more than before.
        assert!(
            distance(&blocked, Player::P1) >= 8,
            "{}",
            distance(&blocked, Player::P1)
        );
    }

    #[test]
    fn finds_wins_in_one_in_positions_from_play() {
        let positions = win_in_one_positions(|_| ConHex::new(&ConHexOptions::default()), 8, 1);
        assert!(positions.len() >= 8);
        for p in &positions {
            check_win_in_one(p, 100);
        }
    }

    #[test]
    fn never_plays_an_illegal_move() {
        check_legal_over_random_positions(|_| ConHex::new(&ConHexOptions::default()), 1000, 16);
        check_legal_over_random_positions(|_| ConHex::new(&ConHexOptions { swap: false }), 200, 16);
    }

    #[test]
    fn never_plays_an_illegal_move_in_whole_games_with_kept_searchers() {
        check_legal_in_games_with_kept_searchers(&ConHex::new(&ConHexOptions::default()), 12, 300, &[]);
    }

    #[test]
    fn reproducible_and_cancellable() {
        let mut c = ConHex::new(&ConHexOptions::default());
        play_text(&mut c, "E4").unwrap();
        check_reproducible(&c, 400);
        check_cancel_and_move_now(&c);
    }

    #[test]
    fn searches_and_arena_count_seats_across_a_swap() {
        let mut c = ConHex::new(&ConHexOptions::default());
        play_text(&mut c, "F6").unwrap();
        play_text(&mut c, "swap").unwrap();
        // The person who placed F6 (seat P1) now plays Red, which is to move.
        assert_eq!(c.seat_of(Player::P2), Player::P1);
        assert_eq!(crate::knowledge::seat_to_move(&c), Player::P1);
        let cfg = SearchConfig::new(Algorithm::Mcts(MctsParams::default()), Budget::iterations(2000), 1);
        let r = crate::search(&c, &cfg, &crate::StopFlag::new()).unwrap();
        assert!(c.is_legal(&r.best.unwrap()));
    }
}

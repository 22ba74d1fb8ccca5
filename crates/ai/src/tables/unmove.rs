//! The positions one move before a position, within its layer: the moves that neither capture,
//! nor end the game, nor set the apex flag. Those are plain steps, so they are taken back by
//! stepping back: the hunter to a free neighbour, or a soldier to a free neighbour outside the
//! refuge, each kept only where the rules make that step a legal move that stays in the layer.
//! The forward side (which moves leave the layer) is the rules' own move generator; the table's
//! check of every position against its successors proves the two agree.

use parlour_rules::Player;
use parlour_rules::soldiers::{ApexKind, Board, CaptureKind, Point, Rules};

use super::index::{Layout, Pos};

/// The points of a bitmask, lowest first.
fn bits(mut m: u64) -> impl Iterator<Item = Point> {
    std::iter::from_fn(move || {
        (m != 0).then(|| {
            let p = m.trailing_zeros() as Point;
            m &= m - 1;
            p
        })
    })
}

/// True when a pair flanking `at` is all soldiers (and, with `with`, includes that point).
fn flanked(b: &Board, at: Point, soldiers: u64, with: Option<Point>) -> bool {
    b.flanking_pairs(at)
        .iter()
        .any(|&pair| soldiers & pair == pair && with.is_none_or(|s| pair >> s & 1 == 1))
}

/// True when the hunter on `at` has a jump over one of `soldiers`.
fn can_jump(b: &Board, rules: &Rules, at: Point, soldiers: u64) -> bool {
    rules.capture == CaptureKind::Jump
        && b.jumps(at)
            .iter()
            .any(|&(over, land)| soldiers >> over & 1 == 1 && soldiers >> land & 1 == 0)
}

/// Fills `out` with the indices (in `x`'s layer) of the positions from which one move that
/// stays in the layer leads to `x`.
pub(crate) fn predecessors(layout: &Layout, x: &Pos, out: &mut Vec<u64>) {
    out.clear();
    let b = layout.options.variant.board();
    let rules = &layout.rules;
    let (h, s) = (x.hunter, x.soldiers);
    match x.side {
        // The hunter has just stepped onto `h`.
        Player::P2 => {
            let apex_rule = rules.apex && b.apex_kind() == ApexKind::Return;
            let on_apex = b.apex_mask() >> h & 1 == 1;
            let in_refuge = b.refuge_mask() >> h & 1 == 1;
            if rules.capture == CaptureKind::Intervention && flanked(b, h, s, None)
                // Onto an apex without the flag: the step would have set it.
                || apex_rule && on_apex && !x.apex
                // With the flag, a step that ends outside the privy wins.
                || x.apex && !in_refuge
                || b.apex_kind() == ApexKind::Cloister && on_apex && s & b.exit_mask() == 0
            {
                return;
            }
            for q in bits(b.neighbours(h) & !s) {
                if rules.compulsory && can_jump(b, rules, q, s) {
                    continue;
                }
                let p = Pos {
                    hunter: q,
                    side: Player::P1,
                    ..*x
                };
                if let Some((_, i)) = layout.encode(&p) {
                    out.push(i);
                }
            }
        }
        // A soldier has just stepped from `t` onto `from`.
        Player::P1 => {
            let free = b.main_mask() & !s & !(1u64 << h);
            for to in bits(s) {
                if rules.custodian && flanked(b, h, s, Some(to)) {
                    continue;
                }
                for from in bits(b.neighbours(to) & free) {
                    let p = Pos {
                        soldiers: s ^ (1u64 << to) ^ (1u64 << from),
                        side: Player::P2,
                        ..*x
                    };
                    if let Some((_, i)) = layout.encode(&p) {
                        out.push(i);
                    }
                }
            }
        }
    }
}

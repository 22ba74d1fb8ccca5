//! The hunter's view of a Sixteen Soldiers position: captures towards the threshold, the way
//! to an apex, his freedom or (the watchful general) his territory, room and the privy's door,
//! measured by breadth-first walks over the board's bitmasks.

use parlour_rules::soldiers::{ApexKind, Board, Point, Soldiers, Variant};

/// The points next to any point of `points`.
fn neighbourhood(b: &Board, mut points: u64) -> u64 {
    let mut next = 0u64;
    while points != 0 {
        next |= b.neighbours(points.trailing_zeros() as Point);
        points &= points - 1;
    }
    next
}

/// Steps from `from` to the nearest point of `targets`, walking through points not in
/// `blocked`, or `None` when none is reachable within `max` steps (a breadth-first search over
/// bitmasks).
fn steps_to(b: &Board, from: Point, blocked: u64, targets: u64, max: u32) -> Option<u32> {
    let mut seen = 1u64 << from;
    let mut frontier = seen;
    for d in 0..=max {
        if frontier & targets != 0 {
            return Some(d);
        }
        let next = neighbourhood(b, frontier) & !seen & !blocked;
        if next == 0 {
            return None;
        }
        seen |= next;
        frontier = next;
    }
    None
}

/// The general's territory: the points outside the refuge he can reach, through empty points,
/// in fewer steps than any soldier can (soldiers walking through empty points, never into the
/// refuge), as a Tron or Amazons player counts it; and beside it the points he and the nearest
/// soldier reach in the same number of steps, still open to both.
pub(super) fn territory(b: &Board, hunter: Point, soldiers: u64) -> (u32, u32) {
    let refuge = b.refuge_mask();
    let empty = !soldiers & !(1u64 << hunter);
    let (mut g_seen, mut s_seen) = (1u64 << hunter, soldiers);
    let (mut g_front, mut s_front) = (g_seen, soldiers);
    let (mut mine, mut contested) = (0u64, 0u64);
    while g_front != 0 {
        g_front = neighbourhood(b, g_front) & empty & !g_seen;
        s_front = neighbourhood(b, s_front) & empty & !refuge & !s_seen;
        g_seen |= g_front;
        s_seen |= s_front;
        mine |= g_front & !s_seen;
        contested |= g_front & s_front;
    }
    ((mine & !refuge).count_ones(), (contested & !refuge).count_ones())
}

/// The general's room: the empty points outside the refuge he can reach in one or two steps.
pub(super) fn room(b: &Board, hunter: Point, soldiers: u64) -> u32 {
    let empty = !soldiers & !(1u64 << hunter) & !b.refuge_mask();
    let one = b.neighbours(hunter) & empty;
    (one | (neighbourhood(b, one) & empty)).count_ones()
}

/// How close the hunter is to an apex win, in `[0, 1]`: with the seed's apex rule, the way to
/// an apex point and, once one is reached, the way back out of the privy; in Monk and Water the
/// way onto the cloister's apex while the entrance is free. Paths run through empty points only.
pub(super) fn apex_progress(s: &Soldiers) -> f32 {
    let b = s.board();
    let soldiers = s.soldier_mask();
    let h = s.hunter();
    let near = |d: Option<u32>, scale: f32| d.map_or(0.0, |d| (1.0 - d as f32 / scale).max(0.0));
    match b.apex_kind() {
        ApexKind::Return if s.apex_rule_in_force() => {
            if s.apex_reached() {
                let outside = !b.refuge_mask() & !soldiers;
                0.5 + 0.5 * near(steps_to(b, h, soldiers, outside, 4), 4.0)
            } else {
                0.5 * near(steps_to(b, h, soldiers, b.apex_mask(), 8), 8.0)
            }
        }
        ApexKind::Cloister if b.exit_mask() & soldiers == 0 => near(steps_to(b, h, soldiers, b.apex_mask(), 6), 6.0),
        _ => 0.0,
    }
}

/// The watchful general's weights: his territory's share (a contested point counting half),
/// his room (the points within two steps, full at [`FULL_ROOM`]), and the pocket beside the
/// privy's one door (the most at the door, fading to nothing three steps away).
const TERRITORY_WEIGHT: f32 = 1.0;
const ROOM_WEIGHT: f32 = 0.3;
const FULL_ROOM: f32 = 12.0;
pub(super) const DOOR_WEIGHT: f32 = 0.2;
const DOOR_REACH: u32 = 3;

/// The hunter's view: captures made towards the threshold, free points around it, progress
/// towards an apex win, and the danger of being shut in the refuge (exits held by soldiers).
///
/// `watchful` is the general's own judgement where the privy has a single door (boards 2 and
/// 4), used when the general is the side searching at the Strong and Master levels (the weak
/// ones search with the plain `evaluate`, see `AlphaBetaParams::plain_view`): his **territory**
/// (the points he reaches before any soldier can, and half of those he reaches as soon as one)
/// counts, his **room** (the empty points within two steps) less, and the **pocket beside the
/// door** counts against him; the privy's apex does not pull him. Read from the games he lost
/// there against plain UCT: every pin ended in the top row beside the one door, where he had
/// shuffled with four free neighbours and no territory left to lose, so neither term told one
/// point from another, while the soldiers walled him in several moves beyond his horizon
/// (`JOURNAL.md`, seventeenth and twenty-fourth sessions). Behind three doors (boards 1
/// and 3) the apex is a way to win, and the plain view keeps it. The soldiers always judge
/// plainly: with the territory term they herd the general so well that the fair sets stop being
/// fair (`JOURNAL.md`, thirteenth, sixteenth and seventeenth sessions).
pub(super) fn hunter_view(s: &Soldiers, watchful: bool) -> f32 {
    let b = s.board();
    let start = b.soldier_starts().len() as f32;
    let need = (start - s.threshold() as f32).max(1.0);
    let captured = start - s.soldier_count() as f32;
    let mut v = (2.0 * captured / need - 1.0) * 0.7;
    if watchful {
        // The empty points outside the refuge (soldiers never stand in it).
        let hunter_outside = u32::from(!b.is_refuge(s.hunter()));
        let empty = (b.len() as u32 - b.refuge_mask().count_ones() - s.soldier_count() - hunter_outside).max(1);
        let (mine, contested) = territory(b, s.hunter(), s.soldier_mask());
        let share = (mine as f32 + 0.5 * contested as f32) / empty as f32;
        let room = (room(b, s.hunter(), s.soldier_mask()) as f32 / FULL_ROOM).min(1.0);
        let door = steps_to(b, s.hunter(), b.refuge_mask(), b.exit_mask(), DOOR_REACH).unwrap_or(DOOR_REACH);
        v += (share - 0.5) * TERRITORY_WEIGHT + (room - 0.5) * ROOM_WEIGHT
            - DOOR_WEIGHT * (1.0 - door as f32 / DOOR_REACH as f32);
    } else {
        let free = (b.neighbours(s.hunter()) & !s.soldier_mask()).count_ones() as f32;
        let freedom = free.min(4.0) / 4.0;
        v += (freedom - 0.5) * 0.6 + 0.5 * apex_progress(s);
    }
    if b.is_refuge(s.hunter()) {
        let exits = b.exit_mask();
        let held = (exits & s.soldier_mask()).count_ones() as f32;
        v -= 0.4 * held / exits.count_ones().max(1) as f32;
    }
    v
}

/// Boards 2 and 4: the privy has one door (Monk and Water's cloister is another matter).
pub(super) fn one_door(s: &Soldiers) -> bool {
    let b = s.board();
    b.exit_mask().count_ones() == 1 && b.variant() != Variant::Monk
}

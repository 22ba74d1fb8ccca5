//! Playing from the keyboard: the arrow keys move a cursor over the board's spots (to the
//! nearest spot in that direction as the camera sees the board), Enter or Space clicks the spot
//! under it (not in the replay, where the arrows step through the moves). The cursor is drawn as the hover highlight, so the board shows it
//! exactly where the mouse would.

use bevy::prelude::*;

use crate::games::parts::Token;
use crate::play::board::Spot;
use crate::play::messages::MoveInput;
use crate::schedule::GameSet;
use crate::state::Review;
use crate::state::Screen;
use crate::table::picking::Hovered;
use crate::theme::keyboard::DialogUp;

/// The spot under the keyboard cursor, when the keyboard has been used.
#[derive(Resource, Default, Debug)]
pub struct KeyCursor(pub Option<u16>);

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<KeyCursor>()
        .add_systems(OnEnter(Screen::Playing), |mut c: ResMut<KeyCursor>| c.0 = None)
        .add_systems(Update, steer.in_set(GameSet::Input).run_if(in_state(Screen::Playing)));
}

/// The spot nearest `from` in the screen direction `dir` (x right, y up): the one with the
/// best mix of being ahead and being close, among those ahead by more than they are aside.
pub fn next_spot(from: Vec2, dir: Vec2, spots: &[(u16, Vec2)]) -> Option<u16> {
    spots
        .iter()
        .filter_map(|&(id, p)| {
            let d = p - from;
            let ahead = d.dot(dir);
            let aside = d.perp_dot(dir).abs();
            (ahead > 1e-3 && aside <= ahead * 1.5).then_some((id, ahead + 2.0 * aside))
        })
        .min_by(|a, b| a.1.total_cmp(&b.1))
        .map(|(id, _)| id)
}

fn steer(
    keys: Res<ButtonInput<KeyCode>>,
    mut cursor: ResMut<KeyCursor>,
    mut hovered: ResMut<Hovered>,
    spots: Query<(&Spot, &GlobalTransform)>,
    cams: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
    mut out: MessageWriter<MoveInput>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
    dialog: Option<Res<DialogUp>>,
    review: Option<Res<Review>>,
) {
    // A dialog over the table (the pause menu, the rules, a walkthrough) has the keys, and in
    // the replay they step through the moves (`hud::review`).
    let reviewing = review.is_some_and(|r| r.0);
    if egui_wants.is_some_and(|w| w.wants_any_keyboard_input()) || dialog.is_some_and(|d| d.0) || reviewing {
        return;
    }
    let dir = [
        (KeyCode::ArrowRight, Vec2::X),
        (KeyCode::ArrowLeft, -Vec2::X),
        (KeyCode::ArrowUp, Vec2::Y),
        (KeyCode::ArrowDown, -Vec2::Y),
    ]
    .into_iter()
    .find(|(k, _)| keys.just_pressed(*k))
    .map(|(_, d)| d);
    if let Some(dir) = dir {
        let Some((cam, cam_tf)) = cams.iter().next() else {
            return;
        };
        // Spots where the camera sees them (screen y grows downwards; flip it so up is up).
        let on_screen: Vec<(u16, Vec2)> = spots
            .iter()
            .filter_map(|(s, tf)| {
                let v = cam.world_to_viewport(cam_tf, tf.translation()).ok()?;
                Some((s.id, Vec2::new(v.x, -v.y)))
            })
            .collect();
        let at = cursor
            .0
            .and_then(|id| on_screen.iter().find(|(s, _)| *s == id).map(|(_, p)| *p));
        cursor.0 = match at {
            Some(p) => next_spot(p, dir, &on_screen).or(cursor.0),
            // The first press puts the cursor on the spot nearest the middle of the board.
            None => {
                let mid = on_screen.iter().map(|(_, p)| *p).sum::<Vec2>() / on_screen.len().max(1) as f32;
                on_screen
                    .iter()
                    .min_by(|a, b| (a.1 - mid).length().total_cmp(&(b.1 - mid).length()))
                    .map(|(id, _)| *id)
            }
        };
        hovered.0 = cursor.0;
    }
    if let Some(id) = cursor.0
        && (keys.just_pressed(KeyCode::Enter) || keys.just_pressed(KeyCode::Space))
    {
        out.write(MoveInput::Click(Token::Spot(id)));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arrows_go_to_the_nearest_spot_that_way() {
        // A 3×3 grid, 10 apart, on screen.
        let spots: Vec<(u16, Vec2)> = (0..9u16)
            .map(|i| (i, Vec2::new(f32::from(i % 3) * 10.0, f32::from(i / 3) * 10.0)))
            .collect();
        let centre = Vec2::new(10.0, 10.0);
        assert_eq!(next_spot(centre, Vec2::X, &spots), Some(5));
        assert_eq!(next_spot(centre, -Vec2::X, &spots), Some(3));
        assert_eq!(next_spot(centre, Vec2::Y, &spots), Some(7));
        assert_eq!(next_spot(centre, -Vec2::Y, &spots), Some(1));
        // Nothing further right of the right edge: the cursor stays.
        assert_eq!(next_spot(Vec2::new(20.0, 10.0), Vec2::X, &spots), None);
        // A hex-like offset row still counts as "right".
        let offset = [(0, Vec2::ZERO), (1, Vec2::new(10.0, 4.0)), (2, Vec2::new(3.0, 30.0))];
        assert_eq!(next_spot(Vec2::ZERO, Vec2::X, &offset), Some(1));
    }
}

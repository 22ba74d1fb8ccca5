//! Words on and around the table: coordinate labels that follow their points on the board as
//! the camera moves, and the window's title.

use bevy::prelude::*;

use crate::play::board::{Match, Tabletop};
use crate::state::Screen;

/// A label that follows a point on the table.
#[derive(Component)]
pub struct WorldLabel(pub Vec3);

/// Puts up a label for each point and its text, in `font`.
pub(super) fn spawn_labels(commands: &mut Commands, font: &Handle<Font>, labels: Vec<(Vec3, String)>) {
    for (pos, text) in labels {
        commands.spawn((
            Tabletop,
            WorldLabel(pos),
            Text::new(text),
            TextFont {
                font: font.clone().into(),
                font_size: FontSize::Px(18.0),
                ..default()
            },
            TextColor(Color::srgb(0.95, 0.92, 0.85)),
            Node {
                position_type: PositionType::Absolute,
                ..default()
            },
            Pickable::IGNORE,
        ));
    }
}

/// Keeps each label over its point as the camera sees it.
pub(super) fn place_labels(
    mut labels: Query<(&WorldLabel, &mut Node, &ComputedNode)>,
    cams: Query<(&Camera, &GlobalTransform), With<Camera3d>>,
) {
    let Some((cam, gt)) = cams.iter().next() else { return };
    for (label, mut node, computed) in &mut labels {
        if let Ok(v) = cam.world_to_viewport(gt, label.0) {
            let size = computed.size() * computed.inverse_scale_factor();
            let (left, top) = (px(v.x - size.x / 2.0), px(v.y - size.y / 2.0));
            // Written only when they move: a changed node makes the UI lay itself out again.
            if node.left != left || node.top != top {
                node.left = left;
                node.top = top;
            }
        }
    }
}

/// The window's title names the game on the table ("Parlour — Kōnane"), or just "Parlour".
pub(super) fn window_title(
    m: Option<Res<Match>>,
    screen: Res<State<Screen>>,
    mut windows: Query<&mut Window, With<bevy::window::PrimaryWindow>>,
) {
    let Ok(mut window) = windows.single_mut() else { return };
    let title = match (&m, screen.get()) {
        (Some(m), Screen::Playing | Screen::Results) => format!("Parlour — {}", m.0.title()),
        _ => "Parlour".to_string(),
    };
    if window.title != title {
        window.title = title;
    }
}

//! Which layout the screen gets, decided by the window's size and orientation (not by the
//! platform): a desktop's side window, a narrow portrait screen's bar and sheet, or a short
//! landscape screen's column. Also whether a keyboard or a finger has been used, so keyboard
//! hints show only to a player who has a keyboard.

use bevy::prelude::*;
use bevy::window::PrimaryWindow;

/// The kind of layout a screen of some size gets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum LayoutKind {
    /// Wide enough for the side window beside the board: today's layout.
    #[default]
    Desktop,
    /// Taller than wide and narrow (a phone, a small tablet upright): the board fills the
    /// width, a compact bar at the top, the rest in a sheet that slides up.
    Portrait,
    /// Short and wide (a phone on its side): the board whole in the middle, the bar in a
    /// column at the left, the sheet from the bottom.
    Landscape,
}

impl LayoutKind {
    /// The layout for a screen of `width` × `height` logical (CSS) pixels.
    pub fn of(width: f32, height: f32) -> LayoutKind {
        if width <= 0.0 || height <= 0.0 {
            LayoutKind::Desktop
        } else if height > width && width < 820.0 {
            LayoutKind::Portrait
        } else if height < 540.0 || width < 700.0 {
            LayoutKind::Landscape
        } else {
            LayoutKind::Desktop
        }
    }
}

/// The layout in force and the screen it was decided for (logical pixels).
#[derive(Resource, Clone, Copy, Debug, Default, PartialEq)]
pub struct Layout {
    /// Which layout.
    pub kind: LayoutKind,
    /// The window's width.
    pub width: f32,
    /// The window's height.
    pub height: f32,
}

impl Layout {
    /// A layout for a small screen (a bar and a sheet instead of the side window).
    pub fn compact(&self) -> bool {
        self.kind != LayoutKind::Desktop
    }

    /// The widest a window over the table may be here, leaving `margin` on each side.
    pub fn max_width(&self, wanted: f32, margin: f32) -> f32 {
        if self.width <= 0.0 {
            wanted
        } else {
            wanted.min(self.width - 2.0 * margin).max(120.0)
        }
    }
}

/// What the player has used: a keyboard (keyboard hints are shown) or a touch screen.
#[derive(Resource, Clone, Copy, Debug, PartialEq, Eq)]
pub struct InputSeen {
    /// A key has been pressed (on the desktop a keyboard is taken for granted).
    pub keyboard: bool,
    /// A finger has touched the screen.
    pub touch: bool,
}

impl Default for InputSeen {
    fn default() -> Self {
        InputSeen {
            keyboard: !cfg!(target_arch = "wasm32"),
            touch: false,
        }
    }
}

/// A button's label with its shortcut, "Rules (F1)", once a keyboard has been used; "Rules"
/// before.
pub fn with_key(seen: &InputSeen, label: &str, key: &str) -> String {
    if seen.keyboard {
        format!("{label} ({key})")
    } else {
        label.to_string()
    }
}

// Read by the browser build's page state only.
/// The controls a script may look for on the page by name (the browser test taps them as a
/// finger would): where each was drawn in the last pass.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub const TARGETS: [&str; 10] = [
    "new-game",
    "start",
    "sheet",
    "title-screen",
    "review",
    "graph",
    "lobby-seek",
    "lobby-accept",
    "lobby-leaderboards",
    "player-review",
];

/// Notes where the control `name` (one of [`TARGETS`]) was drawn this pass.
pub fn mark_target(ctx: &bevy_egui::egui::Context, name: &'static str, rect: bevy_egui::egui::Rect) {
    let pass = ctx.cumulative_pass_nr();
    ctx.data_mut(|d| d.insert_temp(bevy_egui::egui::Id::new(("parlour-target", name)), (rect, pass)));
}

/// The controls of [`TARGETS`] drawn in the last pass or this one, with where.
#[cfg_attr(not(target_arch = "wasm32"), allow(dead_code))]
pub fn targets(ctx: &bevy_egui::egui::Context) -> Vec<(&'static str, bevy_egui::egui::Rect)> {
    let pass = ctx.cumulative_pass_nr();
    TARGETS
        .iter()
        .filter_map(|name| {
            let id = bevy_egui::egui::Id::new(("parlour-target", *name));
            let (rect, at) = ctx.data(|d| d.get_temp::<(bevy_egui::egui::Rect, u64)>(id))?;
            (at + 1 >= pass).then_some((*name, rect))
        })
        .collect()
}

/// For tests that draw a window once: where the last pass put what a finger or a mouse can
/// press (every enabled widget that senses a click).
#[cfg(test)]
pub fn taps(ctx: &bevy_egui::egui::Context) -> Vec<bevy_egui::egui::Rect> {
    ctx.viewport(|v| {
        v.prev_pass
            .widgets
            .layers()
            .flat_map(|(_, ws)| ws.iter())
            .filter(|w| w.enabled && w.sense.senses_click())
            .map(|w| w.interact_rect)
            .collect()
    })
}

pub(crate) fn plugin(app: &mut App) {
    app.init_resource::<Layout>()
        .init_resource::<InputSeen>()
        .add_systems(PreUpdate, (decide_layout, note_input));
}

fn decide_layout(windows: Query<&Window, With<PrimaryWindow>>, mut layout: ResMut<Layout>) {
    let Ok(w) = windows.single() else { return };
    let (width, height) = (w.width(), w.height());
    let now = Layout {
        kind: LayoutKind::of(width, height),
        width,
        height,
    };
    layout.set_if_neq(now);
}

fn note_input(keys: Res<ButtonInput<KeyCode>>, touches: Res<Touches>, mut seen: ResMut<InputSeen>) {
    let now = InputSeen {
        keyboard: seen.keyboard || keys.get_just_pressed().next().is_some(),
        touch: seen.touch || touches.any_just_pressed(),
    };
    seen.set_if_neq(now);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_layout_follows_the_screens_size_and_orientation() {
        assert_eq!(LayoutKind::of(1280.0, 800.0), LayoutKind::Desktop);
        assert_eq!(LayoutKind::of(1920.0, 1080.0), LayoutKind::Desktop);
        // Phones upright and on their side, a small tablet upright and on its side.
        assert_eq!(LayoutKind::of(390.0, 844.0), LayoutKind::Portrait);
        assert_eq!(LayoutKind::of(844.0, 390.0), LayoutKind::Landscape);
        assert_eq!(LayoutKind::of(768.0, 1024.0), LayoutKind::Portrait);
        assert_eq!(LayoutKind::of(1024.0, 768.0), LayoutKind::Desktop);
        assert_eq!(LayoutKind::of(0.0, 0.0), LayoutKind::Desktop);
    }

    #[test]
    fn a_control_marked_this_pass_or_the_last_is_a_target_then_it_is_gone() {
        use bevy_egui::egui;
        let ctx = egui::Context::default();
        let rect = egui::Rect::from_min_size(egui::pos2(10.0, 20.0), egui::vec2(44.0, 44.0));
        let pass = |mark: bool| {
            let mut seen = Vec::new();
            crate::theme::keyboard::tests::pass(&ctx, &[], |ui| {
                if mark {
                    mark_target(ui.ctx(), "sheet", rect);
                }
                seen = targets(ui.ctx());
            });
            seen
        };
        assert_eq!(pass(true), vec![("sheet", rect)]);
        assert_eq!(pass(false), vec![("sheet", rect)], "drawn in the last pass");
        assert_eq!(pass(false), vec![], "not drawn for two passes");
    }

    #[test]
    fn key_hints_only_once_a_keyboard_is_seen() {
        let mut seen = InputSeen {
            keyboard: false,
            touch: true,
        };
        assert_eq!(with_key(&seen, "Rules", "F1"), "Rules");
        seen.keyboard = true;
        assert_eq!(with_key(&seen, "Rules", "F1"), "Rules (F1)");
    }
}

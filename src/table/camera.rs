//! The camera: orbits with the right mouse button, zooms with the wheel, resets (C) and
//! switches to top-down (T). Each game gets a framing that shows its whole board.

use bevy::input::mouse::{AccumulatedMouseMotion, AccumulatedMouseScroll};
use bevy::prelude::*;

use crate::schedule::GameSet;

/// Where the camera looks from.
#[derive(Resource, Clone, Copy, Debug)]
pub struct OrbitCam {
    /// Angle around the vertical axis.
    pub yaw: f32,
    /// Angle above the table.
    pub pitch: f32,
    /// Distance from the target.
    pub dist: f32,
    /// The point looked at.
    pub target: Vec3,
    /// The framing to reset to.
    pub home: (f32, f32, f32, Vec3),
    /// True when a reset looks straight down (the camera-mode setting).
    pub top_down_home: bool,
}

impl Default for OrbitCam {
    fn default() -> Self {
        let home = (0.0, 0.95, 11.0, Vec3::ZERO);
        OrbitCam {
            yaw: home.0,
            pitch: home.1,
            dist: home.2,
            target: home.3,
            home,
            top_down_home: false,
        }
    }
}

impl OrbitCam {
    /// Frames the board of a game and makes that the home view.
    pub fn frame(&mut self, game: &str) {
        use parlour_rules::GameId;
        self.home = match GameId::parse(game).unwrap_or(GameId::Soldiers) {
            // Targets sit right of the board's centre so the HUD on the right covers no piece.
            GameId::Kansho => (0.0, 1.05, 10.0, Vec3::new(1.2, -0.4, 0.3)),
            GameId::Konane => (0.0, 0.95, 10.0, Vec3::new(1.2, 0.0, 0.3)),
            GameId::ConHex => (0.0, 1.0, 9.6, Vec3::new(1.2, 0.0, 0.3)),
            GameId::Qyshinsu => (0.0, 1.0, 13.0, Vec3::new(1.9, 0.0, 0.6)),
            GameId::Soldiers => (0.0, 0.98, 10.8, Vec3::new(1.2, 0.0, 0.4)),
        };
        self.reset();
    }

    /// A three-quarter view of a board whose cloth mat has half-size `half` (x, z), filling a
    /// view of `aspect` (width / height): the new-game chooser's pictures. Home too.
    pub fn frame_card(&mut self, half: Vec2, aspect: f32) {
        const PITCH: f32 = 1.05;
        // Bevy's default vertical field of view is 45 degrees; seen at PITCH, the mat's depth
        // shrinks by sin(PITCH).
        let tan = (std::f32::consts::FRAC_PI_4 / 2.0).tan();
        let dist = (half.y * PITCH.sin() / tan).max(half.x / (tan * aspect)) * 0.95;
        self.home = (0.0, PITCH, dist, Vec3::ZERO);
        self.reset();
    }

    /// Back to the home view.
    pub fn reset(&mut self) {
        (self.yaw, self.pitch, self.dist, self.target) = self.home;
        if self.top_down_home {
            self.pitch = TOP_DOWN;
        }
    }

    /// Straight down on the board, or back.
    pub fn toggle_top_down(&mut self) {
        if self.pitch > 1.5 {
            self.pitch = self.home.1;
        } else {
            self.pitch = TOP_DOWN;
            self.yaw = 0.0;
        }
    }

    fn transform(&self) -> Transform {
        let off = Vec3::new(
            self.dist * self.pitch.cos() * self.yaw.sin(),
            self.dist * self.pitch.sin(),
            self.dist * self.pitch.cos() * self.yaw.cos(),
        );
        Transform::from_translation(self.target + off).looking_at(self.target, Vec3::Y)
    }
}

/// How much of the window's left side a window over the table covers (physical pixels): the
/// review's. The camera's picture is shifted right by half of it (a lens shift through Bevy's
/// sub-view, so picking and the keyboard cursor see the same picture) and the board stays clear.
#[derive(Resource, Default, Clone, Copy, Debug, PartialEq)]
pub struct ViewInset {
    /// The left strip covered.
    pub left: f32,
}

/// The pitch of the top-down view (just short of vertical, so "up" stays defined).
const TOP_DOWN: f32 = 1.5607;

pub(super) fn plugin(app: &mut App) {
    app.init_resource::<OrbitCam>()
        .init_resource::<ViewInset>()
        .add_systems(Startup, spawn_camera)
        .add_systems(Update, control.in_set(GameSet::Input))
        .add_systems(Update, (apply, shift).in_set(GameSet::Present));
}

fn spawn_camera(mut commands: Commands, cam: Res<OrbitCam>) {
    commands.spawn((Camera3d::default(), cam.transform()));
}

fn control(
    mut cam: ResMut<OrbitCam>,
    buttons: Res<ButtonInput<MouseButton>>,
    keys: Res<ButtonInput<KeyCode>>,
    motion: Res<AccumulatedMouseMotion>,
    scroll: Res<AccumulatedMouseScroll>,
    egui_wants: Option<Res<bevy_egui::input::EguiWantsInput>>,
) {
    let (pointer, keyboard) = egui_wants
        .map(|w| (w.wants_any_pointer_input(), w.wants_any_keyboard_input()))
        .unwrap_or_default();
    if !pointer {
        if buttons.pressed(MouseButton::Right) || buttons.pressed(MouseButton::Middle) {
            cam.yaw -= motion.delta.x * 0.008;
            cam.pitch = (cam.pitch + motion.delta.y * 0.006).clamp(0.15, 1.5607);
        }
        if scroll.delta.y != 0.0 {
            cam.dist = (cam.dist * (1.0 - scroll.delta.y * 0.08)).clamp(4.0, 30.0);
        }
    }
    if !keyboard {
        if keys.just_pressed(KeyCode::KeyC) {
            cam.reset();
        }
        if keys.just_pressed(KeyCode::KeyT) {
            cam.toggle_top_down();
        }
    }
}

fn apply(cam: Res<OrbitCam>, mut q: Query<&mut Transform, With<Camera3d>>) {
    if !cam.is_changed() {
        return;
    }
    for mut tf in &mut q {
        *tf = cam.transform();
    }
}

/// Shifts the picture right by half the strip a window covers on the left (see [`ViewInset`]).
fn shift(
    inset: Res<ViewInset>,
    windows: Query<&Window, With<bevy::window::PrimaryWindow>>,
    mut cams: Query<&mut Camera, With<Camera3d>>,
) {
    let Ok(window) = windows.single() else { return };
    let (w, h) = (window.physical_width(), window.physical_height());
    let want = (inset.left >= 1.0 && w > 0 && h > 0).then(|| bevy::camera::SubCameraView {
        full_size: UVec2::new(w + inset.left.round() as u32, h),
        offset: Vec2::ZERO,
        size: UVec2::new(w, h),
    });
    for mut cam in &mut cams {
        if cam.sub_camera_view != want {
            cam.sub_camera_view = want;
        }
    }
}
